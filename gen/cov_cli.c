/*
** `gred cov DIR...`: coverage metrics of the .onnx models in directories
** (or single files), as defined in gen/cov.c.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cov.h"

static const char cov_usage[] =
	"usage: gred cov DIR|FILE...\n"
	"\n"
	"Prints the coverage metrics of the graph-fuzzing papers (OTC, IDC,\n"
	"ODC, SEC, DEC, SPC, NOP, NOO, NOT) over the .onnx models given, or\n"
	"found directly in the directories given.\n";

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_dir(cov *c, const char *dir, gred_error *e)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int rc = 0;

	if (!d)
		return gred_errorf(e, "%s: cannot open directory", dir);
	while ((de = readdir(d))) {
		if (strcmp(path_ext(de->d_name), "onnx"))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[n++] = xasprintf("%s/%s", dir, de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		if (rc == 0 && cov_add_file(c, names[i], e) < 0)
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

int cov_main(int argc, char **argv)
{
	cov *c;
	gred_buf out = {0};
	gred_error e;
	struct stat st;
	int i, rc = 0;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(cov_usage, stdout);
		return 0;
	}
	if (argc < 2) {
		fputs(cov_usage, stderr);
		return 2;
	}
	c = cov_new();
	for (i = 1; i < argc && rc == 0; i++) {
		if (stat(argv[i], &st) < 0)
			rc = gred_errorf(&e, "%s: no such file or directory", argv[i]);
		else if (S_ISDIR(st.st_mode))
			rc = add_dir(c, argv[i], &e);
		else
			rc = cov_add_file(c, argv[i], &e);
	}
	if (rc < 0) {
		cov_free(c);
		return cli_fail("%s", e.msg);
	}
	cov_report(c, &out);
	fwrite(out.data, 1, out.len, stdout);
	buf_free(&out);
	cov_free(c);
	return 0;
}

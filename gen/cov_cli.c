/*
** `gred cov DIR...`: coverage metrics of the .onnx models in directories
** (or single files), as defined in gen/cov.c.
*/
#include <dirent.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_opts.h"
#include "cov.h"

typedef struct cov_cli {
	int json;
} cov_cli;

static const cli_opt cov_opts[] = {
	CLI_OPT_FLAG("json", 0, offsetof(cov_cli, json),
		"one JSON object: the metrics as fractions (otc...dec)\n"
		"and counts"),
	CLI_OPT_END
};

static const cli_command cov_command = {
	"cov",
	"cov [OPTIONS] DIR|FILE...",
	"Prints the coverage metrics of the graph-fuzzing papers (OTC, IDC,\n"
	"ODC, SEC, DEC, SPC, NOP, NOO, NOT) over the .onnx models given, or\n"
	"found directly in the directories given.\n",
	cov_opts,
	NULL,
	"gred cov models/\n"
	"gred cov a.onnx b.onnx more-models/\n"
	"gred cov --json models/ > cov.json",
	-1,
};

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

/* The metrics as one JSON object, the same numbers as the text. */
static void report_json(const cov *c, gred_buf *out)
{
	cov_summary s;

	cov_summarize(c, &s);
	buf_printf(out, "{\"models\":%llu,\"otc\":%.6f,\"idc\":%.6f,"
		"\"odc\":%.6f,\"sec\":%.6f,\"dec\":%.6f,\"spc\":%llu,"
		"\"nop\":%llu,\"noo\":%llu,\"not\":%d,\"tensors\":%llu,"
		"\"unknown_ops\":%llu}\n",
		(unsigned long long)s.models, s.otc, s.idc, s.odc, s.sec, s.dec,
		(unsigned long long)s.spc, (unsigned long long)s.nop,
		(unsigned long long)s.nodes, s.op_types,
		(unsigned long long)s.tensors, (unsigned long long)s.unknown_ops);
}

int cov_main(int argc, char **argv)
{
	cov_cli cl = {0};
	cli_args args;
	cov *c;
	gred_buf out = {0};
	gred_error e;
	struct stat st;
	int i, rc = 0;

	if (cli_parse(&args, &cov_command, &cl, argc, argv) < 0) {
		cli_args_free(&args);
		return args.status;
	}
	if (args.noperands < 1) {
		cli_args_free(&args);
		return cli_usage_error(&cov_command, "missing DIR or FILE");
	}
	c = cov_new();
	for (i = 0; i < args.noperands && rc == 0; i++) {
		const char *path = args.operands[i];
		if (stat(path, &st) < 0)
			rc = gred_errorf(&e, "%s: no such file or directory", path);
		else if (S_ISDIR(st.st_mode))
			rc = add_dir(c, path, &e);
		else
			rc = cov_add_file(c, path, &e);
	}
	cli_args_free(&args);
	if (rc < 0) {
		cov_free(c);
		return cli_fail("%s", e.msg);
	}
	if (cl.json)
		report_json(c, &out);
	else
		cov_report(c, &out);
	fwrite(out.data, 1, out.len, stdout);
	buf_free(&out);
	cov_free(c);
	return 0;
}

/*
** bisect_fixture: the fixture builder for bisect's shell tests, so they
** make repositories with libgit2 rather than with git.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "util.h"

static int fail(const char *what)
{
	const git_error *e = git_error_last();

	fprintf(stderr, "bisect_fixture: %s: %s\n", what, e ? e->message : "error");
	return 1;
}

/*
** A whole history from one text file, so a shell test writes it with
** builtins only: "@@commit MESSAGE" starts a commit, "@@file NAME" a
** file whose content is the lines up to the next "@@". Each commit
** lists all its files. Commits go on master, checked out at the end.
*/
static int bundle(const char *dir, const char *path)
{
	git_repository *repo = NULL;
	git_oid oid, prev;
	gred_buf text = {0};
	char hex[GIT_OID_HEXSZ + 1], *msg = NULL, *p, *end;
	const char *paths[64];
	char *contents[64];
	size_t nfiles = 0, i;
	int rc = 0, ncommits = 0;
	FILE *f = fopen(path, "rb");

	if (!f)
		return fail(path);
	for (;;) {
		char chunk[65536];
		size_t n = fread(chunk, 1, sizeof(chunk), f);
		if (n == 0)
			break;
		buf_append(&text, chunk, n);
	}
	fclose(f);
	buf_puts(&text, "@@commit\n");
	if (git_repository_open(&repo, dir) < 0)
		return fail(dir);
	for (p = text.data; rc == 0 && p < text.data + text.len; p = end) {
		end = strchr(p, '\n');
		end = end ? end + 1 : text.data + text.len;
		if (!strncmp(p, "@@file ", 7)) {
			if (nfiles == 64) {
				rc = fail("too many files");
				break;
			}
			paths[nfiles] = xstrndup(p + 7, (size_t)(end - p - 8));
			contents[nfiles++] = xstrdup("");
		} else if (!strncmp(p, "@@commit", 8)) {
			if (msg) {
				if (fixture_commit(&oid, repo, ncommits ? &prev : NULL,
				    ncommits ? 1 : 0, paths, (const char *const *)contents,
				    nfiles, msg) < 0)
					rc = fail(msg);
				else
					puts(git_oid_tostr(hex, sizeof(hex), &oid));
				prev = oid;
				ncommits++;
			}
			for (i = 0; i < nfiles; i++) {
				free((char *)paths[i]);
				free(contents[i]);
			}
			nfiles = 0;
			free(msg);
			msg = end - p > 9 ? xstrndup(p + 9, (size_t)(end - p - 9)) : NULL;
		} else if (nfiles) {
			char *c = contents[nfiles - 1];
			size_t old = strlen(c);
			c = xrealloc(c, old + (size_t)(end - p) + 1);
			memcpy(c + old, p, (size_t)(end - p));
			c[old + (size_t)(end - p)] = '\0';
			contents[nfiles - 1] = c;
		}
	}
	free(msg);
	if (rc == 0 && ncommits && fixture_checkout_branch(repo, "master", &prev) < 0)
		rc = fail("checkout");
	buf_free(&text);
	git_repository_free(repo);
	return rc;
}

int main(int argc, char **argv)
{
	git_repository *repo = NULL;
	git_oid oid;
	char hex[GIT_OID_HEXSZ + 1];
	int rc = 0;

	if (argc < 3 || (strcmp(argv[1], "init") && strcmp(argv[1], "commit") &&
	    strcmp(argv[1], "bundle")) || (strcmp(argv[1], "init") && argc < 4)) {
		fputs("usage: bisect_fixture init DIR\n"
		      "       bisect_fixture commit DIR MESSAGE   (add all, commit, print id)\n"
		      "       bisect_fixture bundle DIR FILE   (a history from FILE, ids printed)\n",
		      stderr);
		return 2;
	}
	git_libgit2_init();
	if (!strcmp(argv[1], "bundle")) {
		rc = bundle(argv[2], argv[3]);
	} else if (!strcmp(argv[1], "init")) {
		if (fixture_init(&repo, argv[2]) < 0)
			rc = fail(argv[2]);
	} else if (git_repository_open(&repo, argv[2]) < 0) {
		rc = fail(argv[2]);
	} else if (fixture_commit_all(&oid, repo, argv[3]) < 0) {
		rc = fail("commit");
	} else {
		puts(git_oid_tostr(hex, sizeof(hex), &oid));
	}
	git_repository_free(repo);
	git_libgit2_shutdown();
	return rc;
}

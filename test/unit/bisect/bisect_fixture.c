/*
** bisect_fixture: the fixture builder for bisect's shell tests, so they
** make repositories with libgit2 rather than with git.
*/
#include <stdio.h>
#include <string.h>

#include "fixture.h"

static int fail(const char *what)
{
	const git_error *e = git_error_last();

	fprintf(stderr, "bisect_fixture: %s: %s\n", what, e ? e->message : "error");
	return 1;
}

int main(int argc, char **argv)
{
	git_repository *repo = NULL;
	git_oid oid;
	char hex[GIT_OID_HEXSZ + 1];
	int rc = 0;

	if (argc < 3 || (strcmp(argv[1], "init") && strcmp(argv[1], "commit")) ||
	    (!strcmp(argv[1], "commit") && argc < 4)) {
		fputs("usage: bisect_fixture init DIR\n"
		      "       bisect_fixture commit DIR MESSAGE   (add all, commit, print id)\n",
		      stderr);
		return 2;
	}
	git_libgit2_init();
	if (!strcmp(argv[1], "init")) {
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

/*
** Builds git repositories for bisect's tests with libgit2: commits from
** file contents, merges, branches; no git binary, no network.
*/
#ifndef GRED_BISECT_FIXTURE_H
#define GRED_BISECT_FIXTURE_H

#include <git2.h>

/* A new repository with a working tree at dir (created if missing). */
int fixture_init(git_repository **out, const char *dir);

/*
** A commit whose tree is its first parent's with the given top-level
** files replaced (content NULL removes the file). The author date is
** the first parent's plus a minute. No ref moves.
*/
int fixture_commit(git_oid *out, git_repository *repo, const git_oid *parents,
	size_t nparents, const char *const *paths, const char *const *contents,
	size_t nfiles, const char *message);

/* Points refs/heads/<branch> at oid, makes it HEAD, and checks it out. */
int fixture_checkout_branch(git_repository *repo, const char *branch,
	const git_oid *oid);

/* `git add -A && git commit -m message` on HEAD of a working tree. */
int fixture_commit_all(git_oid *out, git_repository *repo, const char *message);

#endif

/*
** Test repositories made with libgit2 (see fixture.h): trees from file
** contents, commits with fixed dates, branch checkout.
*/
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fixture.h"

#define FIXTURE_EPOCH 1700000000

int fixture_init(git_repository **out, const char *dir)
{
	mkdir(dir, 0755);
	return git_repository_init(out, dir, 0);
}

static int signature(git_signature **out, git_repository *repo,
	const git_oid *parent)
{
	git_commit *p = NULL;
	git_time_t t = FIXTURE_EPOCH;

	if (parent && git_commit_lookup(&p, repo, parent) == 0)
		t = git_commit_time(p) + 60;
	git_commit_free(p);
	return git_signature_new(out, "Ada Lovelace", "ada@example.com", t, 0);
}

int fixture_commit(git_oid *out, git_repository *repo, const git_oid *parents,
	size_t nparents, const char *const *paths, const char *const *contents,
	size_t nfiles, const char *message)
{
	git_commit *par[8] = {0};
	git_tree *base = NULL, *tree = NULL;
	git_treebuilder *tb = NULL;
	git_signature *sig = NULL;
	git_oid blob, tree_id;
	size_t i;
	int err;

	if (nparents > 8)
		return -1;
	for (i = 0; i < nparents; i++)
		if ((err = git_commit_lookup(&par[i], repo, &parents[i])) < 0)
			goto done;
	if (nparents && (err = git_commit_tree(&base, par[0])) < 0)
		goto done;
	if ((err = git_treebuilder_new(&tb, repo, base)) < 0)
		goto done;
	for (i = 0; i < nfiles; i++) {
		if (!contents[i]) {
			git_treebuilder_remove(tb, paths[i]);
			continue;
		}
		if ((err = git_blob_create_from_buffer(&blob, repo, contents[i],
		    strlen(contents[i]))) < 0 ||
		    (err = git_treebuilder_insert(NULL, tb, paths[i], &blob,
		    GIT_FILEMODE_BLOB)) < 0)
			goto done;
	}
	if ((err = git_treebuilder_write(&tree_id, tb)) < 0 ||
	    (err = git_tree_lookup(&tree, repo, &tree_id)) < 0 ||
	    (err = signature(&sig, repo, nparents ? &parents[0] : NULL)) < 0)
		goto done;
	err = git_commit_create(out, repo, NULL, sig, sig, NULL, message, tree,
		nparents, (const git_commit **)par);
done:
	for (i = 0; i < nparents; i++)
		git_commit_free(par[i]);
	git_signature_free(sig);
	git_tree_free(tree);
	git_tree_free(base);
	git_treebuilder_free(tb);
	return err;
}

int fixture_checkout_branch(git_repository *repo, const char *branch,
	const git_oid *oid)
{
	git_checkout_options co;
	git_reference *ref = NULL;
	char name[256];
	int err;

	snprintf(name, sizeof(name), "refs/heads/%s", branch);
	git_checkout_options_init(&co, GIT_CHECKOUT_OPTIONS_VERSION);
	co.checkout_strategy = GIT_CHECKOUT_FORCE;
	if ((err = git_reference_create(&ref, repo, name, oid, 1, "fixture")) < 0 ||
	    (err = git_repository_set_head(repo, name)) < 0)
		goto done;
	err = git_checkout_head(repo, &co);
done:
	git_reference_free(ref);
	return err;
}

int fixture_commit_all(git_oid *out, git_repository *repo, const char *message)
{
	git_index *idx = NULL;
	git_tree *tree = NULL;
	git_signature *sig = NULL;
	git_commit *parent = NULL;
	git_oid tree_id, head;
	int err, has_head = git_reference_name_to_id(&head, repo, "HEAD") == 0;

	if ((err = git_repository_index(&idx, repo)) < 0 ||
	    (err = git_index_add_all(idx, NULL, 0, NULL, NULL)) < 0 ||
	    (err = git_index_update_all(idx, NULL, NULL, NULL)) < 0 ||
	    (err = git_index_write(idx)) < 0 ||
	    (err = git_index_write_tree(&tree_id, idx)) < 0 ||
	    (err = git_tree_lookup(&tree, repo, &tree_id)) < 0 ||
	    (err = signature(&sig, repo, has_head ? &head : NULL)) < 0)
		goto done;
	if (has_head && (err = git_commit_lookup(&parent, repo, &head)) < 0)
		goto done;
	err = git_commit_create(out, repo, "HEAD", sig, sig, NULL, message, tree,
		has_head ? 1 : 0, (const git_commit **)&parent);
done:
	git_commit_free(parent);
	git_signature_free(sig);
	git_tree_free(tree);
	git_index_free(idx);
	return err;
}


/*
** Inside bisect/: what a session saves between probes, shared by the
** session and the state file; not part of the module's contract.
*/
#ifndef GRED_BISECT_SESSION_H
#define GRED_BISECT_SESSION_H

#include "bisect.h"

/* Everything needed to carry on after a kill. */
typedef struct bisect_saved {
	char *orig_head;        /* "ref refs/heads/x", "oid HEX", or "" (worktree) */
	char *worktree;
	int first_parent, same_crash, repeat;
	double timeout;
	char *build;
	char **test;            /* NULL-terminated */
	size_t ntest;
	git_oid *good;
	size_t ngood;
	git_oid bad;
	char *ref_sig;          /* --same-crash: signature on the bad commit */
	git_oid *probe;
	bisect_verdict *verdict;
	size_t nprobe;
} bisect_saved;

int bisect_state_save(const bisect_saved *st, const char *path, gred_error *e);
int bisect_state_load(bisect_saved *out, const char *path, gred_error *e);
void bisect_saved_add_probe(bisect_saved *st, const git_oid *oid,
	bisect_verdict v);
void bisect_saved_free(bisect_saved *st);

#endif

/*
** Regression bisection over a git history with libgit2: the candidate
** graph, probe choice, running build and test commands, saved state.
*/
#ifndef GRED_BISECT_H
#define GRED_BISECT_H

#include <stddef.h>
#include <git2.h>

#include "util.h"

typedef enum bisect_verdict {
	BISECT_GOOD = 0,
	BISECT_BAD = 1,
	BISECT_SKIP = 2
} bisect_verdict;

const char *bisect_verdict_name(bisect_verdict v);
int bisect_verdict_parse(bisect_verdict *out, const char *s);

/*
** The search: the commits of good..bad in topological order (parents
** before children, so the original bad commit is last), the parents of
** each inside that set, and what the probes said. It knows nothing of
** repositories or processes, so the bisection itself is tested with an
** in-process oracle.
*/
typedef struct bisect_search {
	size_t n;
	git_oid *oid;
	size_t *poff, *par;     /* parents of i: par[poff[i] .. poff[i+1]) */
	unsigned char *flag;    /* BISECT_F_* per commit */
	size_t bad;             /* the newest commit known bad */
	size_t left;            /* live candidates, the bad one included */
	size_t testable;        /* of those, not skipped (after counting) */
	size_t probes, skips;
	size_t *reach, *stack;  /* live ancestors, itself included; scratch */
	unsigned *stamp, epoch;
} bisect_search;

enum {
	BISECT_F_LIVE = 1,      /* still a candidate for the first bad commit */
	BISECT_F_GOOD = 2,      /* tested good, or an ancestor of a good one */
	BISECT_F_SKIP = 4       /* could not be tested */
};

/* Takes ownership of nothing: copies n oids and the parent lists (CSR
** form; every parent index is smaller than its child's). The last
** commit is the bad one. */
int bisect_search_init(bisect_search *out, size_t n, const git_oid *oid,
	const size_t *poff, const size_t *par, gred_error *e);
void bisect_search_free(bisect_search *s);

/* Index of oid in the search, or -1. */
int bisect_search_find(size_t *out, const bisect_search *s, const git_oid *oid);

/* Records a verdict for commit i (counted as a probe). */
int bisect_search_mark(bisect_search *s, size_t i, bisect_verdict v,
	gred_error *e);

/*
** The next commit to probe: the live commit whose count of live
** ancestors (itself included) is closest to half of the live set, as git
** does. Once skipped commits are among the candidates, the untested
** commit with the most expected information: how well it halves, times
** the chance it builds judged by its distance to skipped commits, so
** that a run of unbuildable commits costs a few builds, not one per
** commit. Returns 1 with *out set, or 0 when the
** search is over (see bisect_search_answer).
*/
int bisect_search_next(size_t *out, bisect_search *s);

/* Roughly how many probes are left: ceil(log2(untested live)). */
size_t bisect_search_steps_left(const bisect_search *s);

/*
** When the search is over: the first bad commit, and if skipped commits
** make it ambiguous, all commits it could be (the bad one first). The
** array is xmalloc'ed; *nout is 1 when the answer is unique.
*/
void bisect_search_answer(size_t **out, size_t *nout, const bisect_search *s);

/* Builds the search for good..bad in repo. Without first_parent the
** candidates are the whole DAG reachable from bad and not from any
** good; with it, only bad's first-parent chain. */
int bisect_search_from_repo(bisect_search *out, git_repository *repo,
	const git_oid *good, size_t ngood, const git_oid *bad,
	int first_parent, gred_error *e);

/* --- running commands --- */

/* How a child process ended. */
typedef struct bisect_exit {
	int timed_out;
	int signaled;           /* killed by signal `code` */
	int code;               /* exit status, or the signal */
} bisect_exit;

/* Runs argv (argv[0] looked up in PATH) in dir through the process
** module (util/proc.h: its own group, killed whole at its end, on timeout
** and when gred dies), with stdout and stderr captured into *output (if
** not NULL; at most max_output bytes, head and tail kept) and appended to
** log_fd (if >= 0). timeout <= 0 means none. SIGINT, SIGTERM and SIGHUP
** received meanwhile kill the group and fail with "interrupted". */
int bisect_proc_run(bisect_exit *out, char *const *argv, const char *dir,
	double timeout, gred_buf *output, size_t max_output, int log_fd,
	char *const *extra_env, gred_error *e);

/*
** Turns the test's end into a verdict, as `git bisect run` does: exit 0
** good, 125 skip, 1..127 bad; a crash (SIGSEGV, SIGABRT, SIGBUS, SIGILL,
** SIGFPE, SIGTRAP, SIGSYS) is bad too. Exit >= 128, other signals and
** timeouts are errors. With ref_sig (the signature of the crash on the
** original bad commit), a bad result only counts as bad when the
** output's triage signature is the same; otherwise it is a skip. When
** sig_out is not NULL and the result is bad, it receives the output's
** signature (xmalloc'ed) so the caller can keep the reference.
*/
int bisect_classify(bisect_verdict *out, const bisect_exit *status,
	const char *output, size_t len, const char *ref_sig, char **sig_out,
	gred_error *e);

/* --- a bisection session on a repository --- */

typedef struct bisect_options {
	const char *repo;       /* a path inside the repository */
	const char **good;      /* one or more revisions */
	size_t ngood;
	const char *bad;
	int first_parent;
	int force;              /* start on a dirty tree (changes are lost) */
	int same_crash;
	int repeat;             /* test runs per probe; bad if any run is bad */
	const char *build;      /* shell command, or NULL */
	char **test;            /* argv, NULL-terminated */
	double timeout;         /* seconds per test run, 0 for none */
	const char *worktree;   /* check out here instead of the repository */
	int no_check_ends;      /* do not test good and bad before bisecting */
} bisect_options;

#define BISECT_OPTIONS_INIT { NULL, NULL, 0, NULL, 0, 0, 0, 1, NULL, NULL, 0, NULL, 0 }

/* The defaults, for callers that prefer a function to the macro. */
void bisect_options_init(bisect_options *opts);

typedef struct bisect_session bisect_session;

/* What the session reports as it goes; the CLI decides what to print. */
typedef enum bisect_event_kind {
	BISECT_EV_START,        /* candidates, steps */
	BISECT_EV_REFERENCE,    /* running the test on bad for --same-crash */
	BISECT_EV_ENDPOINT,     /* commit: testing an end (good or bad) first */
	BISECT_EV_PROBE,        /* commit, candidates, steps: about to test */
	BISECT_EV_BUILD,        /* commit: building */
	BISECT_EV_VERDICT       /* commit, verdict */
} bisect_event_kind;

typedef struct bisect_event {
	bisect_event_kind kind;
	const git_oid *commit;
	const char *subject;
	bisect_verdict verdict;
	size_t candidates, steps, probes;
} bisect_event;

typedef void (*bisect_progress_cb)(const bisect_event *ev, void *payload);

/* Starts a new bisection: checks the tree, resolves the revisions,
** records the original HEAD, and saves the state file. */
int bisect_session_start(bisect_session **out, const bisect_options *opts,
	gred_error *e);

/* Continues the bisection saved in the repository at path. */
int bisect_session_resume(bisect_session **out, const char *path,
	gred_error *e);

/* The outcome of a finished bisection. */
typedef struct bisect_result {
	git_oid *commit;        /* the first bad commit, then the skipped
	                           commits that could also be it */
	size_t ncommit;
	size_t probes, skips, candidates;
} bisect_result;

void bisect_result_free(bisect_result *r);

/* Probes until the answer is known. State is saved after every probe.
** A new session first tests its ends (unless opts->no_check_ends): an
** error if bad is not bad or a good one is not good. */
int bisect_session_run(bisect_result *out, bisect_session *s,
	bisect_progress_cb progress, void *payload, gred_error *e);

/* Checks out the original HEAD again (unless --worktree) and, if
** remove_state, deletes the saved state. */
int bisect_session_finish(bisect_session *s, int remove_state, gred_error *e);

/* Probes recorded so far (ends not counted). */
size_t bisect_session_probes(const bisect_session *s);

/* At the end of a bisection: checks out the original HEAD again (unless
** --worktree) and keeps the saved state as the log of the last finished
** bisection, for --log, until --reset or the next start. */
int bisect_session_done(bisect_session *s, gred_error *e);

/* The repository of a session (for describing commits). */
git_repository *bisect_session_repo(bisect_session *s);

void bisect_session_free(bisect_session *s);

/* Appends the saved probes of the bisection in the repository at path,
** one line each, to out: the one in progress, else the last finished
** one (kept until bisect_reset or the next start). */
int bisect_log(gred_buf *out, const char *path, gred_error *e);

/* Restores the original HEAD and deletes the saved state (and the log
** of a finished bisection). */
int bisect_reset(const char *path, gred_error *e);

/* Appends "hash, Author:, Date:, subject" of a commit to out. */
int bisect_describe(gred_buf *out, git_repository *repo, const git_oid *oid,
	int oneline, gred_error *e);

/* Formats the last libgit2 error into e, prefixed by what failed. */
int bisect_git_error(gred_error *e, const char *what);

#endif

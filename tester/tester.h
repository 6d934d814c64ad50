/*
** The interestingness test: runs `TEST [ARGS...] CANDIDATE` by fork/exec in
** a private directory, with a timeout, a results cache and N workers.
*/
#ifndef GRED_TESTER_H
#define GRED_TESTER_H

#include <signal.h>
#include <stddef.h>

#include "util.h"

/* Returned (instead of -1) when the cancel flag was raised mid-run. */
#define TESTER_CANCELLED (-2)
#define TESTER_LATER 2

typedef struct tester_options {
	char *const *argv;      /* TEST [ARGS...], NULL-terminated */
	const char *file_name;  /* the candidate's name in the test directory */
	double timeout;         /* seconds per test; 0 = none */
	int jobs;               /* tests run at once (>= 1) */
	size_t tail_bytes;      /* how much of stdout/stderr results keep */
	int keep_output;        /* keep all of stdout/stderr (up to 16 MB) */
	int max_procs;          /* a test's process group is killed above this */
	volatile sig_atomic_t *cancel; /* set asynchronously (Ctrl-C) to stop */
	/* Absolute paths linked (symbolically, by their base names) into the
	** test directory next to the candidate: files it refers to, such as
	** the side files of an ONNX model's external data. */
	char *const *links;
	size_t nlinks;
} tester_options;

void tester_options_init(tester_options *o);

typedef struct tester_result {
	int interesting;  /* exit status 0 */
	int ran;          /* 0: skipped (an earlier candidate in the batch won) */
	int cached;       /* answered from the cache, nothing ran */
	int timed_out;
	int too_many_procs;
	int status;       /* wait status when it ran and did not time out */
	double seconds;
	char *out, *err;  /* tails (or all with keep_output), NUL-terminated */
	size_t out_len, err_len;
} tester_result;

void tester_result_clear(tester_result *r);

/* Describes a result for a message: "exit status 3", "killed by signal 11
** (SIGSEGV)", "timed out after 2.0 s". */
void tester_result_describe(gred_buf *out, const tester_result *r,
	double timeout);

typedef struct tester_stats {
	unsigned long runs, cache_hits, timeouts;
	/* Wall time while some test ran: from its exec to gred seeing it
	** end (starting and reaping it, writing its file, are gred's). */
	double test_seconds;
} tester_stats;

typedef struct tester tester;

/* Creates the private directories. The test program (and arguments naming
** existing files) are made absolute, since tests run elsewhere. */
int tester_new(tester **out, const tester_options *o, gred_error *e);
void tester_free(tester *t);

void tester_set_timeout(tester *t, double seconds);
const tester_stats *tester_get_stats(const tester *t);

/* Runs one candidate. */
int tester_run(tester *t, tester_result *out, const void *data, size_t len,
	gred_error *e);

/* Runs n candidates, up to `jobs` at a time, started in order. Results come
** back in order in out[0..n). With stop_at_first, once candidate i is known
** interesting, candidates after i are killed or never started (ran = 0),
** while those before i still finish: the first interesting candidate is the
** same whatever `jobs` is. */
int tester_run_batch(tester *t, tester_result *out, const gred_buf *cands,
	size_t n, int stop_at_first, gred_error *e);

/* Makes candidate i into cands[i]: 1, 0 if there is none, or < 0 (an
** error, e set, or TESTER_CANCELLED). TESTER_LATER: none yet, ask again
** soon (within a few milliseconds) while a test still runs: work that
** waits on something else is done a step at a time, between tests'
** ends, never making them wait. */
typedef int (*tester_more_fn)(void *user, gred_buf *cands, size_t i,
	gred_error *e);

/* tester_run_batch on the *count candidates in cands, then on those
** more makes, while the first ones run: it is asked for the next
** whenever the last one has started, until there are max (out and
** cands have room for max) or it has no more, or an earlier one is
** known interesting. *count ends as the number made. */
int tester_run_stream(tester *t, tester_result *out, gred_buf *cands,
	size_t *count, size_t max, int stop_at_first, tester_more_fn more,
	void *user, gred_error *e);

#endif

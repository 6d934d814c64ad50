/*
** The reducer: keeps the smallest interesting version of a file, running
** passes (or line-level ddmin for text that does not parse) to a fixpoint.
*/
#ifndef GRED_REDUCE_H
#define GRED_REDUCE_H

#include <signal.h>
#include <stddef.h>

#include "tester.h"
#include "util.h"

typedef struct reduce_progress {
	size_t orig_bytes, best_bytes;
	const char *pass;
	unsigned long runs;
	double elapsed;
} reduce_progress;

typedef struct reduce_pass_stats {
	const char *name;
	unsigned long runs, accepted;
	size_t bytes_removed;
	double seconds;
} reduce_pass_stats;

#define REDUCE_MAX_PASSES 24

typedef struct reduce_stats {
	tester_stats tests;
	double seconds;          /* wall time of the whole reduction */
	double timeout;          /* the per-test timeout used */
	size_t orig_bytes, final_bytes;
	int text_mode;           /* reduced as text: lines and tokens were cut */
	int interrupted;
	int written;             /* the output holds the smallest file so far */
	size_t npasses;
	reduce_pass_stats passes[REDUCE_MAX_PASSES];
	/* Where gred's own time goes: making candidates (made of them,
	** decided or not), accepting (writing the best, updating the module;
	** accepts of them), and forks of the copy that makes IR candidates. */
	unsigned long made, accepts, maker_forks;
	double make_seconds, accept_seconds;
	/* The copy's own work per IR candidate: clone, pass, verify, print
	** (overlapping tests when asked for ahead). */
	unsigned long maker_answers;
	double maker_seconds;
} reduce_stats;

typedef struct reduce_options {
	const char *input;
	const char *output;      /* NULL: NAME.reduced.EXT next to the input */
	char *const *test_argv;  /* TEST [ARGS...], NULL-terminated */
	double timeout;          /* 0: max(10 s, 10x the first run) */
	int jobs;
	volatile sig_atomic_t *cancel;
	void (*progress)(const reduce_progress *p, void *user);
	/* Called for every candidate decided, in candidate order: the pass,
	** its size and whether it was interesting (NULL: not called). */
	void (*trace)(const char *pass, size_t bytes, int interesting,
		void *user);
	/* Called with a note for the user: the input is reduced as text,
	** most tests time out (NULL: not called). */
	void (*note)(const char *msg, void *user);
	int as_text;             /* reduce the input as text even if it parses */
	const char *recorded;    /* tensor values of the .onnx input (--recorded) */
	void *user;
} reduce_options;

void reduce_options_init(reduce_options *o);

/* The default output path for input: NAME.reduced.EXT beside it. */
char *reduce_default_output(const char *input);

/* Reduces o->input into the output file, written atomically after every
** improvement. The input is loaded before any test runs: a .onnx file that
** is not a model is an error unless o->as_text; a .mlir file that does not
** parse is cut as text until it does (both with a note). Returns 0, -1
** with e set, or TESTER_CANCELLED (the best so far is on disk; out is
** filled in either case once reduction started). */
int reduce_run(reduce_stats *out, const reduce_options *o, gred_error *e);

#endif

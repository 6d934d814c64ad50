/*
** The state of one running campaign, shared by its loop (campaign.c),
** the filing of findings (finding.c) and the work on buckets (bucket.c).
*/
#ifndef GRED_FUZZ_CAMPAIGN_H
#define GRED_FUZZ_CAMPAIGN_H

#include "fuzz.h"
#include "gen.h"

/* A bucket's first case being reduced by a child `gred reduce`. */
typedef struct fuzz_reducer {
	char id[17];
	proc p;
	int running;
	double started;
} fuzz_reducer;

#define FUZZ_MAX_REDUCERS 64

typedef struct fuzz_campaign {
	const fuzz_options *o;
	fuzz_target target;
	char *dir;              /* absolute */
	char *tmp;              /* DIR/.gred/tmp: models being run */
	triage_store *store;
	fuzz_counts counts;
	char **pending;         /* ids of buckets waiting to be reduced */
	size_t npending;
	fuzz_reducer reducers[FUZZ_MAX_REDUCERS];
	int nreducers;          /* reducers that may run at once */
	char **filed;           /* case paths filed before a resume, sorted */
	size_t nfiled;
	long buckets, reduced, bisected;
	int report_only;        /* --report: no runs of the target */
	int tty;                /* stderr is a terminal: a live progress line */
	int progress_shown;     /* a progress line is on the terminal */
	gen *guide;             /* the one generator of a guided campaign */
	unsigned char *made_bucket; /* per model: it opened a new bucket */
	size_t nmade;
	long fed;               /* models whose results the guide has */
	volatile sig_atomic_t *stop;
} fuzz_campaign;

/* The generator options for a campaign's model with this seed. */
int fuzz_gen_options(gen_options *go, const fuzz_options *o, uint64_t seed,
	gred_error *e);

/* Files the finding of model k (its bytes in data) into the store; the
** first case of a new bucket gets its directory and joins the queue. */
int fuzz_finding_file(fuzz_campaign *c, long k, const char *data, size_t len,
	const fuzz_verdict *v, gred_error *e);

/* Paths in a bucket's directory (malloc'd). */
char *fuzz_bucket_path(const fuzz_campaign *c, const char *id,
	const char *name);

/* Starts reducing the bucket's best case with its test.sh. */
int fuzz_bucket_reduce(fuzz_campaign *c, fuzz_reducer *r, const char *id,
	int jobs, gred_error *e);

/* Completes a bucket: files its reduced case, writes reduced.mlir,
** graph.svg and report.md. interrupted: the
** reduction was cut short (the report says so; --resume goes on). */
int fuzz_bucket_finish(fuzz_campaign *c, const char *id, int interrupted,
	gred_error *e);

/* Bisects a finished bucket (--bisect) unless it was: bisect.out holds
** gred bisect's answer, first_bad.txt the commit; the report is redone. */
int fuzz_bucket_bisect(fuzz_campaign *c, const char *id, gred_error *e);

/* Rewrites DIR/index.json and DIR/index.sarif from the store. */
int fuzz_index_write(fuzz_campaign *c, gred_error *e);

/* Whether a bucket still needs work: no report, or an interrupted one. */
int fuzz_bucket_incomplete(const fuzz_campaign *c, const char *id);

/* A note in DIR/fuzz.log (and on stderr unless quiet). */
void fuzz_note(fuzz_campaign *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif

/*
** Fuzzing campaigns: generate models, run a target on each, file every
** finding in a triage store, and reduce, report and bisect each new bucket.
*/
#ifndef GRED_FUZZ_H
#define GRED_FUZZ_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "proc.h"
#include "triage.h"
#include "util.h"

/*
** A target: what runs on each generated model. ort and mlir-opt targets
** are runner scripts in scripts/ that follow one protocol (exit 0 no
** finding, 1 a finding whose stderr starts "gred-oracle: ORACLE", 2 the
** input was rejected as invalid, 3 or more the runner failed). A cmd:
** target is any command; a finding there is a signal or a crash report
** that triage recognises in its stderr.
*/
typedef enum fuzz_target_kind {
	FUZZ_TARGET_ORT,
	FUZZ_TARGET_MLIR_OPT,
	FUZZ_TARGET_CMD
} fuzz_target_kind;

typedef struct fuzz_target {
	fuzz_target_kind kind;
	char *spec;        /* as given: "ort:1.20.1:all", "cmd:./t.sh {}" */
	char *oracle;      /* "crash,diff-opt" (runner targets), "crash" */
	char *version;     /* ort: the version asked for, or NULL (default) */
	char *opt;         /* ort: all|extended|basic|disabled, or NULL */
	char *pipeline;    /* mlir-opt: the pass pipeline */
	char *cmd;         /* cmd: the command with {} for the file */
	char *runner;      /* absolute path of the runner script, or NULL */
	char *cwd;         /* cmd: the directory the command runs in */
	const char *ext;   /* of the models it takes: "onnx" or "mlir" */
} fuzz_target;

/* Parses a --target and --oracle (NULL: crash); scripts is the directory
** of the runner scripts. */
int fuzz_target_parse(fuzz_target *out, const char *spec, const char *oracle,
	const char *scripts, gred_error *e);
void fuzz_target_free(fuzz_target *t);

/* Whether t's command only works from its cwd (see fuzz_target_command). */
int fuzz_target_needs_cwd(const fuzz_target *t);

/* The argv that runs t on file (malloc'd, NULL-terminated; free with
** fuzz_argv_free). */
char **fuzz_target_argv(const fuzz_target *t, const char *file);
void fuzz_argv_free(char **argv);

/* Appends s as one word for sh (quoted unless it is plain). */
void fuzz_sh_quote(gred_buf *b, const char *s);

/* The shell command line that runs t on file, as a user pastes it. A
** cmd: target whose command names a relative path is run in its cwd
** ("cd CWD && CMD FILE"): then file must be absolute. */
char *fuzz_target_command(const fuzz_target *t, const char *file);

/* The interestingness test of a bucket: a sh script that runs t on "$1"
** and exits 0 iff it is a finding with signature sig_id. gred is the
** binary that computes signatures. */
char *fuzz_target_test_script(const fuzz_target *t, const char *gred,
	const char *sig_id);

/* "name: version" lines of what t runs, appended to out. */
void fuzz_target_versions(gred_buf *out, const fuzz_target *t);

/* Lines about one case of t appended to out: the pass pipeline an
** mlir-opt:random case carries ("pipeline (N passes): ..."). */
void fuzz_target_case_lines(gred_buf *out, const fuzz_target *t,
	const char *case_path);

/* What one run of a target means. */
typedef enum fuzz_verdict_kind {
	FUZZ_PASS,        /* ran, every oracle held */
	FUZZ_INVALID,     /* the target rejected the input */
	FUZZ_FINDING,     /* a bug: sig holds its signature */
	FUZZ_TIMEOUT,     /* gred's timeout killed the run */
	FUZZ_ERROR        /* the runner failed; what says why */
} fuzz_verdict_kind;

typedef struct fuzz_verdict {
	fuzz_verdict_kind kind;
	char oracle[32];   /* of a finding: "crash", "diff-opt", ... */
	char *log;         /* the log that was signed (stderr, maybe with a
	                      line naming the signal) */
	size_t len;
	triage_sig sig;    /* valid when kind is FUZZ_FINDING */
	char what[256];    /* a line on a runner failure */
} fuzz_verdict;

/* Judges one finished run from its result and stderr (log, len; taken
** over by the verdict). A log without a crash report is no finding. */
int fuzz_verdict_judge(fuzz_verdict *out, const fuzz_target *t,
	const proc_result *r, char *log, size_t len, gred_error *e);
void fuzz_verdict_clear(fuzz_verdict *v);

/* Runs t on file once (to its end or timeout) and judges it. */
int fuzz_target_run(fuzz_verdict *out, const fuzz_target *t, const char *file,
	const char *tmp_dir, double timeout, volatile sig_atomic_t *cancel,
	gred_error *e);

/*
** A campaign's options: those stored in campaign.json (so that --resume
** goes on with the same ones) and those of one run.
*/
typedef struct fuzz_options {
	const char *target;
	const char *oracle;
	uint64_t seed;
	long models;          /* models this worker runs; 0: no limit */
	double seconds;       /* total fuzzing time; 0: no limit */
	int nodes;            /* ops per generated model */
	const char *ops;      /* generator's op types, NULL: all */
	int shard_i, shard_n; /* this worker takes models k = i mod n */
	const char *bisect;   /* REPO:GOOD:BAD:BUILD, or NULL */
	const char *cwd;      /* where a cmd: target's command runs */
	double timeout;       /* seconds per target run */
	const char *skeleton; /* gen's skeleton: chain, ws or residual */
	int mutations;        /* gen's mutations per mutant (0: none) */
	int mcts;             /* gen's UCT block chooser */
	/* of this run only */
	const char *dir;      /* the campaign directory (shard's, if any) */
	int jobs;
	int resume;
	const char *gred;     /* the gred binary, for children */
	const char *scripts;  /* the runner scripts' directory */
} fuzz_options;

void fuzz_options_init(fuzz_options *o);

/* The part of campaign.json that changes as a campaign runs. */
typedef struct fuzz_counts {
	long next;            /* models 0..next-1 of this worker are done */
	long findings, invalid, timeouts, errors;
	double elapsed;       /* fuzzing seconds over every run */
} fuzz_counts;

/* campaign.json: written atomically, read back by --resume and --report.
** Strings read are malloc'd into *strings (free each, then the array). */
int fuzz_state_write(const char *dir, const fuzz_options *o,
	const fuzz_counts *c, gred_error *e);
int fuzz_state_read(fuzz_options *o, fuzz_counts *c, char ***strings,
	const char *dir, gred_error *e);

/* Runs (or resumes) a campaign. Returns 0, 1 when a finding was made
** (nothing wrong), -1 on errors, PROC_CANCELLED when Ctrl-C stopped it. */
int fuzz_campaign_run(const fuzz_options *o, volatile sig_atomic_t *stop,
	gred_error *e);

/* Rewrites every bucket's report and the indexes of a campaign. */
int fuzz_campaign_report(const fuzz_options *o, gred_error *e);

/* The seed of model k of a campaign seeded with seed. */
uint64_t fuzz_model_seed(uint64_t seed, long k);

/* Generates model k (ONNX, or TOSA MLIR when ext is "mlir"). */
/* Whether the campaign's models come from one generator that learns
** from their results (MCTS, mutations) rather than one per model. */
int fuzz_guided(const fuzz_options *o);

/* Models a guided generator gets results for late: model j is made
** after the results of models 0..j-FUZZ_GUIDE_LAG-1 and of none after,
** whatever -j, so a campaign stays the same at any -j. */
#define FUZZ_GUIDE_LAG 8

int fuzz_generate(gred_buf *out, const fuzz_options *o, const char *ext,
	long k, gred_error *e);

/* The mlir-opt:random, mlir-opt:random-vector and mlir-opt:random-linalg
** targets: every model carries its own pass pipeline, drawn from its seed
** out of a table of the passes that apply to TOSA (vector, linalg)
** programs and their lowerings, in an mlir_reproducer block at its end
** (so `mlir-opt --run-reproducer` and `gred reduce` read it there).
** fuzz_pipeline_dialect: the generator an mlir-opt target's programs come
** from, "tosa", "vector" or "linalg". */
int fuzz_pipeline_is_random(const char *target);
char *fuzz_pipeline_draw(const char *target, uint64_t seed);
const char *fuzz_pipeline_dialect(const char *target);
void fuzz_pipeline_block(gred_buf *out, const char *pipeline);

#endif

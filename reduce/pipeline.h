/*
** Pass-pipeline reduction: the mlir_reproducer block mlir-opt writes with
** --mlir-pass-pipeline-crash-reproducer, the pass pipeline it holds as a
** tree, and the ddmin sources that delete nested pipelines, passes and
** pass options while the test stays interesting.
*/
#ifndef GRED_PIPELINE_H
#define GRED_PIPELINE_H

#include <stddef.h>

#include <mlir-c/IR.h>

#include "source.h"
#include "util.h"

/* What a file's mlir_reproducer block says. */
typedef struct repro_block {
	size_t start;            /* offset of the `{-#` that opens it */
	char *pipeline;          /* unescaped */
	int disable_threading;   /* 0 or 1; -1 when absent */
	int verify_each;
} repro_block;

/* Looks for an mlir_reproducer block at the end of text (after the last
** `{-#`). Returns 1 and fills b if there is one, 0 if not, -1 with e set
** if it is malformed. */
int repro_block_find(repro_block *b, const char *text, size_t len,
	gred_error *e);

void repro_block_free(repro_block *b);

/* Appends the block of b with pipeline in mlir-opt's own layout. */
void repro_block_write(gred_buf *out, const repro_block *b,
	const char *pipeline);

/* Checks that text is a pass pipeline gred can take apart: names, options
** in braces, nested pipelines in parentheses, separated by commas. */
int pipeline_check(const char *text, gred_error *e);

/* The pipeline text as gred writes it into candidates: no blanks but one
** between options, an empty nested pipeline left out. Appended to out
** (terminated); -1 with e set if text does not parse (pipeline_check). */
int pipeline_normalize(gred_buf *out, const char *text, gred_error *e);

typedef struct pipeline_reducer pipeline_reducer;

/* The sources: the passes after the one that fails when gred runs the
** pipeline itself (pl-locate: one candidate, MLIR's C API in a forked
** copy finds the pass), the passes after the one that fails (a cut from
** the end, bisected, when pl-locate had no answer or a wrong one), the
** program replaced by what the passes before the last one make of it
** (pl-before: a smaller file), the passes before the last one (a cut
** from the front, bisected), single passes while gred's own run judges
** candidates before the test (pl-judged, ddmin, see pipeline.c); whole
** nested pipelines, single passes,
** single options (ddmin each), and pl-before again where the program
** may grow (pl-before-grow: one pass is left of 3 or more). The ones
** before PIPELINE_LATE are cheap and go ahead of the program's passes in
** a round, pl-locate and the cuts only when the pipeline changed since
** they last ran; the others after the program's passes. An empty
** pipeline is tried once. */
enum {
	PIPELINE_LOCATE,
	PIPELINE_TAIL,
	PIPELINE_BEFORE,
	PIPELINE_HEAD,
	PIPELINE_JUDGED,
	PIPELINE_GROUPS,
	PIPELINE_PASSES,
	PIPELINE_OPTIONS,
	PIPELINE_BEFORE_GROW,
	PIPELINE_LEVELS,
	PIPELINE_LATE = PIPELINE_GROUPS
};

/* The sources reducing the pipeline of the block at the end of *best, the
** program before it untouched. *out is NULL (and 0 returned) when *best
** has no mlir_reproducer block; -1 with e set when it is malformed. */
int pipeline_reducer_new(pipeline_reducer **out, const gred_buf *best,
	gred_error *e);

/* The program of the best is *cur (parsed in its context): pl-before
** runs passes on clones of it and, when its candidate is accepted, puts
** the new program there. Without it pl-before has nothing to offer. */
void pipeline_reducer_set_module(pipeline_reducer *p, MlirOperation *cur);

/* The source of one level (see the enum above). */
source *pipeline_reducer_source(pipeline_reducer *p, int level);

/* Whether s is one of p's sources: their candidates are whole files; the
** other sources' candidates need pipeline_reducer_block appended. */
int pipeline_reducer_owns(const pipeline_reducer *p, const source *s);


/* Whether a candidate of the program's passes (the program, then the
** current block) is worth a test: when the best crashes in gred's own
** run of the pipeline (MLIR's C API, in a forked copy), at its last
** pass, only a candidate that crashes so too is (the others are
** refused untested); without that every candidate is. */
int pipeline_reducer_judge(pipeline_reducer *p, const gred_buf *cand);

/* The block that ends the current best. */
const gred_buf *pipeline_reducer_block(const pipeline_reducer *p);

/* The current pipeline, as written in the block. */
const char *pipeline_reducer_pipeline(const pipeline_reducer *p);

void pipeline_reducer_free(pipeline_reducer *p);

#endif

/*
** What the ddmin loop of the driver reduces: numbered targets of the
** current best, and candidates made by removing a chunk of them.
*/
#ifndef GRED_SOURCE_H
#define GRED_SOURCE_H

#include <stddef.h>

#include "ir_file.h"
#include "pass.h"
#include "text_generic.h"
#include "util.h"

typedef struct source source;
struct source {
	const char *name;
	/* The biggest chunk ddmin removes at once (0: half the targets). */
	size_t max_chunk;
	/* Chunks are tried from the last target back: in text, uses follow
	** definitions, so a user goes before what it uses is tried. */
	int backward;
	/* A cut (PASS_CUT_TAIL or PASS_CUT_HEAD of pass.h): the driver
	** bisects how many targets go from that end, instead of ddmin. */
	int cut;
	/* Candidates may be bigger than the best: a rewrite into a longer
	** form the parser reads. Such a source offers a bounded number of
	** changes in all, so the reduction still ends. */
	int grows;
	size_t (*count)(source *s);
	/* Makes the candidate without targets [begin, end) into out (empty on
	** entry); *state holds what accept needs. Returns 1 if made, 0 if
	** the change is impossible or invalid, -1 on error. */
	int (*make)(source *s, size_t begin, size_t end, gred_buf *out,
		void **state, gred_error *e);
	/* The candidate (state, bytes) becomes the current best. */
	void (*accept)(source *s, void *state, const gred_buf *bytes);
	void (*drop)(source *s, void *state);
};

/* What a text source removes: lines; blocks (an outermost line opening
** a brace through the line that balances it: a function); uses (a line defining an SSA name with every later line of
** its function using it, transitively, each with its blocks); tokens (a
** word, a string, a punctuation mark, each with the blanks after it); or
** bracketed groups at any depth, each alone or with the name right
** before it. The generic target is no removal but a rewrite: every op in
** the custom syntax of a dialect gred lacks, into generic form
** (text_generic.h), there only if gred then parses the text. */
typedef enum text_unit {
	TEXT_LINES,
	TEXT_TOKENS,
	TEXT_GROUPS,
	TEXT_BLOCKS,
	TEXT_USES,
	TEXT_GENERIC
} text_unit;

/* A unit: bytes [start, start + len) of the text. Lines and tokens
** tile the text; groups nest. */
typedef struct text_span {
	size_t start, len;
} text_span;

/* ddmin on raw text, for files that do not parse. The units are taken
** afresh from *best whenever it changed. */
typedef struct text_source {
	source base;
	const gred_buf *best;
	text_unit unit;
	text_span *spans;   /* by start; a span inside another comes after it */
	size_t n, cap;
	/* TEXT_USES: unit i is lines member[first[i]] .. member[first[i+1]-1],
	** line k being bytes line[k] .. line[k+1]. */
	size_t *first, *member, *line;
	size_t nmember, capmember, nline, capline;
	char *seen;         /* the text the units were taken from */
	size_t nseen;
	/* TEXT_GENERIC: the one unit makes every rewrite of gen; ctx tells
	** the dialects gred has; at most budget rewrites are accepted,
	** grown so far. */
	text_rewrites gen;
	MlirContext ctx;
	size_t grown, budget;
} text_source;

void text_source_init(text_source *t, const gred_buf *best, text_unit unit);
void text_source_free(text_source *t);

/* A pass of passes/ applied to clones of the current module *cur. */
typedef struct ir_source {
	source base;
	const pass *p;
	MlirOperation *cur;
	ir_format format;
	int flags;          /* pass_apply flags */
} ir_source;

void ir_source_init(ir_source *s, const pass *p, MlirOperation *cur,
	ir_format format);

/* The file the user gets for module op: verified, then serialised. */
int ir_source_serialize(gred_buf *out, MlirOperation op, ir_format format,
	gred_error *e);

#endif

/*
** What the ddmin loop of the driver reduces: numbered targets of the
** current best, and candidates made by removing a chunk of them.
*/
#ifndef GRED_SOURCE_H
#define GRED_SOURCE_H

#include <pthread.h>
#include <stdint.h>
#include <stddef.h>

#include "ir_file.h"
#include "pass.h"
#include "proc.h"
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
	/* Optional: the candidate without [begin, end) will likely be asked
	** for next; its making may start now. */
	void (*prefetch)(source *s, size_t begin, size_t end);
};

/* What a text source removes: lines; blocks (an outermost line opening
** a brace through the line that balances it: a function); uses (a line defining an SSA name with every later line of
** its function using it, transitively, each with its blocks); tokens (a
** word, a string, a punctuation mark, each with the blanks after it); or
** bracketed groups at any depth, each alone or with the name right
** before it. The generic target is no removal but a rewrite: every op in
** the custom syntax of a dialect gred lacks, into generic form
** (text_generic.h), there only if gred then parses the text. Replace:
** a line defining one SSA value goes, its uses take another value of its
** type. Unwrap: a region op's line and closing brace go, its body stays.
** Indent: the blanks starting a line, or the second of two. Results: a
** function's results go, from its returns and calls too. Rename: a
** value or function gets a name of two characters. */
typedef enum text_unit {
	TEXT_LINES,
	TEXT_TOKENS,
	TEXT_GROUPS,
	TEXT_BLOCKS,
	TEXT_USES,
	TEXT_GENERIC,
	TEXT_REPLACE,
	TEXT_UNWRAP,
	TEXT_INDENT,
	TEXT_RESULTS,
	TEXT_RENAME
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
	** line k being bytes line[k] .. line[k+1]; TEXT_BLOCKS: blocks (edits)
	** so; TEXT_REPLACE, TEXT_RENAME: member[k] is line k's function. */
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
	/* The units of blocks, replace, unwrap, results, rename (text.c). */
	struct text_edit *edits;
} text_source;

void text_source_init(text_source *t, const gred_buf *best, text_unit unit);
void text_source_free(text_source *t);

/* A candidate of a pass: its targets [begin, end), with pass_apply's
** flags (p NULL: the module as it is, printed). count: no candidate but
** the number of p's targets in the module. */
typedef struct ir_request {
	const pass *p;
	size_t begin, end;
	int flags;
	int count;
} ir_request;

#define IR_MAKER_AHEAD 8
#define IR_MAKER_COUNTS 8
#define IR_COUNT_UNKNOWN UINT64_MAX

/*
** The module the passes change, and its maker: a forked copy of gred
** holding the same module, which makes candidates on request (clone,
** pass, verify, print) and sends their bytes back. MLIR verifiers
** dereference null on some malformed IR, so that work never runs in
** gred; a crash costs the candidate and a new fork. An accepted change
** is made again, in place, by gred to its module (in a thread) and by
** the copy to its own, which takes the candidate's module instead when
** it kept it. Requests may be sent ahead (prefetch), so the copy makes
** the next candidates while tests run.
*/
typedef struct ir_maker {
	MlirOperation *cur;     /* the module; another source may replace it */
	MlirOperation op;       /* the module the copy was made from */
	ir_format format;
	proc helper;
	int fd;                 /* gred's end of the socket; -1: no copy */
	ir_request pending[IR_MAKER_AHEAD];  /* sent, answers not yet read */
	size_t npending;
	int parsed;             /* the copy's module is as it parsed it */
	gred_buf file;          /* the file printed from op, if known */
	int loading;            /* the copy parses load_view */
	file_view load_view;
	/* gred's own parse of load_view into *cur once the copy parsed it,
	** and its own making of the changes the copy made, in threads one
	** after the other (own_thread the last): until they end
	** (ir_maker_module), gred touches neither the module nor its
	** context, and asks the copy for counts. own_parses: the parse is
	** among them. sync_apply: changes are made at once (the module is
	** used elsewhere too). */
	pthread_t own_thread;
	int own_busy, own_lost, own_parses, sync_apply;
	MlirContext load_ctx;
	const char *load_path;
	/* The numbers of targets of passes in the module, while it is
	** unchanged. */
	struct ir_count {
		const pass *p;
		size_t n;
	} counts[IR_MAKER_COUNTS];
	size_t ncounts;
	uint64_t made_count;    /* the count the last answer read gave */
	unsigned long forks, crashes;
	unsigned long answers;  /* candidates the copy made (or refused) */
	double answers_seconds; /* the copy's time for them */
} ir_maker;

/* A maker of candidates of *cur. When *cur is replaced by another module
** (pipeline reduction's pl-before), the copy is made again from it. */
void ir_maker_init(ir_maker *m, MlirOperation *cur, ir_format format);
void ir_maker_free(ir_maker *m);

/* Loads path into out, as ir_file_load does, with m as its maker. A
** .mlir file is parsed by the copy first: begin starts that and returns
** 1, and until end (which waits for the copy, then parses in gred while
** the copy prints the module) gred may do other work, such as running
** the input's test. Anything else is loaded at once: 0, or -1 if it
** does not load. end returns 0, or -1 if the text does not parse; once
** the copy parsed it, gred parses it too, in a thread, while the copy
** serves (ir_maker_module waits for that). */
int ir_maker_load_begin(ir_maker *m, ir_file *out, MlirContext ctx,
	const char *path, gred_error *e);
int ir_maker_load_end(ir_maker *m, ir_file *out, MlirContext ctx,
	const char *path, gred_error *e);

/* Waits for gred's own work on its module, if it still runs: the parse
** of the input (ir_maker_load_end) or a change (ir_maker_apply). 0, or
** -1 if the parse failed and gred has no module. */
int ir_maker_module(ir_maker *m);

/* gred makes change q to its module (after ir_maker_changed): in a
** thread, unless m->sync_apply. */
void ir_maker_apply(ir_maker *m, const ir_request *q);

/* The number of targets of pass p in the module. */
size_t ir_maker_count(ir_maker *m, const pass *p);

/* Asks the copy for p's count now, behind what it was asked before, so
** that ir_maker_count finds it made. */
void ir_maker_count_ahead(ir_maker *m, const pass *p);

/* Whether what gred waits for next from the copy (the oldest answer,
** or while loading whether the text parsed) can be read without
** waiting for the copy's work. */
int ir_maker_ready(const ir_maker *m);

/* The candidate q into out (appended): 1 if made, 0 if the pass changed
** nothing or the result does not verify (or crashed), -1 on error. */
int ir_maker_get(ir_maker *m, const ir_request *q, gred_buf *out,
	gred_error *e);

/* Asks for q ahead of need (nothing if it cannot be sent now). */
void ir_maker_prefetch(ir_maker *m, const ir_request *q);

/* gred accepted change `applied` and makes it to the module (after this
** call): answers to earlier requests are stale, the copy's module must
** change too. count: the number of targets of its pass after it, as the
** copy counted when it made the candidate (made_count once ir_maker_get
** read it), or IR_COUNT_UNKNOWN. */
void ir_maker_changed(ir_maker *m, const ir_request *applied,
	uint64_t count);

/*
** In the maker's copy, the module's last print cut at its top-level ops
** (functions), for candidates of local passes (pass_is_local) that clone,
** verify and print only the top-level ops their chunk touches, and take
** the other ops' text from that print (ir_splice.c). Output is the same
** as cloning and printing the whole module: the print is cut only where
** each top-level op printed alone gives its text in the whole.
*/
typedef struct ir_splice ir_splice;

ir_splice *ir_splice_new(void);
void ir_splice_free(ir_splice *s);
/* text is module's whole print (ir_print, verified). */
void ir_splice_set_print(ir_splice *s, MlirOperation module,
	const char *text, size_t len);
/* The module changed by other means (or s is new): its print is made
** again when next needed, unless hint (len bytes, NULL: none) is it: the
** print, or with file set, the file gred made of it. */
void ir_splice_stale(ir_splice *s, const char *hint, size_t len, int file);
/* Candidate q of module, its whole print appended to out: 1 if made, 0
** if the pass changed nothing or it does not verify, -2 if it is not
** made this way (the caller clones the module). keep: q is a change
** gred accepted, made to the module for good (not verified again). */
int ir_splice_make(ir_splice *s, MlirOperation module, const ir_request *q,
	int keep, gred_buf *out);

/* A pass of passes/ on the maker's module. */
typedef struct ir_source {
	source base;
	const pass *p;
	ir_maker *maker;
	int flags;          /* pass_apply flags */
} ir_source;

void ir_source_init(ir_source *s, const pass *p, ir_maker *m);

/* The file the user gets for module op, verified then serialised in a
** forked copy of gred (for modules no maker holds). */
int ir_source_serialize(gred_buf *out, MlirOperation op, ir_format format,
	gred_error *e);

#endif

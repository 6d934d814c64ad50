/*
** Pass-pipeline reduction. A crash in mlir-opt needs a program and a pass
** pipeline; mlir-opt's crash reproducer keeps both in one file, the
** pipeline in a resource block at its end:
**
**   {-#
**     external_resources: {
**       mlir_reproducer: {
**         pipeline: "builtin.module(func.func(canonicalize,cse),inline)",
**         disable_threading: false,
**         verify_each: true
**       }
**     }
**   #-}
**
** and `mlir-opt --run-reproducer FILE` runs that pipeline on the program.
** The pipeline is a tree: passes with options in braces, and nested
** pipelines anchored on an op (`func.func(...)`). The sources (pipeline.h)
** cut passes from either end, delete whole nested pipelines, single
** passes and single options while the test holds, or replace the program
** by what the passes before the last make of it. A candidate is the
** program of the current best followed by a block holding the smaller
** pipeline; a nested pipeline left empty is not written (mlir-opt refuses
** `func.func()`), the top one is.
**
** gred links the same MLIR as mlir-opt-19, so it can run the pipeline
** itself, in a forked copy: it sees which pass fails (pl-locate), and
** when the best crashes there at its last pass it judges candidates
** before any test, the pipeline's (oracle_signal, predicted) and the
** program's (pipeline_reducer_judge): only those that crash the same
** way in gred's run are tested.
*/
#include "pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/Diagnostics.h>
#include <mlir-c/Pass.h>
#include <mlir-c/RegisterEverything.h>

#include "mlir_io.h"
#include "proc.h"

/* A pass, or a nested pipeline (group) anchored on the op `name`. */
typedef struct pl_node {
	char *name;
	int parent;   /* index of the group holding it; -1 at the top */
	int depth;
	int group;
} pl_node;

/* One option of a pass: `key=value` or a bare flag, as written. */
typedef struct pl_option {
	char *text;
	int node;
} pl_option;

typedef struct pl_tree {
	pl_node *nodes;
	size_t nnodes;
	pl_option *opts;
	size_t nopts;
} pl_tree;

typedef struct level_source {
	source base;
	pipeline_reducer *p;
	int level;
	size_t *units;    /* nodes or options, from the last count */
	size_t nunits;
	gred_buf cut_at;  /* the cuts: the pipeline they last ran on */
	size_t keep;      /* pl-locate: the passes up to the one that fails */
} level_source;

struct pipeline_reducer {
	const gred_buf *best;
	repro_block rb;
	pl_tree tree;
	/* alive[i]: node i, for i < nnodes; option i - nnodes after. */
	unsigned char *alive;
	gred_buf block;      /* what ends the current best */
	gred_buf text;       /* the current pipeline */
	MlirOperation *cur;  /* the module of the best, for pl-before */
	int tried_empty;     /* an empty pipeline was a candidate */
	/* What gred's own run of the best predicts (see oracle_signal). */
	gred_buf oracle_at;  /* the best it was computed for */
	int oracle;
	level_source levels[PIPELINE_LEVELS];
};

static const char *const level_names[PIPELINE_LEVELS] = {
	"pl-locate", "pl-tail", "pl-before", "pl-head", "pl-judged", "pl-groups", "pl-passes", "pl-opts",
	"pl-before-grow"
};

/* Parsing */

static int name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		(c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

static int space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_space(const char *s, size_t i)
{
	while (s[i] && space(s[i]))
		i++;
	return i;
}

/* The end of the bracketed text opening at s[i] (one past its close),
** skipping quoted strings; 0 if it is not closed. */
static size_t bracket_end(const char *s, size_t i)
{
	int depth = 0;

	for (; s[i]; i++) {
		if (s[i] == '"') {
			for (i++; s[i] && s[i] != '"'; i++)
				if (s[i] == '\\' && s[i + 1])
					i++;
			if (!s[i])
				return 0;
		} else if (s[i] == '{' || s[i] == '(' || s[i] == '[') {
			depth++;
		} else if (s[i] == '}' || s[i] == ')' || s[i] == ']') {
			if (--depth == 0)
				return i + 1;
		}
	}
	return 0;
}

static void add_option(pl_tree *t, const char *s, size_t len, int node)
{
	t->opts = xrealloc(t->opts, (t->nopts + 1) * sizeof(*t->opts));
	t->opts[t->nopts].text = xasprintf("%.*s", (int)len, s);
	t->opts[t->nopts++].node = node;
}

/* The options between the braces of s[begin, end): split at blanks
** outside quotes and brackets. */
static void split_options(pl_tree *t, const char *s, size_t begin,
	size_t end, int node)
{
	size_t i = begin, start;

	while (i < end) {
		i = skip_space(s, i);
		if (i >= end)
			break;
		start = i;
		while (i < end && !space(s[i])) {
			if (s[i] == '"' || s[i] == '{' || s[i] == '(' || s[i] == '[') {
				size_t k = s[i] == '"' ? i + 1 : bracket_end(s, i);

				if (s[i] == '"') {
					while (k < end && s[k] != '"')
						k += s[k] == '\\' ? 2 : 1;
					k++;
				}
				i = k && k <= end ? k : end;
			} else {
				i++;
			}
		}
		add_option(t, s + start, i - start, node);
	}
}

/* Parses `elem, elem, ...` from s[*i] up to a `)` or the end. */
static int parse_list(pl_tree *t, const char *s, size_t *i, int parent,
	int depth, gred_error *e)
{
	for (;;) {
		size_t k = skip_space(s, *i), start = k, end;
		int me;

		while (name_char(s[k]))
			k++;
		if (k == start) {
			if (s[k] == ')' || !s[k]) {
				/* An empty list: `builtin.module()`. */
				*i = k;
				return 0;
			}
			return gred_errorf(e, "pass pipeline: a pass name expected at "
				"offset %zu: %.20s", k, s + k);
		}
		t->nodes = xrealloc(t->nodes, (t->nnodes + 1) * sizeof(*t->nodes));
		me = (int)t->nnodes++;
		t->nodes[me].name = xasprintf("%.*s", (int)(k - start), s + start);
		t->nodes[me].parent = parent;
		t->nodes[me].depth = depth;
		t->nodes[me].group = 0;
		k = skip_space(s, k);
		if (s[k] == '{') {
			if (!(end = bracket_end(s, k)))
				return gred_errorf(e, "pass pipeline: unclosed options of "
					"%s", t->nodes[me].name);
			split_options(t, s, k + 1, end - 1, me);
			k = skip_space(s, end);
		}
		if (s[k] == '(') {
			t->nodes[me].group = 1;
			k++;
			if (parse_list(t, s, &k, me, depth + 1, e) < 0)
				return -1;
			if (s[k] != ')')
				return gred_errorf(e, "pass pipeline: unclosed '(' of %s",
					t->nodes[me].name);
			k = skip_space(s, k + 1);
		}
		*i = k;
		if (s[k] != ',')
			return 0;
		*i = k + 1;
	}
}

static void tree_free(pl_tree *t)
{
	size_t i;

	for (i = 0; i < t->nnodes; i++)
		free(t->nodes[i].name);
	for (i = 0; i < t->nopts; i++)
		free(t->opts[i].text);
	free(t->nodes);
	free(t->opts);
	memset(t, 0, sizeof(*t));
}

static int tree_parse(pl_tree *t, const char *s, gred_error *e)
{
	size_t i = 0;

	memset(t, 0, sizeof(*t));
	if (parse_list(t, s, &i, -1, 0, e) < 0) {
		tree_free(t);
		return -1;
	}
	i = skip_space(s, i);
	if (s[i]) {
		tree_free(t);
		return gred_errorf(e, "pass pipeline: unexpected '%c' at offset %zu",
			s[i], i);
	}
	return 0;
}

int pipeline_check(const char *text, gred_error *e)
{
	pl_tree t;

	if (tree_parse(&t, text, e) < 0)
		return -1;
	tree_free(&t);
	return 0;
}

/* Printing */

/* Appends the live members of group parent (-1: the top list). A nested
** group with nothing live inside is left out. */
static void print_list(gred_buf *out, const pl_tree *t,
	const unsigned char *alive, int parent)
{
	size_t i, k, nopts;
	int first = 1;

	for (i = 0; i < t->nnodes; i++) {
		const pl_node *n = &t->nodes[i];

		if (n->parent != parent || !alive[i])
			continue;
		if (n->group) {
			gred_buf inner = {0};

			print_list(&inner, t, alive, (int)i);
			if (inner.len || n->depth == 0) {
				buf_printf(out, "%s%s(", first ? "" : ",", n->name);
				buf_append(out, inner.data, inner.len);
				buf_puts(out, ")");
				first = 0;
			}
			buf_free(&inner);
			continue;
		}
		buf_printf(out, "%s%s", first ? "" : ",", n->name);
		first = 0;
		for (k = 0, nopts = 0; k < t->nopts; k++) {
			if (t->opts[k].node != (int)i || !alive[t->nnodes + k])
				continue;
			buf_printf(out, "%s%s", nopts++ ? " " : "{", t->opts[k].text);
		}
		if (nopts)
			buf_puts(out, "}");
	}
	buf_puts(out, "");  /* terminated even when empty */
}

int pipeline_normalize(gred_buf *out, const char *text, gred_error *e)
{
	pl_tree t;
	unsigned char *alive;
	size_t n;

	if (tree_parse(&t, text, e) < 0)
		return -1;
	n = t.nnodes + t.nopts;
	alive = xmalloc(n ? n : 1);
	memset(alive, 1, n);
	print_list(out, &t, alive, -1);
	free(alive);
	tree_free(&t);
	return 0;
}

/* The reproducer block */

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The quoted string at s[i] (MLIR's escapes: \" \\ \n \t \XX), unescaped
** into out; returns the offset past it, or 0 if it is not closed. */
static size_t read_string(gred_buf *out, const char *s, size_t i, size_t end)
{
	for (i++; i < end && s[i] != '"'; i++) {
		char c = s[i];

		if (c == '\\' && i + 1 < end) {
			c = s[++i];
			if (i + 1 < end && hex_digit(c) >= 0 && hex_digit(s[i + 1]) >= 0) {
				c = (char)(hex_digit(c) * 16 + hex_digit(s[i + 1]));
				i++;
			} else if (c == 'n') {
				c = '\n';
			} else if (c == 't') {
				c = '\t';
			}
		}
		buf_append(out, &c, 1);
	}
	return i < end ? i + 1 : 0;
}

/* The value of `key: true|false` in s[begin, end): 1, 0, or -1. */
static int read_flag(const char *s, size_t begin, size_t end,
	const char *key)
{
	size_t n = strlen(key), i;

	for (i = begin; i + n < end; i++) {
		if (memcmp(s + i, key, n) || name_char(s[i + n]) ||
		    (i > begin && name_char(s[i - 1])))
			continue;
		i = skip_space(s, i + n);
		if (s[i] != ':')
			return -1;
		i = skip_space(s, i + 1);
		if (i + 4 <= end && !memcmp(s + i, "true", 4))
			return 1;
		if (i + 5 <= end && !memcmp(s + i, "false", 5))
			return 0;
		return -1;
	}
	return -1;
}

static const char *find_in(const char *s, size_t begin, size_t end,
	const char *what)
{
	size_t n = strlen(what), i;

	for (i = begin; i + n <= end; i++)
		if (!memcmp(s + i, what, n))
			return s + i;
	return NULL;
}

int repro_block_find(repro_block *b, const char *text, size_t len,
	gred_error *e)
{
	const char *open = NULL, *key, *p;
	size_t i, end;
	gred_buf str = {0};

	memset(b, 0, sizeof(*b));
	for (i = len; i >= 3; i--)
		if (!memcmp(text + i - 3, "{-#", 3)) {
			open = text + i - 3;
			break;
		}
	if (!open)
		return 0;
	b->start = (size_t)(open - text);
	p = find_in(text, b->start, len, "#-}");
	end = p ? (size_t)(p - text) : len;
	key = find_in(text, b->start, end, "mlir_reproducer");
	if (!key)
		return 0;
	p = find_in(text, (size_t)(key - text), end, "pipeline");
	if (!p)
		return gred_errorf(e, "the mlir_reproducer block has no pipeline");
	i = skip_space(text, (size_t)(p - text) + 8);
	if (i < end && text[i] == ':')
		i = skip_space(text, i + 1);
	if (i >= end || text[i] != '"' || !read_string(&str, text, i, end)) {
		buf_free(&str);
		return gred_errorf(e, "the mlir_reproducer pipeline is no string");
	}
	buf_puts(&str, "");
	b->pipeline = str.data;
	b->disable_threading = read_flag(text, (size_t)(key - text), end,
		"disable_threading");
	b->verify_each = read_flag(text, (size_t)(key - text), end,
		"verify_each");
	return 1;
}

void repro_block_free(repro_block *b)
{
	free(b->pipeline);
	memset(b, 0, sizeof(*b));
}

void repro_block_write(gred_buf *out, const repro_block *b,
	const char *pipeline)
{
	const char *c;

	buf_puts(out, "{-#\n  external_resources: {\n    mlir_reproducer: {\n"
		"      pipeline: \"");
	for (c = pipeline; *c; c++) {
		unsigned char u = (unsigned char)*c;

		if (u == '"' || u == '\\')
			buf_printf(out, "\\%c", u);
		else if (u < 0x20 || u >= 0x7f)
			buf_printf(out, "\\%02X", u);
		else
			buf_append(out, c, 1);
	}
	buf_puts(out, "\"");
	if (b->disable_threading >= 0)
		buf_printf(out, ",\n      disable_threading: %s",
			b->disable_threading ? "true" : "false");
	if (b->verify_each >= 0)
		buf_printf(out, ",\n      verify_each: %s",
			b->verify_each ? "true" : "false");
	buf_puts(out, "\n    }\n  }\n#-}\n");
}

/* The sources */

static int ancestors_alive(const pipeline_reducer *p,
	const unsigned char *alive, int node)
{
	for (; node >= 0; node = p->tree.nodes[node].parent)
		if (!alive[node])
			return 0;
	return 1;
}

/* The program of the best: all of it before the block. */
static size_t program_len(const pipeline_reducer *p)
{
	return p->best->len - p->block.len;
}

static size_t locate_failure(const pipeline_reducer *p, size_t npasses);
static int oracle_signal(pipeline_reducer *p);

/* The units of l still in the pipeline, into l->units: for the cuts,
** pl-judged and pl-passes the passes in order (pl-head leaves out the
** last one, which it never cuts), for pl-before one unit when there are
** 2 passes or more and a module to run them on, for pl-locate one unit
** when gred's run fails before the last pass. */
static size_t level_count(source *s)
{
	level_source *l = (level_source *)s;
	pipeline_reducer *p = l->p;
	const pl_tree *t = &p->tree;
	size_t i;

	l->nunits = 0;
	/* pl-tail bisects once, when pl-locate has not cut the tail: cuts
	** from the front and program changes keep the failing pass last
	** (pl-locate looks again at each new pipeline, without tests). */
	if (l->level == PIPELINE_TAIL && l->cut_at.len)
		return 0;
	/* pl-judged goes ahead of the program's passes only while gred's
	** run judges its candidates: then the passes its tests keep out
	** are few, and the program is reduced under the pipeline left. */
	if (l->level == PIPELINE_JUDGED && !oracle_signal(p))
		return 0;
	/* What the cuts find stays found: pl-passes tries again what a
	** smaller program may free. */
	if ((l->base.cut || l->level == PIPELINE_LOCATE) && l->cut_at.len &&
	    !strcmp(l->cut_at.data, p->text.data))
		return 0;
	if (l->base.cut || l->level == PIPELINE_LOCATE) {
		l->cut_at.len = 0;
		buf_puts(&l->cut_at, p->text.data);
	}
	if (l->level == PIPELINE_OPTIONS) {
		for (i = 0; i < t->nopts; i++)
			if (p->alive[t->nnodes + i] &&
			    ancestors_alive(p, p->alive, t->opts[i].node))
				l->units[l->nunits++] = t->nnodes + i;
		return l->nunits;
	}
	for (i = 0; i < t->nnodes; i++) {
		const pl_node *n = &t->nodes[i];
		int want = l->level == PIPELINE_GROUPS ? n->group && n->depth > 0 :
			!n->group;

		if (want && ancestors_alive(p, p->alive, (int)i))
			l->units[l->nunits++] = i;
	}
	if (l->level == PIPELINE_HEAD && l->nunits)
		l->nunits--;
	if (l->level == PIPELINE_LOCATE) {
		l->keep = locate_failure(p, l->nunits);
		l->nunits = l->keep && l->keep < l->nunits ? 1 : 0;
	}
	if (l->level == PIPELINE_BEFORE)
		l->nunits = l->nunits >= 2 && p->cur ? 1 : 0;
	if (l->level == PIPELINE_BEFORE_GROW)
		l->nunits = l->nunits >= 3 && p->cur ? 1 : 0;
	return l->nunits;
}

/* What a candidate changes: the live units, and for pl-before the
** module of its new program. */
typedef struct level_state {
	unsigned char *alive;
	MlirOperation op;
} level_state;

/* The pipeline of the passes that are live in alive, but for the last. */
static void print_prefix(gred_buf *out, const pipeline_reducer *p,
	const unsigned char *alive)
{
	size_t n = p->tree.nnodes + p->tree.nopts, i, last = 0;
	unsigned char *less = xmalloc(n ? n : 1);

	memcpy(less, alive, n);
	for (i = 0; i < p->tree.nnodes; i++)
		if (!p->tree.nodes[i].group && ancestors_alive(p, alive, (int)i))
			last = i;
	less[last] = 0;
	print_list(out, &p->tree, less, -1);
	free(less);
}

typedef struct prefix_job {
	MlirOperation op;
	const char *anchor;
	const char *pipeline;
	int verify_each;
	int print;        /* the result into out; else "ran" */
} prefix_job;

static void append_message(MlirStringRef s, void *user)
{
	buf_append(user, s.data, s.length);
}

/* The copies' diagnostics (a pass that fails says why) are no one's. */
static MlirLogicalResult swallow(MlirDiagnostic d, void *user)
{
	(void)d;
	(void)user;
	return mlirLogicalResultSuccess();
}

/* In a forked copy of gred: runs the pipeline on a clone of the module
** and prints the result into out (or "ran"). A pipeline gred's MLIR
** cannot read gives "unknown" (and 0); passes that fail, -1. */
static int prefix_fn(gred_buf *out, void *arg)
{
	prefix_job *j = arg;
	MlirContext ctx = mlirOperationGetContext(j->op);
	MlirPassManager pm;
	MlirOperation clone;
	gred_buf msg = {0};
	gred_error e;
	int ok;

	mlirRegisterAllPasses();
	mlirContextAttachDiagnosticHandler(ctx, swallow, NULL, NULL);
	pm = mlirPassManagerCreateOnOperation(ctx,
		mlirStringRefCreateFromCString(j->anchor));
	mlirPassManagerEnableVerifier(pm, j->verify_each != 0);
	ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
		mlirPassManagerGetAsOpPassManager(pm),
		mlirStringRefCreateFromCString(j->pipeline), append_message, &msg));
	buf_free(&msg);
	if (!ok) {
		buf_puts(out, "unknown");
		return 0;
	}
	clone = mlirOperationClone(j->op);
	ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, clone));
	if (ok && !j->print)
		buf_puts(out, "ran");
	else if (ok)
		ok = ir_print(out, clone, 0, &e) == 0;
	return ok ? 0 : -1;
}

/* Whether gred can run p's passes on its module: one top pipeline
** anchored on a module, as the file's op is. */
static int runnable(const pipeline_reducer *p)
{
	const pl_tree *t = &p->tree;
	size_t i;

	if (!p->cur || !t->nnodes || !t->nodes[0].group ||
	    t->nodes[0].parent != -1 || strcmp(t->nodes[0].name, "builtin.module") ||
	    !mlirOperationIsNull(mlirOperationGetParentOperation(*p->cur)))
		return 0;
	for (i = 1; i < t->nnodes; i++)
		if (t->nodes[i].parent == -1)
			return 0;
	return 1;
}

/* The live passes of alive but those from the keep-th on (in order). */
static void keep_first(const pipeline_reducer *p, unsigned char *alive,
	size_t keep)
{
	size_t i, k = 0;

	for (i = 0; i < p->tree.nnodes; i++)
		if (!p->tree.nodes[i].group && ancestors_alive(p, alive, (int)i) &&
		    k++ >= keep)
			alive[i] = 0;
}

enum { RUN_FAILED = 256, RUN_UNKNOWN = 257 };
#define ALL_PASSES ((size_t)-1)

/* How gred's run of the first keep live passes of alive on the module
** ends, in a forked copy: 0 they ran, a signal number if they crashed,
** RUN_FAILED if they failed otherwise (an error, IR that does not
** verify), RUN_UNKNOWN if gred's MLIR does not know a pass. */
static int prefix_end(const pipeline_reducer *p, const unsigned char *alive,
	size_t keep)
{
	size_t n = p->tree.nnodes + p->tree.nopts;
	unsigned char *less = xmalloc(n ? n : 1);
	gred_buf text = {0}, out = {0};
	prefix_job j;
	gred_error e;
	int end = 0, sig;

	memcpy(less, alive, n);
	if (keep != ALL_PASSES)
		keep_first(p, less, keep);
	print_list(&text, &p->tree, less, -1);
	j.op = *p->cur;
	j.anchor = p->tree.nodes[0].name;
	j.pipeline = text.data;
	j.verify_each = p->rb.verify_each;
	j.print = 0;
	if (proc_call(&out, prefix_fn, &j, &e) != 0)
		end = sscanf(e.msg, "crashed with signal %d", &sig) == 1 ? sig :
			RUN_FAILED;
	else if (out.len == 7 && !memcmp(out.data, "unknown", 7))
		end = RUN_UNKNOWN;
	buf_free(&text);
	buf_free(&out);
	free(less);
	return end;
}

static int prefix_fails(const pipeline_reducer *p, size_t keep)
{
	int end = prefix_end(p, p->alive, keep);

	return end == RUN_UNKNOWN ? -1 : end != 0;
}

/* The live passes of alive. */
static size_t live_passes(const pipeline_reducer *p, const unsigned char *alive)
{
	size_t i, k = 0;

	for (i = 0; i < p->tree.nnodes; i++)
		k += !p->tree.nodes[i].group && ancestors_alive(p, alive, (int)i);
	return k;
}

/*
** gred's own MLIR as a judge before the test. When the best crashes in
** gred's run too, at its last pass (the passes before it run), with
** signal S, a candidate pipeline the program keeps is likely interesting
** only if gred's run of it crashes with S at its last pass too; the
** others are not tested (most are passes a lowering needs: without them
** the last pass fails another way, or does not fail). The best's answer,
** S or 0 (no prediction: every candidate is tested), is kept until the
** best changes.
*/
static int oracle_signal(pipeline_reducer *p)
{
	size_t n;
	int end;

	if (p->oracle_at.len == p->best->len &&
	    !memcmp(p->oracle_at.data, p->best->data, p->best->len))
		return p->oracle;
	p->oracle_at.len = 0;
	buf_append(&p->oracle_at, p->best->data, p->best->len);
	p->oracle = 0;
	if (!runnable(p) || !(n = live_passes(p, p->alive)))
		return 0;
	end = prefix_end(p, p->alive, ALL_PASSES);
	if (end > 0 && end < RUN_FAILED && prefix_end(p, p->alive, n - 1) == 0)
		p->oracle = end;
	return p->oracle;
}

/* Whether a candidate keeping the program and the units of alive is
** worth a test (see oracle_signal). */
static int predicted(pipeline_reducer *p, const unsigned char *alive)
{
	int sig = oracle_signal(p);
	size_t n;

	if (!sig)
		return 1;
	n = live_passes(p, alive);
	return n && prefix_end(p, alive, ALL_PASSES) == sig &&
		prefix_end(p, alive, n - 1) == 0;
}

typedef struct judge_job {
	MlirContext ctx;
	const char *program;
	size_t len;
	const char *anchor;
	const char *pipeline;
	int verify_each;
} judge_job;

/* In a forked copy of gred: parses a candidate's program and runs the
** pipeline on it; crashes as the pipeline does. */
static int judge_fn(gred_buf *out, void *arg)
{
	judge_job *j = arg;
	MlirPassManager pm;
	MlirOperation op;
	char *program;
	gred_buf msg = {0};
	gred_error e;
	int ok;

	/* MLIR's lexer reads up to a NUL: the program alone, terminated. */
	program = xasprintf("%.*s", (int)j->len, j->program);
	if (ir_parse(&op, j->ctx, program, j->len, "", &e) < 0)
		return -1;
	mlirRegisterAllPasses();
	mlirContextAttachDiagnosticHandler(j->ctx, swallow, NULL, NULL);
	pm = mlirPassManagerCreateOnOperation(j->ctx,
		mlirStringRefCreateFromCString(j->anchor));
	mlirPassManagerEnableVerifier(pm, j->verify_each != 0);
	ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
		mlirPassManagerGetAsOpPassManager(pm),
		mlirStringRefCreateFromCString(j->pipeline), append_message, &msg)) &&
		mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
	buf_free(&msg);
	buf_puts(out, "ran");
	return ok ? 0 : -1;
}

int pipeline_reducer_judge(pipeline_reducer *p, const gred_buf *cand)
{
	judge_job j;
	gred_buf out = {0};
	gred_error e;
	int sig = oracle_signal(p), got;

	if (!sig || cand->len < p->block.len)
		return 1;
	j.ctx = mlirOperationGetContext(*p->cur);
	j.program = cand->data;
	j.len = cand->len - p->block.len;
	j.anchor = p->tree.nodes[0].name;
	j.pipeline = p->text.data;
	j.verify_each = p->rb.verify_each;
	got = proc_call(&out, judge_fn, &j, &e) != 0 &&
		sscanf(e.msg, "crashed with signal %d", &sig) == 1 ? sig : 0;
	buf_free(&out);
	return got == p->oracle;
}

/*
** pl-locate: where the pipeline fails when gred runs it. mlir-opt fails
** inside one pass, and the passes after it never run: the cut that
** keeps the passes up to it is the one pl-tail bisects for, found here
** by gred's own MLIR (the same as the test's, most often) instead of by
** tests. The fewest passes from the front that fail, by bisection over
** forked runs (no test runs); 0 when the whole pipeline does not fail
** in gred, or gred does not know a pass.
*/
static size_t locate_failure(const pipeline_reducer *p, size_t npasses)
{
	size_t lo = 1, hi = npasses, mid;

	if (!runnable(p) || npasses < 2 || prefix_fails(p, npasses) != 1)
		return 0;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (prefix_fails(p, mid) == 1)
			hi = mid;
		else
			lo = mid + 1;
	}
	return hi;
}

/* pl-before: the program the passes before the last one make of the
** current one, with the last pass alone. In new, the module of that
** program (parsed here from the copy's text, as every later candidate is
** made from it), in out the program as the other sources print it.
** 0 when the passes fail or their result is not a module gred can take. */
static int run_prefix(pipeline_reducer *p, const unsigned char *alive,
	MlirOperation *new, gred_buf *out)
{
	const pl_tree *t = &p->tree;
	gred_buf prefix = {0}, printed = {0};
	prefix_job j;
	gred_error e;
	file_view v;
	int made = 0;

	if (!runnable(p))
		return 0;
	print_prefix(&prefix, p, alive);
	j.op = *p->cur;
	j.anchor = t->nodes[0].name;
	j.pipeline = prefix.data;
	j.verify_each = p->rb.verify_each;
	j.print = 1;
	if (proc_call(&printed, prefix_fn, &j, &e) == 0 &&
	    !(printed.len == 7 && !memcmp(printed.data, "unknown", 7))) {
		v.data = printed.data;
		v.len = printed.len;
		v.mapped = 0;
		if (ir_parse_isolated(new, mlirOperationGetContext(*p->cur), &v,
			    "", 1, &e) == 0) {
			if (ir_source_serialize(out, *new, IR_FORMAT_MLIR, &e) == 0)
				made = 1;
			else
				mlirOperationDestroy(*new);
		}
	}
	buf_free(&prefix);
	buf_free(&printed);
	return made;
}

static int level_make(source *s, size_t begin, size_t end, gred_buf *out,
	void **state, gred_error *e)
{
	level_source *l = (level_source *)s;
	pipeline_reducer *p = l->p;
	size_t n = p->tree.nnodes + p->tree.nopts, i;
	level_state *st = xcalloc(1, sizeof(*st));
	gred_buf text = {0};
	int empty;

	(void)e;
	st->alive = xmalloc(n ? n : 1);
	memcpy(st->alive, p->alive, n);
	if (l->level == PIPELINE_BEFORE || l->level == PIPELINE_BEFORE_GROW) {
		if (!run_prefix(p, p->alive, &st->op, out)) {
			free(st->alive);
			free(st);
			return 0;
		}
		/* All passes but the last go. */
		for (i = 0; i < p->tree.nnodes; i++)
			if (!p->tree.nodes[i].group &&
			    ancestors_alive(p, p->alive, (int)i))
				st->alive[i] = 0;
		for (i = p->tree.nnodes; i-- > 0;)
			if (!p->tree.nodes[i].group &&
			    ancestors_alive(p, p->alive, (int)i)) {
				st->alive[i] = 1;
				break;
			}
	} else if (l->level == PIPELINE_LOCATE) {
		keep_first(p, st->alive, l->keep);
	} else {
		for (i = begin; i < end && i < l->nunits; i++)
			st->alive[l->units[i]] = 0;
		if (!predicted(p, st->alive)) {
			free(st->alive);
			free(st);
			return 0;
		}
	}
	print_list(&text, &p->tree, st->alive, -1);
	/* A crash that needs no pass at all is found by the first candidate
	** without passes; a program reduced further rarely makes one. */
	for (i = 0; i < p->tree.nnodes; i++)
		if (!p->tree.nodes[i].group && ancestors_alive(p, st->alive, (int)i))
			break;
	empty = i == p->tree.nnodes;
	if ((empty && p->tried_empty) || !strcmp(text.data, p->text.data)) {
		buf_free(&text);
		if (!mlirOperationIsNull(st->op))
			mlirOperationDestroy(st->op);
		out->len = 0;
		free(st->alive);
		free(st);
		return 0;
	}
	p->tried_empty |= empty;
	if (mlirOperationIsNull(st->op))
		buf_append(out, p->best->data, program_len(p));
	repro_block_write(out, &p->rb, text.data);

	buf_free(&text);
	*state = st;
	return 1;
}

static void level_accept(source *s, void *state, const gred_buf *bytes)
{
	level_source *l = (level_source *)s;
	pipeline_reducer *p = l->p;
	level_state *st = state;

	(void)bytes;  /* the program, then the block written here */
	memcpy(p->alive, st->alive, p->tree.nnodes + p->tree.nopts);
	if (!mlirOperationIsNull(st->op)) {
		mlirOperationDestroy(*p->cur);
		*p->cur = st->op;
	}
	free(st->alive);
	free(st);
	p->text.len = 0;
	print_list(&p->text, &p->tree, p->alive, -1);
	p->block.len = 0;
	repro_block_write(&p->block, &p->rb, p->text.data);
	/* The cut pl-locate found is the one pl-tail looks for. */
	if (l->level == PIPELINE_LOCATE) {
		p->levels[PIPELINE_TAIL].cut_at.len = 0;
		buf_puts(&p->levels[PIPELINE_TAIL].cut_at, p->text.data);
	}
}

static void level_drop(source *s, void *state)
{
	level_state *st = state;

	(void)s;
	if (!st)
		return;
	if (!mlirOperationIsNull(st->op))
		mlirOperationDestroy(st->op);
	free(st->alive);
	free(st);
}

int pipeline_reducer_new(pipeline_reducer **out, const gred_buf *best,
	gred_error *e)
{
	pipeline_reducer *p;
	repro_block rb;
	size_t n, i;
	int found;

	*out = NULL;
	found = repro_block_find(&rb, best->data, best->len, e);
	if (found <= 0)
		return found;
	p = xcalloc(1, sizeof(*p));
	p->rb = rb;
	if (tree_parse(&p->tree, rb.pipeline, e) < 0) {
		repro_block_free(&p->rb);
		free(p);
		return -1;
	}
	p->best = best;
	n = p->tree.nnodes + p->tree.nopts;
	p->alive = xmalloc(n ? n : 1);
	memset(p->alive, 1, n);
	print_list(&p->text, &p->tree, p->alive, -1);
	buf_append(&p->block, best->data + rb.start, best->len - rb.start);
	for (i = 0; i < PIPELINE_LEVELS; i++) {
		level_source *l = &p->levels[i];

		l->p = p;
		l->level = (int)i;
		l->units = xcalloc(n ? n : 1, sizeof(*l->units));
		l->base.name = level_names[i];
		l->base.count = level_count;
		l->base.make = level_make;
		l->base.accept = level_accept;
		l->base.drop = level_drop;
		if (i == PIPELINE_TAIL)
			l->base.cut = PASS_CUT_TAIL;
		if (i == PIPELINE_HEAD)
			l->base.cut = PASS_CUT_HEAD;
		/* Larger files, but fewer passes: the reduction still ends. */
		l->base.grows = i == PIPELINE_BEFORE_GROW;
	}
	*out = p;
	return 0;
}

void pipeline_reducer_set_module(pipeline_reducer *p, MlirOperation *cur)
{
	p->cur = cur;
}

source *pipeline_reducer_source(pipeline_reducer *p, int level)
{
	return &p->levels[level].base;
}

int pipeline_reducer_owns(const pipeline_reducer *p, const source *s)
{
	size_t i;

	for (i = 0; i < PIPELINE_LEVELS; i++)
		if (s == &p->levels[i].base)
			return 1;
	return 0;
}

const gred_buf *pipeline_reducer_block(const pipeline_reducer *p)
{
	return &p->block;
}

const char *pipeline_reducer_pipeline(const pipeline_reducer *p)
{
	return p->text.data;
}

void pipeline_reducer_free(pipeline_reducer *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < PIPELINE_LEVELS; i++) {
		free(p->levels[i].units);
		buf_free(&p->levels[i].cut_at);
	}
	tree_free(&p->tree);
	repro_block_free(&p->rb);
	free(p->alive);
	buf_free(&p->block);
	buf_free(&p->text);
	buf_free(&p->oracle_at);
	free(p);
}

/*
** Candidates of a local pass made in the maker's copy without cloning the
** module: only the top-level ops holding the chunk's targets are cloned,
** changed, verified and printed; the text of the others comes from the
** module's last print, cut at its top-level ops.
*/
#include "source.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlir_io.h"

/* A top-level op and its text in the print. */
typedef struct splice_piece {
	MlirOperation op;
	size_t start, len;
	int closed;     /* isolated from above, with no symbol inside */
} splice_piece;

struct ir_splice {
	gred_buf text;          /* the module's print */
	size_t head;            /* its first line's length: `module {` */
	splice_piece *v;
	size_t n;
	int ready;              /* text and v are of the module as it is */
	/* What the print likely is, tried before printing it anew. */
	gred_buf hint;
	int usable;             /* the text is its pieces in order, nothing else */
	/* The targets p listed, while the module has not changed. */
	const pass *listed;
	pass_targets list;
	/* Top-level op to piece index, open addressing (a null key: empty). */
	MlirOperation *keys;
	size_t *index, cap;
};

ir_splice *ir_splice_new(void)
{
	return xcalloc(1, sizeof(ir_splice));
}

void ir_splice_free(ir_splice *s)
{
	if (!s)
		return;
	buf_free(&s->text);
	buf_free(&s->hint);
	free(s->v);
	pass_targets_free(&s->list);
	free(s->keys);
	free(s->index);
	free(s);
}

void ir_splice_stale(ir_splice *s, const char *hint, size_t len, int file)
{
	size_t i, e;

	if (!s)
		return;
	s->ready = 0;
	s->listed = NULL;
	s->hint.len = 0;
	if (!hint || !len)
		return;
	if (!file || len < 7 || !memcmp(hint, "module", 6)) {
		buf_append(&s->hint, hint, len);
		return;
	}
	/* The file drops the implicit module and its indent (finish_mlir
	** in ir_source.c): put back. */
	buf_puts(&s->hint, "module {\n");
	for (i = 0; i < len; i = e) {
		const char *nl = memchr(hint + i, '\n', len - i);

		e = nl ? (size_t)(nl - hint) + 1 : len;
		if (e - i > 1)
			buf_append(&s->hint, "  ", 2);
		buf_append(&s->hint, hint + i, e - i);
	}
	buf_puts(&s->hint, "}\n");
}

static size_t slot_of(const ir_splice *s, MlirOperation op)
{
	size_t h = ((uintptr_t)op.ptr >> 4) * 0x9e3779b97f4a7c15ull;

	for (h &= s->cap - 1; s->keys[h].ptr && s->keys[h].ptr != op.ptr;
	     h = (h + 1) & (s->cap - 1))
		;
	return h;
}

static void map_pieces(ir_splice *s)
{
	size_t i, h;

	for (s->cap = 16; s->cap < 2 * s->n; s->cap *= 2)
		;
	free(s->keys);
	free(s->index);
	s->keys = xcalloc(s->cap, sizeof(*s->keys));
	s->index = xcalloc(s->cap, sizeof(*s->index));
	for (i = 0; i < s->n; i++) {
		h = slot_of(s, s->v[i].op);
		s->keys[h] = s->v[i].op;
		s->index[h] = i;
	}
}

/* The piece of top-level op op, or s->n. */
static size_t piece_of(const ir_splice *s, MlirOperation op)
{
	size_t h = slot_of(s, op);

	return s->keys[h].ptr ? s->index[h] : s->n;
}

static MlirBlock body_of(MlirOperation module)
{
	return mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
}

typedef struct symbol_find {
	MlirOperation root;
	int found;
} symbol_find;

static MlirWalkResult symbol_cb(MlirOperation op, void *user)
{
	symbol_find *f = user;

	if (mlirOperationEqual(op, f->root) || mlirAttributeIsNull(
	    mlirOperationGetAttributeByName(op,
		    mlirStringRefCreateFromCString("sym_name"))))
		return MlirWalkResultAdvance;
	f->found = 1;
	return MlirWalkResultInterrupt;
}

/* A top-level op whose change no other op can see but through its own
** attributes: isolated, and defining no symbol inside. */
static int is_closed(MlirOperation op)
{
	symbol_find f = {op, 0};

	if (!ir_is_isolated(op))
		return 0;
	mlirOperationWalk(op, symbol_cb, &f, MlirWalkPreOrder);
	return !f.found;
}

/* op's print alone, each line indented two spaces as in its module's. */
static int print_piece(gred_buf *out, MlirOperation op)
{
	gred_buf one = {0};
	gred_error e;
	size_t s, i;

	if (ir_print(&one, op, IR_PRINT_VERIFIED | IR_PRINT_LOCAL, &e) < 0) {
		buf_free(&one);
		return -1;
	}
	for (s = 0; s < one.len; s = i) {
		const char *nl = memchr(one.data + s, '\n', one.len - s);

		i = nl ? (size_t)(nl - one.data) + 1 : one.len;
		if (i - s > 1)
			buf_append(out, "  ", 2);
		buf_append(out, one.data + s, i - s);
	}
	buf_free(&one);
	return 0;
}

/*
** Cuts the print at the module's top-level ops, each printed alone and
** checked against it: what the module's printer does differently (an
** alias named module-wide, resources after the ops) shows as a
** mismatch, and then nothing is spliced. Every top-level op must be
** without results, so no value is seen from one to another; a module
** of one op has nothing to splice.
*/
static void cut(ir_splice *s, MlirOperation module)
{
	MlirOperation op;
	gred_buf one = {0};
	const char *nl = memchr(s->text.data, '\n', s->text.len);
	size_t pos, cap = 0;

	s->ready = 1;
	s->usable = 0;
	s->n = 0;
	s->listed = NULL;
	op = mlirBlockGetFirstOperation(body_of(module));
	if (!nl || mlirOperationIsNull(op) ||
	    mlirOperationIsNull(mlirOperationGetNextInBlock(op)))
		return;
	s->head = pos = (size_t)(nl - s->text.data) + 1;
	for (; !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
		one.len = 0;
		if (mlirOperationGetNumResults(op) || print_piece(&one, op) < 0 ||
		    one.len > s->text.len - pos ||
		    memcmp(one.data, s->text.data + pos, one.len))
			goto done;
		if (s->n == cap) {
			cap = cap ? 2 * cap : 64;
			s->v = xrealloc(s->v, cap * sizeof(*s->v));
		}
		s->v[s->n].op = op;
		s->v[s->n].start = pos;
		s->v[s->n].len = one.len;
		s->v[s->n].closed = is_closed(op);
		s->n++;
		pos += one.len;
	}
	/* After the ops, the closing brace and line ends only. */
	s->usable = s->n >= 2 && pos < s->text.len &&
		s->text.data[pos] == '}' &&
		strspn(s->text.data + pos + 1, "\n") == s->text.len - pos - 1;
	if (s->usable)
		map_pieces(s);
done:
	buf_free(&one);
}

void ir_splice_set_print(ir_splice *s, MlirOperation module,
	const char *text, size_t len)
{
	if (!s)
		return;
	s->text.len = 0;
	buf_append(&s->text, text, len);
	cut(s, module);
}

/* The module's print after a change not made here: the hint if the
** pieces match it, else printed anew. */
static void refresh(ir_splice *s, MlirOperation module)
{
	MlirOperation op = mlirBlockGetFirstOperation(body_of(module));
	gred_error e;

	s->text.len = 0;
	/* One op or none: nothing to splice, no print needed. */
	if (mlirOperationIsNull(op) ||
	    mlirOperationIsNull(mlirOperationGetNextInBlock(op))) {
		s->ready = 1;
		s->usable = 0;
		return;
	}
	if (s->hint.len) {
		buf_append(&s->text, s->hint.data, s->hint.len);
		s->hint.len = 0;
		cut(s, module);
		if (s->usable)
			return;
		s->text.len = 0;
	}
	if (ir_print(&s->text, module, IR_PRINT_VERIFIED, &e) < 0) {
		s->ready = 1;
		s->usable = 0;
		return;
	}
	cut(s, module);
}

/* The top-level op holding op (op itself if top-level), or null. */
static MlirOperation top_of(MlirOperation module, MlirOperation op)
{
	for (;;) {
		MlirOperation p = mlirOperationGetParentOperation(op);

		if (mlirOperationIsNull(p))
			return p;
		if (mlirOperationEqual(p, module))
			return op;
		op = p;
	}
}

/* One top-level op the chunk touches: the original, its clone, and
** its new text. */
typedef struct splice_touch {
	size_t piece;
	MlirOperation orig, copy;
	gred_buf text;
} splice_touch;

/* sub->v[from, to) point into t->orig, in walk order: made to point at
** the same ops of t->copy. 0, or -1 if they are not in walk order. */
static int remap(pass_targets *sub, size_t from, size_t to,
	const splice_touch *t)
{
	edit_ops a = {0}, b = {0};
	size_t i = 0, k;
	int err = 0;

	edit_collect(&a, t->orig, edit_keep_all, NULL);
	edit_collect(&b, t->copy, edit_keep_all, NULL);
	if (a.n != b.n)
		err = -1;
	for (k = from; k < to && !err; k++) {
		while (i < a.n && !mlirOperationEqual(a.v[i], sub->v[k].op))
			i++;
		if (i == a.n)
			err = -1;
		else
			sub->v[k].op = b.v[i];
	}
	edit_ops_free(&a);
	edit_ops_free(&b);
	return err;
}

/* Whether the module's top-level ops are the pieces' with the touched
** ones' copies in their places. */
static int same_tops(const ir_splice *s, MlirOperation module,
	const splice_touch *t, size_t nt)
{
	MlirOperation op = mlirBlockGetFirstOperation(body_of(module));
	size_t i, j = 0;

	for (i = 0; i < s->n; i++, op = mlirOperationGetNextInBlock(op)) {
		MlirOperation want = s->v[i].op;

		if (j < nt && t[j].piece == i)
			want = t[j++].copy;
		if (mlirOperationIsNull(op) || !mlirOperationEqual(op, want))
			return 0;
	}
	return mlirOperationIsNull(op);
}

/* The candidate's whole print: the pieces, the touched ones new. */
static void assemble(gred_buf *out, const ir_splice *s,
	const splice_touch *t, size_t nt)
{
	size_t i, j = 0, end;

	buf_append(out, s->text.data, s->head);
	for (i = 0; i < s->n; i++) {
		if (j < nt && t[j].piece == i) {
			buf_append(out, t[j].text.data, t[j].text.len);
			j++;
		} else {
			buf_append(out, s->text.data + s->v[i].start, s->v[i].len);
		}
	}
	end = s->v[s->n - 1].start + s->v[s->n - 1].len;
	buf_append(out, s->text.data + end, s->text.len - end);
}

/* keep: the change stays (gred accepted it), and the pieces follow. */
static void settle(ir_splice *s, MlirOperation module, splice_touch *t,
	size_t nt, int keep, int spliced, gred_buf *whole)
{
	MlirBlock body = body_of(module);
	size_t i, j, pos;

	for (j = 0; j < nt; j++) {
		if (keep) {
			mlirOperationDestroy(t[j].orig);
			s->v[t[j].piece].op = t[j].copy;
		} else {
			mlirBlockInsertOwnedOperationBefore(body, t[j].copy,
				t[j].orig);
			mlirOperationDestroy(t[j].copy);
		}
	}
	if (!keep)
		return;
	s->listed = NULL;
	if (!spliced) {
		s->ready = 0;
		return;
	}
	/* The new print is the pieces as assemble laid them out. */
	for (i = 0, j = 0, pos = s->head; i < s->n; i++) {
		if (j < nt && t[j].piece == i)
			s->v[i].len = t[j++].text.len;
		s->v[i].start = pos;
		pos += s->v[i].len;
	}
	buf_free(&s->text);
	s->text = *whole;
	memset(whole, 0, sizeof(*whole));
	map_pieces(s);
}

/*
** A candidate of a local pass: each top-level op holding a target of the
** chunk is cloned and the clone takes its place; the pass changes the
** clones (its targets mapped onto them), dead code goes inside them;
** they are verified (with the symbol uses inside them, or the whole
** module if their own attributes changed); their text goes in place of
** the originals' in the last print. Then the originals go back.
*/
int ir_splice_make(ir_splice *s, MlirOperation module, const ir_request *q,
	int keep, gred_buf *out)
{
	MlirBlock body = body_of(module);
	splice_touch *t = NULL;
	pass_targets sub = {0};
	MlirOperation *copies = NULL;
	size_t begin = q->begin, end = q->end, nt = 0, k, j, from;
	gred_buf whole = {0};
	int r = -2, need_all = 0, made = 0, spliced = 0;

	if (!s || !q->p || !pass_is_local(q->p))
		return -2;
	if (!s->ready)
		refresh(s, module);
	if (!s->usable)
		return -2;
	if (s->listed != q->p) {
		s->list.n = 0;
		q->p->list(&s->list, module);
		s->listed = q->p;
	}
	if (end > s->list.n)
		end = s->list.n;
	if (begin >= end)
		return -2;
	/* The top-level ops touched, in order. */
	t = xcalloc(end - begin, sizeof(*t));
	for (k = begin; k < end; k++) {
		MlirOperation op = s->list.v[k].op, top = top_of(module, op);
		size_t i;

		if (mlirOperationIsNull(top) || mlirOperationEqual(top, op))
			goto out;
		i = piece_of(s, top);
		if (i == s->n || !s->v[i].closed)
			goto out;
		if (nt && t[nt - 1].piece == i)
			continue;
		if (nt && t[nt - 1].piece > i)
			goto out;
		t[nt].piece = i;
		t[nt].orig = top;
		nt++;
	}
	/* All of them: cloning the module is as quick. */
	if (nt == s->n)
		goto out;
	for (k = begin; k < end; k++)
		pass_targets_push(&sub, s->list.v[k].op, s->list.v[k].key,
			s->list.v[k].kind, s->list.v[k].val);
	copies = xmalloc(nt * sizeof(*copies));
	for (j = 0, from = 0; j < nt; j++) {
		t[j].copy = mlirOperationClone(t[j].orig);
		copies[j] = t[j].copy;
		for (k = from; k < sub.n &&
		     mlirOperationEqual(top_of(module, sub.v[k].op), t[j].orig); k++)
			;
		if (remap(&sub, from, k, &t[j]) < 0) {
			for (k = 0; k <= j; k++)
				mlirOperationDestroy(t[k].copy);
			goto out;
		}
		from = k;
	}
	for (j = 0; j < nt; j++) {
		mlirBlockInsertOwnedOperationBefore(body, t[j].orig, t[j].copy);
		mlirOperationRemoveFromParent(t[j].orig);
	}
	r = 0;
	if (pass_apply_local(q->p, module, copies, nt, &sub, 0, sub.n,
	    q->flags) <= 0)
		goto settle;
	/* A local pass changed another top-level op: a bug, and the module
	** cannot be put back; the copy ends, gred forks another. */
	if (!same_tops(s, module, t, nt))
		_exit(70);
	for (j = 0; j < nt; j++)
		need_all |= !ir_same_attributes(t[j].orig, t[j].copy);
	if (!keep) {
		gred_error e;

		if (need_all && ir_verify(module, &e) < 0)
			goto settle;
		for (j = 0; j < nt && !need_all; j++)
			if (ir_verify(t[j].copy, &e) < 0 ||
			    ir_verify_symbol_uses(t[j].copy) < 0)
				goto settle;
	}
	made = 1;
	for (j = 0; j < nt; j++)
		if (ir_uses_alias(t[j].copy) || print_piece(&t[j].text,
		    t[j].copy) < 0)
			break;
	if (j == nt) {
		assemble(&whole, s, t, nt);
		spliced = 1;
	} else {
		gred_error e;

		if (ir_print(&whole, module, IR_PRINT_VERIFIED, &e) < 0)
			made = 0;
	}
	buf_append(out, whole.data, whole.len);
	r = made;
settle:
	settle(s, module, t, nt, keep, spliced, &whole);
out:
	for (j = 0; t && j < nt; j++)
		buf_free(&t[j].text);
	free(t);
	free(copies);
	pass_targets_free(&sub);
	buf_free(&whole);
	return r;
}

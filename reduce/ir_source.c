/*
** Candidates from a pass: clone the current module, let the pass change a
** chunk of its targets, verify and serialise; invalid ones never run.
*/
#define _GNU_SOURCE
#include "source.h"

#include <string.h>

#include "mlir_io.h"
#include "tester.h"

typedef struct serialize_job {
	MlirOperation op;
	ir_format format;
} serialize_job;

/* `module {` ... `}` around top-level ops is implicit in MLIR syntax: the
** parser adds it back. Dropped (and the body dedented) unless the module
** has a name or attributes or holds a single module of its own. */
static void strip_module(gred_buf *b)
{
	static const char head[] = "module {\n";
	size_t hl = sizeof(head) - 1, i, o, tops = 0, end;
	const char *close;
	int nested = 0;

	if (b->len < hl || memcmp(b->data, head, hl))
		return;
	close = memmem(b->data, b->len, "\n}\n", 3);
	if (!close)
		return;
	end = (size_t)(close - b->data) + 1;  /* the closing line */
	for (i = hl; i < end; i = (size_t)((char *)memchr(b->data + i, '\n', end - i) - b->data) + 1) {
		if (b->data[i] == ' ' && b->data[i + 1] == ' ' && b->data[i + 2] != ' ' &&
		    b->data[i + 2] != '}' && b->data[i + 2] != '\n') {
			tops++;
			nested |= !strncmp(b->data + i + 2, "module", 6) ||
				!strncmp(b->data + i + 2, "builtin.module", 14);
		}
	}
	if (nested && tops == 1)
		return;
	/* Copy the body without its first two columns, then the rest. */
	for (i = hl, o = 0; i < end; ) {
		if (b->data[i] == ' ' && i + 1 < end && b->data[i + 1] == ' ')
			i += 2;
		while (i < end && b->data[i] != '\n')
			b->data[o++] = b->data[i++];
		if (i < end)
			b->data[o++] = b->data[i++];
	}
	i = end + 2;  /* past "}\n" */
	memmove(b->data + o, b->data + i, b->len - i);
	b->len = o + b->len - i;
}

static int serialize_fn(gred_buf *out, void *arg)
{
	serialize_job *j = arg;
	gred_error e;

	if (j->format != IR_FORMAT_MLIR && ir_verify(j->op, &e) < 0)
		return -1;
	if (ir_serialize(out, j->op, j->format, &e) < 0)
		return -1;
	if (j->format == IR_FORMAT_MLIR) {
		strip_module(out);
		while (out->len >= 2 && out->data[out->len - 1] == '\n' &&
		       out->data[out->len - 2] == '\n')
			out->len--;
	}
	return 0;
}

/* Verification of a candidate runs in a child: release MLIR verifiers
** dereference null on some malformed IR (linalg contraction bodies). */
int ir_source_serialize(gred_buf *out, MlirOperation op, ir_format format,
	gred_error *e)
{
	serialize_job j = {op, format};

	return tester_isolate(out, serialize_fn, &j, e);
}

static size_t ir_count(source *s)
{
	ir_source *is = (ir_source *)s;

	return pass_count(is->p, *is->cur);
}

static int ir_make(source *s, size_t begin, size_t end, gred_buf *out,
	void **state, gred_error *e)
{
	ir_source *is = (ir_source *)s;
	MlirOperation clone = mlirOperationClone(*is->cur);
	gred_error sub;
	int r;

	(void)e;
	r = pass_apply(is->p, clone, begin, end, is->flags, &sub);
	if (r > 0 && ir_source_serialize(out, clone, is->format, &sub) < 0)
		r = 0;
	if (r <= 0) {
		mlirOperationDestroy(clone);
		return 0;
	}
	*state = clone.ptr;
	return 1;
}

static void ir_accept(source *s, void *state, const gred_buf *bytes)
{
	ir_source *is = (ir_source *)s;

	(void)bytes;
	mlirOperationDestroy(*is->cur);
	is->cur->ptr = state;
}

static void ir_drop(source *s, void *state)
{
	(void)s;
	if (state)
		mlirOperationDestroy((MlirOperation){state});
}

void ir_source_init(ir_source *s, const pass *p, MlirOperation *cur,
	ir_format format)
{
	s->base.name = p->name;
	s->base.count = ir_count;
	s->base.make = ir_make;
	s->base.accept = ir_accept;
	s->base.drop = ir_drop;
	s->p = p;
	s->cur = cur;
	s->format = format;
	s->flags = 0;
}

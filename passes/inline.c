/*
** Inlining: replaces an op by the body of one of its single-block
** regions (an scf.if branch, a loop body run once, execute_region).
*/
#include "pass.h"

#include <stdlib.h>

#include "edit.h"

typedef struct target {
	MlirOperation op;
	MlirRegion region;
} target;

typedef struct target_list {
	target *v;
	size_t n, cap;
} target_list;

static void collect(target_list *out, MlirOperation module)
{
	edit_ops l = {0};
	size_t i;

	edit_collect(&l, module, edit_keep_all, NULL);
	for (i = 0; i < l.n; i++) {
		MlirRegion r;

		if (edit_is_boundary(l.v[i]) || edit_is_terminator(l.v[i]))
			continue;
		for (r = mlirOperationGetFirstRegion(l.v[i]); !mlirRegionIsNull(r);
		     r = mlirRegionGetNextInOperation(r)) {
			MlirBlock b = mlirRegionGetFirstBlock(r);
			if (mlirBlockIsNull(b) ||
			    !mlirBlockIsNull(mlirBlockGetNextInRegion(b)))
				continue;
			if (out->n == out->cap) {
				out->cap = out->cap ? 2 * out->cap : 64;
				out->v = xrealloc(out->v, out->cap * sizeof(*out->v));
			}
			out->v[out->n].op = l.v[i];
			out->v[out->n].region = r;
			out->n++;
		}
	}
	edit_ops_free(&l);
}

static size_t inline_count(MlirOperation module)
{
	target_list l = {0};
	size_t n;

	collect(&l, module);
	n = l.n;
	free(l.v);
	return n;
}

/* Moves the body of t.region before t.op, block arguments replaced by
** stand-ins and the op's results by what the terminator yields. */
static void inline_one(target t)
{
	MlirBlock b = mlirRegionGetFirstBlock(t.region);
	MlirOperation term = edit_block_terminator(b), op, next;
	intptr_t i, n = mlirBlockGetNumArguments(b);
	intptr_t nr = mlirOperationGetNumResults(t.op);
	int yields = !mlirOperationIsNull(term) &&
		mlirOperationGetNumOperands(term) == nr;
	edit_set self;

	edit_set_init(&self, &t.op, 1);
	for (i = 0; i < n; i++) {
		MlirValue a = mlirBlockGetArgument(b, i), s;
		if (mlirOpOperandIsNull(mlirValueGetFirstUse(a)))
			continue;
		s = edit_stand_in(t.op, mlirValueGetType(a), &self);
		if (!mlirValueIsNull(s))
			mlirValueReplaceAllUsesOfWith(a, s);
	}
	for (i = 0; yields && i < nr; i++)
		yields = mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(t.op, i)),
			mlirValueGetType(mlirOperationGetOperand(term, i)));
	for (op = mlirBlockGetFirstOperation(b);
	     !mlirOperationIsNull(op) && !mlirOperationEqual(op, term); op = next) {
		next = mlirOperationGetNextInBlock(op);
		mlirOperationMoveBefore(op, t.op);
	}
	for (i = 0; i < nr; i++) {
		MlirValue r = mlirOperationGetResult(t.op, i), s;
		if (mlirOpOperandIsNull(mlirValueGetFirstUse(r)))
			continue;
		s = yields ? mlirOperationGetOperand(term, i) :
			edit_stand_in(t.op, mlirValueGetType(r), &self);
		if (!mlirValueIsNull(s))
			mlirValueReplaceAllUsesOfWith(r, s);
	}
	edit_set_free(&self);
	mlirOperationDestroy(t.op);
}

static int inline_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	target_list l = {0};
	size_t k;
	int r = 0;

	(void)e;
	collect(&l, module);
	if (end > l.n)
		end = l.n;
	/* Inner ops first: an outer inlining then moves the inlined body
	** along. Of an op's regions in the chunk, the first one is used. */
	for (k = end; k-- > begin;) {
		if (k > begin && mlirOperationEqual(l.v[k - 1].op, l.v[k].op))
			continue;
		inline_one(l.v[k]);
		r = 1;
	}
	free(l.v);
	return r;
}

const pass pass_inline = {"inline", inline_count, inline_apply};

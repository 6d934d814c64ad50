/*
** Inlining: replaces an op by the body of one of its single-block
** regions (an scf.if branch, a loop body run once, execute_region).
** Loops whose first iteration is known (scf.for, onnx.Loop) run it: the
** body's arguments take their iteration-0 values (lower bound or 0, the
** initial loop-carried values) and the loop's results what that
** iteration yields; elsewhere arguments and results get stand-ins.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
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

/* v if it may stand for a value of type t (the same type; in ONNX, where
** either type is unknown, any tensor), else no value. */
static MlirValue typed(MlirValue v, MlirType t)
{
	MlirType vt;

	if (mlirValueIsNull(v))
		return v;
	vt = mlirValueGetType(v);
	if (mlirTypeEqual(vt, t) || (!mlirTypeIsANone(vt) &&
	    (mlirTypeIsAOpaque(vt) || mlirTypeIsAOpaque(t))))
		return v;
	return (MlirValue){NULL};
}

static MlirValue operand_or_null(MlirOperation op, intptr_t i)
{
	if (i < 0 || i >= mlirOperationGetNumOperands(op))
		return (MlirValue){NULL};
	return mlirOperationGetOperand(op, i);
}

/* The value block argument i of loop op has in the first iteration, or
** null if unknown. scf.for (lb, ub, step, inits...) body (iv, iters...);
** onnx.Loop (M, cond, v_initial...) body (iteration_num, cond, v...). */
static MlirValue first_iteration_arg(MlirOperation op, MlirValue arg,
	intptr_t i)
{
	MlirType t = mlirValueGetType(arg);

	if (edit_name_is(op, "scf.for"))
		return typed(operand_or_null(op, i == 0 ? 0 : i + 2), t);
	if (edit_name_is(op, "onnx.Loop")) {
		MlirValue v;
		if (i != 0)
			return typed(operand_or_null(op, i), t);
		v = edit_zero(op, t);
		if (mlirValueIsNull(v) && !mlirTypeIsARankedTensor(t)) {
			/* Untyped: the ONNX iteration number is an int64 scalar. */
			MlirContext ctx = mlirTypeGetContext(t);
			v = edit_zero(op, mlirRankedTensorTypeGet(0, NULL,
				mlirIntegerTypeGet(ctx, 64), mlirAttributeGetNull()));
		}
		return v;
	}
	return (MlirValue){NULL};
}

/* What result i of loop op is after one iteration ending in term, or
** null: onnx.Loop yields (cond, v_final..., scan_outputs...) and returns
** (v_final..., scan_outputs...), the scan outputs stacked. */
static MlirValue first_iteration_result(MlirOperation op, MlirOperation term,
	intptr_t i)
{
	MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
	intptr_t ncarried = mlirOperationGetNumOperands(op) - 2;

	if (edit_name_is(op, "onnx.Loop") && i < ncarried)
		return typed(operand_or_null(term, i + 1), t);
	return (MlirValue){NULL};
}

/* Moves the body of t.region before t.op, block arguments replaced by
** their first-iteration values or stand-ins, and the op's results by
** what the terminator yields. */
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
		s = first_iteration_arg(t.op, a, i);
		if (mlirValueIsNull(s))
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
			mlirOperationIsNull(term) ? (MlirValue){NULL} :
			first_iteration_result(t.op, term, i);
		if (mlirValueIsNull(s))
			s = edit_stand_in(t.op, mlirValueGetType(r), &self);
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

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

static int keep_inlinable(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return !edit_is_boundary(op) && !edit_is_terminator(op);
}

/* Targets: (op, region) for the regions of one block. */
static void add_single_block_regions(pass_targets *out, MlirOperation op)
{
	intptr_t i, n = mlirOperationGetNumRegions(op);

	for (i = 0; i < n; i++) {
		MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, i));
		if (!mlirBlockIsNull(b) && mlirBlockIsNull(mlirBlockGetNextInRegion(b)))
			pass_targets_push(out, op, i, 0, 0);
	}
}

static void inline_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_inlinable, add_single_block_regions);
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

/* Moves the body of region `region` of `at` before it, block arguments
** replaced by their first-iteration values or stand-ins, and the op's
** results by what the terminator yields. */
static void inline_one(MlirOperation at, intptr_t region)
{
	MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(at, region));
	MlirOperation term = edit_block_terminator(b), op, next;
	intptr_t i, n = mlirBlockGetNumArguments(b);
	intptr_t nr = mlirOperationGetNumResults(at);
	int yields = !mlirOperationIsNull(term) &&
		mlirOperationGetNumOperands(term) == nr;
	edit_set self;

	edit_set_init(&self, &at, 1);
	for (i = 0; i < n; i++) {
		MlirValue a = mlirBlockGetArgument(b, i), s;
		if (mlirOpOperandIsNull(mlirValueGetFirstUse(a)))
			continue;
		s = first_iteration_arg(at, a, i);
		if (mlirValueIsNull(s))
			s = edit_stand_in(at, mlirValueGetType(a), &self);
		if (!mlirValueIsNull(s))
			mlirValueReplaceAllUsesOfWith(a, s);
	}
	for (i = 0; yields && i < nr; i++)
		yields = mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(at, i)),
			mlirValueGetType(mlirOperationGetOperand(term, i)));
	for (op = mlirBlockGetFirstOperation(b);
	     !mlirOperationIsNull(op) && !mlirOperationEqual(op, term); op = next) {
		next = mlirOperationGetNextInBlock(op);
		mlirOperationMoveBefore(op, at);
	}
	for (i = 0; i < nr; i++) {
		MlirValue r = mlirOperationGetResult(at, i), s;
		if (mlirOpOperandIsNull(mlirValueGetFirstUse(r)))
			continue;
		s = yields ? mlirOperationGetOperand(term, i) :
			mlirOperationIsNull(term) ? (MlirValue){NULL} :
			first_iteration_result(at, term, i);
		if (mlirValueIsNull(s))
			s = edit_stand_in(at, mlirValueGetType(r), &self);
		if (!mlirValueIsNull(s))
			mlirValueReplaceAllUsesOfWith(r, s);
	}
	edit_set_free(&self);
	mlirOperationDestroy(at);
}

static int inline_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	size_t k;
	int r = 0;

	(void)module;
	/* Inner ops first: an outer inlining then moves the inlined body
	** along. Of an op's regions in the chunk, the first one is used. */
	for (k = end; k-- > begin;) {
		if (k > begin && mlirOperationEqual(l->v[k - 1].op, l->v[k].op))
			continue;
		inline_one(l->v[k].op, l->v[k].key);
		r = 1;
	}
	return r;
}

const pass pass_inline = {"inline", inline_list, inline_change};

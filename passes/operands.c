/*
** Edge removal: replaces one operand of an op by an earlier value of the
** same type or a zero constant, or drops it where the ONNX op allows.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "optable.h"
#include "simplify.h"

enum { OMIT, EARLIER, NEAREST, ZERO };

/* A value op may use instead of operand i: same type (any for an ONNX
** graph's results), not the operand itself, defined before op. With
** nearest, the last such value of the innermost scope that has one;
** else the first in program order of the outermost scope. */
static MlirValue earlier(MlirOperation op, intptr_t i, int nearest)
{
	MlirValue cur = mlirOperationGetOperand(op, i), best = {NULL};
	MlirType t = mlirValueGetType(cur);
	/* ONNX ops take any tensor where the import left a type unknown;
	** the op table judges the result where it can */
	int any = edit_is_graph_return(op) || (edit_name_prefix(op, "onnx.") &&
		!mlirTypeIsAShaped(t) && !mlirTypeIsANone(t));
	MlirOperation at = op;

	for (;;) {
		MlirBlock b = mlirOperationGetBlock(at);
		MlirOperation o, parent;
		MlirValue found = {NULL};
		intptr_t k, n;

		if (mlirBlockIsNull(b))
			break;
		n = mlirBlockGetNumArguments(b);
		for (k = 0; k < n && (nearest || mlirValueIsNull(found)); k++) {
			MlirValue a = mlirBlockGetArgument(b, k);
			MlirType at_t = mlirValueGetType(a);
			if (!mlirValueEqual(a, cur) && (mlirTypeEqual(at_t, t) ||
			    (any && !mlirTypeIsANone(at_t))))
				found = a;
		}
		for (o = mlirBlockGetFirstOperation(b);
		     (nearest || mlirValueIsNull(found)) && !mlirOperationIsNull(o) &&
		     !mlirOperationEqual(o, at); o = mlirOperationGetNextInBlock(o)) {
			n = mlirOperationGetNumResults(o);
			for (k = 0; k < n && (nearest || mlirValueIsNull(found)); k++) {
				MlirValue r = mlirOperationGetResult(o, k);
				MlirType rt = mlirValueGetType(r);
				if (!mlirValueEqual(r, cur) && (mlirTypeEqual(rt, t) ||
				    (any && !mlirTypeIsANone(rt))))
					found = r;
			}
		}
		if (!mlirValueIsNull(found) && nearest)
			return found;
		if (!mlirValueIsNull(found))
			best = found;  /* outer scopes overwrite inner ones */
		parent = mlirBlockGetParentOperation(b);
		if (mlirOperationIsNull(parent) || edit_is_boundary(parent))
			break;
		at = parent;
	}
	return best;
}

/* A zero of type t as a new constant before op, or null. */
static MlirValue zero(MlirOperation op, MlirType t)
{
	MlirContext ctx = mlirTypeGetContext(t);
	int onnx = edit_name_prefix(op, "onnx.") || edit_is_graph_return(op);
	MlirAttribute z;
	MlirOperationState st;
	MlirOperation c;
	MlirNamedAttribute na;

	if (mlirTypeIsARankedTensor(t) || mlirTypeIsAVector(t)) {
		MlirType el = mlirShapedTypeGetElementType(t);
		if (!mlirShapedTypeHasStaticShape(t) || !simp_is_number(el) ||
		    (mlirTypeIsARankedTensor(t) &&
		     !mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(t))) ||
		    (mlirTypeIsAIndex(el) && !onnx && mlirTypeIsARankedTensor(t)))
			return (MlirValue){NULL};
		z = mlirDenseElementsAttrSplatGet(t, simp_scalar(el, 0));
	} else if (!onnx && simp_is_number(t)) {
		z = simp_scalar(t, 0);
	} else {
		return (MlirValue){NULL};
	}
	if (onnx && !mlirTypeIsARankedTensor(t))
		return (MlirValue){NULL};
	mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("arith"));
	st = mlirOperationStateGet(mlirStringRefCreateFromCString(
		onnx ? "onnx.Constant" : "arith.constant"),
		mlirOperationGetLocation(op));
	mlirOperationStateAddResults(&st, 1, &t);
	na = mlirNamedAttributeGet(mlirIdentifierGet(ctx,
		mlirStringRefCreateFromCString("value")), z);
	mlirOperationStateAddAttributes(&st, 1, &na);
	c = mlirOperationCreate(&st);
	mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, c);
	return mlirOperationGetResult(c, 0);
}

static int is_constant(MlirValue v)
{
	MlirOperation o;

	if (!mlirValueIsAOpResult(v))
		return 0;
	o = mlirOpResultGetOwner(v);
	return mlirOperationGetNumOperands(o) == 0 &&
		(edit_name_is(o, "onnx.Constant") || edit_name_is(o, "arith.constant") ||
		 edit_name_is(o, "onnx.NoValue"));
}

/* The first optional input of an ONNX op the table knows; INTPTR_MAX
** if none may go. */
static intptr_t first_optional(MlirOperation op)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
	char name[64];
	const opt_entry *ent;

	if (!edit_name_prefix(op, "onnx.") || s.length - 5 >= sizeof(name))
		return INTPTR_MAX;
	memcpy(name, s.data + 5, s.length - 5);
	name[s.length - 5] = 0;
	ent = optable_find(name);
	return ent ? ent->min_in : INTPTR_MAX;
}

static int keep_op(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return mlirOperationGetNumOperands(op) > 0;
}

/* Choices for each operand of op: omit it, an earlier or the nearest
** same-typed value, a zero. */
static void add_operand_choices(pass_targets *l, MlirOperation op)
{
	intptr_t k, n = mlirOperationGetNumOperands(op);
	intptr_t opt = first_optional(op);

	for (k = 0; k < n; k++) {
		MlirValue v = mlirOperationGetOperand(op, k);
		MlirValue a = earlier(op, k, 0), b = earlier(op, k, 1);

		if (k >= opt && !mlirTypeIsANone(mlirValueGetType(v)))
			pass_targets_push(l, op, k, OMIT, 0);
		if (!mlirValueIsNull(a))
			pass_targets_push(l, op, k, EARLIER, 0);
		if (!mlirValueIsNull(b) && !mlirValueEqual(a, b))
			pass_targets_push(l, op, k, NEAREST, 0);
		if (!is_constant(v) && !mlirTypeIsANone(mlirValueGetType(v)))
			pass_targets_push(l, op, k, ZERO, 0);
	}
}

static void operands_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_op, add_operand_choices);
}

/* A graph input (an argument of a top-level function) that ONNX ops no
** longer use once another value of the graph took its place goes in the
** same change: otherwise the candidate is no smaller until the args pass
** drops it. Not for a new zero: in ONNX a Constant node costs more bytes
** than the input it would replace, and nothing turns it back. */
static void drop_freed_inputs(const MlirValue *freed, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		MlirBlock b = mlirBlockArgumentGetOwner(freed[k]);
		MlirOperation f = mlirBlockGetParentOperation(b);
		intptr_t i, na = mlirBlockGetNumArguments(b);
		int *keep, any = 0;

		if (!mlirOpOperandIsNull(mlirValueGetFirstUse(freed[k])))
			continue;
		keep = xmalloc((size_t)na * sizeof(*keep));
		for (i = 0; i < na; i++) {
			keep[i] = !mlirValueEqual(mlirBlockGetArgument(b, i), freed[k]);
			any |= !keep[i];
		}
		if (any)
			edit_func_drop_args(f, keep);
		free(keep);
	}
}

static int is_graph_input(MlirValue v)
{
	MlirOperation f;

	if (!mlirValueIsABlockArgument(v))
		return 0;
	f = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
	return !mlirOperationIsNull(f) && edit_name_is(f, "func.func") &&
		edit_is_top_level(f);
}

static int listed(const MlirValue *v, size_t n, MlirValue x)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (mlirValueEqual(v[k], x))
			return 1;
	return 0;
}

/* An omitted ONNX input: a none value, or nothing if it is the last. */
static void omit(MlirOperation op, intptr_t i)
{
	intptr_t k, n = mlirOperationGetNumOperands(op);
	MlirValue *v;
	MlirOperationState st;
	MlirOperation nv;
	MlirType none;

	if (i == n - 1) {
		v = xmalloc((size_t)n * sizeof(*v));
		for (k = 0; k < n - 1; k++)
			v[k] = mlirOperationGetOperand(op, k);
		mlirOperationSetOperands(op, n - 1, v);
		free(v);
		return;
	}
	none = mlirNoneTypeGet(mlirOperationGetContext(op));
	st = mlirOperationStateGet(mlirStringRefCreateFromCString("onnx.NoValue"),
		mlirOperationGetLocation(op));
	mlirOperationStateAddResults(&st, 1, &none);
	nv = mlirOperationCreate(&st);
	mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, nv);
	mlirOperationSetOperand(op, i, mlirOperationGetResult(nv, 0));
}

static int operands_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	edit_ops onnx_ops = {0}, rets = {0};
	MlirValue *freed = xmalloc((end - begin + 1) * sizeof(*freed));
	size_t k, nfreed = 0;
	int r = 0;

	/* Last operands first, so omitted trailing inputs all go. */
	for (k = end; k-- > begin;) {
		const pass_target *cd = &l->v[k];
		MlirValue v = {NULL};

		if (!pass_first_choice(l, begin, k))
			continue;
		if (cd->kind == OMIT) {
			omit(cd->op, cd->key);
		} else {
			MlirValue old = mlirOperationGetOperand(cd->op, cd->key);
			v = cd->kind == ZERO ? zero(cd->op, mlirValueGetType(old)) :
				earlier(cd->op, cd->key, cd->kind == NEAREST);
			if (mlirValueIsNull(v))
				continue;
			mlirOperationSetOperand(cd->op, cd->key, v);
			if (cd->kind != ZERO && edit_name_prefix(cd->op, "onnx.") &&
			    is_graph_input(old) && !listed(freed, nfreed, old))
				freed[nfreed++] = old;
		}
		if (edit_is_graph_return(cd->op))
			edit_ops_push(&rets, cd->op);
		else if (edit_name_prefix(cd->op, "onnx."))
			edit_ops_push(&onnx_ops, cd->op);
		r = 1;
	}
	/* An ONNX graph's result now may be a value the import left
	** untyped: the table may know its type. */
	for (k = 0; k < rets.n && r; k++) {
		intptr_t i, n = mlirOperationGetNumOperands(rets.v[k]);
		for (i = 0; i < n; i++) {
			MlirValue v = mlirOperationGetOperand(rets.v[k], i);
			MlirType t;
			if (mlirTypeIsAShaped(mlirValueGetType(v)))
				continue;
			t = infer_known_type(module, v);
			if (mlirTypeIsNull(t))
				r = 0;
			else
				mlirValueSetType(v, t);
		}
		infer_sync_results(rets.v[k]);
	}
	/* An omitted input can change an ONNX op's result shapes. */
	if (infer_forward_ops(module, &onnx_ops) < 0)
		r = 0;
	if (r)
		drop_freed_inputs(freed, nfreed);
	free(freed);
	edit_ops_free(&onnx_ops);
	edit_ops_free(&rets);
	return r;
}

const pass pass_operands = {"operands", operands_list, operands_change};

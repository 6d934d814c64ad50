/*
** Changing the dims of graph inputs and constants, shared by the shapes
** and sizes passes: which values are targets, and making the changes.
*/
#include "reshape.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "infer.h"
#include "simplify.h"

/* A non-splat constant is cut only to at most this many elements; a
** bigger cut waits for the constants pass to splat it. */
#define MAX_COPY 65536

enum { ARG, CONST, RESULT };

int reshape_static_tensor(MlirType t)
{
	return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
		mlirShapedTypeGetRank(t) <= RESHAPE_MAX_RANK;
}

int reshape_static_dim(MlirType t, intptr_t d)
{
	return mlirTypeIsARankedTensor(t) &&
		mlirShapedTypeGetRank(t) <= RESHAPE_MAX_RANK &&
		d < mlirShapedTypeGetRank(t) && !mlirShapedTypeIsDynamicDim(t, d);
}

static MlirAttribute value_attr(MlirOperation op)
{
	return mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString("value"));
}

int reshape_is_const(MlirOperation op)
{
	MlirAttribute a;

	if (!edit_name_is(op, "onnx.Constant") && !edit_name_is(op, "arith.constant"))
		return 0;
	a = value_attr(op);
	if (mlirAttributeIsNull(a) || !(mlirAttributeIsADenseElements(a) ||
	    mlirAttributeIsADenseResourceElements(a)))
		return 0;
	return reshape_static_tensor(mlirAttributeGetType(a)) &&
		simp_is_number(mlirShapedTypeGetElementType(mlirAttributeGetType(a)));
}

static int kind_of(MlirOperation op)
{
	if (edit_name_is(op, "func.func"))
		return ARG;
	return reshape_is_const(op) ? CONST : RESULT;
}

static int keep_target(MlirOperation op, int *skip, void *user)
{
	(void)user;
	if (edit_name_is(op, "func.func")) {
		if (!edit_is_top_level(op))
			*skip = 1;
		return edit_is_top_level(op);
	}
	if (reshape_is_const(op))
		return 1;
	return mlirOperationGetNumOperands(op) == 0 &&
		mlirOperationGetNumResults(op) > 0 &&
		mlirOperationGetNumRegions(op) == 0 && !edit_name_prefix(op, "onnx.");
}

/* How many values target op has: a function's arguments, else results. */
static intptr_t values_of(MlirOperation op)
{
	MlirRegion r;
	MlirBlock b;

	if (kind_of(op) != ARG)
		return mlirOperationGetNumResults(op);
	r = mlirOperationGetFirstRegion(op);
	b = mlirRegionIsNull(r) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(r);
	return mlirBlockIsNull(b) ? 0 : mlirBlockGetNumArguments(b);
}

static void add_values(pass_targets *out, MlirOperation op)
{
	intptr_t k;

	for (k = 0; k < values_of(op); k++)
		pass_targets_push(out, op, k, 0, 0);
}

void reshape_list_values(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_target, add_values);
}

MlirValue reshape_value(MlirOperation op, intptr_t index)
{
	if (kind_of(op) == ARG)
		return mlirBlockGetArgument(mlirRegionGetFirstBlock(
			mlirOperationGetFirstRegion(op)), index);
	return mlirOperationGetResult(op, index);
}

MlirType reshape_type(MlirOperation op, intptr_t index)
{
	if (kind_of(op) == CONST)
		return mlirAttributeGetType(value_attr(op));
	return mlirValueGetType(reshape_value(op, index));
}

static int64_t elements_of(MlirType t)
{
	intptr_t d, r = mlirShapedTypeGetRank(t);
	int64_t n = 1;

	for (d = 0; d < r; d++)
		n *= mlirShapedTypeGetDimSize(t, d);
	return n;
}

static MlirType reshaped(const reshape *s, MlirType old)
{
	int64_t dims[RESHAPE_MAX_RANK];
	intptr_t d, r = mlirShapedTypeGetRank(old), n = 0;

	for (d = 0; d < r; d++)
		if (!s->drop[d])
			dims[n++] = s->dim[d];
	return mlirRankedTensorTypeGet(n, dims, mlirShapedTypeGetElementType(old),
		mlirRankedTensorTypeGetEncoding(old));
}

/* The constant cut to type t: element i of the result is the element of
** the old one at the same coordinates (0 along dropped dims). */
static MlirAttribute cut(MlirAttribute a, MlirType t, const reshape *s)
{
	MlirType old = mlirAttributeGetType(a);
	MlirType el = mlirShapedTypeGetElementType(old);
	intptr_t r = mlirShapedTypeGetRank(old), d;
	int64_t nold = mlirElementsAttrGetNumElements(a), n, i;
	int64_t idx[RESHAPE_MAX_RANK] = {0}, stride[RESHAPE_MAX_RANK];
	MlirAttribute *v, res;
	double x;

	if (mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a))
		return mlirDenseElementsAttrSplatGet(t,
			mlirDenseElementsAttrGetSplatValue(a));
	for (d = r, i = 1; d-- > 0;) {
		stride[d] = i;
		i *= mlirShapedTypeGetDimSize(old, d);
	}
	for (d = 0, n = 1; d < mlirShapedTypeGetRank(t); d++)
		n *= mlirShapedTypeGetDimSize(t, d);
	v = xmalloc((size_t)(n ? n : 1) * sizeof(*v));
	for (i = 0; i < n; i++) {
		int64_t pos = 0;
		for (d = 0; d < r; d++)
			pos += idx[d] * stride[d];
		if (pos >= nold || simp_elem(&x, a, pos) < 0)
			x = 0;
		v[i] = simp_scalar(el, x);
		/* next coordinates, last kept dim fastest */
		for (d = r; d-- > 0;) {
			if (s->drop[d])
				continue;
			if (++idx[d] < s->dim[d])
				break;
			idx[d] = 0;
		}
	}
	res = mlirDenseElementsAttrGet(t, n, v);
	free(v);
	return res;
}

/* Makes the change; 0 if it would copy too much. */
static int apply_one(const reshape *s, infer_changes *c)
{
	MlirValue v = reshape_value(s->op, s->index);
	MlirType old = mlirValueGetType(v), t = reshaped(s,
		reshape_type(s->op, s->index));
	MlirAttribute a;

	switch (kind_of(s->op)) {
	case ARG:
		infer_set_arg_type(s->op, s->index, t);
		break;
	case CONST:
		a = value_attr(s->op);
		if (!(mlirAttributeIsADenseElements(a) &&
		      mlirDenseElementsAttrIsSplat(a)) &&
		    elements_of(t) > MAX_COPY)
			return 0;
		/* an untyped result (a stand-in made for an untyped value)
		** stays untyped; a result typed with other dims than its
		** value (a value_info that disagrees) is left alone, since
		** the dims chosen are the result's */
		if (!mlirTypeEqual(old, mlirAttributeGetType(a))) {
			if (mlirTypeIsAShaped(old) && mlirShapedTypeHasRank(old))
				return 0;
			old = t = mlirValueGetType(v);
		}
		mlirOperationSetAttributeByName(s->op,
			mlirStringRefCreateFromCString("value"),
			cut(a, reshaped(s, mlirAttributeGetType(a)), s));
		mlirValueSetType(v, t);
		break;
	default:
		mlirValueSetType(v, t);
	}
	infer_note(c, v, old);
	return 1;
}

void reshape_choose(reshape_list *l, MlirOperation op, intptr_t index,
	intptr_t d, int what)
{
	reshape *cur = NULL;
	size_t k;
	intptr_t i;
	MlirType t;

	for (k = 0; k < l->n && !cur; k++)
		if (mlirOperationEqual(l->v[k].op, op) && l->v[k].index == index)
			cur = &l->v[k];
	if (!cur) {
		if (l->n == l->cap) {
			l->cap = l->cap ? 2 * l->cap : 16;
			l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
		}
		cur = &l->v[l->n++];
		memset(cur, 0, sizeof(*cur));
		cur->op = op;
		cur->index = index;
		t = reshape_type(op, index);
		for (i = 0; i < mlirShapedTypeGetRank(t); i++)
			cur->dim[i] = mlirShapedTypeGetDimSize(t, i);
	}
	if (cur->drop[d] || cur->chosen[d])
		return;
	cur->chosen[d] = 1;
	if (what == RESHAPE_DROP)
		cur->drop[d] = 1;
	else
		cur->dim[d] = what == RESHAPE_ONE ? 1 : (cur->dim[d] + 1) / 2;
}

int reshape_apply(MlirOperation module, reshape_list *l)
{
	infer_changes c = {0};
	size_t k;
	int r = 0;

	for (k = 0; k < l->n; k++)
		r |= apply_one(&l->v[k], &c);
	if (r && infer_forward(module, &c, NULL) < 0)
		r = 0;
	infer_changes_free(&c);
	free(l->v);
	memset(l, 0, sizeof(*l));
	return r;
}

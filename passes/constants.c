/*
** Constant substitution: dense constants become splats, splats and scalar
** constants move toward 0, 1 and numbers with shorter printed forms.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <string.h>
#include <strings.h>

#include "edit.h"
#include "simplify.h"

/* Ops that only hold a value: no operands, one result, a `value`. */
static MlirAttribute const_value(MlirOperation op)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
	const char *dot = memchr(s.data, '.', s.length);
	size_t n;

	if (!dot || mlirOperationGetNumOperands(op) != 0 ||
	    mlirOperationGetNumResults(op) != 1 ||
	    mlirOperationGetNumRegions(op) != 0)
		return mlirAttributeGetNull();
	dot++;
	n = s.length - (size_t)(dot - s.data);
	if (!((n == 8 && !strncasecmp(dot, "constant", 8)) ||
	      (n == 5 && !strncmp(dot, "const", 5))))
		return mlirAttributeGetNull();
	return mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString("value"));
}

static int keep_const(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return !mlirAttributeIsNull(const_value(op));
}

static void add_numbers(simp_list *l, MlirOperation op, double x, int integer)
{
	double v[SIMP_MAX_NUMBERS];
	int i, n = simp_numbers(v, x, integer);

	for (i = 0; i < n; i++)
		simp_push(l, op, 0, 0, v[i]);
}

/* For each constant, its simpler values: a splat of 0, 1 or its first
** element for a dense one; simpler numbers for splats and scalars. */
static void collect(simp_list *l, MlirOperation module)
{
	edit_ops ops = {0};
	size_t i;

	edit_collect(&ops, module, keep_const, NULL);
	for (i = 0; i < ops.n; i++) {
		MlirAttribute a = const_value(ops.v[i]);
		MlirType t = mlirAttributeGetType(a), el;
		double x;

		if (mlirAttributeIsAInteger(a)) {
			add_numbers(l, ops.v[i], (double)mlirIntegerAttrGetValueInt(a), 1);
			continue;
		}
		if (mlirAttributeIsAFloat(a)) {
			add_numbers(l, ops.v[i], mlirFloatAttrGetValueDouble(a), 0);
			continue;
		}
		if (!mlirTypeIsAShaped(t) || !mlirShapedTypeHasStaticShape(t) ||
		    mlirElementsAttrGetNumElements(a) == 0)
			continue;
		el = mlirShapedTypeGetElementType(t);
		if (!simp_is_number(el) || simp_elem(&x, a, 0) < 0)
			continue;
		if (mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a)) {
			add_numbers(l, ops.v[i], x, simp_is_int(el));
			continue;
		}
		simp_push(l, ops.v[i], 0, 0, 0);
		simp_push(l, ops.v[i], 0, 0, 1);
		if (x != 0 && x != 1)
			simp_push(l, ops.v[i], 0, 0, x);
	}
	edit_ops_free(&ops);
}

static size_t constants_count(MlirOperation module)
{
	return simp_count(module, collect);
}

static int constants_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	simp_list l = {0};
	size_t k;
	int r = 0;

	(void)e;
	collect(&l, module);
	if (end > l.n)
		end = l.n;
	for (k = begin; k < end; k++) {
		simp_cand *c = &l.v[k];
		MlirAttribute a = const_value(c->op), v;
		MlirType t = mlirAttributeGetType(a);

		if (!simp_first_in_chunk(&l, begin, k))
			continue;
		if (mlirTypeIsAShaped(t))
			v = mlirDenseElementsAttrSplatGet(t,
				simp_scalar(mlirShapedTypeGetElementType(t), c->val));
		else
			v = simp_scalar(t, c->val);
		if (mlirAttributeIsNull(v))
			continue;
		mlirOperationSetAttributeByName(c->op,
			mlirStringRefCreateFromCString("value"), v);
		r = 1;
	}
	simp_free(&l);
	return r;
}

const pass pass_constants = {"constants", constants_count, constants_apply};

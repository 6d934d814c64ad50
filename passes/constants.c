/*
** Constant substitution: dense constants become splats, splats and scalar
** constants move toward 0, 1 and numbers with shorter printed forms.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <string.h>
#include <strings.h>

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

static void add_numbers(pass_targets *l, MlirOperation op, double x, int integer)
{
	double v[SIMP_MAX_NUMBERS];
	int i, n = simp_numbers(v, x, integer);

	for (i = 0; i < n; i++)
		pass_targets_push(l, op, 0, 0, v[i]);
}

/* Choices for a constant: a splat of 0, 1 or its first element for a
** dense one; simpler numbers for splats and scalars. */
static void add_simpler_values(pass_targets *l, MlirOperation op)
{
	MlirAttribute a = const_value(op);
	MlirType t = mlirAttributeGetType(a), el;
	double x;

	if (mlirAttributeIsAInteger(a)) {
		add_numbers(l, op, (double)mlirIntegerAttrGetValueInt(a), 1);
		return;
	}
	if (mlirAttributeIsAFloat(a)) {
		add_numbers(l, op, mlirFloatAttrGetValueDouble(a), 0);
		return;
	}
	if (!mlirTypeIsAShaped(t) || !mlirShapedTypeHasStaticShape(t) ||
	    mlirElementsAttrGetNumElements(a) == 0)
		return;
	el = mlirShapedTypeGetElementType(t);
	if (!simp_is_number(el) || simp_elem(&x, a, 0) < 0)
		return;
	if (mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a)) {
		add_numbers(l, op, x, simp_is_int(el));
		return;
	}
	pass_targets_push(l, op, 0, 0, 0);
	pass_targets_push(l, op, 0, 0, 1);
	if (x != 0 && x != 1)
		pass_targets_push(l, op, 0, 0, x);
}

static void constants_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_const, add_simpler_values);
}

static int constants_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	size_t k;
	int r = 0;

	(void)module;
	for (k = begin; k < end; k++) {
		const pass_target *c = &l->v[k];
		MlirAttribute a = const_value(c->op), v;
		MlirType t = mlirAttributeGetType(a);

		if (!pass_first_choice(l, begin, k))
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
	return r;
}

const pass pass_constants = {"constants", constants_list, constants_change};

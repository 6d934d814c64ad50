/*
** Simpler values for the fine-grained passes: smaller numbers and
** element access to constants.
*/
#include "simplify.h"

#include <math.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>

static int add_number(double *out, int n, double x, double v)
{
	int i;

	if (n >= SIMP_MAX_NUMBERS || v == x || isnan(v) || isinf(v))
		return n;
	for (i = 0; i < n; i++)
		if (out[i] == v)
			return n;
	out[n] = v;
	return n + 1;
}

int simp_numbers(double *out, double x, int integer)
{
	int n = 0, digits;

	n = add_number(out, n, x, 0);
	n = add_number(out, n, x, 1);
	if (isnan(x) || isinf(x))
		return n;
	if (integer) {
		if (x < 0)
			n = add_number(out, n, x, -x);
		n = add_number(out, n, x, trunc(x / 2));
		return n;
	}
	n = add_number(out, n, x, trunc(x));
	for (digits = 1; digits <= 3; digits++) {
		char s[64];
		snprintf(s, sizeof(s), "%.*g", digits, x);
		n = add_number(out, n, x, strtod(s, NULL));
	}
	return n;
}

int simp_is_int(MlirType el)
{
	return mlirTypeIsAInteger(el) || mlirTypeIsAIndex(el);
}

int simp_is_number(MlirType el)
{
	return simp_is_int(el) || mlirTypeIsAFloat(el);
}

static int resource_elem(double *out, MlirAttribute a, MlirType el,
	intptr_t pos)
{
	unsigned w;
	int sign;

	if (mlirTypeIsAF32(el)) {
		*out = mlirDenseFloatResourceElementsAttrGetValue(a, pos);
		return 0;
	}
	if (mlirTypeIsAF64(el)) {
		*out = mlirDenseDoubleResourceElementsAttrGetValue(a, pos);
		return 0;
	}
	if (!mlirTypeIsAInteger(el))
		return -1;
	w = mlirIntegerTypeGetWidth(el);
	sign = !mlirIntegerTypeIsUnsigned(el);
	switch (w) {
	case 1: *out = mlirDenseBoolResourceElementsAttrGetValue(a, pos); break;
	case 8: *out = sign ? mlirDenseInt8ResourceElementsAttrGetValue(a, pos) :
		mlirDenseUInt8ResourceElementsAttrGetValue(a, pos); break;
	case 16: *out = sign ? mlirDenseInt16ResourceElementsAttrGetValue(a, pos) :
		mlirDenseUInt16ResourceElementsAttrGetValue(a, pos); break;
	case 32: *out = sign ? (double)mlirDenseInt32ResourceElementsAttrGetValue(a, pos) :
		(double)mlirDenseUInt32ResourceElementsAttrGetValue(a, pos); break;
	case 64: *out = sign ? (double)mlirDenseInt64ResourceElementsAttrGetValue(a, pos) :
		(double)mlirDenseUInt64ResourceElementsAttrGetValue(a, pos); break;
	default: return -1;
	}
	return 0;
}

int simp_elem(double *out, MlirAttribute a, intptr_t pos)
{
	MlirType t = mlirAttributeGetType(a), el;
	MlirAttribute x;

	if (!mlirTypeIsAShaped(t))
		return -1;
	el = mlirShapedTypeGetElementType(t);
	if (!simp_is_number(el))
		return -1;
	if (mlirAttributeIsADenseResourceElements(a))
		return resource_elem(out, a, el, pos);
	if (!mlirAttributeIsADenseElements(a))
		return -1;
	if (!mlirDenseElementsAttrIsSplat(a)) {
		/* elements by flat position, without building an index */
		if (mlirTypeIsAF32(el)) {
			*out = mlirDenseElementsAttrGetFloatValue(a, pos);
			return 0;
		}
		if (mlirTypeIsAF64(el)) {
			*out = mlirDenseElementsAttrGetDoubleValue(a, pos);
			return 0;
		}
		if (mlirTypeIsAInteger(el)) {
			unsigned w = mlirIntegerTypeGetWidth(el);
			int sign = !mlirIntegerTypeIsUnsigned(el);
			switch (w) {
			case 1: *out = mlirDenseElementsAttrGetBoolValue(a, pos); return 0;
			case 8: *out = sign ? mlirDenseElementsAttrGetInt8Value(a, pos) :
				mlirDenseElementsAttrGetUInt8Value(a, pos); return 0;
			case 16: *out = sign ? mlirDenseElementsAttrGetInt16Value(a, pos) :
				mlirDenseElementsAttrGetUInt16Value(a, pos); return 0;
			case 32: *out = sign ? (double)mlirDenseElementsAttrGetInt32Value(a, pos) :
				(double)mlirDenseElementsAttrGetUInt32Value(a, pos); return 0;
			case 64: *out = sign ? (double)mlirDenseElementsAttrGetInt64Value(a, pos) :
				(double)mlirDenseElementsAttrGetUInt64Value(a, pos); return 0;
			default: return -1;
			}
		}
		return -1;
	}
	x = mlirDenseElementsAttrGetSplatValue(a);
	if (mlirAttributeIsAInteger(x)) {
		*out = mlirTypeIsAInteger(el) && mlirIntegerTypeGetWidth(el) == 1 ?
			(double)(mlirIntegerAttrGetValueInt(x) & 1) :
			mlirTypeIsAInteger(el) && mlirIntegerTypeIsUnsigned(el) ?
			(double)mlirIntegerAttrGetValueUInt(x) :
			(double)mlirIntegerAttrGetValueInt(x);
		return 0;
	}
	if (mlirAttributeIsAFloat(x)) {
		*out = mlirFloatAttrGetValueDouble(x);
		return 0;
	}
	return -1;
}

MlirAttribute simp_scalar(MlirType el, double v)
{
	if (simp_is_int(el)) {
		if (mlirTypeIsAInteger(el) && mlirIntegerTypeGetWidth(el) == 1)
			return mlirIntegerAttrGet(el, v != 0 ? 1 : 0);
		return mlirIntegerAttrGet(el, (int64_t)v);
	}
	if (mlirTypeIsAFloat(el))
		return mlirFloatAttrDoubleGet(mlirTypeGetContext(el), el, v);
	return mlirAttributeGetNull();
}

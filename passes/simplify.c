/*
** Simpler values for the fine-grained passes: smaller numbers, element
** access to constants, and candidate lists with one choice per target.
*/
#include "simplify.h"

#include <math.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

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

void simp_push(simp_list *l, MlirOperation op, intptr_t key, int kind,
	double val)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n].op = op;
	l->v[l->n].key = key;
	l->v[l->n].kind = kind;
	l->v[l->n].val = val;
	l->n++;
}

void simp_free(simp_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

int simp_first_in_chunk(const simp_list *l, size_t begin, size_t k)
{
	return k == begin || !mlirOperationEqual(l->v[k - 1].op, l->v[k].op) ||
		l->v[k - 1].key != l->v[k].key;
}

size_t simp_count(MlirOperation module,
	void (*collect)(simp_list *l, MlirOperation module))
{
	simp_list l = {0};
	size_t n;

	collect(&l, module);
	n = l.n;
	simp_free(&l);
	return n;
}

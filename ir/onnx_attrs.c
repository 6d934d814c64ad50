/*
** Small helpers of the ONNX bridge: named-attribute lists, string and
** integer attributes, attribute lookup on operations.
*/
#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"
#include "onnx_internal.h"

void onnx_alist_add(onnx_alist *l, MlirContext ctx, const char *name,
	MlirAttribute a)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = mlirNamedAttributeGet(
		mlirIdentifierGet(ctx, onnx_sref(name)), a);
}

void onnx_alist_free(onnx_alist *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

MlirStringRef onnx_sref(const char *s)
{
	return mlirStringRefCreate(s ? s : "", s ? strlen(s) : 0);
}

MlirAttribute onnx_str_attr(MlirContext ctx, const char *s, size_t n)
{
	return mlirStringAttrGet(ctx, mlirStringRefCreate(s ? s : "", n));
}

MlirAttribute onnx_i64_attr(MlirContext ctx, int64_t v)
{
	return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

MlirAttribute onnx_op_attr(MlirOperation op, const char *name)
{
	return mlirOperationGetAttributeByName(op, onnx_sref(name));
}

int onnx_attr_str(MlirAttribute a, MlirStringRef *s)
{
	if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
		return 0;
	*s = onnx_str_value(a);
	return 1;
}

MlirStringRef onnx_str_value(MlirAttribute a)
{
	MlirStringRef s = mlirStringAttrGetValue(a);

	if (!s.data)
		s.data = "";
	return s;
}

char *onnx_op_name(MlirOperation op)
{
	return ir_strdup(mlirIdentifierStr(mlirOperationGetName(op)));
}

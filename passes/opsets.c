/*
** Opset pruning for ONNX: drops opset imports of other domains than the
** default one (ai.onnx.ml, com.microsoft...), which exporters list whether
** or not a node uses them.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

#define OPSETS "onnx.opset_import"

static MlirAttribute opsets_of(MlirOperation module)
{
	MlirAttribute a = mlirOperationGetAttributeByName(module,
		mlirStringRefCreateFromCString(OPSETS));

	return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a) ? a :
		mlirAttributeGetNull();
}

/* Whether entry e (an OperatorSetIdProto dictionary) names a domain other
** than the default one. */
static int other_domain(MlirAttribute e)
{
	MlirAttribute d;
	MlirStringRef s;

	if (!mlirAttributeIsADictionary(e))
		return 0;
	d = mlirDictionaryAttrGetElementByName(e,
		mlirStringRefCreateFromCString("domain"));
	if (mlirAttributeIsNull(d) || !mlirAttributeIsAString(d))
		return 0;
	s = mlirStringAttrGetValue(d);
	return s.length && !(s.length == 7 && !memcmp(s.data, "ai.onnx", 7));
}

/* Targets: (module, index) of each opset import of another domain. */
static void opsets_list(pass_targets *out, MlirOperation module)
{
	MlirAttribute a = opsets_of(module);
	intptr_t i, n;

	if (mlirAttributeIsNull(a))
		return;
	n = mlirArrayAttrGetNumElements(a);
	for (i = 0; i < n; i++)
		if (other_domain(mlirArrayAttrGetElement(a, i)))
			pass_targets_push(out, module, i, 0, 0);
}

static int opsets_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	MlirAttribute a = opsets_of(module);
	intptr_t i, n, m = 0;
	MlirAttribute *v;
	size_t k;

	if (begin >= end || mlirAttributeIsNull(a))
		return 0;
	n = mlirArrayAttrGetNumElements(a);
	v = xmalloc((size_t)(n ? n : 1) * sizeof(*v));
	for (i = 0; i < n; i++) {
		for (k = begin; k < end && l->v[k].key != i; k++)
			;
		if (k == end)
			v[m++] = mlirArrayAttrGetElement(a, i);
	}
	mlirOperationSetAttributeByName(module,
		mlirStringRefCreateFromCString(OPSETS),
		mlirArrayAttrGet(mlirOperationGetContext(module), m, v));
	free(v);
	return 1;
}

const pass pass_opsets = {"opsets", opsets_list, opsets_change};

/*
** Opset pruning for ONNX: drops opset imports of other domains than the
** default one (ai.onnx.ml, com.microsoft...), which exporters list whether
** or not a node uses them, and the default one's domain field where it
** is written out ("" or "ai.onnx", what an absent field means).
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

#define OPSETS "onnx.opset_import"

static MlirAttribute opsets_of(MlirOperation module)
{
	return edit_array_attr(module, OPSETS);
}

/* The domain field of entry e (an OperatorSetIdProto dictionary), or a
** null attribute. */
static MlirAttribute domain_of(MlirAttribute e)
{
	return edit_dict_string(e, "domain");
}

/* Whether entry e names a domain other than the default one. */
static int other_domain(MlirAttribute e)
{
	MlirAttribute d = domain_of(e);
	MlirStringRef s;

	if (mlirAttributeIsNull(d))
		return 0;
	s = mlirStringAttrGetValue(d);
	return s.length && !(s.length == 7 && !memcmp(s.data, "ai.onnx", 7));
}

/* Targets: (module, index) of each opset import of another domain
** (kind 0: it goes), of each default one with its domain written (kind
** 1: the field goes). */
static void opsets_list(pass_targets *out, MlirOperation module)
{
	MlirAttribute a = opsets_of(module);
	intptr_t i, n;

	if (mlirAttributeIsNull(a))
		return;
	n = mlirArrayAttrGetNumElements(a);
	for (i = 0; i < n; i++) {
		MlirAttribute e = mlirArrayAttrGetElement(a, i);

		if (other_domain(e))
			pass_targets_push(out, module, i, 0, 0);
		else if (!mlirAttributeIsNull(domain_of(e)))
			pass_targets_push(out, module, i, 1, 0);
	}
}

/* Entry e without its domain field. */
static MlirAttribute without_domain(MlirAttribute e)
{
	intptr_t i, n = mlirDictionaryAttrGetNumElements(e), m = 0;
	MlirNamedAttribute *v = xmalloc((size_t)(n ? n : 1) * sizeof(*v));
	MlirAttribute r;

	for (i = 0; i < n; i++) {
		MlirNamedAttribute na = mlirDictionaryAttrGetElement(e, i);
		MlirStringRef k = mlirIdentifierStr(na.name);

		if (!(k.length == 6 && !memcmp(k.data, "domain", 6)))
			v[m++] = na;
	}
	r = mlirDictionaryAttrGet(mlirAttributeGetContext(e), m, v);
	free(v);
	return r;
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
		MlirAttribute e = mlirArrayAttrGetElement(a, i);

		for (k = begin; k < end && l->v[k].key != i; k++)
			;
		if (k == end)
			v[m++] = e;
		else if (l->v[k].kind == 1)
			v[m++] = without_domain(e);
	}
	mlirOperationSetAttributeByName(module,
		mlirStringRefCreateFromCString(OPSETS),
		mlirArrayAttrGet(mlirOperationGetContext(module), m, v));
	free(v);
	return 1;
}

const pass pass_opsets = {"opsets", opsets_list, opsets_change};

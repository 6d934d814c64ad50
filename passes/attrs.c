/*
** Attribute simplification: drops attributes (names, doc strings, optional
** ONNX attributes), moves numbers toward 0 and 1, int lists to 0s or 1s.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "simplify.h"

enum { DROP, NUMBER, ZEROS, ONES };

/* gred's ONNX bookkeeping that may go. The rest stays: opsets,
** initializer marks, regions, and value names (without them the export
** makes up longer ones). */
static const char *const onnx_droppable[] = {
	"onnx.name", "onnx.doc_string", "onnx.producer_name",
	"onnx.producer_version", "onnx.model_version", "onnx.metadata_props",
	"onnx.value_info", "onnx.functions",
	"onnx.training_info", "onnx.quantization_annotation", NULL
};

/* ONNX attributes without a default (onnx/defs): an op without them is
** not a valid node. "OpType.attr" */
static const char *const onnx_required[] = {
	"Cast.to", "Concat.axis", "ConcatFromSequence.axis",
	"MaxPool.kernel_shape", "AveragePool.kernel_shape",
	"LpPool.kernel_shape", "MaxUnpool.kernel_shape",
	"MaxRoiPool.pooled_shape", "LRN.size", "DepthToSpace.blocksize",
	"SpaceToDepth.blocksize", "Einsum.equation", "RandomNormal.shape",
	"RandomUniform.shape", "BitShift.direction", "Scan.num_scan_inputs",
	"TfIdfVectorizer.mode", "TfIdfVectorizer.min_gram_length",
	"TfIdfVectorizer.max_gram_length", "TfIdfVectorizer.max_skip_count",
	"TfIdfVectorizer.ngram_counts", "TfIdfVectorizer.ngram_indexes",
	"Constant.value", "If.then_branch", "If.else_branch", "Loop.body",
	"Scan.body", NULL
};

/* Attributes that later opsets turned into inputs: required before. */
static const struct {
	const char *name;
	int until;  /* required below this opset */
} onnx_required_old[] = {
	{"Unsqueeze.axes", 13}, {"Squeeze.axes", 0}, {"Slice.starts", 10},
	{"Slice.ends", 10}, {"Pad.pads", 11}, {"TopK.k", 10},
	{"Upsample.scales", 9}, {"Reshape.shape", 5}, {"Tile.tiles", 6},
	{"Split.split", 0}, {NULL, 0}
};

static int in_list(const char *const *l, MlirStringRef s)
{
	for (; *l; l++)
		if (strlen(*l) == s.length && !memcmp(*l, s.data, s.length))
			return 1;
	return 0;
}

static int is_onnx(MlirOperation op)
{
	return edit_name_prefix(op, "onnx.");
}

static int required(MlirOperation op, MlirStringRef attr)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
	char key[128];
	int i;

	if (s.length + attr.length + 2 > sizeof(key))
		return 1;
	snprintf(key, sizeof(key), "%.*s.%.*s", (int)(s.length - 5), s.data + 5,
		(int)attr.length, attr.data);
	if (in_list(onnx_required, mlirStringRefCreateFromCString(key)))
		return 1;
	for (i = 0; onnx_required_old[i].name; i++)
		if (!strcmp(onnx_required_old[i].name, key))
			return infer_onnx_opset(op) < onnx_required_old[i].until;
	return 0;
}

static int prefixed(MlirStringRef s, const char *p)
{
	size_t n = strlen(p);

	return s.length >= n && !memcmp(s.data, p, n);
}

/* Whether attribute `name` of op may be dropped or changed at all. */
static int may_change(MlirOperation op, MlirStringRef name)
{
	if (in_list((const char *const[]){"sym_name", "function_type",
		    "value", NULL}, name))
		return 0;
	/* a graph needs a name, which the export takes from the function's
	** symbol when onnx.name is gone; its nodes need none */
	if (prefixed(name, "onnx."))
		return in_list(onnx_droppable, name);
	if (is_onnx(op))
		return !required(op, name);
	return 1;
}

static int int_array(MlirAttribute a, int *all)
{
	intptr_t i, n;

	if (!mlirAttributeIsAArray(a))
		return 0;
	n = mlirArrayAttrGetNumElements(a);
	for (i = 0; i < n; i++)
		if (!mlirAttributeIsAInteger(mlirArrayAttrGetElement(a, i)))
			return 0;
	*all = 2;  /* 0: all zeros, 1: all ones, 2: neither */
	for (i = 0; i < n; i++) {
		int64_t v = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(a, i));
		int k = v == 0 ? 0 : v == 1 ? 1 : 2;
		if (i == 0)
			*all = k;
		else if (*all != k)
			*all = 2;
	}
	return n > 0;
}

/* Targets: (op, attribute position); choices: drop, then simpler values. */
static void add_attr_choices(pass_targets *l, MlirOperation op)
{
	intptr_t k, n = mlirOperationGetNumAttributes(op);

	for (k = 0; k < n; k++) {
		MlirNamedAttribute na = mlirOperationGetAttribute(op, k);
		MlirStringRef name = mlirIdentifierStr(na.name);
		MlirAttribute a = na.attribute;
		double v[SIMP_MAX_NUMBERS];
		int j, m, all;

		if (!may_change(op, name))
			continue;
		pass_targets_push(l, op, k, DROP, 0);
		if (prefixed(name, "onnx."))
			continue;
		if (mlirAttributeIsAInteger(a) &&
		    !mlirAttributeIsABool(a)) {
			MlirType t = mlirAttributeGetType(a);
			int64_t x = mlirIntegerAttrGetValueInt(a);
			if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1)
				continue;
			m = simp_numbers(v, (double)x, 1);
			for (j = 0; j < m; j++)
				pass_targets_push(l, op, k, NUMBER, v[j]);
		} else if (mlirAttributeIsAFloat(a)) {
			m = simp_numbers(v, mlirFloatAttrGetValueDouble(a), 0);
			for (j = 0; j < m; j++)
				pass_targets_push(l, op, k, NUMBER, v[j]);
		} else if (int_array(a, &all)) {
			if (all != 0)
				pass_targets_push(l, op, k, ZEROS, 0);
			if (all != 1)
				pass_targets_push(l, op, k, ONES, 0);
		}
	}
}

/* The module's own attributes, then its ops'. */
static void attrs_list(pass_targets *out, MlirOperation module)
{
	add_attr_choices(out, module);
	pass_collect(out, module, edit_keep_all, add_attr_choices);
}

static MlirAttribute filled(MlirAttribute a, int64_t x)
{
	intptr_t i, n = mlirArrayAttrGetNumElements(a);
	MlirAttribute *v = xmalloc((size_t)n * sizeof(*v)), r;

	for (i = 0; i < n; i++)
		v[i] = mlirIntegerAttrGet(mlirAttributeGetType(
			mlirArrayAttrGetElement(a, i)), x);
	r = mlirArrayAttrGet(mlirAttributeGetContext(a), n, v);
	free(v);
	return r;
}

/* Changes are made after all choices are read: positions shift when an
** attribute goes. */
typedef struct change {
	MlirOperation op;
	MlirIdentifier name;
	MlirAttribute value;  /* null: drop */
} change;

static int attrs_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	change *ch;
	edit_ops onnx_ops = {0};
	size_t k, n = 0;
	int r = 0;

	ch = xcalloc(end > begin ? end - begin : 1, sizeof(*ch));
	for (k = begin; k < end; k++) {
		const pass_target *cd = &l->v[k];
		MlirNamedAttribute na;
		MlirAttribute a, v = {NULL};

		if (!pass_first_choice(l, begin, k))
			continue;
		na = mlirOperationGetAttribute(cd->op, cd->key);
		a = na.attribute;
		if (cd->kind == NUMBER)
			v = simp_scalar(mlirAttributeGetType(a), cd->val);
		else if (cd->kind == ZEROS || cd->kind == ONES)
			v = filled(a, cd->kind == ONES);
		if (cd->kind != DROP && mlirAttributeIsNull(v))
			continue;
		ch[n].op = cd->op;
		ch[n].name = na.name;
		ch[n].value = v;
		n++;
	}
	for (k = 0; k < n; k++) {
		MlirStringRef name = mlirIdentifierStr(ch[k].name);
		if (mlirAttributeIsNull(ch[k].value))
			mlirOperationRemoveAttributeByName(ch[k].op, name);
		else
			mlirOperationSetAttributeByName(ch[k].op, name, ch[k].value);
		if (is_onnx(ch[k].op) && !prefixed(name, "onnx."))
			edit_ops_push(&onnx_ops, ch[k].op);
		r = 1;
	}
	/* ONNX ops whose attributes changed may have other result shapes. */
	if (infer_forward_ops(module, &onnx_ops) < 0)
		r = 0;
	edit_ops_free(&onnx_ops);
	free(ch);
	return r;
}

const pass pass_attrs = {"attrs", attrs_list, attrs_change};

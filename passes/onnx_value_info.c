/*
** value_info pruning for ONNX: drops single entries of a graph's
** value_info (onnx.value_info on the main function or on a subgraph's
** onnx.Yield). The attrs pass drops the whole list in one change when
** the bug does not depend on it; when it does, this pass keeps only the
** entries the bug needs. Entries that repeat a graph input or output come
** first: exporters never write them, and the types they repeat stay on
** the input or output.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

#define VALUE_INFO "onnx.value_info"

static MlirAttribute entries_of(MlirOperation op)
{
	return edit_array_attr(op, VALUE_INFO);
}

/* The name field of entry e (a ValueInfoProto dictionary), or an empty
** string reference. */
static MlirStringRef name_of(MlirAttribute e)
{
	MlirAttribute s = edit_dict_string(e, "name");

	return mlirAttributeIsNull(s) ? mlirStringRefCreate(NULL, 0) :
		mlirStringAttrGetValue(s);
}

static int in_names(MlirAttribute names, MlirStringRef s)
{
	intptr_t i, n;

	if (mlirAttributeIsNull(names) || !mlirAttributeIsAArray(names) ||
	    !s.length)
		return 0;
	n = mlirArrayAttrGetNumElements(names);
	for (i = 0; i < n; i++) {
		MlirAttribute a = mlirArrayAttrGetElement(names, i);

		if (mlirAttributeIsAString(a) &&
		    mlirStringRefEqual(mlirStringAttrGetValue(a), s))
			return 1;
	}
	return 0;
}

/* Whether entry e of op's value_info names one of its graph's inputs or
** outputs (as the main function lists them; a subgraph's are not
** named on its onnx.Yield, so none of its entries count). */
static int repeats_io(MlirOperation op, MlirAttribute e)
{
	MlirStringRef s = name_of(e);

	if (!edit_name_is(op, "func.func"))
		return 0;
	return in_names(mlirOperationGetAttributeByName(op,
			mlirStringRefCreateFromCString("onnx.input_names")), s) ||
		in_names(mlirOperationGetAttributeByName(op,
			mlirStringRefCreateFromCString("onnx.output_names")), s);
}

static int keep_graph(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return ((edit_name_is(op, "func.func") && edit_is_top_level(op)) ||
		edit_name_is(op, "onnx.Yield")) &&
		!mlirAttributeIsNull(entries_of(op));
}

/* Targets: (op, index) of each entry, those repeating an input or
** output of the graph before the others. */
static void add_entries(pass_targets *out, MlirOperation op)
{
	MlirAttribute a = entries_of(op);
	intptr_t i, n = mlirArrayAttrGetNumElements(a);
	int repeat;

	for (repeat = 1; repeat >= 0; repeat--)
		for (i = 0; i < n; i++)
			if (repeats_io(op, mlirArrayAttrGetElement(a, i)) == repeat)
				pass_targets_push(out, op, i, 0, 0);
}

static void value_info_list(pass_targets *out, MlirOperation module)
{
	if (mlirAttributeIsNull(mlirOperationGetAttributeByName(module,
		    mlirStringRefCreateFromCString("onnx.ir_version"))))
		return;
	pass_collect(out, module, keep_graph, add_entries);
}

/* Drops the chosen entries of each op among targets [begin, end); the
** targets of one op are adjacent. An emptied list goes altogether. */
static int value_info_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	size_t first, k;
	int r = 0;

	(void)module;
	for (first = begin; first < end; first = k) {
		MlirOperation op = l->v[first].op;
		MlirAttribute a = entries_of(op);
		intptr_t i, n, m = 0;
		MlirAttribute *v;
		char *drop;
		size_t j;

		for (k = first; k < end && mlirOperationEqual(l->v[k].op, op); k++)
			;
		if (mlirAttributeIsNull(a))
			continue;
		n = mlirArrayAttrGetNumElements(a);
		drop = xcalloc((size_t)(n ? n : 1), 1);
		for (j = first; j < k; j++)
			if (l->v[j].key >= 0 && l->v[j].key < n)
				drop[l->v[j].key] = 1;
		v = xmalloc((size_t)(n ? n : 1) * sizeof(*v));
		for (i = 0; i < n; i++)
			if (!drop[i])
				v[m++] = mlirArrayAttrGetElement(a, i);
		if (m == n) {
			free(v);
			free(drop);
			continue;
		}
		if (m)
			mlirOperationSetAttributeByName(op,
				mlirStringRefCreateFromCString(VALUE_INFO),
				mlirArrayAttrGet(mlirOperationGetContext(op), m, v));
		else
			mlirOperationRemoveAttributeByName(op,
				mlirStringRefCreateFromCString(VALUE_INFO));
		free(v);
		free(drop);
		r = 1;
	}
	return r;
}

const pass pass_value_info = {"value_info", value_info_list,
	value_info_change};

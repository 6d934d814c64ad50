/*
** Value renaming for ONNX: gives graph inputs and node outputs the
** shortest names no value has yet (a, b, ... aa), so names stay unique.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INPUT_NAMES "onnx.input_names"
#define OUTPUT_NAMES "onnx.outputs"

static MlirAttribute names_of(MlirOperation op)
{
	return edit_array_attr(op, edit_name_is(op, "func.func") ?
		INPUT_NAMES : OUTPUT_NAMES);
}

/* Targets: (op, index) of each name longer than one letter. */
static void add_names(pass_targets *out, MlirOperation op)
{
	MlirAttribute a = names_of(op);
	intptr_t i, n;

	if (mlirAttributeIsNull(a))
		return;
	n = mlirArrayAttrGetNumElements(a);
	for (i = 0; i < n; i++) {
		MlirAttribute s = mlirArrayAttrGetElement(a, i);
		if (mlirAttributeIsAString(s) && mlirStringAttrGetValue(s).length > 1)
			pass_targets_push(out, op, i, 0, 0);
	}
}

static int keep_named(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return (edit_name_is(op, "func.func") && edit_is_top_level(op)) ||
		(edit_name_prefix(op, "onnx.") && !edit_name_is(op, "onnx.NoValue"));
}

static void names_list(pass_targets *out, MlirOperation module)
{
	/* only ONNX models name their values this way */
	if (mlirAttributeIsNull(mlirOperationGetAttributeByName(module,
		    mlirStringRefCreateFromCString("onnx.ir_version"))))
		return;
	pass_collect(out, module, keep_named, add_names);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of all named values, sorted, for finding free short ones. */
static char **taken_names(MlirOperation module, size_t *n)
{
	pass_targets l = {0};
	char **v = NULL;
	size_t k, cap = 0;

	pass_collect(&l, module, keep_named, NULL);
	*n = 0;
	for (k = 0; k < l.n; k++) {
		MlirAttribute a = names_of(l.v[k].op);
		intptr_t i, m = mlirAttributeIsNull(a) ? 0 :
			mlirArrayAttrGetNumElements(a);
		for (i = 0; i < m; i++) {
			MlirAttribute s = mlirArrayAttrGetElement(a, i);
			if (!mlirAttributeIsAString(s))
				continue;
			if (*n == cap) {
				cap = cap ? 2 * cap : 64;
				v = xrealloc(v, cap * sizeof(*v));
			}
			v[(*n)++] = xstrndup(mlirStringAttrGetValue(s).data,
				mlirStringAttrGetValue(s).length);
		}
	}
	pass_targets_free(&l);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

static int is_taken(char **v, size_t n, const char *name)
{
	return n && bsearch(&name, v, n, sizeof(*v), cmp_str) != NULL;
}

static int names_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	MlirContext ctx = mlirOperationGetContext(module);
	size_t k, first, ntaken, next = 0;
	char **taken = taken_names(module, &ntaken);
	int r = 0;

	for (first = begin; first < end; first = k) {
		MlirOperation op = l->v[first].op;
		MlirAttribute a = names_of(op);
		intptr_t i, n = mlirArrayAttrGetNumElements(a);
		MlirAttribute *v = xmalloc((size_t)(n ? n : 1) * sizeof(*v));
		char name[16];

		for (i = 0; i < n; i++)
			v[i] = mlirArrayAttrGetElement(a, i);
		for (k = first; k < end && mlirOperationEqual(l->v[k].op, op); k++) {
			do
				edit_short_name(name, next++);
			while (is_taken(taken, ntaken, name));
			v[l->v[k].key] = mlirStringAttrGet(ctx,
				mlirStringRefCreateFromCString(name));
		}
		mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(
			edit_name_is(op, "func.func") ? INPUT_NAMES : OUTPUT_NAMES),
			mlirArrayAttrGet(ctx, n, v));
		free(v);
		r = 1;
	}
	for (k = 0; k < ntaken; k++)
		free(taken[k]);
	free(taken);
	return r;
}

const pass pass_names = {"names", names_list, names_change};

/*
** Argument pruning: drops unused arguments of func.func (graph inputs)
** with their attributes and input names; callers left behind fail to verify.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>

#include "edit.h"

static int keep_func(MlirOperation op, int *skip, void *user)
{
	(void)user;
	if (!edit_name_is(op, "func.func"))
		return 0;
	*skip = 1;
	return 1;
}

static MlirBlock entry_block(MlirOperation f)
{
	MlirRegion r = mlirOperationGetFirstRegion(f);

	return mlirRegionIsNull(r) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(r);
}

/* The unused arguments of all functions, in order. */
static void collect(edit_ops *funcs, int **arg_index, size_t *n,
	MlirOperation module)
{
	size_t i, cap = 0;

	*n = 0;
	*arg_index = NULL;
	edit_collect(funcs, module, keep_func, NULL);
	for (i = 0; i < funcs->n; i++) {
		MlirBlock b = entry_block(funcs->v[i]);
		intptr_t a, na = mlirBlockIsNull(b) ? 0 : mlirBlockGetNumArguments(b);

		for (a = 0; a < na; a++) {
			if (!mlirOpOperandIsNull(mlirValueGetFirstUse(
				    mlirBlockGetArgument(b, a))))
				continue;
			if (*n + 2 > cap) {
				cap = cap ? 2 * cap : 64;
				*arg_index = xrealloc(*arg_index, 2 * cap * sizeof(int));
			}
			(*arg_index)[2 * *n] = (int)i;
			(*arg_index)[2 * *n + 1] = (int)a;
			(*n)++;
		}
	}
}

static size_t args_count(MlirOperation module)
{
	edit_ops funcs = {0};
	int *idx;
	size_t n;

	collect(&funcs, &idx, &n, module);
	free(idx);
	edit_ops_free(&funcs);
	return n;
}

static int args_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	edit_ops funcs = {0};
	int *idx, *keep = NULL, r = 0;
	size_t n, k, cur = (size_t)-1;
	intptr_t na = 0;

	(void)e;
	collect(&funcs, &idx, &n, module);
	if (end > n)
		end = n;
	for (k = begin; k <= end; k++) {
		size_t f = k < end ? (size_t)idx[2 * k] : (size_t)-1;
		if (f != cur && keep) {
			edit_func_drop_args(funcs.v[cur], keep);
			free(keep);
			keep = NULL;
			r = 1;
		}
		if (k == end)
			break;
		if (f != cur) {
			intptr_t a;
			cur = f;
			na = mlirBlockGetNumArguments(entry_block(funcs.v[f]));
			keep = xmalloc((size_t)na * sizeof(int));
			for (a = 0; a < na; a++)
				keep[a] = 1;
		}
		keep[idx[2 * k + 1]] = 0;
	}
	free(keep);
	free(idx);
	edit_ops_free(&funcs);
	return r;
}

const pass pass_args = {"args", args_count, args_apply};

/*
** Output pruning: drops results of func.func (graph outputs), with their
** return operands and output names; what only fed them dies after.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
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

/* Number of results of func.func f (0 if its type is unreadable). */
static size_t num_results(MlirOperation f)
{
	MlirAttribute a = mlirOperationGetAttributeByName(f,
		mlirStringRefCreateFromCString("function_type"));
	MlirType t;

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAType(a))
		return 0;
	t = mlirTypeAttrGetValue(a);
	if (!mlirTypeIsAFunction(t) ||
	    mlirRegionIsNull(mlirOperationGetFirstRegion(f)) ||
	    mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetFirstRegion(f))))
		return 0;
	return (size_t)mlirFunctionTypeGetNumResults(t);
}

static size_t outputs_count(MlirOperation module)
{
	edit_ops l = {0};
	size_t i, n = 0;

	edit_collect(&l, module, keep_func, NULL);
	for (i = 0; i < l.n; i++)
		n += num_results(l.v[i]);
	edit_ops_free(&l);
	return n;
}

static int outputs_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	edit_ops l = {0};
	size_t i, j, base = 0;
	int r = 0;

	(void)e;
	edit_collect(&l, module, keep_func, NULL);
	for (i = 0; i < l.n && base < end; i++) {
		size_t n = num_results(l.v[i]);
		int *keep, any = 0;

		if (base + n > begin && n) {
			keep = xmalloc(n * sizeof(int));
			for (j = 0; j < n; j++) {
				keep[j] = base + j < begin || base + j >= end;
				any |= !keep[j];
			}
			if (any) {
				edit_func_drop_results(l.v[i], keep);
				r = 1;
			}
			free(keep);
		}
		base += n;
	}
	edit_ops_free(&l);
	return r;
}

const pass pass_outputs = {"outputs", outputs_count, outputs_apply};

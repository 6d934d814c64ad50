/*
** Output pruning: drops results of func.func (graph outputs), with their
** return operands and output names; what only fed them dies after.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

/* Number of results of func.func f (0 if its type is unreadable). */
static intptr_t num_results(MlirOperation f)
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
	return mlirFunctionTypeGetNumResults(t);
}

/* Targets: (function, result). */
static void add_results(pass_targets *out, MlirOperation f)
{
	intptr_t j, n = num_results(f);

	for (j = 0; j < n; j++)
		pass_targets_push(out, f, j, 0, 0);
}

static void outputs_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, edit_keep_func, add_results);
}

static int outputs_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	(void)module;
	return pass_drop_slots(l, begin, end, num_results,
		edit_func_drop_results);
}

const pass pass_outputs = {"outputs", outputs_list, outputs_change};

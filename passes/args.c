/*
** Argument pruning: drops unused arguments of func.func (graph inputs)
** with their attributes and input names; callers left behind fail to verify.
*/
#include "pass.h"

static MlirBlock entry_block(MlirOperation f)
{
	MlirRegion r = mlirOperationGetFirstRegion(f);

	return mlirRegionIsNull(r) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(r);
}

static intptr_t num_args(MlirOperation f)
{
	MlirBlock b = entry_block(f);

	return mlirBlockIsNull(b) ? 0 : mlirBlockGetNumArguments(b);
}

/* Targets: (function, argument) for the unused arguments. */
static void add_unused_args(pass_targets *out, MlirOperation f)
{
	intptr_t a, na = num_args(f);

	for (a = 0; a < na; a++)
		if (mlirOpOperandIsNull(mlirValueGetFirstUse(
			    mlirBlockGetArgument(entry_block(f), a))))
			pass_targets_push(out, f, a, 0, 0);
}

static void args_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, edit_keep_func, add_unused_args);
}

static int args_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	(void)module;
	return pass_drop_slots(l, begin, end, num_args, edit_func_drop_args);
}

const pass pass_args = {"args", args_list, args_change};

/*
** Op deletion: removes chunks of the ops inside functions (terminators
** excepted), rewiring every use of a removed result to a stand-in.
** ONNX initializers in use are not listed: a stand-in would be just as
** big, and they go with their last user.
*/
#include "pass.h"

static int keep_op(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	if (edit_name_is(op, "onnx.Constant") &&
	    mlirOperationGetNumOperands(op) == 0 && !edit_is_dead(op) &&
	    mlirOperationGetNumResults(op) == 1)
		return 0;
	return !edit_is_top_level(op) && !edit_is_terminator(op) &&
		!edit_name_is(op, "builtin.module");
}

static void ops_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_op, NULL);
}

const pass pass_ops = {"ops", ops_list, pass_delete_ops};

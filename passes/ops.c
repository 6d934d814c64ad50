/*
** Op deletion: removes chunks of the ops inside functions (terminators
** excepted), rewiring every use of a removed result to a stand-in.
** ONNX initializers in use are not listed: a stand-in would be just as
** big, and they go with their last user.
*/
#include "pass.h"

#include "edit.h"

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

static size_t ops_count(MlirOperation module)
{
	return edit_count(module, keep_op, NULL);
}

static int ops_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	(void)e;
	return edit_delete_range(module, keep_op, NULL, begin, end);
}

const pass pass_ops = {"ops", ops_count, ops_apply};

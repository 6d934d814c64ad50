/*
** Function deletion: removes chunks of the ops directly in a module
** (functions, globals, nested modules); symbol users left dangling make
** the candidate fail verification.
*/
#include "pass.h"

static int keep_top(MlirOperation op, int *skip, void *user)
{
	(void)user;
	if (edit_is_top_level(op) && !edit_name_is(op, "builtin.module")) {
		*skip = 1;
		return 1;
	}
	return 0;
}

static void functions_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_top, NULL);
}

const pass pass_functions = {"functions", functions_list, pass_delete_ops};

/*
** Function deletion: removes chunks of the ops directly in a module
** (functions, globals, nested modules); symbol users left dangling make
** the candidate fail verification.
*/
#include "pass.h"

#include "edit.h"

static int keep_top(MlirOperation op, int *skip, void *user)
{
	(void)user;
	if (edit_is_top_level(op) && !edit_name_is(op, "builtin.module")) {
		*skip = 1;
		return 1;
	}
	return 0;
}

static size_t functions_count(MlirOperation module)
{
	return edit_count(module, keep_top, NULL);
}

static int functions_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	(void)e;
	return edit_delete_range(module, keep_top, NULL, begin, end);
}

const pass pass_functions = {"functions", functions_count, functions_apply};

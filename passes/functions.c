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
	edit_ops l = {0};
	size_t n;

	edit_collect(&l, module, keep_top, NULL);
	n = l.n;
	edit_ops_free(&l);
	return n;
}

static int functions_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	edit_ops l = {0};
	int r = 0;

	(void)e;
	edit_collect(&l, module, keep_top, NULL);
	if (end > l.n)
		end = l.n;
	if (begin < end) {
		edit_delete(l.v + begin, end - begin);
		r = 1;
	}
	edit_ops_free(&l);
	return r;
}

const pass pass_functions = {"functions", functions_count, functions_apply};

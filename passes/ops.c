/*
** Op deletion: removes chunks of the ops inside functions (terminators
** excepted), rewiring every use of a removed result to a stand-in.
*/
#include "pass.h"

#include "edit.h"

static int keep_op(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return !edit_is_top_level(op) && !edit_is_terminator(op) &&
		!edit_name_is(op, "builtin.module");
}

static size_t ops_count(MlirOperation module)
{
	edit_ops l = {0};
	size_t n;

	edit_collect(&l, module, keep_op, NULL);
	n = l.n;
	edit_ops_free(&l);
	return n;
}

static int ops_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	edit_ops l = {0};
	int r = 0;

	(void)e;
	edit_collect(&l, module, keep_op, NULL);
	if (end > l.n)
		end = l.n;
	if (begin < end) {
		edit_delete(l.v + begin, end - begin);
		r = 1;
	}
	edit_ops_free(&l);
	return r;
}

const pass pass_ops = {"ops", ops_count, ops_apply};

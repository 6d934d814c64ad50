/*
** The pass table and what runs around every pass: dead-code elimination
** of the ops a change left without uses.
*/
#include "pass.h"

#include "edit.h"

const pass *const pass_table[] = {
#define PASS(id, name) &pass_##id,
#include "passes.def"
#undef PASS
	NULL
};

static int keep_dead(MlirOperation op, int *skip, void *user)
{
	const edit_set *before = user;

	if (!edit_is_dead(op) || edit_set_has(before, op))
		return 0;
	*skip = 1;  /* goes with its regions */
	return 1;
}

static int keep_any_dead(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return edit_is_dead(op);
}

int pass_apply(const pass *p, MlirOperation module, size_t begin,
	size_t end, int flags, gred_error *e)
{
	edit_ops dead0 = {0}, dead = {0};
	edit_set before;
	int r;

	/* Ops dead from the start stay: maybe the bug needs them, and the
	** op pass deletes them like any other. */
	if (flags & PASS_NO_DCE)
		return p->apply(module, begin, end, e);
	edit_collect(&dead0, module, keep_any_dead, NULL);
	edit_set_init(&before, dead0.v, dead0.n);
	r = p->apply(module, begin, end, e);
	while (r > 0) {
		size_t k;

		dead.n = 0;
		edit_collect(&dead, module, keep_dead, &before);
		if (!dead.n)
			break;
		for (k = dead.n; k-- > 0;)
			mlirOperationDestroy(dead.v[k]);
	}
	edit_set_free(&before);
	edit_ops_free(&dead0);
	edit_ops_free(&dead);
	return r;
}

/*
** The pass table, the target lists every pass numbers its changes by,
** and what runs around every pass: clamping the chunk to the targets and
** dead-code elimination of the ops a change left without uses.
*/
#include "pass.h"

#include <stdlib.h>
#include <string.h>

const pass *const pass_table[] = {
#define PASS(id, name) &pass_##id,
#include "passes.def"
#undef PASS
	NULL
};

/* The local passes (pass_is_local). */
static const pass *const local_passes[] = {
	&pass_ops, &pass_regions, &pass_inline, &pass_operands,
	&pass_constants, &pass_attrs, NULL
};

int pass_is_local(const pass *p)
{
	size_t i;

	for (i = 0; local_passes[i]; i++)
		if (local_passes[i] == p)
			return 1;
	return 0;
}

void pass_targets_push(pass_targets *l, MlirOperation op, intptr_t key,
	int kind, double val)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n].op = op;
	l->v[l->n].key = key;
	l->v[l->n].kind = kind;
	l->v[l->n].val = val;
	l->n++;
}

void pass_targets_free(pass_targets *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void pass_collect(pass_targets *out, MlirOperation module, edit_keep_fn keep,
	pass_add_fn *add)
{
	edit_ops ops = {0};
	size_t i;

	edit_collect(&ops, module, keep, NULL);
	for (i = 0; i < ops.n; i++) {
		if (add)
			add(out, ops.v[i]);
		else
			pass_targets_push(out, ops.v[i], 0, 0, 0);
	}
	edit_ops_free(&ops);
}

int pass_first_choice(const pass_targets *l, size_t begin, size_t k)
{
	return k == begin || !mlirOperationEqual(l->v[k - 1].op, l->v[k].op) ||
		l->v[k - 1].key != l->v[k].key;
}

size_t pass_count(const pass *p, MlirOperation module)
{
	pass_targets l = {0};
	size_t n;

	p->list(&l, module);
	n = l.n;
	pass_targets_free(&l);
	return n;
}

/* p's change on targets [begin, end), the range clamped to its list. */
static int change_chunk(const pass *p, MlirOperation module, size_t begin,
	size_t end)
{
	pass_targets l = {0};
	int r;

	p->list(&l, module);
	if (end > l.n)
		end = l.n;
	if (begin > end)
		begin = end;
	r = p->change(module, &l, begin, end);
	pass_targets_free(&l);
	return r;
}

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

/* While an op is destroyed: the ops inside it (gone with it), and the
** ops defining its operands or its inner ops' (which may die next). */
typedef struct dce_ctx {
	edit_ops *work;
	edit_set *gone;
} dce_ctx;

static MlirWalkResult dce_note(MlirOperation op, void *user)
{
	dce_ctx *c = user;
	intptr_t i, n = mlirOperationGetNumOperands(op);

	edit_set_add(c->gone, op);
	for (i = 0; i < n; i++) {
		MlirValue v = mlirOperationGetOperand(op, i);
		if (mlirValueIsAOpResult(v))
			edit_ops_push(c->work, mlirOpResultGetOwner(v));
	}
	return MlirWalkResultAdvance;
}

/*
** Dead-code elimination after a change, in time linear in the module:
** one walk finds the ops the change left without uses, then a worklist
** follows operands to their defining ops, which die in turn when their
** last user went. Ops dead before the change (in `before`) stay. An op
** may be queued twice or from inside an op destroyed since: `gone`
** holds every op destroyed, and no op is created meanwhile, so an
** address in it is never reused.
*/
static void dce(const MlirOperation *roots, size_t nroots,
	const edit_set *before)
{
	edit_ops work = {0};
	edit_set gone = {0};
	dce_ctx c = {&work, &gone};
	size_t i;

	for (i = 0; i < nroots; i++)
		edit_collect(&work, roots[i], keep_dead, (void *)before);
	while (work.n) {
		MlirOperation op = work.v[--work.n];

		if (edit_set_has(&gone, op) || edit_set_has(before, op) ||
		    !edit_is_dead(op))
			continue;
		mlirOperationWalk(op, dce_note, &c, MlirWalkPreOrder);
		mlirOperationDestroy(op);
	}
	edit_set_free(&gone);
	edit_ops_free(&work);
}

int pass_apply(const pass *p, MlirOperation module, size_t begin,
	size_t end, int flags, gred_error *e)
{
	edit_ops dead0 = {0};
	edit_set before;
	int r;

	(void)e;  /* no pass fails yet */
	/* Ops dead from the start stay: maybe the bug needs them, and the
	** op pass deletes them like any other. */
	if (flags & PASS_NO_DCE)
		return change_chunk(p, module, begin, end);
	edit_collect(&dead0, module, keep_any_dead, NULL);
	edit_set_init(&before, dead0.v, dead0.n);
	r = change_chunk(p, module, begin, end);
	if (r > 0)
		dce(&module, 1, &before);
	edit_set_free(&before);
	edit_ops_free(&dead0);
	return r;
}

int pass_apply_local(const pass *p, MlirOperation module,
	const MlirOperation *roots, size_t nroots, const pass_targets *l,
	size_t begin, size_t end, int flags)
{
	edit_ops dead0 = {0};
	edit_set before;
	size_t i;
	int r;

	if (flags & PASS_NO_DCE)
		return p->change(module, l, begin, end);
	for (i = 0; i < nroots; i++)
		edit_collect(&dead0, roots[i], keep_any_dead, NULL);
	edit_set_init(&before, dead0.v, dead0.n);
	r = p->change(module, l, begin, end);
	if (r > 0)
		dce(roots, nroots, &before);
	edit_set_free(&before);
	edit_ops_free(&dead0);
	return r;
}

int pass_delete_ops(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	MlirOperation *ops;
	size_t k;

	(void)module;
	if (begin >= end)
		return 0;
	ops = xmalloc((end - begin) * sizeof(*ops));
	for (k = begin; k < end; k++)
		ops[k - begin] = l->v[k].op;
	edit_delete(ops, end - begin);
	free(ops);
	return 1;
}

int pass_drop_slots(const pass_targets *l, size_t begin, size_t end,
	intptr_t (*n)(MlirOperation op),
	void (*drop)(MlirOperation op, const int *keep))
{
	size_t k, first;
	int r = 0;

	for (first = begin; first < end; first = k) {
		MlirOperation op = l->v[first].op;
		intptr_t i, ns = n(op);
		int *keep = xmalloc((size_t)(ns ? ns : 1) * sizeof(int));

		for (i = 0; i < ns; i++)
			keep[i] = 1;
		for (k = first; k < end && mlirOperationEqual(l->v[k].op, op); k++)
			keep[l->v[k].key] = 0;
		drop(op, keep);
		free(keep);
		r = 1;
	}
	return r;
}

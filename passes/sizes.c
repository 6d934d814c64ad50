/*
** Size shrinking, the coarse form of shape shrinking: a target is a dim
** size; changing it sets every dim of that size, in all graph inputs and
** constants, to 1. Sizes that must agree (a layer's output channels, the
** next one's input channels) so change together, which choices for
** single dims cannot do; this is how a ResNet's 11 M weights become a few
** hundred numbers in a few tests.
*/
#include "pass.h"

#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>

#include "reshape.h"

/* Calls fn for every dim of every static-shaped target value. */
typedef void dim_fn(MlirOperation op, intptr_t index, intptr_t d,
	int64_t size, void *user);

static void each_dim(MlirOperation module, dim_fn *fn, void *user)
{
	pass_targets values = {0};
	size_t i;
	intptr_t d;

	reshape_list_values(&values, module);
	for (i = 0; i < values.n; i++) {
		MlirOperation op = values.v[i].op;
		intptr_t k = values.v[i].key;
		MlirType t = reshape_type(op, k);

		if (!reshape_static_tensor(t))
			continue;
		for (d = 0; d < mlirShapedTypeGetRank(t); d++)
			fn(op, k, d, mlirShapedTypeGetDimSize(t, d), user);
	}
	pass_targets_free(&values);
}

typedef struct size_list {
	int64_t *v;
	size_t n, cap;
} size_list;

static void add_size(MlirOperation op, intptr_t index, intptr_t d,
	int64_t size, void *user)
{
	size_list *l = user;

	(void)op;
	(void)index;
	(void)d;
	if (size <= 1)
		return;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = size;
}

static int cmp_size_desc(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Targets: the distinct sizes above 1 of the values' dims (as keys),
** largest first. */
static void sizes_list(pass_targets *out, MlirOperation module)
{
	size_list sizes = {0};
	size_t i;

	each_dim(module, add_size, &sizes);
	if (sizes.n)
		qsort(sizes.v, sizes.n, sizeof(*sizes.v), cmp_size_desc);
	for (i = 0; i < sizes.n; i++)
		if (i == 0 || sizes.v[i] != sizes.v[i - 1])
			pass_targets_push(out, (MlirOperation){NULL},
				(intptr_t)sizes.v[i], RESHAPE_ONE, 0);
	free(sizes.v);
}

/* The chosen sizes (targets [begin, end)) and the changes so far. */
typedef struct size_choice {
	const pass_targets *l;
	size_t begin, end;
	reshape_list s;
} size_choice;

static void choose_size(MlirOperation op, intptr_t index, intptr_t d,
	int64_t size, void *user)
{
	size_choice *c = user;
	size_t j;

	for (j = c->begin; j < c->end; j++)
		if (size == c->l->v[j].key)
			reshape_choose(&c->s, op, index, d, RESHAPE_ONE);
}

static int sizes_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	size_choice c = {0};

	c.l = l;
	c.begin = begin;
	c.end = end;
	each_dim(module, choose_size, &c);
	return reshape_apply(module, &c.s);
}

const pass pass_sizes = {"sizes", sizes_list, sizes_change};

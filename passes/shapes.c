/*
** Shape shrinking: drops, sets to 1 or halves one static dim of a graph
** input, a constant or an operand-free op's result, then re-derives types
** downstream.
*/
#include "pass.h"

#include <mlir-c/BuiltinTypes.h>

#include "reshape.h"

/* Each choice (RESHAPE_DROP, _ONE, _HALF) alone, or LINKED: also made to
** the dims of the same size and position in the graph inputs and
** constants that feed the same ops (a Conv's input and weight channels,
** its weight and bias counts). */
enum { LINKED = 4 };

/* The choices of one kind for the dims of one value, where they change
** something (a dropped dim keeps its first index). */
static void add_dims(pass_targets *l, MlirOperation op, intptr_t base,
	MlirType t, int kind)
{
	intptr_t d, r;

	if (!mlirTypeIsARankedTensor(t))
		return;
	r = mlirShapedTypeGetRank(t);
	for (d = 0; d < r; d++) {
		int64_t n;
		int k = kind & ~LINKED;

		/* a dim_param dim stays; the static ones beside it shrink */
		if (!reshape_static_dim(t, d))
			continue;
		n = mlirShapedTypeGetDimSize(t, d);
		if ((k == RESHAPE_ONE && n > 1) || (k == RESHAPE_HALF && n > 2) ||
		    k == RESHAPE_DROP)
			pass_targets_push(l, op, base + d, kind, 0);
	}
}

/* Targets: (op, 64 * value + dim). Choices by kind, coarsest first, so
** that a chunk of ddmin applies one kind to many dims: linked before
** single, then 1, halving, and dropping the dims that are 1. */
static void shapes_list(pass_targets *out, MlirOperation module)
{
	static const int kinds[] = {LINKED | RESHAPE_ONE, RESHAPE_ONE,
		LINKED | RESHAPE_HALF, RESHAPE_HALF, LINKED | RESHAPE_DROP,
		RESHAPE_DROP};
	pass_targets values = {0};
	size_t i, j;

	reshape_list_values(&values, module);
	for (j = 0; j < sizeof(kinds) / sizeof(kinds[0]); j++)
		for (i = 0; i < values.n; i++)
			add_dims(out, values.v[i].op, values.v[i].key * 64,
				reshape_type(values.v[i].op, values.v[i].key),
				kinds[j]);
	pass_targets_free(&values);
}

/* The target (op, index) a value is, if it is one: a top-level
** function's argument or a shrinkable constant. */
static int as_target(MlirValue v, MlirOperation *op, intptr_t *index)
{
	if (mlirValueIsAOpResult(v)) {
		*op = mlirOpResultGetOwner(v);
		*index = mlirOpResultGetResultNumber(v);
		return reshape_is_const(*op);
	}
	*op = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
	*index = mlirBlockArgumentGetArgNumber(v);
	return !mlirOperationIsNull(*op) && edit_name_is(*op, "func.func") &&
		edit_is_top_level(*op);
}

/* The same choice for the dims of the same size at d in the targets
** that are operands of the ops using (op, index). */
static void link(reshape_list *s, MlirOperation op, intptr_t index,
	intptr_t d, int what)
{
	MlirValue v = reshape_value(op, index);
	int64_t size = mlirShapedTypeGetDimSize(reshape_type(op, index), d);
	MlirOpOperand u;

	for (u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
	     u = mlirOpOperandGetNextUse(u)) {
		MlirOperation user = mlirOpOperandGetOwner(u);
		intptr_t i, n = mlirOperationGetNumOperands(user), idx;

		for (i = 0; i < n; i++) {
			MlirValue o = mlirOperationGetOperand(user, i);
			MlirType t = mlirValueGetType(o);
			MlirOperation top;

			if (mlirValueEqual(o, v) || !as_target(o, &top, &idx) ||
			    !reshape_static_dim(t, d) ||
			    mlirShapedTypeGetDimSize(t, d) != size)
				continue;
			reshape_choose(s, top, idx, d, what);
		}
	}
}

static int shapes_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	reshape_list s = {0};
	size_t k;

	/* the first choice for a dim in the chunk is the one made */
	for (k = begin; k < end; k++) {
		const pass_target *cd = &l->v[k];

		reshape_choose(&s, cd->op, cd->key / 64, cd->key % 64,
			cd->kind & ~LINKED);
		if (cd->kind & LINKED)
			link(&s, cd->op, cd->key / 64, cd->key % 64,
				cd->kind & ~LINKED);
	}
	return reshape_apply(module, &s);
}

const pass pass_shapes = {"shapes", shapes_list, shapes_change};

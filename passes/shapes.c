/*
** Shape shrinking: drops, sets to 1 or halves one dim of a graph input, a
** constant or an operand-free op's result, then re-derives types downstream.
** Its coarse form, the sizes pass, sets every dim of one size to 1 at once.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "infer.h"
#include "simplify.h"

#define MAX_RANK 16
/* A non-splat constant is cut only to at most this many elements; a
** bigger cut waits for the constants pass to splat it. */
#define MAX_COPY 65536

/* Each choice (drop, set to 1, halve rounding up) alone, or LINKED: also
** made to the dims of the same size and position in the graph inputs and
** constants that feed the same ops (a Conv's input and weight channels,
** its weight and bias counts). */
enum { DROP, ONE, HALF, LINKED = 4 };
enum { ARG, CONST, RESULT };

static int static_tensor(MlirType t)
{
	return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
		mlirShapedTypeGetRank(t) <= MAX_RANK;
}

static MlirAttribute value_attr(MlirOperation op)
{
	return mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString("value"));
}

static int is_const(MlirOperation op)
{
	MlirAttribute a;

	if (!edit_name_is(op, "onnx.Constant") && !edit_name_is(op, "arith.constant"))
		return 0;
	a = value_attr(op);
	if (mlirAttributeIsNull(a) || !(mlirAttributeIsADenseElements(a) ||
	    mlirAttributeIsADenseResourceElements(a)))
		return 0;
	return static_tensor(mlirAttributeGetType(a)) &&
		simp_is_number(mlirShapedTypeGetElementType(mlirAttributeGetType(a)));
}

static int kind_of(MlirOperation op)
{
	if (edit_name_is(op, "func.func"))
		return ARG;
	return is_const(op) ? CONST : RESULT;
}

/* The choices of one kind for the dims of one value, where they change
** something (a dropped dim keeps its first index). */
static void add_dims(simp_list *l, MlirOperation op, intptr_t base, MlirType t,
	int kind)
{
	intptr_t d, r;

	if (!static_tensor(t))
		return;
	r = mlirShapedTypeGetRank(t);
	for (d = 0; d < r; d++) {
		int64_t n = mlirShapedTypeGetDimSize(t, d);
		int k = kind & ~LINKED;
		if ((k == ONE && n > 1) || (k == HALF && n > 2) || k == DROP)
			simp_push(l, op, base + d, kind, 0);
	}
}

static int keep_target(MlirOperation op, int *skip, void *user)
{
	(void)user;
	if (edit_name_is(op, "func.func")) {
		if (!edit_is_top_level(op))
			*skip = 1;
		return edit_is_top_level(op);
	}
	if (is_const(op))
		return 1;
	return mlirOperationGetNumOperands(op) == 0 &&
		mlirOperationGetNumResults(op) > 0 &&
		mlirOperationGetNumRegions(op) == 0 && !edit_name_prefix(op, "onnx.");
}

static MlirValue target_value(MlirOperation op, intptr_t index)
{
	if (kind_of(op) == ARG)
		return mlirBlockGetArgument(mlirRegionGetFirstBlock(
			mlirOperationGetFirstRegion(op)), index);
	return mlirOperationGetResult(op, index);
}

static MlirType target_type(MlirOperation op, intptr_t index)
{
	if (kind_of(op) == CONST)
		return mlirAttributeGetType(value_attr(op));
	return mlirValueGetType(target_value(op, index));
}

static int64_t elements_of(MlirType t)
{
	intptr_t d, r = mlirShapedTypeGetRank(t);
	int64_t n = 1;

	for (d = 0; d < r; d++)
		n *= mlirShapedTypeGetDimSize(t, d);
	return n;
}

/* How many values target op has: a function's arguments, else results. */
static intptr_t values_of(MlirOperation op)
{
	MlirRegion r;
	MlirBlock b;

	if (kind_of(op) != ARG)
		return mlirOperationGetNumResults(op);
	r = mlirOperationGetFirstRegion(op);
	b = mlirRegionIsNull(r) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(r);
	return mlirBlockIsNull(b) ? 0 : mlirBlockGetNumArguments(b);
}

/* Choices by kind, coarsest first, so that a chunk of ddmin applies
** one kind to many dims: linked before single, then 1, halving, and
** dropping the dims that are 1. */
static void collect(simp_list *l, MlirOperation module)
{
	static const int kinds[] = {LINKED | ONE, ONE, LINKED | HALF, HALF,
		LINKED | DROP, DROP};
	edit_ops ops = {0};
	size_t i, j;
	intptr_t k;

	edit_collect(&ops, module, keep_target, NULL);
	for (j = 0; j < sizeof(kinds) / sizeof(kinds[0]); j++)
		for (i = 0; i < ops.n; i++)
			for (k = 0; k < values_of(ops.v[i]); k++)
				add_dims(l, ops.v[i], k * 64,
					target_type(ops.v[i], k), kinds[j]);
	edit_ops_free(&ops);
}

static size_t shapes_count(MlirOperation module)
{
	return simp_count(module, collect);
}

/* The new type of one value: its dims changed by the choices. */
typedef struct reshape {
	MlirOperation op;
	intptr_t index;             /* argument or result */
	int64_t dim[MAX_RANK];
	int drop[MAX_RANK], chosen[MAX_RANK];
} reshape;

static MlirType reshaped(const reshape *s, MlirType old)
{
	int64_t dims[MAX_RANK];
	intptr_t d, r = mlirShapedTypeGetRank(old), n = 0;

	for (d = 0; d < r; d++)
		if (!s->drop[d])
			dims[n++] = s->dim[d];
	return mlirRankedTensorTypeGet(n, dims, mlirShapedTypeGetElementType(old),
		mlirRankedTensorTypeGetEncoding(old));
}

/* The constant cut to type t: element i of the result is the element of
** the old one at the same coordinates (0 along dropped dims). */
static MlirAttribute cut(MlirAttribute a, MlirType t, const reshape *s)
{
	MlirType old = mlirAttributeGetType(a);
	MlirType el = mlirShapedTypeGetElementType(old);
	intptr_t r = mlirShapedTypeGetRank(old), d;
	int64_t n = mlirElementsAttrGetNumElements(a), i;
	int64_t idx[MAX_RANK] = {0}, stride[MAX_RANK];
	MlirAttribute *v, res;
	double x;

	if (mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a))
		return mlirDenseElementsAttrSplatGet(t,
			mlirDenseElementsAttrGetSplatValue(a));
	for (d = r, i = 1; d-- > 0;) {
		stride[d] = i;
		i *= mlirShapedTypeGetDimSize(old, d);
	}
	for (d = 0, n = 1; d < mlirShapedTypeGetRank(t); d++)
		n *= mlirShapedTypeGetDimSize(t, d);
	v = xmalloc((size_t)(n ? n : 1) * sizeof(*v));
	for (i = 0; i < n; i++) {
		int64_t pos = 0;
		for (d = 0; d < r; d++)
			pos += idx[d] * stride[d];
		if (simp_elem(&x, a, pos) < 0)
			x = 0;
		v[i] = simp_scalar(el, x);
		/* next coordinates, last kept dim fastest */
		for (d = r; d-- > 0;) {
			if (s->drop[d])
				continue;
			if (++idx[d] < s->dim[d])
				break;
			idx[d] = 0;
		}
	}
	res = mlirDenseElementsAttrGet(t, n, v);
	free(v);
	return res;
}

/* Makes the change; 0 if it would copy too much. */
static int apply_one(const reshape *s, infer_changes *c)
{
	MlirValue v = target_value(s->op, s->index);
	MlirType old = mlirValueGetType(v), t = reshaped(s,
		target_type(s->op, s->index));
	MlirAttribute a;

	switch (kind_of(s->op)) {
	case ARG:
		infer_set_arg_type(s->op, s->index, t);
		break;
	case CONST:
		a = value_attr(s->op);
		if (!(mlirAttributeIsADenseElements(a) &&
		      mlirDenseElementsAttrIsSplat(a)) &&
		    elements_of(t) > MAX_COPY)
			return 0;
		/* an untyped result (a stand-in made for an untyped value)
		** stays untyped */
		if (!mlirTypeEqual(old, mlirAttributeGetType(a)))
			old = t = mlirValueGetType(v);
		mlirOperationSetAttributeByName(s->op,
			mlirStringRefCreateFromCString("value"),
			cut(a, reshaped(s, mlirAttributeGetType(a)), s));
		mlirValueSetType(v, t);
		break;
	default:
		mlirValueSetType(v, t);
	}
	infer_note(c, v, old);
	return 1;
}

/* Records choice kind for dim d of target (op, index), once. */
static void choose(reshape **s, size_t *ns, size_t *cap, MlirOperation op,
	intptr_t index, intptr_t d, int kind)
{
	reshape *cur = NULL;
	size_t k;
	intptr_t i;
	MlirType t;

	for (k = 0; k < *ns && !cur; k++)
		if (mlirOperationEqual((*s)[k].op, op) && (*s)[k].index == index)
			cur = &(*s)[k];
	if (!cur) {
		if (*ns == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*s = xrealloc(*s, *cap * sizeof(**s));
		}
		cur = &(*s)[(*ns)++];
		memset(cur, 0, sizeof(*cur));
		cur->op = op;
		cur->index = index;
		t = target_type(op, index);
		for (i = 0; i < mlirShapedTypeGetRank(t); i++)
			cur->dim[i] = mlirShapedTypeGetDimSize(t, i);
	}
	if (cur->drop[d] || cur->chosen[d])
		return;
	cur->chosen[d] = 1;
	if (kind == DROP)
		cur->drop[d] = 1;
	else
		cur->dim[d] = kind == ONE ? 1 : (cur->dim[d] + 1) / 2;
}

/* The target (op, index) a value is, if it is one: a top-level
** function's argument or a shrinkable constant. */
static int as_target(MlirValue v, MlirOperation *op, intptr_t *index)
{
	if (mlirValueIsAOpResult(v)) {
		*op = mlirOpResultGetOwner(v);
		*index = mlirOpResultGetResultNumber(v);
		return is_const(*op);
	}
	*op = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
	*index = mlirBlockArgumentGetArgNumber(v);
	return !mlirOperationIsNull(*op) && edit_name_is(*op, "func.func") &&
		edit_is_top_level(*op);
}

/* The same choice for the dims of the same size at d in the targets
** that are operands of the ops using (op, index). */
static void link(reshape **s, size_t *ns, size_t *cap, MlirOperation op,
	intptr_t index, intptr_t d, int kind)
{
	MlirValue v = target_value(op, index);
	int64_t size = mlirShapedTypeGetDimSize(target_type(op, index), d);
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
			    !static_tensor(t) || mlirShapedTypeGetRank(t) <= d ||
			    mlirShapedTypeGetDimSize(t, d) != size)
				continue;
			choose(s, ns, cap, top, idx, d, kind);
		}
	}
}

/* Makes the changes s (then freed) and re-derives the types downstream;
** 1 if the candidate is made, 0 if nothing changed or it is invalid. */
static int apply_all(MlirOperation module, reshape *s, size_t ns)
{
	infer_changes c = {0};
	size_t k;
	int r = 0;

	for (k = 0; k < ns; k++)
		r |= apply_one(&s[k], &c);
	if (r && infer_forward(module, &c, NULL) < 0)
		r = 0;
	infer_changes_free(&c);
	free(s);
	return r;
}

static int shapes_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	simp_list l = {0};
	reshape *s = NULL;
	size_t k, ns = 0, cap = 0;
	int r = 0;

	(void)e;
	collect(&l, module);
	if (end > l.n)
		end = l.n;
	/* the first choice for a dim in the chunk is the one made */
	for (k = begin; k < end; k++) {
		simp_cand *cd = &l.v[k];

		choose(&s, &ns, &cap, cd->op, cd->key / 64, cd->key % 64,
			cd->kind & ~LINKED);
		if (cd->kind & LINKED)
			link(&s, &ns, &cap, cd->op, cd->key / 64, cd->key % 64,
				cd->kind & ~LINKED);
	}
	r = apply_all(module, s, ns);
	simp_free(&l);
	return r;
}

const pass pass_shapes = {"shapes", shapes_count, shapes_apply};

/*
** The sizes pass: a target is a dim size; changing it sets every dim of
** that size, in all graph inputs and constants, to 1. Sizes that must
** agree (a layer's output channels, the next one's input channels) so
** change together, which choices for single dims cannot do; this is how
** a ResNet's 11 M weights become a few hundred numbers in a few tests.
*/
static int cmp_size_desc(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Calls fn for every dim of every static-shaped target value. */
typedef void dim_fn(MlirOperation op, intptr_t index, intptr_t d,
	int64_t size, void *user);

static void each_dim(MlirOperation module, dim_fn *fn, void *user)
{
	edit_ops ops = {0};
	size_t i;
	intptr_t k, d;

	edit_collect(&ops, module, keep_target, NULL);
	for (i = 0; i < ops.n; i++) {
		for (k = 0; k < values_of(ops.v[i]); k++) {
			MlirType t = target_type(ops.v[i], k);
			if (!static_tensor(t))
				continue;
			for (d = 0; d < mlirShapedTypeGetRank(t); d++)
				fn(ops.v[i], k, d, mlirShapedTypeGetDimSize(t, d), user);
		}
	}
	edit_ops_free(&ops);
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

/* The distinct sizes above 1 of the targets' dims, largest first. */
static void collect_sizes(simp_list *l, MlirOperation module)
{
	size_list sizes = {0};
	size_t i;

	each_dim(module, add_size, &sizes);
	if (sizes.n)
		qsort(sizes.v, sizes.n, sizeof(*sizes.v), cmp_size_desc);
	for (i = 0; i < sizes.n; i++)
		if (i == 0 || sizes.v[i] != sizes.v[i - 1])
			simp_push(l, (MlirOperation){NULL}, (intptr_t)sizes.v[i],
				ONE, 0);
	free(sizes.v);
}

static size_t sizes_count(MlirOperation module)
{
	return simp_count(module, collect_sizes);
}

/* The chosen sizes (candidates [begin, end)) and the changes so far. */
typedef struct size_choice {
	const simp_list *l;
	size_t begin, end;
	reshape *s;
	size_t ns, cap;
} size_choice;

static void choose_size(MlirOperation op, intptr_t index, intptr_t d,
	int64_t size, void *user)
{
	size_choice *c = user;
	size_t j;

	for (j = c->begin; j < c->end; j++)
		if (size == c->l->v[j].key)
			choose(&c->s, &c->ns, &c->cap, op, index, d, ONE);
}

static int sizes_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	simp_list l = {0};
	size_choice c = {0};
	int r;

	(void)e;
	collect_sizes(&l, module);
	c.l = &l;
	c.begin = begin;
	c.end = end > l.n ? l.n : end;
	each_dim(module, choose_size, &c);
	r = apply_all(module, c.s, c.ns);
	simp_free(&l);
	return r;
}

const pass pass_sizes = {"sizes", sizes_count, sizes_apply};

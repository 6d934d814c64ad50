/*
** The TOSA generator: prints MLIR 19 programs (tosa ops from a table of
** shape rules, plus func.call, scf.if, scf.for and dynamic dims) that
** verify and lower by construction; seeded, the same seed gives the same bytes.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "tosa.h"

#define T_MAX_RANK 4
#define T_CAP 4096      /* largest element count of any tensor */
#define T_MAX_ARGS 8    /* tensor arguments of one function */
#define T_MAX_RES 3     /* results of one function */
#define T_MAX_FUNCS 4
#define T_MAX_DEPTH 2   /* nesting of scf regions */

enum { DT_F32, DT_I32, DT_I1 };
#define M_F32 1u
#define M_I32 2u
#define M_I1 4u
#define M_NUM (M_F32 | M_I32)

static const char *const dt_name[] = {"f32", "i32", "i1"};

/* A value's type: a ranked tensor (dyn: the dims printed as ?, their
** sizes are still known) or, with rank -1, the scalar i1. */
typedef struct ttype {
	int dt, rank;
	int64_t dim[T_MAX_RANK];
	unsigned dyn;
} ttype;

typedef struct tval {
	int id; /* printed %vID */
	ttype t;
	int uses;
} tval;

/* What the TOSA spec requires of an op's second operand, made true by
** construction: a shift amount in [0, 31]; a divisor in [1, 7], so
** neither zero nor -1 (INT_MIN / -1 overflows). */
enum { RHS_ANY, RHS_SHIFT, RHS_DIVISOR };

/* How an op's operands, attributes and result follow from its input. */
typedef enum op_rule {
	R_UNARY, R_BINARY, R_COMPARE, R_MUL, R_SHIFT, R_CLAMP, R_CAST, R_REDUCE,
	R_REVERSE,
	R_ARGMAX, R_RESHAPE, R_TRANSPOSE, R_SLICE, R_CONCAT, R_PAD, R_TILE,
	R_MATMUL, R_CONV2D, R_DEPTHWISE, R_AVG_POOL, R_MAX_POOL, R_FC,
	R_SELECT, R_GATHER
} op_rule;

typedef struct tosa_op {
	const char *name;
	op_rule rule;
	unsigned dtypes;    /* of the first operand */
	int rank_lo, rank_hi;
	int dynamic;        /* takes operands with ? dims */
	int rhs;            /* what keeps the second operand in range */
} tosa_op;

static const tosa_op tosa_ops[] = {
	{"add", R_BINARY, M_NUM, 1, 4, 1, RHS_ANY},
	{"sub", R_BINARY, M_NUM, 1, 4, 1, RHS_ANY},
	{"maximum", R_BINARY, M_NUM, 1, 4, 1, RHS_ANY},
	{"minimum", R_BINARY, M_NUM, 1, 4, 1, RHS_ANY},
	{"bitwise_and", R_BINARY, M_I32, 1, 4, 1, RHS_ANY},
	{"bitwise_or", R_BINARY, M_I32, 1, 4, 1, RHS_ANY},
	{"bitwise_xor", R_BINARY, M_I32, 1, 4, 1, RHS_ANY},
	{"logical_and", R_BINARY, M_I1, 1, 4, 1, RHS_ANY},
	{"logical_or", R_BINARY, M_I1, 1, 4, 1, RHS_ANY},
	{"logical_xor", R_BINARY, M_I1, 1, 4, 1, RHS_ANY},
	{"pow", R_BINARY, M_F32, 1, 4, 1, RHS_ANY},
	{"int_div", R_BINARY, M_I32, 1, 4, 1, RHS_DIVISOR},
	{"logical_left_shift", R_BINARY, M_I32, 1, 4, 1, RHS_SHIFT},
	{"logical_right_shift", R_BINARY, M_I32, 1, 4, 1, RHS_SHIFT},
	{"arithmetic_right_shift", R_SHIFT, M_I32, 1, 4, 1, RHS_SHIFT},
	{"mul", R_MUL, M_NUM, 1, 4, 1, RHS_ANY},
	{"equal", R_COMPARE, M_NUM, 1, 4, 1, RHS_ANY},
	{"greater", R_COMPARE, M_NUM, 1, 4, 1, RHS_ANY},
	{"greater_equal", R_COMPARE, M_NUM, 1, 4, 1, RHS_ANY},
	{"abs", R_UNARY, M_NUM, 1, 4, 1, RHS_ANY},
	{"negate", R_UNARY, M_NUM, 1, 4, 1, RHS_ANY},
	{"exp", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"log", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"tanh", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"sigmoid", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"rsqrt", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"reciprocal", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"floor", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"ceil", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"erf", R_UNARY, M_F32, 1, 4, 1, RHS_ANY},
	{"clz", R_UNARY, M_I32, 1, 4, 1, RHS_ANY},
	{"bitwise_not", R_UNARY, M_I32, 1, 4, 1, RHS_ANY},
	{"logical_not", R_UNARY, M_I1, 1, 4, 1, RHS_ANY},
	{"identity", R_UNARY, M_NUM | M_I1, 1, 4, 1, RHS_ANY},
	{"clamp", R_CLAMP, M_NUM, 1, 4, 1, RHS_ANY},
	{"cast", R_CAST, M_NUM | M_I1, 1, 4, 1, RHS_ANY},
	{"reduce_sum", R_REDUCE, M_NUM, 1, 4, 0, RHS_ANY},
	{"reduce_max", R_REDUCE, M_NUM, 1, 4, 0, RHS_ANY},
	{"reduce_min", R_REDUCE, M_NUM, 1, 4, 0, RHS_ANY},
	{"reduce_prod", R_REDUCE, M_NUM, 1, 4, 0, RHS_ANY},
	{"reduce_all", R_REDUCE, M_I1, 1, 4, 0, RHS_ANY},
	{"reduce_any", R_REDUCE, M_I1, 1, 4, 0, RHS_ANY},
	{"reverse", R_REVERSE, M_NUM | M_I1, 1, 4, 0, RHS_ANY},
	{"argmax", R_ARGMAX, M_NUM, 2, 4, 0, RHS_ANY},
	{"reshape", R_RESHAPE, M_NUM, 1, 4, 0, RHS_ANY},
	{"transpose", R_TRANSPOSE, M_NUM, 1, 4, 0, RHS_ANY},
	{"slice", R_SLICE, M_NUM, 1, 4, 0, RHS_ANY},
	{"concat", R_CONCAT, M_NUM, 1, 4, 0, RHS_ANY},
	{"pad", R_PAD, M_NUM, 1, 4, 0, RHS_ANY},
	{"tile", R_TILE, M_NUM, 1, 4, 0, RHS_ANY},
	{"select", R_SELECT, M_NUM, 1, 4, 0, RHS_ANY},
	{"gather", R_GATHER, M_NUM, 3, 3, 0, RHS_ANY},
	{"matmul", R_MATMUL, M_F32, 3, 3, 0, RHS_ANY},
	{"fully_connected", R_FC, M_F32, 2, 2, 0, RHS_ANY},
	{"conv2d", R_CONV2D, M_F32, 4, 4, 0, RHS_ANY},
	{"depthwise_conv2d", R_DEPTHWISE, M_F32, 4, 4, 0, RHS_ANY},
	{"avg_pool2d", R_AVG_POOL, M_F32, 4, 4, 0, RHS_ANY},
	{"max_pool2d", R_MAX_POOL, M_F32, 4, 4, 0, RHS_ANY},
};

#define NOPS ((int)(sizeof(tosa_ops) / sizeof(tosa_ops[0])))

/* A function already written: what a call to it passes and gets. */
typedef struct tfunc {
	int nargs, nres;
	ttype arg[T_MAX_ARGS + 1], res[T_MAX_RES];
} tfunc;

struct tosa_gen {
	gen_options o;
	const tosa_op *ops[NOPS]; /* enabled */
	int nops;
	uint64_t count;
	rng r;
	/* the function being written */
	gred_buf body;
	tval *pool;             /* tensors in scope */
	int np, capp;
	int *idx;               /* index values in scope */
	int nidx, capidx;
	int next;               /* next value id */
	int nargs;
	ttype arg[T_MAX_ARGS + 1];
	int argid[T_MAX_ARGS + 1];
	int cond;               /* id of the i1 argument, or -1 */
	int depth, done;
	tfunc funcs[T_MAX_FUNCS];
	int nfuncs;
};

#define CHANCE(p) rng_chance(&g->r, (p))
#define RANGE(lo, hi) ((int)rng_range(&g->r, (lo), (hi)))

/* Types */

static int64_t numel(const ttype *t)
{
	int64_t n = 1;
	int i;

	for (i = 0; i < t->rank; i++)
		n *= t->dim[i];
	return n;
}

static int same_type(const ttype *a, const ttype *b)
{
	int i;

	if (a->dt != b->dt || a->rank != b->rank || a->dyn != b->dyn)
		return 0;
	for (i = 0; i < a->rank; i++)
		if (a->dim[i] != b->dim[i])
			return 0;
	return 1;
}

static void put_type(gred_buf *b, const ttype *t)
{
	int i;

	if (t->rank < 0) {
		buf_puts(b, dt_name[t->dt]);
		return;
	}
	buf_puts(b, "tensor<");
	for (i = 0; i < t->rank; i++) {
		if (t->dyn >> i & 1)
			buf_puts(b, "?x");
		else
			buf_printf(b, "%lldx", (long long)t->dim[i]);
	}
	buf_printf(b, "%s>", dt_name[t->dt]);
}

static ttype shaped(int dt, int rank, const int64_t *dim)
{
	ttype t;

	memset(&t, 0, sizeof(t));
	t.dt = dt;
	t.rank = rank;
	if (rank > 0)
		memcpy(t.dim, dim, (size_t)rank * sizeof(*dim));
	return t;
}

/* Printing */

static void indent(tosa_gen *g)
{
	int i;

	for (i = 0; i <= g->depth; i++)
		buf_puts(&g->body, "  ");
}

static int add_named(tosa_gen *g, const ttype *t, int id)
{
	tval *v;

	if (g->np == g->capp) {
		g->capp = g->capp ? 2 * g->capp : 128;
		g->pool = xrealloc(g->pool, (size_t)g->capp * sizeof(*g->pool));
	}
	v = &g->pool[g->np];
	v->id = id;
	v->t = *t;
	v->uses = 0;
	return g->np++;
}

static int add_val(tosa_gen *g, const ttype *t)
{
	return add_named(g, t, g->next++);
}

static int add_index(tosa_gen *g)
{
	if (g->nidx == g->capidx) {
		g->capidx = g->capidx ? 2 * g->capidx : 32;
		g->idx = xrealloc(g->idx, (size_t)g->capidx * sizeof(*g->idx));
	}
	g->idx[g->nidx++] = g->next;
	return g->next++;
}

static int index_const(tosa_gen *g, int64_t k)
{
	int id = g->next++;

	indent(g);
	buf_printf(&g->body, "%%v%d = arith.constant %lld : index\n", id,
		(long long)k);
	return id;
}

/* A random element of a constant, printed. */
static void put_elem(tosa_gen *g, int dt)
{
	if (dt == DT_F32)
		buf_printf(&g->body, "%.2f", (double)RANGE(-8, 8) / 4);
	else if (dt == DT_I32)
		buf_printf(&g->body, "%d", RANGE(-4, 4));
	else
		buf_puts(&g->body, CHANCE(0.5) ? "true" : "false");
}

/* The nested [[...]] literal of a dense constant; vals gives the elements
** when not NULL, else they are random. */
static void put_dense(tosa_gen *g, const ttype *t, int level,
	const int64_t *vals, int64_t *k)
{
	int64_t i;

	if (level == t->rank) {
		if (vals)
			buf_printf(&g->body, "%lld", (long long)vals[(*k)++]);
		else
			put_elem(g, t->dt);
		return;
	}
	buf_puts(&g->body, "[");
	for (i = 0; i < t->dim[level]; i++) {
		if (i)
			buf_puts(&g->body, ", ");
		put_dense(g, t, level + 1, vals, k);
	}
	buf_puts(&g->body, "]");
}

/* A tosa.const of type t: given values, a dense literal or a splat. */
static int make_const(tosa_gen *g, const ttype *t, const int64_t *vals)
{
	int v = add_val(g, t);
	int64_t k = 0;

	indent(g);
	buf_printf(&g->body, "%%v%d = \"tosa.const\"() {value = dense<",
		g->pool[v].id);
	if (vals || (numel(t) <= 16 && CHANCE(0.5)))
		put_dense(g, t, 0, vals, &k);
	else
		put_elem(g, t->dt);
	buf_puts(&g->body, "> : ");
	put_type(&g->body, t);
	buf_puts(&g->body, "} : () -> ");
	put_type(&g->body, t);
	buf_puts(&g->body, "\n");
	return v;
}

static int const_ints(tosa_gen *g, int rank, const int64_t *dim,
	const int64_t *vals)
{
	ttype t = shaped(DT_I32, rank, dim);

	return make_const(g, &t, vals);
}

/* A new function argument of type t, or -1 when there are enough. */
static int make_arg(tosa_gen *g, const ttype *t)
{
	int v;

	if (g->nargs >= T_MAX_ARGS)
		return -1;
	v = add_val(g, t);
	g->arg[g->nargs] = *t;
	g->argid[g->nargs++] = g->pool[v].id;
	return v;
}

/* A new leaf of static type t: an argument or a constant. */
static int make_leaf(tosa_gen *g, const ttype *t)
{
	int v = -1;

	if (CHANCE(0.4))
		v = make_arg(g, t);
	return v >= 0 ? v : make_const(g, t, NULL);
}

static int cond_value(tosa_gen *g)
{
	if (g->nidx > 0 && CHANCE(0.5)) {
		int d = g->idx[RANGE(0, g->nidx - 1)];
		int k = index_const(g, RANGE(1, 4)), id = g->next++;

		indent(g);
		buf_printf(&g->body, "%%v%d = arith.cmpi slt, %%v%d, %%v%d : index\n",
			id, d, k);
		return id;
	}
	if (g->cond < 0) {
		ttype t = shaped(DT_I1, -1, NULL);

		g->cond = g->next++;
		g->arg[g->nargs] = t;
		g->argid[g->nargs++] = g->cond;
	}
	return g->cond;
}

/* Operands */

static int matches(const ttype *t, unsigned dts, int rlo, int rhi, int dyn)
{
	return (dts >> t->dt & 1) && t->rank >= rlo && t->rank <= rhi &&
		(dyn || !t->dyn);
}

/* An operand of one of the dtypes and ranks: mostly one in scope, else a
** new leaf. */
static int acquire(tosa_gen *g, unsigned dts, int rlo, int rhi, int dyn)
{
	ttype t;
	int i, n = 0, pick = -1, dts_list[3], ndts = 0;

	if (rhi > g->o.max_rank)
		rhi = g->o.max_rank;
	if (rlo > rhi)
		rhi = rlo;
	if (CHANCE(g->o.pick_rate)) {
		for (i = 0; i < g->np; i++)
			if (matches(&g->pool[i].t, dts, rlo, rhi, dyn) &&
			    RANGE(0, n++) == 0)
				pick = i;
		if (pick >= 0)
			return pick;
	}
	for (i = 0; i < 3; i++)
		if (dts >> i & 1)
			dts_list[ndts++] = i;
	memset(&t, 0, sizeof(t));
	t.dt = dts_list[RANGE(0, ndts - 1)];
	t.rank = RANGE(rlo, rhi);
	for (i = 0; i < t.rank; i++)
		t.dim[i] = RANGE(1, g->o.max_dim);
	for (i = 0; numel(&t) > T_CAP; i = (i + 1) % t.rank)
		t.dim[i] = (t.dim[i] + 1) / 2;
	return make_leaf(g, &t);
}

/* A value of exactly type t: one in scope, else a new leaf (static t),
** else -1. */
static int exact(tosa_gen *g, const ttype *t)
{
	int i, n = 0, pick = -1;

	for (i = 0; i < g->np; i++)
		if (same_type(&g->pool[i].t, t) && RANGE(0, n++) == 0)
			pick = i;
	if (pick >= 0 && (t->dyn || CHANCE(g->o.pick_rate)))
		return pick;
	return t->dyn ? -1 : make_leaf(g, t);
}

/* Writes `%vN = tosa.NAME %a, %b ATTRS : (A, B) -> OUT` and returns the
** result's pool index. */
static int emit(tosa_gen *g, const char *name, const int *in, int nin,
	const char *attrs, const ttype *out)
{
	int i, v;

	for (i = 0; i < nin; i++)
		g->pool[in[i]].uses++;
	v = add_val(g, out);
	indent(g);
	buf_printf(&g->body, "%%v%d = tosa.%s", g->pool[v].id, name);
	for (i = 0; i < nin; i++)
		buf_printf(&g->body, "%s %%v%d", i ? "," : "", g->pool[in[i]].id);
	if (attrs && *attrs)
		buf_printf(&g->body, " {%s}", attrs);
	buf_puts(&g->body, " : (");
	for (i = 0; i < nin; i++) {
		if (i)
			buf_puts(&g->body, ", ");
		put_type(&g->body, &g->pool[in[i]].t);
	}
	buf_puts(&g->body, ") -> ");
	put_type(&g->body, out);
	buf_puts(&g->body, "\n");
	return v;
}

/* `tosa.NAME x, splat(k)`, k broadcast from a constant of x's rank with
** every dim 1; the result has x's type. */
static int with_splat(tosa_gen *g, const char *name, int x, int64_t k)
{
	int64_t ones[T_MAX_RANK];
	int in[2], i;

	for (i = 0; i < g->pool[x].t.rank; i++)
		ones[i] = 1;
	in[0] = x;
	in[1] = const_ints(g, g->pool[x].t.rank, ones, &k);
	return emit(g, name, in, 2, NULL, &g->pool[x].t);
}

/* The second operand x made to satisfy rule: (x & 31) for a shift,
** (x & 7) | 1 for a divisor. */
static int guard_rhs(tosa_gen *g, int x, int rule)
{
	if (rule == RHS_SHIFT)
		return with_splat(g, "bitwise_and", x, 31);
	if (rule == RHS_DIVISOR)
		return with_splat(g, "bitwise_or",
			with_splat(g, "bitwise_and", x, 7), 1);
	return x;
}

static void put_i64s(char *s, size_t n, const char *name, const int64_t *v,
	int k)
{
	size_t len = strlen(s);
	int i;

	len += (size_t)snprintf(s + len, n - len, "%s%s = array<i64: ",
		len ? ", " : "", name);
	for (i = 0; i < k && len < n; i++)
		len += (size_t)snprintf(s + len, n - len, "%s%lld", i ? ", " : "",
			(long long)v[i]);
	if (len < n)
		snprintf(s + len, n - len, ">");
}

/* Window of a conv or pool along one axis: picks kernel, stride, dilation
** and pads so that the output size is a whole number >= 1. */
static int window(tosa_gen *g, int64_t in, int pad_lt_kernel, int dilated,
	int64_t *k, int64_t *s, int64_t *d, int64_t *p0, int64_t *p1,
	int64_t *out)
{
	int tries;

	for (tries = 0; tries < 8; tries++) {
		int64_t span;

		*k = RANGE(1, 3);
		*s = RANGE(1, 2);
		*d = dilated ? RANGE(1, 2) : 1;
		*p0 = RANGE(0, 1);
		*p1 = RANGE(0, 1);
		if (pad_lt_kernel && (*p0 >= *k || *p1 >= *k))
			*p0 = *p1 = 0;
		span = in - 1 + *p0 + *p1 - (*k - 1) * *d;
		if (span < 0 || span % *s)
			continue;
		*out = span / *s + 1;
		return 0;
	}
	return -1;
}

/* Instantiates op against the scope; -1 when it does not fit this time. */
static int instantiate(tosa_gen *g, const tosa_op *op)
{
	char attrs[512] = "";
	int64_t dim[T_MAX_RANK], vals[2 * T_MAX_RANK];
	int in[4], x, i, axis;
	ttype t, o;

	x = acquire(g, op->dtypes, op->rank_lo, op->rank_hi, op->dynamic);
	t = g->pool[x].t;
	o = t;
	o.dyn = 0;
	in[0] = x;
	axis = RANGE(0, t.rank - 1);
	switch (op->rule) {
	case R_UNARY:
		o = t;
		return emit(g, op->name, in, 1, NULL, &o) < 0 ? -1 : 0;
	case R_BINARY:
	case R_COMPARE:
	case R_MUL:
	case R_SHIFT: {
		ttype b = t;

		o = t;
		if (!t.dyn && CHANCE(0.3))
			for (i = 0; i < t.rank; i++)
				if (CHANCE(0.4))
					b.dim[i] = 1;
		in[1] = exact(g, &b);
		if (in[1] < 0)
			in[1] = x;
		if (CHANCE(0.5)) {
			in[0] = in[1];
			in[1] = x;
		}
		in[1] = guard_rhs(g, in[1], op->rhs);
		if (op->rule == R_COMPARE)
			o.dt = DT_I1;
		if (op->rule == R_SHIFT)
			snprintf(attrs, sizeof(attrs), "round = %s",
				CHANCE(0.5) ? "true" : "false");
		if (op->rule == R_MUL)
			snprintf(attrs, sizeof(attrs), "shift = %d : i8",
				t.dt == DT_I32 && CHANCE(0.3) ? RANGE(1, 3) : 0);
		return emit(g, op->name, in, 2, attrs, &o) < 0 ? -1 : 0;
	}
	case R_CLAMP: {
		int lo = RANGE(-4, 2), hi = lo + RANGE(0, 6);

		o = t;
		snprintf(attrs, sizeof(attrs), "max_fp = %d.0 : f32, max_int = %d "
			": i64, min_fp = %d.0 : f32, min_int = %d : i64",
			hi, hi, lo, lo);
		emit(g, op->name, in, 1, attrs, &o);
		return 0;
	}
	case R_CAST:
		o = t;
		o.dt = (t.dt + RANGE(1, 2)) % 3;
		emit(g, op->name, in, 1, NULL, &o);
		return 0;
	case R_REDUCE:
		o.dim[axis] = 1;
		snprintf(attrs, sizeof(attrs), "axis = %d : i32", axis);
		break;
	case R_REVERSE:
		snprintf(attrs, sizeof(attrs), "axis = %d : i32", axis);
		break;
	case R_ARGMAX:
		o.rank = t.rank - 1;
		o.dt = DT_I32;
		for (i = axis; i < o.rank; i++)
			o.dim[i] = t.dim[i + 1];
		snprintf(attrs, sizeof(attrs), "axis = %d : i32", axis);
		break;
	case R_RESHAPE: {
		int64_t left = numel(&t);

		o.rank = RANGE(1, g->o.max_rank);
		for (i = 0; i < o.rank - 1; i++) {
			int64_t d = RANGE(1, g->o.max_dim);

			while (left % d)
				d--;
			o.dim[i] = d;
			left /= d;
		}
		o.dim[o.rank - 1] = left;
		for (i = o.rank - 1; i > 0; i--) {
			int j = RANGE(0, i);
			int64_t s = o.dim[i];

			o.dim[i] = o.dim[j];
			o.dim[j] = s;
		}
		put_i64s(attrs, sizeof(attrs), "new_shape", o.dim, o.rank);
		break;
	}
	case R_TRANSPOSE:
		for (i = 0; i < t.rank; i++)
			vals[i] = i;
		for (i = t.rank - 1; i > 0; i--) {
			int j = RANGE(0, i);
			int64_t s = vals[i];

			vals[i] = vals[j];
			vals[j] = s;
		}
		for (i = 0; i < t.rank; i++)
			o.dim[i] = t.dim[vals[i]];
		dim[0] = t.rank;
		in[1] = const_ints(g, 1, dim, vals);
		emit(g, op->name, in, 2, NULL, &o);
		return 0;
	case R_SLICE: {
		int64_t start[T_MAX_RANK];

		for (i = 0; i < t.rank; i++) {
			o.dim[i] = RANGE(1, t.dim[i]);
			start[i] = RANGE(0, t.dim[i] - o.dim[i]);
		}
		put_i64s(attrs, sizeof(attrs), "start", start, t.rank);
		put_i64s(attrs, sizeof(attrs), "size", o.dim, t.rank);
		break;
	}
	case R_CONCAT: {
		int n = RANGE(2, 3);

		for (i = 1; i < n; i++) {
			ttype b = t;

			if (CHANCE(0.5))
				b.dim[axis] = RANGE(1, g->o.max_dim);
			in[i] = exact(g, &b);
			o.dim[axis] += b.dim[axis];
		}
		if (numel(&o) > T_CAP)
			return -1;
		snprintf(attrs, sizeof(attrs), "axis = %d : i32", axis);
		emit(g, op->name, in, n, attrs, &o);
		return 0;
	}
	case R_PAD:
		for (i = 0; i < t.rank; i++) {
			vals[2 * i] = RANGE(0, 2);
			vals[2 * i + 1] = RANGE(0, 2);
			o.dim[i] = t.dim[i] + vals[2 * i] + vals[2 * i + 1];
		}
		if (numel(&o) > T_CAP)
			return -1;
		dim[0] = t.rank;
		dim[1] = 2;
		in[1] = const_ints(g, 2, dim, vals);
		emit(g, op->name, in, 2, NULL, &o);
		return 0;
	case R_TILE:
		for (i = 0; i < t.rank; i++) {
			vals[i] = RANGE(1, 2);
			o.dim[i] = t.dim[i] * vals[i];
		}
		put_i64s(attrs, sizeof(attrs), "multiples", vals, t.rank);
		break;
	case R_MATMUL: {
		ttype b = t;

		b.dim[1] = t.dim[2];
		b.dim[2] = RANGE(1, g->o.max_dim);
		o.dim[2] = b.dim[2];
		in[1] = exact(g, &b);
		emit(g, op->name, in, 2, NULL, &o);
		return 0;
	}
	case R_FC: {
		ttype w = t;

		w.dim[0] = RANGE(1, g->o.max_dim);
		w.dim[1] = t.dim[1];
		o.dim[1] = w.dim[0];
		in[1] = exact(g, &w);
		in[2] = make_const(g, &(ttype){DT_F32, 1, {w.dim[0]}, 0}, NULL);
		emit(g, op->name, in, 3, NULL, &o);
		return 0;
	}
	case R_CONV2D:
	case R_DEPTHWISE:
	case R_AVG_POOL:
	case R_MAX_POOL: {
		int64_t k[2], s[2], d[2], p[4], oc;
		int pool = op->rule == R_AVG_POOL || op->rule == R_MAX_POOL;

		for (i = 0; i < 2; i++)
			if (window(g, t.dim[1 + i], pool, !pool, &k[i], &s[i], &d[i],
				    &p[2 * i], &p[2 * i + 1], &o.dim[1 + i]) < 0)
				return -1;
		put_i64s(attrs, sizeof(attrs), pool ? "kernel" : "dilation",
			pool ? k : d, 2);
		put_i64s(attrs, sizeof(attrs), "pad", p, 4);
		put_i64s(attrs, sizeof(attrs), "stride", s, 2);
		if (pool) {
			if (op->rule == R_AVG_POOL)
				snprintf(attrs + strlen(attrs), sizeof(attrs) - strlen(attrs),
					", acc_type = f32");
			break;
		}
		oc = op->rule == R_CONV2D ? RANGE(1, g->o.max_dim) : RANGE(1, 2);
		if (op->rule == R_CONV2D) {
			int64_t w[4] = {oc, k[0], k[1], t.dim[3]};

			in[1] = make_const(g, &(ttype){DT_F32, 4,
				{w[0], w[1], w[2], w[3]}, 0}, NULL);
			o.dim[3] = oc;
		} else {
			in[1] = make_const(g, &(ttype){DT_F32, 4,
				{k[0], k[1], t.dim[3], oc}, 0}, NULL);
			o.dim[3] = t.dim[3] * oc;
		}
		if (numel(&o) > T_CAP)
			return -1;
		in[2] = make_const(g, &(ttype){DT_F32, 1, {o.dim[3]}, 0}, NULL);
		emit(g, op->name, in, 3, attrs, &o);
		return 0;
	}
	case R_SELECT: {
		ttype c = t;

		c.dt = DT_I1;
		in[0] = exact(g, &c);
		in[1] = x;
		in[2] = exact(g, &t);
		emit(g, op->name, in, 3, NULL, &o);
		return 0;
	}
	case R_GATHER: {
		int64_t w = RANGE(1, g->o.max_dim), idx[64];

		for (i = 0; i < t.dim[0] * w && i < 64; i++)
			idx[i] = RANGE(0, t.dim[1] - 1);
		if (t.dim[0] * w > 64)
			return -1;
		dim[0] = t.dim[0];
		dim[1] = w;
		in[1] = const_ints(g, 2, dim, idx);
		o.dim[1] = w;
		emit(g, op->name, in, 2, NULL, &o);
		return 0;
	}
	}
	if (numel(&o) > T_CAP)
		return -1;
	emit(g, op->name, in, 1, attrs, &o);
	return 0;
}

/* Structure: calls, regions, dynamic dims */

static void body(tosa_gen *g, int budget);

/* A unary op of the enabled table that keeps type t, or NULL. */
static const tosa_op *keeper(tosa_gen *g, const ttype *t)
{
	const tosa_op *pick = NULL;
	int i, n = 0;

	for (i = 0; i < g->nops; i++)
		if (g->ops[i]->rule == R_UNARY && (g->ops[i]->dtypes >> t->dt & 1) &&
		    RANGE(0, n++) == 0)
			pick = g->ops[i];
	return pick;
}

/* The value a region yields for type t (pool index): one in scope of that
** type, sometimes through one more unary op. */
static int yield_value(tosa_gen *g, const ttype *t, int fallback)
{
	const tosa_op *op;
	int v = exact(g, t);

	if (v < 0)
		v = fallback;
	if (CHANCE(0.5) && (op = keeper(g, t)))
		v = emit(g, op->name, &v, 1, NULL, t);
	return v;
}

static void put_result_names(tosa_gen *g, int first, int n)
{
	int i;

	indent(g);
	for (i = 0; i < n; i++)
		buf_printf(&g->body, "%s%%v%d", i ? ", " : "", first + i);
	buf_puts(&g->body, " = ");
}

static void put_types(tosa_gen *g, const ttype *t, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			buf_puts(&g->body, ", ");
		put_type(&g->body, &t[i]);
	}
}

/* Ends a region: yields values of types t, drops its scope. */
static void close_region(tosa_gen *g, const ttype *t, const int *init, int n,
	int np, int nidx)
{
	int y[2], i;

	for (i = 0; i < n; i++)
		y[i] = yield_value(g, &t[i], init[i]);
	indent(g);
	buf_puts(&g->body, "scf.yield");
	for (i = 0; i < n; i++)
		buf_printf(&g->body, "%s %%v%d", i ? "," : "", g->pool[y[i]].id);
	buf_puts(&g->body, " : ");
	put_types(g, t, n);
	buf_puts(&g->body, "\n");
	g->np = np;
	g->nidx = nidx;
	g->depth--;
}

/* The results of a region op or call: ids first..first+n-1 become values. */
static void add_results(tosa_gen *g, int first, const ttype *t, int n)
{
	int i;

	for (i = 0; i < n; i++)
		add_named(g, &t[i], first + i);
}

static void emit_if(tosa_gen *g)
{
	ttype t[2];
	int init[2], n = RANGE(1, 2), i, c, np, nidx, first, side;

	for (i = 0; i < n; i++) {
		init[i] = acquire(g, M_NUM, 1, 4, 1);
		t[i] = g->pool[init[i]].t;
		g->pool[init[i]].uses++;
	}
	c = cond_value(g);
	first = g->next;
	g->next += n;
	put_result_names(g, first, n);
	buf_printf(&g->body, "scf.if %%v%d -> (", c);
	put_types(g, t, n);
	buf_puts(&g->body, ") {\n");
	for (side = 0; side < 2; side++) {
		np = g->np;
		nidx = g->nidx;
		g->depth++;
		body(g, RANGE(0, 3));
		close_region(g, t, init, n, np, nidx);
		indent(g);
		buf_puts(&g->body, side ? "}\n" : "} else {\n");
	}
	add_results(g, first, t, n);
	g->done++;
}

static void emit_for(tosa_gen *g)
{
	ttype t[2];
	int init[2], iter[2], n = RANGE(1, 2), i, lb, ub, step, iv, np, nidx,
		first;

	for (i = 0; i < n; i++) {
		init[i] = acquire(g, M_NUM, 1, 4, 1);
		t[i] = g->pool[init[i]].t;
		g->pool[init[i]].uses++;
	}
	lb = index_const(g, 0);
	ub = g->nidx > 0 && CHANCE(0.5) ? g->idx[RANGE(0, g->nidx - 1)] :
		index_const(g, RANGE(0, 3));
	step = index_const(g, RANGE(1, 2));
	first = g->next;
	g->next += n;
	iv = g->next++;
	put_result_names(g, first, n);
	np = g->np;
	nidx = g->nidx;
	for (i = 0; i < n; i++)
		iter[i] = add_val(g, &t[i]);
	buf_printf(&g->body, "scf.for %%v%d = %%v%d to %%v%d step %%v%d "
		"iter_args(", iv, lb, ub, step);
	for (i = 0; i < n; i++)
		buf_printf(&g->body, "%s%%v%d = %%v%d", i ? ", " : "",
			g->pool[iter[i]].id, g->pool[init[i]].id);
	buf_puts(&g->body, ") -> (");
	put_types(g, t, n);
	buf_puts(&g->body, ") {\n");
	g->depth++;
	body(g, RANGE(0, 3));
	close_region(g, t, iter, n, np, nidx);
	indent(g);
	buf_puts(&g->body, "}\n");
	add_results(g, first, t, n);
	g->done++;
}

static int emit_tensor_cast(tosa_gen *g, int v, const ttype *to)
{
	int r;

	g->pool[v].uses++;
	r = add_val(g, to);
	indent(g);
	buf_printf(&g->body, "%%v%d = tensor.cast %%v%d : ", g->pool[r].id,
		g->pool[v].id);
	put_type(&g->body, &g->pool[v].t);
	buf_puts(&g->body, " to ");
	put_type(&g->body, to);
	buf_puts(&g->body, "\n");
	return r;
}

/* Makes some dims of a value dynamic (tensor.cast), reads one back with
** tensor.dim, or casts a dynamic value back to its static type. */
static void emit_dynamic(tosa_gen *g)
{
	int x = acquire(g, M_NUM, 1, 4, 1), c, d;
	ttype t = g->pool[x].t;

	if (t.dyn && CHANCE(0.5)) {
		t.dyn = 0;
		emit_tensor_cast(g, x, &t);
		return;
	}
	if (!t.dyn) {
		while (!t.dyn)
			t.dyn = (unsigned)RANGE(0, (1 << t.rank) - 1);
		x = emit_tensor_cast(g, x, &t);
	}
	c = index_const(g, RANGE(0, t.rank - 1));
	d = add_index(g);
	indent(g);
	buf_printf(&g->body, "%%v%d = tensor.dim %%v%d, %%v%d : ", d,
		g->pool[x].id, c);
	put_type(&g->body, &t);
	buf_puts(&g->body, "\n");
	g->done++;
}

static void emit_call(tosa_gen *g)
{
	const tfunc *f;
	int in[T_MAX_ARGS + 1], k = RANGE(0, g->nfuncs - 1), i, first;

	f = &g->funcs[k];
	for (i = 0; i < f->nargs; i++) {
		ttype s = f->arg[i];

		if (s.rank < 0) {
			in[i] = -1 - cond_value(g);
			continue;
		}
		s.dyn = 0;
		in[i] = exact(g, &f->arg[i]);
		if (in[i] < 0)
			in[i] = emit_tensor_cast(g, exact(g, &s), &f->arg[i]);
		g->pool[in[i]].uses++;
	}
	first = g->next;
	g->next += f->nres;
	put_result_names(g, first, f->nres);
	buf_printf(&g->body, "func.call @f%d(", k);
	for (i = 0; i < f->nargs; i++)
		buf_printf(&g->body, "%s%%v%d", i ? ", " : "",
			in[i] < 0 ? -1 - in[i] : g->pool[in[i]].id);
	buf_puts(&g->body, ") : (");
	put_types(g, f->arg, f->nargs);
	buf_puts(&g->body, ") -> (");
	put_types(g, f->res, f->nres);
	buf_puts(&g->body, ")\n");
	add_results(g, first, f->res, f->nres);
	g->done++;
}

static void emit_tosa(tosa_gen *g)
{
	int tries;

	for (tries = 0; tries < 8; tries++)
		if (instantiate(g, g->ops[RANGE(0, g->nops - 1)]) == 0)
			break;
	g->done++;
}

/* Writes ops until budget more are done. */
static void body(tosa_gen *g, int budget)
{
	int end = g->done + budget;

	while (g->done < end) {
		double p = rng_unit(&g->r);

		if (p < 0.03 && g->depth < T_MAX_DEPTH)
			emit_if(g);
		else if (p < 0.06 && g->depth < T_MAX_DEPTH)
			emit_for(g);
		else if (p < 0.10)
			emit_dynamic(g);
		else if (p < 0.13 && g->nfuncs > 0)
			emit_call(g);
		else
			emit_tosa(g);
	}
}

/* Writes function number k with budget ops into out. */
static void function(tosa_gen *g, int k, int budget, int last, gred_buf *out)
{
	tfunc *f = &g->funcs[k];
	int res[T_MAX_RES], n = RANGE(1, T_MAX_RES), nres = 0, i;

	g->body.len = 0;
	g->np = g->nidx = g->nargs = g->done = g->depth = 0;
	g->next = 0;
	g->cond = -1;
	body(g, budget);
	if (g->np == 0)
		acquire(g, M_NUM, 1, 4, 0);
	/* results: the latest values nobody used, then any */
	for (i = g->np - 1; i >= 0 && nres < n; i--)
		if (g->pool[i].uses == 0)
			res[nres++] = i;
	if (nres == 0)
		res[nres++] = g->np - 1;
	if (last)
		buf_puts(out, "func.func @main(");
	else
		buf_printf(out, "func.func @f%d(", k);
	for (i = 0; i < g->nargs; i++) {
		buf_printf(out, "%s%%v%d: ", i ? ", " : "", g->argid[i]);
		put_type(out, &g->arg[i]);
	}
	buf_puts(out, ") -> (");
	for (i = 0; i < nres; i++) {
		if (i)
			buf_puts(out, ", ");
		put_type(out, &g->pool[res[i]].t);
	}
	buf_puts(out, ") {\n");
	buf_append(out, g->body.data, g->body.len);
	buf_puts(out, "  return");
	for (i = 0; i < nres; i++)
		buf_printf(out, "%s %%v%d", i ? "," : "", g->pool[res[i]].id);
	buf_puts(out, " : ");
	for (i = 0; i < nres; i++) {
		if (i)
			buf_puts(out, ", ");
		put_type(out, &g->pool[res[i]].t);
	}
	buf_puts(out, "\n}\n");
	f->nargs = g->nargs;
	memcpy(f->arg, g->arg, (size_t)g->nargs * sizeof(*g->arg));
	f->nres = nres;
	for (i = 0; i < nres; i++)
		f->res[i] = g->pool[res[i]].t;
}

int tosa_gen_program(tosa_gen *g, gred_buf *out, gred_error *e)
{
	uint64_t s = g->o.seed * 0x9e3779b97f4a7c15ull + g->count++;
	int nf, k, per;

	(void)e;
	rng_seed(&g->r, rng_splitmix(&s));
	nf = 1 + RANGE(0, g->o.nodes >= 8 ? T_MAX_FUNCS - 1 : 0);
	per = (g->o.nodes + nf - 1) / nf;
	g->nfuncs = 0;
	for (k = 0; k < nf; k++) {
		function(g, k, per, k == nf - 1, out);
		g->nfuncs = k + 1;
	}
	return 0;
}

int tosa_gen_new(tosa_gen **out, const gen_options *o, gred_error *e)
{
	tosa_gen *g = xcalloc(1, sizeof(*g));
	int i;

	g->o = *o;
	if (g->o.max_rank > T_MAX_RANK)
		g->o.max_rank = T_MAX_RANK;
	for (i = 0; i < NOPS; i++) {
		const char *p = o->ops;
		size_t n = strlen(tosa_ops[i].name);
		int on = !p;

		while (p && *p) {
			size_t len = strcspn(p, ",");

			if (len == n && !strncmp(p, tosa_ops[i].name, n))
				on = 1;
			p += len + (p[len] == ',');
		}
		if (on && tosa_ops[i].rank_lo <= g->o.max_rank)
			g->ops[g->nops++] = &tosa_ops[i];
	}
	if (o->ops) {
		const char *p = o->ops;

		while (*p) {
			size_t len = strcspn(p, ",");
			int found = 0;

			for (i = 0; i < NOPS; i++)
				if (strlen(tosa_ops[i].name) == len &&
				    !strncmp(p, tosa_ops[i].name, len))
					found = 1;
			if (!found) {
				gred_errorf(e, "gen: unknown tosa op '%.*s'", (int)len, p);
				free(g);
				return -1;
			}
			p += len + (p[len] == ',');
		}
	}
	if (g->nops == 0) {
		free(g);
		return gred_errorf(e, "gen: no tosa op fits --max-rank %d",
			o->max_rank);
	}
	*out = g;
	return 0;
}

void tosa_gen_free(tosa_gen *g)
{
	if (!g)
		return;
	buf_free(&g->body);
	free(g->pool);
	free(g->idx);
	free(g);
}

/*
** The TOSA generator: prints MLIR 19 programs (tosa ops from a table of
** shape rules, plus func.call, scf.if, scf.for and dynamic dims) that
** verify and lower by construction; seeded, the same seed gives the same bytes.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_emit.h"

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

/* A tosa.const of type t: given values, a dense literal or a splat. */
static int make_const(mlir_emitter *g, const me_type *t, const int64_t *vals)
{
	int v = me_add_val(g, t);

	me_indent(g);
	buf_printf(&g->body, "%%v%d = \"tosa.const\"() {value = dense<",
		g->pool[v].id);
	me_put_literal(g, t, vals);
	buf_puts(&g->body, "> : ");
	me_put_type(&g->body, t);
	buf_puts(&g->body, "} : () -> ");
	me_put_type(&g->body, t);
	buf_puts(&g->body, "\n");
	return v;
}

static int const_ints(mlir_emitter *g, int rank, const int64_t *dim,
	const int64_t *vals)
{
	me_type t = me_shaped(DT_I32, rank, dim);

	return make_const(g, &t, vals);
}

/* Operands */

/* Writes `%vN = tosa.NAME %a, %b ATTRS : (A, B) -> OUT` and returns the
** result's pool index. */
static int emit(mlir_emitter *g, const char *name, const int *in, int nin,
	const char *attrs, const me_type *out)
{
	int i, v = me_begin(g, in, nin, out);

	buf_printf(&g->body, "tosa.%s", name);
	for (i = 0; i < nin; i++)
		buf_printf(&g->body, "%s %%v%d", i ? "," : "", g->pool[in[i]].id);
	if (attrs && *attrs)
		buf_printf(&g->body, " {%s}", attrs);
	buf_puts(&g->body, " : (");
	for (i = 0; i < nin; i++) {
		if (i)
			buf_puts(&g->body, ", ");
		me_put_type(&g->body, &g->pool[in[i]].t);
	}
	buf_puts(&g->body, ") -> ");
	me_put_type(&g->body, out);
	buf_puts(&g->body, "\n");
	return v;
}

/* `tosa.NAME x, splat(k)`, k broadcast from a constant of x's rank with
** every dim 1; the result has x's type. */
static int with_splat(mlir_emitter *g, const char *name, int x, int64_t k)
{
	int64_t ones[ME_MAX_RANK];
	int in[2], i;

	for (i = 0; i < g->pool[x].t.rank; i++)
		ones[i] = 1;
	in[0] = x;
	in[1] = const_ints(g, g->pool[x].t.rank, ones, &k);
	return emit(g, name, in, 2, NULL, &g->pool[x].t);
}

/* The second operand x made to satisfy rule: (x & 31) for a shift,
** (x & 7) | 1 for a divisor. */
static int guard_rhs(mlir_emitter *g, int x, int rule)
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
static int window(mlir_emitter *g, int64_t in, int pad_lt_kernel, int dilated,
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
static int instantiate(mlir_emitter *g, const void *row)
{
	const tosa_op *op = row;
	char attrs[512] = "";
	int64_t dim[ME_MAX_RANK], vals[2 * ME_MAX_RANK];
	int in[4], x, i, axis;
	me_type t, o;

	x = me_acquire(g, op->dtypes, op->rank_lo, op->rank_hi, op->dynamic);
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
		me_type b = t;

		o = t;
		if (!t.dyn && CHANCE(0.3))
			for (i = 0; i < t.rank; i++)
				if (CHANCE(0.4))
					b.dim[i] = 1;
		in[1] = me_exact(g, &b);
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
		int64_t left = me_numel(&t);

		o.rank = RANGE(1, g->o.max_rank);
		me_factor_dims(g, &o, left);
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
		int64_t start[ME_MAX_RANK];

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
			me_type b = t;

			if (CHANCE(0.5))
				b.dim[axis] = RANGE(1, g->o.max_dim);
			in[i] = me_exact(g, &b);
			o.dim[axis] += b.dim[axis];
		}
		if (me_numel(&o) > ME_CAP)
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
		if (me_numel(&o) > ME_CAP)
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
		me_type b = t;

		b.dim[1] = t.dim[2];
		b.dim[2] = RANGE(1, g->o.max_dim);
		o.dim[2] = b.dim[2];
		in[1] = me_exact(g, &b);
		emit(g, op->name, in, 2, NULL, &o);
		return 0;
	}
	case R_FC: {
		me_type w = t;

		w.dim[0] = RANGE(1, g->o.max_dim);
		w.dim[1] = t.dim[1];
		o.dim[1] = w.dim[0];
		in[1] = me_exact(g, &w);
		in[2] = make_const(g, &(me_type){.dt = DT_F32, .rank = 1,
			.dim = {w.dim[0]}}, NULL);
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

			in[1] = make_const(g, &(me_type){.dt = DT_F32, .rank = 4,
				.dim = {w[0], w[1], w[2], w[3]}}, NULL);
			o.dim[3] = oc;
		} else {
			in[1] = make_const(g, &(me_type){.dt = DT_F32, .rank = 4,
				.dim = {k[0], k[1], t.dim[3], oc}}, NULL);
			o.dim[3] = t.dim[3] * oc;
		}
		if (me_numel(&o) > ME_CAP)
			return -1;
		in[2] = make_const(g, &(me_type){.dt = DT_F32, .rank = 1,
			.dim = {o.dim[3]}}, NULL);
		emit(g, op->name, in, 3, attrs, &o);
		return 0;
	}
	case R_SELECT: {
		me_type c = t;

		c.dt = DT_I1;
		in[0] = me_exact(g, &c);
		in[1] = x;
		in[2] = me_exact(g, &t);
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
	if (me_numel(&o) > ME_CAP)
		return -1;
	emit(g, op->name, in, 1, attrs, &o);
	return 0;
}

/* What the shared structure asks of the TOSA dialect */

/* A unary op of the enabled table that keeps type t, or NULL. */
static const tosa_op *keeper(mlir_emitter *g, const me_type *t)
{
	const tosa_op *pick = NULL;
	int i, n = 0;

	for (i = 0; i < g->nops; i++) {
		const tosa_op *op = g->ops[i];

		if (op->rule == R_UNARY && (op->dtypes >> t->dt & 1) &&
		    RANGE(0, n++) == 0)
			pick = op;
	}
	return pick;
}

/* v, or half the time v through a unary op that keeps its type t. */
static int refine(mlir_emitter *g, const me_type *t, int v)
{
	const tosa_op *op;

	if (CHANCE(0.5) && (op = keeper(g, t)))
		v = emit(g, op->name, &v, 1, NULL, t);
	return v;
}

static int tosa_make_const(mlir_emitter *g, const me_type *t)
{
	return make_const(g, t, NULL);
}

/* One of the dtypes dts, each as likely. */
static int pick_dtype(mlir_emitter *g, unsigned dts)
{
	int dts_list[3], ndts = 0, i;

	for (i = 0; i < 3; i++)
		if (dts >> i & 1)
			dts_list[ndts++] = i;
	return dts_list[RANGE(0, ndts - 1)];
}

static int rank_lo(const void *row)
{
	return ((const tosa_op *)row)->rank_lo;
}

static const me_dialect tosa_dialect = {
	"tosa", tosa_make_const, pick_dtype, refine, instantiate, 0, MK_TENSOR, 1
};

const me_table me_tosa = {
	&tosa_dialect, tosa_ops, NOPS, sizeof(tosa_ops[0]), rank_lo
};

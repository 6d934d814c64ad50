/*
** The linalg generator: prints MLIR 19 programs of linalg on tensors
** (named ops, linalg.generic and linalg.map with arith bodies, reductions,
** convolutions, pooling) and the tensor ops around them (empty,
** extract_slice, insert_slice, pad, collapse_shape, expand_shape), plus
** func.call, scf.if, scf.for and dynamic dims, from a table of shape rules.
** The programs verify and lower by construction; every tensor an op reads
** has defined contents, so they can be run; the same seed gives the same
** bytes.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "rng.h"

#define L_MAX_RANK 4
#define L_CAP 4096      /* largest element count of any tensor */
#define L_MAX_ARGS 8    /* tensor arguments of one function */
#define L_MAX_RES 3     /* results of one function */
#define L_MAX_FUNCS 4
#define L_MAX_DEPTH 2   /* nesting of scf regions */
#define L_MAX_BODY 16   /* scalar values of a generic body */

enum { DT_F32, DT_I32, DT_I1 };
#define M_F32 1u
#define M_I32 2u
#define M_NUM (M_F32 | M_I32)

static const char *const dt_name[] = {"f32", "i32", "i1"};

/* A value's type: a ranked tensor (dyn: the dims printed as ?, their
** sizes are still known) or, with rank -1, the scalar i1. */
typedef struct ltype {
	int dt, rank;
	int64_t dim[L_MAX_RANK];
	unsigned dyn;
} ltype;

typedef struct lval {
	int id; /* printed %vID */
	ltype t;
	int uses;
} lval;

/* The scalar ops of linalg.map, linalg.reduce and linalg.generic bodies.
** None has undefined behaviour on any input (no integer division, no
** float to integer conversion). */
typedef struct scalar_fn {
	const char *name;
	int dt;
	int arity;
	int combiner;   /* associative and commutative: may reduce */
} scalar_fn;

static const scalar_fn scalar_fns[] = {
	{"arith.addf", DT_F32, 2, 1},
	{"arith.mulf", DT_F32, 2, 1},
	{"arith.maximumf", DT_F32, 2, 1},
	{"arith.minimumf", DT_F32, 2, 1},
	{"arith.subf", DT_F32, 2, 0},
	{"arith.divf", DT_F32, 2, 0},
	{"arith.negf", DT_F32, 1, 0},
	{"math.absf", DT_F32, 1, 0},
	{"math.floor", DT_F32, 1, 0},
	{"math.tanh", DT_F32, 1, 0},
	{"math.exp", DT_F32, 1, 0},
	{"arith.addi", DT_I32, 2, 1},
	{"arith.muli", DT_I32, 2, 1},
	{"arith.maxsi", DT_I32, 2, 1},
	{"arith.minsi", DT_I32, 2, 1},
	{"arith.andi", DT_I32, 2, 1},
	{"arith.ori", DT_I32, 2, 1},
	{"arith.xori", DT_I32, 2, 1},
	{"arith.subi", DT_I32, 2, 0},
	{"math.absi", DT_I32, 1, 0},
};

#define NFNS ((int)(sizeof(scalar_fns) / sizeof(scalar_fns[0])))

/* How an op's operands, attributes and result follow from its input. */
typedef enum op_rule {
	R_UNARY, R_BINARY, R_MAP, R_GENERIC, R_GENERIC_REDUCE, R_REDUCE,
	R_TRANSPOSE, R_BROADCAST, R_FILL, R_MATMUL, R_BATCH_MATMUL, R_MATVEC,
	R_VECMAT, R_DOT, R_CONV2D, R_DEPTHWISE, R_POOL, R_EXTRACT_SLICE,
	R_INSERT_SLICE, R_PAD, R_COLLAPSE, R_EXPAND
} op_rule;

typedef struct linalg_op {
	const char *name;   /* printed; --ops names it without the dialect */
	op_rule rule;
	unsigned dtypes;    /* of the first operand */
	int rank_lo, rank_hi;
	int dynamic;        /* takes operands with ? dims */
} linalg_op;

static const linalg_op linalg_ops[] = {
	{"linalg.exp", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.log", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.abs", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.ceil", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.floor", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.negf", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.tanh", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.reciprocal", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.sqrt", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.rsqrt", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.square", R_UNARY, M_F32, 1, 4, 1},
	{"linalg.add", R_BINARY, M_NUM, 1, 4, 1},
	{"linalg.sub", R_BINARY, M_NUM, 1, 4, 1},
	{"linalg.mul", R_BINARY, M_NUM, 1, 4, 1},
	{"linalg.max", R_BINARY, M_NUM, 1, 4, 1},
	{"linalg.min", R_BINARY, M_NUM, 1, 4, 1},
	{"linalg.div", R_BINARY, M_F32, 1, 4, 1},
	{"linalg.powf", R_BINARY, M_F32, 1, 4, 1},
	{"linalg.map", R_MAP, M_NUM, 1, 4, 1},
	{"linalg.generic", R_GENERIC, M_NUM, 1, 4, 0},
	{"linalg.generic", R_GENERIC_REDUCE, M_NUM, 2, 4, 0},
	{"linalg.reduce", R_REDUCE, M_NUM, 1, 4, 0},
	{"linalg.transpose", R_TRANSPOSE, M_NUM, 2, 4, 0},
	{"linalg.broadcast", R_BROADCAST, M_NUM, 1, 3, 0},
	{"linalg.fill", R_FILL, M_NUM, 1, 4, 1},
	{"linalg.matmul", R_MATMUL, M_NUM, 2, 2, 0},
	{"linalg.batch_matmul", R_BATCH_MATMUL, M_NUM, 3, 3, 0},
	{"linalg.matvec", R_MATVEC, M_NUM, 2, 2, 0},
	{"linalg.vecmat", R_VECMAT, M_NUM, 1, 1, 0},
	{"linalg.dot", R_DOT, M_NUM, 1, 1, 0},
	{"linalg.conv_2d_nhwc_hwcf", R_CONV2D, M_NUM, 4, 4, 0},
	{"linalg.depthwise_conv_2d_nhwc_hwc", R_DEPTHWISE, M_NUM, 4, 4, 0},
	{"linalg.pooling_nhwc_sum", R_POOL, M_NUM, 4, 4, 0},
	{"linalg.pooling_nhwc_max", R_POOL, M_NUM, 4, 4, 0},
	{"linalg.pooling_nhwc_min", R_POOL, M_NUM, 4, 4, 0},
	{"tensor.extract_slice", R_EXTRACT_SLICE, M_NUM, 1, 4, 0},
	{"tensor.insert_slice", R_INSERT_SLICE, M_NUM, 1, 4, 0},
	{"tensor.pad", R_PAD, M_NUM, 1, 4, 0},
	{"tensor.collapse_shape", R_COLLAPSE, M_NUM, 2, 4, 0},
	{"tensor.expand_shape", R_EXPAND, M_NUM, 1, 3, 0},
};

#define NOPS ((int)(sizeof(linalg_ops) / sizeof(linalg_ops[0])))

/* A function already written: what a call to it passes and gets. */
typedef struct lfunc {
	int nargs, nres;
	ltype arg[L_MAX_ARGS + 1], res[L_MAX_RES];
} lfunc;

struct linalg_gen {
	gen_options o;
	const linalg_op *ops[NOPS]; /* enabled */
	int nops;
	uint64_t count;
	rng r;
	/* the function being written */
	gred_buf body;
	lval *pool;             /* tensors in scope */
	int np, capp;
	int *idx;               /* index values in scope */
	int nidx, capidx;
	int next;               /* next value id */
	int nargs;
	ltype arg[L_MAX_ARGS + 1];
	int argid[L_MAX_ARGS + 1];
	int cond;               /* id of the i1 argument, or -1 */
	int depth, done;
	lfunc funcs[L_MAX_FUNCS];
	int nfuncs;
};

#define CHANCE(p) rng_chance(&g->r, (p))
#define RANGE(lo, hi) ((int)rng_range(&g->r, (lo), (hi)))
#define OUT (&g->body)

/* Types */

static int64_t numel(const ltype *t)
{
	int64_t n = 1;
	int i;

	for (i = 0; i < t->rank; i++)
		n *= t->dim[i];
	return n;
}

static int same_type(const ltype *a, const ltype *b)
{
	int i;

	if (a->dt != b->dt || a->rank != b->rank || a->dyn != b->dyn)
		return 0;
	for (i = 0; i < a->rank; i++)
		if (a->dim[i] != b->dim[i])
			return 0;
	return 1;
}

static void put_type(gred_buf *b, const ltype *t)
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

static ltype shaped(int dt, int rank, const int64_t *dim)
{
	ltype t;

	memset(&t, 0, sizeof(t));
	t.dt = dt;
	t.rank = rank;
	if (rank > 0)
		memcpy(t.dim, dim, (size_t)rank * sizeof(*dim));
	return t;
}

/* "[a, b, c]" */
static void put_list(gred_buf *b, const int64_t *v, int n)
{
	int i;

	buf_puts(b, "[");
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%lld", i ? ", " : "", (long long)v[i]);
	buf_puts(b, "]");
}

/* Printing */

static void indent_by(linalg_gen *g, int extra)
{
	int i;

	for (i = 0; i <= g->depth + extra; i++)
		buf_puts(OUT, "  ");
}

static void indent(linalg_gen *g)
{
	indent_by(g, 0);
}

static int add_named(linalg_gen *g, const ltype *t, int id)
{
	lval *v;

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

static int add_val(linalg_gen *g, const ltype *t)
{
	return add_named(g, t, g->next++);
}

static int add_index(linalg_gen *g)
{
	if (g->nidx == g->capidx) {
		g->capidx = g->capidx ? 2 * g->capidx : 32;
		g->idx = xrealloc(g->idx, (size_t)g->capidx * sizeof(*g->idx));
	}
	g->idx[g->nidx++] = g->next;
	return g->next++;
}

static int index_const(linalg_gen *g, int64_t k)
{
	int id = g->next++;

	indent(g);
	buf_printf(OUT, "%%v%d = arith.constant %lld : index\n", id,
		(long long)k);
	return id;
}

/* A random element of a constant, printed. */
static void put_elem(linalg_gen *g, int dt)
{
	if (dt == DT_F32)
		buf_printf(OUT, "%.2f", (double)RANGE(-8, 8) / 4);
	else if (dt == DT_I32)
		buf_printf(OUT, "%d", RANGE(-4, 4));
	else
		buf_puts(OUT, CHANCE(0.5) ? "true" : "false");
}

static void put_dense(linalg_gen *g, const ltype *t, int level)
{
	int64_t i;

	if (level == t->rank) {
		put_elem(g, t->dt);
		return;
	}
	buf_puts(OUT, "[");
	for (i = 0; i < t->dim[level]; i++) {
		if (i)
			buf_puts(OUT, ", ");
		put_dense(g, t, level + 1);
	}
	buf_puts(OUT, "]");
}

/* An arith.constant tensor of static type t: a dense literal or a splat. */
static int make_const(linalg_gen *g, const ltype *t)
{
	int v = add_val(g, t);

	indent(g);
	buf_printf(OUT, "%%v%d = arith.constant dense<", g->pool[v].id);
	if (numel(t) <= 16 && CHANCE(0.5))
		put_dense(g, t, 0);
	else
		put_elem(g, t->dt);
	buf_puts(OUT, "> : ");
	put_type(OUT, t);
	buf_puts(OUT, "\n");
	return v;
}

/* A scalar arith.constant of dtype dt, at the given extra indentation;
** returns its id. */
static int scalar_const(linalg_gen *g, int dt, int extra)
{
	int id = g->next++;

	indent_by(g, extra);
	buf_printf(OUT, "%%v%d = arith.constant ", id);
	put_elem(g, dt);
	buf_printf(OUT, " : %s\n", dt_name[dt]);
	return id;
}

/* A new function argument of type t, or -1 when there are enough. */
static int make_arg(linalg_gen *g, const ltype *t)
{
	int v;

	if (g->nargs >= L_MAX_ARGS)
		return -1;
	v = add_val(g, t);
	g->arg[g->nargs] = *t;
	g->argid[g->nargs++] = g->pool[v].id;
	return v;
}

/* A new leaf of static type t: an argument or a constant. */
static int make_leaf(linalg_gen *g, const ltype *t)
{
	int v = -1;

	if (CHANCE(0.4))
		v = make_arg(g, t);
	return v >= 0 ? v : make_const(g, t);
}

static int cond_value(linalg_gen *g)
{
	if (g->nidx > 0 && CHANCE(0.5)) {
		int d = g->idx[RANGE(0, g->nidx - 1)];
		int k = index_const(g, RANGE(1, 4)), id = g->next++;

		indent(g);
		buf_printf(OUT, "%%v%d = arith.cmpi slt, %%v%d, %%v%d : index\n",
			id, d, k);
		return id;
	}
	if (g->cond < 0) {
		ltype t = shaped(DT_I1, -1, NULL);

		g->cond = g->next++;
		g->arg[g->nargs] = t;
		g->argid[g->nargs++] = g->cond;
	}
	return g->cond;
}

/* Operands */

static int matches(const ltype *t, unsigned dts, int rlo, int rhi, int dyn)
{
	return (dts >> t->dt & 1) && t->rank >= rlo && t->rank <= rhi &&
		(dyn || !t->dyn);
}

/* Fits the dims of t under the size cap by halving them in turn. */
static void cap_dims(ltype *t)
{
	int i;

	for (i = 0; numel(t) > L_CAP; i = (i + 1) % t->rank)
		t->dim[i] = (t->dim[i] + 1) / 2;
}

/* An operand of one of the dtypes and ranks: mostly one in scope, else a
** new leaf. */
static int acquire(linalg_gen *g, unsigned dts, int rlo, int rhi, int dyn)
{
	ltype t;
	int i, n = 0, pick = -1;

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
	memset(&t, 0, sizeof(t));
	t.dt = dts == M_NUM ? RANGE(0, 1) : dts == M_I32 ? DT_I32 : DT_F32;
	t.rank = RANGE(rlo, rhi);
	for (i = 0; i < t.rank; i++)
		t.dim[i] = RANGE(1, g->o.max_dim);
	cap_dims(&t);
	return make_leaf(g, &t);
}

/* A value of exactly type t: one in scope, else a new leaf (static t),
** else -1. */
static int exact(linalg_gen *g, const ltype *t)
{
	int i, n = 0, pick = -1;

	for (i = 0; i < g->np; i++)
		if (same_type(&g->pool[i].t, t) && RANGE(0, n++) == 0)
			pick = i;
	if (pick >= 0 && (t->dyn || CHANCE(g->o.pick_rate)))
		return pick;
	return t->dyn ? -1 : make_leaf(g, t);
}

/* tensor.empty of type t; its ? sizes are read from `like` (a pool value
** whose dims are those of t) with tensor.dim. Returns the SSA id: an
** empty tensor is only ever written, never added to the pool. */
static int empty(linalg_gen *g, const ltype *t, int like)
{
	int dims[L_MAX_RANK], i, id, first = 1;

	for (i = 0; i < t->rank; i++) {
		int c;

		if (!(t->dyn >> i & 1))
			continue;
		c = index_const(g, i);
		dims[i] = g->next++;
		indent(g);
		buf_printf(OUT, "%%v%d = tensor.dim %%v%d, %%v%d : ", dims[i],
			g->pool[like].id, c);
		put_type(OUT, &g->pool[like].t);
		buf_puts(OUT, "\n");
	}
	id = g->next++;
	indent(g);
	buf_printf(OUT, "%%v%d = tensor.empty(", id);
	for (i = 0; i < t->rank; i++)
		if (t->dyn >> i & 1) {
			buf_printf(OUT, "%s%%v%d", first ? "" : ", ", dims[i]);
			first = 0;
		}
	buf_puts(OUT, ") : ");
	put_type(OUT, t);
	buf_puts(OUT, "\n");
	return id;
}

/* `ins(%a, %b : A, B) outs(%o : O)` */
static void put_ins_outs(linalg_gen *g, const int *in, int nin, int out,
	const ltype *ot)
{
	int i;

	buf_puts(OUT, " ins(");
	for (i = 0; i < nin; i++)
		buf_printf(OUT, "%s%%v%d", i ? ", " : "", g->pool[in[i]].id);
	buf_puts(OUT, " : ");
	for (i = 0; i < nin; i++) {
		if (i)
			buf_puts(OUT, ", ");
		put_type(OUT, &g->pool[in[i]].t);
	}
	buf_printf(OUT, ") outs(%%v%d : ", out);
	put_type(OUT, ot);
	buf_puts(OUT, ")");
}

/* Starts the line of an op with one result of type t read from in[]:
** `%vN = NAME`; returns the result's pool index. */
static int begin_op(linalg_gen *g, const char *name, const int *in, int nin,
	const ltype *t)
{
	int i, v;

	for (i = 0; i < nin; i++)
		g->pool[in[i]].uses++;
	v = add_val(g, t);
	indent(g);
	buf_printf(OUT, "%%v%d = %s", g->pool[v].id, name);
	return v;
}

/* `%vN = NAME {attrs} ins(...) outs(...) -> T`: a named linalg op. */
static int named(linalg_gen *g, const char *name, const char *attrs,
	const int *in, int nin, int out, const ltype *t)
{
	int v = begin_op(g, name, in, nin, t);

	if (attrs)
		buf_printf(OUT, " {%s}", attrs);
	put_ins_outs(g, in, nin, out, t);
	buf_puts(OUT, " -> ");
	put_type(OUT, t);
	buf_puts(OUT, "\n");
	return v;
}

/* linalg.fill of a scalar constant into tensor.empty (? dims read from
** like): a tensor of type t with defined contents; its pool index. */
static int filled(linalg_gen *g, const ltype *t, int like)
{
	int c = scalar_const(g, t->dt, 0), e = empty(g, t, like), v;

	v = add_val(g, t);
	indent(g);
	buf_printf(OUT, "%%v%d = linalg.fill ins(%%v%d : %s) outs(%%v%d : ",
		g->pool[v].id, c, dt_name[t->dt], e);
	put_type(OUT, t);
	buf_puts(OUT, ") -> ");
	put_type(OUT, t);
	buf_puts(OUT, "\n");
	return v;
}

/* The outs operand of an op that reads it (an accumulator): a filled
** tensor, or now and then a value in scope of that type. Returns its id. */
static int accumulator(linalg_gen *g, const ltype *t)
{
	int i, n = 0, pick = -1;

	if (CHANCE(0.3))
		for (i = 0; i < g->np; i++)
			if (same_type(&g->pool[i].t, t) && RANGE(0, n++) == 0)
				pick = i;
	if (pick < 0)
		pick = filled(g, t, -1);
	g->pool[pick].uses++;
	return g->pool[pick].id;
}

/* A scalar op of dtype dt; arity 0: either; combiner: only those that
** may reduce. */
static const scalar_fn *pick_fn(linalg_gen *g, int dt, int arity,
	int combiner)
{
	const scalar_fn *pick = NULL;
	int i, n = 0;

	for (i = 0; i < NFNS; i++)
		if (scalar_fns[i].dt == dt && (!arity || scalar_fns[i].arity == arity)
		    && (!combiner || scalar_fns[i].combiner) && RANGE(0, n++) == 0)
			pick = &scalar_fns[i];
	return pick;
}

/* Region bodies */

/* Writes `%vN = FN %a[, %b] : T` at body depth; returns N. */
static int scalar_op(linalg_gen *g, const scalar_fn *f, int a, int b)
{
	int id = g->next++;

	indent_by(g, 1);
	if (f->arity == 1)
		buf_printf(OUT, "%%v%d = %s %%v%d : %s\n", id, f->name, a,
			dt_name[f->dt]);
	else
		buf_printf(OUT, "%%v%d = %s %%v%d, %%v%d : %s\n", id, f->name, a, b,
			dt_name[f->dt]);
	return id;
}

/* The body of a linalg.generic: block arguments args[0..nargs-1] of
** dtypes dts, result dtype dt; reads the output argument `out` only when
** it is >= 0. Ends with linalg.yield of a value computed from the inputs;
** when reduce is set, that value is combined with `out`. */
static void generic_body(linalg_gen *g, const int *args, const int *dts,
	int nargs, int out, int dt, int reduce)
{
	int vals[L_MAX_BODY], n = 0, i, steps = RANGE(1, 3), last;

	for (i = 0; i < nargs; i++) {
		if (dts[i] == dt) {
			vals[n++] = args[i];
			continue;
		}
		vals[n] = g->next++;    /* only i32 -> f32 */
		indent_by(g, 1);
		buf_printf(OUT, "%%v%d = arith.sitofp %%v%d : i32 to f32\n", vals[n++],
			args[i]);
	}
	if (out >= 0 && !reduce)
		vals[n++] = out;
	if (CHANCE(0.3))
		vals[n++] = scalar_const(g, dt, 1);
	last = vals[0];
	for (i = 0; i < steps && n < L_MAX_BODY - 2; i++) {
		int a = vals[RANGE(0, n - 1)], b = vals[RANGE(0, n - 1)];

		if (CHANCE(0.5))
			a = last;
		if (CHANCE(0.15)) {
			int c = g->next++, s = g->next++;

			indent_by(g, 1);
			buf_printf(OUT, "%%v%d = arith.%s %s, %%v%d, %%v%d : %s\n", c,
				dt == DT_F32 ? "cmpf" : "cmpi", dt == DT_F32 ? "ogt" : "sgt",
				a, b, dt_name[dt]);
			indent_by(g, 1);
			buf_printf(OUT, "%%v%d = arith.select %%v%d, %%v%d, %%v%d : %s\n",
				s, c, b, a, dt_name[dt]);
			last = vals[n++] = s;
			continue;
		}
		last = vals[n++] = scalar_op(g, pick_fn(g, dt, 0, 0), a, b);
	}
	if (reduce)
		last = scalar_op(g, pick_fn(g, dt, 2, 1), out, last);
	indent_by(g, 1);
	buf_printf(OUT, "linalg.yield %%v%d : %s\n", last, dt_name[dt]);
}

/* `affine_map<(d0, d1) -> (e0, e1)>` where e_i is dD for D = map[i] >= 0
** and the constant 0 for map[i] < 0. */
static void put_map(linalg_gen *g, int loops, const int *map, int n)
{
	int i;

	buf_puts(OUT, "affine_map<(");
	for (i = 0; i < loops; i++)
		buf_printf(OUT, "%sd%d", i ? ", " : "", i);
	buf_puts(OUT, ") -> (");
	for (i = 0; i < n; i++) {
		if (map[i] < 0)
			buf_printf(OUT, "%s0", i ? ", " : "");
		else
			buf_printf(OUT, "%sd%d", i ? ", " : "", map[i]);
	}
	buf_puts(OUT, ")>");
}

/* linalg.generic over the loops of x's type: nin inputs whose maps read
** x's dims identically, transposed, broadcast (a subset of the dims) or
** through a size-1 dim; reduce: some loops are reductions and the output
** keeps the others. */
static int generic(linalg_gen *g, int x, int reduce)
{
	ltype t = g->pool[x].t, o = t, it;
	int map[4][L_MAX_RANK], mapn[4], in[3], args[4], dts[4];
	int nin = RANGE(1, 3), loops = t.rank, i, k, red[L_MAX_RANK], out, v;
	int nred = 0;

	memset(red, 0, sizeof(red));
	if (reduce) {
		while (nred == 0 || nred == loops) {
			nred = 0;
			for (i = 0; i < loops; i++)
				nred += red[i] = CHANCE(0.5);
		}
		o.rank = 0;
		for (i = 0; i < loops; i++)
			if (!red[i])
				o.dim[o.rank++] = t.dim[i];
	}
	in[0] = x;
	mapn[0] = loops;
	for (i = 0; i < loops; i++)
		map[0][i] = i;
	for (k = 1; k < nin; k++) {
		int kind = RANGE(0, 3), n = 0;

		it = t;
		if (t.dt == DT_F32 && CHANCE(0.2))
			it.dt = DT_I32;
		if (kind == 0 || loops == 1) {          /* identity */
			for (i = 0; i < loops; i++)
				map[k][n++] = i;
		} else if (kind == 1) {                 /* a subset of the dims */
			for (i = 0; i < loops; i++)
				if (CHANCE(0.5) || (i == loops - 1 && n == 0))
					map[k][n++] = i;
		} else if (kind == 2) {                 /* transposed */
			for (i = 0; i < loops; i++)
				map[k][i] = i;
			for (i = loops - 1; i > 0; i--) {
				int j = RANGE(0, i), s = map[k][i];

				map[k][i] = map[k][j];
				map[k][j] = s;
			}
			n = loops;
		} else {                                /* size-1 dims */
			for (i = 0; i < loops; i++)
				map[k][n++] = CHANCE(0.4) ? -1 : i;
		}
		mapn[k] = n;
		it.rank = n;
		for (i = 0; i < n; i++)
			it.dim[i] = map[k][i] < 0 ? 1 : t.dim[map[k][i]];
		in[k] = exact(g, &it);
	}
	/* the output: written over an empty tensor, or read (an existing
	** value or a fill) when the body uses it */
	if (reduce || CHANCE(0.3))
		out = accumulator(g, &o);
	else
		out = -1 - empty(g, &o, -1);
	v = begin_op(g, "linalg.generic", in, nin, &o);
	buf_puts(OUT, " {indexing_maps = [");
	for (k = 0; k < nin; k++) {
		put_map(g, loops, map[k], mapn[k]);
		buf_puts(OUT, ", ");
	}
	for (i = 0, k = 0; i < loops; i++)
		if (!red[i])
			map[3][k++] = i;
	put_map(g, loops, map[3], k);
	buf_puts(OUT, "], iterator_types = [");
	for (i = 0; i < loops; i++)
		buf_printf(OUT, "%s\"%s\"", i ? ", " : "",
			red[i] ? "reduction" : "parallel");
	buf_puts(OUT, "]}");
	put_ins_outs(g, in, nin, out < 0 ? -1 - out : out, &o);
	buf_puts(OUT, " {\n");
	indent(g);
	buf_puts(OUT, "^bb0(");
	for (k = 0; k <= nin; k++) {
		int dt = k < nin ? g->pool[in[k]].t.dt : o.dt;

		args[k] = g->next++;
		dts[k] = dt;
		buf_printf(OUT, "%s%%v%d: %s", k ? ", " : "", args[k], dt_name[dt]);
	}
	buf_puts(OUT, "):\n");
	generic_body(g, args, dts, nin, out < 0 ? -1 : args[nin], o.dt, reduce);
	indent(g);
	buf_puts(OUT, "} -> ");
	put_type(OUT, &o);
	buf_puts(OUT, "\n");
	return v;
}

/* Window of a conv or pool along one axis (no padding): kernel, stride
** and dilation with an output size >= 1. */
static void window(linalg_gen *g, int64_t in, int64_t *k, int64_t *s,
	int64_t *d, int64_t *out)
{
	*k = RANGE(1, 3);
	*s = RANGE(1, 2);
	*d = RANGE(1, 2);
	if ((*k - 1) * *d + 1 > in)
		*d = 1;
	if (*k > in)
		*k = in;
	*out = (in - (*k - 1) * *d - 1) / *s + 1;
}

/* A random permutation of 0..n-1 into p. */
static void shuffle(linalg_gen *g, int64_t *p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		p[i] = i;
	for (i = n - 1; i > 0; i--) {
		int j = RANGE(0, i);
		int64_t s = p[i];

		p[i] = p[j];
		p[j] = s;
	}
}

/* Instantiates op against the scope; -1 when it does not fit this time. */
static int instantiate(linalg_gen *g, const linalg_op *op)
{
	char attrs[256];
	int64_t a[L_MAX_RANK], b[L_MAX_RANK], c[L_MAX_RANK];
	int in[3], x, i, e;
	ltype t, o, u;

	x = acquire(g, op->dtypes, op->rank_lo, op->rank_hi, op->dynamic);
	t = g->pool[x].t;
	o = t;
	o.dyn = 0;
	in[0] = x;
	switch (op->rule) {
	case R_UNARY:
		named(g, op->name, NULL, in, 1, empty(g, &t, x), &t);
		return 0;
	case R_BINARY:
	case R_MAP: {
		int nin = op->rule == R_BINARY ? 2 : RANGE(1, 2);
		const scalar_fn *f = pick_fn(g, t.dt, nin, 0);

		if (nin == 2) {
			in[1] = exact(g, &t);
			if (in[1] < 0)
				in[1] = x;
			if (CHANCE(0.5)) {
				in[0] = in[1];
				in[1] = x;
			}
		}
		if (op->rule == R_BINARY) {
			named(g, op->name, NULL, in, 2, empty(g, &t, x), &t);
			return 0;
		}
		e = empty(g, &t, x);
		begin_op(g, "linalg.map", in, nin, &t);
		buf_printf(OUT, " { %s }", f->name);
		put_ins_outs(g, in, nin, e, &t);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_GENERIC:
	case R_GENERIC_REDUCE:
		generic(g, x, op->rule == R_GENERIC_REDUCE);
		return 0;
	case R_REDUCE: {
		const scalar_fn *f = pick_fn(g, t.dt, 2, 1);
		int n = 0, red[L_MAX_RANK];

		o.rank = 0;
		for (i = 0; i < t.rank; i++) {
			red[i] = CHANCE(0.5) || (i == t.rank - 1 && n == 0);
			if (red[i])
				a[n++] = i;
			else
				o.dim[o.rank++] = t.dim[i];
		}
		e = accumulator(g, &o);
		begin_op(g, "linalg.reduce", in, 1, &o);
		buf_printf(OUT, " { %s }", f->name);
		put_ins_outs(g, in, 1, e, &o);
		buf_puts(OUT, " dimensions = ");
		put_list(OUT, a, n);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_TRANSPOSE:
		shuffle(g, a, t.rank);
		for (i = 0; i < t.rank; i++)
			o.dim[i] = t.dim[a[i]];
		e = empty(g, &o, -1);
		begin_op(g, op->name, in, 1, &o);
		put_ins_outs(g, in, 1, e, &o);
		buf_puts(OUT, " permutation = ");
		put_list(OUT, a, t.rank);
		buf_puts(OUT, "\n");
		return 0;
	case R_BROADCAST: {
		int n = 0, k = 0, add = RANGE(1, g->o.max_rank - t.rank);

		if (add < 1)
			return -1;
		o.rank = t.rank + add;
		/* which of the output dims are new: add of them, in order */
		for (i = 0; i < o.rank; i++) {
			int left = o.rank - i, want = add - n;

			if (want > 0 && (want == left || CHANCE(0.5))) {
				a[n++] = i;
				o.dim[i] = RANGE(1, g->o.max_dim);
			} else {
				o.dim[i] = t.dim[k++];
			}
		}
		if (numel(&o) > L_CAP)
			return -1;
		e = empty(g, &o, -1);
		begin_op(g, op->name, in, 1, &o);
		put_ins_outs(g, in, 1, e, &o);
		buf_puts(OUT, " dimensions = ");
		put_list(OUT, a, n);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_FILL: {
		int k = scalar_const(g, t.dt, 0), v;

		/* over an empty tensor, or over a value whose contents it replaces */
		e = CHANCE(0.5) ? empty(g, &t, x) : g->pool[x].id;
		g->pool[x].uses++;
		v = add_val(g, &t);
		indent(g);
		buf_printf(OUT, "%%v%d = linalg.fill ins(%%v%d : %s) outs(%%v%d : ",
			g->pool[v].id, k, dt_name[t.dt], e);
		put_type(OUT, &t);
		buf_puts(OUT, ") -> ");
		put_type(OUT, &t);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_MATMUL:
	case R_BATCH_MATMUL:
	case R_MATVEC:
	case R_VECMAT:
	case R_DOT: {
		int64_t n = RANGE(1, g->o.max_dim);

		u = t;
		if (op->rule == R_MATMUL) {         /* MxK KxN -> MxN */
			u.dim[0] = t.dim[1];
			u.dim[1] = n;
			o.dim[1] = n;
		} else if (op->rule == R_BATCH_MATMUL) {
			u.dim[1] = t.dim[2];
			u.dim[2] = n;
			o.dim[2] = n;
		} else if (op->rule == R_MATVEC) {  /* MxK K -> M */
			u.rank = 1;
			u.dim[0] = t.dim[1];
			o.rank = 1;
		} else if (op->rule == R_VECMAT) {  /* K KxN -> N */
			u.rank = 2;
			u.dim[1] = n;
			o.dim[0] = n;
		} else {                            /* K K -> scalar */
			o.rank = 0;
		}
		in[1] = exact(g, &u);
		named(g, op->name, NULL, in, 2, accumulator(g, &o), &o);
		return 0;
	}
	case R_CONV2D:
	case R_DEPTHWISE:
	case R_POOL:
		for (i = 0; i < 2; i++)
			window(g, t.dim[1 + i], &a[i], &b[i], &c[i], &o.dim[1 + i]);
		snprintf(attrs, sizeof(attrs), "dilations = dense<[%lld, %lld]> : "
			"tensor<2xi64>, strides = dense<[%lld, %lld]> : tensor<2xi64>",
			(long long)c[0], (long long)c[1], (long long)b[0],
			(long long)b[1]);
		if (op->rule == R_CONV2D) {
			int64_t f[4] = {a[0], a[1], t.dim[3], RANGE(1, g->o.max_dim)};

			u = shaped(t.dt, 4, f);
			o.dim[3] = f[3];
		} else if (op->rule == R_DEPTHWISE) {
			int64_t f[3] = {a[0], a[1], t.dim[3]};

			u = shaped(t.dt, 3, f);
		} else {
			/* the window operand gives only its shape */
			u = shaped(t.dt, 2, a);
		}
		if (numel(&o) > L_CAP)
			return -1;
		in[1] = exact(g, &u);
		named(g, op->name, attrs, in, 2, accumulator(g, &o), &o);
		return 0;
	case R_EXTRACT_SLICE: {
		int drop = -1;

		for (i = 0; i < t.rank; i++) {
			c[i] = RANGE(1, 2);
			o.dim[i] = RANGE(1, (t.dim[i] - 1) / c[i] + 1);
			a[i] = RANGE(0, t.dim[i] - 1 - (o.dim[i] - 1) * c[i]);
			b[i] = o.dim[i];
			if (o.dim[i] == 1 && t.rank > 1 && drop < 0 && CHANCE(0.3))
				drop = i;
		}
		if (drop >= 0) {
			/* rank-reducing: mlir-opt-19's lowering of the
			** memref.subview it becomes assumes the first unit dim is
			** the one dropped, and with a stride > 1 may still emit
			** invalid IR (bench/gen_linalg_findings): drop the first
			** unit dim, with all strides 1 */
			for (i = 0; i < drop; i++)
				if (o.dim[i] == 1)
					drop = i;
			for (i = 0; i < t.rank; i++)
				c[i] = 1;
			for (i = drop; i < t.rank - 1; i++)
				o.dim[i] = o.dim[i + 1];
			o.rank--;
		}
		begin_op(g, op->name, in, 1, &o);
		buf_printf(OUT, " %%v%d", g->pool[x].id);
		put_list(OUT, a, t.rank);
		buf_puts(OUT, " ");
		put_list(OUT, b, t.rank);
		buf_puts(OUT, " ");
		put_list(OUT, c, t.rank);
		buf_puts(OUT, " : ");
		put_type(OUT, &t);
		buf_puts(OUT, " to ");
		put_type(OUT, &o);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_INSERT_SLICE:
		u = t;
		for (i = 0; i < t.rank; i++) {
			c[i] = RANGE(1, 2);
			u.dim[i] = RANGE(1, (t.dim[i] - 1) / c[i] + 1);
			a[i] = RANGE(0, t.dim[i] - 1 - (u.dim[i] - 1) * c[i]);
			b[i] = u.dim[i];
		}
		in[1] = x;
		in[0] = exact(g, &u);
		begin_op(g, op->name, in, 2, &o);
		buf_printf(OUT, " %%v%d into %%v%d", g->pool[in[0]].id,
			g->pool[x].id);
		put_list(OUT, a, t.rank);
		buf_puts(OUT, " ");
		put_list(OUT, b, t.rank);
		buf_puts(OUT, " ");
		put_list(OUT, c, t.rank);
		buf_puts(OUT, " : ");
		put_type(OUT, &u);
		buf_puts(OUT, " into ");
		put_type(OUT, &t);
		buf_puts(OUT, "\n");
		return 0;
	case R_PAD: {
		int k, args0 = g->next;

		for (i = 0; i < t.rank; i++) {
			a[i] = RANGE(0, 2);
			b[i] = RANGE(0, 2);
			o.dim[i] = t.dim[i] + a[i] + b[i];
		}
		if (numel(&o) > L_CAP)
			return -1;
		g->next += t.rank;
		begin_op(g, op->name, in, 1, &o);
		buf_printf(OUT, " %%v%d low", g->pool[x].id);
		put_list(OUT, a, t.rank);
		buf_puts(OUT, " high");
		put_list(OUT, b, t.rank);
		buf_puts(OUT, " {\n");
		indent(g);
		buf_puts(OUT, "^bb0(");
		for (i = 0; i < t.rank; i++)
			buf_printf(OUT, "%s%%v%d: index", i ? ", " : "", args0 + i);
		buf_puts(OUT, "):\n");
		k = scalar_const(g, t.dt, 1);
		indent_by(g, 1);
		buf_printf(OUT, "tensor.yield %%v%d : %s\n", k, dt_name[t.dt]);
		indent(g);
		buf_puts(OUT, "} : ");
		put_type(OUT, &t);
		buf_puts(OUT, " to ");
		put_type(OUT, &o);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_COLLAPSE:
	case R_EXPAND: {
		/* groups: the dims of the higher-rank side, in runs */
		const ltype *hi = op->rule == R_COLLAPSE ? &t : &o;
		int start[L_MAX_RANK + 1], ngroups = 0, j;

		if (op->rule == R_COLLAPSE) {
			o.rank = 0;
			for (i = 0; i < t.rank; i++) {
				if (i == 0 || CHANCE(0.5)) {
					start[ngroups++] = i;
					o.dim[o.rank++] = t.dim[i];
				} else {
					o.dim[o.rank - 1] *= t.dim[i];
				}
			}
			if (o.rank == t.rank) {     /* at least one merge */
				ngroups--;
				o.rank--;
				o.dim[o.rank - 1] *= t.dim[t.rank - 1];
			}
		} else {
			int split = RANGE(0, t.rank - 1);

			o.rank = 0;
			for (i = 0; i < t.rank; i++) {
				start[ngroups++] = o.rank;
				if ((i == split || CHANCE(0.3)) &&
				    o.rank + (t.rank - i) + 1 <= g->o.max_rank) {
					int64_t d = RANGE(1, (int)t.dim[i]);

					while (t.dim[i] % d)
						d--;
					o.dim[o.rank++] = d;
					o.dim[o.rank++] = t.dim[i] / d;
				} else {
					o.dim[o.rank++] = t.dim[i];
				}
			}
			if (o.rank == t.rank)
				return -1;
		}
		start[ngroups] = hi->rank;
		begin_op(g, op->name, in, 1, &o);
		buf_printf(OUT, " %%v%d [", g->pool[x].id);
		for (i = 0; i < ngroups; i++) {
			buf_puts(OUT, i ? ", [" : "[");
			for (j = start[i]; j < start[i + 1]; j++)
				buf_printf(OUT, "%s%d", j > start[i] ? ", " : "", j);
			buf_puts(OUT, "]");
		}
		buf_puts(OUT, "]");
		if (op->rule == R_EXPAND) {
			buf_puts(OUT, " output_shape ");
			put_list(OUT, o.dim, o.rank);
		}
		buf_puts(OUT, " : ");
		put_type(OUT, &t);
		buf_puts(OUT, " into ");
		put_type(OUT, &o);
		buf_puts(OUT, "\n");
		return 0;
	}
	}
	return -1;
}

/* Structure: calls, regions, dynamic dims */

static void body(linalg_gen *g, int budget);

/* x through a linalg.map that keeps its type: `x op x` or `op x`. */
static int keep_type(linalg_gen *g, int x)
{
	ltype t = g->pool[x].t;
	const scalar_fn *f = pick_fn(g, t.dt, 0, 0);
	int in[2] = {x, x}, e = empty(g, &t, x);

	begin_op(g, "linalg.map", in, f->arity, &t);
	buf_printf(OUT, " { %s }", f->name);
	put_ins_outs(g, in, f->arity, e, &t);
	buf_puts(OUT, "\n");
	return g->np - 1;
}

/* The value a region yields for type t (pool index): one in scope of that
** type, sometimes through one more op. */
static int yield_value(linalg_gen *g, const ltype *t, int fallback)
{
	int v = exact(g, t);

	if (v < 0)
		v = fallback;
	if (CHANCE(0.5))
		v = keep_type(g, v);
	return v;
}

static void put_result_names(linalg_gen *g, int first, int n)
{
	int i;

	indent(g);
	for (i = 0; i < n; i++)
		buf_printf(OUT, "%s%%v%d", i ? ", " : "", first + i);
	buf_puts(OUT, " = ");
}

static void put_types(gred_buf *b, const ltype *t, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			buf_puts(b, ", ");
		put_type(b, &t[i]);
	}
}

/* Ends a region: yields values of types t, drops its scope. */
static void close_region(linalg_gen *g, const ltype *t, const int *init,
	int n, int np, int nidx)
{
	int y[2], i;

	for (i = 0; i < n; i++)
		y[i] = yield_value(g, &t[i], init[i]);
	indent(g);
	buf_puts(OUT, "scf.yield");
	for (i = 0; i < n; i++)
		buf_printf(OUT, "%s %%v%d", i ? "," : "", g->pool[y[i]].id);
	buf_puts(OUT, " : ");
	put_types(OUT, t, n);
	buf_puts(OUT, "\n");
	g->np = np;
	g->nidx = nidx;
	g->depth--;
}

static void add_results(linalg_gen *g, int first, const ltype *t, int n)
{
	int i;

	for (i = 0; i < n; i++)
		add_named(g, &t[i], first + i);
}

static void emit_if(linalg_gen *g)
{
	ltype t[2];
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
	buf_printf(OUT, "scf.if %%v%d -> (", c);
	put_types(OUT, t, n);
	buf_puts(OUT, ") {\n");
	for (side = 0; side < 2; side++) {
		np = g->np;
		nidx = g->nidx;
		g->depth++;
		body(g, RANGE(0, 3));
		close_region(g, t, init, n, np, nidx);
		indent(g);
		buf_puts(OUT, side ? "}\n" : "} else {\n");
	}
	add_results(g, first, t, n);
	g->done++;
}

static void emit_for(linalg_gen *g)
{
	ltype t[2];
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
	buf_printf(OUT, "scf.for %%v%d = %%v%d to %%v%d step %%v%d iter_args(",
		iv, lb, ub, step);
	for (i = 0; i < n; i++)
		buf_printf(OUT, "%s%%v%d = %%v%d", i ? ", " : "", g->pool[iter[i]].id,
			g->pool[init[i]].id);
	buf_puts(OUT, ") -> (");
	put_types(OUT, t, n);
	buf_puts(OUT, ") {\n");
	g->depth++;
	body(g, RANGE(0, 3));
	close_region(g, t, iter, n, np, nidx);
	indent(g);
	buf_puts(OUT, "}\n");
	add_results(g, first, t, n);
	g->done++;
}

static int emit_tensor_cast(linalg_gen *g, int v, const ltype *to)
{
	int r;

	g->pool[v].uses++;
	r = add_val(g, to);
	indent(g);
	buf_printf(OUT, "%%v%d = tensor.cast %%v%d : ", g->pool[r].id,
		g->pool[v].id);
	put_type(OUT, &g->pool[v].t);
	buf_puts(OUT, " to ");
	put_type(OUT, to);
	buf_puts(OUT, "\n");
	return r;
}

/* Makes some dims of a value dynamic (tensor.cast), reads one back with
** tensor.dim, or casts a dynamic value back to its static type. */
static void emit_dynamic(linalg_gen *g)
{
	int x = acquire(g, M_NUM, 1, 4, 1), c, d;
	ltype t = g->pool[x].t;

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
	buf_printf(OUT, "%%v%d = tensor.dim %%v%d, %%v%d : ", d, g->pool[x].id, c);
	put_type(OUT, &t);
	buf_puts(OUT, "\n");
	g->done++;
}

static void emit_call(linalg_gen *g)
{
	const lfunc *f;
	int in[L_MAX_ARGS + 1], k = RANGE(0, g->nfuncs - 1), i, first;

	f = &g->funcs[k];
	for (i = 0; i < f->nargs; i++) {
		ltype s = f->arg[i];

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
	buf_printf(OUT, "func.call @f%d(", k);
	for (i = 0; i < f->nargs; i++)
		buf_printf(OUT, "%s%%v%d", i ? ", " : "",
			in[i] < 0 ? -1 - in[i] : g->pool[in[i]].id);
	buf_puts(OUT, ") : (");
	put_types(OUT, f->arg, f->nargs);
	buf_puts(OUT, ") -> (");
	put_types(OUT, f->res, f->nres);
	buf_puts(OUT, ")\n");
	add_results(g, first, f->res, f->nres);
	g->done++;
}

static void emit_linalg(linalg_gen *g)
{
	int tries;

	for (tries = 0; tries < 8; tries++) {
		size_t len = g->body.len;
		int np = g->np, next = g->next, nargs = g->nargs;

		if (instantiate(g, g->ops[RANGE(0, g->nops - 1)]) == 0)
			break;
		/* undo what the failed attempt printed and made */
		g->body.len = len;
		g->np = np;
		g->next = next;
		g->nargs = nargs;
	}
	g->done++;
}

/* Writes ops until budget more are done. */
static void body(linalg_gen *g, int budget)
{
	int end = g->done + budget;

	while (g->done < end) {
		double p = rng_unit(&g->r);

		if (p < 0.03 && g->depth < L_MAX_DEPTH)
			emit_if(g);
		else if (p < 0.06 && g->depth < L_MAX_DEPTH)
			emit_for(g);
		else if (p < 0.10)
			emit_dynamic(g);
		else if (p < 0.13 && g->nfuncs > 0)
			emit_call(g);
		else
			emit_linalg(g);
	}
}

/* Writes function number k with budget ops into out. */
static void function(linalg_gen *g, int k, int budget, int last,
	gred_buf *out)
{
	lfunc *f = &g->funcs[k];
	int res[L_MAX_RES], n = RANGE(1, L_MAX_RES), nres = 0, i;

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

int linalg_gen_program(linalg_gen *g, gred_buf *out, gred_error *e)
{
	uint64_t s = g->o.seed * 0x9e3779b97f4a7c15ull + g->count++;
	int nf, k, per;

	(void)e;
	rng_seed(&g->r, rng_splitmix(&s));
	nf = 1 + RANGE(0, g->o.nodes >= 8 ? L_MAX_FUNCS - 1 : 0);
	per = (g->o.nodes + nf - 1) / nf;
	g->nfuncs = 0;
	for (k = 0; k < nf; k++) {
		function(g, k, per, k == nf - 1, out);
		g->nfuncs = k + 1;
	}
	return 0;
}

/* Does the comma-separated list name op (its name after the dialect)? */
static int listed(const char *list, const char *op)
{
	const char *name = strchr(op, '.') + 1;
	size_t n = strlen(name);

	while (*list) {
		size_t len = strcspn(list, ",");

		if (len == n && !strncmp(list, name, n))
			return 1;
		list += len + (list[len] == ',');
	}
	return 0;
}

int linalg_gen_new(linalg_gen **out, const gen_options *o, gred_error *e)
{
	linalg_gen *g;
	const char *p;
	int i;

	for (p = o->ops; p && *p;) {
		size_t len = strcspn(p, ",");
		int found = 0;

		for (i = 0; i < NOPS; i++) {
			const char *name = strchr(linalg_ops[i].name, '.') + 1;

			if (strlen(name) == len && !strncmp(p, name, len))
				found = 1;
		}
		if (!found)
			return gred_errorf(e, "gen: unknown linalg op '%.*s'", (int)len,
				p);
		p += len + (p[len] == ',');
	}
	g = xcalloc(1, sizeof(*g));
	g->o = *o;
	if (g->o.max_rank > L_MAX_RANK)
		g->o.max_rank = L_MAX_RANK;
	for (i = 0; i < NOPS; i++)
		if ((!o->ops || listed(o->ops, linalg_ops[i].name)) &&
		    linalg_ops[i].rank_lo <= g->o.max_rank)
			g->ops[g->nops++] = &linalg_ops[i];
	if (g->nops == 0) {
		free(g);
		return gred_errorf(e, "gen: no linalg op fits --max-rank %d",
			o->max_rank);
	}
	*out = g;
	return 0;
}

void linalg_gen_free(linalg_gen *g)
{
	if (!g)
		return;
	buf_free(&g->body);
	free(g->pool);
	free(g->idx);
	free(g);
}

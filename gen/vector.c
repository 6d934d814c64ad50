/*
** The vector generator: prints MLIR 19 programs of the vector dialect
** (broadcast, shape_cast, extract/insert, strided slices, transpose,
** reductions, contract, outerproduct, fma, splat, transfers with masks,
** vector.mask) and arith and math on vectors, 0-d and scalable ones too,
** inside the shared functions, calls and scf regions, from a table of
** shape rules. The programs verify by construction; the same seed gives
** the same bytes.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_emit.h"

/* How an op's operands, attributes and result follow from its input. */
typedef enum op_rule {
	R_BINARY, R_UNARY, R_FMA, R_SELECT, R_BITCAST, R_SITOFP, R_BROADCAST,
	R_SPLAT, R_SHAPE_CAST, R_EXTRACT, R_INSERT, R_EXTRACT_STRIDED,
	R_INSERT_STRIDED, R_TRANSPOSE, R_REDUCTION, R_MULTI_REDUCTION,
	R_CONTRACT, R_OUTER, R_TRANSFER_READ, R_TRANSFER_WRITE, R_MASKED,
	R_SCAN, R_FROM_ELEMENTS, R_INTERLEAVE, R_DEINTERLEAVE, R_EXTRACTELEMENT,
	R_INSERTELEMENT, R_MASKED_LOAD, R_MASKED_STORE, R_PRINT
} op_rule;

typedef struct vector_op {
	const char *name;   /* printed; --ops names it without the dialect */
	op_rule rule;
	unsigned dtypes;    /* of the first operand */
	int rank_lo, rank_hi;
	int scalable;       /* takes operands with scalable dims */
} vector_op;

static const vector_op vector_ops[] = {
	{"arith.addf", R_BINARY, M_F32, 0, 4, 1},
	{"arith.subf", R_BINARY, M_F32, 0, 4, 1},
	{"arith.mulf", R_BINARY, M_F32, 0, 4, 1},
	{"arith.divf", R_BINARY, M_F32, 0, 4, 1},
	{"arith.maximumf", R_BINARY, M_F32, 0, 4, 1},
	{"arith.minimumf", R_BINARY, M_F32, 0, 4, 1},
	{"arith.addi", R_BINARY, M_I32, 0, 4, 1},
	{"arith.subi", R_BINARY, M_I32, 0, 4, 1},
	{"arith.muli", R_BINARY, M_I32, 0, 4, 1},
	{"arith.andi", R_BINARY, M_I32, 0, 4, 1},
	{"arith.xori", R_BINARY, M_I32, 0, 4, 1},
	{"arith.maxsi", R_BINARY, M_I32, 0, 4, 1},
	{"arith.minsi", R_BINARY, M_I32, 0, 4, 1},
	{"arith.negf", R_UNARY, M_F32, 0, 4, 1},
	{"math.absf", R_UNARY, M_F32, 0, 4, 1},
	{"math.exp", R_UNARY, M_F32, 0, 4, 1},
	{"math.tanh", R_UNARY, M_F32, 0, 4, 1},
	{"math.floor", R_UNARY, M_F32, 0, 4, 1},
	{"math.absi", R_UNARY, M_I32, 0, 4, 1},
	{"vector.fma", R_FMA, M_F32, 1, 4, 1},
	{"arith.select", R_SELECT, M_NUM, 0, 4, 1},
	{"vector.bitcast", R_BITCAST, M_NUM, 1, 4, 0},
	{"arith.sitofp", R_SITOFP, M_I32, 0, 4, 1},
	{"vector.broadcast", R_BROADCAST, M_NUM, 0, 3, 1},
	{"vector.splat", R_SPLAT, M_NUM, 0, 4, 1},
	{"vector.shape_cast", R_SHAPE_CAST, M_NUM, 1, 4, 0},
	{"vector.extract", R_EXTRACT, M_NUM, 0, 4, 0},
	{"vector.insert", R_INSERT, M_NUM, 0, 4, 0},
	{"vector.extract_strided_slice", R_EXTRACT_STRIDED, M_NUM, 1, 4, 0},
	{"vector.insert_strided_slice", R_INSERT_STRIDED, M_NUM, 1, 4, 0},
	{"vector.transpose", R_TRANSPOSE, M_NUM, 2, 4, 0},
	{"vector.reduction", R_REDUCTION, M_NUM, 1, 1, 1},
	{"vector.multi_reduction", R_MULTI_REDUCTION, M_NUM, 1, 4, 0},
	{"vector.contract", R_CONTRACT, M_NUM, 1, 2, 0},
	{"vector.outerproduct", R_OUTER, M_NUM, 1, 1, 0},
	{"vector.transfer_read", R_TRANSFER_READ, M_NUM, 0, 3, 0},
	{"vector.transfer_write", R_TRANSFER_WRITE, M_NUM, 0, 3, 0},
	{"vector.mask", R_MASKED, M_NUM, 1, 1, 0},
	{"vector.scan", R_SCAN, M_NUM, 2, 3, 0},
	{"vector.from_elements", R_FROM_ELEMENTS, M_NUM, 1, 1, 0},
	{"vector.interleave", R_INTERLEAVE, M_NUM, 1, 3, 1},
	{"vector.deinterleave", R_DEINTERLEAVE, M_NUM, 1, 3, 1},
	{"vector.extractelement", R_EXTRACTELEMENT, M_NUM, 0, 1, 1},
	{"vector.insertelement", R_INSERTELEMENT, M_NUM, 0, 1, 1},
	{"vector.maskedload", R_MASKED_LOAD, M_NUM, 1, 1, 0},
	{"vector.maskedstore", R_MASKED_STORE, M_NUM, 1, 1, 0},
	{"vector.print", R_PRINT, M_NUM, 0, 4, 1},
};

#define NOPS ((int)(sizeof(vector_ops) / sizeof(vector_ops[0])))

/* The combining kinds of reductions, contractions and scans by dtype. */
static const char *const f32_kinds[] = {"add", "mul", "minimumf",
	"maximumf", "minnumf", "maxnumf"};
static const char *const i32_kinds[] = {"add", "mul", "minsi", "maxsi",
	"minui", "maxui", "and", "or", "xor"};

static const char *kind_of(mlir_emitter *g, int dt)
{
	if (dt == DT_F32)
		return f32_kinds[RANGE(0, 5)];
	return i32_kinds[RANGE(0, 8)];
}

/* Types */

static me_type vec(int dt, int rank, const int64_t *dim)
{
	me_type t = me_shaped(dt, rank, dim);

	t.kind = MK_VECTOR;
	return t;
}

static me_type scalar(int dt)
{
	me_type t = me_shaped(dt, -1, NULL);

	t.kind = MK_VECTOR;
	return t;
}

/* t with dtype dt (an i1 mask of its shape, say). */
static me_type with_dt(const me_type *t, int dt)
{
	me_type u = *t;

	u.dt = dt;
	return u;
}

/* Printing */

#define ID(v) (g->pool[(v)].id)

static void put_ty(mlir_emitter *g, const me_type *t)
{
	me_put_type(OUT, t);
}

/* A constant of static type t: a dense vector or tensor (a splat when
** scalable or large, or half the time), a scalar, or for a memref a new
** memref.alloca. */
static int make_const(mlir_emitter *g, const me_type *t)
{
	int v = me_add_val(g, t);

	me_indent(g);
	buf_printf(OUT, "%%v%d = arith.constant ", ID(v));
	if (t->kind == MK_MEMREF) {
		g->body.len -= strlen("arith.constant ");
		buf_puts(OUT, "memref.alloca() : ");
		put_ty(g, t);
		buf_puts(OUT, "\n");
		return v;
	}
	if (t->rank < 0) {
		me_put_elem(g, t->dt);
		buf_printf(OUT, " : %s\n", me_dt_name[t->dt]);
		return v;
	}
	buf_puts(OUT, "dense<");
	if (t->scalable)
		me_put_elem(g, t->dt);
	else
		me_put_literal(g, t, NULL);
	buf_puts(OUT, "> : ");
	put_ty(g, t);
	buf_puts(OUT, "\n");
	return v;
}

/* A scalar of dtype dt: one in scope or a new constant. */
static int scalar_of(mlir_emitter *g, int dt)
{
	me_type s = scalar(dt);
	int i, n = 0, pick = -1;

	for (i = 0; i < g->np; i++)
		if (me_same_type(&g->pool[i].t, &s) && RANGE(0, n++) == 0)
			pick = i;
	if (pick >= 0 && CHANCE(0.5))
		return pick;
	return make_const(g, &s);
}

/* An i1 mask of shape t: vector.constant_mask or vector.create_mask,
** all lanes or a leading box of them. Returns its pool index. */
static int mask_of(mlir_emitter *g, const me_type *t)
{
	me_type m = with_dt(t, DT_I1);
	int64_t k[ME_MAX_RANK];
	int i, c[ME_MAX_RANK], v;

	m.scalable = 0;
	for (i = 0; i < t->rank; i++)
		k[i] = RANGE(0, (int)t->dim[i]);
	if (CHANCE(0.5)) {
		v = me_begin(g, NULL, 0, &m);
		buf_puts(OUT, "vector.constant_mask ");
		/* a constant mask is all lanes, none, or a box from 0 */
		if (CHANCE(0.3))
			for (i = 0; i < t->rank; i++)
				k[i] = t->dim[i];
		for (i = 0; i < t->rank && k[i] > 0; i++)
			;
		if (i < t->rank)
			for (i = 0; i < t->rank; i++)
				k[i] = 0;
		me_put_list(OUT, k, t->rank);
		buf_puts(OUT, " : ");
		put_ty(g, &m);
		buf_puts(OUT, "\n");
		return v;
	}
	for (i = 0; i < t->rank; i++)
		c[i] = me_index_const(g, k[i]);
	v = me_begin(g, NULL, 0, &m);
	buf_puts(OUT, "vector.create_mask ");
	for (i = 0; i < t->rank; i++)
		buf_printf(OUT, "%s%%v%d", i ? ", " : "", c[i]);
	buf_puts(OUT, " : ");
	put_ty(g, &m);
	buf_puts(OUT, "\n");
	return v;
}

static void put_bools(mlir_emitter *g, const int *b, int n)
{
	int i;

	buf_puts(OUT, "[");
	for (i = 0; i < n; i++)
		buf_printf(OUT, "%s%s", i ? ", " : "", b[i] ? "true" : "false");
	buf_puts(OUT, "]");
}

/* A transfer between a vector of type vt and a memref or tensor of the
** same rank whose dims are at least vt's, at constant indices: reads
** (returning the vector's pool index) or writes the value x (returning
** the written tensor's pool index, or -1 for a memref). */
static int transfer(mlir_emitter *g, const me_type *vt, int x)
{
	me_type s = *vt;
	int idx[ME_MAX_RANK], inb[ME_MAX_RANK], i, src, pad = -1, mask = -1;
	int rank = vt->rank, r, use_inb = CHANCE(0.5);

	/* the vector's dims are the source's (a 0-d vector reads a 1-D one) */
	int in[3], nin = 0;

	s.kind = CHANCE(0.5) ? MK_MEMREF : MK_TENSOR;
	s.scalable = 0;
	if (rank == 0) {
		s.rank = 1;
		s.dim[0] = RANGE(1, 4);
	}
	for (i = 0; i < s.rank; i++)
		if (i < rank && CHANCE(0.5))
			s.dim[i] += RANGE(0, 3);
	src = me_make_arg(g, &s);
	if (src < 0) {
		if (s.kind == MK_MEMREF)
			return -1;
		src = me_add_val(g, &s);
		me_indent(g);
		buf_printf(OUT, "%%v%d = arith.constant dense<", ID(src));
		me_put_elem(g, s.dt);
		buf_puts(OUT, "> : ");
		put_ty(g, &s);
		buf_puts(OUT, "\n");
	}
	for (i = 0; i < s.rank; i++) {
		/* in bounds: the vector fits from the index on; else any index */
		inb[i] = use_inb && rank > 0 && !CHANCE(0.3);
		idx[i] = me_index_const(g, RANGE(0, (int)(s.dim[i] -
			(inb[i] ? vt->dim[i] : 1))));
	}
	if (x < 0)
		pad = scalar_of(g, vt->dt);
	if (rank > 0 && CHANCE(0.3))
		mask = mask_of(g, vt);
	in[nin++] = src;
	if (x >= 0)
		in[nin++] = x;
	if (mask >= 0)
		in[nin++] = mask;
	if (x < 0)
		r = me_begin(g, in, nin, vt);
	else if (s.kind == MK_TENSOR)
		r = me_begin(g, in, nin, &s);
	else {
		for (i = 0; i < nin; i++)
			g->pool[in[i]].uses++;
		r = -1;
		me_indent(g);
	}
	if (x < 0)
		buf_printf(OUT, "vector.transfer_read %%v%d[", ID(src));
	else
		buf_printf(OUT, "vector.transfer_write %%v%d, %%v%d[", ID(x),
			ID(src));
	for (i = 0; i < s.rank; i++)
		buf_printf(OUT, "%s%%v%d", i ? ", " : "", idx[i]);
	buf_puts(OUT, "]");
	if (pad >= 0) {
		g->pool[pad].uses++;
		buf_printf(OUT, ", %%v%d", ID(pad));
	}
	if (mask >= 0)
		buf_printf(OUT, ", %%v%d", ID(mask));
	if (rank == 0)
		buf_puts(OUT, " {permutation_map = affine_map<(d0) -> ()>}");
	else if (use_inb) {
		buf_puts(OUT, " {in_bounds = ");
		put_bools(g, inb + (s.rank - rank), rank);
		buf_puts(OUT, "}");
	}
	buf_puts(OUT, " : ");
	if (x < 0) {
		put_ty(g, &s);
		buf_puts(OUT, ", ");
		put_ty(g, vt);
	} else {
		put_ty(g, vt);
		buf_puts(OUT, ", ");
		put_ty(g, &s);
	}
	buf_puts(OUT, "\n");
	return r;
}

/* Instantiates op against the scope; -1 when it does not fit this time. */
static int instantiate(mlir_emitter *g, const void *row)
{
	const vector_op *op = row;
	int64_t a[ME_MAX_RANK], b[ME_MAX_RANK];
	int in[3], x, i, k;
	me_type t, o;

	x = me_acquire(g, op->dtypes, op->rank_lo, op->rank_hi, op->scalable);
	t = g->pool[x].t;
	if (t.rank < 0)
		return -1;
	if (op->scalable && t.rank > 0 && !t.scalable && CHANCE(0.15)) {
		/* now and then a scalable operand: a new argument whose trailing
		** dim is scalable */
		t.scalable = 1u << (t.rank - 1);
		if ((x = me_make_arg(g, &t)) < 0)
			return -1;
	}
	o = t;
	in[0] = x;
	switch (op->rule) {
	case R_BINARY:
	case R_UNARY:
	case R_FMA:
		k = op->rule == R_BINARY ? 2 : op->rule == R_FMA ? 3 : 1;
		for (i = 1; i < k; i++)
			in[i] = me_exact(g, &t);
		me_begin(g, in, k, &t);
		buf_printf(OUT, "%s", op->name);
		for (i = 0; i < k; i++)
			buf_printf(OUT, "%s %%v%d", i ? "," : "", ID(in[i]));
		buf_puts(OUT, " : ");
		put_ty(g, &t);
		buf_puts(OUT, "\n");
		return 0;
	case R_SELECT: {
		int c;

		in[1] = me_exact(g, &t);
		c = g->next++;
		me_indent(g);
		buf_printf(OUT, "%%v%d = arith.%s %s, %%v%d, %%v%d : ", c,
			t.dt == DT_F32 ? "cmpf" : "cmpi",
			t.dt == DT_F32 ? "olt" : "slt", ID(x), ID(in[1]));
		put_ty(g, &t);
		buf_puts(OUT, "\n");
		me_begin(g, in, 2, &t);
		buf_printf(OUT, "arith.select %%v%d, %%v%d, %%v%d : ", c, ID(x),
			ID(in[1]));
		o = with_dt(&t, DT_I1);
		put_ty(g, &o);
		buf_puts(OUT, ", ");
		put_ty(g, &t);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_BITCAST:
	case R_SITOFP:
		o.dt = op->rule == R_SITOFP ? DT_F32 : t.dt == DT_F32 ? DT_I32 :
			DT_F32;
		me_begin(g, in, 1, &o);
		buf_printf(OUT, "%s %%v%d : ", op->name, ID(x));
		put_ty(g, &t);
		buf_puts(OUT, " to ");
		put_ty(g, &o);
		buf_puts(OUT, "\n");
		return 0;
	case R_BROADCAST:
		/* new leading dims; a source dim 1 may stretch */
		if (CHANCE(0.2)) {
			x = in[0] = scalar_of(g, t.dt);
			t = g->pool[x].t;
			o.rank = 0;
			o.dim[0] = 0;
			k = RANGE(0, 2);
			for (i = 0; i < k; i++)
				o.dim[i] = RANGE(1, g->o.max_dim);
			o.rank = k;
			o.scalable = 0;
			o.dt = t.dt;
		} else {
			k = RANGE(0, 4 - t.rank);
			if (t.rank + k > g->o.max_rank)
				k = 0;
			o.rank = t.rank + k;
			for (i = 0; i < t.rank; i++)
				o.dim[k + i] = t.dim[i] == 1 && !(t.scalable >> i & 1) &&
					CHANCE(0.3) ? RANGE(1, g->o.max_dim) : t.dim[i];
			for (i = 0; i < k; i++)
				o.dim[i] = RANGE(1, g->o.max_dim);
			o.scalable = t.scalable << k;
		}
		if (me_numel(&o) > ME_CAP)
			return -1;
		me_begin(g, in, 1, &o);
		buf_printf(OUT, "vector.broadcast %%v%d : ", ID(x));
		put_ty(g, &t);
		buf_puts(OUT, " to ");
		put_ty(g, &o);
		buf_puts(OUT, "\n");
		return 0;
	case R_SPLAT:
		x = in[0] = scalar_of(g, t.dt);
		o.scalable = 0;
		/* now and then a scalable vector: its trailing dim */
		if (o.rank > 0 && CHANCE(0.3))
			o.scalable = 1u << (o.rank - 1);
		me_begin(g, in, 1, &o);
		buf_printf(OUT, "vector.splat %%v%d : ", ID(x));
		put_ty(g, &o);
		buf_puts(OUT, "\n");
		return 0;
	case R_SHAPE_CAST: {
		/* to 1-D, or from anything to a split of its element count */
		int64_t n = me_numel(&t), left = n;

		if (t.rank > 1 || CHANCE(0.3)) {
			o.rank = 1;
			o.dim[0] = n;
		} else {
			o.rank = RANGE(2, g->o.max_rank < 2 ? 2 : g->o.max_rank);
			me_factor_dims(g, &o, left);
		}
		me_begin(g, in, 1, &o);
		buf_printf(OUT, "vector.shape_cast %%v%d : ", ID(x));
		put_ty(g, &t);
		buf_puts(OUT, " to ");
		put_ty(g, &o);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_EXTRACT:
	case R_INSERT: {
		me_type part;
		int n = RANGE(t.rank == 0 ? 0 : 1, t.rank);

		for (i = 0; i < n; i++)
			a[i] = RANGE(0, (int)t.dim[i] - 1);
		part = n == t.rank ? scalar(t.dt) : vec(t.dt, t.rank - n, t.dim + n);
		if (op->rule == R_EXTRACT) {
			me_begin(g, in, 1, &part);
			buf_printf(OUT, "vector.extract %%v%d", ID(x));
		} else {
			in[1] = part.rank < 0 ? scalar_of(g, t.dt) : me_exact(g, &part);
			me_begin(g, in, 2, &t);
			buf_printf(OUT, "vector.insert %%v%d, %%v%d", ID(in[1]), ID(x));
		}
		me_put_list(OUT, a, n);
		buf_puts(OUT, " : ");
		if (op->rule == R_EXTRACT) {
			put_ty(g, &part);
			buf_puts(OUT, " from ");
		} else {
			put_ty(g, &part);
			buf_puts(OUT, " into ");
		}
		put_ty(g, &t);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_EXTRACT_STRIDED: {
		int n = RANGE(1, t.rank);
		int64_t one[ME_MAX_RANK];

		for (i = 0; i < n; i++) {
			b[i] = RANGE(1, (int)t.dim[i]);
			a[i] = RANGE(0, (int)(t.dim[i] - b[i]));
			o.dim[i] = b[i];
			one[i] = 1;
		}
		me_begin(g, in, 1, &o);
		buf_printf(OUT, "vector.extract_strided_slice %%v%d {offsets = ",
			ID(x));
		me_put_list(OUT, a, n);
		buf_puts(OUT, ", sizes = ");
		me_put_list(OUT, b, n);
		buf_puts(OUT, ", strides = ");
		me_put_list(OUT, one, n);
		buf_puts(OUT, "}");
		me_put_conversion(OUT, &t, "to", &o);
		return 0;
	}
	case R_INSERT_STRIDED: {
		me_type s;
		int lead = RANGE(0, t.rank - 1);
		int64_t one[ME_MAX_RANK];

		s = vec(t.dt, t.rank - lead, t.dim + lead);
		for (i = 0; i < t.rank; i++) {
			int64_t sz = i < lead ? 1 : (s.dim[i - lead] =
				RANGE(1, (int)t.dim[i]));

			a[i] = RANGE(0, (int)(t.dim[i] - sz));
			one[i] = 1;
		}
		in[1] = x;
		in[0] = me_exact(g, &s);
		me_begin(g, in, 2, &t);
		buf_printf(OUT, "vector.insert_strided_slice %%v%d, %%v%d "
			"{offsets = ", ID(in[0]), ID(x));
		me_put_list(OUT, a, t.rank);
		buf_puts(OUT, ", strides = ");
		me_put_list(OUT, one, s.rank);
		buf_puts(OUT, "}");
		me_put_conversion(OUT, &s, "into", &t);
		return 0;
	}
	case R_TRANSPOSE:
		me_shuffle(g, a, t.rank);
		for (i = 0; i < t.rank; i++)
			o.dim[i] = t.dim[a[i]];
		me_begin(g, in, 1, &o);
		buf_printf(OUT, "vector.transpose %%v%d, ", ID(x));
		me_put_list(OUT, a, t.rank);
		me_put_conversion(OUT, &t, "to", &o);
		return 0;
	case R_REDUCTION:
	case R_MASKED: {
		const char *kind = kind_of(g, t.dt);
		me_type s = scalar(t.dt);
		int acc = CHANCE(0.4) ? scalar_of(g, t.dt) : -1, mask = -1;

		if (op->rule == R_MASKED) {
			mask = mask_of(g, &t);
			g->pool[mask].uses++;
		}
		if (acc >= 0)
			g->pool[acc].uses++;
		me_begin(g, in, 1, &s);
		if (mask >= 0)
			buf_printf(OUT, "vector.mask %%v%d { ", ID(mask));
		buf_printf(OUT, "vector.reduction <%s>, %%v%d", kind, ID(x));
		if (acc >= 0)
			buf_printf(OUT, ", %%v%d", ID(acc));
		if (t.dt == DT_F32 && CHANCE(0.3))
			buf_puts(OUT, " fastmath<reassoc>");
		buf_puts(OUT, " : ");
		put_ty(g, &t);
		buf_printf(OUT, " into %s", me_dt_name[t.dt]);
		if (mask >= 0) {
			me_type mt = with_dt(&t, DT_I1);

			buf_puts(OUT, " } : ");
			put_ty(g, &mt);
			buf_printf(OUT, " -> %s", me_dt_name[t.dt]);
		}
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_MULTI_REDUCTION: {
		const char *kind = kind_of(g, t.dt);
		int acc, n = me_pick_reduced(g, &t, &o, a);

		if (o.rank == 0)
			o = scalar(t.dt);
		in[1] = acc = o.rank < 0 ? scalar_of(g, t.dt) : me_exact(g, &o);
		me_begin(g, in, 2, &o);
		buf_printf(OUT, "vector.multi_reduction <%s>, %%v%d, %%v%d ", kind,
			ID(x), ID(acc));
		me_put_list(OUT, a, n);
		me_put_conversion(OUT, &t, "to", &o);
		return 0;
	}
	case R_CONTRACT: {
		/* rank 1: a dot into a scalar; rank 2: MxK KxN -> MxN */
		me_type bt, ct;
		int ma[2], mb[2], mc[2];
		const char *kind = kind_of(g, t.dt);

		if (strcmp(kind, "add") && strcmp(kind, "mul") &&
		    strncmp(kind, "max", 3) && strncmp(kind, "min", 3))
			kind = "add";
		if (t.rank == 1) {
			bt = t;
			ct = scalar(t.dt);
		} else {
			int64_t d[2] = {t.dim[1], RANGE(1, g->o.max_dim)};
			int64_t e[2] = {t.dim[0], d[1]};

			bt = vec(t.dt, 2, d);
			ct = vec(t.dt, 2, e);
		}
		in[1] = me_exact(g, &bt);
		in[2] = ct.rank < 0 ? scalar_of(g, t.dt) : me_exact(g, &ct);
		me_begin(g, in, 3, &ct);
		buf_puts(OUT, "vector.contract {indexing_maps = [");
		if (t.rank == 1) {
			ma[0] = 0;
			me_put_map(OUT, 1, ma, 1);
			buf_puts(OUT, ", ");
			me_put_map(OUT, 1, ma, 1);
			buf_puts(OUT, ", ");
			me_put_map(OUT, 1, ma, 0);
			buf_puts(OUT, "], iterator_types = [\"reduction\"]");
		} else {
			ma[0] = 0, ma[1] = 2, mb[0] = 2, mb[1] = 1, mc[0] = 0, mc[1] = 1;
			me_put_map(OUT, 3, ma, 2);
			buf_puts(OUT, ", ");
			me_put_map(OUT, 3, mb, 2);
			buf_puts(OUT, ", ");
			me_put_map(OUT, 3, mc, 2);
			buf_puts(OUT, "], iterator_types = [\"parallel\", "
				"\"parallel\", \"reduction\"]");
		}
		buf_printf(OUT, ", kind = #vector.kind<%s>} %%v%d, %%v%d, %%v%d : ",
			kind, ID(in[0]), ID(in[1]), ID(in[2]));
		put_ty(g, &t);
		buf_puts(OUT, ", ");
		put_ty(g, &bt);
		buf_puts(OUT, " into ");
		put_ty(g, &ct);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_OUTER: {
		/* outer: vector<M> x vector<N> -> vector<MxN>; axpy: x scalar */
		int axpy = CHANCE(0.3), acc = CHANCE(0.4), nin = 2;
		const char *kind = t.dt == DT_F32 ? (CHANCE(0.5) ? "add" :
			f32_kinds[RANGE(0, 5)]) : "add";
		me_type bt = axpy ? scalar(t.dt) : vec(t.dt, 1, a);

		if (!axpy) {
			bt.dim[0] = RANGE(1, g->o.max_dim);
			o.rank = 2;
			o.dim[1] = bt.dim[0];
		}
		in[1] = axpy ? scalar_of(g, t.dt) : me_exact(g, &bt);
		if (acc)
			in[nin++] = me_exact(g, &o);
		me_begin(g, in, nin, &o);
		buf_printf(OUT, "vector.outerproduct %%v%d, %%v%d", ID(x), ID(in[1]));
		if (acc)
			buf_printf(OUT, ", %%v%d", ID(in[2]));
		if (acc && strcmp(kind, "add"))
			buf_printf(OUT, " {kind = #vector.kind<%s>}", kind);
		buf_puts(OUT, " : ");
		put_ty(g, &t);
		buf_puts(OUT, ", ");
		put_ty(g, &bt);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_TRANSFER_READ:
		o.scalable = 0;
		return transfer(g, &o, -1) < 0 ? -1 : 0;
	case R_TRANSFER_WRITE:
		if (t.scalable)
			return -1;
		transfer(g, &t, x);
		return 0;
	case R_SCAN: {
		int inclusive = CHANCE(0.5), dim = RANGE(0, t.rank - 1), j = 0;
		const char *kind = kind_of(g, t.dt);
		me_type it = t;
		int first;

		/* minnumf/maxnumf are not scan kinds in MLIR 19 */
		if (!strcmp(kind, "minnumf") || !strcmp(kind, "maxnumf"))
			kind = "add";
		it.rank = t.rank - 1;
		for (i = 0; i < t.rank; i++)
			if (i != dim)
				it.dim[j++] = t.dim[i];
		in[1] = me_exact(g, &it);
		g->pool[x].uses++;
		g->pool[in[1]].uses++;
		first = g->next;
		g->next += 2;
		me_indent(g);
		buf_printf(OUT, "%%v%d, %%v%d = vector.scan <%s>, %%v%d, %%v%d "
			"{inclusive = %s, reduction_dim = %d : i64} : ", first,
			first + 1, kind, ID(x), ID(in[1]), inclusive ? "true" : "false",
			dim);
		put_ty(g, &t);
		buf_puts(OUT, ", ");
		put_ty(g, &it);
		buf_puts(OUT, "\n");
		me_add_named(g, &t, first);
		me_add_named(g, &it, first + 1);
		return 0;
	}
	case R_FROM_ELEMENTS: {
		int el[16];

		if (t.dim[0] > 16)
			return -1;
		for (i = 0; i < t.dim[0]; i++) {
			el[i] = scalar_of(g, t.dt);
			g->pool[el[i]].uses++;
		}
		me_begin(g, NULL, 0, &t);
		buf_puts(OUT, "vector.from_elements ");
		for (i = 0; i < t.dim[0]; i++)
			buf_printf(OUT, "%s%%v%d", i ? ", " : "", ID(el[i]));
		buf_puts(OUT, " : ");
		put_ty(g, &t);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_INTERLEAVE:
		o.dim[t.rank - 1] *= 2;
		in[1] = me_exact(g, &t);
		me_begin(g, in, 2, &o);
		buf_printf(OUT, "vector.interleave %%v%d, %%v%d : ", ID(x), ID(in[1]));
		put_ty(g, &t);
		buf_puts(OUT, " -> ");
		put_ty(g, &o);
		buf_puts(OUT, "\n");
		return 0;
	case R_DEINTERLEAVE: {
		int first = g->next;

		if (t.dim[t.rank - 1] % 2)
			return -1;
		o.dim[t.rank - 1] /= 2;
		g->pool[x].uses++;
		g->next += 2;
		me_indent(g);
		buf_printf(OUT, "%%v%d, %%v%d = vector.deinterleave %%v%d : ", first,
			first + 1, ID(x));
		put_ty(g, &t);
		buf_puts(OUT, " -> ");
		put_ty(g, &o);
		buf_puts(OUT, "\n");
		me_add_named(g, &o, first);
		me_add_named(g, &o, first + 1);
		return 0;
	}
	case R_EXTRACTELEMENT:
	case R_INSERTELEMENT: {
		me_type sc = scalar(t.dt);
		int pos = -1, i32 = CHANCE(0.5), e = -1;

		if (t.rank == 1) {
			pos = g->next++;
			me_indent(g);
			buf_printf(OUT, "%%v%d = arith.constant %d : %s\n", pos,
				RANGE(0, (int)t.dim[0] - 1), i32 ? "i32" : "index");
		}
		if (op->rule == R_INSERTELEMENT) {
			e = scalar_of(g, t.dt);
			g->pool[e].uses++;
			me_begin(g, in, 1, &t);
			buf_printf(OUT, "vector.insertelement %%v%d, %%v%d[", ID(e), ID(x));
		} else {
			me_begin(g, in, 1, &sc);
			buf_printf(OUT, "vector.extractelement %%v%d[", ID(x));
		}
		if (pos >= 0)
			buf_printf(OUT, "%%v%d : %s", pos, i32 ? "i32" : "index");
		buf_puts(OUT, "] : ");
		put_ty(g, &t);
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_MASKED_LOAD:
	case R_MASKED_STORE: {
		me_type mt = t;
		int mem, mask, c, r = -1;

		mt.kind = MK_MEMREF;
		mt.dim[0] += RANGE(0, 4);
		if ((mem = me_make_arg(g, &mt)) < 0)
			return -1;
		c = me_index_const(g, RANGE(0, (int)(mt.dim[0] - t.dim[0])));
		mask = mask_of(g, &t);
		in[1] = mem;
		in[2] = mask;
		if (op->rule == R_MASKED_LOAD) {
			r = me_begin(g, in, 3, &t);
			buf_printf(OUT, "vector.maskedload %%v%d[%%v%d], %%v%d, %%v%d : ",
				ID(mem), c, ID(mask), ID(x));
		} else {
			for (i = 0; i < 3; i++)
				g->pool[in[i]].uses++;
			me_indent(g);
			buf_printf(OUT, "vector.maskedstore %%v%d[%%v%d], %%v%d, %%v%d : ",
				ID(mem), c, ID(mask), ID(x));
		}
		put_ty(g, &mt);
		buf_puts(OUT, ", ");
		mt = with_dt(&t, DT_I1);
		put_ty(g, &mt);
		buf_puts(OUT, ", ");
		put_ty(g, &t);
		if (r >= 0) {
			buf_puts(OUT, " into ");
			put_ty(g, &t);
		}
		buf_puts(OUT, "\n");
		return 0;
	}
	case R_PRINT:
		g->pool[x].uses++;
		me_indent(g);
		buf_printf(OUT, "vector.print %%v%d : ", ID(x));
		put_ty(g, &t);
		buf_puts(OUT, "\n");
		return 0;
	}
	return -1;
}

/* What the shared structure asks of the vector dialect */

/* v, or half the time v negated or bit-flipped (same type). */
static int refine(mlir_emitter *g, const me_type *t, int v)
{
	int in[2] = {v, v}, r;

	if (!CHANCE(0.5) || t->rank < 0)
		return v;
	r = me_begin(g, in, 2, t);
	buf_printf(OUT, "%s %%v%d, %%v%d : ", t->dt == DT_F32 ? "arith.addf" :
		"arith.xori", ID(v), ID(v));
	put_ty(g, t);
	buf_puts(OUT, "\n");
	return r;
}

static int rank_lo(const void *row)
{
	return ((const vector_op *)row)->rank_lo;
}

static const me_dialect vector_dialect = {
	"vector", make_const, me_pick_num_dtype, refine, instantiate, 1,
	MK_VECTOR, 0
};

const me_table me_vector = {
	&vector_dialect, vector_ops, NOPS, sizeof(vector_ops[0]), rank_lo
};

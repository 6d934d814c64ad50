/*
** The structure the MLIR program generators share: functions, func.call,
** scf.if, scf.for, dynamic dims and the pool of values in scope; each
** dialect's generator adds its ops through an me_dialect.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_emit.h"

const char *const me_dt_name[] = {"f32", "i32", "i1"};

/* Types */

int64_t me_numel(const me_type *t)
{
	int64_t n = 1;
	int i;

	for (i = 0; i < t->rank; i++)
		n *= t->dim[i];
	return n;
}

int me_same_type(const me_type *a, const me_type *b)
{
	int i;

	if (a->dt != b->dt || a->rank != b->rank || a->dyn != b->dyn ||
	    a->kind != b->kind || a->scalable != b->scalable)
		return 0;
	for (i = 0; i < a->rank; i++)
		if (a->dim[i] != b->dim[i])
			return 0;
	return 1;
}

void me_put_type(gred_buf *b, const me_type *t)
{
	static const char *const kind_name[] = {"tensor", "vector", "memref"};
	int i;

	if (t->rank < 0) {
		buf_puts(b, me_dt_name[t->dt]);
		return;
	}
	buf_printf(b, "%s<", kind_name[t->kind]);
	for (i = 0; i < t->rank; i++) {
		if (t->dyn >> i & 1)
			buf_puts(b, "?x");
		else if (t->scalable >> i & 1)
			buf_printf(b, "[%lld]x", (long long)t->dim[i]);
		else
			buf_printf(b, "%lldx", (long long)t->dim[i]);
	}
	buf_printf(b, "%s>", me_dt_name[t->dt]);
}

void me_put_types(gred_buf *b, const me_type *t, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			buf_puts(b, ", ");
		me_put_type(b, &t[i]);
	}
}

void me_put_conversion(gred_buf *b, const me_type *from, const char *word,
	const me_type *to)
{
	buf_puts(b, " : ");
	me_put_type(b, from);
	buf_printf(b, " %s ", word);
	me_put_type(b, to);
	buf_puts(b, "\n");
}

me_type me_shaped(int dt, int rank, const int64_t *dim)
{
	me_type t;

	memset(&t, 0, sizeof(t));
	t.dt = dt;
	t.rank = rank;
	if (rank > 0)
		memcpy(t.dim, dim, (size_t)rank * sizeof(*dim));
	return t;
}

void me_cap_dims(me_type *t)
{
	int i;

	for (i = 0; me_numel(t) > ME_CAP; i = (i + 1) % t->rank)
		t->dim[i] = (t->dim[i] + 1) / 2;
}

/* Printing */

void me_indent_by(mlir_emitter *g, int extra)
{
	int i;

	for (i = 0; i <= g->depth + extra; i++)
		buf_puts(OUT, "  ");
}

void me_indent(mlir_emitter *g)
{
	me_indent_by(g, 0);
}

void me_put_list(gred_buf *b, const int64_t *v, int n)
{
	int i;

	buf_puts(b, "[");
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%lld", i ? ", " : "", (long long)v[i]);
	buf_puts(b, "]");
}

void me_put_map(gred_buf *b, int loops, const int *map, int n)
{
	int i;

	buf_puts(b, "affine_map<(");
	for (i = 0; i < loops; i++)
		buf_printf(b, "%sd%d", i ? ", " : "", i);
	buf_puts(b, ") -> (");
	for (i = 0; i < n; i++) {
		if (map[i] < 0)
			buf_printf(b, "%s0", i ? ", " : "");
		else
			buf_printf(b, "%sd%d", i ? ", " : "", map[i]);
	}
	buf_puts(b, ")>");
}

void me_factor_dims(mlir_emitter *g, me_type *o, int64_t left)
{
	int i;

	for (i = 0; i < o->rank - 1; i++) {
		int64_t d = RANGE(1, g->o.max_dim);

		while (left % d)
			d--;
		o->dim[i] = d;
		left /= d;
	}
	o->dim[o->rank - 1] = left;
}

int me_pick_reduced(mlir_emitter *g, const me_type *t, me_type *o,
	int64_t *red)
{
	int i, n = 0;

	o->rank = 0;
	for (i = 0; i < t->rank; i++) {
		if (CHANCE(0.5) || (i == t->rank - 1 && n == 0))
			red[n++] = i;
		else
			o->dim[o->rank++] = t->dim[i];
	}
	return n;
}

int me_begin(mlir_emitter *g, const int *in, int nin, const me_type *t)
{
	int i, v;

	for (i = 0; i < nin; i++)
		g->pool[in[i]].uses++;
	v = me_add_val(g, t);
	me_indent(g);
	buf_printf(&g->body, "%%v%d = ", g->pool[v].id);
	return v;
}

void me_put_elem(mlir_emitter *g, int dt)
{
	if (dt == DT_F32)
		buf_printf(OUT, "%.2f", (double)RANGE(-8, 8) / 4);
	else if (dt == DT_I32)
		buf_printf(OUT, "%d", RANGE(-4, 4));
	else
		buf_puts(OUT, CHANCE(0.5) ? "true" : "false");
}

void me_put_dense(mlir_emitter *g, const me_type *t, int level,
	const int64_t *vals, int64_t *k)
{
	int64_t i;

	if (level == t->rank) {
		if (vals)
			buf_printf(OUT, "%lld", (long long)vals[(*k)++]);
		else
			me_put_elem(g, t->dt);
		return;
	}
	buf_puts(OUT, "[");
	for (i = 0; i < t->dim[level]; i++) {
		if (i)
			buf_puts(OUT, ", ");
		me_put_dense(g, t, level + 1, vals, k);
	}
	buf_puts(OUT, "]");
}

void me_put_literal(mlir_emitter *g, const me_type *t, const int64_t *vals)
{
	int64_t k = 0;

	if (vals || (me_numel(t) <= 16 && CHANCE(0.5)))
		me_put_dense(g, t, 0, vals, &k);
	else
		me_put_elem(g, t->dt);
}

void me_shuffle(mlir_emitter *g, int64_t *p, int n)
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

/* Values */

int me_add_named(mlir_emitter *g, const me_type *t, int id)
{
	me_val *v;

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

int me_add_val(mlir_emitter *g, const me_type *t)
{
	return me_add_named(g, t, g->next++);
}

static int add_index(mlir_emitter *g)
{
	if (g->nidx == g->capidx) {
		g->capidx = g->capidx ? 2 * g->capidx : 32;
		g->idx = xrealloc(g->idx, (size_t)g->capidx * sizeof(*g->idx));
	}
	g->idx[g->nidx++] = g->next;
	return g->next++;
}

int me_index_const(mlir_emitter *g, int64_t k)
{
	int id = g->next++;

	me_indent(g);
	buf_printf(OUT, "%%v%d = arith.constant %lld : index\n", id,
		(long long)k);
	return id;
}

int me_make_arg(mlir_emitter *g, const me_type *t)
{
	int v;

	if (g->nargs >= ME_MAX_ARGS)
		return -1;
	v = me_add_val(g, t);
	g->arg[g->nargs] = *t;
	g->argid[g->nargs++] = g->pool[v].id;
	return v;
}

int me_make_leaf(mlir_emitter *g, const me_type *t)
{
	int v = -1;

	if (CHANCE(0.4))
		v = me_make_arg(g, t);
	return v >= 0 ? v : g->d->make_const(g, t);
}

int me_cond_value(mlir_emitter *g)
{
	if (g->nidx > 0 && CHANCE(0.5)) {
		int d = g->idx[RANGE(0, g->nidx - 1)];
		int k = me_index_const(g, RANGE(1, 4)), id = g->next++;

		me_indent(g);
		buf_printf(OUT, "%%v%d = arith.cmpi slt, %%v%d, %%v%d : index\n",
			id, d, k);
		return id;
	}
	if (g->cond < 0) {
		me_type t = me_shaped(DT_I1, -1, NULL);

		g->cond = g->next++;
		g->arg[g->nargs] = t;
		g->argid[g->nargs++] = g->cond;
	}
	return g->cond;
}

/* Operands */

static int matches(mlir_emitter *g, const me_type *t, unsigned dts, int rlo,
	int rhi, int dyn)
{
	return (dts >> t->dt & 1) && t->rank >= rlo && t->rank <= rhi &&
		(dyn || (!t->dyn && !t->scalable)) &&
		t->kind == g->d->leaf_kind;
}

int me_acquire(mlir_emitter *g, unsigned dts, int rlo, int rhi, int dyn)
{
	me_type t;
	int i, n = 0, pick = -1;

	if (rhi > g->o.max_rank)
		rhi = g->o.max_rank;
	if (rlo > rhi)
		rhi = rlo;
	if (CHANCE(g->o.pick_rate)) {
		for (i = 0; i < g->np; i++)
			if (matches(g, &g->pool[i].t, dts, rlo, rhi, dyn) &&
			    RANGE(0, n++) == 0)
				pick = i;
		if (pick >= 0)
			return pick;
	}
	memset(&t, 0, sizeof(t));
	t.kind = g->d->leaf_kind;
	t.dt = g->d->pick_dtype(g, dts);
	t.rank = RANGE(rlo, rhi);
	for (i = 0; i < t.rank; i++)
		t.dim[i] = RANGE(1, g->o.max_dim);
	me_cap_dims(&t);
	return me_make_leaf(g, &t);
}

int me_exact(mlir_emitter *g, const me_type *t)
{
	int i, n = 0, pick = -1;

	for (i = 0; i < g->np; i++)
		if (me_same_type(&g->pool[i].t, t) && RANGE(0, n++) == 0)
			pick = i;
	if (pick >= 0 && (t->dyn || CHANCE(g->o.pick_rate)))
		return pick;
	return t->dyn ? -1 : me_make_leaf(g, t);
}

/* Structure: calls, regions, dynamic dims */

static void body(mlir_emitter *g, int budget);

/* The value a region yields for type t (pool index): one in scope of that
** type, sometimes through one more op. */
static int yield_value(mlir_emitter *g, const me_type *t, int fallback)
{
	int v = me_exact(g, t);

	if (v < 0)
		v = fallback;
	return g->d->refine(g, t, v);
}

static void put_result_names(mlir_emitter *g, int first, int n)
{
	int i;

	me_indent(g);
	for (i = 0; i < n; i++)
		buf_printf(OUT, "%s%%v%d", i ? ", " : "", first + i);
	buf_puts(OUT, " = ");
}

/* Ends a region: yields values of types t, drops its scope. */
static void close_region(mlir_emitter *g, const me_type *t, const int *init,
	int n, int np, int nidx)
{
	int y[2], i;

	for (i = 0; i < n; i++)
		y[i] = yield_value(g, &t[i], init[i]);
	me_indent(g);
	buf_puts(OUT, "scf.yield");
	for (i = 0; i < n; i++)
		buf_printf(OUT, "%s %%v%d", i ? "," : "", g->pool[y[i]].id);
	buf_puts(OUT, " : ");
	me_put_types(OUT, t, n);
	buf_puts(OUT, "\n");
	g->np = np;
	g->nidx = nidx;
	g->depth--;
}

/* The results of a region op or call: ids first..first+n-1 become values. */
static void add_results(mlir_emitter *g, int first, const me_type *t, int n)
{
	int i;

	for (i = 0; i < n; i++)
		me_add_named(g, &t[i], first + i);
}

static void emit_if(mlir_emitter *g)
{
	me_type t[2];
	int init[2], n = RANGE(1, 2), i, c, np, nidx, first, side;

	for (i = 0; i < n; i++) {
		init[i] = me_acquire(g, M_NUM, 1, 4, 1);
		t[i] = g->pool[init[i]].t;
		g->pool[init[i]].uses++;
	}
	c = me_cond_value(g);
	first = g->next;
	g->next += n;
	put_result_names(g, first, n);
	buf_printf(OUT, "scf.if %%v%d -> (", c);
	me_put_types(OUT, t, n);
	buf_puts(OUT, ") {\n");
	for (side = 0; side < 2; side++) {
		np = g->np;
		nidx = g->nidx;
		g->depth++;
		body(g, RANGE(0, 3));
		close_region(g, t, init, n, np, nidx);
		me_indent(g);
		buf_puts(OUT, side ? "}\n" : "} else {\n");
	}
	add_results(g, first, t, n);
	g->done++;
}

static void emit_for(mlir_emitter *g)
{
	me_type t[2];
	int init[2], iter[2], n = RANGE(1, 2), i, lb, ub, step, iv, np, nidx,
		first;

	for (i = 0; i < n; i++) {
		init[i] = me_acquire(g, M_NUM, 1, 4, 1);
		t[i] = g->pool[init[i]].t;
		g->pool[init[i]].uses++;
	}
	lb = me_index_const(g, 0);
	ub = g->nidx > 0 && CHANCE(0.5) ? g->idx[RANGE(0, g->nidx - 1)] :
		me_index_const(g, RANGE(0, 3));
	step = me_index_const(g, RANGE(1, 2));
	first = g->next;
	g->next += n;
	iv = g->next++;
	put_result_names(g, first, n);
	np = g->np;
	nidx = g->nidx;
	for (i = 0; i < n; i++)
		iter[i] = me_add_val(g, &t[i]);
	buf_printf(OUT, "scf.for %%v%d = %%v%d to %%v%d step %%v%d iter_args(",
		iv, lb, ub, step);
	for (i = 0; i < n; i++)
		buf_printf(OUT, "%s%%v%d = %%v%d", i ? ", " : "", g->pool[iter[i]].id,
			g->pool[init[i]].id);
	buf_puts(OUT, ") -> (");
	me_put_types(OUT, t, n);
	buf_puts(OUT, ") {\n");
	g->depth++;
	body(g, RANGE(0, 3));
	close_region(g, t, iter, n, np, nidx);
	me_indent(g);
	buf_puts(OUT, "}\n");
	add_results(g, first, t, n);
	g->done++;
}

static int emit_tensor_cast(mlir_emitter *g, int v, const me_type *to)
{
	int r;

	g->pool[v].uses++;
	r = me_add_val(g, to);
	me_indent(g);
	buf_printf(OUT, "%%v%d = tensor.cast %%v%d", g->pool[r].id,
		g->pool[v].id);
	me_put_conversion(OUT, &g->pool[v].t, "to", to);
	return r;
}

/* Makes some dims of a value dynamic (tensor.cast), reads one back with
** tensor.dim, or casts a dynamic value back to its static type. */
static void emit_dynamic(mlir_emitter *g)
{
	int x = me_acquire(g, M_NUM, 1, 4, 1), c, d;
	me_type t = g->pool[x].t;

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
	c = me_index_const(g, RANGE(0, t.rank - 1));
	d = add_index(g);
	me_indent(g);
	buf_printf(OUT, "%%v%d = tensor.dim %%v%d, %%v%d : ", d, g->pool[x].id, c);
	me_put_type(OUT, &t);
	buf_puts(OUT, "\n");
	g->done++;
}

static void emit_call(mlir_emitter *g)
{
	const me_func *f;
	int in[ME_MAX_ARGS + 1], k = RANGE(0, g->nfuncs - 1), i, first;

	f = &g->funcs[k];
	for (i = 0; i < f->nargs; i++) {
		me_type s = f->arg[i];

		if (s.rank < 0) {
			in[i] = -1 - me_cond_value(g);
			continue;
		}
		s.dyn = 0;
		in[i] = me_exact(g, &f->arg[i]);
		if (in[i] < 0)
			in[i] = emit_tensor_cast(g, me_exact(g, &s), &f->arg[i]);
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
	me_put_types(OUT, f->arg, f->nargs);
	buf_puts(OUT, ") -> (");
	me_put_types(OUT, f->res, f->nres);
	buf_puts(OUT, ")\n");
	add_results(g, first, f->res, f->nres);
	g->done++;
}

/* One op of the dialect: up to 8 rows of its table are tried. */
static void emit_op(mlir_emitter *g)
{
	int tries;

	for (tries = 0; tries < 8; tries++) {
		size_t len = g->body.len;
		int np = g->np, next = g->next, nargs = g->nargs;

		if (g->d->instantiate(g, g->ops[RANGE(0, g->nops - 1)]) == 0)
			break;
		if (!g->d->undo)
			continue;
		/* undo what the failed attempt printed and made */
		g->body.len = len;
		g->np = np;
		g->next = next;
		g->nargs = nargs;
	}
	g->done++;
}

int me_pick_num_dtype(mlir_emitter *g, unsigned dts)
{
	return dts == M_NUM ? RANGE(0, 1) : dts == M_I32 ? DT_I32 : DT_F32;
}

/* Writes ops until budget more are done. */
static void body(mlir_emitter *g, int budget)
{
	int end = g->done + budget;

	while (g->done < end) {
		double p = rng_unit(&g->r);

		if (p < 0.03 && g->depth < ME_MAX_DEPTH)
			emit_if(g);
		else if (p < 0.06 && g->depth < ME_MAX_DEPTH)
			emit_for(g);
		else if (p < 0.10 && g->d->dynamic)
			emit_dynamic(g);
		else if (p < 0.13 && g->nfuncs > 0)
			emit_call(g);
		else
			emit_op(g);
	}
}

/* Writes function number k with budget ops into out. */
static void function(mlir_emitter *g, int k, int budget, int last,
	gred_buf *out)
{
	me_func *f = &g->funcs[k];
	int res[ME_MAX_RES], n = RANGE(1, ME_MAX_RES), nres = 0, i;

	g->body.len = 0;
	g->np = g->nidx = g->nargs = g->done = g->depth = 0;
	g->next = 0;
	g->cond = -1;
	body(g, budget);
	if (g->np == 0)
		me_acquire(g, M_NUM, 1, 4, 0);
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
		me_put_type(out, &g->arg[i]);
	}
	buf_puts(out, ") -> (");
	for (i = 0; i < nres; i++) {
		if (i)
			buf_puts(out, ", ");
		me_put_type(out, &g->pool[res[i]].t);
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
		me_put_type(out, &g->pool[res[i]].t);
	}
	buf_puts(out, "\n}\n");
	f->nargs = g->nargs;
	memcpy(f->arg, g->arg, (size_t)g->nargs * sizeof(*g->arg));
	f->nres = nres;
	for (i = 0; i < nres; i++)
		f->res[i] = g->pool[res[i]].t;
}

void me_program(mlir_emitter *g, gred_buf *out)
{
	uint64_t s = g->o.seed * 0x9e3779b97f4a7c15ull + g->count++;
	int nf, k, per;

	rng_seed(&g->r, rng_splitmix(&s));
	nf = 1 + RANGE(0, g->o.nodes >= 8 ? ME_MAX_FUNCS - 1 : 0);
	per = (g->o.nodes + nf - 1) / nf;
	g->nfuncs = 0;
	for (k = 0; k < nf; k++) {
		function(g, k, per, k == nf - 1, out);
		g->nfuncs = k + 1;
	}
}

/* The name of a table row; rows start with it. */
static const char *row_name(const void *rows, size_t i, size_t size)
{
	return *(const char *const *)(const void *)((const char *)rows +
		i * size);
}

/* Does the list entry p (len bytes) name op: the part after its dialect's
** '.', or the whole name when it has none? */
static int names_op(const char *p, size_t len, const char *op)
{
	const char *dot = strchr(op, '.'), *name = dot ? dot + 1 : op;

	return strlen(name) == len && !strncmp(p, name, len);
}

int me_init(mlir_emitter *g, const me_dialect *d, const gen_options *o,
	const void *rows, size_t nrows, size_t rowsize,
	int (*rank_lo)(const void *row), gred_error *e)
{
	const char *p;
	size_t i;

	for (p = o->ops; p && *p;) {
		size_t len = strcspn(p, ",");
		int found = 0;

		for (i = 0; i < nrows; i++)
			found |= names_op(p, len, row_name(rows, i, rowsize));
		if (!found)
			return gred_errorf(e, "gen: unknown %s op '%.*s'", d->name,
				(int)len, p);
		p += len + (p[len] == ',');
	}
	memset(g, 0, sizeof(*g));
	g->d = d;
	g->o = *o;
	if (g->o.max_rank > ME_MAX_RANK)
		g->o.max_rank = ME_MAX_RANK;
	for (i = 0; i < nrows && g->nops < ME_MAX_OPS; i++) {
		const void *row = (const char *)rows + i * rowsize;
		int on = !o->ops;

		for (p = o->ops; p && *p;) {
			size_t len = strcspn(p, ",");

			on |= names_op(p, len, row_name(rows, i, rowsize));
			p += len + (p[len] == ',');
		}
		if (on && rank_lo(row) <= g->o.max_rank)
			g->ops[g->nops++] = row;
	}
	if (g->nops == 0)
		return gred_errorf(e, "gen: no %s op fits --max-rank %d", d->name,
			o->max_rank);
	return 0;
}

void me_fini(mlir_emitter *g)
{
	buf_free(&g->body);
	free(g->pool);
	free(g->idx);
}

/*
** Instantiation of one node per op family in Isra's order: first operand,
** then attributes its shape allows, then operands those choices allow.
*/
#include <string.h>

#include "graph.h"

#define R(lo, hi) rng_range(g->r, (lo), (hi))
#define CHANCE(p) rng_chance(g->r, (p))
#define T(id) (&g->t[id].t)
#define MAXR (g->o->max_rank)
#define MAXD (g->o->max_dim)

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

/* The primary operand of n's op, with an optional constraint. */
static int primary(ggraph *g, gnode *n, int lo, int hi,
	int (*ok)(const opt_tensor *, const void *),
	void (*fix)(opt_tensor *, const void *, rng *), const void *ctx)
{
	pick p;

	p.types = n->op->types;
	p.min_rank = imax(lo, n->op->min_rank);
	p.max_rank = imin(imin(hi, n->op->max_rank), MAXR);
	p.ok = ok;
	p.fix = fix;
	p.ctx = ctx;
	p.consumer = (int)optable_index(n->op);
	if (p.min_rank > p.max_rank)
		return -1;
	return g_pick(g, &p);
}

static int axis_of(ggraph *g, int rank)
{
	int a = (int)R(0, rank - 1);

	return CHANCE(0.3) ? a - rank : a;
}

/* An axis of x for n, written as its `axis` attribute (from -rank on)
** unless it is the default and a coin says to leave it out; returns it
** counted from 0. */
static int axis_attr(ggraph *g, gnode *n, const opt_tensor *x, int dflt)
{
	int a = axis_of(g, x->rank);

	if (a != dflt || CHANCE(0.5))
		optable_attrs_set_int(&n->attrs, "axis", a);
	return a < 0 ? a + x->rank : a;
}

/* A random subset of [0, rank) with between lo and hi members, as a bit
** set. */
static unsigned subset(ggraph *g, int rank, int lo, int hi)
{
	unsigned set = 0;
	int k = (int)R(lo, imin(hi, rank)), i;

	while (k > 0) {
		i = (int)R(0, rank - 1);
		if (!((set >> i) & 1)) {
			set |= 1u << i;
			k--;
		}
	}
	return set;
}

/* Lists the members of set as axes (some negative), returns the count. */
static int set_axes(ggraph *g, unsigned set, int rank, int64_t *ax)
{
	int i, n = 0;

	for (i = 0; i < rank; i++)
		if ((set >> i) & 1)
			ax[n++] = CHANCE(0.2) ? i - rank : i;
	return n;
}

static void free_attrs(ggraph *g, gnode *n)
{
	int i;

	for (i = 0; i < n->op->nattrs; i++) {
		const opt_attr_dom *d = &n->op->attrs[i];

		if (d->kind == OPT_ATTR_FLOAT && CHANCE(0.7))
			optable_attrs_set_float(&n->attrs, d->name,
				(float)(d->lo + rng_unit(g->r) * (d->hi - d->lo)));
		else if (d->kind == OPT_ATTR_INT && d->lo == d->hi)
			optable_attrs_set_int(&n->attrs, d->name, (int64_t)d->lo);
	}
}

static int inst_unary(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	return 0;
}

static int inst_binary(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	n->in[1] = g_bcast(g, T(n->in[0]), 0);
	if (CHANCE(0.5)) {
		int t = n->in[0];

		n->in[0] = n->in[1];
		n->in[1] = t;
	}
	return 0;
}

static int inst_prelu(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	n->in[1] = g_bcast(g, T(n->in[0]), 1);
	return 0;
}

/* The least covered input degree of op in [lo, hi] when guided. */
static int degree(ggraph *g, gnode *n, int lo, int hi)
{
	int d;

	if (g->fb && CHANCE(0.7)) {
		uint16_t seen = g->fb->deg_seen[optable_index(n->op)];

		for (d = lo; d <= hi; d++)
			if (!((seen >> d) & 1))
				return d;
	}
	return (int)R(lo, hi);
}

static int inst_variadic(ggraph *g, gnode *n)
{
	opt_tensor acc;
	int i;

	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	n->nin = degree(g, n, 1, 4);
	acc = *T(n->in[0]);
	for (i = 1; i < n->nin; i++) {
		opt_tensor next;

		n->in[i] = g_bcast(g, &acc, 0);
		next = acc;
		optable_broadcast(&next, &acc, T(n->in[i]));
		acc = next;
	}
	return 0;
}

static int inst_where(ggraph *g, gnode *n)
{
	opt_tensor c;
	int x;

	if ((x = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	c = *T(x);
	c.dtype = OPT_BOOL;
	n->in[0] = g_bcast(g, &c, 0);
	c = *T(x);
	optable_broadcast(&c, T(x), T(n->in[0]));
	n->in[1] = x;
	n->in[2] = g_bcast(g, &c, 0);
	if (CHANCE(0.5)) {
		n->in[1] = n->in[2];
		n->in[2] = x;
	}
	return 0;
}

static int inst_clip(ggraph *g, gnode *n)
{
	int dt, lo_fp;
	double lo, hi;

	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	dt = T(n->in[0])->dtype;
	lo_fp = dt == OPT_FLOAT || dt == OPT_DOUBLE;
	lo = lo_fp ? -rng_unit(g->r) : (double)R(-3, 0);
	hi = lo_fp ? rng_unit(g->r) : (double)R(0, 3);
	n->nin = (int)R(1, 3);
	if (n->nin >= 2)
		n->in[1] = CHANCE(0.8) ? g_const_vals(g, dt, &lo, 1, 0) : -1;
	if (n->nin == 3)
		n->in[2] = g_const_vals(g, dt, &hi, 1, 0);
	return 0;
}

static const int cast_types[] = {OPT_FLOAT, OPT_DOUBLE, OPT_INT32, OPT_INT64,
	OPT_BOOL, OPT_INT8, OPT_UINT8};

static int inst_cast(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	optable_attrs_set_int(&n->attrs, "to",
		cast_types[R(0, (int)(sizeof(cast_types) / sizeof(int)) - 1)]);
	return 0;
}

static int inst_softmax(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	if (CHANCE(0.8))
		optable_attrs_set_int(&n->attrs, "axis", axis_of(g, T(n->in[0])->rank));
	return 0;
}

/* Sliding windows (Conv, ConvTranspose, pools). For one spatial dim of
** length in, picks dilation, kernel and pads so that the window fits:
** (k-1)*d+1 <= in + pb + pe, each pad at most min(2, limit-1) where limit
** is the kernel (pools) or the dilated kernel (convs). */
typedef struct window {
	int64_t k, d, s, pb, pe;
} window;

static void pick_window(ggraph *g, window *w, int64_t in, int dilate,
	int pad_below_kernel, int64_t stride_hi)
{
	int64_t ks[5], nk = 0, k, kd, lim, need, lo;

	w->d = dilate && CHANCE(0.3) ? 2 : 1;
	for (k = 1; k <= 5; k++) {
		kd = (k - 1) * w->d + 1;
		lim = pad_below_kernel ? k - 1 : kd - 1;
		if (lim > 2)
			lim = 2;
		if (kd <= in + 2 * lim)
			ks[nk++] = k;
	}
	w->k = ks[R(0, nk - 1)];
	kd = (w->k - 1) * w->d + 1;
	lim = pad_below_kernel ? w->k - 1 : kd - 1;
	if (lim > 2)
		lim = 2;
	need = kd - in > 0 ? kd - in : 0;
	lo = need - lim > 0 ? need - lim : 0;
	w->pb = CHANCE(0.5) && lo == 0 ? 0 : R(lo, lim);
	lo = need - w->pb > 0 ? need - w->pb : 0;
	w->pe = CHANCE(0.5) && lo == 0 ? 0 : R(lo, lim);
	w->s = R(1, stride_hi);
}

/* Writes the window attributes of n; kernel_shape optional for convs. */
static void window_attrs(ggraph *g, gnode *n, const window *w, int ns,
	int need_kernel, int dilations)
{
	int64_t k[OPT_MAX_RANK], s[OPT_MAX_RANK], d[OPT_MAX_RANK];
	int64_t p[2 * OPT_MAX_RANK];
	int i, any_s = 0, any_d = 0, any_p = 0;

	for (i = 0; i < ns; i++) {
		k[i] = w[i].k, s[i] = w[i].s, d[i] = w[i].d;
		p[i] = w[i].pb, p[ns + i] = w[i].pe;
		any_s |= s[i] != 1, any_d |= d[i] != 1;
		any_p |= p[i] || p[ns + i];
	}
	if (need_kernel || CHANCE(0.5))
		optable_attrs_set_ints(&n->attrs, "kernel_shape", k, ns);
	if (any_s || CHANCE(0.2))
		optable_attrs_set_ints(&n->attrs, "strides", s, ns);
	if (dilations && (any_d || CHANCE(0.2)))
		optable_attrs_set_ints(&n->attrs, "dilations", d, ns);
	if (any_p || CHANCE(0.2))
		optable_attrs_set_ints(&n->attrs, "pads", p, 2 * ns);
}

/* A divisor of c, 1 most of the time. */
static int64_t pick_group(ggraph *g, int64_t c)
{
	int64_t div[16], nd = 0, i;

	if (CHANCE(0.6))
		return 1;
	for (i = 1; i <= c && nd < 16; i++)
		if (c % i == 0)
			div[nd++] = i;
	return div[R(0, nd - 1)];
}

static int inst_conv(ggraph *g, gnode *n)
{
	window w[OPT_MAX_RANK];
	opt_tensor wt, *x;
	int ns, i;
	int64_t grp, m;

	if ((n->in[0] = primary(g, n, 3, 5, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	ns = x->rank - 2;
	grp = pick_group(g, x->dim[1]);
	m = grp * R(1, imax(1, MAXD / (int)grp));
	for (i = 0; i < ns; i++)
		pick_window(g, &w[i], x->dim[2 + i], 1, 0, 3);
	wt = *x;
	wt.nval = -1;
	wt.dim[0] = m;
	wt.dim[1] = x->dim[1] / grp;
	for (i = 0; i < ns; i++)
		wt.dim[2 + i] = w[i].k;
	n->in[1] = g_new(g, &wt, GT_INIT, GT_RANDOM);
	if (CHANCE(0.5)) {
		opt_tensor b = wt;

		b.rank = 1;
		b.dim[0] = m;
		n->in[2] = g_exact(g, &b);
		n->nin = 3;
	}
	if (grp != 1 || CHANCE(0.2))
		optable_attrs_set_int(&n->attrs, "group", grp);
	window_attrs(g, n, w, ns, 0, 1);
	return 0;
}

static int inst_convt(ggraph *g, gnode *n)
{
	window w[OPT_MAX_RANK];
	opt_tensor wt, *x;
	int64_t grp, mg, op[OPT_MAX_RANK];
	int ns, i, any_op = 0;

	if ((n->in[0] = primary(g, n, 3, 5, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	ns = x->rank - 2;
	grp = pick_group(g, x->dim[1]);
	mg = R(1, imax(1, MAXD / (int)grp));
	for (i = 0; i < ns; i++) {
		int64_t kd, full;

		pick_window(g, &w[i], x->dim[2 + i], 1, 0, 2);
		op[i] = w[i].s > 1 && CHANCE(0.3) ? R(0, w[i].s - 1) : 0;
		any_op |= op[i] != 0;
		/* the output s*(in-1) + op + kd - pb - pe must stay >= 1 */
		kd = (w[i].k - 1) * w[i].d + 1;
		full = w[i].s * (x->dim[2 + i] - 1) + op[i] + kd - 1;
		if (w[i].pb > full)
			w[i].pb = full;
		if (w[i].pb + w[i].pe > full)
			w[i].pe = full - w[i].pb;
	}
	wt = *x;
	wt.nval = -1;
	wt.dim[0] = x->dim[1];
	wt.dim[1] = mg;
	for (i = 0; i < ns; i++)
		wt.dim[2 + i] = w[i].k;
	n->in[1] = g_new(g, &wt, GT_INIT, GT_RANDOM);
	if (CHANCE(0.5)) {
		opt_tensor b = wt;

		b.rank = 1;
		b.dim[0] = mg * grp;
		n->in[2] = g_exact(g, &b);
		n->nin = 3;
	}
	if (grp != 1 || CHANCE(0.2))
		optable_attrs_set_int(&n->attrs, "group", grp);
	if (any_op)
		optable_attrs_set_ints(&n->attrs, "output_padding", op, ns);
	window_attrs(g, n, w, ns, 0, 1);
	return 0;
}

static int inst_pool(ggraph *g, gnode *n)
{
	window w[OPT_MAX_RANK];
	opt_tensor *x;
	int ns, i, max = !strcmp(n->op->name, "MaxPool");
	int lp = !strcmp(n->op->name, "LpPool"), ceil_ok = !lp;

	if ((n->in[0] = primary(g, n, 3, 5, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	ns = x->rank - 2;
	for (i = 0; i < ns; i++) {
		pick_window(g, &w[i], x->dim[2 + i], max, 1, 3);
		/* with ceil_mode the last window must start inside the input
		** or its left pad; pe + s <= dilated kernel guarantees it */
		if (w[i].pe + w[i].s > (w[i].k - 1) * w[i].d + 1)
			ceil_ok = 0;
	}
	window_attrs(g, n, w, ns, 1, max);
	if (ceil_ok && CHANCE(0.3))
		optable_attrs_set_int(&n->attrs, "ceil_mode", 1);
	if (!strcmp(n->op->name, "AveragePool") && CHANCE(0.5))
		optable_attrs_set_int(&n->attrs, "count_include_pad", R(0, 1));
	if (lp && CHANCE(0.7))
		optable_attrs_set_int(&n->attrs, "p", R(1, 3));
	return 0;
}

static int inst_gpool(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 3, 5, NULL, NULL, NULL)) < 0)
		return -1;
	if (n->op->nattrs && CHANCE(0.7))
		optable_attrs_set_int(&n->attrs, "p", R(1, 3));
	return 0;
}

static int inst_gemm(ggraph *g, gnode *n)
{
	opt_tensor b, c, *a;
	int ta = CHANCE(0.3), tb = CHANCE(0.3);
	int64_t m, k, nn;

	if ((n->in[0] = primary(g, n, 2, 2, NULL, NULL, NULL)) < 0)
		return -1;
	a = T(n->in[0]);
	m = a->dim[ta], k = a->dim[!ta], nn = R(1, MAXD);
	b = *a;
	b.nval = -1;
	b.dim[tb] = k;
	b.dim[!tb] = nn;
	n->in[1] = g_exact(g, &b);
	if (ta)
		optable_attrs_set_int(&n->attrs, "transA", 1);
	if (tb)
		optable_attrs_set_int(&n->attrs, "transB", 1);
	if (CHANCE(0.6)) {
		c = b;
		switch (R(0, 3)) {
		case 0: c.rank = 1, c.dim[0] = nn; break;
		case 1: c.rank = 2, c.dim[0] = m, c.dim[1] = nn; break;
		case 2: c.rank = 2, c.dim[0] = m, c.dim[1] = 1; break;
		default: c.rank = 0; break;
		}
		n->in[2] = g_exact(g, &c);
		n->nin = 3;
	}
	return 0;
}

static int inst_matmul(ggraph *g, gnode *n)
{
	opt_tensor b, *a;
	int rb, i;
	int64_t k;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	a = T(n->in[0]);
	k = a->dim[a->rank - 1];
	b = *a;
	b.nval = -1;
	rb = (int)R(1, MAXR);
	if (CHANCE(0.5) && a->rank >= 2)
		rb = a->rank;
	b.rank = rb;
	if (rb == 1) {
		b.dim[0] = k;
	} else {
		/* batch dims align from the right with A's: equal or 1 */
		int ba = a->rank - 2, bb = rb - 2;

		for (i = 0; i < bb; i++) {
			int ia = ba - bb + i;

			if (ia >= 0)
				b.dim[i] = CHANCE(0.8) ? a->dim[ia] : 1;
			else
				b.dim[i] = R(1, MAXD);
		}
		b.dim[rb - 2] = k;
		b.dim[rb - 1] = R(1, MAXD);
	}
	n->in[1] = g_exact(g, &b);
	return 0;
}

/* [C] operands of X's dtype for the normalisations. */
static void channel_operands(ggraph *g, gnode *n, int from, int to)
{
	opt_tensor c = *T(n->in[0]);
	int i;

	c.nval = -1;
	c.rank = 1;
	c.dim[0] = T(n->in[0])->dim[1];
	for (i = from; i < to; i++)
		n->in[i] = g_exact(g, &c);
}

static int inst_bnorm(ggraph *g, gnode *n)
{
	opt_tensor c;

	if ((n->in[0] = primary(g, n, 2, 5, NULL, NULL, NULL)) < 0)
		return -1;
	channel_operands(g, n, 1, 4);
	c = *T(n->in[1]);
	n->in[4] = g_new(g, &c, GT_INIT, GT_POSITIVE);
	return 0;
}

static int inst_inorm(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 3, 5, NULL, NULL, NULL)) < 0)
		return -1;
	channel_operands(g, n, 1, 3);
	return 0;
}

static int inst_lrn(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 4, 4, NULL, NULL, NULL)) < 0)
		return -1;
	optable_attrs_set_int(&n->attrs, "size", 2 * R(0, 2) + 1);
	return 0;
}

static int inst_lpnorm(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	if (CHANCE(0.7))
		optable_attrs_set_int(&n->attrs, "axis", axis_of(g, T(n->in[0])->rank));
	if (CHANCE(0.7))
		optable_attrs_set_int(&n->attrs, "p", R(1, 2));
	return 0;
}

static int inst_mvn(ggraph *g, gnode *n)
{
	static const int64_t axes[] = {0, 2, 3};

	if ((n->in[0] = primary(g, n, 4, 4, NULL, NULL, NULL)) < 0)
		return -1;
	if (CHANCE(0.5)) {
		int all = CHANCE(0.5);

		optable_attrs_set_ints(&n->attrs, "axes", axes + !all, 3 - !all);
	}
	return 0;
}

/* Distributes the prime factors of total over rank dims. */
static void factor_dims(ggraph *g, int64_t total, int rank, int64_t *dim)
{
	int64_t p;
	int i;

	for (i = 0; i < rank; i++)
		dim[i] = 1;
	for (p = 2; total > 1; p++) {
		if (p * p > total)
			p = total;
		while (total % p == 0) {
			dim[R(0, rank - 1)] *= p;
			total /= p;
		}
	}
}

/* An existing known int64 shape that reshapes x (Shape -> Reshape). */
static int reshape_ok(const opt_tensor *t, const void *ctx)
{
	const opt_tensor *x = ctx;
	int64_t prod = 1;
	int i;

	if (t->dtype != OPT_INT64 || t->rank != 1 || t->nval < 1 ||
	    t->nval > OPT_MAX_RANK)
		return 0;
	for (i = 0; i < t->nval; i++) {
		if (t->val[i] < 1 || t->val[i] > (double)optable_numel(x))
			return 0;
		prod *= (int64_t)t->val[i];
		if (prod > optable_numel(x))
			return 0;
	}
	return prod == optable_numel(x);
}

static int existing(ggraph *g, int (*ok)(const opt_tensor *, const void *),
	const void *ctx)
{
	int i, nc = 0;

	for (i = 0; i < g->nt; i++)
		if (g_avail(g, i) && ok(&g->t[i].t, ctx))
			g->scratch[nc++] = i;
	return nc ? g->scratch[R(0, nc - 1)] : -1;
}

static int inst_reshape(ggraph *g, gnode *n)
{
	int64_t v[OPT_MAX_RANK];
	opt_tensor *x;
	int rr, i, found;

	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	if (CHANCE(g->o->pick_rate) &&
	    (found = existing(g, reshape_ok, x)) >= 0) {
		n->in[1] = found;
		return 0;
	}
	rr = (int)R(1, MAXR);
	factor_dims(g, optable_numel(x), rr, v);
	for (i = 0; i < rr; i++)
		if (i < x->rank && v[i] == x->dim[i] && CHANCE(0.3))
			v[i] = 0;
	if (CHANCE(0.3))
		v[R(0, rr - 1)] = -1;
	n->in[1] = g_const_ints(g, v, rr, 1);
	return 0;
}

static int inst_transpose(ggraph *g, gnode *n)
{
	int64_t perm[OPT_MAX_RANK];
	int rank, i;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	rank = T(n->in[0])->rank;
	for (i = 0; i < rank; i++)
		perm[i] = i;
	for (i = rank - 1; i > 0; i--) {
		int j = (int)R(0, i);
		int64_t t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
	if (CHANCE(0.85))
		optable_attrs_set_ints(&n->attrs, "perm", perm, rank);
	return 0;
}

static int has_one(const opt_tensor *t, const void *ctx)
{
	int i;

	(void)ctx;
	for (i = 0; i < t->rank; i++)
		if (t->dim[i] == 1)
			return 1;
	return 0;
}

static void make_one(opt_tensor *t, const void *ctx, rng *r)
{
	(void)ctx;
	t->dim[rng_range(r, 0, t->rank - 1)] = 1;
}

static int inst_squeeze(ggraph *g, gnode *n)
{
	opt_tensor *x;
	unsigned ones = 0, set;
	int64_t ax[OPT_MAX_RANK];
	int i, k;

	if ((n->in[0] = primary(g, n, 1, 8, has_one, make_one, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	for (i = 0; i < x->rank; i++)
		if (x->dim[i] == 1)
			ones |= 1u << i;
	if (CHANCE(0.25))
		return 0;
	do
		set = ones & subset(g, x->rank, 1, x->rank);
	while (!set);
	k = set_axes(g, set, x->rank, ax);
	n->in[1] = g_const_ints(g, ax, k, 1);
	n->nin = 2;
	return 0;
}

static int inst_unsqueeze(ggraph *g, gnode *n)
{
	int64_t ax[OPT_MAX_RANK];
	int r, k, or;

	if ((n->in[0] = primary(g, n, 0, MAXR - 1, NULL, NULL, NULL)) < 0)
		return -1;
	r = T(n->in[0])->rank;
	k = (int)R(1, imin(2, MAXR - r));
	or = r + k;
	k = set_axes(g, subset(g, or, k, k), or, ax);
	n->in[1] = g_const_ints(g, ax, k, 1);
	return 0;
}

static int inst_flatten(ggraph *g, gnode *n)
{
	int r;

	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	r = T(n->in[0])->rank;
	if (CHANCE(0.8))
		optable_attrs_set_int(&n->attrs, "axis", R(-r, r));
	return 0;
}

typedef struct concat_ctx {
	const opt_tensor *x;
	int axis;
} concat_ctx;

static int concat_ok(const opt_tensor *t, const void *ctx)
{
	const concat_ctx *c = ctx;
	int i;

	if (t->dtype != c->x->dtype || t->rank != c->x->rank)
		return 0;
	for (i = 0; i < t->rank; i++)
		if (i != c->axis && t->dim[i] != c->x->dim[i])
			return 0;
	return 1;
}

static int inst_concat(ggraph *g, gnode *n)
{
	concat_ctx c;
	opt_tensor x;
	int i, a;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	/* a copy: new tensors below may move the pool */
	x = *T(n->in[0]);
	c.x = &x;
	a = axis_of(g, c.x->rank);
	c.axis = a < 0 ? a + c.x->rank : a;
	optable_attrs_set_int(&n->attrs, "axis", a);
	n->nin = degree(g, n, 1, 4);
	for (i = 1; i < n->nin; i++) {
		int e = CHANCE(g->o->pick_rate) ? existing(g, concat_ok, &c) : -1;

		if (e < 0) {
			opt_tensor t = *c.x;

			t.nval = -1;
			t.dim[c.axis] = R(1, MAXD);
			e = g_new(g, &t, CHANCE(0.3) ? GT_INIT : GT_INPUT, GT_RANDOM);
		}
		n->in[i] = e;
	}
	return 0;
}

static int inst_split(ggraph *g, gnode *n)
{
	opt_tensor *x;
	int i;
	int64_t d, v[4], left;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	d = x->dim[axis_attr(g, n, x, 0)];
	if (CHANCE(0.6)) {
		n->nout = (int)R(1, imin(4, (int)d));
		left = d;
		for (i = 0; i < n->nout - 1; i++) {
			v[i] = R(1, left - (n->nout - 1 - i));
			left -= v[i];
		}
		v[n->nout - 1] = left;
		n->in[1] = g_const_ints(g, v, n->nout, 1);
		n->nin = 2;
	} else {
		int64_t div[4];
		int nd = 0;

		for (i = 1; i <= 4; i++)
			if (d % i == 0)
				div[nd++] = i;
		n->nout = (int)div[R(0, nd - 1)];
	}
	return 0;
}

static int inst_slice(ggraph *g, gnode *n)
{
	int64_t st[OPT_MAX_RANK], en[OPT_MAX_RANK], ax[OPT_MAX_RANK];
	int64_t sp[OPT_MAX_RANK];
	opt_tensor *x;
	unsigned set;
	int k = 0, i, use_axes = CHANCE(0.7), steps = 0;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	set = use_axes ? subset(g, x->rank, 1, x->rank)
		       : (1u << R(1, x->rank)) - 1;
	for (i = 0; i < x->rank; i++) {
		int64_t d = x->dim[i], s, e, step;

		if (!((set >> i) & 1))
			continue;
		step = CHANCE(0.6) ? 1 : (CHANCE(0.5) ? -1 : 2) * (d > 2 && CHANCE(0.3) ? 2 : 1);
		if (step > 0) {
			s = R(0, d - 1);
			e = R(s + 1, d);
			if (e == d && CHANCE(0.3))
				e = CHANCE(0.5) ? INT64_MAX : d + R(1, 5);
			else if (e < d && CHANCE(0.3))
				e -= d;
		} else {
			s = R(0, d - 1);
			e = R(-1, s - 1);
			if (e == -1)
				e = CHANCE(0.5) ? INT64_MIN : -d - R(1, 5);
			else if (CHANCE(0.3))
				e -= d;
		}
		if (CHANCE(0.3))
			s -= d;
		steps |= step != 1;
		st[k] = s, en[k] = e, sp[k] = step;
		ax[k++] = CHANCE(0.2) ? i - x->rank : i;
	}
	n->in[1] = g_const_ints(g, st, k, 1);
	n->in[2] = g_const_ints(g, en, k, 1);
	n->nin = 3;
	if (use_axes || steps || CHANCE(0.3)) {
		n->in[3] = g_const_ints(g, ax, k, 1);
		n->nin = 4;
	}
	if (steps || CHANCE(0.3)) {
		if (n->nin == 3) {
			for (i = 0; i < k; i++)
				ax[i] = i;
			n->in[3] = g_const_ints(g, ax, k, 1);
		}
		n->in[4] = g_const_ints(g, sp, k, 1);
		n->nin = 5;
	}
	return 0;
}

static int inst_pad(ggraph *g, gnode *n)
{
	static const char *const modes[] = {"constant", "reflect", "edge"};
	int64_t p[2 * OPT_MAX_RANK];
	opt_tensor *x;
	int m = CHANCE(0.5) ? 0 : (int)R(1, 2), i;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	for (i = 0; i < 2 * x->rank; i++) {
		int64_t d = x->dim[i % x->rank], hi = m == 1 ? d - 1 : 2;

		p[i] = CHANCE(0.4) ? 0 : R(0, hi < 2 ? hi : 2);
	}
	n->in[1] = g_const_ints(g, p, 2 * x->rank, 1);
	x = T(n->in[0]);
	if (m || CHANCE(0.3))
		optable_attrs_set_str(&n->attrs, "mode", modes[m]);
	if (!m && CHANCE(0.3)) {
		double v = x->dtype == OPT_FLOAT || x->dtype == OPT_DOUBLE ?
			rng_unit(g->r) : (double)R(0, 1);

		n->in[2] = g_const_vals(g, x->dtype, &v, 1, 0);
		n->nin = 3;
	}
	return 0;
}

static int inst_tile(ggraph *g, gnode *n)
{
	int64_t rep[OPT_MAX_RANK], total;
	opt_tensor *x;
	int i;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	total = optable_numel(x);
	for (i = 0; i < x->rank; i++) {
		rep[i] = CHANCE(0.5) ? 1 : R(1, 3);
		if (total * rep[i] > g->numel_cap)
			rep[i] = 1;
		total *= rep[i];
	}
	n->in[1] = g_const_ints(g, rep, x->rank, 1);
	return 0;
}

/* Dim i of x broadcast to rank rr: x's dims align to the right, 1
** where x has none. */
static int64_t dim_at_rank(const opt_tensor *x, int rr, int i)
{
	int ix = i - (rr - x->rank);

	return ix >= 0 ? x->dim[ix] : 1;
}

static int inst_expand(ggraph *g, gnode *n)
{
	int64_t s[OPT_MAX_RANK], total = 1;
	opt_tensor *x;
	int rr, i;

	if ((n->in[0] = primary(g, n, 0, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	rr = (int)R(x->rank, imax(x->rank, MAXR));
	if (rr > x->rank + 2)
		rr = x->rank + (int)R(0, 2);
	for (i = 0; i < rr; i++) {
		int64_t d = dim_at_rank(x, rr, i);

		if (d == 1)
			s[i] = CHANCE(0.5) ? R(1, MAXD) : 1;
		else
			s[i] = CHANCE(0.7) ? d : 1;
		total *= s[i] > d ? s[i] : d;
	}
	/* the result's size is bounded: shrink new dims back to 1 */
	for (i = 0; i < rr && total * 1 > g->numel_cap; i++) {
		int64_t d = dim_at_rank(x, rr, i);

		if (d == 1 && s[i] > 1) {
			total /= s[i];
			s[i] = 1;
		}
	}
	n->in[1] = g_const_ints(g, s, rr, 1);
	return 0;
}

/* Gather: indices of a small shape of their own; GatherElements
** (elements): indices of x's rank, any size along the axis and at most
** x's elsewhere. */
static int gather_node(ggraph *g, gnode *n, int elements)
{
	opt_tensor ix, *x;
	int axis, i;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	axis = axis_attr(g, n, x, 0);
	if (elements) {
		ix = *x;
		ix.nval = -1;
	} else {
		memset(&ix, 0, sizeof(ix));
	}
	ix.dtype = CHANCE(0.8) ? OPT_INT64 : OPT_INT32;
	if (elements) {
		for (i = 0; i < x->rank; i++)
			ix.dim[i] = i == axis ? R(1, MAXD) : R(1, x->dim[i]);
	} else {
		ix.rank = (int)R(0, imin(2, MAXR - x->rank + 1));
		for (i = 0; i < ix.rank; i++)
			ix.dim[i] = R(1, 3);
	}
	n->in[1] = g_index(g, &ix, x->dim[axis]);
	return 0;
}

static int inst_gather(ggraph *g, gnode *n)
{
	return gather_node(g, n, 0);
}

static int inst_gatherelem(ggraph *g, gnode *n)
{
	return gather_node(g, n, 1);
}

/* Reductions: the axes as an attribute, or (axes_in: ReduceSum from
** opset 13) as an input that may be left out. */
static int reduce_node(ggraph *g, gnode *n, int axes_in)
{
	int64_t ax[OPT_MAX_RANK];
	int r, k;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	r = T(n->in[0])->rank;
	if (CHANCE(0.8)) {
		k = set_axes(g, subset(g, r, 1, r), r, ax);
		if (axes_in) {
			n->in[1] = g_const_ints(g, ax, k, 1);
			n->nin = 2;
		} else {
			optable_attrs_set_ints(&n->attrs, "axes", ax, k);
		}
	} else if (axes_in && CHANCE(0.3)) {
		optable_attrs_set_int(&n->attrs, "noop_with_empty_axes", 1);
	}
	if (CHANCE(0.6))
		optable_attrs_set_int(&n->attrs, "keepdims", R(0, 1));
	return 0;
}

static int inst_reduce(ggraph *g, gnode *n)
{
	return reduce_node(g, n, 0);
}

static int inst_reduce_in(ggraph *g, gnode *n)
{
	return reduce_node(g, n, 1);
}

static int inst_arg(ggraph *g, gnode *n)
{
	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	if (CHANCE(0.8))
		optable_attrs_set_int(&n->attrs, "axis", axis_of(g, T(n->in[0])->rank));
	if (CHANCE(0.5))
		optable_attrs_set_int(&n->attrs, "keepdims", R(0, 1));
	if (CHANCE(0.3))
		optable_attrs_set_int(&n->attrs, "select_last_index", R(0, 1));
	return 0;
}

static int inst_resize(ggraph *g, gnode *n)
{
	static const char *const ctm[] = {"half_pixel", "asymmetric",
		"pytorch_half_pixel", "align_corners"};
	static const char *const nm[] = {"round_prefer_floor",
		"round_prefer_ceil", "floor", "ceil"};
	static const double scale[] = {1, 2, 0.5, 1.5, 3};
	double sc[OPT_MAX_RANK];
	opt_tensor *x;
	int i, r, linear;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	r = x->rank;
	/* ORT's linear mode: 2-D, or 4-D with the outer two dims kept */
	linear = (r == 2 || r == 4) && CHANCE(0.4);
	for (i = 0; i < r; i++) {
		int64_t lim = x->dim[i] >= 2 ? 4 : 1;
		double s = scale[R(0, lim)];

		if ((linear && r == 4 && i < 2) || CHANCE(0.3) ||
		    (double)x->dim[i] * s > 2.0 * MAXD)
			s = 1;
		sc[i] = s;
	}
	n->in[1] = -1;
	if (CHANCE(0.7)) {
		n->in[2] = g_const_vals(g, OPT_FLOAT, sc, r, 1);
		n->nin = 3;
	} else {
		int64_t sz[OPT_MAX_RANK];

		for (i = 0; i < r; i++)
			sz[i] = (int64_t)((float)x->dim[i] * (float)sc[i]);
		n->in[2] = -1;
		n->in[3] = g_const_ints(g, sz, r, 1);
		n->nin = 4;
	}
	if (linear)
		optable_attrs_set_str(&n->attrs, "mode", "linear");
	if (CHANCE(0.6))
		optable_attrs_set_str(&n->attrs, "coordinate_transformation_mode",
			ctm[R(0, 3)]);
	if (!linear && CHANCE(0.5))
		optable_attrs_set_str(&n->attrs, "nearest_mode", nm[R(0, 3)]);
	return 0;
}

static int inst_topk(ggraph *g, gnode *n)
{
	int64_t k;
	opt_tensor *x;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	x = T(n->in[0]);
	k = R(1, x->dim[axis_attr(g, n, x, -1)]);
	n->in[1] = g_const_ints(g, &k, 1, 1);
	if (CHANCE(0.3))
		optable_attrs_set_int(&n->attrs, "largest", R(0, 1));
	if (CHANCE(0.3))
		optable_attrs_set_int(&n->attrs, "sorted", R(0, 1));
	n->nout = 2;
	return 0;
}

static int inst_cumsum(ggraph *g, gnode *n)
{
	int64_t a;

	if ((n->in[0] = primary(g, n, 1, 8, NULL, NULL, NULL)) < 0)
		return -1;
	a = axis_of(g, T(n->in[0])->rank);
	n->in[1] = g_const_ints(g, &a, 1, 0);
	if (CHANCE(0.3)) {
		double v = (double)a;

		n->in[1] = g_const_vals(g, OPT_INT32, &v, 1, 0);
	}
	if (CHANCE(0.3))
		optable_attrs_set_int(&n->attrs, "exclusive", R(0, 1));
	if (CHANCE(0.3))
		optable_attrs_set_int(&n->attrs, "reverse", R(0, 1));
	return 0;
}

static int channels_div(const opt_tensor *t, const void *ctx)
{
	int64_t b = *(const int64_t *)ctx;

	return t->dim[1] % (b * b) == 0;
}

static void make_channels(opt_tensor *t, const void *ctx, rng *r)
{
	int64_t b = *(const int64_t *)ctx;

	t->dim[1] = b * b * rng_range(r, 1, 2);
}

static int inst_d2s(ggraph *g, gnode *n)
{
	int64_t b = CHANCE(0.8) ? 2 : 3;

	if ((n->in[0] = primary(g, n, 4, 4, channels_div, make_channels, &b)) < 0)
		return -1;
	optable_attrs_set_int(&n->attrs, "blocksize", b);
	if (CHANCE(0.5))
		optable_attrs_set_str(&n->attrs, "mode", CHANCE(0.5) ? "DCR" : "CRD");
	return 0;
}

static int space_div(const opt_tensor *t, const void *ctx)
{
	int64_t b = *(const int64_t *)ctx;

	return t->dim[2] % b == 0 && t->dim[3] % b == 0;
}

static void make_space(opt_tensor *t, const void *ctx, rng *r)
{
	int64_t b = *(const int64_t *)ctx;

	t->dim[2] = b * rng_range(r, 1, 2);
	t->dim[3] = b * rng_range(r, 1, 2);
}

static int inst_s2d(ggraph *g, gnode *n)
{
	int64_t b = CHANCE(0.8) ? 2 : 3;

	if ((n->in[0] = primary(g, n, 4, 4, space_div, make_space, &b)) < 0)
		return -1;
	optable_attrs_set_int(&n->attrs, "blocksize", b);
	return 0;
}

static int (*const inst[OPT_NFAMILIES])(ggraph *, gnode *) = {
	[OPT_UNARY] = inst_unary, [OPT_BINARY] = inst_binary,
	[OPT_PRELU] = inst_prelu, [OPT_VARIADIC] = inst_variadic,
	[OPT_WHERE] = inst_where, [OPT_CLIP] = inst_clip,
	[OPT_CAST] = inst_cast, [OPT_SOFTMAX] = inst_softmax,
	[OPT_CONV] = inst_conv, [OPT_CONVT] = inst_convt,
	[OPT_POOL] = inst_pool, [OPT_GPOOL] = inst_gpool,
	[OPT_GEMM] = inst_gemm, [OPT_MATMUL] = inst_matmul,
	[OPT_BNORM] = inst_bnorm, [OPT_INORM] = inst_inorm,
	[OPT_LRN] = inst_lrn, [OPT_LPNORM] = inst_lpnorm,
	[OPT_MVN] = inst_mvn, [OPT_RESHAPE] = inst_reshape,
	[OPT_TRANSPOSE] = inst_transpose, [OPT_SQUEEZE] = inst_squeeze,
	[OPT_UNSQUEEZE] = inst_unsqueeze, [OPT_FLATTEN] = inst_flatten,
	[OPT_CONCAT] = inst_concat, [OPT_SPLIT] = inst_split,
	[OPT_SLICE] = inst_slice, [OPT_PAD] = inst_pad,
	[OPT_TILE] = inst_tile, [OPT_EXPAND] = inst_expand,
	[OPT_GATHER] = inst_gather, [OPT_GATHERELEM] = inst_gatherelem,
	[OPT_REDUCE] = inst_reduce, [OPT_REDUCE_IN] = inst_reduce_in,
	[OPT_ARG] = inst_arg, [OPT_RESIZE] = inst_resize,
	[OPT_SHAPE] = inst_unary, [OPT_SIZE] = inst_unary,
	[OPT_TOPK] = inst_topk, [OPT_CUMSUM] = inst_cumsum,
	[OPT_D2S] = inst_d2s, [OPT_S2D] = inst_s2d,
};

int inst_node(ggraph *g, gnode *n)
{
	int i;

	n->nin = n->op->min_in;
	n->nout = n->op->min_out;
	for (i = 0; i < OPT_MAX_IO; i++)
		n->in[i] = n->out[i] = -1;
	memset(&n->attrs, 0, sizeof(n->attrs));
	free_attrs(g, n);
	return inst[n->op->family](g, n);
}

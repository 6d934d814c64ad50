/*
** The generator's main loop: choose an op, instantiate it against the
** pool of existing tensors, infer its outputs with the op table, repeat.
*/
#include <stdlib.h>
#include <string.h>

#include "cov.h"
#include "gen_write.h"
#include "graph.h"

#define CHANCE(p) rng_chance(g->r, (p))

struct gen {
	gen_options o;
	const opt_entry **ops; /* enabled ops */
	int nops;
	uint64_t count;        /* models generated */
	uint64_t rejected;
	gen_feedback fb;
	struct cov *cov;
	ggraph g;
	gen_writer w;
};

/* Pool */

static int grow_tensors(ggraph *g)
{
	if (g->nt == g->capt) {
		g->capt = g->capt ? 2 * g->capt : 256;
		g->t = xrealloc(g->t, (size_t)g->capt * sizeof(*g->t));
		g->scratch = xrealloc(g->scratch, 2 * (size_t)g->capt * sizeof(int));
	}
	return g->nt++;
}

int g_new(ggraph *g, const opt_tensor *t, gt_kind kind, gt_fill fill)
{
	int id = grow_tensors(g);
	gtensor *x = &g->t[id];

	memset(x, 0, sizeof(*x));
	x->t = *t;
	if (kind != GT_INIT || x->t.nval < 0)
		x->t.nval = -1;
	x->kind = kind;
	x->fill = fill;
	x->producer = -1;
	return id;
}

int g_const_vals(ggraph *g, int dtype, const double *v, int n, int rank)
{
	opt_tensor t;

	memset(&t, 0, sizeof(t));
	t.dtype = dtype;
	t.rank = rank;
	t.dim[0] = n;
	t.nval = n;
	memcpy(t.val, v, (size_t)n * sizeof(*v));
	return g_new(g, &t, GT_INIT, GT_RANDOM);
}

int g_const_ints(ggraph *g, const int64_t *v, int n, int rank)
{
	double d[OPT_MAX_VALS];
	int i;

	for (i = 0; i < n; i++)
		d[i] = (double)v[i];
	return g_const_vals(g, OPT_INT64, d, n, rank);
}

int g_index(ggraph *g, const opt_tensor *shape, int64_t bound)
{
	int id = g_new(g, shape, GT_INIT, GT_INDEX);

	g->t[id].bound = bound;
	return id;
}

int g_dtype(ggraph *g, uint32_t types)
{
	int dts[32], n = 0, i;

	if ((types & OPT_TF) && CHANCE(0.6))
		return OPT_FLOAT;
	for (i = 0; i < 32; i++)
		if ((types >> i) & 1)
			dts[n++] = i;
	return dts[rng_range(g->r, 0, n - 1)];
}

void g_shape(ggraph *g, opt_tensor *t, int dtype, int lo, int hi)
{
	int i;

	memset(t, 0, sizeof(*t));
	t->dtype = dtype;
	t->rank = (int)rng_range(g->r, lo, hi);
	t->nval = -1;
	for (i = 0; i < t->rank; i++)
		t->dim[i] = rng_range(g->r, 1, g->o->max_dim);
}

static int producer_op(const ggraph *g, int id)
{
	const gtensor *x = &g->t[id];

	return x->kind == GT_NODE ? (int)optable_index(g->n[x->producer].op)
				  : -1;
}

static int path_seen(const gen_feedback *fb, size_t a, size_t b, size_t c)
{
	size_t n = optable_count(), bit = (a * n + b) * n + c;

	return (fb->path_seen[bit / 8] >> (bit % 8)) & 1;
}

static void path_mark(gen_feedback *fb, size_t a, size_t b, size_t c)
{
	size_t n = optable_count(), bit = (a * n + b) * n + c;

	fb->path_seen[bit / 8] |= (uint8_t)(1u << (bit % 8));
}

/* Would consuming tensor id in op consumer make an op -> op -> op path
** not seen yet? */
static int new_path(const ggraph *g, int id, int consumer)
{
	const gtensor *x = &g->t[id];
	const gnode *p;
	int i;

	if (x->kind != GT_NODE)
		return 0;
	p = &g->n[x->producer];
	for (i = 0; i < p->nin; i++) {
		int pp = p->in[i] < 0 ? -1 : producer_op(g, p->in[i]);

		if (pp >= 0 && !path_seen(g->fb, (size_t)pp, optable_index(p->op),
				    (size_t)consumer))
			return 1;
	}
	return 0;
}

/* Picks one of the nc candidates in g->scratch. Guided: prefer a tensor
** whose producer -> consumer edge, or failing that whose op -> op -> op
** path, has not been seen yet. Then prefer tensors nobody uses yet
** (fewer dangling outputs), then any. */
static int choose(ggraph *g, int nc, int consumer)
{
	int i, k = 0, pass;

	if (g->fb && consumer >= 0 && CHANCE(0.9)) {
		size_t nops = optable_count();

		for (pass = 0; pass < 2 && !k; pass++)
			for (i = 0; i < nc; i++) {
				int id = g->scratch[i], p = producer_op(g, id);

				if (p < 0)
					continue;
				if (pass == 0 ? !g->fb->edge_seen[(size_t)p * nops +
								  (size_t)consumer]
					      : new_path(g, id, consumer))
					g->scratch[nc + k++] = id;
			}
		if (k)
			return g->scratch[nc + rng_range(g->r, 0, k - 1)];
	}
	if (CHANCE(0.5)) {
		for (i = 0; i < nc; i++)
			if (!g->t[g->scratch[i]].uses &&
			    g->t[g->scratch[i]].kind == GT_NODE)
				g->scratch[k++] = g->scratch[i];
		if (k)
			return g->scratch[rng_range(g->r, 0, k - 1)];
	}
	return g->scratch[rng_range(g->r, 0, nc - 1)];
}

static int usable(const gtensor *x)
{
	/* constants with chosen values stay private to their node */
	return x->kind != GT_INIT || (x->fill == GT_RANDOM && x->t.nval < 0);
}

int g_pick(ggraph *g, const pick *p)
{
	opt_tensor t;
	int i, nc = 0;

	if (CHANCE(g->o->pick_rate)) {
		for (i = 0; i < g->nt; i++) {
			const gtensor *x = &g->t[i];

			if (usable(x) &&
			    (p->types >> x->t.dtype) & 1 &&
			    x->t.rank >= p->min_rank && x->t.rank <= p->max_rank &&
			    (!p->ok || p->ok(&x->t, p->ctx)))
				g->scratch[nc++] = i;
		}
		if (nc)
			return choose(g, nc, p->consumer);
	}
	g_shape(g, &t, g_dtype(g, p->types),
		p->min_rank || !p->max_rank ? p->min_rank : 1, p->max_rank);
	if (p->min_rank == 0 && CHANCE(0.05))
		t.rank = 0;
	if (p->fix)
		p->fix(&t, p->ctx, g->r);
	return g_new(g, &t, GT_INPUT, GT_RANDOM);
}

static int same_shape(const opt_tensor *a, const opt_tensor *b)
{
	return a->dtype == b->dtype && a->rank == b->rank &&
		!memcmp(a->dim, b->dim, (size_t)a->rank * sizeof(a->dim[0]));
}

static int new_operand(ggraph *g, const opt_tensor *t)
{
	return g_new(g, t, CHANCE(0.4) ? GT_INIT : GT_INPUT, GT_RANDOM);
}

int g_exact(ggraph *g, const opt_tensor *t)
{
	int i, nc = 0;

	if (CHANCE(g->o->pick_rate)) {
		for (i = 0; i < g->nt; i++)
			if (usable(&g->t[i]) && same_shape(&g->t[i].t, t))
				g->scratch[nc++] = i;
		if (nc)
			return choose(g, nc, -1);
	}
	return new_operand(g, t);
}

/* Does b broadcast with a (toward a only, when unidir)? */
static int bcast_ok(const opt_tensor *a, const opt_tensor *b, int unidir)
{
	int i;

	if (unidir && b->rank > a->rank)
		return 0;
	for (i = 1; i <= a->rank && i <= b->rank; i++) {
		int64_t da = a->dim[a->rank - i], db = b->dim[b->rank - i];

		if (da != db && db != 1 && (unidir || da != 1))
			return 0;
	}
	return 1;
}

int g_bcast(ggraph *g, const opt_tensor *t, int unidir)
{
	opt_tensor s;
	int i, nc = 0, exact = CHANCE(0.5);

	if (CHANCE(g->o->pick_rate)) {
		for (i = 0; i < g->nt; i++) {
			const opt_tensor *x = &g->t[i].t;

			if (usable(&g->t[i]) && x->dtype == t->dtype &&
			    (exact ? same_shape(x, t) : bcast_ok(t, x, unidir)))
				g->scratch[nc++] = i;
		}
		if (nc)
			return choose(g, nc, -1);
	}
	/* a new operand: a suffix of t's shape, some dims set to 1 */
	s = *t;
	s.nval = -1;
	if (!exact) {
		int drop = t->rank ? (int)rng_range(g->r, 0, t->rank) : 0;

		if (CHANCE(0.5))
			drop = 0;
		s.rank = t->rank - drop;
		memmove(s.dim, t->dim + drop, (size_t)s.rank * sizeof(s.dim[0]));
		for (i = 0; i < s.rank; i++)
			if (CHANCE(0.3))
				s.dim[i] = 1;
			else if (!unidir && s.dim[i] == 1 && CHANCE(0.3))
				s.dim[i] = rng_range(g->r, 1, g->o->max_dim);
	}
	return new_operand(g, &s);
}

/* Choosing ops */

static const opt_entry *choose_op(gen *G)
{
	ggraph *g = &G->g;
	int a = (int)rng_range(g->r, 0, G->nops - 1), b;

	if (!g->fb)
		return G->ops[a];
	/* power of two choices: the less generated op of two */
	b = (int)rng_range(g->r, 0, G->nops - 1);
	if (g->fb->op_count[optable_index(G->ops[b])] <
	    g->fb->op_count[optable_index(G->ops[a])])
		a = b;
	return G->ops[a];
}

static int grow_nodes(ggraph *g)
{
	if (g->nn == g->capn) {
		g->capn = g->capn ? 2 * g->capn : 128;
		g->n = xrealloc(g->n, (size_t)g->capn * sizeof(*g->n));
	}
	return g->nn++;
}

/* Places one node of op; returns 1 if placed, 0 if rejected (size cap or
** rank limits), -1 on an internal inconsistency. */
static int place(gen *G, const opt_entry *op, gred_error *e)
{
	ggraph *g = &G->g;
	opt_tensor in[OPT_MAX_IO], out[OPT_MAX_IO];
	int nt0 = g->nt, id = grow_nodes(g), i;
	gnode *n = &g->n[id];

	n->op = op;
	if (inst_node(g, n) < 0)
		goto reject;
	for (i = 0; i < n->nin; i++) {
		if (n->in[i] < 0)
			memset(&in[i], 0, sizeof(in[i]));
		else
			in[i] = g->t[n->in[i]].t;
	}
	if (optable_infer_shapes(op, in, n->nin, &n->attrs, out, n->nout, e) < 0)
		return -1;
	for (i = 0; i < n->nout; i++)
		if (optable_numel(&out[i]) > g->numel_cap || optable_numel(&out[i]) < 1)
			goto reject;
	for (i = 0; i < n->nin; i++)
		if (n->in[i] >= 0)
			g->t[n->in[i]].uses++;
	for (i = 0; i < n->nout; i++) {
		int t = g_new(g, &out[i], GT_NODE, GT_RANDOM);

		g->t[t].t.nval = out[i].nval;
		g->t[t].producer = id;
		n->out[i] = t;
	}
	return 1;
reject:
	g->nt = nt0;
	g->nn--;
	G->rejected++;
	return 0;
}

static void feedback(gen *G)
{
	ggraph *g = &G->g;
	size_t nops = optable_count();
	int i, j;

	for (i = 0; i < g->nn; i++) {
		gnode *n = &g->n[i];
		size_t c = optable_index(n->op);
		int deg = 0;

		G->fb.op_count[c]++;
		for (j = 0; j < n->nin; j++) {
			int p;

			deg = j + 1;
			if (n->in[j] < 0)
				continue;
			p = producer_op(g, n->in[j]);
			if (p >= 0) {
				const gnode *pn = &g->n[g->t[n->in[j]].producer];
				int k, pp;

				G->fb.edge_seen[(size_t)p * nops + c] = 1;
				for (k = 0; k < pn->nin; k++)
					if (pn->in[k] >= 0 &&
					    (pp = producer_op(g, pn->in[k])) >= 0)
						path_mark(&G->fb, (size_t)pp, (size_t)p, c);
			}
		}
		if (deg < 16)
			G->fb.deg_seen[c] |= (uint16_t)(1u << deg);
	}
}

int gen_model(gen *G, gred_buf *out, gred_error *e)
{
	ggraph *g = &G->g;
	rng r;
	int placed = 0, tries = 0, rc;

	rng_seed(&r, G->o.seed ^ (G->count * 0xd1b54a32d192ed03ull));
	g->r = &r;
	g->nt = g->nn = 0;
	while (placed < G->o.nodes) {
		if (++tries > 100 * G->o.nodes + 100)
			return gred_errorf(e, "gen: cannot place ops under the "
				"given limits");
		rc = place(G, choose_op(G), e);
		if (rc < 0)
			return -1;
		placed += rc;
	}
	if (g->fb)
		feedback(G);
	if (gen_write(&G->w, g, G->count, G->cov, out, e) < 0)
		return -1;
	G->count++;
	return 0;
}

int gen_new(gen **out, const gen_options *o, gred_error *e)
{
	gen *G;
	size_t i, nops = optable_count();
	int64_t cap = 1;
	int k;

	if (o->nodes < 1 || o->max_rank < 1 || o->max_rank > 6 ||
	    o->max_dim < 1 || o->max_dim > 64 || o->pick_rate < 0 ||
	    o->pick_rate > 1)
		return gred_errorf(e, "gen: options out of range (nodes >= 1, "
			"max-rank 1..6, max-dim 1..64, pick rate 0..1)");
	G = xcalloc(1, sizeof(*G));
	G->o = *o;
	G->ops = xcalloc(nops, sizeof(*G->ops));
	if (o->ops) {
		char *list = xstrdup(o->ops), *tok, *save = NULL;

		for (tok = strtok_r(list, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			const opt_entry *op = optable_find(tok);

			if (!op) {
				gred_errorf(e, "gen: unknown op '%s'", tok);
				free(list);
				gen_free(G);
				return -1;
			}
			G->ops[G->nops++] = op;
		}
		free(list);
	} else {
		for (i = 0; i < nops; i++)
			G->ops[G->nops++] = optable_at(i);
	}
	/* ops whose rank needs exceed --max-rank cannot be placed */
	for (k = 0; k < G->nops;) {
		if (G->ops[k]->min_rank > o->max_rank)
			G->ops[k] = G->ops[--G->nops];
		else
			k++;
	}
	if (!G->nops) {
		gen_free(G);
		return gred_errorf(e, "gen: no op fits --max-rank %d", o->max_rank);
	}
	for (k = 0; k < o->max_rank; k++)
		cap *= o->max_dim;
	G->g.numel_cap = cap * 2 > 4096 ? (cap * 2 < (1 << 20) ? cap * 2 : 1 << 20)
					: 4096;
	G->g.o = &G->o;
	if (o->guided) {
		G->fb.op_count = xcalloc(nops, sizeof(uint32_t));
		G->fb.edge_seen = xcalloc(nops * nops, 1);
		G->fb.deg_seen = xcalloc(nops, sizeof(uint16_t));
		G->fb.path_seen = xcalloc((nops * nops * nops + 7) / 8, 1);
		G->g.fb = &G->fb;
	}
	gen_writer_init(&G->w);
	*out = G;
	return 0;
}

void gen_set_coverage(gen *G, struct cov *c)
{
	G->cov = c;
}

uint64_t gen_rejected(const gen *G)
{
	return G->rejected;
}

void gen_free(gen *G)
{
	if (!G)
		return;
	free(G->ops);
	free(G->fb.op_count);
	free(G->fb.edge_seen);
	free(G->fb.deg_seen);
	free(G->fb.path_seen);
	free(G->g.t);
	free(G->g.n);
	free(G->g.scratch);
	gen_writer_free(&G->w);
	free(G);
}

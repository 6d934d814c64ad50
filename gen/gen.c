/*
** The generator's main loop: choose an op, instantiate it against the
** pool of existing tensors, infer its outputs with the op table, repeat.
*/
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cov.h"
#include "gen_write.h"
#include "graph.h"

#define CHANCE(p) rng_chance(g->r, (p))

/* A share of the models that are mutants of pool graphs (with --mutate). */
#define MUTANT_SHARE 0.3
/* Graphs kept for mutation, models kept awaiting gen_feedback. */
#define POOL_MAX 32
#define PENDING_MAX 16
/* What a new bucket adds to a path's reward (coverage gives up to 1). */
#define BUCKET_REWARD 1.0
#define BLOCK_MAX 4
/* A share of blocks that read the previous block's output (--mcts). */
#define CHAIN_SHARE 0.7

/* A block: one op, or a short pattern of ops each reading the last. */
typedef struct block {
	const opt_entry *op[BLOCK_MAX];
	int n;
} block;

/* A copy of a working graph. */
typedef struct saved {
	gtensor *t;
	gnode *n;
	int nt, nn;
} saved;

/* A model written and not yet given feedback. */
typedef struct pending {
	uint64_t index;
	mcts_step *path;
	int npath;
	saved g;
} pending;

struct gen {
	gen_options o;
	const opt_entry **ops; /* enabled ops */
	int nops;
	uint64_t count;        /* models generated */
	uint64_t mutants;
	gen_guide fb;
	struct cov *cov;
	ggraph g;
	gen_writer w;
	/* --mcts: the blocks, the chooser, this model's choices */
	block *blocks;
	int nblocks;
	mcts *mcts;
	int prev;
	mcts_step *path;
	int npath, cappath;
	/* --mcts and --mutate: the coverage that rewards them */
	struct cov *mcov;
	uint64_t items;
	saved pool[POOL_MAX];
	int npool, pool_next;
	pending pending[PENDING_MAX];
	int pending_first, npending;
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

static int path_seen(const gen_guide *fb, size_t a, size_t b, size_t c)
{
	size_t n = optable_count(), bit = (a * n + b) * n + c;

	return (fb->path_seen[bit / 8] >> (bit % 8)) & 1;
}

static void path_mark(gen_guide *fb, size_t a, size_t b, size_t c)
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

/* The index the node being placed will have: inputs come from before it. */
static int top(const ggraph *g)
{
	return g->limit < g->nn ? g->limit : g->nn;
}

/*
** Graph skeletons: how a new node picks among the candidate tensors.
** Watts-Strogatz: a ring lattice where each node links to its K nearest
** neighbours, each link rewired with probability BETA to a random node;
** in a DAG built in order, the neighbours are the last WS_K nodes and a
** rewired link takes any candidate. Residual: the primary operand continues
** the chain (the newest node output), a secondary one skips back 2 to
** RES_SKIP nodes to the start of a block, as a ResNet shortcut does.
** Returns a candidate, or -1 to let the default choice decide.
*/
#define WS_K 4
#define WS_BETA 0.2
#define RES_SKIP 5

static int skeleton_choose(ggraph *g, int nc, int consumer)
{
	int i, k = 0, best = -1, here = top(g);

	switch (g->o->skeleton) {
	case GEN_WS:
		if (CHANCE(WS_BETA))
			return g->scratch[rng_range(g->r, 0, nc - 1)];
		for (i = 0; i < nc; i++) {
			const gtensor *x = &g->t[g->scratch[i]];

			if (x->kind == GT_NODE && x->producer >= here - WS_K)
				g->scratch[nc + k++] = g->scratch[i];
		}
		return k ? g->scratch[nc + rng_range(g->r, 0, k - 1)] : -1;
	case GEN_RESIDUAL:
		for (i = 0; i < nc; i++) {
			const gtensor *x = &g->t[g->scratch[i]];
			int back = here - x->producer;

			if (x->kind != GT_NODE)
				continue;
			if (consumer >= 0 ? best < 0 ||
			    x->producer > g->t[best].producer
					  : back >= 2 && back <= RES_SKIP &&
			    (best < 0 || x->producer < g->t[best].producer))
				best = g->scratch[i];
		}
		return best >= 0 && CHANCE(0.85) ? best : -1;
	default:
		return -1;
	}
}

/* Picks one of the nc candidates in g->scratch. Guided: prefer a tensor
** whose producer -> consumer edge, or failing that whose op -> op -> op
** path, has not been seen yet. Then the skeleton's choice. Then prefer
** tensors nobody uses yet (fewer dangling outputs), then any. */
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
	if (g->o->skeleton != GEN_CHAIN &&
	    (k = skeleton_choose(g, nc, consumer)) >= 0)
		return k;
	k = 0;
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

int g_avail(const ggraph *g, int id)
{
	const gtensor *x = &g->t[id];

	return x->kind != GT_DEAD &&
		(x->kind != GT_NODE || x->producer < g->limit);
}

static int usable(const ggraph *g, int id)
{
	const gtensor *x = &g->t[id];

	/* constants with chosen values stay private to their node */
	return g_avail(g, id) &&
		(x->kind != GT_INIT || (x->fill == GT_RANDOM && x->t.nval < 0));
}

static int fits(const pick *p, const opt_tensor *t)
{
	return (p->types >> t->dtype) & 1 && t->rank >= p->min_rank &&
		t->rank <= p->max_rank && (!p->ok || p->ok(t, p->ctx));
}

/* The primary operand a mutation asked for: the forced tensor if it fits
** the op, else a new input like fresh_t with some dims redrawn; -1 when
** neither applies. */
static int pick_wanted(ggraph *g, const pick *p)
{
	opt_tensor t;
	int i, f = g->force;

	g->force = -1;
	if (f >= 0 && g_avail(g, f) && fits(p, &g->t[f].t))
		return f;
	if (!g->fresh)
		return -1;
	g->fresh = 0;
	t = g->fresh_t;
	t.nval = -1;
	if (!((p->types >> t.dtype) & 1) || t.rank < p->min_rank ||
	    t.rank > p->max_rank)
		return -1;
	for (i = 0; i < t.rank; i++)
		if (CHANCE(0.5))
			t.dim[i] = rng_range(g->r, 1, g->o->max_dim);
	if (p->fix)
		p->fix(&t, p->ctx, g->r);
	return fits(p, &t) ? g_new(g, &t, GT_INPUT, GT_RANDOM) : -1;
}

int g_pick(ggraph *g, const pick *p)
{
	opt_tensor t;
	int i, nc = 0;

	if ((g->force >= 0 || g->fresh) && (i = pick_wanted(g, p)) >= 0)
		return i;
	if (CHANCE(g->o->pick_rate)) {
		for (i = 0; i < g->nt; i++)
			if (usable(g, i) && fits(p, &g->t[i].t))
				g->scratch[nc++] = i;
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

int g_same_shape(const opt_tensor *a, const opt_tensor *b)
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
			if (usable(g, i) && g_same_shape(&g->t[i].t, t))
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

			if (usable(g, i) && x->dtype == t->dtype &&
			    (exact ? g_same_shape(x, t) : bcast_ok(t, x, unidir)))
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

/* Placing nodes */

static void grow_nodes(ggraph *g)
{
	if (g->nn == g->capn) {
		g->capn = g->capn ? 2 * g->capn : 128;
		g->n = xrealloc(g->n, (size_t)g->capn * sizeof(*g->n));
	}
}

void g_reserve(ggraph *g, int nt, int nn)
{
	if (nt > g->capt) {
		g->capt = nt;
		g->t = xrealloc(g->t, (size_t)g->capt * sizeof(*g->t));
		g->scratch = xrealloc(g->scratch, 2 * (size_t)g->capt * sizeof(int));
	}
	if (nn > g->capn) {
		g->capn = nn;
		g->n = xrealloc(g->n, (size_t)g->capn * sizeof(*g->n));
	}
}

int g_place(ggraph *g, const opt_entry *op, int pos, int *out_node,
	gred_error *e)
{
	opt_tensor in[OPT_MAX_IO], out[OPT_MAX_IO];
	int nt0 = g->nt, limit0 = g->limit, i, rc;
	gnode n;

	memset(&n, 0, sizeof(n));
	n.op = op;
	g->limit = pos < limit0 ? pos : limit0;
	rc = inst_node(g, &n);
	g->limit = limit0;
	g->force = -1;
	g->fresh = 0;
	if (rc < 0)
		goto reject;
	for (i = 0; i < n.nin; i++) {
		if (n.in[i] < 0)
			memset(&in[i], 0, sizeof(in[i]));
		else
			in[i] = g->t[n.in[i]].t;
	}
	if (optable_infer_shapes(op, in, n.nin, &n.attrs, out, n.nout, e) < 0)
		return -1;
	for (i = 0; i < n.nout; i++)
		if (optable_numel(&out[i]) > g->numel_cap || optable_numel(&out[i]) < 1)
			goto reject;
	grow_nodes(g);
	if (pos < g->nn) {
		memmove(&g->n[pos + 1], &g->n[pos],
			(size_t)(g->nn - pos) * sizeof(*g->n));
		for (i = 0; i < nt0; i++)
			if (g->t[i].kind == GT_NODE && g->t[i].producer >= pos)
				g->t[i].producer++;
	}
	g->nn++;
	for (i = 0; i < n.nin; i++)
		if (n.in[i] >= 0)
			g->t[n.in[i]].uses++;
	for (i = 0; i < n.nout; i++) {
		int t = g_new(g, &out[i], GT_NODE, GT_RANDOM);

		g->t[t].t.nval = out[i].nval;
		g->t[t].producer = pos;
		n.out[i] = t;
	}
	g->n[pos] = n;
	if (out_node)
		*out_node = pos;
	return 1;
reject:
	g->nt = nt0;
	g->rejected++;
	return 0;
}

/* Choosing ops and blocks */

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

/* Small patterns the MCTS chooser may place as one block, each op reading
** the previous one's output where it fits: the producer -> consumer pairs
** that inference engines fuse (conv + activation, matmul + bias, the
** pieces of GELU, SiLU and layer normalisation) or fold (transpose,
** reshape and cast pairs). */
static const char *const patterns[][BLOCK_MAX] = {
	{"Conv", "Relu"}, {"Conv", "BatchNormalization", "Relu"},
	{"Conv", "Add"}, {"Conv", "Mul"}, {"Conv", "Clip"},
	{"ConvTranspose", "Relu"}, {"MatMul", "Add"}, {"Gemm", "Relu"},
	{"MatMul", "Relu"}, {"Relu", "Clip"}, {"Clip", "Relu"},
	{"Add", "Relu"}, {"Mul", "Add"}, {"Sigmoid", "Mul"},
	{"Reshape", "Transpose"}, {"Transpose", "Transpose"},
	{"Transpose", "MatMul"}, {"Softmax", "MatMul"},
	{"ReduceMean", "Sub", "Mul"}, {"Cast", "Cast"},
	{"Unsqueeze", "Squeeze"}, {"Squeeze", "Unsqueeze"}, {"Shape", "Gather"},
	{"Reshape", "Reshape"}, {"Pad", "Conv"}, {"Concat", "Split"},
	{"Div", "Erf", "Add", "Mul"}, {"Add", "Add"}, {"Slice", "Concat"},
	{"Expand", "Mul"}, {"ReduceSum", "Mul"}, {"Flatten", "Gemm"},
	{"GlobalAveragePool", "Flatten"}, {"MaxPool", "Relu"},
	{"Identity", "Add"}, {"Dropout", "Add"}, {"Pad", "AveragePool"},
	{"Gather", "Gather"}, {"Concat", "Concat"}, {"Tile", "Reshape"},
};

static int enabled(const gen *G, const opt_entry *op)
{
	int i;

	for (i = 0; i < G->nops; i++)
		if (G->ops[i] == op)
			return 1;
	return 0;
}

/* The blocks: every enabled op, then the patterns whose ops all are. */
static void make_blocks(gen *G)
{
	size_t i, np = sizeof(patterns) / sizeof(patterns[0]);
	int k;

	G->blocks = xcalloc((size_t)G->nops + np, sizeof(*G->blocks));
	for (k = 0; k < G->nops; k++) {
		G->blocks[k].op[0] = G->ops[k];
		G->blocks[k].n = 1;
	}
	G->nblocks = G->nops;
	for (i = 0; i < np; i++) {
		block b;

		memset(&b, 0, sizeof(b));
		for (k = 0; k < BLOCK_MAX && patterns[i][k]; k++) {
			b.op[k] = optable_find(patterns[i][k]);
			if (!b.op[k] || !enabled(G, b.op[k]))
				break;
		}
		if (k == BLOCK_MAX || !patterns[i][k]) {
			b.n = k;
			G->blocks[G->nblocks++] = b;
		}
	}
}

/* The next block by UCT (--mcts), recorded on this model's path. */
static int choose_block(gen *G)
{
	int b;

	b = mcts_choose(G->mcts, G->prev, G->g.r);
	if (G->npath == G->cappath) {
		G->cappath = G->cappath ? 2 * G->cappath : 64;
		G->path = xrealloc(G->path, (size_t)G->cappath * sizeof(*G->path));
	}
	G->path[G->npath].ctx = G->prev;
	G->path[G->npath++].block = b;
	G->prev = b;
	return b;
}

/* Places block b at the end; returns the nodes placed, -1 on error. */
static int place_block(gen *G, int b, gred_error *e)
{
	ggraph *g = &G->g;
	const block *bl = &G->blocks[b];
	int placed = 0, i, rc, id = -1;

	/* the block reads the previous one's output, so that the pair the
	** chooser picked becomes an edge of the model */
	if (g->nn && CHANCE(CHAIN_SHARE))
		id = g->nn - 1;
	for (i = 0; i < bl->n; i++) {
		if (id >= 0)
			g->force = g->n[id].out[0];
		rc = g_place(g, bl->op[i], g->nn, &id, e);
		if (rc < 0)
			return -1;
		if (!rc)
			break;
		placed++;
	}
	return placed;
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

/* Saved graphs: the mutation pool and the models awaiting feedback */

/* Copies g without its dead tensors (mutants of mutants would pile them
** up), renumbering the rest in order; map is scratch for nt ids. */
static void graph_save(saved *s, const ggraph *g, int *map)
{
	int i, j, nt = 0;

	s->t = xrealloc(s->t, ((size_t)g->nt + 1) * sizeof(*s->t));
	s->n = xrealloc(s->n, ((size_t)g->nn + 1) * sizeof(*s->n));
	for (i = 0; i < g->nt; i++) {
		map[i] = g->t[i].kind == GT_DEAD ? -1 : nt;
		if (map[i] >= 0)
			s->t[nt++] = g->t[i];
	}
	memcpy(s->n, g->n, (size_t)g->nn * sizeof(*s->n));
	for (i = 0; i < g->nn; i++) {
		for (j = 0; j < s->n[i].nin; j++)
			if (s->n[i].in[j] >= 0)
				s->n[i].in[j] = map[s->n[i].in[j]];
		for (j = 0; j < s->n[i].nout; j++)
			s->n[i].out[j] = map[s->n[i].out[j]];
	}
	s->nt = nt;
	s->nn = g->nn;
}

static void graph_load(ggraph *g, const saved *s)
{
	g_reserve(g, s->nt + 64, s->nn + 16);
	memcpy(g->t, s->t, (size_t)s->nt * sizeof(*s->t));
	memcpy(g->n, s->n, (size_t)s->nn * sizeof(*s->n));
	g->nt = s->nt;
	g->nn = s->nn;
}

static void saved_free(saved *s)
{
	free(s->t);
	free(s->n);
}

/* A graph that found something new joins the pool (a ring). */
static void pool_add(gen *G, const saved *s)
{
	saved *slot = &G->pool[G->pool_next];

	slot->nt = slot->nn = 0;
	if (s->nn) {
		slot->t = xrealloc(slot->t, ((size_t)s->nt + 1) * sizeof(*s->t));
		slot->n = xrealloc(slot->n, ((size_t)s->nn + 1) * sizeof(*s->n));
		memcpy(slot->t, s->t, (size_t)s->nt * sizeof(*s->t));
		memcpy(slot->n, s->n, (size_t)s->nn * sizeof(*s->n));
		slot->nt = s->nt;
		slot->nn = s->nn;
	}
	G->pool_next = (G->pool_next + 1) % POOL_MAX;
	if (G->npool < POOL_MAX)
		G->npool++;
}

/* A mutant of a pool graph: o.mutations mutations that apply, of kinds
** drawn uniformly; a node addition places the first op of a block the
** chooser picks. The graph stays near o.nodes in size. */
static int mutate_model(gen *G, gred_error *e)
{
	ggraph *g = &G->g;
	int applied = 0, tries = 0, rc;

	graph_load(g, &G->pool[rng_range(g->r, 0, G->npool - 1)]);
	G->mutants++;
	while (applied < G->o.mutations && tries++ < 8 * G->o.mutations + 8) {
		gen_mutation kind = (gen_mutation)rng_range(g->r, 0, MUT_COUNT - 1);
		const opt_entry *op = NULL;

		if (G->o.mutation_kinds && !((G->o.mutation_kinds >> kind) & 1))
			continue;
		if (kind == MUT_NODE_ADD) {
			if (g->nn >= 2 * G->o.nodes)
				continue;
			op = G->mcts ? G->blocks[choose_block(G)].op[0]
				     : choose_op(G);
		}
		if (kind == MUT_NODE_DEL && 2 * g->nn <= G->o.nodes)
			continue;
		if ((rc = mut_apply(g, kind, op, e)) < 0)
			return -1;
		applied += rc;
	}
	return 0;
}

/* After a model is written: its coverage gain rewards the chooser's
** path and admits the graph to the pool; the model then waits for the
** engine's feedback. */
static void learn(gen *G)
{
	uint64_t items = cov_structure(G->mcov);
	uint64_t gain = items - G->items;
	double r = gain ? 0.5 + 0.5 * (gain >= 8 ? 1.0 : (double)gain / 8) : 0;
	pending *p;

	G->items = items;
	if (G->mcts)
		mcts_reward(G->mcts, G->path, G->npath, r, 1);
	p = &G->pending[(G->pending_first + G->npending) % PENDING_MAX];
	if (G->npending == PENDING_MAX) {
		/* the oldest model never got feedback: forget it */
		G->pending_first = (G->pending_first + 1) % PENDING_MAX;
		G->npending--;
	}
	p->index = G->count;
	p->npath = G->npath;
	p->path = xrealloc(p->path, ((size_t)G->npath + 1) * sizeof(*p->path));
	if (G->npath)
		memcpy(p->path, G->path, (size_t)G->npath * sizeof(*p->path));
	p->g.nt = p->g.nn = 0;
	if (G->o.mutations > 0) {
		graph_save(&p->g, &G->g, G->g.scratch);
		if (gain)
			pool_add(G, &p->g);
	}
	G->npending++;
}

void gen_feedback(gen *G, int new_buckets)
{
	pending *p;

	if (!G->npending)
		return;
	p = &G->pending[G->pending_first];
	G->pending_first = (G->pending_first + 1) % PENDING_MAX;
	G->npending--;
	if (new_buckets <= 0)
		return;
	if (G->mcts)
		mcts_reward(G->mcts, p->path, p->npath, BUCKET_REWARD, 0);
	if (G->o.mutations > 0 && p->g.nn)
		pool_add(G, &p->g);
}

int gen_model(gen *G, gred_buf *out, gred_error *e)
{
	ggraph *g = &G->g;
	rng r;
	int placed = 0, tries = 0, rc;

	rng_seed(&r, G->o.seed ^ (G->count * 0xd1b54a32d192ed03ull));
	g->r = &r;
	g->nt = g->nn = 0;
	g->limit = INT_MAX;
	g->force = -1;
	g->fresh = 0;
	G->prev = -1;
	G->npath = 0;
	if (G->o.mutations > 0 && G->npool && rng_chance(&r, MUTANT_SHARE)) {
		if (mutate_model(G, e) < 0)
			return -1;
	} else {
		while (placed < G->o.nodes) {
			if (++tries > 100 * G->o.nodes + 100)
				return gred_errorf(e, "gen: cannot place ops under the "
					"given limits");
			if (G->mcts)
				rc = place_block(G, choose_block(G), e);
			else
				rc = g_place(g, choose_op(G), g->nn, NULL, e);
			if (rc < 0)
				return -1;
			placed += rc;
		}
	}
	if (g->fb)
		feedback(G);
	if (gen_write(&G->w, g, G->count, G->cov, G->mcov, out, e) < 0)
		return -1;
	if (G->mcov)
		learn(G);
	G->count++;
	return 0;
}

int gen_skeleton_parse(const char *name)
{
	static const char *const names[] = {"chain", "ws", "residual"};
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}

int gen_mutation_kinds_parse(const char *list, unsigned *out)
{
	static const char *const names[GEN_MUTATION_KINDS] = {"edge-add",
		"edge-del", "node-add", "node-del", "shape", "param"};
	const char *p = list;
	int i;

	*out = 0;
	while (*p) {
		size_t len = strcspn(p, ",");

		for (i = 0; i < GEN_MUTATION_KINDS; i++)
			if (strlen(names[i]) == len && !strncmp(p, names[i], len))
				break;
		if (i == GEN_MUTATION_KINDS)
			return -1;
		*out |= 1u << i;
		p += len + (p[len] == ',');
	}
	return 0;
}

uint64_t gen_mutants(const gen *G)
{
	return G->mutants;
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
	if (o->skeleton < GEN_CHAIN || o->skeleton > GEN_RESIDUAL ||
	    o->mutations < 0)
		return gred_errorf(e, "gen: unknown skeleton or negative "
			"mutation count");
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
	G->g.limit = INT_MAX;
	G->g.force = -1;
	if (o->guided) {
		G->fb.op_count = xcalloc(nops, sizeof(uint32_t));
		G->fb.edge_seen = xcalloc(nops * nops, 1);
		G->fb.deg_seen = xcalloc(nops, sizeof(uint16_t));
		G->fb.path_seen = xcalloc((nops * nops * nops + 7) / 8, 1);
		G->g.fb = &G->fb;
	}
	if (o->mcts) {
		make_blocks(G);
		G->mcts = mcts_new(G->nblocks);
	}
	if (o->mcts || o->mutations > 0)
		G->mcov = cov_new();
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
	return G->g.rejected;
}

void gen_free(gen *G)
{
	int i;

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
	free(G->blocks);
	free(G->path);
	for (i = 0; i < POOL_MAX; i++)
		saved_free(&G->pool[i]);
	for (i = 0; i < PENDING_MAX; i++) {
		saved_free(&G->pending[i].g);
		free(G->pending[i].path);
	}
	mcts_free(G->mcts);
	cov_free(G->mcov);
	gen_writer_free(&G->w);
	free(G);
}

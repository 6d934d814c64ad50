/*
** The graph-fuzzing seed paper's six mutations on the generator's working
** graph, each keeping every node valid the way generation does.
*/
#include <limits.h>
#include <string.h>

#include "graph.h"

#define R(lo, hi) rng_range(g->r, (lo), (hi))
#define CHANCE(p) rng_chance(g->r, (p))

/* How far a changed output shape may re-make the nodes reading it. */
#define CASCADE_MAX 8
/* Random tries to find a place where a mutation applies. */
#define TRIES 16

/*
** Validity is kept by three moves only:
** - an operand whose values do not matter (a graph input, a random
**   initializer) may be swapped for any tensor of the same dtype and shape
**   that is available at the node (produced by an earlier node);
** - a node is re-made by its op's instantiation (inst.c) on the operands
**   available at its index, with its primary operand given, so attributes
**   and secondary operands fit that operand again;
** - a reader of a node output that changed or went away is cut loose: it
**   reads a new input (or, for known values such as shapes, a constant) of
**   the old dtype and shape.
** Nodes stay in topological order; dropped tensors become GT_DEAD.
*/

static int replaceable(const ggraph *g, int id)
{
	const gtensor *x = &g->t[id];

	return x->kind == GT_INPUT ||
		(x->kind == GT_INIT && x->fill == GT_RANDOM && x->t.nval < 0);
}

/* One use of id fewer; an input or initializer nobody reads is dropped. */
static void release(ggraph *g, int id)
{
	gtensor *x;

	if (id < 0)
		return;
	x = &g->t[id];
	if (--x->uses <= 0 && (x->kind == GT_INPUT || x->kind == GT_INIT)) {
		x->uses = 0;
		x->kind = GT_DEAD;
	}
}

static void use(ggraph *g, gnode *n, int k, int id)
{
	int old = n->in[k];

	n->in[k] = id;
	g->t[id].uses++;
	release(g, old);
}

/* Node q's operand k reads a new input or constant of the same type. */
static void cut(ggraph *g, int q, int k)
{
	opt_tensor t = g->t[g->n[q].in[k]].t;
	gt_kind kind = t.nval >= 0 || CHANCE(0.4) ? GT_INIT : GT_INPUT;

	use(g, &g->n[q], k, g_new(g, &t, kind, GT_RANDOM));
}

static int same_values(const opt_tensor *a, const opt_tensor *b)
{
	return a->nval == b->nval && (a->nval <= 0 ||
		!memcmp(a->val, b->val, (size_t)a->nval * sizeof(a->val[0])));
}

/* Re-makes node p with its primary operand force (a tensor id, -1 none)
** or a new input shaped like fresh (NULL none). When its outputs change,
** their readers are re-made on the new output (a primary operand, up to
** CASCADE_MAX deep) or cut loose. Returns 1, 0 if the op did not fit
** (nothing changed), -1 on error. */
static int remake(ggraph *g, int p, int force, const opt_tensor *fresh,
	int depth, gred_error *e)
{
	gnode old = g->n[p], n;
	opt_tensor in[OPT_MAX_IO], out[OPT_MAX_IO];
	int nt0 = g->nt, i, k, q, same, rc;

	for (i = 0; i < old.nin; i++)
		if (old.in[i] >= 0)
			g->t[old.in[i]].uses--;
	memset(&n, 0, sizeof(n));
	n.op = old.op;
	g->limit = p;
	g->force = force;
	if ((g->fresh = fresh != NULL))
		g->fresh_t = *fresh;
	rc = inst_node(g, &n);
	g->limit = INT_MAX;
	g->force = -1;
	g->fresh = 0;
	if (rc == 0) {
		for (i = 0; i < n.nin; i++) {
			if (n.in[i] < 0)
				memset(&in[i], 0, sizeof(in[i]));
			else
				in[i] = g->t[n.in[i]].t;
		}
		if (optable_infer_shapes(n.op, in, n.nin, &n.attrs, out, n.nout, e) < 0)
			return -1;
		for (i = 0; i < n.nout; i++)
			if (optable_numel(&out[i]) > g->numel_cap ||
			    optable_numel(&out[i]) < 1)
				rc = -1;
	}
	if (rc < 0) {
		for (i = 0; i < old.nin; i++)
			if (old.in[i] >= 0)
				g->t[old.in[i]].uses++;
		g->nt = nt0;
		return 0;
	}
	for (i = 0; i < n.nin; i++)
		if (n.in[i] >= 0)
			g->t[n.in[i]].uses++;
	for (i = 0; i < old.nin; i++)
		if (old.in[i] >= 0) {
			g->t[old.in[i]].uses++;
			release(g, old.in[i]);
		}
	same = n.nout == old.nout;
	for (i = 0; same && i < n.nout; i++)
		same = g_same_shape(&out[i], &g->t[old.out[i]].t) &&
			same_values(&out[i], &g->t[old.out[i]].t);
	if (same) {
		memcpy(n.out, old.out, sizeof(n.out));
		g->n[p] = n;
		return 1;
	}
	for (i = 0; i < n.nout; i++) {
		int t = g_new(g, &out[i], GT_NODE, GT_RANDOM);

		g->t[t].t.nval = out[i].nval;
		g->t[t].producer = p;
		n.out[i] = t;
	}
	g->n[p] = n;
	for (i = 0; i < old.nout; i++)
		g->t[old.out[i]].kind = GT_DEAD;
	for (q = p + 1; q < g->nn; q++)
		for (k = 0; k < g->n[q].nin; k++) {
			int o = g->n[q].in[k];

			for (i = 0; i < old.nout && o >= 0; i++)
				if (o == old.out[i])
					break;
			if (o < 0 || i == old.nout)
				continue;
			if (k == 0 && i < n.nout && depth < CASCADE_MAX &&
			    CHANCE(0.8)) {
				rc = remake(g, q, n.out[i], NULL, depth + 1, e);
				if (rc < 0)
					return -1;
				if (rc)
					continue;
			}
			cut(g, q, k);
		}
	return 1;
}

/* A random node operand slot (q, k) whose tensor passes want; 0 if none
** was found in TRIES draws. */
static int find_slot(ggraph *g, int lo, int (*want)(const ggraph *, int),
	int *q, int *k)
{
	int t, i;

	if (lo >= g->nn)
		return 0;
	for (t = 0; t < TRIES; t++) {
		*q = (int)R(lo, g->nn - 1);
		if (!g->n[*q].nin)
			continue;
		*k = (int)R(0, g->n[*q].nin - 1);
		i = g->n[*q].in[*k];
		if (i >= 0 && want(g, i))
			return 1;
	}
	return 0;
}

static int node_output(const ggraph *g, int id)
{
	return g->t[id].kind == GT_NODE;
}

/* Every edge that may be added: a node operand whose values do not matter
** (an input, a random initializer, a node output of unknown values) that
** an earlier node's output of the same dtype and shape may replace, or
** (Sum, Max, Min, Mean) one more operand of the result's shape. Counted, then the k-th
** taken (k < 0: count only). */
static int edge_add_at(ggraph *g, long k)
{
	long count = 0;
	int q, j, i;

	for (q = 0; q < g->nn; q++) {
		gnode *n = &g->n[q];
		int more = n->op->family == OPT_VARIADIC &&
			n->nin < n->op->max_in && n->nin < 4;

		for (j = 0; j < n->nin + more; j++) {
			int old = j < n->nin ? n->in[j] : -1;
			const opt_tensor *like = j < n->nin ? &g->t[old].t
							    : &g->t[n->out[0]].t;

			if (j < n->nin && (old < 0 || !(replaceable(g, old) ||
			    (g->t[old].kind == GT_NODE && g->t[old].t.nval < 0))))
				continue;
			for (i = 0; i < g->nt; i++) {
				if (i == old || g->t[i].kind != GT_NODE ||
				    g->t[i].producer >= q ||
				    !g_same_shape(&g->t[i].t, like))
					continue;
				if (count++ != k)
					continue;
				if (j == n->nin)
					n->in[n->nin++] = -1;
				use(g, n, j, i);
				return 1;
			}
		}
	}
	return (int)(count > INT_MAX ? INT_MAX : count);
}

static int edge_add(ggraph *g)
{
	int count = edge_add_at(g, -1);

	if (!count)
		return 0;
	return edge_add_at(g, (long)R(0, count - 1));
}

static int edge_del(ggraph *g)
{
	int q, k;

	if (!find_slot(g, 0, node_output, &q, &k))
		return 0;
	cut(g, q, k);
	return 1;
}

static int node_add(ggraph *g, const opt_entry *op, gred_error *e)
{
	int p, q, k, o, rc, t;

	if (!op)
		return 0;
	rc = g_place(g, op, (int)R(0, g->nn), &p, e);
	if (rc <= 0)
		return rc;
	/* wire an output on: a later reader of its dtype and shape takes it */
	o = g->n[p].out[R(0, g->n[p].nout - 1)];
	for (t = 0; t < TRIES && CHANCE(0.9); t++) {
		if (!find_slot(g, p + 1, replaceable, &q, &k))
			break;
		if (g_same_shape(&g->t[g->n[q].in[k]].t, &g->t[o].t)) {
			use(g, &g->n[q], k, o);
			break;
		}
	}
	return 1;
}

static int node_del(ggraph *g)
{
	gnode n;
	int p, i, j, k, q;

	if (g->nn <= 1)
		return 0;
	p = (int)R(0, g->nn - 1);
	n = g->n[p];
	for (i = 0; i < n.nout; i++)
		g->t[n.out[i]].kind = GT_DEAD;
	for (q = p + 1; q < g->nn; q++)
		for (k = 0; k < g->n[q].nin; k++) {
			int o = g->n[q].in[k], by = -1;

			for (i = 0; i < n.nout && o >= 0; i++)
				if (o == n.out[i])
					break;
			if (o < 0 || i == n.nout)
				continue;
			/* bypass: an operand of the removed node just like o */
			for (j = 0; j < n.nin && g->t[o].t.nval < 0; j++)
				if (n.in[j] >= 0 && g->t[n.in[j]].kind != GT_DEAD &&
				    g_same_shape(&g->t[n.in[j]].t, &g->t[o].t))
					by = n.in[j];
			if (by >= 0)
				use(g, &g->n[q], k, by);
			else
				cut(g, q, k);
		}
	for (i = 0; i < n.nin; i++)
		release(g, n.in[i]);
	memmove(&g->n[p], &g->n[p + 1], (size_t)(g->nn - p - 1) * sizeof(*g->n));
	g->nn--;
	for (i = 0; i < g->nt; i++)
		if (g->t[i].kind == GT_NODE && g->t[i].producer > p)
			g->t[i].producer--;
	return 1;
}

static int shape_mut(ggraph *g, gred_error *e)
{
	opt_tensor t;
	int p = (int)R(0, g->nn - 1);

	if (!g->nn || g->n[p].in[0] < 0)
		return 0;
	t = g->t[g->n[p].in[0]].t;
	return remake(g, p, -1, &t, 0, e);
}

static int param_mut(ggraph *g, gred_error *e)
{
	int p = 0, t;

	/* a node with something to redraw */
	for (t = 0; t < TRIES; t++) {
		p = (int)R(0, g->nn - 1);
		if (g->n[p].op->nattrs || g->n[p].op->max_in > 1)
			break;
	}
	return remake(g, p, g->n[p].in[0], NULL, 0, e);
}

int mut_apply(ggraph *g, gen_mutation kind, const opt_entry *op,
	gred_error *e)
{
	if (!g->nn)
		return 0;
	switch (kind) {
	case MUT_EDGE_ADD: return edge_add(g);
	case MUT_EDGE_DEL: return edge_del(g);
	case MUT_NODE_ADD: return node_add(g, op, e);
	case MUT_NODE_DEL: return node_del(g);
	case MUT_SHAPE: return shape_mut(g, e);
	case MUT_PARAM: return param_mut(g, e);
	default: return 0;
	}
}

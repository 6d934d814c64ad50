/*
** The MCTS block chooser: UCT over which block (an op or a small pattern)
** the generator places next, rewarded by new coverage and new buckets.
*/
#include <math.h>
#include <stdlib.h>

#include "graph.h"

/*
** The tree. A model is built by a sequence of choices, each a block placed
** after the previous one. A node of the tree is a state, here the previous
** block (the root: a model's start), and its children are the blocks that
** may follow. The tree is two levels deep and reused at every step (a
** sliding window over the sequence), so its statistics are those of block
** pairs: what follows what. Selection is UCB1 over the children,
**   Q(c, b) + C * sqrt(ln(N(c) + 1) / (n(c, b) + 1)),
** where a child not yet tried takes the optimistic value 1, so untried
** pairs come before tried ones unless these earned new buckets (valuing
** them as the block at the root instead left new edges untried); ties
** go to the first from a random start, so the choice is a function of the
** statistics and the generator's seed.
** Backpropagation adds a model's reward to every step of its path, and to
** the root's entry for each block. A reward is a model's gain in covered
** structure (0.5 to 1) plus 1 for a new bucket when the engine reports it.
*/
#define UCT_C 1.0

typedef struct arm {
	double value;     /* sum of rewards */
	uint32_t visits;
} arm;

struct mcts {
	int nb;
	arm *root;        /* [nb] */
	arm *pair;        /* [nb][nb]: after block c, block b */
	uint64_t *ctx_visits, root_visits;
};

mcts *mcts_new(int nblocks)
{
	mcts *m = xcalloc(1, sizeof(*m));

	m->nb = nblocks;
	m->root = xcalloc((size_t)nblocks, sizeof(*m->root));
	m->pair = xcalloc((size_t)nblocks * (size_t)nblocks, sizeof(*m->pair));
	m->ctx_visits = xcalloc((size_t)nblocks, sizeof(*m->ctx_visits));
	return m;
}

void mcts_free(mcts *m)
{
	if (!m)
		return;
	free(m->root);
	free(m->pair);
	free(m->ctx_visits);
	free(m);
}

static double mean(const arm *a, double dflt)
{
	return a->visits ? a->value / a->visits : dflt;
}

int mcts_choose(mcts *m, int ctx, rng *r)
{
	const arm *kids = ctx < 0 ? m->root : &m->pair[(size_t)ctx * (size_t)m->nb];
	double ln = log((double)(ctx < 0 ? m->root_visits
					 : m->ctx_visits[ctx]) + 1.0);
	double best = -1;
	int start = (int)rng_range(r, 0, m->nb - 1), i, pick = start;

	for (i = 0; i < m->nb; i++) {
		int b = (start + i) % m->nb;
		double q = mean(&kids[b], 1.0);
		double score = q + UCT_C * sqrt(ln / (kids[b].visits + 1.0));

		if (score > best) {
			best = score;
			pick = b;
		}
	}
	return pick;
}

void mcts_reward(mcts *m, const mcts_step *path, int n, double r, int visit)
{
	int i;

	for (i = 0; i < n; i++) {
		arm *root = &m->root[path[i].block];
		arm *a = path[i].ctx < 0 ? NULL
			: &m->pair[(size_t)path[i].ctx * (size_t)m->nb + (size_t)path[i].block];

		root->value += r;
		if (a)
			a->value += r;
		if (!visit)
			continue;
		root->visits++;
		m->root_visits++;
		if (a) {
			a->visits++;
			m->ctx_visits[path[i].ctx]++;
		}
	}
}

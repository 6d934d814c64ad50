/*
** The generator's working graph: tensors and nodes in plain C, the pool
** operands are picked from, and the per-family instantiation functions.
*/
#ifndef GRED_GEN_GRAPH_H
#define GRED_GEN_GRAPH_H

#include "gen.h"
#include "optable.h"
#include "rng.h"

typedef enum gt_kind {
	GT_INPUT,  /* graph input */
	GT_INIT,   /* initializer */
	GT_NODE,   /* produced by a node */
	GT_DEAD    /* dropped by a mutation: not written, never picked */
} gt_kind;

/* How an initializer's contents are drawn. Known values (t.nval > 0)
** are written as they are. */
typedef enum gt_fill {
	GT_RANDOM,    /* floats in [-1, 1], small ints, random bools */
	GT_POSITIVE,  /* floats in [0.5, 1.5] (variances) */
	GT_INDEX      /* ints in [-bound, bound - 1] */
} gt_fill;

typedef struct gtensor {
	opt_tensor t;
	gt_kind kind;
	gt_fill fill;
	int64_t bound;
	int producer; /* node index for GT_NODE */
	int uses;
} gtensor;

typedef struct gnode {
	const opt_entry *op;
	int nin, nout;
	int in[OPT_MAX_IO]; /* tensor ids; -1 is an omitted optional input */
	int out[OPT_MAX_IO];
	opt_attrs attrs;
} gnode;

/* Feedback of the guided mode, kept across the models of one run. */
typedef struct gen_guide {
	uint32_t *op_count;   /* [nops] */
	uint8_t *edge_seen;   /* [nops * nops] producer -> consumer */
	uint8_t *path_seen;   /* [nops^3] bits: op -> op -> op */
	uint16_t *deg_seen;   /* [nops] bit d: in-degree d seen */
} gen_guide;

typedef struct ggraph {
	const gen_options *o;
	rng *r;
	gtensor *t;
	int nt, capt;
	gnode *n;
	int nn, capn;
	int64_t numel_cap;
	gen_guide *fb;     /* NULL unless guided */
	int *scratch;         /* candidate list, capt entries */
	uint64_t rejected;    /* nodes that did not fit the size cap */
	/* Placing a node inside the graph (mutations): only the outputs of
	** nodes before limit may be operands; the next primary operand is
	** force when it fits, or a new input shaped like fresh_t. */
	int limit;
	int force;
	int fresh;
	opt_tensor fresh_t;
} ggraph;

/* Operand requests. */
typedef struct pick {
	uint32_t types;
	int min_rank, max_rank;
	/* extra constraint on an existing tensor, and a repair for a new one */
	int (*ok)(const opt_tensor *t, const void *ctx);
	void (*fix)(opt_tensor *t, const void *ctx, rng *r);
	const void *ctx;
	int consumer;         /* op index (for guided edge choice), -1 none */
} pick;

/* The primary operand: an existing tensor (with the picking rate) or a
** new graph input. Returns the tensor id. */
int g_pick(ggraph *g, const pick *p);

/* A secondary data operand of exactly dtype and shape t: an existing
** tensor or a new input or initializer. */
int g_exact(ggraph *g, const opt_tensor *t);

/* A secondary operand of dtype that broadcasts with t (multidirectional,
** or only toward t when unidir). */
int g_bcast(ggraph *g, const opt_tensor *t, int unidir);

/* New tensors. */
int g_new(ggraph *g, const opt_tensor *t, gt_kind kind, gt_fill fill);
int g_const_ints(ggraph *g, const int64_t *v, int n, int rank);
int g_const_vals(ggraph *g, int dtype, const double *v, int n, int rank);
int g_index(ggraph *g, const opt_tensor *shape, int64_t bound);

/* A random dtype of the set (float favoured). */
int g_dtype(ggraph *g, uint32_t types);
/* A random shape of rank in [lo, hi] with dims in [1, max_dim]. */
void g_shape(ggraph *g, opt_tensor *t, int dtype, int lo, int hi);

/* Fills node n (inputs, attributes, output count) for its op; returns 0,
** or -1 when the op cannot be placed under the options (rank limits). */
int inst_node(ggraph *g, gnode *n);

/* May tensor id be an operand of a node placed now (not dead, produced
** before g->limit)? */
int g_avail(const ggraph *g, int id);

/* Same dtype and shape. */
int g_same_shape(const opt_tensor *a, const opt_tensor *b);

/* Places a node of op at index pos (0..nn; later nodes move up by one),
** its operands taken from what is available there. Returns 1 if placed
** (*out_node its index when out_node is not NULL), 0 if it did not fit
** (nothing changed), -1 on an internal inconsistency. */
int g_place(ggraph *g, const opt_entry *op, int pos, int *out_node,
	gred_error *e);

/* Makes room for n tensors and m nodes (copies of saved graphs). */
void g_reserve(ggraph *g, int n, int m);

/* The six mutations (gen_mutation_kind in gen.h), mutate.c. */
typedef gen_mutation_kind gen_mutation;
#define MUT_EDGE_ADD GEN_EDGE_ADD
#define MUT_EDGE_DEL GEN_EDGE_DEL
#define MUT_NODE_ADD GEN_NODE_ADD
#define MUT_NODE_DEL GEN_NODE_DEL
#define MUT_SHAPE GEN_SHAPE
#define MUT_PARAM GEN_PARAM
#define MUT_COUNT GEN_MUTATION_KINDS

/* Applies mutation kind to g (op: the op a node addition places). Returns
** 1 if applied, 0 if it did not apply to this graph, -1 on error. */
int mut_apply(ggraph *g, gen_mutation kind, const opt_entry *op,
	gred_error *e);

/* The UCT block chooser (mcts.c). Its tree has the previous block as
** state and the next block as action; a model is a path of such steps. */
typedef struct mcts mcts;

typedef struct mcts_step {
	int ctx;    /* the previous block, -1 at a model's start */
	int block;
} mcts_step;

mcts *mcts_new(int nblocks);
void mcts_free(mcts *m);

/* The block to place after ctx (-1 at the start). */
int mcts_choose(mcts *m, int ctx, rng *r);

/* Adds reward r to every step of a path; visit: count the steps as
** visits too (a model's own reward), or not (later feedback on it). */
void mcts_reward(mcts *m, const mcts_step *path, int n, double r, int visit);

#endif

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
	GT_NODE    /* produced by a node */
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
typedef struct gen_feedback {
	uint32_t *op_count;   /* [nops] */
	uint8_t *edge_seen;   /* [nops * nops] producer -> consumer */
	uint8_t *path_seen;   /* [nops^3] bits: op -> op -> op */
	uint16_t *deg_seen;   /* [nops] bit d: in-degree d seen */
} gen_feedback;

typedef struct ggraph {
	const gen_options *o;
	rng *r;
	gtensor *t;
	int nt, capt;
	gnode *n;
	int nn, capn;
	int64_t numel_cap;
	gen_feedback *fb;     /* NULL unless guided */
	int *scratch;         /* candidate list, capt entries */
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

#endif

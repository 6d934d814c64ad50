/*
** The graph generator: valid-by-construction ONNX models (Isra's
** backtrack-free instantiation over the op table), seeded and reproducible.
*/
#ifndef GRED_GEN_H
#define GRED_GEN_H

#include <stdint.h>

#include "util.h"

struct cov;

typedef struct gen_options {
	uint64_t seed;
	int nodes;           /* ops per model */
	int max_rank;        /* of graph inputs and every tensor */
	int max_dim;         /* of new dimensions */
	double pick_rate;    /* chance to connect to an existing tensor */
	const char *ops;     /* comma-separated op types, NULL: all */
	int guided;          /* favour uncovered ops, edges and degrees */
	int skeleton;        /* gen_skeleton: how a new node picks its inputs */
	int mutations;       /* > 0: 30% of the models are mutants, this many
				** mutations each, of earlier models that found
				** new coverage or new buckets */
	int mcts;            /* choose ops and patterns by UCT, rewarded by new
				** coverage and gen_feedback */
	unsigned mutation_kinds; /* bit set of gen_mutation_kind; 0: all six */
} gen_options;

/* The seed paper's six mutations (Luo et al. 2021), as bits of
** gen_options.mutation_kinds. Each keeps the model valid by construction. */
typedef enum gen_mutation_kind {
	GEN_EDGE_ADD,   /* a node reads an earlier node's output in place of
			** an input of the same dtype and shape */
	GEN_EDGE_DEL,   /* a node reads a new input in place of a node output */
	GEN_NODE_ADD,   /* a node inserted anywhere, its output read later */
	GEN_NODE_DEL,   /* a node removed, its readers bypassed or fed anew */
	GEN_SHAPE,      /* a node re-made on an operand of a new shape */
	GEN_PARAM,      /* a node's attributes and secondary operands redrawn */
	GEN_MUTATION_KINDS
} gen_mutation_kind;

/* "edge-add,node-del,..." -> a bit set; -1 on an unknown name. */
int gen_mutation_kinds_parse(const char *list, unsigned *out);

/* Skeletons: chain picks inputs uniformly among fitting tensors, favouring
** unread ones (the default); ws a Watts-Strogatz small world (the last 4
** nodes, a rewired link now and then); residual a chain with skip
** connections 2 to 5 nodes back. */
typedef enum gen_skeleton { GEN_CHAIN, GEN_WS, GEN_RESIDUAL } gen_skeleton;

#define GEN_OPTIONS_INIT {1, 20, 5, 5, 0.97, NULL, 0, GEN_CHAIN, 0, 0, 0}

/* "chain", "ws", "residual" -> gen_skeleton; -1 if none. */
int gen_skeleton_parse(const char *name);

typedef struct gen gen;

/* Creates a generator; fails on bad options or unknown op names. */
int gen_new(gen **out, const gen_options *o, gred_error *e);

/* Feeds every generated model into c (gred cov's metrics) too. */
void gen_set_coverage(gen *g, struct cov *c);

/* Generates the next model and appends its ModelProto bytes to out. The
** n-th model of a generator depends only on the options (and, when
** guided, with mutations or MCTS, on the models before it and on the
** gen_feedback calls made so far): same options, same feedback sequence,
** same bytes. */
int gen_model(gen *g, gred_buf *out, gred_error *e);

/* Tells the generator what the oldest model it generated and has not yet
** heard about found when run: new_buckets > 0 if it made at least one
** bucket no model had made before, else 0. With mcts, the blocks that made
** it earn a reward; with mutations, it joins the pool mutants come from.
** Models are heard about in the order they were generated; up to 16 may
** wait (older ones are then forgotten). Without mcts or mutations, and
** with nothing waiting, it does nothing. */
void gen_feedback(gen *g, int new_buckets);

/* Models so far that were mutants of earlier ones. */
uint64_t gen_mutants(const gen *g);

/* Nodes rejected because an output would exceed the size cap. */
uint64_t gen_rejected(const gen *g);

void gen_free(gen *g);

/* The MLIR generators (gen/mlir_gen.c): textual MLIR 19 programs that
** verify by construction, of the dialect named "tosa" (with func, scf,
** arith and tensor), "linalg" (linalg on tensors, also runnable) or
** "vector" (with arith, math, memref and tensor), in several functions
** with calls, scf regions and dynamic dims. Options as for gen_new (ops:
** names after the dialect's '.', max_rank up to 4); fails on an unknown
** dialect or op name. */
typedef struct mlir_gen mlir_gen;

int mlir_gen_new(mlir_gen **out, const char *dialect, const gen_options *o,
	gred_error *e);

/* Appends the next program (one module of several functions) to out; the
** n-th program depends only on the options and n. */
void mlir_gen_program(mlir_gen *g, gred_buf *out);

void mlir_gen_free(mlir_gen *g);

#endif

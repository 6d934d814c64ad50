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
} gen_options;

#define GEN_OPTIONS_INIT {1, 20, 5, 5, 0.97, NULL, 0}

typedef struct gen gen;

/* Creates a generator; fails on bad options or unknown op names. */
int gen_new(gen **out, const gen_options *o, gred_error *e);

/* Feeds every generated model into c (gred cov's metrics) too. */
void gen_set_coverage(gen *g, struct cov *c);

/* Generates the next model and appends its ModelProto bytes to out. The
** n-th model of a generator depends only on the options (and, when
** guided, on the models before it). */
int gen_model(gen *g, gred_buf *out, gred_error *e);

/* Nodes rejected because an output would exceed the size cap. */
uint64_t gen_rejected(const gen *g);

void gen_free(gen *g);

#endif

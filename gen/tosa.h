/*
** The TOSA generator: textual MLIR programs over the tosa, func, scf,
** arith and tensor dialects that verify in MLIR 19 by construction.
*/
#ifndef GRED_TOSA_H
#define GRED_TOSA_H

#include "gen.h"
#include "util.h"

typedef struct tosa_gen tosa_gen;

/* Creates a generator from the common options (seed, nodes, max_rank up
** to 4, max_dim, pick_rate, ops: tosa op names without the "tosa."
** prefix); fails on unknown op names. */
int tosa_gen_new(tosa_gen **out, const gen_options *o, gred_error *e);

/* Appends the next program (one module of several functions) to out. The
** n-th program depends only on the options and n. */
int tosa_gen_program(tosa_gen *g, gred_buf *out, gred_error *e);

void tosa_gen_free(tosa_gen *g);

#endif

/*
** What the MLIR program generators (tosa, linalg, vector) share: value
** types and the pool of values in scope, constants, functions and
** func.call, scf.if and scf.for, dynamic dims, and the program loop.
*/
#ifndef GRED_MLIR_EMIT_H
#define GRED_MLIR_EMIT_H

#include <stdint.h>

#include "gen.h"
#include "rng.h"
#include "util.h"

#define ME_MAX_RANK 4
#define ME_CAP 4096      /* largest element count of any value */
#define ME_MAX_ARGS 8    /* arguments of one function */
#define ME_MAX_RES 3     /* results of one function */
#define ME_MAX_FUNCS 4
#define ME_MAX_DEPTH 2   /* nesting of scf regions */
#define ME_MAX_OPS 128   /* rows of an op table */

enum { DT_F32, DT_I32, DT_I1 };
#define M_F32 1u
#define M_I32 2u
#define M_I1 4u
#define M_NUM (M_F32 | M_I32)

extern const char *const me_dt_name[];

/* What a value of rank >= 0 is. */
enum { MK_TENSOR, MK_VECTOR, MK_MEMREF };

/* A value's type: a ranked tensor (dyn: the dims printed as ?, their
** sizes are still known), a vector (scalable: the dims printed as [N]),
** a memref, or with rank -1 the scalar of dtype dt. */
typedef struct me_type {
	int dt, rank;
	int64_t dim[ME_MAX_RANK];
	unsigned dyn;
	int kind;
	unsigned scalable;
} me_type;

typedef struct me_val {
	int id; /* printed %vID */
	me_type t;
	int uses;
} me_val;

/* A function already written: what a call to it passes and gets. */
typedef struct me_func {
	int nargs, nres;
	me_type arg[ME_MAX_ARGS + 1], res[ME_MAX_RES];
} me_func;

typedef struct mlir_emitter mlir_emitter;

/* What a dialect's generator adds to the shared structure. */
typedef struct me_dialect {
	const char *name;         /* in "gen: unknown NAME op" */
	/* a new constant leaf of static type t; its pool index */
	int (*make_const)(mlir_emitter *g, const me_type *t);
	/* the dtype of a new leaf, one of the bits of dts */
	int (*pick_dtype)(mlir_emitter *g, unsigned dts);
	/* the value a region yields for t: v, or v through one more op */
	int (*refine)(mlir_emitter *g, const me_type *t, int v);
	/* writes one op of the given row of the op table against the scope;
	** -1 when it does not fit this time (up to 8 rows are tried) */
	int (*instantiate)(mlir_emitter *g, const void *row);
	int undo;                 /* forget what a failed try printed and made */
	int leaf_kind;            /* MK_TENSOR or MK_VECTOR */
	int dynamic;              /* tensor.cast to ? dims and tensor.dim */
} me_dialect;

struct mlir_emitter {
	const me_dialect *d;
	gen_options o;
	const void *ops[ME_MAX_OPS]; /* the enabled rows of the op table */
	int nops;
	uint64_t count;
	rng r;
	/* the function being written */
	gred_buf body;
	me_val *pool;           /* values in scope */
	int np, capp;
	int *idx;               /* index values in scope */
	int nidx, capidx;
	int next;               /* next value id */
	int nargs;
	me_type arg[ME_MAX_ARGS + 1];
	int argid[ME_MAX_ARGS + 1];
	int cond;               /* id of the i1 argument, or -1 */
	int depth, done;
	me_func funcs[ME_MAX_FUNCS];
	int nfuncs;
};

#define CHANCE(p) rng_chance(&g->r, (p))
#define RANGE(lo, hi) ((int)rng_range(&g->r, (lo), (hi)))
#define OUT (&g->body)

/* What a dialect's generator file gives (gen/tosa.c, linalg.c, vector.c):
** its hooks and its op table, whose rows each start with their name. */
typedef struct me_table {
	const me_dialect *dialect;
	const void *rows;
	size_t nrows, rowsize;
	int (*rank_lo)(const void *row); /* the lowest rank a row accepts */
} me_table;

extern const me_table me_tosa, me_linalg, me_vector;

/* Sets up g for dialect d: enables the rows of the op table (each row
** starts with its const char *name; list names them after the dialect's
** '.', or whole when they have none) whose rank_lo(row) fits max_rank.
** Fails on a listed name no row has, or when none fits. */
int me_init(mlir_emitter *g, const me_dialect *d, const gen_options *o,
	const void *rows, size_t nrows, size_t rowsize,
	int (*rank_lo)(const void *row), gred_error *e);
void me_fini(mlir_emitter *g);

/* Appends the next program (one module of several functions) to out; the
** n-th program depends only on the options and n. */
void me_program(mlir_emitter *g, gred_buf *out);

/* f32 or i32 as dts allows (M_NUM, M_F32 or M_I32), each as likely. */
int me_pick_num_dtype(mlir_emitter *g, unsigned dts);

/* Types */
int64_t me_numel(const me_type *t);
int me_same_type(const me_type *a, const me_type *b);
void me_put_type(gred_buf *b, const me_type *t);
void me_put_types(gred_buf *b, const me_type *t, int n);
/* ` : FROM WORD TO` and a newline, as casts and reshapes end. */
void me_put_conversion(gred_buf *b, const me_type *from, const char *word,
	const me_type *to);
me_type me_shaped(int dt, int rank, const int64_t *dim);
/* Fits the dims of t under the size cap by halving them in turn. */
void me_cap_dims(me_type *t);

/* Printing */
void me_indent_by(mlir_emitter *g, int extra);
void me_indent(mlir_emitter *g);
/* "[a, b, c]" */
void me_put_list(gred_buf *b, const int64_t *v, int n);
/* A random element of a constant of dtype dt, printed. */
void me_put_elem(mlir_emitter *g, int dt);
/* The nested [[...]] literal of a dense constant; vals gives the elements
** when not NULL, else they are random. */
void me_put_dense(mlir_emitter *g, const me_type *t, int level,
	const int64_t *vals, int64_t *k);
/* `dense<...>` contents: the literal (given vals, or half the time when
** small) or a splat element. */
void me_put_literal(mlir_emitter *g, const me_type *t, const int64_t *vals);
/* A random permutation of 0..n-1 into p. */
void me_shuffle(mlir_emitter *g, int64_t *p, int n);
/* `affine_map<(d0, ..) -> (e0, ..)>` over loops dims: e_i is dD for
** D = map[i] >= 0, and the constant 0 for map[i] < 0. */
void me_put_map(gred_buf *b, int loops, const int *map, int n);
/* Fills o's o->rank dims with factors of left elements, each at most
** max_dim but the last, which takes what is left. */
void me_factor_dims(mlir_emitter *g, me_type *o, int64_t left);
/* Picks the dims of t a reduction folds (at least one, the last if no
** other): their indices into red, the others' sizes into o; returns how
** many are folded. */
int me_pick_reduced(mlir_emitter *g, const me_type *t, me_type *o,
	int64_t *red);

/* Values */
/* Starts the line of a new value of type t that reads in[0..nin-1]: counts
** the uses, indents and writes `%vN = `; returns its pool index. */
int me_begin(mlir_emitter *g, const int *in, int nin, const me_type *t);
int me_add_named(mlir_emitter *g, const me_type *t, int id);
int me_add_val(mlir_emitter *g, const me_type *t);
int me_index_const(mlir_emitter *g, int64_t k);
/* A new function argument of type t, or -1 when there are enough. */
int me_make_arg(mlir_emitter *g, const me_type *t);
/* A new leaf of static type t: an argument or a constant. */
int me_make_leaf(mlir_emitter *g, const me_type *t);
/* An i1 value: a comparison of an index in scope, or the i1 argument. */
int me_cond_value(mlir_emitter *g);
/* An operand of one of the dtypes and ranks: mostly one in scope, else a
** new leaf. */
int me_acquire(mlir_emitter *g, unsigned dts, int rlo, int rhi, int dyn);
/* A value of exactly type t: one in scope, else a new leaf (static t),
** else -1. */
int me_exact(mlir_emitter *g, const me_type *t);

#endif

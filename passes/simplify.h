/*
** Simpler values for the fine-grained passes: smaller numbers, element
** access to constants, and candidate lists with one choice per target.
*/
#ifndef GRED_SIMPLIFY_H
#define GRED_SIMPLIFY_H

#include <mlir-c/IR.h>
#include <stddef.h>
#include <stdint.h>

#define SIMP_MAX_NUMBERS 8

/* The numbers a pass may try instead of x, most reduced first: 0, 1, then
** x truncated, halved (integers) or with fewer significant digits
** (floats). x itself is never among them. Returns how many. */
int simp_numbers(double *out, double x, int integer);

/* Whether el is an integer (including index and i1) or float type. */
int simp_is_number(MlirType el);
int simp_is_int(MlirType el);

/* Element pos of a dense or dense_resource elements attribute of numbers,
** as a double; 0 if it cannot be read, -1 otherwise. */
int simp_elem(double *out, MlirAttribute a, intptr_t pos);

/* A scalar attribute of type el holding v (integers truncated). */
MlirAttribute simp_scalar(MlirType el, double v);

/* One proposed change: target (op, key) gets choice `kind` with `val`.
** The choices for one target are adjacent, most reduced first; a chunk
** applies the first choice of each target it touches. */
typedef struct simp_cand {
	MlirOperation op;
	intptr_t key;
	int kind;
	double val;
} simp_cand;

typedef struct simp_list {
	simp_cand *v;
	size_t n, cap;
} simp_list;

void simp_push(simp_list *l, MlirOperation op, intptr_t key, int kind,
	double val);
void simp_free(simp_list *l);

/* The number of candidates collect lists for module: a pass's count. */
size_t simp_count(MlirOperation module,
	void (*collect)(simp_list *l, MlirOperation module));
/* Whether v[k] is the first candidate of its target within [begin, k]. */
int simp_first_in_chunk(const simp_list *l, size_t begin, size_t k);

#endif

/*
** Simpler values for the fine-grained passes: smaller numbers and
** element access to constants.
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

#endif

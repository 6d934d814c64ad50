/*
** Changing the dims of graph inputs and constants, shared by the shapes
** and sizes passes: which values are targets, and making the changes.
*/
#ifndef GRED_RESHAPE_H
#define GRED_RESHAPE_H

#include <mlir-c/IR.h>
#include <stddef.h>
#include <stdint.h>

#include "pass.h"

#define RESHAPE_MAX_RANK 16

/* What happens to one dim: dropped, set to 1, halved rounding up. */
enum { RESHAPE_DROP, RESHAPE_ONE, RESHAPE_HALF };

/* A ranked tensor of static shape and rank at most RESHAPE_MAX_RANK. */
int reshape_static_tensor(MlirType t);

/* A ranked tensor of rank at most RESHAPE_MAX_RANK whose dim d is
** static (a graph input's other dims may be dim_params). */
int reshape_static_dim(MlirType t, intptr_t d);

/* Whether op is a constant whose value may be cut: a dense tensor of
** numbers of static shape. */
int reshape_is_const(MlirOperation op);

/* Appends the values whose dims may change, as targets (op, index): the
** arguments of top-level functions, the results of constants and of
** other operand-free ops outside ONNX. */
void reshape_list_values(pass_targets *out, MlirOperation module);

/* The value of target (op, index), and its type (for a constant, the
** type of its value attribute). */
MlirValue reshape_value(MlirOperation op, intptr_t index);
MlirType reshape_type(MlirOperation op, intptr_t index);

/* The new type of one value: its dims changed by the choices. */
typedef struct reshape {
	MlirOperation op;
	intptr_t index;             /* argument or result */
	int64_t dim[RESHAPE_MAX_RANK];
	int drop[RESHAPE_MAX_RANK], chosen[RESHAPE_MAX_RANK];
} reshape;

typedef struct reshape_list {
	reshape *v;
	size_t n, cap;
} reshape_list;

/* Records change `what` for dim d of target (op, index), unless a change
** of that dim is recorded already. */
void reshape_choose(reshape_list *l, MlirOperation op, intptr_t index,
	intptr_t d, int what);

/* Makes the changes in l (then freed) and re-derives the types
** downstream; 1 if the candidate is made, 0 if nothing changed or it is
** invalid. */
int reshape_apply(MlirOperation module, reshape_list *l);

#endif

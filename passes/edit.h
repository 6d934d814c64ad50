/*
** IR surgery the passes share: op lists, deleting ops with their uses
** rewired, finding stand-in values, editing function signatures.
*/
#ifndef GRED_EDIT_H
#define GRED_EDIT_H

#include <mlir-c/IR.h>
#include <stddef.h>

typedef struct edit_ops {
	MlirOperation *v;
	size_t n, cap;
} edit_ops;

void edit_ops_push(edit_ops *l, MlirOperation op);
void edit_ops_free(edit_ops *l);

/* A hash set of ops, for membership tests in constant time. */
typedef struct edit_set {
	uintptr_t *slot;    /* open addressing; 0 is an empty slot */
	size_t n, cap;      /* cap a power of two, n <= cap / 2 */
} edit_set;

void edit_set_init(edit_set *s, MlirOperation *ops, size_t n);
/* Adds op; returns 1 if it was not in s yet. */
int edit_set_add(edit_set *s, MlirOperation op);
int edit_set_has(const edit_set *s, MlirOperation op);
void edit_set_free(edit_set *s);

/* Pre-order list of the ops under root (root excluded) that keep accepts;
** an op rejected with skip set is not descended into. */
typedef int (*edit_keep_fn)(MlirOperation op, int *skip, void *user);
void edit_collect(edit_ops *out, MlirOperation root, edit_keep_fn keep,
	void *user);

/* A keep function that lists every op. */
int edit_keep_all(MlirOperation op, int *skip, void *user);
/* A keep function that lists the func.func ops, not what they hold. */
int edit_keep_func(MlirOperation op, int *skip, void *user);

int edit_name_is(MlirOperation op, const char *name);
/* op's attribute called name if it is an array, else a null attribute. */
MlirAttribute edit_array_attr(MlirOperation op, const char *name);
/* The string attribute at key of dict, a null attribute if dict is no
** dictionary or has no string there. */
MlirAttribute edit_dict_string(MlirAttribute dict, const char *key);
int edit_name_prefix(MlirOperation op, const char *prefix);
/* The block's terminator: a registered one, or an unknown op with no
** results that ends the block. Null if none. */
MlirOperation edit_block_terminator(MlirBlock b);
int edit_is_terminator(MlirOperation op);
/* builtin.module, or a symbol (function-like ops are isolated from above:
** values from outside cannot be used inside). */
int edit_is_boundary(MlirOperation op);
/* Directly in a builtin.module body. */
int edit_is_top_level(MlirOperation op);

/* Writes the k-th short name (a, b, ..., z, aa, ab, ...) into out, which
** holds at least 16 bytes. */
void edit_short_name(char *out, size_t k);
/* The func.return of an ONNX graph: its operands may take any tensor
** type, and the graph's result types follow them. */
int edit_is_graph_return(MlirOperation op);
/* Has results, none used. */
int edit_is_dead(MlirOperation op);

/* A value of type t usable in place of a value at op `at`, not defined by
** an op in dead: a same-typed operand of at, else the nearest dominating
** value, else a new zero constant, else a new argument of the enclosing
** func.func, else ub.poison. Null only if nothing can be made. */
MlirValue edit_stand_in(MlirOperation at, MlirType t, const edit_set *dead);

/* A new zero constant of type t before op at (onnx.Constant among ONNX
** ops, else arith.constant), or null if t has no zero. */
MlirValue edit_zero(MlirOperation at, MlirType t);

/* Deletes ops (pre-order, as edit_collect returns them): uses of their
** results are rewired to stand-ins, through the deleted ops to the value
** feeding them where a same-typed operand leads there (so a deleted run
** of a chain leaves its two ends joined); ops inside another deleted op
** go with it. An ONNX graph's result whose type nothing else has becomes the
** deleted op's first input instead, typed by the op table, as a node
** reducer would alias it; the graph's result types follow. */
void edit_delete(MlirOperation *ops, size_t n);

/* A new trailing argument of type t of func.func f, for an ONNX graph
** an input named name (NULL: a fresh gred_in_N). Null if f has no
** entry block or no function type. */
MlirValue edit_func_add_arg(MlirOperation f, MlirType t, MlirLocation loc,
	const char *name);

/* Removes arguments of func.func f whose keep[i] is 0 (they must have no
** uses): block arguments, function_type, arg_attrs, onnx.input_names. */
void edit_func_drop_args(MlirOperation f, const int *keep);

/* Removes results of func.func f whose keep[i] is 0: return operands,
** function_type, res_attrs and onnx.output_names. */
void edit_func_drop_results(MlirOperation f, const int *keep);

#endif

/*
** Type re-derivation after a pass changed some values' types: ONNX ops
** through the op table (else unknown dims), other ops by type substitution.
*/
#ifndef GRED_INFER_H
#define GRED_INFER_H

#include <mlir-c/IR.h>
#include <stddef.h>

#include "edit.h"

/* Values whose type a pass changed, with their types before. */
typedef struct infer_changes {
	MlirValue *v;
	MlirType *old;
	size_t n, cap;
} infer_changes;

void infer_note(infer_changes *c, MlirValue v, MlirType old);
void infer_changes_free(infer_changes *c);

/* Walks the module in order and re-types the results of every op that
** uses a changed value (and so on downstream); function results follow
** their func.return. An ONNX op the table knows gets its shapes from its
** rule, and a rule that rejects its inputs makes this return -1 (the
** candidate is invalid); other ONNX ops get unknown dims (`?`, or no
** rank when an input's rank changed). Other dialects' results that had
** the old type of a changed operand get its new one; their verifiers
** judge the rest. changed_ops holds ops whose results must be re-derived
** even if no operand changed (their attributes did); it may be null. */
int infer_forward(MlirOperation module, infer_changes *c,
	const edit_set *changed_ops);

/* infer_forward for ops whose results must be re-derived (their
** attributes or operands changed, not their operands' types); 0 if ops
** is empty. */
int infer_forward_ops(MlirOperation module, const edit_ops *ops);

/* The static type the op table derives for ONNX value v (whose own type
** may be !onnx.unknown); null if it cannot say. */
MlirType infer_known_type(MlirOperation module, MlirValue v);

/* The default-domain opset of the ONNX model op is in; 0 if none. */
int infer_onnx_opset(MlirOperation op);

/* Makes the result types of ret's func.func those of ret's operands. */
void infer_sync_results(MlirOperation ret);

/* Sets the type of a func.func entry argument, function_type included. */
void infer_set_arg_type(MlirOperation func, intptr_t i, MlirType t);

#endif

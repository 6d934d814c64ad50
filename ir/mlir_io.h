/*
** MLIR loading and printing: a context with every dialect (unknown ones
** allowed), parsing with the first error kept as file:line:col, and
** printing of verified IR only.
*/
#ifndef GRED_MLIR_IO_H
#define GRED_MLIR_IO_H

#include <mlir-c/IR.h>

#include "util.h"

/* A context that knows every upstream dialect and accepts unknown ones. */
MlirContext ir_context_new(void);

/* Parses text (named name in messages) into a top-level operation. The
** error, if any, reads "name:line:col: message". */
int ir_parse(MlirOperation *out, MlirContext ctx, const char *text,
	size_t len, const char *name, gred_error *e);

/* Verifies op; on failure the first diagnostic is in e. */
int ir_verify(MlirOperation op, gred_error *e);

enum {
	IR_PRINT_GENERIC = 1,  /* generic op form */
	IR_PRINT_LOCATIONS = 2 /* keep debug locations */
};

/* Verifies op, then appends its textual form to out. Never prints
** unverified IR (a release MLIR may crash doing so). */
int ir_print(gred_buf *out, MlirOperation op, int flags, gred_error *e);

/* Converts an MlirStringRef to a NUL-terminated malloc'd string. */
char *ir_strdup(MlirStringRef s);

#endif

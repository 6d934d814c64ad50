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

/* How deep brackets may nest in text gred parses (see mlir_io.c). */
#define IR_MAX_NEST 256

/* The deepest nesting of brackets in text (see mlir_io.c), or -1 if it
** goes past limit (at most IR_MAX_NEST), with *at the offset of the
** first bracket too deep. */
long ir_nest_depth(const char *text, size_t len, size_t limit, size_t *at);

/* Parses text (named name in messages) into a top-level operation. The
** error, if any, reads "name:line:col: message"; text nested deeper
** than IR_MAX_NEST is refused before the parser sees it. */
int ir_parse(MlirOperation *out, MlirContext ctx, const char *text,
	size_t len, const char *name, gred_error *e);

enum {
	IR_PARSE_VERIFIED = 1  /* text that parsed and verified before, in
				** this context's dialects: not verified again */
};

/* ir_parse with IR_PARSE_ flags. */
int ir_parse_flags(MlirOperation *out, MlirContext ctx, const char *text,
	size_t len, const char *name, int flags, gred_error *e);

/* The same for a whole file's bytes; a mapped file's tensor section is
** decoded without keeping its text (see mlir_resources.c). */
int ir_parse_view(MlirOperation *out, MlirContext ctx, const file_view *v,
	const char *name, gred_error *e);
int ir_parse_view_flags(MlirOperation *out, MlirContext ctx,
	const file_view *v, const char *name, int flags, gred_error *e);

/* Verifies op; on failure the first diagnostic is in e. */
int ir_verify(MlirOperation op, gred_error *e);

enum {
	IR_PRINT_GENERIC = 1,  /* generic op form */
	IR_PRINT_LOCATIONS = 2, /* keep debug locations */
	IR_PRINT_VERIFIED = 4,  /* op verified as it is: not again */
	IR_PRINT_LOCAL = 8      /* op alone: names numbered within it, no
				** walk of the module around it */
};

/* Verifies op, then appends its textual form to out. Never prints
** unverified IR (a release MLIR may crash doing so): IR_PRINT_VERIFIED
** is for an op the parser or the verifier passed, unchanged since. */
int ir_print(gred_buf *out, MlirOperation op, int flags, gred_error *e);
/* The same, handing the text to write(user, ...) piece by piece. */
int ir_print_to(MlirOperation op, int flags, gred_write_fn *write, void *user,
	gred_error *e);

/* The bytes of a dense_resource attribute's blob (*len of them), or NULL
** if a is not one or its blob is missing. The C API of MLIR 19 reads such
** attributes only element by element. */
const void *ir_resource_bytes(MlirAttribute a, size_t *len);

/* Whether ctx has a builtin blob named key (n bytes). */
int ir_resource_known(MlirContext ctx, const char *key, size_t n);

/* Gives ctx's builtin blob key the len bytes at data (aligned to align);
** release(data) frees them when the blob goes. */
void ir_resource_set(MlirContext ctx, const char *key, size_t n,
	void *data, size_t len, size_t align, void (*release)(void *));

/* For splicing the print of one top-level op into its module's print
** (mlir_splice.cpp). Whether op is isolated from above: */
int ir_is_isolated(MlirOperation op);
/* Whether a and b have the same attributes (inherent ones too): */
int ir_same_attributes(MlirOperation a, MlirOperation b);
/* The symbol uses inside op (calls, references) checked against the
** symbol tables above it as verifying the module checks them, without
** diagnostics: 0 if they hold, else -1. */
int ir_verify_symbol_uses(MlirOperation op);
/* Whether the module's print would name an alias (#map, ...) for a type
** or attribute inside op: a name given module-wide, so op's print alone
** differs from its text in the module's. */
int ir_uses_alias(MlirOperation op);

/* The module parsed from text (implicit module added) without the
** verifier's run after parsing, or null; as mlirModuleCreateParse
** otherwise (mlir_splice.cpp). */
MlirModule ir_module_parse_unverified(MlirContext ctx, MlirStringRef text);

/* mlirOperationPrintWithFlags, the text handed to write in big pieces. */
void ir_print_buffered(MlirOperation op, MlirOpPrintingFlags flags,
	gred_write_fn *write, void *user);

/* Converts an MlirStringRef to a NUL-terminated malloc'd string. */
char *ir_strdup(MlirStringRef s);

#endif

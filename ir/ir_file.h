/*
** Files gred reads and writes: .mlir text or .onnx protobuf, loaded into
** one MLIR module and serialised back in the same format.
*/
#ifndef GRED_IR_FILE_H
#define GRED_IR_FILE_H

#include <mlir-c/IR.h>

#include "util.h"

typedef enum ir_format {
	IR_FORMAT_UNKNOWN,
	IR_FORMAT_MLIR,
	IR_FORMAT_ONNX
} ir_format;

/* A loaded file. The module owns all it needs (tensor data included):
** the file's bytes are let go once it is loaded, side files of ONNX
** external data stay mapped (read-only) while the context lives. len is
** the file's size. links are what a copy of the model elsewhere needs next
** to it: the entries of the input's directory its side files are in
** (absolute paths), each once. */
typedef struct ir_file {
	ir_format format;
	size_t len;
	MlirOperation op;
	char *path;
	char **links;
	size_t nlinks;
} ir_file;

/* The format a path names by its extension. */
ir_format ir_format_of(const char *path);

/* Reads and parses path. Messages read "PATH: problem" (MLIR syntax errors
** as "PATH:line:col: problem"). */
int ir_file_load(ir_file *out, MlirContext ctx, const char *path,
	gred_error *e);

/* The same for a file's bytes already in memory (path names the format
** and the messages). */
int ir_file_load_view(ir_file *out, MlirContext ctx, const file_view *v,
	const char *path, gred_error *e);

/* Parses MLIR text gred has not seen before: it is parsed (and with
** verify, verified) first in a forked copy of gred, since MLIR 19's parser
** and verifiers can crash or corrupt the heap on bad text; only then here.
** Text nested past what the parser survives is refused without a copy. */
int ir_parse_isolated(MlirOperation *out, MlirContext ctx, const file_view *v,
	const char *path, int verify, gred_error *e);

/* Serialises op in format fmt, appended to out. */
int ir_serialize(gred_buf *out, MlirOperation op, ir_format fmt,
	gred_error *e);

/* The same, handing the bytes to write(user, ...) as they are made;
** nothing is written if it fails. */
int ir_serialize_to(MlirOperation op, ir_format fmt, gred_write_fn *write,
	void *user, gred_error *e);

/* Writes bytes of a candidate of f (serialised by ir_serialize) to path
** for the user, atomically. An ONNX model that refers to f's side files is
** made to need none of them: its tensors go inline, or when big into
** PATH.data (onnx_export_file), and a PATH.data left by an earlier save
** goes when the model no longer needs it; the model is loaded in ctx to
** do so. Everything else is written as it is. */
int ir_file_save(const ir_file *f, MlirContext ctx, const char *path,
	const void *data, size_t len, gred_error *e);

/* Writes op to path in format fmt, atomically, as a file that needs none
** of an input's side files (see onnx_export_file). Returns 0 or -1. */
int ir_file_write(MlirOperation op, ir_format fmt, const char *path,
	gred_error *e);

void ir_file_free(ir_file *f);

#endif

/*
** The ONNX bridge: protobuf bytes <-> an MLIR module in the `onnx`
** dialect (generic form), lossless in both directions.
*/
#ifndef GRED_ONNX_H
#define GRED_ONNX_H

#include <mlir-c/IR.h>

#include "util.h"

/* Imports an ONNX ModelProto. Large tensors may point into data without a
** copy, so data must outlive the module. name is used in messages. */
int onnx_import(MlirOperation *out, MlirContext ctx, const void *data,
	size_t len, const char *name, gred_error *e);

/* Exports a module produced by onnx_import (possibly reduced since) back
** to ModelProto bytes, appended to out. */
int onnx_export(gred_buf *out, MlirOperation module, gred_error *e);

#endif

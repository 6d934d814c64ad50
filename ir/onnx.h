/*
** The ONNX bridge: protobuf bytes <-> an MLIR module in the `onnx`
** dialect (generic form), lossless in both directions.
*/
#ifndef GRED_ONNX_H
#define GRED_ONNX_H

#include <mlir-c/IR.h>

#include "util.h"

/*
** The dialect, as onnx_import writes it and onnx_export reads it.
**
** Model. A builtin.module whose attributes are the ModelProto fields
** except the graph, each as `onnx.<field>` (onnx.ir_version,
** onnx.opset_import = [{domain = "", version = 13}], onnx.producer_name,
** onnx.metadata_props, onnx.functions, onnx.training_info...). An attribute
** exists exactly when the field is present (proto2 presence counts).
**
** Generic field form. A message is a dictionary of its present fields by
** proto name; integers and enums are i64, float f32, double f64, bool
** bool, string and bytes strings, messages dictionaries; repeated numbers
** dense arrays (array<i64: ...>), other repeated fields arrays. Whatever
** has no closer MLIR form (functions, training_info, sparse tensors,
** unusual tensors and attributes) is kept this way, so nothing is lost.
**
** Main graph. `func.func @main_graph`: graph inputs are the arguments,
** graph outputs the operands of func.return. Its attributes:
**   onnx.input_names, onnx.output_names  names, one per argument / result
**   onnx.input_info, onnx.output_info    ValueInfoProto dictionaries
**       (without name) for what the MLIR type cannot say (dim_param,
**       denotation, doc_string, non-tensor types); `{}` where the type says
**       it all; the attribute is absent when every entry would be `{}`
**   onnx.name, onnx.doc_string, onnx.value_info,
**   onnx.quantization_annotation         the other GraphProto fields
** If the name arrays no longer have one entry per argument / result (a
** reducer added or removed some), the export ignores them and names the
** values afresh; an info entry is used only while it describes the
** value's current type.
**
** Subgraphs (If/Loop/Scan bodies: GRAPH and GRAPHS attributes) are regions
** of their node, one block each, ending in "onnx.Yield"(outputs), which
** carries that graph's attributes as above. The node lists its regions'
** attribute names in onnx.regions (a GRAPHS attribute as "name[]", once
** per graph). Subgraphs use outer values directly.
**
** Nodes. "onnx.<op_type>"(inputs) with:
**   onnx.outputs      the output names, one per result ("" for an omitted
**                     optional output, typed `none`)
**   onnx.name, onnx.domain, onnx.doc_string   NodeProto fields (custom
**                     domains stay in onnx.domain; the op name is
**                     always onnx.<op_type>)
**   onnx.attr_order   attribute names in proto order, only when that
**                     order is not the sorted one
**   <attr>            each ONNX attribute under its own name: INT i64,
**                     FLOAT f32, STRING string, INTS/FLOATS/STRINGS arrays,
**                     TENSOR an elements attribute; anything else (or an
**                     attribute with a doc_string, an empty list...) is the
**                     generic dictionary of its AttributeProto
**   onnx.t.<attr>     for a TENSOR attribute: {name, doc_string, field}
**                     when present (field: the TensorProto field the data
**                     came in when not raw_data, e.g. "float_data", or
**                     "none" for an empty tensor without data)
** An omitted optional input ("") is the result of "onnx.NoValue"() of type
** `none`. Result types come from value_info and the graph outputs; a
** value without either has type `!onnx.unknown`.
**
** Initializers. "onnx.Constant"() {value = <elements>, onnx.initializer,
** onnx.outputs = ["w"]} at the top of the graph, in order; onnx.t.value
** as above. Raw data above 1 KB is a dense_resource blob taken from the
** parsed message without a copy; smaller data is `dense`. External data
** (data_location EXTERNAL) above 1 KB is a dense_resource blob pointing
** into the side file's read-only mapping, and onnx.t.value says where
** under "external": {location, offset, length, path (the file's real
** path)[, checksum]}; the export writes such a tensor back as external
** data only while its blob is still that mapping's bytes. Tensors that
** elements attributes cannot hold exactly (segments, complex numbers,
** non-canonical encodings) have a dictionary as value.
** Sparse initializers are "onnx.Constant" with onnx.sparse_initializer
** and a SparseTensorProto dictionary. A Constant without onnx.initializer
** is a Constant node; `{value = dense<...>}` alone is enough.
**
** Types. FLOAT f32, DOUBLE f64, FLOAT16 f16, BFLOAT16 bf16, INTn iN,
** UINTn uiN, BOOL i1, STRING !onnx.string, COMPLEX complex<fN>; unknown
** dims `?`; sequences, maps, optionals and sparse tensors are opaque
** (!onnx.seq, !onnx.map, !onnx.opt, !onnx.sparse_tensor).
**
** Export naming. Values keep their stored names while they are unique;
** new or clashing values get fresh names gred_N. An initializer may share
** its name with a graph input (IR < 4 models list initializers as inputs).
*/

/* Imports an ONNX ModelProto. The module does not point into data, which
** may be freed after the call. name is used in messages. */
int onnx_import(MlirOperation *out, MlirContext ctx, const void *data,
	size_t len, const char *name, gred_error *e);

/* The side files of a model's external data, as its tensors name them
** (relative to the model's directory), each once. */
typedef struct onnx_side_files {
	char **v;
	size_t n;
} onnx_side_files;

/* onnx_import that also lists the side files the model uses in *sides
** (if not NULL; the caller frees it). Tensors in side files are read from
** their files' mappings, kept for the context's life; the files are never
** written. name's directory is where their locations start. */
int onnx_import_sides(MlirOperation *out, onnx_side_files *sides,
	MlirContext ctx, const void *data, size_t len, const char *name,
	gred_error *e);
void onnx_side_files_free(onnx_side_files *s);

/* Exports a module produced by onnx_import (possibly reduced since) back
** to ModelProto bytes, appended to out. Tensors still in the input's
** side files stay there (same location, offset and length): like the
** input, the bytes need its side files next to them. This is what a test
** sees of a candidate: no copy of a big model per candidate. */
int onnx_export(gred_buf *out, MlirOperation module, gred_error *e);
/* The same, handing the bytes to write(user, ...) as they are packed;
** nothing is written if it fails. Big tensors go out straight from the
** module's memory, without a copy. */
int onnx_export_to(MlirOperation module, gred_write_fn *write, void *user,
	gred_error *e);

/* The same with every tensor inline (a model of 2 GB or more is not valid
** protobuf: ONNX readers refuse it). */
int onnx_export_inline_to(MlirOperation module, gred_write_fn *write,
	void *user, gred_error *e);

/* A saved model holds tensors still in the input's side files inline while
** they total less than this, and in a side file of its own past it. */
#define ONNX_INLINE_MAX ((uint64_t)1 << 30)

/* Writes module to path, atomically, as a model that needs none of the
** input's side files: tensors still in them inline while they total under
** inline_max bytes, else copied into path's own side file, PATH.data
** (itself written atomically, before the model). Returns 1 if it wrote
** PATH.data, 0 if not. */
int onnx_export_file(MlirOperation module, const char *path,
	uint64_t inline_max, gred_error *e);

#endif

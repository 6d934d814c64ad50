/*
** Internals shared by the onnx_*.c files: protobuf reflection to MLIR
** attributes, ONNX types and tensors, and the small tables both sides use.
*/
#ifndef GRED_ONNX_INTERNAL_H
#define GRED_ONNX_INTERNAL_H

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include "onnx.h"
#include "onnx.pb-c.h"
#include "util.h"

/* ---- onnx_attrs.c: attribute lists and string helpers ---- */

/* A growable list of named attributes, the input of an op's creation. */
typedef struct onnx_alist {
	MlirNamedAttribute *v;
	size_t n, cap;
} onnx_alist;

void onnx_alist_add(onnx_alist *l, MlirContext ctx, const char *name,
	MlirAttribute a);
void onnx_alist_free(onnx_alist *l);

MlirStringRef onnx_sref(const char *s);
MlirAttribute onnx_str_attr(MlirContext ctx, const char *s, size_t n);
MlirAttribute onnx_i64_attr(MlirContext ctx, int64_t v);
/* The attribute name of op, or a null attribute. */
MlirAttribute onnx_op_attr(MlirOperation op, const char *name);
/* Whether a is a string attribute; if so its bytes in *s. */
int onnx_attr_str(MlirAttribute a, MlirStringRef *s);
/* The bytes of a string attribute, never with a NULL pointer. */
MlirStringRef onnx_str_value(MlirAttribute a);
/* "onnx.<what>" as an op name; malloc'd. */
char *onnx_op_name(MlirOperation op);

/* ---- onnx_reflect.c: any protobuf message <-> a dictionary ---- */

/* Whether field f is present in m (repeated: non-empty). */
int onnx_reflect_has(const ProtobufCMessage *m, const ProtobufCFieldDescriptor *f);
/* The value of a present field as an attribute: integers i64, float f32,
** double f64, bool, string/bytes strings, messages dictionaries; repeated
** numbers as dense arrays, other repeated fields as arrays. */
MlirAttribute onnx_reflect_get(MlirContext ctx, const ProtobufCMessage *m,
	const ProtobufCFieldDescriptor *f);
/* All present fields of m except those named in skip (NULL-terminated). */
MlirAttribute onnx_reflect_to_dict(MlirContext ctx, const ProtobufCMessage *m,
	const char *const *skip);
/* Adds each present field of m not in skip to l as "onnx.<field>". */
void onnx_reflect_spread(onnx_alist *l, MlirContext ctx, const ProtobufCMessage *m,
	const char *const *skip);

/* A fresh message of type d (all fields absent). */
ProtobufCMessage *onnx_reflect_new(const ProtobufCMessageDescriptor *d);
/* Sets field f of m from an attribute shaped as onnx_reflect_get makes them. */
int onnx_reflect_set(ProtobufCMessage *m, const ProtobufCFieldDescriptor *f,
	MlirAttribute a, gred_error *e);
/* Sets the fields named by dict's keys. */
int onnx_reflect_from_dict(ProtobufCMessage *m, MlirAttribute dict, gred_error *e);
/* Sets each field of m not in skip from op's attribute "onnx.<field>". */
int onnx_reflect_gather(ProtobufCMessage *m, MlirOperation op,
	const char *const *skip, gred_error *e);
/* Whether a and b pack to the same bytes. */
int onnx_reflect_equal(const ProtobufCMessage *a, const ProtobufCMessage *b);

/* ---- onnx_types.c: element types, value types ---- */

/* The MLIR element type of an ONNX dtype; null if it has none. */
MlirType onnx_elem_type(MlirContext ctx, int dtype);
/* The ONNX dtype of an MLIR element type; 0 if none. */
int onnx_dtype_of(MlirType t);
/* Bytes per element in raw_data; 0 for strings and unknown dtypes. */
size_t onnx_dtype_size(int dtype);
/* `!onnx.<what>`. */
MlirType onnx_opaque_type(MlirContext ctx, const char *what);
/* The MLIR type of an ONNX type (tp may be NULL: `!onnx.unknown`). */
MlirType onnx_type_import(MlirContext ctx, const Onnx__TypeProto *tp);
/* The ONNX type of an MLIR type; NULL when it has none. */
Onnx__TypeProto *onnx_type_export(MlirType t);

typedef struct onnx_map onnx_map;

/* ---- onnx_external.c: tensor data in side files ---- */

/* Where a tensor's bytes are in a side file. */
typedef struct onnx_external_ref {
	char *location;  /* as the model names it, relative to its directory */
	char *path;      /* the file's real path, which keys its mapping */
	uint64_t offset, length;
	char *checksum;  /* NULL when the model gives none */
} onnx_external_ref;

/* The directory of a model's path ("." for a bare name); malloc'd. */
char *onnx_external_dir(const char *model_path);
/* Checks t's external_data entries (a location inside dir, offset and
** length within the file, length = need) and maps the file in ctx, once
** per context; *out points at the tensor's bytes in the mapping. */
int onnx_external_open(const uint8_t **out, onnx_external_ref *ref,
	MlirContext ctx, const char *dir, const Onnx__TensorProto *t,
	size_t need, gred_error *e);
void onnx_external_ref_free(onnx_external_ref *r);
/* r as {location, offset, length, path[, checksum]}. */
MlirAttribute onnx_external_ref_attr(MlirContext ctx,
	const onnx_external_ref *r);
/* Whether value is still the blob the import made for ext (a dictionary
** as above) in ctx's mapping of its file; if so r says where, and *data
** points at the bytes. */
int onnx_external_still(onnx_external_ref *r, const void **data,
	MlirContext ctx, MlirAttribute value, MlirAttribute ext);

/* onnx_external_map.cpp: the mapping of a side file in a context. */
const void *onnx_external_map_get(MlirContext ctx, const char *key,
	size_t *size);
/* Hands base (size bytes, mmap'd) to ctx, which unmaps it at the end. */
void onnx_external_map_put(MlirContext ctx, const char *key, void *base,
	size_t size);

/* ---- onnx_names.c: string -> pointer and pointer -> string maps ---- */

typedef struct onnx_map_ent {
	const void *key; /* a NUL-terminated string or a pointer */
	void *val;
} onnx_map_ent;

struct onnx_map {
	onnx_map_ent *v;
	size_t n, cap;
	int by_ptr;
};

void *onnx_map_get(const onnx_map *m, const void *key);
/* Inserts or replaces; a string key is not copied. */
void onnx_map_put(onnx_map *m, const void *key, void *val);
void onnx_map_free(onnx_map *m);

/* ---- onnx_tensor.c: TensorProto <-> ElementsAttr ---- */

/* A tensor as an attribute. If t fits an elements attribute, *value is
** one (dense, or dense_resource for big raw data, whose bytes are taken
** out of t) and *extra is a dictionary of what the attribute cannot say
** (name, doc_string, field) or null; else *value is the dictionary of all
** of t. The name goes to *extra only if keep_name. *type is the type of
** the tensor. External data (data_location EXTERNAL) is read from its
** side file in dir, the model's directory: a big tensor's attribute
** points into the file's mapping, and *extra says where under
** "external" (see onnx_external_ref_attr). Fails only on external data
** that is missing or does not fit its file. */
int onnx_tensor_import(MlirAttribute *value, MlirAttribute *extra,
	MlirType *type, MlirContext ctx, Onnx__TensorProto *t, int keep_name,
	const char *dir, gred_error *e);
/* Raw data not yet read out of its attribute: onnx_tensor_export leaves
** one of these as raw_data.data (with the right raw_data.len) when given
** a map to record it in, and the packing fills the bytes in place. */
typedef struct onnx_deferred {
	MlirAttribute value;
	int dtype;
} onnx_deferred;

/* A tensor whose data is still the bytes of its side file: where they
** are, and the TensorProto that holds them as deferred raw data. */
typedef struct onnx_external_use {
	Onnx__TensorProto *t;
	onnx_deferred *d;
	onnx_external_ref ref;
	const void *data;
} onnx_external_use;

/* Where onnx_tensor_export puts what it does not copy. */
typedef struct onnx_tensor_sink {
	onnx_map deferred;        /* raw_data.data -> onnx_deferred */
	onnx_external_use *ext;   /* tensors still in side files */
	size_t n_ext, cap_ext;
	uint64_t ext_bytes;       /* their total size */
	MlirContext ctx;
} onnx_tensor_sink;

/* The inverse: value is an elements attribute (with extra, possibly
** null) or a dictionary of a TensorProto. With sink non-NULL, big raw
** data is not copied but recorded there (raw_data.data -> onnx_deferred),
** and tensors still in their side file are listed in sink->ext. */
int onnx_tensor_export(Onnx__TensorProto **out, MlirAttribute value,
	MlirAttribute extra, onnx_tensor_sink *sink, gred_error *e);
/* Writes the raw data d stands for, n bytes, to dst. */
void onnx_deferred_fill(void *dst, const onnx_deferred *d, size_t n);
/* Those n bytes in place in the attribute, or NULL if they are not laid
** out there as ONNX wants them (splats, bools). */
const void *onnx_deferred_data(const onnx_deferred *d, size_t n);

/* Attribute names of the dialect; see onnx.h. */
#define ONNX_A_NAME "onnx.name"
#define ONNX_A_OUTPUTS "onnx.outputs"
#define ONNX_A_INIT "onnx.initializer"
#define ONNX_A_SPARSE_INIT "onnx.sparse_initializer"
#define ONNX_A_REGIONS "onnx.regions"
#define ONNX_A_ATTR_ORDER "onnx.attr_order"
#define ONNX_A_NODE_INDEX "onnx.node_index"
#define ONNX_A_TENSOR_PREFIX "onnx.t."
#define ONNX_A_INPUT_NAMES "onnx.input_names"
#define ONNX_A_OUTPUT_NAMES "onnx.output_names"
#define ONNX_A_INPUT_INFO "onnx.input_info"
#define ONNX_A_OUTPUT_INFO "onnx.output_info"
#define ONNX_OP_NOVALUE "onnx.NoValue"
#define ONNX_OP_YIELD "onnx.Yield"
#define ONNX_OP_CONSTANT "onnx.Constant"

#endif

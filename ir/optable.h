/*
** The ONNX op table: each op's type, rank and attribute constraints and
** its shape rule, over a small plain-C model of tensors and attributes.
*/
#ifndef GRED_OPTABLE_H
#define GRED_OPTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* The opset the table describes (accepted by onnx 1.12 and ORT 1.20). */
#define OPT_OPSET 13
#define OPT_IR_VERSION 7

#define OPT_MAX_RANK 8
#define OPT_MAX_IO 8    /* inputs or outputs of one node */
#define OPT_MAX_VALS 16 /* known values of a constant input, ints of an attr */
#define OPT_MAX_ATTRS 10

/* ONNX TensorProto.DataType numbers. */
enum {
	OPT_FLOAT = 1,
	OPT_UINT8 = 2,
	OPT_INT8 = 3,
	OPT_INT32 = 6,
	OPT_INT64 = 7,
	OPT_BOOL = 9,
	OPT_DOUBLE = 11
};

/* Sets of dtypes, as bit masks. */
#define OPT_T(dt) (1u << (dt))
#define OPT_TF OPT_T(OPT_FLOAT)
#define OPT_TFD (OPT_TF | OPT_T(OPT_DOUBLE))
#define OPT_TNUM (OPT_TFD | OPT_T(OPT_INT32) | OPT_T(OPT_INT64))
#define OPT_TB OPT_T(OPT_BOOL)
#define OPT_TI64 OPT_T(OPT_INT64)
#define OPT_TALL (OPT_TNUM | OPT_TB | OPT_T(OPT_INT8) | OPT_T(OPT_UINT8))

/* A tensor as the shape rules see it. dtype 0 marks an omitted optional
** input. A constant input (shape, axes, pads, scales...) carries its
** values in val[0..nval-1]; nval < 0 means the values are not known. */
typedef struct opt_tensor {
	int dtype;
	int rank;
	int64_t dim[OPT_MAX_RANK];
	int nval;
	double val[OPT_MAX_VALS];
} opt_tensor;

typedef enum opt_attr_kind {
	OPT_ATTR_INT,
	OPT_ATTR_FLOAT,
	OPT_ATTR_INTS,
	OPT_ATTR_STRING
} opt_attr_kind;

typedef struct opt_attr {
	const char *name; /* static storage */
	opt_attr_kind kind;
	int n;            /* INTS: count; INT: 1 */
	int64_t i[OPT_MAX_VALS];
	float f;
	const char *s;    /* static storage */
} opt_attr;

typedef struct opt_attrs {
	int n;
	opt_attr a[OPT_MAX_ATTRS];
} opt_attrs;

/* The domain of one attribute: ints and floats in [lo, hi], strings one
** of the '|'-separated choices. Shape-tied attributes (axis, perm,
** kernel_shape...) have their range narrowed by the input's shape. */
typedef struct opt_attr_dom {
	const char *name;
	opt_attr_kind kind;
	double lo, hi;
	const char *choices;
} opt_attr_dom;

/* Families share a shape rule and an instantiation order. */
#define OPT_FAMILIES(X) \
	X(UNARY) X(BINARY) X(PRELU) X(VARIADIC) X(WHERE) X(CLIP) X(CAST) \
	X(SOFTMAX) X(CONV) X(CONVT) X(POOL) X(GPOOL) X(GEMM) X(MATMUL) \
	X(BNORM) X(INORM) X(LRN) X(LPNORM) X(MVN) X(RESHAPE) X(TRANSPOSE) \
	X(SQUEEZE) X(UNSQUEEZE) X(FLATTEN) X(CONCAT) X(SPLIT) X(SLICE) \
	X(PAD) X(TILE) X(EXPAND) X(GATHER) X(GATHERELEM) X(REDUCE) \
	X(REDUCE_IN) X(ARG) X(RESIZE) X(SHAPE) X(SIZE) X(TOPK) X(CUMSUM) \
	X(D2S) X(S2D)

typedef enum opt_family {
#define X(f) OPT_##f,
	OPT_FAMILIES(X)
#undef X
	OPT_NFAMILIES
} opt_family;

/* How the first output's dtype follows from the inputs. */
typedef enum opt_out_type {
	OPT_OUT_SAME,  /* the first input's */
	OPT_OUT_BOOL,
	OPT_OUT_INT64,
	OPT_OUT_ATTR   /* Cast: attribute `to` */
} opt_out_type;

typedef struct opt_entry {
	const char *name;
	opt_family family;
	uint32_t types;       /* dtypes of the data input(s) */
	opt_out_type out_type;
	int8_t min_in, max_in;
	int8_t min_out, max_out;
	int8_t min_rank, max_rank; /* of the first input */
	const opt_attr_dom *attrs;
	int nattrs;
} opt_entry;

/* The table, in a fixed order (generation and coverage depend on it). */
size_t optable_count(void);
const opt_entry *optable_at(size_t i);
/* Looks an op up by its ONNX op_type; NULL if the table lacks it. */
const opt_entry *optable_find(const char *name);
/* The index of op in the table. */
size_t optable_index(const opt_entry *op);
const char *optable_family_name(opt_family f);

/* Checks the inputs and attributes of a node against op's constraints
** and computes its nout output types into out. Returns 0, or -1 with the
** violated constraint in e. */
int optable_infer_shapes(const opt_entry *op, const opt_tensor *in, int nin,
	const opt_attrs *attrs, opt_tensor *out, int nout, gred_error *e);

/* Broadcasts a and b the numpy way into out; -1 if incompatible. */
int optable_broadcast(opt_tensor *out, const opt_tensor *a, const opt_tensor *b);

/* A known value as int64, saturating (values are kept as doubles). */
int64_t optable_val_int(double v);

/* Number of elements of t. */
int64_t optable_numel(const opt_tensor *t);

/* Attribute access; getters return dflt when the attribute is absent. */
const opt_attr *optable_attrs_get(const opt_attrs *a, const char *name);
int64_t optable_attrs_int(const opt_attrs *a, const char *name, int64_t dflt);
float optable_attrs_float(const opt_attrs *a, const char *name, float dflt);
const char *optable_attrs_str(const opt_attrs *a, const char *name,
	const char *dflt);
void optable_attrs_set_int(opt_attrs *a, const char *name, int64_t v);
void optable_attrs_set_float(opt_attrs *a, const char *name, float v);
void optable_attrs_set_ints(opt_attrs *a, const char *name, const int64_t *v,
	int n);
void optable_attrs_set_str(opt_attrs *a, const char *name, const char *s);

/* Byte size of one element of dtype (0 if unknown). */
size_t optable_dtype_size(int dtype);

#endif

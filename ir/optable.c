/*
** The ONNX op table (opset 13) as data, and one shape rule per family of
** ops: each rule checks the constraints tying shapes and attributes.
*/
#include "optable.h"

#include <stdlib.h>
#include <string.h>

/* Attribute domains, shared by the ops that take the same attributes. */
#define DOMS(name, ...) \
	static const opt_attr_dom name[] = {__VA_ARGS__}; \
	enum { name##_n = sizeof(name) / sizeof(name[0]) }
#define I(n, lo, hi) {n, OPT_ATTR_INT, lo, hi, NULL}
#define F(n, lo, hi) {n, OPT_ATTR_FLOAT, lo, hi, NULL}
#define IS(n, lo, hi) {n, OPT_ATTR_INTS, lo, hi, NULL}
#define S(n, c) {n, OPT_ATTR_STRING, 0, 0, c}

#define d_none NULL
enum { d_none_n = 0 };
DOMS(d_alpha, F("alpha", 0.01, 2));
DOMS(d_selu, F("alpha", 0.5, 2), F("gamma", 0.5, 2));
DOMS(d_hsig, F("alpha", 0.05, 1), F("beta", 0, 1));
DOMS(d_shrink, F("bias", 0, 1), F("lambd", 0, 1));
DOMS(d_mod, I("fmod", 1, 1));
DOMS(d_cast, I("to", 1, 11));
DOMS(d_axis, I("axis", -OPT_MAX_RANK, OPT_MAX_RANK - 1));
DOMS(d_conv, IS("kernel_shape", 1, 5), IS("strides", 1, 3),
	IS("pads", 0, 4), IS("dilations", 1, 2), I("group", 1, 5));
DOMS(d_convt, IS("kernel_shape", 1, 5), IS("strides", 1, 3),
	IS("pads", 0, 4), IS("dilations", 1, 2), I("group", 1, 5),
	IS("output_padding", 0, 2));
DOMS(d_maxpool, IS("kernel_shape", 1, 5), IS("strides", 1, 3),
	IS("pads", 0, 4), IS("dilations", 1, 2), I("ceil_mode", 0, 1));
DOMS(d_avgpool, IS("kernel_shape", 1, 5), IS("strides", 1, 3),
	IS("pads", 0, 4), I("ceil_mode", 0, 1), I("count_include_pad", 0, 1));
DOMS(d_lppool, IS("kernel_shape", 1, 5), IS("strides", 1, 3),
	IS("pads", 0, 4), I("p", 1, 3));
DOMS(d_glp, I("p", 1, 3));
DOMS(d_gemm, F("alpha", 0.1, 2), F("beta", 0.1, 2), I("transA", 0, 1),
	I("transB", 0, 1));
DOMS(d_bn, F("epsilon", 1e-5, 1e-3), F("momentum", 0.5, 0.99));
DOMS(d_eps, F("epsilon", 1e-5, 1e-3));
DOMS(d_lrn, I("size", 1, 5), F("alpha", 1e-4, 1e-3), F("beta", 0.5, 0.9),
	F("bias", 1, 2));
DOMS(d_lpnorm, I("axis", -OPT_MAX_RANK, OPT_MAX_RANK - 1), I("p", 1, 2));
DOMS(d_mvn, IS("axes", 0, OPT_MAX_RANK - 1));
DOMS(d_perm, IS("perm", 0, OPT_MAX_RANK - 1));
DOMS(d_pad, S("mode", "constant|reflect|edge"));
DOMS(d_reduce, IS("axes", -OPT_MAX_RANK, OPT_MAX_RANK - 1),
	I("keepdims", 0, 1));
DOMS(d_reduce_in, I("keepdims", 0, 1), I("noop_with_empty_axes", 0, 1));
DOMS(d_arg, I("axis", -OPT_MAX_RANK, OPT_MAX_RANK - 1), I("keepdims", 0, 1),
	I("select_last_index", 0, 1));
DOMS(d_resize, S("mode", "nearest|linear"),
	S("coordinate_transformation_mode",
	  "half_pixel|asymmetric|pytorch_half_pixel|align_corners"),
	S("nearest_mode", "round_prefer_floor|round_prefer_ceil|floor|ceil"));
DOMS(d_topk, I("axis", -OPT_MAX_RANK, OPT_MAX_RANK - 1), I("largest", 0, 1),
	I("sorted", 0, 1));
DOMS(d_cumsum, I("exclusive", 0, 1), I("reverse", 0, 1));
DOMS(d_d2s, I("blocksize", 2, 3), S("mode", "DCR|CRD"));
DOMS(d_s2d, I("blocksize", 2, 3));
DOMS(d_dropout, I("seed", 0, 0));

#undef I
#undef F
#undef IS
#undef S

#define TFDI (OPT_TFD | OPT_T(OPT_INT32))
#define TNUM8 (OPT_TNUM | OPT_T(OPT_INT8) | OPT_T(OPT_UINT8))
#define TWHERE (OPT_TNUM | OPT_T(OPT_UINT8))
#define TCMP (OPT_TNUM | OPT_TB)
#define TNEG (OPT_TNUM | OPT_T(OPT_INT8))
#define TFI32 (OPT_TF | OPT_T(OPT_INT32))
#define TFI (OPT_TF | OPT_T(OPT_INT32) | OPT_T(OPT_INT64))

/* OP(name, family, dtypes, out dtype, inputs min..max, outputs min..max,
**    rank of the first input min..max, attribute domains) */
#define OPT_OPS(OP) \
	OP(Abs, UNARY, TNUM8, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Neg, UNARY, TNEG, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Relu, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Sigmoid, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Tanh, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Exp, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Log, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Sqrt, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Reciprocal, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Floor, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Ceil, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Round, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Sin, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Cos, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Erf, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Sign, UNARY, OPT_TNUM, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Softplus, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Softsign, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Elu, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_alpha) \
	OP(LeakyRelu, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_alpha) \
	OP(Selu, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_selu) \
	OP(HardSigmoid, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_hsig) \
	OP(ThresholdedRelu, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_alpha) \
	OP(Celu, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_alpha) \
	OP(Shrink, UNARY, OPT_TF, SAME, 1, 1, 1, 1, 0, 8, d_shrink) \
	OP(Identity, UNARY, OPT_TALL, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Dropout, UNARY, OPT_TFD, SAME, 1, 1, 1, 1, 0, 8, d_dropout) \
	OP(Not, UNARY, OPT_TB, SAME, 1, 1, 1, 1, 0, 8, d_none) \
	OP(IsNaN, UNARY, OPT_TF, BOOL, 1, 1, 1, 1, 0, 8, d_none) \
	OP(IsInf, UNARY, OPT_TF, BOOL, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Add, BINARY, OPT_TNUM, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Sub, BINARY, OPT_TNUM, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Mul, BINARY, OPT_TNUM, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Div, BINARY, OPT_TFD, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Pow, BINARY, OPT_TF, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Mod, BINARY, OPT_TF, SAME, 2, 2, 1, 1, 0, 8, d_mod) \
	OP(Equal, BINARY, TCMP, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Less, BINARY, OPT_TNUM, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Greater, BINARY, OPT_TNUM, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(LessOrEqual, BINARY, OPT_TNUM, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(GreaterOrEqual, BINARY, OPT_TNUM, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(And, BINARY, OPT_TB, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Or, BINARY, OPT_TB, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Xor, BINARY, OPT_TB, BOOL, 2, 2, 1, 1, 0, 8, d_none) \
	OP(PRelu, PRELU, OPT_TF, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Max, VARIADIC, OPT_TNUM, SAME, 1, 4, 1, 1, 0, 8, d_none) \
	OP(Min, VARIADIC, OPT_TNUM, SAME, 1, 4, 1, 1, 0, 8, d_none) \
	OP(Sum, VARIADIC, OPT_TFD, SAME, 1, 4, 1, 1, 0, 8, d_none) \
	OP(Mean, VARIADIC, OPT_TF, SAME, 1, 4, 1, 1, 0, 8, d_none) \
	OP(Where, WHERE, TWHERE, SAME, 3, 3, 1, 1, 0, 8, d_none) \
	OP(Clip, CLIP, OPT_TNUM, SAME, 1, 3, 1, 1, 0, 8, d_none) \
	OP(Cast, CAST, OPT_TALL, ATTR, 1, 1, 1, 1, 0, 8, d_cast) \
	OP(Softmax, SOFTMAX, OPT_TFD, SAME, 1, 1, 1, 1, 1, 8, d_axis) \
	OP(LogSoftmax, SOFTMAX, OPT_TFD, SAME, 1, 1, 1, 1, 1, 8, d_axis) \
	OP(Hardmax, SOFTMAX, OPT_TF, SAME, 1, 1, 1, 1, 1, 8, d_axis) \
	OP(Conv, CONV, OPT_TF, SAME, 2, 3, 1, 1, 3, 5, d_conv) \
	OP(ConvTranspose, CONVT, OPT_TF, SAME, 2, 3, 1, 1, 3, 5, d_convt) \
	OP(MaxPool, POOL, OPT_TF, SAME, 1, 1, 1, 1, 3, 5, d_maxpool) \
	OP(AveragePool, POOL, OPT_TF, SAME, 1, 1, 1, 1, 3, 5, d_avgpool) \
	OP(LpPool, POOL, OPT_TF, SAME, 1, 1, 1, 1, 3, 5, d_lppool) \
	OP(GlobalAveragePool, GPOOL, OPT_TF, SAME, 1, 1, 1, 1, 3, 5, d_none) \
	OP(GlobalMaxPool, GPOOL, OPT_TF, SAME, 1, 1, 1, 1, 3, 5, d_none) \
	OP(GlobalLpPool, GPOOL, OPT_TF, SAME, 1, 1, 1, 1, 3, 5, d_glp) \
	OP(Gemm, GEMM, OPT_TFD, SAME, 2, 3, 1, 1, 2, 2, d_gemm) \
	OP(MatMul, MATMUL, OPT_TNUM, SAME, 2, 2, 1, 1, 1, 8, d_none) \
	OP(BatchNormalization, BNORM, OPT_TF, SAME, 5, 5, 1, 1, 2, 5, d_bn) \
	OP(InstanceNormalization, INORM, OPT_TF, SAME, 3, 3, 1, 1, 3, 5, d_eps) \
	OP(LRN, LRN, OPT_TF, SAME, 1, 1, 1, 1, 4, 4, d_lrn) \
	OP(LpNormalization, LPNORM, OPT_TF, SAME, 1, 1, 1, 1, 1, 8, d_lpnorm) \
	OP(MeanVarianceNormalization, MVN, OPT_TF, SAME, 1, 1, 1, 1, 4, 4, d_mvn) \
	OP(Reshape, RESHAPE, OPT_TALL, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Transpose, TRANSPOSE, OPT_TALL, SAME, 1, 1, 1, 1, 1, 8, d_perm) \
	OP(Squeeze, SQUEEZE, OPT_TALL, SAME, 1, 2, 1, 1, 1, 8, d_none) \
	OP(Unsqueeze, UNSQUEEZE, OPT_TALL, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Flatten, FLATTEN, OPT_TALL, SAME, 1, 1, 1, 1, 1, 8, d_axis) \
	OP(Concat, CONCAT, OPT_TALL, SAME, 1, 4, 1, 1, 1, 8, d_axis) \
	OP(Split, SPLIT, OPT_TALL, SAME, 1, 2, 1, 4, 1, 8, d_axis) \
	OP(Slice, SLICE, OPT_TALL, SAME, 3, 5, 1, 1, 1, 8, d_none) \
	OP(Pad, PAD, OPT_TALL, SAME, 2, 3, 1, 1, 1, 8, d_pad) \
	OP(Tile, TILE, OPT_TALL, SAME, 2, 2, 1, 1, 1, 8, d_none) \
	OP(Expand, EXPAND, OPT_TALL, SAME, 2, 2, 1, 1, 0, 8, d_none) \
	OP(Gather, GATHER, OPT_TALL, SAME, 2, 2, 1, 1, 1, 8, d_axis) \
	OP(GatherElements, GATHERELEM, OPT_TALL, SAME, 2, 2, 1, 1, 1, 8, d_axis) \
	OP(ReduceMax, REDUCE, TNUM8, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceMin, REDUCE, TNUM8, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceMean, REDUCE, TFDI, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceProd, REDUCE, TFI, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceL1, REDUCE, OPT_TF, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceL2, REDUCE, OPT_TF, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceLogSum, REDUCE, OPT_TF, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceLogSumExp, REDUCE, OPT_TF, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceSumSquare, REDUCE, OPT_TF, SAME, 1, 1, 1, 1, 1, 8, d_reduce) \
	OP(ReduceSum, REDUCE_IN, OPT_TNUM, SAME, 1, 2, 1, 1, 1, 8, d_reduce_in) \
	OP(ArgMax, ARG, TFI32, INT64, 1, 1, 1, 1, 1, 8, d_arg) \
	OP(ArgMin, ARG, TFI32, INT64, 1, 1, 1, 1, 1, 8, d_arg) \
	OP(Resize, RESIZE, OPT_TF, SAME, 3, 4, 1, 1, 1, 8, d_resize) \
	OP(Shape, SHAPE, OPT_TALL, INT64, 1, 1, 1, 1, 0, 8, d_none) \
	OP(Size, SIZE, OPT_TALL, INT64, 1, 1, 1, 1, 0, 8, d_none) \
	OP(TopK, TOPK, OPT_TNUM, SAME, 2, 2, 2, 2, 1, 8, d_topk) \
	OP(CumSum, CUMSUM, OPT_TNUM, SAME, 2, 2, 1, 1, 1, 8, d_cumsum) \
	OP(DepthToSpace, D2S, OPT_TF, SAME, 1, 1, 1, 1, 4, 4, d_d2s) \
	OP(SpaceToDepth, S2D, OPT_TF, SAME, 1, 1, 1, 1, 4, 4, d_s2d)

static const opt_entry table[] = {
#define OP(name, fam, types, out, imin, imax, omin, omax, rmin, rmax, doms) \
	{#name, OPT_##fam, types, OPT_OUT_##out, imin, imax, omin, omax, \
	 rmin, rmax, doms, doms##_n},
	OPT_OPS(OP)
#undef OP
};

static const char *const family_names[] = {
#define X(f) #f,
	OPT_FAMILIES(X)
#undef X
};

size_t optable_count(void)
{
	return sizeof(table) / sizeof(table[0]);
}

const opt_entry *optable_at(size_t i)
{
	return i < optable_count() ? &table[i] : NULL;
}

size_t optable_index(const opt_entry *op)
{
	return (size_t)(op - table);
}

const char *optable_family_name(opt_family f)
{
	return (unsigned)f < OPT_NFAMILIES ? family_names[f] : "?";
}

const opt_entry *optable_find(const char *name)
{
	size_t i;

	for (i = 0; i < optable_count(); i++)
		if (!strcmp(table[i].name, name))
			return &table[i];
	return NULL;
}

size_t optable_dtype_size(int dtype)
{
	switch (dtype) {
	case OPT_FLOAT: case OPT_INT32: return 4;
	case OPT_UINT8: case OPT_INT8: case OPT_BOOL: return 1;
	case OPT_INT64: case OPT_DOUBLE: return 8;
	default: return 0;
	}
}

/* Attributes */

const opt_attr *optable_attrs_get(const opt_attrs *a, const char *name)
{
	int i;

	for (i = 0; a && i < a->n; i++)
		if (!strcmp(a->a[i].name, name))
			return &a->a[i];
	return NULL;
}

int64_t optable_attrs_int(const opt_attrs *a, const char *name, int64_t dflt)
{
	const opt_attr *x = optable_attrs_get(a, name);

	return x && x->kind == OPT_ATTR_INT ? x->i[0] : dflt;
}

float optable_attrs_float(const opt_attrs *a, const char *name, float dflt)
{
	const opt_attr *x = optable_attrs_get(a, name);

	return x && x->kind == OPT_ATTR_FLOAT ? x->f : dflt;
}

const char *optable_attrs_str(const opt_attrs *a, const char *name,
	const char *dflt)
{
	const opt_attr *x = optable_attrs_get(a, name);

	return x && x->kind == OPT_ATTR_STRING ? x->s : dflt;
}

static opt_attr *attr_slot(opt_attrs *a, const char *name,
	opt_attr_kind kind)
{
	opt_attr *x = (opt_attr *)optable_attrs_get(a, name);

	if (!x) {
		if (a->n == OPT_MAX_ATTRS)
			abort();
		x = &a->a[a->n++];
	}
	memset(x, 0, sizeof(*x));
	x->name = name;
	x->kind = kind;
	return x;
}

void optable_attrs_set_int(opt_attrs *a, const char *name, int64_t v)
{
	opt_attr *x = attr_slot(a, name, OPT_ATTR_INT);

	x->n = 1;
	x->i[0] = v;
}

void optable_attrs_set_float(opt_attrs *a, const char *name, float v)
{
	attr_slot(a, name, OPT_ATTR_FLOAT)->f = v;
}

void optable_attrs_set_ints(opt_attrs *a, const char *name, const int64_t *v,
	int n)
{
	opt_attr *x = attr_slot(a, name, OPT_ATTR_INTS);

	if (n > OPT_MAX_VALS)
		n = OPT_MAX_VALS;
	x->n = n;
	memcpy(x->i, v, (size_t)n * sizeof(*v));
}

void optable_attrs_set_str(opt_attrs *a, const char *name, const char *s)
{
	attr_slot(a, name, OPT_ATTR_STRING)->s = s;
}

/* Shapes */

int64_t optable_val_int(double v)
{
	if (v != v)
		return 0;
	if (v >= 9.2e18)
		return INT64_MAX;
	if (v <= -9.2e18)
		return INT64_MIN;
	return (int64_t)v;
}

int64_t optable_numel(const opt_tensor *t)
{
	int64_t n = 1;
	int i;

	for (i = 0; i < t->rank; i++)
		if (__builtin_mul_overflow(n, t->dim[i], &n))
			return INT64_MAX;
	return n;
}

int optable_broadcast(opt_tensor *out, const opt_tensor *a, const opt_tensor *b)
{
	int r = a->rank > b->rank ? a->rank : b->rank, i;

	for (i = 0; i < r; i++) {
		int ia = i - (r - a->rank), ib = i - (r - b->rank);
		int64_t da = ia >= 0 ? a->dim[ia] : 1;
		int64_t db = ib >= 0 ? b->dim[ib] : 1;

		if (da != db && da != 1 && db != 1)
			return -1;
		out->dim[i] = da == 1 ? db : da;
	}
	out->rank = r;
	return 0;
}

/* The context a shape rule works in: the node, its outputs, the error. */
typedef struct rule {
	const opt_entry *op;
	const opt_tensor *in;
	int nin;
	const opt_attrs *at;
	opt_tensor *out;
	int nout;
	gred_error *e;
} rule;

#define FAIL(...) return gred_errorf(r->e, __VA_ARGS__)

/*
** Dims come from user files (and constant inputs from their tensors), so
** every sum and product of dims is checked: one that overflows int64 fails
** the rule, as an error, never as undefined behaviour.
*/
#define DIM_ADD(out, a, b) do { \
	if (__builtin_add_overflow((a), (b), (out))) \
		FAIL("%s: a dimension overflows int64", r->op->name); \
} while (0)
#define DIM_SUB(out, a, b) do { \
	if (__builtin_sub_overflow((a), (b), (out))) \
		FAIL("%s: a dimension overflows int64", r->op->name); \
} while (0)
#define DIM_MUL(out, a, b) do { \
	if (__builtin_mul_overflow((a), (b), (out))) \
		FAIL("%s: a dimension overflows int64", r->op->name); \
} while (0)

static int present(const rule *r, int i)
{
	return i < r->nin && r->in[i].dtype != 0;
}

/* Normalises axis into [0, rank); -1 if out of range. */
static int norm_axis(int64_t axis, int rank)
{
	if (axis < -rank || axis >= rank)
		return -1;
	return (int)(axis < 0 ? axis + rank : axis);
}

static void out_like(rule *r, int k, const opt_tensor *t, int dtype)
{
	r->out[k] = *t;
	r->out[k].dtype = dtype;
	r->out[k].nval = -1;
}

static int known(const rule *r, int i, int n)
{
	return present(r, i) && r->in[i].nval >= 0 &&
		(n < 0 || r->in[i].nval == n);
}

/* Reads the ints of attribute name into v (count n); returns the count,
** or dflt_n copies of dflt when absent. */
static int attr_ints(const rule *r, const char *name, int64_t *v, int n,
	int64_t dflt)
{
	const opt_attr *x = optable_attrs_get(r->at, name);
	int i;

	if (x && x->kind == OPT_ATTR_INTS) {
		memcpy(v, x->i, (size_t)x->n * sizeof(*v));
		return x->n;
	}
	for (i = 0; i < n; i++)
		v[i] = dflt;
	return n;
}

static int rule_unary(rule *r)
{
	out_like(r, 0, &r->in[0], r->in[0].dtype);
	return 0;
}

static int rule_binary(rule *r)
{
	if (r->in[1].dtype != r->in[0].dtype)
		FAIL("%s: inputs of different dtypes", r->op->name);
	r->out[0] = r->in[0];
	r->out[0].nval = -1;
	if (optable_broadcast(&r->out[0], &r->in[0], &r->in[1]) < 0)
		FAIL("%s: shapes do not broadcast", r->op->name);
	return 0;
}

static int rule_prelu(rule *r)
{
	opt_tensor b;

	if (r->in[1].dtype != r->in[0].dtype)
		FAIL("PRelu: slope of a different dtype");
	b = r->in[0];
	if (optable_broadcast(&b, &r->in[0], &r->in[1]) < 0 ||
	    b.rank != r->in[0].rank ||
	    memcmp(b.dim, r->in[0].dim, (size_t)b.rank * sizeof(b.dim[0])))
		FAIL("PRelu: slope does not broadcast to X");
	out_like(r, 0, &r->in[0], r->in[0].dtype);
	return 0;
}

static int rule_variadic(rule *r)
{
	int i;

	r->out[0] = r->in[0];
	r->out[0].nval = -1;
	for (i = 1; i < r->nin; i++) {
		opt_tensor t = r->out[0];

		if (r->in[i].dtype != r->in[0].dtype)
			FAIL("%s: inputs of different dtypes", r->op->name);
		if (optable_broadcast(&r->out[0], &t, &r->in[i]) < 0)
			FAIL("%s: shapes do not broadcast", r->op->name);
	}
	return 0;
}

static int rule_where(rule *r)
{
	opt_tensor t;

	if (r->in[0].dtype != OPT_BOOL)
		FAIL("Where: condition is not bool");
	if (r->in[1].dtype != r->in[2].dtype)
		FAIL("Where: branches of different dtypes");
	t = r->in[1];
	if (optable_broadcast(&t, &r->in[0], &r->in[1]) < 0 ||
	    optable_broadcast(&r->out[0], &t, &r->in[2]) < 0)
		FAIL("Where: shapes do not broadcast");
	r->out[0].dtype = r->in[1].dtype;
	r->out[0].nval = -1;
	return 0;
}

static int rule_clip(rule *r)
{
	int i;

	for (i = 1; i < r->nin; i++)
		if (present(r, i) &&
		    (r->in[i].rank != 0 || r->in[i].dtype != r->in[0].dtype))
			FAIL("Clip: min/max must be scalars of the input dtype");
	return rule_unary(r);
}

static int rule_cast(rule *r)
{
	int64_t to = optable_attrs_int(r->at, "to", 0);

	if (!optable_dtype_size((int)to))
		FAIL("Cast: unsupported target dtype %lld", (long long)to);
	out_like(r, 0, &r->in[0], (int)to);
	return 0;
}

static int rule_softmax(rule *r)
{
	if (norm_axis(optable_attrs_int(r->at, "axis", -1), r->in[0].rank) < 0)
		FAIL("%s: axis out of range", r->op->name);
	return rule_unary(r);
}

/* Spatial attributes shared by Conv, ConvTranspose and the pools. */
typedef struct spatial {
	int n;
	int64_t k[OPT_MAX_RANK], s[OPT_MAX_RANK], d[OPT_MAX_RANK];
	int64_t p[2 * OPT_MAX_RANK], op[OPT_MAX_RANK];
} spatial;

static int read_spatial(rule *r, spatial *sp, const int64_t *wk)
{
	int n = r->in[0].rank - 2, i;
	const char *ap = optable_attrs_str(r->at, "auto_pad", "NOTSET");

	if (strcmp(ap, "NOTSET"))
		FAIL("%s: only auto_pad=NOTSET is modelled", r->op->name);
	sp->n = n;
	if (attr_ints(r, "kernel_shape", sp->k, n, 0) != n)
		FAIL("%s: kernel_shape needs %d values", r->op->name, n);
	for (i = 0; i < n; i++) {
		if (wk && optable_attrs_get(r->at, "kernel_shape") && sp->k[i] != wk[i])
			FAIL("%s: kernel_shape disagrees with W", r->op->name);
		if (wk)
			sp->k[i] = wk[i];
		if (sp->k[i] < 1)
			FAIL("%s: kernel_shape must be positive", r->op->name);
	}
	if (attr_ints(r, "strides", sp->s, n, 1) != n ||
	    attr_ints(r, "dilations", sp->d, n, 1) != n ||
	    attr_ints(r, "pads", sp->p, 2 * n, 0) != 2 * n ||
	    attr_ints(r, "output_padding", sp->op, n, 0) != n)
		FAIL("%s: strides/dilations/pads of the wrong length",
			r->op->name);
	for (i = 0; i < n; i++)
		if (sp->s[i] < 1 || sp->d[i] < 1 || sp->p[i] < 0 ||
		    sp->p[n + i] < 0)
			FAIL("%s: strides and dilations must be positive, pads "
				"non-negative", r->op->name);
	return 0;
}

/* Output length of a sliding window into *out; < 1 if the window does
** not fit. k, s, d >= 1 and pads >= 0 (read_spatial checks them). */
static int window_out(rule *r, int64_t *out, int64_t in, int64_t k,
	int64_t s, int64_t d, int64_t pb, int64_t pe, int ceil_mode)
{
	int64_t span, win, inpb;

	DIM_ADD(&inpb, in, pb);
	DIM_ADD(&span, inpb, pe);
	DIM_MUL(&win, k - 1, d);
	DIM_SUB(&span, span, win);
	if (span < 1) {
		*out = 0;
		return 0;
	}
	span -= 1;
	if (ceil_mode) {
		/* (span + s - 1) / s, without the sum */
		int64_t o = span / s + (span % s != 0) + 1;
		/* the last window must start inside the input or left pad:
		** (o - 1) * s >= in + pb, without the product */
		if (inpb == 0 || o - 1 > (inpb - 1) / s)
			o--;
		*out = o;
		return 0;
	}
	*out = span / s + 1;
	return 0;
}

static int rule_conv(rule *r)
{
	const opt_tensor *x = &r->in[0], *w = &r->in[1];
	int64_t g = optable_attrs_int(r->at, "group", 1), cin;
	spatial sp;
	int i;

	if (w->rank != x->rank || w->dtype != x->dtype)
		FAIL("Conv: W must match X in rank and dtype");
	if (g < 1 || __builtin_mul_overflow(w->dim[1], g, &cin) ||
	    x->dim[1] != cin || w->dim[0] % g)
		FAIL("Conv: channels do not fit group %lld", (long long)g);
	if (present(r, 2) && (r->in[2].rank != 1 || r->in[2].dim[0] != w->dim[0]))
		FAIL("Conv: B must have M elements");
	if (read_spatial(r, &sp, w->dim + 2) < 0)
		return -1;
	out_like(r, 0, x, x->dtype);
	r->out[0].dim[1] = w->dim[0];
	for (i = 0; i < sp.n; i++) {
		int64_t o;
		if (window_out(r, &o, x->dim[2 + i], sp.k[i], sp.s[i], sp.d[i],
		    sp.p[i], sp.p[sp.n + i], 0) < 0)
			return -1;
		if (o < 1)
			FAIL("Conv: kernel larger than padded input");
		r->out[0].dim[2 + i] = o;
	}
	return 0;
}

static int rule_convt(rule *r)
{
	const opt_tensor *x = &r->in[0], *w = &r->in[1];
	int64_t g = optable_attrs_int(r->at, "group", 1), m;
	spatial sp;
	int i;

	if (w->rank != x->rank || w->dtype != x->dtype)
		FAIL("ConvTranspose: W must match X in rank and dtype");
	if (g < 1 || x->dim[1] != w->dim[0] || w->dim[0] % g)
		FAIL("ConvTranspose: channels do not fit group");
	DIM_MUL(&m, w->dim[1], g);
	if (present(r, 2) &&
	    (r->in[2].rank != 1 || r->in[2].dim[0] != m))
		FAIL("ConvTranspose: B must have M elements");
	if (optable_attrs_get(r->at, "output_shape"))
		FAIL("ConvTranspose: output_shape is not modelled");
	if (read_spatial(r, &sp, w->dim + 2) < 0)
		return -1;
	out_like(r, 0, x, x->dtype);
	r->out[0].dim[1] = m;
	for (i = 0; i < sp.n; i++) {
		/* s * (x - 1) + op + (k - 1) * d + 1 - pb - pe */
		int64_t o, win;
		DIM_MUL(&o, sp.s[i], x->dim[2 + i] - 1);
		DIM_ADD(&o, o, sp.op[i]);
		DIM_MUL(&win, sp.k[i] - 1, sp.d[i]);
		DIM_ADD(&o, o, win);
		DIM_ADD(&o, o, 1);
		DIM_SUB(&o, o, sp.p[i]);
		DIM_SUB(&o, o, sp.p[sp.n + i]);
		if (sp.op[i] >= sp.s[i] && sp.op[i] >= sp.d[i])
			FAIL("ConvTranspose: output_padding too large");
		if (o < 1)
			FAIL("ConvTranspose: empty output");
		r->out[0].dim[2 + i] = o;
	}
	return 0;
}

static int rule_pool(rule *r)
{
	int ceil_mode = (int)optable_attrs_int(r->at, "ceil_mode", 0);
	spatial sp;
	int i;

	if (!optable_attrs_get(r->at, "kernel_shape"))
		FAIL("%s: kernel_shape is required", r->op->name);
	if (read_spatial(r, &sp, NULL) < 0)
		return -1;
	out_like(r, 0, &r->in[0], r->in[0].dtype);
	for (i = 0; i < sp.n; i++) {
		int64_t o;

		if (sp.p[i] >= sp.k[i] || sp.p[sp.n + i] >= sp.k[i])
			FAIL("%s: pads must be smaller than the kernel",
				r->op->name);
		if (window_out(r, &o, r->in[0].dim[2 + i], sp.k[i], sp.s[i],
		    sp.d[i], sp.p[i], sp.p[sp.n + i], ceil_mode) < 0)
			return -1;
		if (o < 1)
			FAIL("%s: kernel larger than padded input", r->op->name);
		r->out[0].dim[2 + i] = o;
	}
	return 0;
}

static int rule_gpool(rule *r)
{
	int i;

	out_like(r, 0, &r->in[0], r->in[0].dtype);
	for (i = 2; i < r->in[0].rank; i++)
		r->out[0].dim[i] = 1;
	return 0;
}

static int rule_gemm(rule *r)
{
	const opt_tensor *a = &r->in[0], *b = &r->in[1];
	int ta = (int)optable_attrs_int(r->at, "transA", 0);
	int tb = (int)optable_attrs_int(r->at, "transB", 0);
	int64_t m, k, k2, n;

	if (a->rank != 2 || b->rank != 2 || b->dtype != a->dtype)
		FAIL("Gemm: A and B must be matrices of one dtype");
	m = a->dim[ta], k = a->dim[!ta], k2 = b->dim[tb], n = b->dim[!tb];
	if (k != k2)
		FAIL("Gemm: inner dimensions differ");
	out_like(r, 0, a, a->dtype);
	r->out[0].dim[0] = m;
	r->out[0].dim[1] = n;
	if (present(r, 2)) {
		opt_tensor t;

		if (r->in[2].dtype != a->dtype ||
		    optable_broadcast(&t, &r->out[0], &r->in[2]) < 0 || t.rank != 2 ||
		    t.dim[0] != m || t.dim[1] != n)
			FAIL("Gemm: C does not broadcast to (M, N)");
	}
	return 0;
}

static int rule_matmul(rule *r)
{
	opt_tensor a = r->in[0], b = r->in[1], ba, bb, o;
	int i;

	if (a.dtype != b.dtype || a.rank < 1 || b.rank < 1)
		FAIL("MatMul: operands of different dtypes or scalars");
	if (a.rank == 1) {
		memmove(a.dim + 1, a.dim, sizeof(a.dim[0]));
		a.dim[0] = 1;
		a.rank = 2;
	}
	if (b.rank == 1) {
		b.dim[1] = 1;
		b.rank = 2;
	}
	if (a.dim[a.rank - 1] != b.dim[b.rank - 2])
		FAIL("MatMul: inner dimensions differ");
	ba = a, bb = b;
	ba.rank -= 2, bb.rank -= 2;
	if (optable_broadcast(&o, &ba, &bb) < 0)
		FAIL("MatMul: batch dimensions do not broadcast");
	if (r->in[0].rank > 1)
		o.dim[o.rank++] = a.dim[a.rank - 2];
	if (r->in[1].rank > 1)
		o.dim[o.rank++] = b.dim[b.rank - 1];
	o.dtype = a.dtype;
	o.nval = -1;
	for (i = 0; i < o.rank; i++)
		if (o.dim[i] < 0)
			FAIL("MatMul: bad dimension");
	r->out[0] = o;
	return 0;
}

/* The per-channel operands of the normalisations: [C] of X's dtype. */
static int channel_params(rule *r, int from, int to)
{
	int i;

	for (i = from; i < to; i++)
		if (r->in[i].rank != 1 || r->in[i].dim[0] != r->in[0].dim[1] ||
		    r->in[i].dtype != r->in[0].dtype)
			FAIL("%s: parameter %d must have C elements", r->op->name,
				i);
	return rule_unary(r);
}

static int rule_bnorm(rule *r)
{
	return channel_params(r, 1, 5);
}

static int rule_inorm(rule *r)
{
	return channel_params(r, 1, 3);
}

static int rule_lrn(rule *r)
{
	if (optable_attrs_int(r->at, "size", 0) < 1)
		FAIL("LRN: size is required");
	return rule_unary(r);
}

static int rule_lpnorm(rule *r)
{
	int64_t p = optable_attrs_int(r->at, "p", 2);

	if (norm_axis(optable_attrs_int(r->at, "axis", -1), r->in[0].rank) < 0)
		FAIL("LpNormalization: axis out of range");
	if (p != 1 && p != 2)
		FAIL("LpNormalization: p must be 1 or 2");
	return rule_unary(r);
}

static int rule_mvn(rule *r)
{
	int64_t ax[OPT_MAX_VALS];
	int n = attr_ints(r, "axes", ax, 0, 0), i;

	for (i = 0; i < n; i++)
		if (norm_axis(ax[i], r->in[0].rank) < 0)
			FAIL("MeanVarianceNormalization: axis out of range");
	return rule_unary(r);
}

static int rule_reshape(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int64_t total = optable_numel(x), prod = 1;

	if (total == INT64_MAX)
		FAIL("Reshape: the element count overflows int64");
	int n, i, infer = -1;

	if (!known(r, 1, -1) || r->in[1].rank != 1 || r->in[1].dtype != OPT_INT64)
		FAIL("Reshape: shape must be a known 1-D int64 tensor");
	n = r->in[1].nval;
	if (n > OPT_MAX_RANK)
		FAIL("Reshape: rank too large");
	out_like(r, 0, x, x->dtype);
	r->out[0].rank = n;
	for (i = 0; i < n; i++) {
		int64_t v = optable_val_int(r->in[1].val[i]);

		if (v == 0) {
			if (i >= x->rank)
				FAIL("Reshape: 0 beyond the input rank");
			v = x->dim[i];
		} else if (v == -1) {
			if (infer >= 0)
				FAIL("Reshape: more than one -1");
			infer = i;
			continue;
		} else if (v < 0) {
			FAIL("Reshape: negative dimension");
		}
		r->out[0].dim[i] = v;
		DIM_MUL(&prod, prod, v);
	}
	if (infer >= 0) {
		if (prod == 0 || total % prod)
			FAIL("Reshape: -1 cannot be inferred");
		r->out[0].dim[infer] = total / prod;
	} else if (prod != total) {
		FAIL("Reshape: element count changes");
	}
	return 0;
}

static int rule_transpose(rule *r)
{
	int64_t perm[OPT_MAX_VALS];
	int rank = r->in[0].rank, n, i, seen = 0;

	n = attr_ints(r, "perm", perm, rank, 0);
	if (!optable_attrs_get(r->at, "perm"))
		for (i = 0; i < rank; i++)
			perm[i] = rank - 1 - i;
	if (n != rank)
		FAIL("Transpose: perm has the wrong length");
	out_like(r, 0, &r->in[0], r->in[0].dtype);
	for (i = 0; i < rank; i++) {
		if (perm[i] < 0 || perm[i] >= rank || (seen >> perm[i]) & 1)
			FAIL("Transpose: perm is not a permutation");
		seen |= 1 << perm[i];
		r->out[0].dim[i] = r->in[0].dim[perm[i]];
	}
	return 0;
}

/* Reads a known axes input into a bit set over rank; -1 if invalid. */
static int axes_set(rule *r, int idx, int rank, unsigned *set)
{
	int i;

	*set = 0;
	if (!known(r, idx, -1) || r->in[idx].rank != 1 ||
	    r->in[idx].dtype != OPT_INT64)
		FAIL("%s: axes must be a known 1-D int64 tensor", r->op->name);
	for (i = 0; i < r->in[idx].nval; i++) {
		int a = norm_axis(optable_val_int(r->in[idx].val[i]), rank);

		if (a < 0 || (*set >> a) & 1)
			FAIL("%s: bad or repeated axis", r->op->name);
		*set |= 1u << a;
	}
	return 0;
}

static int rule_squeeze(rule *r)
{
	const opt_tensor *x = &r->in[0];
	unsigned set = 0;
	int i;

	if (present(r, 1)) {
		if (axes_set(r, 1, x->rank, &set) < 0)
			return -1;
	} else {
		for (i = 0; i < x->rank; i++)
			if (x->dim[i] == 1)
				set |= 1u << i;
	}
	out_like(r, 0, x, x->dtype);
	r->out[0].rank = 0;
	for (i = 0; i < x->rank; i++) {
		if ((set >> i) & 1) {
			if (x->dim[i] != 1)
				FAIL("Squeeze: axis %d is not 1", i);
			continue;
		}
		r->out[0].dim[r->out[0].rank++] = x->dim[i];
	}
	return 0;
}

static int rule_unsqueeze(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int orank, i, j = 0;
	unsigned set;

	if (!known(r, 1, -1))
		FAIL("Unsqueeze: axes must be known");
	orank = x->rank + r->in[1].nval;
	if (orank > OPT_MAX_RANK)
		FAIL("Unsqueeze: rank too large");
	if (axes_set(r, 1, orank, &set) < 0)
		return -1;
	out_like(r, 0, x, x->dtype);
	r->out[0].rank = orank;
	for (i = 0; i < orank; i++)
		r->out[0].dim[i] = (set >> i) & 1 ? 1 : x->dim[j++];
	return 0;
}

static int rule_flatten(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int64_t axis = optable_attrs_int(r->at, "axis", 1), a = 1, b = 1;
	int i;

	if (axis < -x->rank || axis > x->rank)
		FAIL("Flatten: axis out of range");
	if (axis < 0)
		axis += x->rank;
	for (i = 0; i < x->rank; i++) {
		int64_t *side = i < axis ? &a : &b;
		DIM_MUL(side, *side, x->dim[i]);
	}
	out_like(r, 0, x, x->dtype);
	r->out[0].rank = 2;
	r->out[0].dim[0] = a;
	r->out[0].dim[1] = b;
	return 0;
}

static int rule_concat(rule *r)
{
	int rank = r->in[0].rank, axis, i, j;

	if (!optable_attrs_get(r->at, "axis"))
		FAIL("Concat: axis is required");
	axis = norm_axis(optable_attrs_int(r->at, "axis", 0), rank);
	if (axis < 0)
		FAIL("Concat: axis out of range");
	out_like(r, 0, &r->in[0], r->in[0].dtype);
	for (i = 1; i < r->nin; i++) {
		if (r->in[i].rank != rank || r->in[i].dtype != r->in[0].dtype)
			FAIL("Concat: inputs differ in rank or dtype");
		for (j = 0; j < rank; j++)
			if (j != axis && r->in[i].dim[j] != r->in[0].dim[j])
				FAIL("Concat: inputs differ off the axis");
		DIM_ADD(&r->out[0].dim[axis], r->out[0].dim[axis],
			r->in[i].dim[axis]);
	}
	return 0;
}

static int rule_split(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int axis = norm_axis(optable_attrs_int(r->at, "axis", 0), x->rank), i;
	int64_t sum = 0;

	if (axis < 0)
		FAIL("Split: axis out of range");
	for (i = 0; i < r->nout; i++)
		out_like(r, i, x, x->dtype);
	if (present(r, 1)) {
		if (!known(r, 1, r->nout) || r->in[1].dtype != OPT_INT64)
			FAIL("Split: split must list one known size per output");
		for (i = 0; i < r->nout; i++) {
			if (r->in[1].val[i] < 0)
				FAIL("Split: negative size");
			r->out[i].dim[axis] = optable_val_int(r->in[1].val[i]);
			DIM_ADD(&sum, sum, optable_val_int(r->in[1].val[i]));
		}
		if (sum != x->dim[axis])
			FAIL("Split: sizes do not add up");
	} else {
		if (x->dim[axis] % r->nout)
			FAIL("Split: dimension not divisible by the outputs");
		for (i = 0; i < r->nout; i++)
			r->out[i].dim[axis] = x->dim[axis] / r->nout;
	}
	return 0;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static int rule_slice(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int n, i;
	unsigned seen = 0;

	if (!known(r, 1, -1) || !known(r, 2, r->in[1].nval))
		FAIL("Slice: starts and ends must be known and of one length");
	n = r->in[1].nval;
	if ((present(r, 3) && !known(r, 3, n)) ||
	    (present(r, 4) && !known(r, 4, n)))
		FAIL("Slice: axes and steps must be known, of the same length");
	out_like(r, 0, x, x->dtype);
	for (i = 0; i < n; i++) {
		int64_t ax = present(r, 3) ? optable_val_int(r->in[3].val[i]) : i;
		int64_t st = present(r, 4) ? optable_val_int(r->in[4].val[i]) : 1;
		int64_t s = optable_val_int(r->in[1].val[i]), e = optable_val_int(r->in[2].val[i]);
		int a = norm_axis(ax, x->rank);
		int64_t d, len;

		if (a < 0 || (seen >> a) & 1)
			FAIL("Slice: bad or repeated axis");
		seen |= 1u << a;
		if (st == 0)
			FAIL("Slice: zero step");
		d = x->dim[a];
		if (s < 0)
			DIM_ADD(&s, s, d);
		if (e < 0)
			DIM_ADD(&e, e, d);
		/* ceil((e - s) / st) with no sum that can overflow: the
		** clamped distance is at most d + 1 and -st may not exist */
		if (st > 0) {
			s = clamp64(s, 0, d);
			e = clamp64(e, 0, d);
			len = e > s ? (e - s - 1) / st + 1 : 0;
		} else {
			s = clamp64(s, 0, d - 1);
			e = clamp64(e, -1, d - 1);
			len = s > e ? (int64_t)((uint64_t)(s - e - 1) /
				(0 - (uint64_t)st) + 1) : 0;
		}
		r->out[0].dim[a] = len;
	}
	return 0;
}

static int rule_pad(rule *r)
{
	const opt_tensor *x = &r->in[0];
	const char *mode = optable_attrs_str(r->at, "mode", "constant");
	int i;

	if (!known(r, 1, 2 * x->rank) || r->in[1].dtype != OPT_INT64)
		FAIL("Pad: pads must be 2*rank known int64 values");
	if (present(r, 2) &&
	    (r->in[2].rank != 0 || r->in[2].dtype != x->dtype))
		FAIL("Pad: constant_value must be a scalar of the input dtype");
	out_like(r, 0, x, x->dtype);
	for (i = 0; i < x->rank; i++) {
		int64_t b = optable_val_int(r->in[1].val[i]);
		int64_t e = optable_val_int(r->in[1].val[x->rank + i]);

		if (!strcmp(mode, "reflect") && (b >= x->dim[i] || e >= x->dim[i]))
			FAIL("Pad: reflect pads must be smaller than the dim");
		if (!strcmp(mode, "edge") && x->dim[i] == 0 && (b || e))
			FAIL("Pad: edge padding of an empty dim");
		DIM_ADD(&r->out[0].dim[i], x->dim[i], b);
		DIM_ADD(&r->out[0].dim[i], r->out[0].dim[i], e);
		if (r->out[0].dim[i] < 0)
			FAIL("Pad: negative output dim");
	}
	return 0;
}

static int rule_tile(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int i;

	if (!known(r, 1, x->rank) || r->in[1].dtype != OPT_INT64)
		FAIL("Tile: repeats must be rank known int64 values");
	out_like(r, 0, x, x->dtype);
	for (i = 0; i < x->rank; i++) {
		if (r->in[1].val[i] < 0)
			FAIL("Tile: negative repeat");
		DIM_MUL(&r->out[0].dim[i], x->dim[i],
			optable_val_int(r->in[1].val[i]));
	}
	return 0;
}

static int rule_expand(rule *r)
{
	opt_tensor s;
	int i;

	if (!known(r, 1, -1) || r->in[1].dtype != OPT_INT64 ||
	    r->in[1].nval > OPT_MAX_RANK)
		FAIL("Expand: shape must be known int64 values");
	s.rank = r->in[1].nval;
	for (i = 0; i < s.rank; i++)
		s.dim[i] = optable_val_int(r->in[1].val[i]);
	out_like(r, 0, &r->in[0], r->in[0].dtype);
	if (optable_broadcast(&r->out[0], &r->in[0], &s) < 0)
		FAIL("Expand: shape does not broadcast");
	return 0;
}

static int rule_gather(rule *r)
{
	const opt_tensor *x = &r->in[0], *ix = &r->in[1];
	int axis = norm_axis(optable_attrs_int(r->at, "axis", 0), x->rank), i, k = 0;

	if (axis < 0)
		FAIL("Gather: axis out of range");
	if (ix->dtype != OPT_INT64 && ix->dtype != OPT_INT32)
		FAIL("Gather: indices must be int32 or int64");
	if (x->rank - 1 + ix->rank > OPT_MAX_RANK)
		FAIL("Gather: rank too large");
	for (i = 0; ix->nval > 0 && i < ix->nval; i++)
		if (ix->val[i] < -x->dim[axis] || ix->val[i] >= x->dim[axis])
			FAIL("Gather: index out of range");
	out_like(r, 0, x, x->dtype);
	for (i = 0; i < axis; i++)
		r->out[0].dim[k++] = x->dim[i];
	for (i = 0; i < ix->rank; i++)
		r->out[0].dim[k++] = ix->dim[i];
	for (i = axis + 1; i < x->rank; i++)
		r->out[0].dim[k++] = x->dim[i];
	r->out[0].rank = k;
	return 0;
}

static int rule_gatherelem(rule *r)
{
	const opt_tensor *x = &r->in[0], *ix = &r->in[1];
	int axis = norm_axis(optable_attrs_int(r->at, "axis", 0), x->rank), i;

	if (axis < 0)
		FAIL("GatherElements: axis out of range");
	if (ix->rank != x->rank ||
	    (ix->dtype != OPT_INT64 && ix->dtype != OPT_INT32))
		FAIL("GatherElements: indices must be int of the data's rank");
	for (i = 0; i < x->rank; i++)
		if (i != axis && ix->dim[i] > x->dim[i])
			FAIL("GatherElements: indices larger than data");
	out_like(r, 0, ix, x->dtype);
	return 0;
}

static int reduce_with(rule *r, unsigned set, int all)
{
	const opt_tensor *x = &r->in[0];
	int keep = (int)optable_attrs_int(r->at, "keepdims", 1), i;

	out_like(r, 0, x, x->dtype);
	r->out[0].rank = 0;
	for (i = 0; i < x->rank; i++) {
		if (all || (set >> i) & 1) {
			if (keep)
				r->out[0].dim[r->out[0].rank++] = 1;
			continue;
		}
		r->out[0].dim[r->out[0].rank++] = x->dim[i];
	}
	return 0;
}

static int rule_reduce(rule *r)
{
	const opt_attr *ax = optable_attrs_get(r->at, "axes");
	unsigned set = 0;
	int i;

	for (i = 0; ax && i < ax->n; i++) {
		int a = norm_axis(ax->i[i], r->in[0].rank);

		if (a < 0 || (set >> a) & 1)
			FAIL("%s: bad or repeated axis", r->op->name);
		set |= 1u << a;
	}
	return reduce_with(r, set, !ax || ax->n == 0);
}

static int rule_reduce_in(rule *r)
{
	unsigned set = 0;
	int noop = (int)optable_attrs_int(r->at, "noop_with_empty_axes", 0);

	if (present(r, 1)) {
		if (axes_set(r, 1, r->in[0].rank, &set) < 0)
			return -1;
		if (r->in[1].nval == 0 && noop)
			return rule_unary(r);
		return reduce_with(r, set, r->in[1].nval == 0);
	}
	if (noop)
		return rule_unary(r);
	return reduce_with(r, 0, 1);
}

static int rule_arg(rule *r)
{
	int axis = norm_axis(optable_attrs_int(r->at, "axis", 0), r->in[0].rank);

	if (axis < 0)
		FAIL("%s: axis out of range", r->op->name);
	if (reduce_with(r, 1u << axis, 0) < 0)
		return -1;
	r->out[0].dtype = OPT_INT64;
	return 0;
}

static int rule_resize(rule *r)
{
	const opt_tensor *x = &r->in[0];
	const char *mode = optable_attrs_str(r->at, "mode", "nearest");
	int i;

	if (present(r, 2) && present(r, 3))
		FAIL("Resize: give scales or sizes, not both");
	out_like(r, 0, x, x->dtype);
	if (present(r, 2)) {
		if (!known(r, 2, x->rank) || r->in[2].dtype != OPT_FLOAT)
			FAIL("Resize: scales must be rank known floats");
		for (i = 0; i < x->rank; i++) {
			if (r->in[2].val[i] <= 0)
				FAIL("Resize: scales must be positive");
			/* floor, in float as the spec computes it (both > 0);
			** a product past int64 has no dim */
			float o = (float)x->dim[i] * (float)r->in[2].val[i];
			if (!(o < 9.2e18f))
				FAIL("Resize: a dimension overflows int64");
			r->out[0].dim[i] = (int64_t)o;
			if (r->out[0].dim[i] < 1)
				FAIL("Resize: scale empties a dimension");
		}
	} else if (present(r, 3)) {
		if (!known(r, 3, x->rank) || r->in[3].dtype != OPT_INT64)
			FAIL("Resize: sizes must be rank known int64 values");
		for (i = 0; i < x->rank; i++)
			r->out[0].dim[i] = optable_val_int(r->in[3].val[i]);
	} else {
		FAIL("Resize: scales or sizes is required");
	}
	if (strcmp(mode, "nearest") && strcmp(mode, "linear") &&
	    strcmp(mode, "cubic"))
		FAIL("Resize: unknown mode %s", mode);
	return 0;
}

static int rule_shape(rule *r)
{
	int i;

	r->out[0].dtype = OPT_INT64;
	r->out[0].rank = 1;
	r->out[0].dim[0] = r->in[0].rank;
	r->out[0].nval = r->in[0].rank;
	for (i = 0; i < r->in[0].rank; i++)
		r->out[0].val[i] = (double)r->in[0].dim[i];
	return 0;
}

static int rule_size(rule *r)
{
	r->out[0].dtype = OPT_INT64;
	r->out[0].rank = 0;
	r->out[0].nval = 1;
	r->out[0].val[0] = (double)optable_numel(&r->in[0]);
	return 0;
}

static int rule_topk(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int axis = norm_axis(optable_attrs_int(r->at, "axis", -1), x->rank);

	if (axis < 0)
		FAIL("TopK: axis out of range");
	if (!known(r, 1, 1) || r->in[1].dtype != OPT_INT64 || r->in[1].rank != 1)
		FAIL("TopK: K must be a known 1-element int64 tensor");
	if (r->in[1].val[0] < 0 || r->in[1].val[0] > x->dim[axis])
		FAIL("TopK: K out of range");
	out_like(r, 0, x, x->dtype);
	r->out[0].dim[axis] = optable_val_int(r->in[1].val[0]);
	r->out[1] = r->out[0];
	r->out[1].dtype = OPT_INT64;
	return 0;
}

static int rule_cumsum(rule *r)
{
	if (!known(r, 1, 1) || r->in[1].rank > 1 ||
	    (r->in[1].dtype != OPT_INT64 && r->in[1].dtype != OPT_INT32))
		FAIL("CumSum: axis must be a known int scalar");
	if (norm_axis(optable_val_int(r->in[1].val[0]), r->in[0].rank) < 0)
		FAIL("CumSum: axis out of range");
	return rule_unary(r);
}

static int rule_d2s(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int64_t b = optable_attrs_int(r->at, "blocksize", 0);

	int64_t bb;

	if (b < 1)
		FAIL("DepthToSpace: blocksize must be positive");
	DIM_MUL(&bb, b, b);
	if (x->dim[1] % bb)
		FAIL("DepthToSpace: C not divisible by blocksize^2");
	out_like(r, 0, x, x->dtype);
	r->out[0].dim[1] = x->dim[1] / bb;
	DIM_MUL(&r->out[0].dim[2], x->dim[2], b);
	DIM_MUL(&r->out[0].dim[3], x->dim[3], b);
	return 0;
}

static int rule_s2d(rule *r)
{
	const opt_tensor *x = &r->in[0];
	int64_t b = optable_attrs_int(r->at, "blocksize", 0);

	if (b < 1 || x->dim[2] % b || x->dim[3] % b)
		FAIL("SpaceToDepth: H and W not divisible by blocksize");
	out_like(r, 0, x, x->dtype);
	DIM_MUL(&r->out[0].dim[1], x->dim[1], b);
	DIM_MUL(&r->out[0].dim[1], r->out[0].dim[1], b);
	r->out[0].dim[2] = x->dim[2] / b;
	r->out[0].dim[3] = x->dim[3] / b;
	return 0;
}

static int (*const rules[OPT_NFAMILIES])(rule *) = {
	[OPT_UNARY] = rule_unary, [OPT_BINARY] = rule_binary,
	[OPT_PRELU] = rule_prelu, [OPT_VARIADIC] = rule_variadic,
	[OPT_WHERE] = rule_where, [OPT_CLIP] = rule_clip,
	[OPT_CAST] = rule_cast, [OPT_SOFTMAX] = rule_softmax,
	[OPT_CONV] = rule_conv, [OPT_CONVT] = rule_convt,
	[OPT_POOL] = rule_pool, [OPT_GPOOL] = rule_gpool,
	[OPT_GEMM] = rule_gemm, [OPT_MATMUL] = rule_matmul,
	[OPT_BNORM] = rule_bnorm, [OPT_INORM] = rule_inorm,
	[OPT_LRN] = rule_lrn, [OPT_LPNORM] = rule_lpnorm,
	[OPT_MVN] = rule_mvn, [OPT_RESHAPE] = rule_reshape,
	[OPT_TRANSPOSE] = rule_transpose, [OPT_SQUEEZE] = rule_squeeze,
	[OPT_UNSQUEEZE] = rule_unsqueeze, [OPT_FLATTEN] = rule_flatten,
	[OPT_CONCAT] = rule_concat, [OPT_SPLIT] = rule_split,
	[OPT_SLICE] = rule_slice, [OPT_PAD] = rule_pad,
	[OPT_TILE] = rule_tile, [OPT_EXPAND] = rule_expand,
	[OPT_GATHER] = rule_gather, [OPT_GATHERELEM] = rule_gatherelem,
	[OPT_REDUCE] = rule_reduce, [OPT_REDUCE_IN] = rule_reduce_in,
	[OPT_ARG] = rule_arg, [OPT_RESIZE] = rule_resize,
	[OPT_SHAPE] = rule_shape, [OPT_SIZE] = rule_size,
	[OPT_TOPK] = rule_topk, [OPT_CUMSUM] = rule_cumsum,
	[OPT_D2S] = rule_d2s, [OPT_S2D] = rule_s2d,
};

int optable_infer_shapes(const opt_entry *op, const opt_tensor *in, int nin,
	const opt_attrs *attrs, opt_tensor *out, int nout, gred_error *e)
{
	rule r = {op, in, nin, attrs, out, nout, e};
	int i, d;

	if (nin < op->min_in || nin > op->max_in)
		return gred_errorf(e, "%s: %d inputs, want %d..%d", op->name, nin,
			op->min_in, op->max_in);
	if (nout < op->min_out || nout > op->max_out)
		return gred_errorf(e, "%s: %d outputs, want %d..%d", op->name,
			nout, op->min_out, op->max_out);
	if (!in[0].dtype)
		return gred_errorf(e, "%s: the first input is required", op->name);
	/* types constrain the data input: Where's is the second */
	d = op->family == OPT_WHERE ? 1 : 0;
	if (!(op->types & OPT_T(in[d].dtype)))
		return gred_errorf(e, "%s: dtype %d not accepted", op->name,
			in[d].dtype);
	if (in[0].rank < op->min_rank || in[0].rank > op->max_rank)
		return gred_errorf(e, "%s: rank %d, want %d..%d", op->name,
			in[0].rank, op->min_rank, op->max_rank);
	for (i = 0; i < nin; i++) {
		int k;
		if (in[i].rank < 0 || in[i].rank > OPT_MAX_RANK)
			return gred_errorf(e, "%s: input %d has a bad rank", op->name, i);
		if (in[i].nval > OPT_MAX_VALS)
			return gred_errorf(e, "%s: input %d has too many values",
				op->name, i);
		/* (The rules' arithmetic assumes dims >= 0.) */
		for (k = 0; in[i].dtype && k < in[i].rank; k++)
			if (in[i].dim[k] < 0)
				return gred_errorf(e, "%s: input %d has a negative "
					"dim", op->name, i);
	}
	memset(out, 0, (size_t)nout * sizeof(*out));
	if (rules[op->family](&r) < 0)
		return -1;
	for (i = 0; i < nout; i++) {
		if (op->out_type == OPT_OUT_BOOL && i == 0)
			out[i].dtype = OPT_BOOL;
		else if (op->out_type == OPT_OUT_INT64 && i == 0)
			out[i].dtype = OPT_INT64;
	}
	return 0;
}

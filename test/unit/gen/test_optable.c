/*
** Unit tests of the op table (ir/optable.c): known shapes in, known shapes
** out, and the constraint violations each rule must refuse.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "optable.h"

/* A tensor of dtype with the given dims (terminated by -1). */
static opt_tensor T(int dtype, int rank, const int64_t *dims)
{
	opt_tensor t;

	memset(&t, 0, sizeof(t));
	t.dtype = dtype;
	t.rank = rank;
	t.nval = -1;
	memcpy(t.dim, dims, (size_t)rank * sizeof(*dims));
	return t;
}

#define SHAPE(dt, ...) \
	T(dt, (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), \
	  (int64_t[]){__VA_ARGS__})
#define SCALAR(dt) T(dt, 0, NULL)

/* A known int64 (or float) constant input. */
static opt_tensor K(int dtype, int n, const double *v)
{
	opt_tensor t;

	memset(&t, 0, sizeof(t));
	t.dtype = dtype;
	t.rank = 1;
	t.dim[0] = n;
	t.nval = n;
	memcpy(t.val, v, (size_t)n * sizeof(*v));
	return t;
}

#define INTS(...) \
	K(OPT_INT64, (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), \
	  (double[]){__VA_ARGS__})
#define FLOATS(...) \
	K(OPT_FLOAT, (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), \
	  (double[]){__VA_ARGS__})

static int infer(const char *op, const opt_tensor *in, int nin,
	const opt_attrs *a, opt_tensor *out, int nout, gred_error *e)
{
	const opt_entry *x = optable_find(op);
	opt_attrs none = {0};

	assert_non_null(x);
	return optable_infer_shapes(x, in, nin, a ? a : &none, out, nout, e);
}

static void expect_shape(const opt_tensor *t, int dtype, int rank,
	const int64_t *dims)
{
	int i;

	assert_int_equal(t->dtype, dtype);
	assert_int_equal(t->rank, rank);
	for (i = 0; i < rank; i++)
		assert_int_equal(t->dim[i], dims[i]);
}

#define EXPECT(t, dt, ...) \
	expect_shape((t), (dt), \
		(int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), \
		(int64_t[]){__VA_ARGS__})

static void test_optable__table_covers_isra_ops(void **state)
{
	static const char *const want[] = {"Conv", "ConvTranspose", "MaxPool",
		"AveragePool", "Gemm", "MatMul", "BatchNormalization", "Reshape",
		"Transpose", "Squeeze", "Unsqueeze", "Flatten", "Concat", "Split",
		"Slice", "Pad", "Tile", "Expand", "Gather", "ReduceMean", "Softmax",
		"Resize", "Cast", "Equal", "And", "Where", "Clip", "ArgMax"};
	size_t i;

	(void)state;
	assert_true(optable_count() >= 65);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_non_null(optable_find(want[i]));
	assert_null(optable_find("NoSuchOp"));
	for (i = 0; i < optable_count(); i++)
		assert_ptr_equal(optable_find(optable_at(i)->name), optable_at(i));
}

static void test_optable__broadcast(void **state)
{
	opt_tensor in[2] = {SHAPE(OPT_FLOAT, 4, 1, 3), SHAPE(OPT_FLOAT, 5, 1)};
	opt_tensor out[1];
	gred_error e;

	(void)state;
	assert_int_equal(infer("Add", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 4, 5, 3);
	assert_int_equal(infer("Less", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_BOOL, 4, 5, 3);
	in[1] = SHAPE(OPT_FLOAT, 2, 4);
	assert_int_equal(infer("Mul", in, 2, NULL, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "broadcast"));
	in[1] = SHAPE(OPT_INT64, 3);
	assert_int_equal(infer("Add", in, 2, NULL, out, 1, &e), -1);
}

static void test_optable__conv_and_pools(void **state)
{
	opt_tensor in[3] = {SHAPE(OPT_FLOAT, 1, 3, 8, 8),
		SHAPE(OPT_FLOAT, 4, 3, 3, 3), SHAPE(OPT_FLOAT, 4)};
	opt_tensor out[1];
	opt_attrs a = {0};
	gred_error e;

	(void)state;
	optable_attrs_set_ints(&a, "pads", (int64_t[]){1, 1, 1, 1}, 4);
	assert_int_equal(infer("Conv", in, 3, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 4, 8, 8);
	optable_attrs_set_ints(&a, "strides", (int64_t[]){2, 2}, 2);
	optable_attrs_set_ints(&a, "dilations", (int64_t[]){2, 1}, 2);
	assert_int_equal(infer("Conv", in, 3, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 4, 3, 4);
	/* group 3 needs W with C/3 = 1 input channel */
	optable_attrs_set_int(&a, "group", 3);
	assert_int_equal(infer("Conv", in, 3, &a, out, 1, &e), -1);
	in[1] = SHAPE(OPT_FLOAT, 6, 1, 3, 3);
	in[2] = SHAPE(OPT_FLOAT, 6);
	assert_int_equal(infer("Conv", in, 3, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 6, 3, 4);

	/* ConvTranspose: s*(in-1) + op + (k-1)*d + 1 - pads */
	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, 1, 2, 3, 3);
	in[1] = SHAPE(OPT_FLOAT, 2, 3, 3, 3);
	optable_attrs_set_ints(&a, "strides", (int64_t[]){2, 2}, 2);
	optable_attrs_set_ints(&a, "output_padding", (int64_t[]){1, 0}, 2);
	assert_int_equal(infer("ConvTranspose", in, 2, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 3, 8, 7);

	/* MaxPool with ceil_mode */
	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, 1, 1, 5, 5);
	optable_attrs_set_ints(&a, "kernel_shape", (int64_t[]){2, 2}, 2);
	optable_attrs_set_ints(&a, "strides", (int64_t[]){2, 2}, 2);
	assert_int_equal(infer("MaxPool", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 1, 2, 2);
	optable_attrs_set_int(&a, "ceil_mode", 1);
	assert_int_equal(infer("MaxPool", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 1, 3, 3);
	/* pads must be smaller than the kernel */
	optable_attrs_set_ints(&a, "pads", (int64_t[]){2, 0, 0, 0}, 4);
	assert_int_equal(infer("AveragePool", in, 1, &a, out, 1, &e), -1);

	assert_int_equal(infer("GlobalAveragePool", in, 1, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 1, 1, 1);
}

static void test_optable__matmul_and_gemm(void **state)
{
	opt_tensor in[3] = {SHAPE(OPT_FLOAT, 2, 1, 3, 4),
		SHAPE(OPT_FLOAT, 5, 4, 6)};
	opt_tensor out[1];
	opt_attrs a = {0};
	gred_error e;

	(void)state;
	assert_int_equal(infer("MatMul", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 2, 5, 3, 6);
	in[0] = SHAPE(OPT_FLOAT, 4);
	in[1] = SHAPE(OPT_FLOAT, 4, 5);
	assert_int_equal(infer("MatMul", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 5);
	in[1] = SHAPE(OPT_FLOAT, 4);
	assert_int_equal(infer("MatMul", in, 2, NULL, out, 1, &e), 0);
	assert_int_equal(out[0].rank, 0);

	in[0] = SHAPE(OPT_FLOAT, 3, 2);
	in[1] = SHAPE(OPT_FLOAT, 5, 2);
	in[2] = SHAPE(OPT_FLOAT, 5);
	assert_int_equal(infer("Gemm", in, 3, NULL, out, 1, &e), -1);
	optable_attrs_set_int(&a, "transB", 1);
	assert_int_equal(infer("Gemm", in, 3, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 3, 5);
	in[2] = SHAPE(OPT_FLOAT, 3);
	assert_int_equal(infer("Gemm", in, 3, &a, out, 1, &e), -1);
}

static void test_optable__reshape_family(void **state)
{
	opt_tensor in[5], out[4];
	opt_attrs a = {0};
	gred_error e;

	(void)state;
	in[0] = SHAPE(OPT_INT32, 2, 3, 4);
	in[1] = INTS(0, -1);
	assert_int_equal(infer("Reshape", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_INT32, 2, 12);
	in[1] = INTS(5, -1);
	assert_int_equal(infer("Reshape", in, 2, NULL, out, 1, &e), -1);

	optable_attrs_set_ints(&a, "perm", (int64_t[]){2, 0, 1}, 3);
	assert_int_equal(infer("Transpose", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_INT32, 4, 2, 3);

	in[0] = SHAPE(OPT_FLOAT, 1, 3, 1);
	in[1] = INTS(-1);
	assert_int_equal(infer("Squeeze", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 3);
	assert_int_equal(infer("Squeeze", in, 1, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 3);
	in[1] = INTS(1);
	assert_int_equal(infer("Squeeze", in, 2, NULL, out, 1, &e), -1);
	in[1] = INTS(0, -1);
	assert_int_equal(infer("Unsqueeze", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 1, 3, 1, 1);

	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, 2, 3, 4);
	optable_attrs_set_int(&a, "axis", 2);
	assert_int_equal(infer("Flatten", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 6, 4);

	in[1] = INTS(1, 3);
	optable_attrs_set_int(&a, "axis", -1);
	assert_int_equal(infer("Split", in, 2, &a, out, 2, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 2, 3, 1);
	EXPECT(&out[1], OPT_FLOAT, 2, 3, 3);
	assert_int_equal(infer("Split", in, 1, &a, out, 2, &e), 0);
	EXPECT(&out[1], OPT_FLOAT, 2, 3, 2);
	assert_int_equal(infer("Split", in, 1, &a, out, 3, &e), -1);

	in[1] = SHAPE(OPT_FLOAT, 2, 5, 4);
	optable_attrs_set_int(&a, "axis", 1);
	assert_int_equal(infer("Concat", in, 2, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 2, 8, 4);
	optable_attrs_set_int(&a, "axis", 0);
	assert_int_equal(infer("Concat", in, 2, &a, out, 1, &e), -1);
}

static void test_optable__slice_pad_tile_expand(void **state)
{
	opt_tensor in[5], out[1];
	gred_error e;

	(void)state;
	in[0] = SHAPE(OPT_FLOAT, 10, 6);
	in[1] = INTS(-3, 5);
	in[2] = INTS(9.3e18, -10);  /* INT64_MAX-like end, end before 0 */
	in[3] = INTS(0, 1);
	in[4] = INTS(1, -2);
	assert_int_equal(infer("Slice", in, 5, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 3, 3);
	in[4] = INTS(1, 0);
	assert_int_equal(infer("Slice", in, 5, NULL, out, 1, &e), -1);

	in[1] = INTS(1, 0, 2, 1);
	assert_int_equal(infer("Pad", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 13, 7);

	in[1] = INTS(2, 3);
	assert_int_equal(infer("Tile", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 20, 18);

	in[0] = SHAPE(OPT_FLOAT, 3, 1);
	in[1] = INTS(2, 1, 4);
	assert_int_equal(infer("Expand", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 2, 3, 4);
	in[1] = INTS(2, 2);
	assert_int_equal(infer("Expand", in, 2, NULL, out, 1, &e), -1);
}

/* Every rule that adds or multiplies dims fails, as an error, when the
** result overflows int64 (ASan+UBSan builds check that nothing else
** happens); within range the same rules still answer. */
static void test_optable__overflow(void **state)
{
	const int64_t big = INT64_C(1) << 40, max = INT64_MAX;
	opt_tensor in[3], out[2];
	opt_attrs a = {0};
	gred_error e;

	(void)state;
	in[0] = SHAPE(OPT_FLOAT, big, 2);
	in[1] = INTS(1 << 30, 1);
	assert_int_equal(infer("Tile", in, 2, NULL, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "overflow"));
	in[1] = INTS(1 << 20, 1);
	assert_int_equal(infer("Tile", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, big << 20, 2);

	in[0] = SHAPE(OPT_FLOAT, max - 1);
	in[1] = INTS(1, 5);
	assert_int_equal(infer("Pad", in, 2, NULL, out, 1, &e), -1);
	in[1] = INTS(1, 0);
	assert_int_equal(infer("Pad", in, 2, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, max);

	/* Reshape: the input's count, and the product of the new shape */
	in[0] = SHAPE(OPT_FLOAT, big, big);
	in[1] = INTS(-1);
	assert_int_equal(infer("Reshape", in, 2, NULL, out, 1, &e), -1);
	in[0] = SHAPE(OPT_FLOAT, 4);
	in[1] = INTS((double)big, (double)big, 0);
	assert_int_equal(infer("Reshape", in, 2, NULL, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "overflow"));

	in[0] = SHAPE(OPT_FLOAT, big, big);
	optable_attrs_set_int(&a, "axis", 0);
	assert_int_equal(infer("Flatten", in, 1, &a, out, 1, &e), -1);

	in[0] = SHAPE(OPT_FLOAT, max / 2 + 1, 3);
	in[1] = in[0];
	assert_int_equal(infer("Concat", in, 2, &a, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "overflow"));

	in[0] = SHAPE(OPT_FLOAT, 6);
	in[1] = INTS(9e18, 9e18);
	assert_int_equal(infer("Split", in, 2, &a, out, 2, &e), -1);

	/* Slice steps at both ends of int64 take one element */
	in[0] = SHAPE(OPT_FLOAT, 10);
	in[1] = INTS(0);
	in[2] = INTS(10);
	opt_tensor sl[5] = {in[0], in[1], in[2], INTS(0), INTS(9.3e18)};
	assert_int_equal(infer("Slice", sl, 5, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1);
	sl[1] = INTS(9);
	sl[2] = INTS(-9.3e18);
	sl[4] = INTS(-9.3e18);
	assert_int_equal(infer("Slice", sl, 5, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1);

	/* Conv: group times W's channels, and padded input */
	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, 1, 4, 8, 8);
	in[1] = SHAPE(OPT_FLOAT, 4, big, 3, 3);
	optable_attrs_set_int(&a, "group", INT64_C(1) << 30);
	assert_int_equal(infer("Conv", in, 2, &a, out, 1, &e), -1);
	memset(&a, 0, sizeof(a));
	in[1] = SHAPE(OPT_FLOAT, 4, 4, 3, 3);
	optable_attrs_set_ints(&a, "pads", (int64_t[]){max, 0, max, 0}, 4);
	assert_int_equal(infer("Conv", in, 2, &a, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "overflow"));
	memset(&a, 0, sizeof(a));
	optable_attrs_set_ints(&a, "dilations", (int64_t[]){max, 1}, 2);
	assert_int_equal(infer("Conv", in, 2, &a, out, 1, &e), -1);

	/* ConvTranspose: stride times input */
	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, 1, 4, big, 8);
	in[1] = SHAPE(OPT_FLOAT, 4, 2, 3, 3);
	optable_attrs_set_ints(&a, "strides", (int64_t[]){big, 1}, 2);
	assert_int_equal(infer("ConvTranspose", in, 2, &a, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "overflow"));
	optable_attrs_set_ints(&a, "strides", (int64_t[]){2, 1}, 2);
	assert_int_equal(infer("ConvTranspose", in, 2, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 2, 2 * big + 1, 10);

	/* MaxPool with a huge kernel and pads */
	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, 1, 1, 8, 8);
	optable_attrs_set_ints(&a, "kernel_shape", (int64_t[]){max, 1}, 2);
	optable_attrs_set_ints(&a, "pads", (int64_t[]){max - 1, 0, max - 1, 0}, 4);
	assert_int_equal(infer("MaxPool", in, 1, &a, out, 1, &e), -1);
	optable_attrs_set_int(&a, "ceil_mode", 1);
	assert_int_equal(infer("MaxPool", in, 1, &a, out, 1, &e), -1);

	/* Resize: a float product past int64 */
	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, big);
	in[1] = SHAPE(OPT_FLOAT, 0);
	in[1].dtype = 0;
	in[2] = FLOATS(1e30);
	assert_int_equal(infer("Resize", in, 3, NULL, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "overflow"));

	/* DepthToSpace and SpaceToDepth: blocksize squared, dims times it */
	in[0] = SHAPE(OPT_FLOAT, 1, 4, 2, 2);
	optable_attrs_set_int(&a, "blocksize", INT64_C(1) << 32);
	assert_int_equal(infer("DepthToSpace", in, 1, &a, out, 1, &e), -1);
	in[0] = SHAPE(OPT_FLOAT, 1, big, INT64_C(1) << 32, INT64_C(1) << 32);
	assert_int_equal(infer("SpaceToDepth", in, 1, &a, out, 1, &e), -1);
	assert_non_null(strstr(e.msg, "overflow"));

	/* Negative dims are refused before any rule runs */
	in[0] = SHAPE(OPT_FLOAT, -1, 2);
	assert_int_equal(infer("Relu", in, 1, NULL, out, 1, &e), -1);

	/* numel saturates, NaN converts to 0 */
	in[0] = SHAPE(OPT_FLOAT, big, big);
	assert_true(optable_numel(&in[0]) == INT64_MAX);
	assert_true(optable_val_int(0.0 / 0.0) == 0);
}

static void test_optable__gather_reduce_misc(void **state)
{
	opt_tensor in[4], out[2];
	opt_attrs a = {0};
	gred_error e;

	(void)state;
	in[0] = SHAPE(OPT_FLOAT, 5, 4);
	in[1] = SHAPE(OPT_INT64, 2, 3);
	optable_attrs_set_int(&a, "axis", 1);
	assert_int_equal(infer("Gather", in, 2, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 5, 2, 3);

	memset(&a, 0, sizeof(a));
	in[0] = SHAPE(OPT_FLOAT, 2, 3, 4);
	optable_attrs_set_ints(&a, "axes", (int64_t[]){0, -1}, 2);
	optable_attrs_set_int(&a, "keepdims", 0);
	assert_int_equal(infer("ReduceMean", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 3);
	in[1] = INTS(1);
	optable_attrs_set_int(&a, "keepdims", 1);
	assert_int_equal(infer("ReduceSum", in, 2, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 2, 1, 4);

	memset(&a, 0, sizeof(a));
	optable_attrs_set_int(&a, "axis", 1);
	assert_int_equal(infer("ArgMax", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_INT64, 2, 1, 4);

	in[1] = INTS(2);
	assert_int_equal(infer("TopK", in, 2, &a, out, 2, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 2, 2, 4);
	EXPECT(&out[1], OPT_INT64, 2, 2, 4);

	in[1] = FLOATS(1, 2, 0.5);
	in[2] = in[1];
	memset(&in[1], 0, sizeof(in[1]));
	assert_int_equal(infer("Resize", in, 3, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 2, 6, 2);

	in[0] = SHAPE(OPT_FLOAT, 1, 8, 2, 3);
	memset(&a, 0, sizeof(a));
	optable_attrs_set_int(&a, "blocksize", 2);
	assert_int_equal(infer("DepthToSpace", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_FLOAT, 1, 2, 4, 6);
	assert_int_equal(infer("SpaceToDepth", in, 1, &a, out, 1, &e), -1);

	optable_attrs_set_int(&a, "to", OPT_INT8);
	assert_int_equal(infer("Cast", in, 1, &a, out, 1, &e), 0);
	EXPECT(&out[0], OPT_INT8, 1, 8, 2, 3);

	assert_int_equal(infer("Shape", in, 1, NULL, out, 1, &e), 0);
	EXPECT(&out[0], OPT_INT64, 4);
	assert_int_equal(out[0].nval, 4);
	assert_true(out[0].val[1] == 8);

	/* dtype and rank constraints come from the table */
	in[0] = SHAPE(OPT_INT32, 1, 8, 2, 3);
	assert_int_equal(infer("Relu", in, 1, NULL, out, 1, &e), -1);
	in[0] = SHAPE(OPT_FLOAT, 8, 2);
	assert_int_equal(infer("Conv", in, 1, NULL, out, 1, &e), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_optable__table_covers_isra_ops),
		cmocka_unit_test(test_optable__broadcast),
		cmocka_unit_test(test_optable__conv_and_pools),
		cmocka_unit_test(test_optable__matmul_and_gemm),
		cmocka_unit_test(test_optable__reshape_family),
		cmocka_unit_test(test_optable__slice_pad_tile_expand),
		cmocka_unit_test(test_optable__gather_reduce_misc),
		cmocka_unit_test(test_optable__overflow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

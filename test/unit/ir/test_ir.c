/*
** Unit tests of the ONNX bridge: hand-built models through import and
** export, modules edited the way a reducer edits them, bad bytes.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"
#include "onnx.h"
#include "onnx.pb-c.h"

/* The pieces of a hand-built model live here, so nothing leaks. */
static _Alignas(16) char pool[16384];
static size_t pool_used;

static void *arena(size_t n)
{
	void *p = pool + pool_used;

	pool_used += (n + 15) & ~(size_t)15;
	assert_true(pool_used <= sizeof(pool));
	memset(p, 0, n);
	return p;
}

static char *arena_str(const char *s)
{
	return strcpy(arena(strlen(s) + 1), s);
}

static Onnx__TensorShapeProto__Dimension *dim_value(int64_t v)
{
	Onnx__TensorShapeProto__Dimension *d = arena(sizeof(*d));
	onnx__tensor_shape_proto__dimension__init(d);
	d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
	d->dim_value = v;
	return d;
}

static Onnx__TensorShapeProto__Dimension *dim_param(const char *p)
{
	Onnx__TensorShapeProto__Dimension *d = arena(sizeof(*d));
	onnx__tensor_shape_proto__dimension__init(d);
	d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
	d->dim_param = arena_str(p);
	return d;
}

/* A float tensor value named name with the given dims. */
static Onnx__ValueInfoProto *value(const char *name, size_t rank,
	Onnx__TensorShapeProto__Dimension **dims)
{
	Onnx__ValueInfoProto *vi = arena(sizeof(*vi));
	Onnx__TypeProto *tp = arena(sizeof(*tp));
	Onnx__TypeProto__Tensor *tt = arena(sizeof(*tt));
	Onnx__TensorShapeProto *sh = arena(sizeof(*sh));

	onnx__value_info_proto__init(vi);
	onnx__type_proto__init(tp);
	onnx__type_proto__tensor__init(tt);
	onnx__tensor_shape_proto__init(sh);
	vi->name = arena_str(name);
	vi->type = tp;
	tp->value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
	tp->tensor_type = tt;
	tt->has_elem_type = 1;
	tt->elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT;
	tt->shape = sh;
	sh->n_dim = rank;
	sh->dim = arena((rank + 1) * sizeof(*sh->dim));
	memcpy(sh->dim, dims, rank * sizeof(*dims));
	return vi;
}

static char **strs(int n, ...)
{
	char **v = arena(((size_t)n + 1) * sizeof(char *));
	va_list ap;
	int i;

	va_start(ap, n);
	for (i = 0; i < n; i++)
		v[i] = arena_str(va_arg(ap, const char *));
	va_end(ap);
	return v;
}

/*
**   x[N,3] --Clip(x, "", hi)--> y[N,3]        hi: float_data initializer
**   opsets: "" 13, com.example 1; Clip has an INTS attribute and a doc
*/
static uint8_t *model_bytes(size_t *len)
{
	Onnx__ModelProto m = ONNX__MODEL_PROTO__INIT;
	Onnx__GraphProto g = ONNX__GRAPH_PROTO__INIT;
	Onnx__NodeProto n = ONNX__NODE_PROTO__INIT, *np = &n;
	Onnx__AttributeProto a = ONNX__ATTRIBUTE_PROTO__INIT, *ap = &a;
	Onnx__TensorProto t = ONNX__TENSOR_PROTO__INIT, *tp = &t;
	Onnx__OperatorSetIdProto o1 = ONNX__OPERATOR_SET_ID_PROTO__INIT;
	Onnx__OperatorSetIdProto o2 = ONNX__OPERATOR_SET_ID_PROTO__INIT;
	Onnx__OperatorSetIdProto *ops[2] = {&o1, &o2};
	Onnx__TensorShapeProto__Dimension *d1[2], *d2[2];
	Onnx__ValueInfoProto *in, *out;
	int64_t ints[2] = {4, -2};
	float hi = 6.0f;
	uint8_t *buf;

	pool_used = 0;
	d1[0] = dim_param("N");
	d1[1] = dim_value(3);
	d2[0] = dim_param("N");
	d2[1] = dim_value(3);
	in = value("x", 2, d1);
	out = value("y", 2, d2);
	o1.domain = "";
	o1.has_version = 1;
	o1.version = 13;
	o2.domain = "com.example";
	o2.has_version = 1;
	o2.version = 1;
	a.name = "tags";
	a.has_type = 1;
	a.type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS;
	a.n_ints = 2;
	a.ints = ints;
	n.op_type = "Clip";
	n.name = "clip0";
	n.doc_string = "clamps";
	n.n_input = 3;
	n.input = strs(3, "x", "", "hi");
	n.n_output = 1;
	n.output = strs(1, "y");
	n.n_attribute = 1;
	n.attribute = &ap;
	t.name = "hi";
	t.has_data_type = 1;
	t.data_type = ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT;
	t.n_float_data = 1;
	t.float_data = &hi;
	g.name = "g";
	g.n_node = 1;
	g.node = &np;
	g.n_input = 1;
	g.input = &in;
	g.n_output = 1;
	g.output = &out;
	g.n_initializer = 1;
	g.initializer = &tp;
	m.has_ir_version = 1;
	m.ir_version = 8;
	m.producer_name = "unit";
	m.n_opset_import = 2;
	m.opset_import = ops;
	m.graph = &g;
	*len = protobuf_c_message_get_packed_size(&m.base);
	buf = malloc(*len);
	protobuf_c_message_pack(&m.base, buf);
	return buf;
}

static char *print_op(MlirOperation op)
{
	gred_buf b = {0};
	gred_error e;

	assert_int_equal(ir_print(&b, op, 0, &e), 0);
	return b.data;
}

static void test_ir__hand_built_model_round_trips(void **state)
{
	MlirContext ctx = ir_context_new();
	MlirOperation op;
	gred_buf out = {0};
	gred_error e;
	size_t len;
	uint8_t *bytes = model_bytes(&len);
	char *text;

	(void)state;
	assert_int_equal(onnx_import(&op, ctx, bytes, len, "m.onnx", &e), 0);
	text = print_op(op);
	assert_non_null(strstr(text, "tensor<?x3xf32>"));
	assert_non_null(strstr(text, "\"onnx.NoValue\"() : () -> none"));
	assert_non_null(strstr(text, "dim_param = \"N\""));
	assert_non_null(strstr(text, "onnx.domain = \"com.example\"") ||
		strstr(text, "domain = \"com.example\""));
	assert_non_null(strstr(text, "tags = [4, -2]"));
	assert_non_null(strstr(text, "field = \"float_data\""));
	assert_int_equal(onnx_export(&out, op, &e), 0);
	assert_int_equal(out.len, len);
	assert_memory_equal(out.data, bytes, len);
	free(text);
	buf_free(&out);
	free(bytes);
	mlirOperationDestroy(op);
	mlirContextDestroy(ctx);
}

/* What a reducer leaves behind: an argument dropped (names out of sync),
** a result type made dynamic (its dim becomes a dim_param), a new Constant with only a value, a splat,
** a value whose name is taken, an op whose outputs lost their names. */
static const char reduced[] =
	"module attributes {onnx.ir_version = 8 : i64} {\n"
	"  func.func @main_graph(%a: tensor<2xf32>) -> tensor<?xf32> attributes {"
	"onnx.input_names = [\"x\", \"y\"], onnx.output_names = [\"z\"]} {\n"
	"    %c = \"onnx.Constant\"() {value = dense<1.5> : tensor<2xf32>} : () -> tensor<2xf32>\n"
	"    %w = \"onnx.Constant\"() {value = dense<2.0> : tensor<2xf32>, onnx.initializer, onnx.outputs = [\"w\"]} : () -> tensor<2xf32>\n"
	"    %0 = \"onnx.Add\"(%a, %c) {onnx.outputs = [\"w\"]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xf32>\n"
	"    %1 = \"onnx.Mul\"(%0, %w) : (tensor<?xf32>, tensor<2xf32>) -> tensor<?xf32>\n"
	"    return %1 : tensor<?xf32>\n"
	"  }\n"
	"}\n";

static void test_ir__export_accepts_reduced_modules(void **state)
{
	MlirContext ctx = ir_context_new();
	MlirOperation op;
	gred_buf out = {0};
	gred_error e;
	Onnx__ModelProto *m;
	Onnx__GraphProto *g;

	(void)state;
	assert_int_equal(ir_parse(&op, ctx, reduced, strlen(reduced), "r.mlir",
		&e), 0);
	assert_int_equal(onnx_export(&out, op, &e), 0);
	m = onnx__model_proto__unpack(NULL, out.len, (uint8_t *)out.data);
	assert_non_null(m);
	g = m->graph;
	assert_int_equal(g->n_input, 1);
	assert_int_equal(g->n_initializer, 1);
	assert_string_equal(g->initializer[0]->name, "w");
	assert_int_equal(g->initializer[0]->raw_data.len, 8);
	assert_int_equal(g->n_node, 3);
	assert_string_equal(g->node[0]->op_type, "Constant");
	assert_int_equal(g->node[0]->attribute[0]->t->raw_data.len, 8);
	/* Add's output could not keep the name "w": an initializer has it. */
	assert_string_equal(g->node[1]->op_type, "Add");
	assert_string_not_equal(g->node[1]->output[0], "w");
	assert_string_equal(g->node[2]->input[0], g->node[1]->output[0]);
	assert_string_equal(g->node[2]->input[1], "w");
	assert_string_equal(g->output[0]->name, g->node[2]->output[0]);
	assert_int_equal(g->output[0]->type->tensor_type->shape->n_dim, 1);
	/* a dim without a value gets a dim_param, as shape inference names
	** the dims it cannot know */
	assert_int_equal(g->output[0]->type->tensor_type->shape->dim[0]->value_case,
		ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM);
	assert_string_equal(g->output[0]->type->tensor_type->shape->dim[0]->dim_param,
		"unk__0");
	onnx__model_proto__free_unpacked(m, NULL);
	buf_free(&out);
	mlirOperationDestroy(op);
	mlirContextDestroy(ctx);
}

static void test_ir__bad_bytes_are_errors(void **state)
{
	MlirContext ctx = ir_context_new();
	MlirOperation op;
	gred_error e;
	uint8_t junk[256];
	size_t i, len;
	uint8_t *bytes = model_bytes(&len);

	(void)state;
	for (i = 0; i < sizeof(junk); i++)
		junk[i] = (uint8_t)(i * 37 + 11);
	assert_int_equal(onnx_import(&op, ctx, junk, sizeof(junk), "j", &e), -1);
	assert_int_equal(onnx_import(&op, ctx, "", 0, "j", &e), -1);
	/* Every truncation fails cleanly or imports a smaller model. */
	for (i = 1; i < len; i++) {
		if (onnx_import(&op, ctx, bytes, i, "t", &e) == 0)
			mlirOperationDestroy(op);
	}
	free(bytes);
	mlirContextDestroy(ctx);
}

/* Appends field num (length-delimited) holding payload to out. */
static void put_field(gred_buf *out, unsigned num, const gred_buf *payload)
{
	uint8_t v[16];
	size_t n = 0, len = payload->len;

	v[n++] = (uint8_t)(num << 3 | 2);
	do {
		v[n++] = (uint8_t)((len & 0x7f) | (len > 0x7f ? 0x80 : 0));
		len >>= 7;
	} while (len);
	buf_append(out, v, n);
	if (payload->len)
		buf_append(out, payload->data, payload->len);
}

/* Subgraphs nested far too deep: an error, not a stack overflow. */
static void test_ir__deep_nesting_is_an_error(void **state)
{
	MlirContext ctx = ir_context_new();
	gred_buf inner = {0}, attr, node, model = {0};
	MlirOperation op;
	gred_error e;
	int i;

	(void)state;
	for (i = 0; i < 1000; i++) {
		gred_buf name = {0};
		attr = (gred_buf){0};
		node = (gred_buf){0};
		buf_append(&name, "g", 1);
		put_field(&attr, 1, &name);
		put_field(&attr, 6, &inner);
		buf_free(&name);
		buf_append(&name, "If", 2);
		put_field(&node, 4, &name);
		put_field(&node, 5, &attr);
		buf_free(&inner);
		put_field(&inner, 1, &node);
		buf_free(&name);
		buf_free(&attr);
		buf_free(&node);
	}
	buf_append(&model, "\x08\x07", 2);
	put_field(&model, 7, &inner);
	assert_int_equal(onnx_import(&op, ctx, model.data, model.len, "d", &e), -1);
	assert_non_null(strstr(e.msg, "nest"));
	buf_free(&inner);
	buf_free(&model);
	mlirContextDestroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ir__hand_built_model_round_trips),
		cmocka_unit_test(test_ir__export_accepts_reduced_modules),
		cmocka_unit_test(test_ir__bad_bytes_are_errors),
		cmocka_unit_test(test_ir__deep_nesting_is_an_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
** Unit tests of the generator (gen/): models unpack, every node's declared
** output types match the op table's inference, seeds reproduce.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cov.h"
#include "gen.h"
#include "onnx.pb-c.h"
#include "optable.h"

/* Finds the declared type of a tensor name in the graph (inputs,
** value_info, outputs, initializers). */
static int lookup(const Onnx__GraphProto *g, const char *name, opt_tensor *t)
{
	Onnx__ValueInfoProto **lists[3] = {g->input, g->value_info, g->output};
	size_t counts[3] = {g->n_input, g->n_value_info, g->n_output}, i, j;

	memset(t, 0, sizeof(*t));
	t->nval = -1;
	for (i = 0; i < 3; i++)
		for (j = 0; j < counts[i]; j++) {
			const Onnx__ValueInfoProto *v = lists[i][j];
			const Onnx__TensorShapeProto *s = v->type->tensor_type->shape;
			size_t k;

			if (strcmp(v->name, name))
				continue;
			t->dtype = v->type->tensor_type->elem_type;
			t->rank = (int)s->n_dim;
			for (k = 0; k < s->n_dim; k++)
				t->dim[k] = s->dim[k]->dim_value;
			return 0;
		}
	for (j = 0; j < g->n_initializer; j++) {
		const Onnx__TensorProto *x = g->initializer[j];
		size_t k;

		if (strcmp(x->name, name))
			continue;
		t->dtype = x->data_type;
		t->rank = (int)x->n_dims;
		for (k = 0; k < x->n_dims; k++)
			t->dim[k] = x->dims[k];
		/* int64 constants carry known values (shapes, axes, pads) */
		if (x->data_type == OPT_INT64 && x->raw_data.len / 8 <= OPT_MAX_VALS) {
			t->nval = (int)(x->raw_data.len / 8);
			for (k = 0; k < (size_t)t->nval; k++) {
				int64_t v;

				memcpy(&v, x->raw_data.data + 8 * k, 8);
				t->val[k] = (double)v;
			}
		}
		if ((x->data_type == OPT_FLOAT || x->data_type == OPT_INT32) &&
		    x->raw_data.len / 4 <= OPT_MAX_VALS) {
			t->nval = (int)(x->raw_data.len / 4);
			for (k = 0; k < (size_t)t->nval; k++) {
				float v;
				int32_t y;

				memcpy(&v, x->raw_data.data + 4 * k, 4);
				memcpy(&y, x->raw_data.data + 4 * k, 4);
				t->val[k] = x->data_type == OPT_FLOAT ? v : y;
			}
		}
		return 0;
	}
	return -1;
}

static void to_attrs(const Onnx__NodeProto *n, opt_attrs *a)
{
	static char strs[OPT_MAX_ATTRS][64];
	size_t i;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < n->n_attribute; i++) {
		const Onnx__AttributeProto *x = n->attribute[i];

		switch (x->type) {
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT:
			optable_attrs_set_int(a, x->name, x->i);
			break;
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT:
			optable_attrs_set_float(a, x->name, x->f);
			break;
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS:
			optable_attrs_set_ints(a, x->name, x->ints, (int)x->n_ints);
			break;
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING:
			/* protobuf-c bytes are not NUL-terminated */
			assert_true(x->s.len < sizeof(strs[i]));
			memcpy(strs[i], x->s.data, x->s.len);
			strs[i][x->s.len] = 0;
			optable_attrs_set_str(a, x->name, strs[i]);
			break;
		default:
			fail();
		}
	}
}

/* Outputs with known values (Shape, Size), for the nodes that read them. */
typedef struct known {
	const char *name;
	opt_tensor t;
} known;

/* Re-infers every node of the model from its declared inputs and
** compares with its declared outputs. */
static void check_model(const uint8_t *data, size_t len)
{
	Onnx__ModelProto *m = onnx__model_proto__unpack(NULL, len, data);
	static known kn[1024];
	size_t i, j, nk = 0, k;

	assert_non_null(m);
	assert_int_equal(m->opset_import[0]->version, OPT_OPSET);
	for (i = 0; i < m->graph->n_node; i++) {
		const Onnx__NodeProto *n = m->graph->node[i];
		const opt_entry *op = optable_find(n->op_type);
		opt_tensor in[OPT_MAX_IO], out[OPT_MAX_IO], want;
		opt_attrs a;
		gred_error e;

		assert_non_null(op);
		for (j = 0; j < n->n_input; j++) {
			if (!n->input[j][0]) {
				memset(&in[j], 0, sizeof(in[j]));
				continue;
			}
			assert_int_equal(lookup(m->graph, n->input[j], &in[j]), 0);
			for (k = 0; k < nk; k++)
				if (!strcmp(kn[k].name, n->input[j]))
					in[j] = kn[k].t;
		}
		to_attrs(n, &a);
		if (optable_infer_shapes(op, in, (int)n->n_input, &a, out,
			    (int)n->n_output, &e) < 0)
			fail_msg("%s: %s", n->name, e.msg);
		for (j = 0; j < n->n_output; j++) {
			assert_int_equal(lookup(m->graph, n->output[j], &want), 0);
			assert_int_equal(out[j].dtype, want.dtype);
			assert_int_equal(out[j].rank, want.rank);
			assert_memory_equal(out[j].dim, want.dim,
				(size_t)want.rank * sizeof(int64_t));
			if (out[j].nval >= 0 && nk < 1024) {
				kn[nk].name = n->output[j];
				kn[nk++].t = out[j];
			}
		}
	}
	onnx__model_proto__free_unpacked(m, NULL);
}

static void test_gen__models_agree_with_the_op_table(void **state)
{
	gen_options o = GEN_OPTIONS_INIT;
	gen *g;
	gred_buf b = {0};
	gred_error e;
	int i;

	(void)state;
	o.nodes = 40;
	o.seed = 99;
	assert_int_equal(gen_new(&g, &o, &e), 0);
	for (i = 0; i < 300; i++) {
		b.len = 0;
		assert_int_equal(gen_model(g, &b, &e), 0);
		check_model((const uint8_t *)b.data, b.len);
	}
	gen_free(g);
	buf_free(&b);
}

static void gen_all(const gen_options *o, int n, gred_buf *out)
{
	gen *g;
	gred_error e;
	int i;

	assert_int_equal(gen_new(&g, o, &e), 0);
	for (i = 0; i < n; i++)
		assert_int_equal(gen_model(g, out, &e), 0);
	gen_free(g);
}

static void test_gen__same_seed_same_bytes(void **state)
{
	gen_options o = GEN_OPTIONS_INIT;
	gred_buf a = {0}, b = {0}, c = {0};

	(void)state;
	o.guided = 1;
	gen_all(&o, 50, &a);
	gen_all(&o, 50, &b);
	o.seed = 2;
	gen_all(&o, 50, &c);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	assert_true(a.len != c.len || memcmp(a.data, c.data, a.len));
	buf_free(&a);
	buf_free(&b);
	buf_free(&c);
}

static void test_gen__options_are_checked(void **state)
{
	gen_options o = GEN_OPTIONS_INIT;
	gen *g = NULL;
	gred_error e;

	(void)state;
	o.ops = "Relu,Bogus";
	assert_int_equal(gen_new(&g, &o, &e), -1);
	assert_non_null(strstr(e.msg, "Bogus"));
	o.ops = "Conv";
	o.max_rank = 2;
	assert_int_equal(gen_new(&g, &o, &e), -1);
	o.ops = NULL;
	o.nodes = 0;
	assert_int_equal(gen_new(&g, &o, &e), -1);
}

static void test_gen__guided_covers_more_edges(void **state)
{
	gen_options o = GEN_OPTIONS_INIT;
	cov_summary plain, guided;
	int pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		cov *c = cov_new();
		gen *g;
		gred_buf b = {0};
		gred_error e;
		int i;

		o.guided = pass;
		assert_int_equal(gen_new(&g, &o, &e), 0);
		gen_set_coverage(g, c);
		for (i = 0; i < 300; i++) {
			b.len = 0;
			assert_int_equal(gen_model(g, &b, &e), 0);
		}
		cov_summarize(c, pass ? &guided : &plain);
		gen_free(g);
		cov_free(c);
		buf_free(&b);
	}
	assert_true(plain.otc > 0.99);
	assert_true(guided.sec > plain.sec);
}

/* Mutants of every kind, alone and together, under each skeleton and with
** the MCTS chooser, still agree with the op table, and every tensor a
** node reads is declared (check_model fails on a dangling name). */
static void test_gen__mutants_agree_with_the_op_table(void **state)
{
	gen_options o = GEN_OPTIONS_INIT;
	gred_buf b = {0};
	gred_error e;
	int kind, i;

	(void)state;
	o.nodes = 15;
	o.mutations = 4;
	for (kind = 0; kind <= GEN_MUTATION_KINDS + 2; kind++) {
		gen *g;

		o.seed = 40 + (uint64_t)kind;
		o.mutation_kinds = kind < GEN_MUTATION_KINDS ? 1u << kind : 0;
		o.skeleton = kind % 3;
		o.mcts = kind >= GEN_MUTATION_KINDS;
		assert_int_equal(gen_new(&g, &o, &e), 0);
		for (i = 0; i < 120; i++) {
			b.len = 0;
			assert_int_equal(gen_model(g, &b, &e), 0);
			check_model((const uint8_t *)b.data, b.len);
			gen_feedback(g, i % 7 == 0);
		}
		assert_true(gen_mutants(g) > 20);
		gen_free(g);
	}
	buf_free(&b);
}

/* With MCTS and mutations, the models depend on the options and on the
** feedback: the same verdicts give the same bytes, other verdicts other
** models. */
static void gen_fed(const gen_options *o, int n, int every, gred_buf *out)
{
	gen *g;
	gred_error e;
	int i;

	assert_int_equal(gen_new(&g, o, &e), 0);
	for (i = 0; i < n; i++) {
		assert_int_equal(gen_model(g, out, &e), 0);
		gen_feedback(g, every && i % every == 0);
	}
	gen_free(g);
}

static void test_gen__feedback_is_reproducible(void **state)
{
	gen_options o = GEN_OPTIONS_INIT;
	gred_buf a = {0}, b = {0}, c = {0};

	(void)state;
	o.mcts = 1;
	o.mutations = 2;
	gen_fed(&o, 80, 3, &a);
	gen_fed(&o, 80, 3, &b);
	gen_fed(&o, 80, 0, &c);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	assert_true(a.len != c.len || memcmp(a.data, c.data, a.len));
	buf_free(&a);
	buf_free(&b);
	buf_free(&c);
}

static void test_gen__mutation_names_parse(void **state)
{
	unsigned k;

	(void)state;
	assert_int_equal(gen_mutation_kinds_parse("edge-add,param", &k), 0);
	assert_int_equal(k, (1u << GEN_EDGE_ADD) | (1u << GEN_PARAM));
	assert_int_equal(gen_mutation_kinds_parse("edge-add,swap", &k), -1);
	assert_int_equal(gen_skeleton_parse("residual"), GEN_RESIDUAL);
	assert_int_equal(gen_skeleton_parse("tree"), -1);
}

/* x -> Relu -> a -> Relu -> b; Add(a, b) -> c: a hand-made model whose
** coverage is known. */
static void test_gen__coverage_of_a_known_graph(void **state)
{
	Onnx__ModelProto m = ONNX__MODEL_PROTO__INIT;
	Onnx__GraphProto g = ONNX__GRAPH_PROTO__INIT;
	Onnx__NodeProto n[3] = {ONNX__NODE_PROTO__INIT, ONNX__NODE_PROTO__INIT,
		ONNX__NODE_PROTO__INIT};
	Onnx__NodeProto *np[3] = {&n[0], &n[1], &n[2]};
	char *in0[] = {"x"}, *out0[] = {"a"}, *in1[] = {"a"}, *out1[] = {"b"};
	char *in2[] = {"a", "b"}, *out2[] = {"c"};
	cov *c = cov_new();
	cov_summary s;
	size_t nops = optable_count();

	(void)state;
	n[0].op_type = "Relu", n[0].n_input = 1, n[0].input = in0;
	n[0].n_output = 1, n[0].output = out0;
	n[1].op_type = "Relu", n[1].n_input = 1, n[1].input = in1;
	n[1].n_output = 1, n[1].output = out1;
	n[2].op_type = "Add", n[2].n_input = 2, n[2].input = in2;
	n[2].n_output = 1, n[2].output = out2;
	g.n_node = 3;
	g.node = np;
	m.graph = &g;
	cov_add_model(c, &m);
	cov_summarize(c, &s);
	assert_int_equal(s.models, 1);
	assert_int_equal(s.nodes, 3);
	assert_int_equal(s.op_types, 2);
	assert_true(s.otc > 1.99 / (double)nops && s.otc < 2.01 / (double)nops);
	/* out-degrees seen: Relu 2 and 1, Add 0 */
	assert_true(s.odc > 2.99 / (4.0 * (double)nops) &&
		s.odc < 3.01 / (4.0 * (double)nops));
	assert_int_equal(s.spc, 2);
	assert_int_equal(s.nop, 2);
	assert_true(s.sec > 0 && s.dec > 0);
	/* op types 2, (op, in-degree) 2, (op, out-degree) 3, edges Relu ->
	** Relu and Relu -> Add, path Relu -> Relu -> Add */
	assert_int_equal(cov_structure(c), 10);
	cov_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gen__models_agree_with_the_op_table),
		cmocka_unit_test(test_gen__same_seed_same_bytes),
		cmocka_unit_test(test_gen__options_are_checked),
		cmocka_unit_test(test_gen__guided_covers_more_edges),
		cmocka_unit_test(test_gen__coverage_of_a_known_graph),
		cmocka_unit_test(test_gen__mutants_agree_with_the_op_table),
		cmocka_unit_test(test_gen__feedback_is_reproducible),
		cmocka_unit_test(test_gen__mutation_names_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

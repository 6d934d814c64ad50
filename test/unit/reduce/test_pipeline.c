/*
** Unit tests of pass-pipeline reduction: the mlir_reproducer block read
** and written, and the candidates of the group, pass and option sources.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/Pass.h>
#include <mlir-c/RegisterEverything.h>

#include "mlir_io.h"
#include "pipeline.h"

/* As mlir-opt-19 writes it: blanks after commas, every option spelled. */
static const char repro[] =
	"func.func @f() {\n  return\n}\n\n"
	"{-#\n  external_resources: {\n    mlir_reproducer: {\n"
	"      pipeline: \"builtin.module(func.func(canonicalize{  "
	"max-iterations=10 top-down=true},cse), remove-dead-values, "
	"func.func(cse))\",\n"
	"      disable_threading: true,\n      verify_each: false\n"
	"    }\n  }\n#-}";

static void test_pipeline__block_read(void **state)
{
	repro_block b;
	gred_error e;

	(void)state;
	assert_int_equal(repro_block_find(&b, repro, strlen(repro), &e), 1);
	assert_string_equal(b.pipeline, "builtin.module(func.func(canonicalize{  "
		"max-iterations=10 top-down=true},cse), remove-dead-values, "
		"func.func(cse))");
	assert_int_equal(b.disable_threading, 1);
	assert_int_equal(b.verify_each, 0);
	assert_int_equal(b.start, strstr(repro, "{-#") - repro);
	repro_block_free(&b);
	assert_int_equal(repro_block_find(&b, "func.func @f()", 14, &e), 0);
	assert_int_equal(repro_block_find(&b,
		"{-# dialect_resources: {} #-}", 29, &e), 0);
}

static void test_pipeline__block_escapes_round_trip(void **state)
{
	const char *p = "builtin.module(test{s=\"a \\\\ b\"})";
	repro_block b = {0, NULL, -1, 1}, c;
	gred_buf out = {0};
	gred_error e;

	(void)state;
	repro_block_write(&out, &b, p);
	assert_non_null(strstr(out.data, "pipeline: \"builtin.module(test{s=\\\"a "
		"\\\\\\\\ b\\\"})\",\n      verify_each: true\n"));
	assert_null(strstr(out.data, "disable_threading"));
	assert_int_equal(repro_block_find(&c, out.data, out.len, &e), 1);
	assert_string_equal(c.pipeline, p);
	assert_int_equal(c.disable_threading, -1);
	assert_int_equal(c.verify_each, 1);
	repro_block_free(&c);
	buf_free(&out);
}

static void test_pipeline__check(void **state)
{
	gred_error e;

	(void)state;
	assert_int_equal(pipeline_check("builtin.module(a,b{x=1 y=\"}\"},"
		"func.func(c))", &e), 0);
	assert_int_equal(pipeline_check("builtin.module()", &e), 0);
	assert_int_equal(pipeline_check("builtin.module(cse", &e), -1);
	assert_non_null(strstr(e.msg, "unclosed '(' of builtin.module"));
	assert_int_equal(pipeline_check("builtin.module(cse,,)", &e), -1);
	assert_int_equal(pipeline_check("a{x=1", &e), -1);
	assert_int_equal(pipeline_check("a) b", &e), -1);
}

static void append_message(MlirStringRef s, void *user)
{
	buf_append(user, s.data, s.length);
}

/* MLIR's reading of pipeline text, printed back by MLIR (every option
** spelled out); fails the test if MLIR refuses it. */
static void mlir_reading(gred_buf *out, MlirContext ctx, const char *text)
{
	MlirPassManager pm = mlirPassManagerCreate(ctx);
	MlirOpPassManager top = mlirPassManagerGetAsOpPassManager(pm);
	gred_buf msg = {0};
	/* The top builtin.module(...) is the pass manager's own anchor. */
	size_t n = strlen("builtin.module(");
	char *inner = xasprintf("%.*s", (int)(strlen(text) - n - 1), text + n);

	if (mlirLogicalResultIsFailure(mlirOpPassManagerAddPipeline(top,
		    mlirStringRefCreateFromCString(inner), append_message, &msg)))
		fail_msg("MLIR refuses %s: %.*s", text, (int)msg.len, msg.data);
	mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm),
		append_message, out);
	buf_puts(out, "");
	mlirPassManagerDestroy(pm);
	buf_free(&msg);
	free(inner);
}

/* Pipelines read and written back: blanks go, one blank between
** options stays; nested pipelines anchored on ops at any depth; option
** values holding commas, braces and quotes are kept whole. Written twice
** it is the same; and MLIR reads the written text as it reads the
** original (both printed back by MLIR, every option spelled out). */
static void test_pipeline__round_trip(void **state)
{
	static const char *const cases[][2] = {
		{"builtin.module(func.func(canonicalize{  max-iterations=10 "
		 "top-down=true},cse), remove-dead-values, func.func(cse))",
		 "builtin.module(func.func(canonicalize{max-iterations=10 "
		 "top-down=true},cse),remove-dead-values,func.func(cse))"},
		{"builtin.module( builtin.module( func.func( cse , canonicalize ) ) "
		 ", inline )",
		 "builtin.module(builtin.module(func.func(cse,canonicalize)),inline)"},
		{"builtin.module(arith-int-narrowing{int-bitwidths-supported=8,16,32},"
		 "func.func(affine-loop-tile{tile-sizes=4,8 separate}))",
		 "builtin.module(arith-int-narrowing{int-bitwidths-supported=8,16,32},"
		 "func.func(affine-loop-tile{tile-sizes=4,8 separate}))"},
		{"builtin.module(inline{default-pipeline=canonicalize "
		 "op-pipelines={func.func(cse,canonicalize{top-down=false})}},"
		 "symbol-dce)",
		 "builtin.module(inline{default-pipeline=canonicalize "
		 "op-pipelines={func.func(cse,canonicalize{top-down=false})}},"
		 "symbol-dce)"},
		{"builtin.module(one-shot-bufferize{bufferize-function-boundaries "
		 "dialect-filter=tensor,linalg   allow-return-allocs-from-loops})",
		 "builtin.module(one-shot-bufferize{bufferize-function-boundaries "
		 "dialect-filter=tensor,linalg allow-return-allocs-from-loops})"},
		{"builtin.module(func.func(),cse)", "builtin.module(cse)"},
		{"builtin.module()", "builtin.module()"},
	};
	MlirContext ctx = ir_context_new();
	size_t i;

	(void)state;
	mlirRegisterAllPasses();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		gred_buf once = {0}, twice = {0}, a = {0}, b = {0};
		gred_error e;

		assert_int_equal(pipeline_normalize(&once, cases[i][0], &e), 0);
		assert_string_equal(once.data, cases[i][1]);
		assert_int_equal(pipeline_normalize(&twice, once.data, &e), 0);
		assert_string_equal(twice.data, once.data);
		if (strcmp(cases[i][0], "builtin.module(func.func(),cse)")) {
			mlir_reading(&a, ctx, cases[i][0]);
			mlir_reading(&b, ctx, once.data);
			assert_string_equal(a.data, b.data);
		}
		buf_free(&once);
		buf_free(&twice);
		buf_free(&a);
		buf_free(&b);
	}
	mlirContextDestroy(ctx);
}

/* An option whose value holds commas and braces is one unit: it goes
** whole, and the pass it belongs to is one pass. */
static void test_pipeline__option_units(void **state)
{
	gred_buf best = {0}, cand = {0};
	pipeline_reducer *p;
	repro_block rb = {0, NULL, -1, -1}, got;
	source *passes, *opts;
	void *st = NULL;
	gred_error e;

	(void)state;
	buf_puts(&best, "func.func @f() {\n  return\n}\n");
	repro_block_write(&best, &rb, "builtin.module(inline{op-pipelines="
		"{func.func(cse,canonicalize)} default-pipeline=canonicalize},"
		"arith-int-narrowing{int-bitwidths-supported=8,16,32})");
	assert_int_equal(pipeline_reducer_new(&p, &best, &e), 0);
	passes = pipeline_reducer_source(p, PIPELINE_PASSES);
	opts = pipeline_reducer_source(p, PIPELINE_OPTIONS);
	assert_int_equal(passes->count(passes), 2);
	assert_int_equal(opts->count(opts), 3);
	assert_int_equal(opts->make(opts, 0, 1, &cand, &st, &e), 1);
	assert_int_equal(repro_block_find(&got, cand.data, cand.len, &e), 1);
	assert_string_equal(got.pipeline, "builtin.module(inline{default-pipeline="
		"canonicalize},arith-int-narrowing{int-bitwidths-supported=8,16,32})");
	repro_block_free(&got);
	opts->drop(opts, st);
	pipeline_reducer_free(p);
	buf_free(&cand);
	buf_free(&best);
}

/* The candidate of source level without units [begin, end), accepted
** into *best; returns its pipeline. */
static char *step(pipeline_reducer *p, gred_buf *best, int level,
	size_t begin, size_t end)
{
	source *s = pipeline_reducer_source(p, level);
	gred_buf cand = {0};
	void *st = NULL;
	gred_error e;
	repro_block b;
	char *text;

	s->count(s);
	assert_int_equal(s->make(s, begin, end, &cand, &st, &e), 1);
	assert_true(pipeline_reducer_owns(p, s));
	best->len = 0;
	buf_append(best, cand.data, cand.len);
	s->accept(s, st, &cand);
	assert_int_equal(repro_block_find(&b, best->data, best->len, &e), 1);
	assert_string_equal(b.pipeline, pipeline_reducer_pipeline(p));
	/* The program is kept and the block ends the best. */
	assert_memory_equal(best->data, repro, strstr(repro, "{-#") - repro);
	assert_int_equal(best->len - pipeline_reducer_block(p)->len, b.start);
	text = b.pipeline;
	b.pipeline = NULL;
	repro_block_free(&b);
	buf_free(&cand);
	return text;
}

static void test_pipeline__sources(void **state)
{
	gred_buf best = {0};
	pipeline_reducer *p;
	gred_error e;
	source *groups, *passes, *opts;
	char *t;

	(void)state;
	buf_append(&best, repro, strlen(repro));
	assert_int_equal(pipeline_reducer_new(&p, &best, &e), 0);
	assert_non_null(p);
	groups = pipeline_reducer_source(p, PIPELINE_GROUPS);
	passes = pipeline_reducer_source(p, PIPELINE_PASSES);
	opts = pipeline_reducer_source(p, PIPELINE_OPTIONS);
	assert_int_equal(groups->count(groups), 2);  /* not builtin.module */
	assert_int_equal(passes->count(passes), 4);
	assert_int_equal(opts->count(opts), 2);
	/* An option, then the last group; the file keeps its flags. */
	t = step(p, &best, PIPELINE_OPTIONS, 0, 1);
	assert_string_equal(t, "builtin.module(func.func(canonicalize{top-down="
		"true},cse),remove-dead-values,func.func(cse))");
	free(t);
	assert_non_null(strstr(best.data, "disable_threading: true,\n"
		"      verify_each: false\n"));
	t = step(p, &best, PIPELINE_GROUPS, 1, 2);
	assert_string_equal(t, "builtin.module(func.func(canonicalize{top-down="
		"true},cse),remove-dead-values)");
	free(t);
	assert_int_equal(passes->count(passes), 3);
	assert_int_equal(opts->count(opts), 1);
	/* A nested pipeline emptied is left out; the top one never is. */
	t = step(p, &best, PIPELINE_PASSES, 0, 2);
	assert_string_equal(t, "builtin.module(remove-dead-values)");
	free(t);
	assert_int_equal(opts->count(opts), 0);
	t = step(p, &best, PIPELINE_PASSES, 0, 1);
	assert_string_equal(t, "builtin.module()");
	free(t);
	pipeline_reducer_free(p);
	buf_free(&best);
}

static void test_pipeline__no_block(void **state)
{
	gred_buf best = {0};
	pipeline_reducer *p = (pipeline_reducer *)&best;
	gred_error e;

	(void)state;
	buf_puts(&best, "func.func @f() {\n  return\n}\n");
	assert_int_equal(pipeline_reducer_new(&p, &best, &e), 0);
	assert_null(p);
	buf_puts(&best, "{-#\n  external_resources: {\n    mlir_reproducer: {\n"
		"      pipeline: \"builtin.module(cse\"\n    }\n  }\n#-}\n");
	assert_int_equal(pipeline_reducer_new(&p, &best, &e), -1);
	buf_free(&best);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pipeline__block_read),
		cmocka_unit_test(test_pipeline__block_escapes_round_trip),
		cmocka_unit_test(test_pipeline__check),
		cmocka_unit_test(test_pipeline__round_trip),
		cmocka_unit_test(test_pipeline__option_units),
		cmocka_unit_test(test_pipeline__sources),
		cmocka_unit_test(test_pipeline__no_block),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

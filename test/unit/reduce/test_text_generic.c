/*
** Unit tests of text mode's generic-form rewrite: custom syntax of
** dialects gred lacks, into generic ops whose text MLIR parses.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"
#include "text_generic.h"

/* The rewrite of the line of text holding `line`, its newline included
** (its types from the whole text), or NULL if refused; *close gets the
** region suffix. */
static char *rewrite_in(const char *text, const char *line, char **close)
{
	const char *l = strstr(text, line), *nl;
	text_types *types = text_types_scan(text, strlen(text));
	gred_buf open = {0}, suffix = {0};
	char *r = NULL;

	assert_non_null(l);
	while (l > text && l[-1] != '\n')
		l--;
	nl = strchr(l, '\n');
	if (text_generic_rewrite(&open, &suffix, l,
		    nl ? (size_t)(nl - l) + 1 : strlen(l), types) == 0)
		r = xstrndup(open.data ? open.data : "", open.len);
	if (close)
		*close = xstrndup(suffix.data ? suffix.data : "", suffix.len);
	buf_free(&open);
	buf_free(&suffix);
	text_types_free(types);
	return r;
}

static void expect(const char *text, const char *line, const char *want)
{
	char *got = rewrite_in(text, line, NULL);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void test_text_generic__one_type_for_all(void **state)
{
	(void)state;
	expect("  %0 = test.foo %a, %b : i32", "%0",
		"  %0 = \"test.foo\"(%a, %b) : (i32, i32) -> i32");
}

static void test_text_generic__attrs_and_arrow(void **state)
{
	(void)state;
	expect("mydialect.op %x {attr} : tensor<2x3xf32> -> tensor<3x2xf32>",
		"mydialect", "\"mydialect.op\"(%x) {attr} : "
		"(tensor<2x3xf32>) -> tensor<3x2xf32>");
	expect("%r:2 = my.split %x {axis = 1 : i64} : (tensor<4xf32>) -> "
		"(tensor<2xf32>, tensor<2xf32>)", "%r",
		"%r:2 = \"my.split\"(%x) {axis = 1 : i64} : (tensor<4xf32>) -> "
		"(tensor<2xf32>, tensor<2xf32>)");
}

/* Words of the custom syntax go; %names in brackets stay operands. */
static void test_text_generic__words_dropped(void **state)
{
	(void)state;
	expect("  foo.crash_here %3 then %1 : f32", "foo",
		"  \"foo.crash_here\"(%3, %1) : (f32, f32) -> ()");
	expect("%c0 = arith.constant 0 : index\n"
		"%v = foo.load %m[%c0] : memref<4xf32> to f32\n", "%v",
		"%v = \"foo.load\"(%m, %c0) : (memref<4xf32>, index) -> f32\n");
}

/* No trailing types: each operand's from where the text gives it, the
** nearest mention before the op (every function has its own %0). */
static void test_text_generic__types_from_text(void **state)
{
	static const char text[] =
		"func.func @f(%0: i64) {\n  return\n}\n"
		"func.func @g(%arg0: f32, %arg1: index) {\n"
		"  %0 = arith.addf %arg0, %arg0 : f32\n"
		"  %p = arith.cmpf olt, %0, %arg0 : f32\n"
		"  %n = arith.index_cast %arg1 : index to i32\n"
		"  test.use %0, %arg1, %p, %n\n"
		"  return\n}\n";

	(void)state;
	expect(text, "test.use",
		"  \"test.use\"(%0, %arg1, %p, %n) : (f32, index, i1, i32) -> ()\n");
}

static void test_text_generic__region(void **state)
{
	char *close = NULL, *got;

	(void)state;
	got = rewrite_in("  %r = test.region_op %x : i32 -> i32 {\n", "%r", &close);
	assert_non_null(got);
	assert_string_equal(got, "  %r = \"test.region_op\"(%x) ({\n");
	assert_string_equal(close, ") : (i32) -> i32");
	free(got);
	free(close);
}

static void test_text_generic__refused(void **state)
{
	static const char *const lines[] = {
		"  %0 = \"test.foo\"(%a) : (i32) -> i32",  /* generic already */
		"  } else {",                              /* no op */
		"  %0 = test.foo %a",                      /* result type unknown */
		"  test.foo %a",                           /* operand type unknown */
		"  %0, %1 = test.foo %a : i32, i32, i32, i32", /* too many types */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		assert_null(rewrite_in(lines[i], lines[i], NULL));
}

/* The file after every rewrite: the ops of dialects the context has
** stay, the others become generic, and MLIR parses the result. */
static void test_text_generic__file_parses(void **state)
{
	static const char text[] =
		"func.func @f(%arg0: i32) -> i32 {\n"
		"  %0 = test.op_a %arg0, %arg0 : i32\n"
		"  %1 = test.region_op %0 : i32 -> i32 {\n"
		"    %2 = arith.addi %0, %0 : i32\n"
		"    test.yield %2 : i32\n"
		"  }\n"
		"  test.sink %1 {note = \"x\"}\n"
		"  return %1 : i32\n"
		"}\n";
	MlirContext ctx = ir_context_new();
	text_rewrites r = {0};
	size_t line[16], nline = 0, k, i;
	gred_buf out = {0};
	MlirModule m;

	(void)state;
	for (k = 0; k < sizeof(text) - 1; k = (size_t)(strchr(text + k, '\n') - text) + 1)
		line[nline++] = k;
	line[nline] = sizeof(text) - 1;
	m = mlirModuleCreateParse(ctx, mlirStringRefCreate(text, sizeof(text) - 1));
	assert_true(mlirModuleIsNull(m));
	text_rewrites_find(&r, text, line, nline, ctx);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.v[1].line, 2);
	assert_int_equal(r.v[1].close, 5);
	for (k = 0; k < nline; k++) {
		for (i = 0; i < r.n && r.v[i].line != k && r.v[i].close != k; i++)
			;
		if (i == r.n)
			buf_append(&out, text + line[k], line[k + 1] - line[k]);
		else if (r.v[i].line == k)
			buf_append(&out, r.text.data + r.v[i].at, r.v[i].open_len);
		else
			buf_append(&out, r.text.data + r.v[i].at + r.v[i].open_len,
				r.v[i].close_len);
	}
	assert_non_null(strstr(out.data, "  }) : (i32) -> i32\n"));
	assert_non_null(strstr(out.data,
		"\"test.sink\"(%1) {note = \"x\"} : (i32) -> ()\n"));
	assert_non_null(strstr(out.data, "  %2 = arith.addi %0, %0 : i32\n"));
	m = mlirModuleCreateParse(ctx, mlirStringRefCreate(out.data, out.len));
	assert_false(mlirModuleIsNull(m));
	mlirModuleDestroy(m);
	buf_free(&out);
	text_rewrites_free(&r);
	mlirContextDestroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_generic__one_type_for_all),
		cmocka_unit_test(test_text_generic__attrs_and_arrow),
		cmocka_unit_test(test_text_generic__words_dropped),
		cmocka_unit_test(test_text_generic__types_from_text),
		cmocka_unit_test(test_text_generic__region),
		cmocka_unit_test(test_text_generic__refused),
		cmocka_unit_test(test_text_generic__file_parses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

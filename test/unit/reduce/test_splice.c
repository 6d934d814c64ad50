/*
** Unit tests of the maker's splice (reduce/ir_splice.c): a candidate of a
** local pass made from the reprinted text of the functions it touches,
** spliced into the module's last print, must be byte for byte the MLIR
** printer's print of the whole module with the same change made to a
** clone (the judge), and the module must be left as it was.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"
#include "source.h"

/* Four functions, one calling another, one with a region op, constants
** and attributes: every local pass has targets in several of them. */
static const char funcs[] =
	"func.func @a(%x: f32) -> f32 {\n"
	"  %c = arith.constant 2.0 : f32\n"
	"  %0 = arith.addf %x, %c : f32\n"
	"  %1 = arith.mulf %0, %x {fastmath = #arith.fastmath<fast>} : f32\n"
	"  %2 = arith.subf %1, %0 : f32\n"
	"  return %2 : f32\n"
	"}\n"
	"func.func @b(%x: f32, %y: f32) -> f32 {\n"
	"  %0 = call @a(%x) : (f32) -> f32\n"
	"  %1 = arith.addf %0, %y : f32\n"
	"  %2 = arith.divf %1, %0 : f32\n"
	"  return %2 : f32\n"
	"}\n"
	"func.func @c(%p: i1, %x: f32) -> f32 {\n"
	"  %0 = scf.if %p -> (f32) {\n"
	"    %1 = arith.negf %x : f32\n"
	"    scf.yield %1 : f32\n"
	"  } else {\n"
	"    %c = arith.constant 3.0 : f32\n"
	"    scf.yield %c : f32\n"
	"  }\n"
	"  %2 = arith.maximumf %0, %x : f32\n"
	"  return %2 : f32\n"
	"}\n"
	"func.func @d(%x: i32) -> i32 {\n"
	"  %c = arith.constant 7 : i32\n"
	"  %0 = arith.muli %x, %c : i32\n"
	"  %1 = arith.addi %0, %x : i32\n"
	"  return %1 : i32\n"
	"}\n";

/* The same with an affine map the module's printer names #map once for
** all functions: a function using it is never spliced. */
static const char aliased[] =
	"func.func @a(%i: index) -> index {\n"
	"  %c = arith.constant 1 : index\n"
	"  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)\n"
	"  %1 = arith.addi %0, %c : index\n"
	"  return %1 : index\n"
	"}\n"
	"func.func @b(%x: f32) -> f32 {\n"
	"  %0 = arith.mulf %x, %x : f32\n"
	"  %1 = arith.addf %0, %x : f32\n"
	"  return %1 : f32\n"
	"}\n";

static MlirOperation parse(MlirContext ctx, const char *text)
{
	MlirOperation op = {NULL};
	gred_error e;

	assert_int_equal(ir_parse(&op, ctx, text, strlen(text), "t.mlir", &e), 0);
	return op;
}

static void print(gred_buf *out, MlirOperation op)
{
	gred_error e;

	out->len = 0;
	assert_int_equal(ir_print(out, op, 0, &e), 0);
}

static int same(const gred_buf *a, const gred_buf *b)
{
	return a->len == b->len && !memcmp(a->data, b->data, a->len);
}

/* The judge: q made to a clone of module, verified and printed whole.
** 1 with its print in out, or 0 if nothing changed or it does not verify. */
static int judge(gred_buf *out, MlirOperation module, const ir_request *q)
{
	MlirOperation clone = mlirOperationClone(module);
	gred_error e;
	int made;

	out->len = 0;
	made = pass_apply(q->p, clone, q->begin, q->end, q->flags, &e) > 0 &&
		ir_verify(clone, &e) == 0 && ir_print(out, clone,
		IR_PRINT_VERIFIED, &e) == 0;
	mlirOperationDestroy(clone);
	return made;
}

/* Every chunk of one and of two targets, and each half, of every local
** pass: where the splice makes the candidate, it is the judge's. Returns
** how many it made. */
static size_t check_all(ir_splice *sp, MlirOperation module)
{
	gred_buf before = {0}, want = {0}, got = {0}, after = {0};
	size_t spliced = 0, n, k, w, i;

	print(&before, module);
	for (i = 0; pass_table[i]; i++) {
		const pass *p = pass_table[i];

		if (!pass_is_local(p))
			continue;
		n = pass_count(p, module);
		for (w = 1; w <= n; w = w == 2 ? (n + 1) / 2 : w + 1) {
			for (k = 0; k < n; k += w) {
				ir_request q = {p, k, k + w < n ? k + w : n, 0, 0};
				int r, made;

				got.len = 0;
				r = ir_splice_make(sp, module, &q, 0, &got);
				made = judge(&want, module, &q);
				print(&after, module);
				assert_true(same(&before, &after));
				if (r == -2)
					continue;
				assert_int_equal(r, made);
				if (made) {
					spliced++;
					assert_true(same(&got, &want));
				}
			}
			if (w >= (n + 1) / 2)
				break;
		}
	}
	buf_free(&before);
	buf_free(&want);
	buf_free(&got);
	buf_free(&after);
	return spliced;
}

static void test_splice__candidates_are_whole_prints(void **state)
{
	MlirContext ctx = ir_context_new();
	MlirOperation module = parse(ctx, funcs);
	ir_splice *sp = ir_splice_new();
	gred_buf text = {0};

	(void)state;
	print(&text, module);
	ir_splice_set_print(sp, module, text.data, text.len);
	assert_true(check_all(sp, module) >= 20);
	buf_free(&text);
	ir_splice_free(sp);
	mlirOperationDestroy(module);
	mlirContextDestroy(ctx);
}

/* Changes kept one after another (as gred accepts them): the module then
** prints as the kept candidate did, and later candidates still match. */
static void test_splice__kept_changes_follow(void **state)
{
	MlirContext ctx = ir_context_new();
	MlirOperation module = parse(ctx, funcs);
	ir_splice *sp = ir_splice_new();
	gred_buf text = {0}, got = {0}, now = {0};
	size_t kept = 0, i;

	(void)state;
	print(&text, module);
	ir_splice_set_print(sp, module, text.data, text.len);
	for (i = 0; pass_table[i] && kept < 4; i++) {
		ir_request q = {pass_table[i], 0, 1, 0, 0};

		if (!pass_is_local(q.p) || pass_count(q.p, module) < 2)
			continue;
		got.len = 0;
		if (ir_splice_make(sp, module, &q, 0, &got) != 1)
			continue;
		/* Kept: made again for good, as the copy does on an accept. */
		assert_int_equal(ir_splice_make(sp, module, &q, 1, &now), 1);
		print(&now, module);
		assert_true(same(&got, &now));
		kept++;
		assert_true(check_all(sp, module) > 0);
	}
	assert_true(kept >= 2);
	buf_free(&text);
	buf_free(&got);
	buf_free(&now);
	ir_splice_free(sp);
	mlirOperationDestroy(module);
	mlirContextDestroy(ctx);
}

/* A change made without the splice: told stale, with or without the
** print as a hint (a wrong hint is not used), it still matches. */
static void test_splice__stale_and_hints(void **state)
{
	MlirContext ctx = ir_context_new();
	MlirOperation module = parse(ctx, funcs);
	ir_splice *sp = ir_splice_new();
	gred_buf text = {0};
	gred_error e;

	(void)state;
	print(&text, module);
	ir_splice_set_print(sp, module, text.data, text.len);
	assert_true(pass_apply(pass_table[2], module, 0, 2, 0, &e) > 0);
	ir_splice_stale(sp, NULL, 0, 0);
	assert_true(check_all(sp, module) > 0);
	/* A hint that is the old print, not the module's: printed anew. */
	ir_splice_stale(sp, text.data, text.len, 0);
	assert_true(check_all(sp, module) > 0);
	print(&text, module);
	ir_splice_stale(sp, text.data, text.len, 0);
	assert_true(check_all(sp, module) > 0);
	buf_free(&text);
	ir_splice_free(sp);
	mlirOperationDestroy(module);
	mlirContextDestroy(ctx);
}

/* The module's printer names the affine map #map at the top: touching
** the function that uses it is never spliced, and what is made still is
** the judge's print. */
static void test_splice__aliases_are_not_spliced(void **state)
{
	MlirContext ctx = ir_context_new();
	MlirOperation module = parse(ctx, aliased);
	ir_splice *sp = ir_splice_new();
	gred_buf text = {0};

	(void)state;
	print(&text, module);
	assert_non_null(strstr(text.data, "#map = affine_map"));
	ir_splice_set_print(sp, module, text.data, text.len);
	(void)check_all(sp, module);
	buf_free(&text);
	ir_splice_free(sp);
	mlirOperationDestroy(module);
	mlirContextDestroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_splice__candidates_are_whole_prints),
		cmocka_unit_test(test_splice__kept_changes_follow),
		cmocka_unit_test(test_splice__stale_and_hints),
		cmocka_unit_test(test_splice__aliases_are_not_spliced),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

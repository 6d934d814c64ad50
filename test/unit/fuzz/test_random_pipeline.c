/*
** Unit tests of the random pass pipelines of fuzz/random_pipeline.c: the
** same seed draws the same pipeline, MLIR's own parser takes every one,
** and each is a walk of the tables' stages: in order, every lowering step
** whole, optional passes only in their stages, options as the rows spell
** them, func.func passes nested and sharing their nest.
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

/* The tables are static: the file is compiled into this test. */
#include "random_pipeline.c"

#define DRAWS 3000

static const char *const targets[] = {
	"mlir-opt:random", "mlir-opt:random-vector"
};

/* A drawn pass: its text as written and whether it sits in func.func. */
typedef struct drawn {
	char text[160];
	int anchor;
} drawn;

/* The end of the element at s[i]: the next top-level ',' or ')'. */
static size_t element_end(const char *s, size_t i)
{
	int depth = 0;

	for (; s[i]; i++) {
		if (s[i] == '{' || s[i] == '(')
			depth++;
		else if ((s[i] == '}' || s[i] == ')') && depth-- == 0)
			return i;
		else if (s[i] == ',' && depth == 0)
			return i;
	}
	return i;
}

/* The passes of a drawn pipeline in order; fails the test if its shape
** is not builtin.module(...) with func.func(...) nests that never follow
** one another (a row of function passes shares one nest) and are never
** empty. */
static size_t passes_of(const char *p, drawn *out, size_t cap)
{
	const char *top = "builtin.module(";
	size_t i = strlen(top), n = 0, end;
	int after_nest = 0;

	assert_memory_equal(p, top, i);
	assert_int_equal(p[strlen(p) - 1], ')');
	while (p[i] != ')') {
		end = element_end(p, i);
		if (!strncmp(p + i, "func.func(", 10)) {
			size_t k = i + 10, e;

			assert_false(after_nest);
			assert_int_not_equal(p[k], ')');
			while (p[k] != ')') {
				e = element_end(p, k);
				assert_true(e - k < sizeof(out[n].text));
				assert_true(n < cap);
				memcpy(out[n].text, p + k, e - k);
				out[n].text[e - k] = '\0';
				out[n++].anchor = FUNC;
				k = p[e] == ',' ? e + 1 : e;
			}
			assert_int_equal(k + 1, end);
			after_nest = 1;
		} else {
			assert_true(end - i < sizeof(out[n].text));
			assert_true(n < cap);
			memcpy(out[n].text, p + i, end - i);
			out[n].text[end - i] = '\0';
			out[n++].anchor = MODULE;
			after_nest = 0;
		}
		i = p[end] == ',' ? end + 1 : end;
		assert_int_not_equal(p[i], '\0');
	}
	assert_int_equal(p[i + 1], '\0');
	return n;
}

static int is_row(const drawn *d, const char *text, int anchor)
{
	return d->anchor == anchor && !strcmp(d->text, text);
}

static int match_stage(const plan *pl, const drawn *d, size_t n, size_t at,
	int s, int last, int *used_opt, int *used_step);

/* Whether d[at..n) is lowering step s (some variant, then the tail when
** it is the step to the last stage) followed by stages s + 1 .. last. */
static int match_step(const plan *pl, const drawn *d, size_t n, size_t at,
	int s, int last, int *used_opt, int *used_step)
{
	int v, nv = variants(pl, s);
	size_t i, k;

	for (v = 0; v < nv; v++) {
		k = at;
		for (i = 0; i < pl->nsteps; i++) {
			if (pl->steps[i].step != s || pl->steps[i].variant != v)
				continue;
			if (k >= n || !is_row(&d[k], pl->steps[i].text,
				    pl->steps[i].anchor))
				break;
			k++;
		}
		if (i < pl->nsteps)
			continue;
		for (i = 0; s == pl->nstages - 2 && i < pl->ntail; i++, k++)
			if (k >= n || !is_row(&d[k], pl->tail[i].text,
				    pl->tail[i].anchor))
				break;
		if (s == pl->nstages - 2 && i < pl->ntail)
			continue;
		if (match_stage(pl, d, n, k, s + 1, last, used_opt, used_step)) {
			for (i = 0; i < pl->nsteps; i++)
				if (pl->steps[i].step == s && pl->steps[i].variant == v)
					used_step[i] = 1;
			return 1;
		}
	}
	return 0;
}

/* Whether d[at..n) is 0 to 3 optional passes of stage s, then (before
** the last stage) its step and the stages after. Marks the rows used. */
static int match_stage(const plan *pl, const drawn *d, size_t n, size_t at,
	int s, int last, int *used_opt, int *used_step)
{
	size_t k, i, rows[3];
	int count;

	for (count = 0; count <= 3; count++) {
		int ok = 1;

		for (k = 0; k < (size_t)count && ok; k++) {
			ok = 0;
			for (i = 0; at + k < n && i < pl->noptional; i++)
				if (pl->optional[i].from <= s && s <= pl->optional[i].to &&
				    is_row(&d[at + k], pl->optional[i].text,
					    pl->optional[i].anchor)) {
					rows[k] = i;
					ok = 1;
					break;
				}
		}
		if (!ok)
			break;
		if (s == last ? at + (size_t)count == n :
		    match_step(pl, d, n, at + (size_t)count, s, last, used_opt,
			    used_step)) {
			for (k = 0; k < (size_t)count; k++)
				used_opt[rows[k]] = 1;
			return 1;
		}
	}
	return 0;
}

static void test_random_pipeline__same_seed_same_pipeline(void **state)
{
	size_t t;
	uint64_t seed;

	(void)state;
	for (t = 0; t < N(targets); t++) {
		int differ = 0;
		char *first = fuzz_pipeline_draw(targets[t], 0);

		for (seed = 0; seed < 200; seed++) {
			char *a = fuzz_pipeline_draw(targets[t], seed);
			char *b = fuzz_pipeline_draw(targets[t], seed);

			assert_string_equal(a, b);
			differ |= strcmp(a, first) != 0;
			free(a);
			free(b);
		}
		assert_true(differ);
		free(first);
	}
	/* The two targets draw from different tables. */
	{
		char *a = fuzz_pipeline_draw(targets[0], 3);
		char *b = fuzz_pipeline_draw(targets[1], 3);

		assert_string_not_equal(a, b);
		free(a);
		free(b);
	}
}

static void append_message(MlirStringRef s, void *user)
{
	buf_append(user, s.data, s.length);
}

/* mlir-opt-19's parser (MLIR's, with every pass registered) takes every
** drawn pipeline, options and all; so does gred's reducer, which prints
** it back as drawn. */
static void test_random_pipeline__parses(void **state)
{
	MlirContext ctx = ir_context_new();
	size_t t;
	uint64_t seed;

	(void)state;
	mlirRegisterAllPasses();
	for (t = 0; t < N(targets); t++)
		for (seed = 0; seed < 300; seed++) {
			char *p = fuzz_pipeline_draw(targets[t], seed);
			MlirPassManager pm = mlirPassManagerCreate(ctx);
			gred_buf msg = {0}, norm = {0};
			gred_error e;
			int ok;

			ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
				mlirPassManagerGetAsOpPassManager(pm),
				mlirStringRefCreateFromCString(p), append_message, &msg));
			if (!ok)
				fail_msg("%s: %.*s", p, (int)msg.len, msg.data);
			assert_int_equal(pipeline_normalize(&norm, p, &e), 0);
			assert_string_equal(norm.data, p);
			mlirPassManagerDestroy(pm);
			buf_free(&msg);
			buf_free(&norm);
			free(p);
		}
	mlirContextDestroy(ctx);
}

/* Every draw is a walk of the stages the tables encode; over many seeds
** every row and every step variant is drawn, and every last stage. */
static void test_random_pipeline__follows_the_tables(void **state)
{
	const plan *plans[] = {&tosa_plan, &vector_plan};
	size_t t, i, k, n;
	uint64_t seed;

	(void)state;
	for (t = 0; t < N(plans); t++) {
		const plan *pl = plans[t];
		int *used_opt = calloc(pl->noptional, sizeof(int));
		int *used_step = calloc(pl->nsteps, sizeof(int));
		int last_seen[8] = {0}, s;
		drawn d[128];

		assert_true(pl->nstages <= 8);
		for (seed = 0; seed < DRAWS; seed++) {
			char *p = fuzz_pipeline_draw(targets[t], seed);
			int matched = 0;

			n = passes_of(p, d, N(d));
			for (s = 0; s < pl->nstages && !matched; s++)
				if (match_stage(pl, d, n, 0, 0, s, used_opt, used_step)) {
					matched = 1;
					last_seen[s] = 1;
				}
			if (!matched)
				fail_msg("%s seed %lu: no walk of the stages gives %s",
					targets[t], (unsigned long)seed, p);
			free(p);
		}
		for (s = 0; s < pl->nstages; s++)
			if (!last_seen[s])
				fail_msg("%s: no pipeline stops at stage %d", targets[t], s);
		for (i = 0; i < pl->noptional; i++)
			if (!used_opt[i])
				fail_msg("%s: %s never drawn", targets[t],
					pl->optional[i].text);
		/* Two variants alike (a double weight) are told apart by none. */
		for (i = 0; i < pl->nsteps; i++)
			for (k = 0; k < pl->nsteps && !used_step[i]; k++)
				used_step[i] = used_step[k] &&
					pl->steps[k].step == pl->steps[i].step &&
					pl->steps[k].anchor == pl->steps[i].anchor &&
					!strcmp(pl->steps[k].text, pl->steps[i].text);
		for (i = 0; i < pl->nsteps; i++)
			if (!used_step[i])
				fail_msg("%s: step %d variant %d (%s) never drawn",
					targets[t], pl->steps[i].step, pl->steps[i].variant,
					pl->steps[i].text);
		free(used_opt);
		free(used_step);
	}
}

/* The walk above is no rubber stamp: a step out of order, a step cut
** short, an optional pass outside its stages, a function pass on the
** module are each no walk. */
static void test_random_pipeline__walk_refuses(void **state)
{
	static const char *const good =
		"builtin.module(cse,func.func(tosa-to-linalg-named,tosa-to-linalg,"
		"tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),"
		"linalg-fuse-elementwise-ops)";
	static const char *const bad[] = {
		/* bufferized before the TOSA lowering */
		"builtin.module(one-shot-bufferize{bufferize-function-boundaries "
		"allow-return-allocs-from-loops},func.func(tosa-to-linalg-named,"
		"tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},"
		"tosa-to-tensor))",
		/* a step without one of its passes */
		"builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,"
		"tosa-to-tensor),cse)",
		/* a linalg pass on TOSA */
		"builtin.module(linalg-fuse-elementwise-ops)",
		/* an option set no row has */
		"builtin.module(canonicalize{max-iterations=3})",
		/* a function pass on the module */
		"builtin.module(tosa-infer-shapes)",
	};
	int used_opt[N(optional_passes)], used_step[N(steps)], s, any;
	size_t i, n;
	drawn d[32];

	(void)state;
	n = passes_of(good, d, N(d));
	for (s = 0, any = 0; s < NSTAGES; s++)
		any |= match_stage(&tosa_plan, d, n, 0, 0, s, used_opt, used_step);
	assert_true(any);
	for (i = 0; i < N(bad); i++) {
		n = passes_of(bad[i], d, N(d));
		for (s = 0, any = 0; s < NSTAGES; s++)
			any |= match_stage(&tosa_plan, d, n, 0, 0, s, used_opt,
				used_step);
		if (any)
			fail_msg("taken as a walk: %s", bad[i]);
	}
}

/* The option sets: every pass with options is spelled as one row of the
** tables spells it, and func.func rows never stand on the module. */
static void test_random_pipeline__options_as_rows(void **state)
{
	const plan *plans[] = {&tosa_plan, &vector_plan};
	size_t t, i, k, n;
	uint64_t seed;
	drawn d[128];

	(void)state;
	for (t = 0; t < N(plans); t++) {
		const plan *pl = plans[t];

		for (seed = 0; seed < 500; seed++) {
			char *p = fuzz_pipeline_draw(targets[t], seed);

			n = passes_of(p, d, N(d));
			for (k = 0; k < n; k++) {
				int found = 0;

				for (i = 0; i < pl->noptional && !found; i++)
					found = is_row(&d[k], pl->optional[i].text,
						pl->optional[i].anchor);
				for (i = 0; i < pl->nsteps && !found; i++)
					found = is_row(&d[k], pl->steps[i].text,
						pl->steps[i].anchor);
				for (i = 0; i < pl->ntail && !found; i++)
					found = is_row(&d[k], pl->tail[i].text,
						pl->tail[i].anchor);
				if (!found)
					fail_msg("%s: '%s' (%s) is no row", p, d[k].text,
						d[k].anchor == FUNC ? "in func.func" : "on the module");
			}
			free(p);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_pipeline__same_seed_same_pipeline),
		cmocka_unit_test(test_random_pipeline__parses),
		cmocka_unit_test(test_random_pipeline__follows_the_tables),
		cmocka_unit_test(test_random_pipeline__walk_refuses),
		cmocka_unit_test(test_random_pipeline__options_as_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

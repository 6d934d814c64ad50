/*
** Unit tests of fuzz/: target specs and their errors, the commands and
** test scripts made from them, verdicts, campaign.json, model seeds.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz.h"

/* A scripts directory with both runners, made once per run. */
static char scripts[64];

static int setup(void **state)
{
	char *p;
	FILE *f;

	(void)state;
	snprintf(scripts, sizeof(scripts), "/tmp/gred-test-fuzz.XXXXXX");
	if (!mkdtemp(scripts))
		return -1;
	p = xasprintf("%s/fuzz_ort.js", scripts);
	f = fopen(p, "w");
	fclose(f);
	free(p);
	p = xasprintf("%s/fuzz_mlir_opt.sh", scripts);
	f = fopen(p, "w");
	fclose(f);
	free(p);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	dir_remove(scripts);
	return 0;
}

static void test_fuzz__target_specs(void **state)
{
	fuzz_target t;
	gred_error e;

	(void)state;
	assert_int_equal(fuzz_target_parse(&t, "ort:1.19.2:basic", "crash,diff-opt",
		scripts, &e), 0);
	assert_int_equal(t.kind, FUZZ_TARGET_ORT);
	assert_string_equal(t.version, "1.19.2");
	assert_string_equal(t.opt, "basic");
	assert_string_equal(t.ext, "onnx");
	fuzz_target_free(&t);

	assert_int_equal(fuzz_target_parse(&t, "ort", NULL, scripts, &e), 0);
	assert_null(t.version);
	assert_null(t.opt);
	assert_string_equal(t.oracle, "crash");
	fuzz_target_free(&t);

	assert_int_equal(fuzz_target_parse(&t, "ort::disabled",
		"diff-version:1.19.2", scripts, &e), 0);
	assert_null(t.version);
	assert_string_equal(t.opt, "disabled");
	fuzz_target_free(&t);

	assert_int_equal(fuzz_target_parse(&t, "mlir-opt:--tosa-to-linalg", NULL,
		scripts, &e), 0);
	assert_int_equal(t.kind, FUZZ_TARGET_MLIR_OPT);
	assert_string_equal(t.ext, "mlir");
	assert_string_equal(t.pipeline, "--tosa-to-linalg");
	fuzz_target_free(&t);

	/* errors name what is wrong */
	assert_int_equal(fuzz_target_parse(&t, "ort:1.20.1:fast", NULL, scripts, &e), -1);
	assert_non_null(strstr(e.msg, "optimisation level"));
	assert_int_equal(fuzz_target_parse(&t, "ort", "crash,wrong", scripts, &e), -1);
	assert_non_null(strstr(e.msg, "unknown oracle 'wrong'"));
	assert_int_equal(fuzz_target_parse(&t, "ort", "diff-opt:2", scripts, &e), -1);
	assert_int_equal(fuzz_target_parse(&t, "cmd:cc", NULL, scripts, &e), -1);
	assert_non_null(strstr(e.msg, "{}"));
	assert_int_equal(fuzz_target_parse(&t, "cmd:cc {}", "diff-opt", scripts, &e), -1);
	assert_int_equal(fuzz_target_parse(&t, "mlir-opt:", NULL, scripts, &e), -1);
	assert_int_equal(fuzz_target_parse(&t, "tvm", NULL, scripts, &e), -1);
	assert_int_equal(fuzz_target_parse(&t, "ort", NULL, "/nonexistent", &e), -1);
	assert_non_null(strstr(e.msg, "fuzz_ort.js"));
}

static void test_fuzz__commands(void **state)
{
	fuzz_target t;
	gred_error e;
	char *cmd, **argv;

	(void)state;
	assert_int_equal(fuzz_target_parse(&t, "cmd:my-cc -O2 {} -o /dev/null",
		NULL, scripts, &e), 0);
	cmd = fuzz_target_command(&t, "it's here.onnx");
	assert_string_equal(cmd, "my-cc -O2 'it'\\''s here.onnx' -o /dev/null");
	free(cmd);
	argv = fuzz_target_argv(&t, "/tmp/a.onnx");
	assert_string_equal(argv[0], "/bin/sh");
	assert_string_equal(argv[2], "my-cc -O2 \"$1\" -o /dev/null");
	assert_string_equal(argv[4], "/tmp/a.onnx");
	assert_null(argv[5]);
	fuzz_argv_free(argv);
	/* a relative command runs from where the campaign started */
	t.cwd = xstrdup("/work dir");
	assert_int_equal(fuzz_target_needs_cwd(&t), 1);
	cmd = fuzz_target_command(&t, "/x/reduced.onnx");
	assert_string_equal(cmd, "cd '/work dir' && my-cc -O2 /x/reduced.onnx -o /dev/null");
	free(cmd);
	fuzz_target_free(&t);

	assert_int_equal(fuzz_target_parse(&t, "ort:1.20.1:all", "crash,diff-opt",
		scripts, &e), 0);
	cmd = fuzz_target_command(&t, "reduced.onnx");
	{
		char *want = xasprintf("node %s/fuzz_ort.js --ort 1.20.1 --opt all "
			"--oracle crash,diff-opt reduced.onnx", scripts);
		assert_string_equal(cmd, want);
		free(want);
	}
	free(cmd);
	fuzz_target_free(&t);
}

/* Runs script (a test.sh) on file; returns its exit status. */
static int run_script(const char *script, const char *file)
{
	char *path = xasprintf("%s/test.sh", scripts);
	char *cmd = xasprintf("cd %s && sh %s %s", scripts, path, file);
	int st;

	assert_int_equal(file_write_atomic(path, script, strlen(script), NULL), 0);
	st = system(cmd);
	free(path);
	free(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The test script and the campaign's verdict agree: a signal without a
** crash report signs as that signal, in C and in sh. */
static void test_fuzz__verdict_and_test_script(void **state)
{
	fuzz_target t;
	fuzz_verdict v;
	proc_result r;
	gred_error e;
	char id[17], *script, *target = xasprintf("%s/t.sh", scripts);
	char *spec = xasprintf("cmd:%s {}", target);
	const char *body = "#!/bin/sh\ngrep -q boom \"$1\" && kill -SEGV $$\nexit 0\n";
	char *boom = xasprintf("%s/boom.txt", scripts), *calm = xasprintf("%s/calm.txt", scripts);

	(void)state;
	assert_int_equal(file_write_atomic(target, body, strlen(body), NULL), 0);
	assert_int_equal(chmod(target, 0755), 0);
	assert_int_equal(file_write_atomic(boom, "boom", 4, NULL), 0);
	assert_int_equal(file_write_atomic(calm, "calm", 4, NULL), 0);
	assert_int_equal(fuzz_target_parse(&t, spec, NULL, scripts, &e), 0);

	memset(&r, 0, sizeof(r));
	r.signal = 11;
	assert_int_equal(fuzz_verdict_judge(&v, &t, &r, xstrdup(""), 0, &e), 0);
	assert_int_equal(v.kind, FUZZ_FINDING);
	assert_string_equal(v.sig.kind, "crash");
	assert_non_null(strstr(v.log, "SIGSEGV"));
	triage_sig_id(&v.sig, id);
	fuzz_verdict_clear(&v);

	/* the shell's 128+N is the same signal */
	memset(&r, 0, sizeof(r));
	r.exited = 1;
	r.code = 139;
	assert_int_equal(fuzz_verdict_judge(&v, &t, &r, xstrdup(""), 0, &e), 0);
	assert_int_equal(v.kind, FUZZ_FINDING);
	{
		char id2[17];
		assert_string_equal(triage_sig_id(&v.sig, id2), id);
	}
	fuzz_verdict_clear(&v);

	/* a plain failure without a crash report is a rejection */
	memset(&r, 0, sizeof(r));
	r.exited = 1;
	r.code = 1;
	assert_int_equal(fuzz_verdict_judge(&v, &t, &r, xstrdup("bad input\n"), 10, &e), 0);
	assert_int_equal(v.kind, FUZZ_INVALID);
	fuzz_verdict_clear(&v);

	{
		/* the gred binary signs the test's log (ctest sets GRED_BUILD) */
		const char *build = getenv("GRED_BUILD");
		char *self;
		assert_non_null(build);
		self = xasprintf("%s/gred", build);
		script = fuzz_target_test_script(&t, self, id);
		assert_int_equal(run_script(script, boom), 0);
		assert_int_not_equal(run_script(script, calm), 0);
		free(script);
		script = fuzz_target_test_script(&t, self, "0123456789abcdef");
		assert_int_not_equal(run_script(script, boom), 0);
		free(script);
		free(self);
	}
	fuzz_target_free(&t);
	free(target);
	free(spec);
	free(boom);
	free(calm);
}

static void test_fuzz__runner_verdicts(void **state)
{
	fuzz_target t;
	fuzz_verdict v;
	proc_result r;
	gred_error e;
	const char *log = "gred-oracle: diff-opt\nLLVM ERROR: outputs differ\n";

	(void)state;
	assert_int_equal(fuzz_target_parse(&t, "ort", "crash,diff-opt", scripts, &e), 0);
	memset(&r, 0, sizeof(r));
	r.exited = 1;
	r.code = 1;
	assert_int_equal(fuzz_verdict_judge(&v, &t, &r, xstrdup(log), strlen(log), &e), 0);
	assert_int_equal(v.kind, FUZZ_FINDING);
	assert_string_equal(v.oracle, "diff-opt");
	fuzz_verdict_clear(&v);
	r.code = 2;
	assert_int_equal(fuzz_verdict_judge(&v, &t, &r, xstrdup(""), 0, &e), 0);
	assert_int_equal(v.kind, FUZZ_INVALID);
	fuzz_verdict_clear(&v);
	r.code = 3;
	assert_int_equal(fuzz_verdict_judge(&v, &t, &r, xstrdup("no onnxruntime\n"), 15, &e), 0);
	assert_int_equal(v.kind, FUZZ_ERROR);
	assert_string_equal(v.what, "no onnxruntime");
	fuzz_verdict_clear(&v);
	r.code = 0;
	r.timed_out = 1;
	assert_int_equal(fuzz_verdict_judge(&v, &t, &r, NULL, 0, &e), 0);
	assert_int_equal(v.kind, FUZZ_TIMEOUT);
	fuzz_verdict_clear(&v);
	fuzz_target_free(&t);
}

static void test_fuzz__state_roundtrip(void **state)
{
	fuzz_options o, back;
	fuzz_counts c = {1234, 7, 3, 1, 0, 61.5}, cb;
	gred_error e;
	char **strings;
	size_t i;

	(void)state;
	fuzz_options_init(&o);
	o.target = "cmd:\"my cc\" {} \\ end";
	o.oracle = "crash";
	o.seed = 0xfedcba9876543210ull;
	o.models = 5000;
	o.nodes = 12;
	o.ops = "Relu,Clip";
	o.shard_i = 2;
	o.shard_n = 8;
	o.cwd = "/home/me";
	assert_int_equal(fuzz_state_write(scripts, &o, &c, &e), 0);
	fuzz_options_init(&back);
	assert_int_equal(fuzz_state_read(&back, &cb, &strings, scripts, &e), 0);
	assert_string_equal(back.target, o.target);
	assert_string_equal(back.ops, "Relu,Clip");
	assert_string_equal(back.cwd, "/home/me");
	assert_null(back.bisect);
	assert_true(back.seed == o.seed);
	assert_int_equal(back.models, 5000);
	assert_int_equal(back.nodes, 12);
	assert_int_equal(back.shard_i, 2);
	assert_int_equal(back.shard_n, 8);
	assert_int_equal(cb.next, 1234);
	assert_int_equal(cb.findings, 7);
	assert_true(cb.elapsed > 61.4 && cb.elapsed < 61.6);
	for (i = 0; strings[i]; i++)
		free(strings[i]);
	free(strings);
}

/* Model k depends on the seed and k only. */
static void test_fuzz__models(void **state)
{
	fuzz_options o;
	gred_buf a = {0}, b = {0}, c = {0};
	gred_error e;

	(void)state;
	fuzz_options_init(&o);
	o.seed = 42;
	assert_int_equal(fuzz_generate(&a, &o, "onnx", 17, &e), 0);
	assert_int_equal(fuzz_generate(&c, &o, "onnx", 3, &e), 0);
	assert_int_equal(fuzz_generate(&b, &o, "onnx", 17, &e), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	assert_true(a.len != c.len || memcmp(a.data, c.data, a.len));
	assert_true(fuzz_model_seed(42, 17) != fuzz_model_seed(42, 18));
	assert_true(fuzz_model_seed(42, 17) != fuzz_model_seed(43, 17));
	buf_free(&a);
	buf_free(&b);
	buf_free(&c);
	assert_int_equal(fuzz_generate(&a, &o, "mlir", 5, &e), 0);
	assert_non_null(strstr(a.data, "func.func"));
	buf_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fuzz__target_specs),
		cmocka_unit_test(test_fuzz__commands),
		cmocka_unit_test(test_fuzz__verdict_and_test_script),
		cmocka_unit_test(test_fuzz__runner_verdicts),
		cmocka_unit_test(test_fuzz__state_roundtrip),
		cmocka_unit_test(test_fuzz__models),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}

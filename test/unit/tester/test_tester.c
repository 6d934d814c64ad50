/*
** Unit tests of tester/: verdicts, the private directory, timeouts that
** kill the whole process group, fork bombs, the cache and batches.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tester.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/gred-tt-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	dir_remove(dir);
	return access(dir, F_OK) == 0 ? -1 : 0;
}

/* Writes an executable script and returns its path. */
static char *script(const char *name, const char *body)
{
	char *path = xasprintf("%s/%s", dir, name);
	char *text = xasprintf("#!/bin/sh\n%s\n", body);
	gred_error e;

	assert_int_equal(file_write_atomic(path, text, strlen(text), &e), 0);
	chmod(path, 0755);
	free(text);
	return path;
}

static tester *make(char *prog, double timeout, int jobs)
{
	static char *argv[2];
	tester_options o;
	tester *t;
	gred_error e;

	argv[0] = prog;
	argv[1] = NULL;
	tester_options_init(&o);
	o.argv = argv;
	o.file_name = "bug.mlir";
	o.timeout = timeout;
	o.jobs = jobs;
	o.max_procs = 40;
	assert_int_equal(tester_new(&t, &o, &e), 0);
	return t;
}

/* The pid a script wrote to dir/name, or 0. */
static pid_t read_pid(const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *data;
	size_t len;
	gred_error e;
	pid_t pid = 0;

	if (file_read(&data, &len, path, 0, &e) == 0) {
		pid = (pid_t)atol(data);
		free(data);
	}
	free(path);
	return pid;
}

static void test_tester__exit_zero_is_interesting(void **state)
{
	char *s = script("t.sh", "grep -q crash \"$1\"");
	tester *t = make(s, 10, 1);
	tester_result r;
	gred_error e;

	(void)state;
	assert_int_equal(tester_run(t, &r, "a crash here", 12, &e), 0);
	assert_true(r.interesting);
	assert_true(r.ran);
	tester_result_clear(&r);
	assert_int_equal(tester_run(t, &r, "fine", 4, &e), 0);
	assert_false(r.interesting);
	assert_int_equal(WEXITSTATUS(r.status), 1);
	tester_result_clear(&r);
	tester_free(t);
	free(s);
}

static void test_tester__candidate_in_cwd_under_input_name(void **state)
{
	char *s = script("t.sh", "test -f ./bug.mlir && test \"$1\" -ef bug.mlir "
		"&& [ \"$(ls | wc -l)\" = 1 ] && touch junk");
	tester *t = make(s, 10, 1);
	tester_result r;
	gred_error e;

	(void)state;
	assert_int_equal(tester_run(t, &r, "x", 1, &e), 0);
	assert_true(r.interesting);
	tester_result_clear(&r);
	/* The file the first run left behind is gone for the next one. */
	assert_int_equal(tester_run(t, &r, "y", 1, &e), 0);
	assert_true(r.interesting);
	tester_result_clear(&r);
	tester_free(t);
	free(s);
}

static void test_tester__stderr_tail_kept(void **state)
{
	char *s = script("t.sh", "echo out-text; echo 'Stack dump:' >&2; exit 3");
	tester *t = make(s, 10, 1);
	tester_result r;
	gred_buf b = {0};
	gred_error e;

	(void)state;
	assert_int_equal(tester_run(t, &r, "x", 1, &e), 0);
	assert_string_equal(r.err, "Stack dump:\n");
	assert_string_equal(r.out, "out-text\n");
	tester_result_describe(&b, &r, 10);
	assert_string_equal(b.data, "exit status 3");
	buf_free(&b);
	tester_result_clear(&r);
	tester_free(t);
	free(s);
}

static void test_tester__timeout_kills_process_group(void **state)
{
	char *s = xasprintf("sleep 100 & echo $! > %s/bg.pid; sleep 100", dir);
	char *p = script("t.sh", s);
	tester *t = make(p, 0.3, 1);
	tester_result r;
	gred_error e;
	double t0 = now_seconds();
	pid_t bg;

	(void)state;
	assert_int_equal(tester_run(t, &r, "x", 1, &e), 0);
	assert_true(r.timed_out);
	assert_false(r.interesting);
	assert_true(now_seconds() - t0 < 3);
	bg = read_pid("bg.pid");
	assert_true(bg > 0);
	assert_int_equal(kill(bg, 0), -1);
	tester_result_clear(&r);
	tester_free(t);
	free(s);
	free(p);
}

static void test_tester__background_children_killed_after_exit(void **state)
{
	char *s = xasprintf("sleep 100 & echo $! > %s/bg2.pid; exit 0", dir);
	char *p = script("t.sh", s);
	tester *t = make(p, 10, 1);
	tester_result r;
	gred_error e;
	pid_t bg;

	(void)state;
	assert_int_equal(tester_run(t, &r, "x", 1, &e), 0);
	assert_true(r.interesting);
	bg = read_pid("bg2.pid");
	assert_true(bg > 0);
	assert_int_equal(kill(bg, 0), -1);
	tester_result_clear(&r);
	tester_free(t);
	free(s);
	free(p);
}

/* A script that forks without end: stopped by the process cap long before
** its timeout, and nothing of it survives. */
static void test_tester__fork_bomb_is_contained(void **state)
{
	char *s = xasprintf("echo $$ > %s/bomb.pid; "
		"while :; do sleep 100 & done", dir);
	char *p = script("t.sh", s);
	tester *t = make(p, 20, 1);
	tester_result r;
	gred_error e;
	double t0 = now_seconds();
	pid_t pg;

	(void)state;
	assert_int_equal(tester_run(t, &r, "x", 1, &e), 0);
	assert_false(r.interesting);
	assert_true(r.too_many_procs);
	assert_true(now_seconds() - t0 < 10);
	pg = read_pid("bomb.pid");
	assert_true(pg > 0);
	assert_int_equal(kill(-pg, 0), -1);
	assert_int_equal(errno, ESRCH);
	tester_result_clear(&r);
	tester_free(t);
	free(s);
	free(p);
}

static void test_tester__cache_answers_repeats(void **state)
{
	char *s = script("t.sh", "grep -q crash \"$1\"");
	tester *t = make(s, 10, 1);
	tester_result r;
	gred_error e;

	(void)state;
	assert_int_equal(tester_run(t, &r, "crash", 5, &e), 0);
	assert_false(r.cached);
	tester_result_clear(&r);
	assert_int_equal(tester_run(t, &r, "crash", 5, &e), 0);
	assert_true(r.cached);
	assert_true(r.interesting);
	tester_result_clear(&r);
	assert_int_equal(tester_run(t, &r, "crasH", 5, &e), 0);
	assert_false(r.cached);
	tester_result_clear(&r);
	assert_int_equal(tester_get_stats(t)->runs, 2);
	assert_int_equal(tester_get_stats(t)->cache_hits, 1);
	tester_free(t);
	free(s);
}

/* With stop_at_first the first interesting candidate is the same for any
** number of workers, and the candidates after it come back as not run
** (killed or never started), even "b", which finishes first with 2 or 3
** workers, and "bb". Those before it ran to the end. */
static void test_tester__batch_first_interesting_in_order(void **state)
{
	char *s = script("t.sh", "grep -q b \"$1\" && sleep 0.$(wc -c < \"$1\")");
	gred_buf c[5] = {
		{"a", 1, 1}, {"aab", 3, 3}, {"b", 1, 1}, {"c", 1, 1}, {"bb", 2, 2}};
	int jobs;

	(void)state;
	for (jobs = 1; jobs <= 3; jobs++) {
		tester *t = make(s, 10, jobs);
		tester_result r[5];
		gred_error e;
		int i;

		assert_int_equal(tester_run_batch(t, r, c, 5, 1, &e), 0);
		assert_true(r[0].ran);
		assert_false(r[0].interesting);
		assert_true(r[1].ran);
		assert_true(r[1].interesting);
		for (i = 2; i < 5; i++) {
			assert_false(r[i].ran);
			assert_false(r[i].interesting);
		}
		for (i = 0; i < 5; i++)
			tester_result_clear(&r[i]);
		tester_free(t);
	}
	free(s);
}

/* Candidates for tester_run_stream: made on demand from a list, each
** call noted, the list ending at its first NULL. */
typedef struct more_list {
	const char *const *v;
	size_t calls;
} more_list;

static int more_from_list(void *user, gred_buf *cands, size_t i,
	gred_error *e)
{
	more_list *l = user;

	(void)e;
	l->calls++;
	if (!l->v[i])
		return 0;
	cands[i].len = 0;
	buf_append(&cands[i], l->v[i], strlen(l->v[i]));
	return 1;
}

/* Made while the first ones run, the candidates give what a batch of
** them gives: the first interesting one in order, whatever the number
** of workers; none is asked for after max, or after the list's end. */
static void test_tester__stream_as_batch(void **state)
{
	char *s = script("t.sh", "grep -q b \"$1\" && sleep 0.$(wc -c < \"$1\")");
	static const char *const words[] = {"a", "aab", "b", "c", NULL};
	int jobs;

	(void)state;
	for (jobs = 1; jobs <= 3; jobs++) {
		tester *t = make(s, 10, jobs);
		more_list l = {words, 0};
		gred_buf c[4] = {{0}};
		tester_result r[4];
		gred_error e;
		size_t n = 1, i;

		buf_puts(&c[0], "a");
		assert_int_equal(tester_run_stream(t, r, c, &n, 4, 1,
			more_from_list, &l, &e), 0);
		assert_true(n >= 2 && n <= 4);
		assert_true(r[0].ran);
		assert_false(r[0].interesting);
		assert_true(r[1].interesting);
		for (i = 2; i < n; i++)
			assert_false(r[i].ran);
		for (i = 0; i < 4; i++) {
			if (i < n)
				tester_result_clear(&r[i]);
			buf_free(&c[i]);
		}
		tester_free(t);
	}
	/* Nothing interesting: every candidate made and run, the list's end
	** asked once. */
	{
		static const char *const none[] = {"a", "c", "d", NULL};
		tester *t = make(s, 10, 2);
		more_list l = {none, 0};
		gred_buf c[4] = {{0}};
		tester_result r[4];
		gred_error e;
		size_t n = 1, i;

		buf_puts(&c[0], "a");
		assert_int_equal(tester_run_stream(t, r, c, &n, 4, 1,
			more_from_list, &l, &e), 0);
		assert_int_equal(n, 3);
		assert_int_equal(l.calls, 3);
		for (i = 0; i < 3; i++) {
			assert_true(r[i].ran);
			assert_false(r[i].interesting);
			tester_result_clear(&r[i]);
		}
		for (i = 0; i < 4; i++)
			buf_free(&c[i]);
		tester_free(t);
	}
	free(s);
}

/* A hook that has nothing yet: on its third call it lets the test
** end (the test waits for a file), and says TESTER_LATER until then. */
typedef struct later_hook {
	const char *go;
	size_t calls;
} later_hook;

static int later_then_go(void *user, gred_buf *cands, size_t i,
	gred_error *e)
{
	later_hook *h = user;
	gred_error sub;

	(void)cands;
	(void)i;
	(void)e;
	if (++h->calls == 3)
		assert_int_equal(file_write_atomic(h->go, "", 0, &sub), 0);
	return TESTER_LATER;
}

/* TESTER_LATER: the hook is asked again while the test runs (else the
** test would wait for its file until its timeout), and not once the
** test has ended: the stream returns then. */
static void test_tester__later_asked_again_while_test_runs(void **state)
{
	char *go = xasprintf("%s/go", dir);
	char *body = xasprintf("while [ ! -e %s ]; do sleep 0.01; done", go);
	char *s = script("wait.sh", body);
	tester *t = make(s, 5, 2);
	later_hook h = {go, 0};
	gred_buf c[2] = {{0}};
	tester_result r[2];
	gred_error e;
	size_t n = 1;

	(void)state;
	buf_puts(&c[0], "x");
	assert_int_equal(tester_run_stream(t, r, c, &n, 2, 0, later_then_go,
		&h, &e), 0);
	assert_int_equal(n, 1);
	assert_true(r[0].ran);
	assert_false(r[0].timed_out);
	assert_true(r[0].interesting);
	assert_true(h.calls >= 3);
	/* Asked every few milliseconds for about as long as the test ran,
	** not in a loop of its own. */
	assert_true(h.calls < 100 * (r[0].seconds + 0.1) + 3);
	tester_result_clear(&r[0]);
	buf_free(&c[0]);
	buf_free(&c[1]);
	tester_free(t);
	free(s);
	free(body);
	free(go);
}

static void test_tester__missing_program_is_not_interesting(void **state)
{
	tester *t = make("/nonexistent/test.sh", 10, 1);
	tester_result r;
	gred_error e;

	(void)state;
	assert_int_equal(tester_run(t, &r, "x", 1, &e), 0);
	assert_false(r.interesting);
	assert_int_equal(WEXITSTATUS(r.status), 127);
	assert_non_null(strstr(r.err, "cannot run"));
	tester_result_clear(&r);
	tester_free(t);
}

/* A test's TMPDIR is a private directory emptied before each run and
** removed with the tester: what a killed test leaves there goes too. */
static void test_tester__tmpdir_is_private(void **state)
{
	char *s = xasprintf("echo \"$TMPDIR\" > %s/tmpdir; "
		"mktemp >/dev/null && ls \"$TMPDIR\" | wc -l > %s/count", dir, dir);
	char *p = script("t.sh", s), *path = xasprintf("%s/tmpdir", dir), *tmp;
	tester *t = make(p, 10, 1);
	tester_result r;
	gred_error e;
	size_t len;
	struct stat st;

	(void)state;
	assert_int_equal(tester_run(t, &r, "a", 1, &e), 0);
	tester_result_clear(&r);
	assert_int_equal(tester_run(t, &r, "b", 1, &e), 0);
	assert_true(r.interesting);
	tester_result_clear(&r);
	/* The second run saw only its own temp file. */
	assert_int_equal(read_pid("count"), 1);
	assert_int_equal(file_read(&tmp, &len, path, 0, &e), 0);
	tmp[strcspn(tmp, "\n")] = 0;
	assert_non_null(strstr(tmp, "/gred-"));
	assert_int_equal(stat(tmp, &st), 0);
	tester_free(t);
	assert_int_equal(stat(tmp, &st), -1);
	free(tmp);
	free(path);
	free(s);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tester__exit_zero_is_interesting),
		cmocka_unit_test(test_tester__candidate_in_cwd_under_input_name),
		cmocka_unit_test(test_tester__stderr_tail_kept),
		cmocka_unit_test(test_tester__timeout_kills_process_group),
		cmocka_unit_test(test_tester__background_children_killed_after_exit),
		cmocka_unit_test(test_tester__fork_bomb_is_contained),
		cmocka_unit_test(test_tester__cache_answers_repeats),
		cmocka_unit_test(test_tester__batch_first_interesting_in_order),
		cmocka_unit_test(test_tester__stream_as_batch),
		cmocka_unit_test(test_tester__later_asked_again_while_test_runs),
		cmocka_unit_test(test_tester__missing_program_is_not_interesting),
		cmocka_unit_test(test_tester__tmpdir_is_private),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}

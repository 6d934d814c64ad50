/*
** Unit tests of util/proc: groups killed whole at the end, on timeout and
** when the parent dies by SIGKILL; bounded capture; start failures.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/gred-tp-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	dir_remove(dir);
	return access(dir, F_OK) == 0 ? -1 : 0;
}

/* Runs `sh -c SCRIPT` with the given options filled in. */
static int run_sh(proc_result *r, gred_buf *out, proc_options *o,
	const char *script, gred_error *e)
{
	char *argv[] = {"sh", "-c", (char *)script, NULL};

	o->argv = argv;
	return proc_run(r, out, o, e);
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

/* Waits (10 s at most) until pid is gone, reaping whatever was orphaned
** into this process (a subreaper) meanwhile. */
static int gone(pid_t pid)
{
	int i;

	for (i = 0; i < 10000; i++) {
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (kill(pid, 0) < 0 && errno == ESRCH)
			return 1;
		usleep(1000);
	}
	return 0;
}

static void test_proc__exit_code_and_capture(void **state)
{
	proc_options o;
	proc_result r;
	gred_buf out = {0};
	gred_error e;

	(void)state;
	proc_options_init(&o);
	o.capture = 1;
	assert_int_equal(run_sh(&r, &out, &o, "echo out; echo err >&2; exit 3",
		&e), 0);
	assert_true(r.exited);
	assert_int_equal(r.code, 3);
	assert_false(r.timed_out);
	assert_string_equal(out.data, "out\nerr\n");
	buf_free(&out);
}

/* The timeout kills the whole group: the script's background child too,
** at once (no waiting for it to end by itself). */
static void test_proc__timeout_kills_grandchildren(void **state)
{
	char *s = xasprintf("sleep 100 & echo $! > %s/bg.pid; sleep 100", dir);
	proc_options o;
	proc_result r;
	gred_error e;
	double t0 = now_seconds();
	pid_t bg;

	(void)state;
	proc_options_init(&o);
	o.timeout = 0.3;
	o.capture = 1;
	assert_int_equal(run_sh(&r, NULL, &o, s, &e), 0);
	assert_true(r.timed_out);
	assert_int_equal(r.signal, SIGKILL);
	assert_true(now_seconds() - t0 < 5);
	bg = read_pid("bg.pid");
	assert_true(bg > 0);
	assert_int_equal(kill(bg, 0), -1);
	free(s);
}

/* The leader exits while its background child still holds the capture
** pipe: the run ends with the leader, and the child dies with it. */
static void test_proc__leader_exit_kills_the_group(void **state)
{
	char *s = xasprintf("sleep 100 & echo $! > %s/bg2.pid; echo done", dir);
	proc_options o;
	proc_result r;
	gred_buf out = {0};
	gred_error e;
	double t0 = now_seconds();
	pid_t bg;

	(void)state;
	proc_options_init(&o);
	o.capture = 1;
	assert_int_equal(run_sh(&r, &out, &o, s, &e), 0);
	assert_true(r.exited);
	assert_int_equal(r.code, 0);
	assert_string_equal(out.data, "done\n");
	assert_true(now_seconds() - t0 < 5);
	bg = read_pid("bg2.pid");
	assert_true(bg > 0);
	assert_int_equal(kill(bg, 0), -1);
	buf_free(&out);
	free(s);
}

/* 3 MB of output through a 1000-byte capture: head and tail kept, the
** cut reported, and everything still reaches the tee. */
static void test_proc__capture_is_bounded(void **state)
{
	char *log = xasprintf("%s/tee.log", dir);
	proc_options o;
	proc_result r;
	gred_buf out = {0};
	gred_error e;
	struct stat st;
	FILE *f = fopen(log, "w");

	(void)state;
	assert_non_null(f);
	proc_options_init(&o);
	o.capture = 1;
	o.capture_max = 1000;
	o.capture_tee_fd = fileno(f);
	assert_int_equal(run_sh(&r, &out, &o,
		"echo BEGIN; head -c 3000000 /dev/zero | tr '\\0' a; echo; echo END",
		&e), 0);
	fclose(f);
	assert_true(r.truncated);
	assert_true(out.len <= 1000);
	assert_int_equal(strncmp(out.data, "BEGIN\naaa", 9), 0);
	assert_string_equal(out.data + out.len - 4, "END\n");
	assert_int_equal(stat(log, &st), 0);
	assert_int_equal(st.st_size, 6 + 3000000 + 1 + 4);
	buf_free(&out);
	free(log);
}

static void test_proc__start_failures_are_errors(void **state)
{
	char *argv[] = {"/nonexistent/prog", NULL};
	proc_options o;
	proc_result r;
	proc p;
	gred_error e;

	(void)state;
	proc_options_init(&o);
	o.argv = argv;
	assert_int_equal(proc_run(&r, NULL, &o, &e), -1);
	assert_non_null(strstr(e.msg, "cannot run /nonexistent/prog"));
	assert_non_null(strstr(e.msg, "No such file"));
	assert_int_equal(proc_spawn(&p, &o, &e), -1);
	assert_int_equal(p.start_errno, ENOENT);
	argv[0] = "true";
	o.dir = "/nonexistent";
	assert_int_equal(proc_run(&r, NULL, &o, &e), -1);
	assert_non_null(strstr(e.msg, "cannot enter"));
	o.dir = NULL;
	o.out_path = "/nonexistent/out";
	assert_int_equal(proc_run(&r, NULL, &o, &e), -1);
	assert_non_null(strstr(e.msg, "cannot open"));
}

/* What `ls /proc/self/fd` prints in a child that holds only the
** descriptors this process lets children inherit (0, 1, 2 and whatever
** its own parent passed down without close-on-exec), plus the one ls
** opens to read the directory: the lowest free number. */
static char *inherited_fds(void)
{
	char names[64][16];
	int fds[64], n = 0, i, j, lowest = 0;
	gred_buf b = {0};
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;

	assert_non_null(d);
	while ((de = readdir(d)) && n < 64) {
		int fd = atoi(de->d_name);
		int fl = fcntl(fd, F_GETFD);
		if (de->d_name[0] < '0' || de->d_name[0] > '9' || fd == dirfd(d) ||
		    fl < 0 || (fl & FD_CLOEXEC))
			continue;
		fds[n++] = fd;
	}
	closedir(d);
	for (;; lowest++) {
		for (i = 0; i < n && fds[i] != lowest; i++)
			;
		if (i == n)
			break;
	}
	fds[n++] = lowest;
	/* ls sorts by name: "10" before "2". */
	for (i = 0; i < n; i++)
		snprintf(names[i], sizeof(names[i]), "%d", fds[i]);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char t[16];
			memcpy(t, names[j], sizeof(t));
			memcpy(names[j], names[j - 1], sizeof(t));
			memcpy(names[j - 1], t, sizeof(t));
		}
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s\n", names[i]);
	return b.data;
}

/* Extra variables are set over gred's own, the rest is inherited;
** stdin is /dev/null; none of gred's own descriptors (the watchdog's
** socket, pipes of other children) reaches the child. */
static void test_proc__env_stdin_and_fds(void **state)
{
	char *env[] = {"TMPDIR=/private/tmp", "GRED_TP=1", NULL};
	char *ls[] = {"ls", "/proc/self/fd", NULL};
	proc_options o;
	proc_result r;
	gred_buf out = {0};
	gred_error e;
	char *want;

	(void)state;
	setenv("GRED_TP_KEPT", "yes", 1);
	setenv("TMPDIR", "/elsewhere", 1);
	proc_options_init(&o);
	o.capture = 1;
	o.env = env;
	assert_int_equal(run_sh(&r, &out, &o,
		"echo $TMPDIR $GRED_TP $GRED_TP_KEPT; cat", &e), 0);
	assert_string_equal(out.data, "/private/tmp 1 yes\n");
	unsetenv("TMPDIR");
	out.len = 0;
	o.argv = ls;
	assert_int_equal(proc_run(&r, &out, &o, &e), 0);
	want = inherited_fds();
	assert_string_equal(out.data, want);
	free(want);
	buf_free(&out);
}

static volatile sig_atomic_t cancel_flag;

static void on_alarm(int sig)
{
	(void)sig;
	cancel_flag = 1;
}

/* A flag set by a signal handler stops the run and kills the group. */
static void test_proc__cancel_flag_stops_the_run(void **state)
{
	char *s = xasprintf("sleep 100 & echo $! > %s/bg3.pid; sleep 100", dir);
	struct sigaction sa;
	proc_options o;
	proc_result r;
	gred_error e;
	pid_t bg;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	cancel_flag = 0;
	proc_options_init(&o);
	o.cancel = &cancel_flag;
	alarm(1);
	assert_int_equal(run_sh(&r, NULL, &o, s, &e), PROC_CANCELLED);
	assert_string_equal(e.msg, "interrupted");
	bg = read_pid("bg3.pid");
	assert_true(bg > 0);
	assert_int_equal(kill(bg, 0), -1);
	free(s);
}

/* With catch_signals a SIGTERM to gred ends the run, not gred. */
static void test_proc__caught_signal_stops_the_run(void **state)
{
	proc_options o;
	proc_result r;
	gred_error e;

	(void)state;
	proc_options_init(&o);
	o.catch_signals = 1;
	assert_int_equal(run_sh(&r, NULL, &o, "kill -TERM $PPID; sleep 100", &e),
		PROC_CANCELLED);
	assert_string_equal(e.msg, "interrupted");
}

/* A forked copy's answer comes back; its crash is an error, not ours. */
static int say_hello(gred_buf *out, void *arg)
{
	(void)arg;
	buf_puts(out, "hello");
	return 0;
}

static int crash(gred_buf *out, void *arg)
{
	(void)out;
	(void)arg;
	abort();
}

static void test_proc__call_in_a_copy(void **state)
{
	gred_buf out = {0};
	gred_error e;

	(void)state;
	assert_int_equal(proc_call(&out, say_hello, NULL, &e), 0);
	assert_int_equal(out.len, 5);
	assert_int_equal(memcmp(out.data, "hello", 5), 0);
	out.len = 0;
	assert_int_equal(proc_call(&out, crash, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "crashed with signal 6"));
	buf_free(&out);
}

/* The watchdog whose parent is `parent`, or 0. */
static pid_t watchdog_of(pid_t parent)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	pid_t found = 0;

	assert_non_null(d);
	while (!found && (de = readdir(d))) {
		char path[300], buf[512], *rp;
		long ppid = 0;
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if (de->d_name[0] < '1' || de->d_name[0] > '9' ||
		    !(f = fopen(path, "r")))
			continue;
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
		rp = strrchr(buf, ')');
		if (strstr(buf, "(gred-watchdog)") && rp &&
		    sscanf(rp + 1, " %*c %ld", &ppid) == 1 && ppid == parent)
			found = (pid_t)atol(de->d_name);
	}
	closedir(d);
	return found;
}

/*
** A parent killed with SIGKILL, with no chance to clean up: its watchdog
** kills the group of its child, grandchildren included, and removes the
** directory it registered. SIGINT, SIGTERM and SIGHUP sent to the
** watchdog first do not stop it. The parent is a forked copy of this
** test that starts a watchdog of its own.
*/
static void test_proc__watchdog_outlives_a_killed_parent(void **state)
{
	char *keep = xasprintf("%s/keep", dir), *ready = xasprintf("%s/ready", dir);
	char *s = xasprintf("sleep 100 & echo $! > %s/bg4.pid; "
		"echo $$ > %s/leader.pid; touch %s; sleep 100", dir, dir, ready);
	pid_t parent, bg, leader, wd;
	struct stat st;
	int i;

	(void)state;
	assert_int_equal(mkdir(keep, 0700), 0);
	parent = fork();
	assert_true(parent >= 0);
	if (parent == 0) {
		char *argv[] = {"sh", "-c", s, NULL};
		proc_options o;
		proc p;
		gred_error e;

		if (proc_init(&e) < 0 || proc_register_dir(keep, &e) < 0)
			_exit(1);
		proc_options_init(&o);
		o.argv = argv;
		if (proc_spawn(&p, &o, &e) < 0)
			_exit(1);
		pause();
		_exit(0);
	}
	for (i = 0; i < 10000 && stat(ready, &st) < 0; i++)
		usleep(1000);
	assert_int_equal(stat(ready, &st), 0);
	bg = read_pid("bg4.pid");
	leader = read_pid("leader.pid");
	assert_true(bg > 0 && leader > 0);
	wd = watchdog_of(parent);
	assert_true(wd > 0);
	kill(wd, SIGINT);
	kill(wd, SIGTERM);
	kill(wd, SIGHUP);
	kill(parent, SIGKILL);
	assert_int_equal(waitpid(parent, NULL, 0), parent);
	assert_true(gone(leader));
	assert_true(gone(bg));
	assert_true(gone(wd));
	assert_int_equal(stat(keep, &st), -1);
	free(keep);
	free(ready);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_proc__exit_code_and_capture),
		cmocka_unit_test(test_proc__timeout_kills_grandchildren),
		cmocka_unit_test(test_proc__leader_exit_kills_the_group),
		cmocka_unit_test(test_proc__capture_is_bounded),
		cmocka_unit_test(test_proc__start_failures_are_errors),
		cmocka_unit_test(test_proc__env_stdin_and_fds),
		cmocka_unit_test(test_proc__cancel_flag_stops_the_run),
		cmocka_unit_test(test_proc__caught_signal_stops_the_run),
		cmocka_unit_test(test_proc__call_in_a_copy),
		cmocka_unit_test(test_proc__watchdog_outlives_a_killed_parent),
	};
	gred_error e;

	/* Like gred: a watchdog, and orphans of children come back here. */
	if (proc_init(&e) < 0)
		return 1;
	return cmocka_run_group_tests(tests, setup, teardown);
}

/*
** `gred demo`: the pipeline on a bundled case. A small program crashes
** Debian's mlir-opt-19; gred files the crash, reduces the program while
** the crash keeps its signature, and writes a report for an issue.
*/
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_opts.h"
#include "reduce.h"
#include "report.h"
#include "tester.h"
#include "triage.h"
#include "util.h"

/* remove-dead-values in MLIR 19 erases arguments of a function
** declaration, which has no body, and dereferences a null block. */
static const char demo_input[] =
	"func.func private @lookup(index) -> (memref<?x?xf32>, f32)\n"
	"func.func @scale(%buf: memref<?x?xf32>, %k: f32) -> f32 {\n"
	"  %c0 = arith.constant 0 : index\n"
	"  %c1 = arith.constant 1 : index\n"
	"  %n = memref.dim %buf, %c0 : memref<?x?xf32>\n"
	"  %m = memref.dim %buf, %c1 : memref<?x?xf32>\n"
	"  %init = arith.constant 0.0 : f32\n"
	"  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {\n"
	"    %row = scf.for %j = %c0 to %m step %c1 iter_args(%r = %acc) -> (f32) {\n"
	"      %v = memref.load %buf[%i, %j] : memref<?x?xf32>\n"
	"      %s = arith.mulf %v, %k : f32\n"
	"      memref.store %s, %buf[%i, %j] : memref<?x?xf32>\n"
	"      %r2 = arith.addf %r, %s : f32\n"
	"      scf.yield %r2 : f32\n"
	"    }\n"
	"    scf.yield %row : f32\n"
	"  }\n"
	"  return %sum : f32\n"
	"}\n"
	"func.func @main(%idx: index) -> f32 {\n"
	"  %buf, %k = call @lookup(%idx) : (index) -> (memref<?x?xf32>, f32)\n"
	"  %a = call @scale(%buf, %k) : (memref<?x?xf32>, f32) -> f32\n"
	"  %b = arith.mulf %a, %a : f32\n"
	"  %c = math.sqrt %b : f32\n"
	"  return %c : f32\n"
	"}\n";

static const char demo_pass[] = "--remove-dead-values";

/* The interestingness test the demo writes: the compiler still crashes,
** and with the same triage signature (no slipping to another bug). */
static const char demo_test_fmt[] =
	"#!/bin/sh\n"
	"# Interesting iff %s %s still crashes with signature %s.\n"
	"# The file goes on stdin, with a fixed environment and no ASLR, so\n"
	"# the crash is stable.\n"
	"setarch -R env -i %s %s <\"$1\" >/dev/null 2>log.txt\n"
	"[ \"$('%s' triage sig log.txt 2>/dev/null | head -n 1)\" = \"signature %s\" ]\n";

/* What the command line asks for, filled in by cli_parse. */
typedef struct demo_cli {
	const char *dir;
	int jobs;
} demo_cli;

static const cli_opt demo_opts[] = {
	CLI_OPT_STRING("dir", 0, offsetof(demo_cli, dir), "DIR",
		"where the files go (default ./gred-demo)"),
	CLI_OPT_NUM(CLI_INT, "jobs", 'j', offsetof(demo_cli, jobs), 0, 1024, "N",
		"tests run at once; 0 (the default): one per core"),
	CLI_OPT_END
};

static const cli_command demo_command = {
	"demo",
	"demo [--dir DIR] [-j N]",
	"Runs gred's pipeline on a bundled case: a small MLIR program that\n"
	"crashes Debian's mlir-opt-19. gred records the crash in a triage store,\n"
	"reduces the program while the crash keeps its signature, and writes\n"
	"DIR/report.md.\n",
	demo_opts,
	NULL,
	"gred demo\n"
	"gred demo --dir build/demo -j 2",
	-1,
};

/* Finds prog on PATH; returns a malloc'd absolute path or NULL. */
static char *find_program(const char *prog)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *found = NULL;

	copy = xstrdup(path && *path ? path : "/usr/bin:/bin");
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", dir, prog);
		if (access(p, X_OK) == 0 && p[0] == '/')
			found = p;
		else
			free(p);
	}
	free(copy);
	return found;
}

static int count_lines(const char *s, size_t n)
{
	int lines = 0;
	size_t i;

	for (i = 0; i < n; i++)
		lines += s[i] == '\n';
	return lines;
}

/* Runs the compiler once on data and returns its stderr. */
static int demo_compile(tester_result *r, const char *compiler,
	const char *file_name, const char *data, size_t len, gred_error *e)
{
	char *script = xasprintf("exec setarch -R env -i '%s' %s <\"$1\"",
		compiler, demo_pass);
	char *argv[] = {"/bin/sh", "-c", script, "sh", NULL};
	tester_options o;
	tester *t;
	int err;

	tester_options_init(&o);
	o.argv = argv;
	o.file_name = file_name;
	o.timeout = 120;
	o.keep_output = 1;
	if ((err = tester_new(&t, &o, e)) < 0)
		goto done;
	err = tester_run(t, r, data, len, e);
	tester_free(t);
done:
	free(script);
	return err;
}

/* Files the reduced case in the crash's bucket, where it becomes the
** bucket's smallest case, if it still crashes the same way. */
static int demo_file_reduced(triage_store *store, const triage_sig *want,
	const char *compiler, const char *path, const char *data, size_t len,
	gred_error *e)
{
	tester_result r = {0};
	triage_options topts;
	triage_sig sig;
	triage_add_result added;
	int err;

	if ((err = demo_compile(&r, compiler, path_base(path), data, len, e)) < 0)
		return err;
	triage_options_init(&topts);
	err = triage_sig_compute(&sig, r.err ? r.err : "", r.err_len, &topts, e);
	if (err == 0) {
		if (!triage_sig_equal(&sig, want))
			err = gred_errorf(e, "the reduced case crashes differently");
		else if ((err = triage_store_begin(store, e)) == 0 &&
		    (err = triage_store_add(&added, store, &sig,
			"demo: mlir-opt-19 (reduced)", path, r.err, r.err_len, e)) == 0)
			err = triage_store_commit(store, e);
		triage_sig_free(&sig);
	}
	tester_result_clear(&r);
	return err;
}

static int write_text(const char *path, const char *text, gred_error *e)
{
	return file_write_atomic(path, text, strlen(text), e);
}

static int demo_report(const char *dir, const triage_sig *sig,
	const char *compiler, const char *reduced, size_t reduced_len,
	const reduce_stats *st, gred_error *e)
{
	gred_buf md = {0}, how = {0}, versions = {0};
	report_case c;
	char id[17], *path, *tool, *repro;
	int err;

	memset(&c, 0, sizeof(c));
	tool = xasprintf("mlir-opt-19 %s", demo_pass);
	repro = xasprintf("%s %s < reduced.mlir", compiler, demo_pass);
	buf_printf(&how, "Reduced by gred in %lu test runs (%lu cache hits), "
		"%.1f s; every candidate kept the crash signature above.",
		st->tests.runs, st->tests.cache_hits, st->seconds);
	report_tool_version(&versions, compiler);
	c.tool = tool;
	c.reproduce = repro;
	c.input_name = "reduced.mlir";
	c.input = reduced;
	c.input_len = reduced_len;
	c.orig_bytes = st->orig_bytes;
	c.sig_id = triage_sig_id(sig, id);
	c.kind = sig->kind;
	c.message = sig->message;
	c.frames = (const char *const *)sig->frames;
	c.nframes = sig->nframes;
	c.how = how.data;
	c.versions = versions.data;
	report_markdown(&md, &c);
	path = xasprintf("%s/report.md", dir);
	err = file_write_atomic(path, md.data, md.len, e);
	free(path);
	free(tool);
	free(repro);
	buf_free(&md);
	buf_free(&how);
	buf_free(&versions);
	return err;
}

int demo_main(int argc, char **argv)
{
	const char *dir;
	char *compiler = NULL, *self = NULL, *input = NULL, *output = NULL;
	char *test = NULL, *db = NULL, *store_dir = NULL, *reduced = NULL;
	char exe[PATH_MAX], id[17];
	tester_result first = {0};
	triage_sig sig = {0};
	triage_options topts;
	triage_store *store = NULL;
	triage_add_result added;
	reduce_options ro;
	reduce_stats st;
	gred_buf msg = {0};
	gred_error e;
	size_t reduced_len;
	ssize_t n;
	int jobs, rc = 1, have_sig = 0;

	{
		demo_cli cl = {"gred-demo", 0};
		cli_args args;

		rc = cli_parse(&args, &demo_command, &cl, argc, argv);
		if (rc == 0 && args.noperands)
			rc = -1, args.status = cli_usage_error(&demo_command,
				"unexpected argument '%s'", args.operands[0]);
		cli_args_free(&args);
		if (rc < 0)
			return args.status;
		rc = 1;
		dir = cl.dir;
		jobs = cl.jobs;
	}
	compiler = find_program("mlir-opt-19");
	if (!compiler)
		return cli_fail("demo: mlir-opt-19 not found on PATH (scripts/bootstrap installs it)");
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0) {
		free(compiler);
		return cli_fail("demo: cannot find the gred binary: %s", strerror(errno));
	}
	exe[n] = 0;
	self = xstrdup(exe);
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		cli_fail("%s: %s", dir, strerror(errno));
		goto done;
	}
	input = xasprintf("%s/crash.mlir", dir);
	output = xasprintf("%s/reduced.mlir", dir);
	test = xasprintf("%s/test.sh", dir);
	store_dir = xasprintf("%s/.gred", dir);
	db = xasprintf("%s/triage.db", store_dir);
	if (write_text(input, demo_input, &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	printf("[1/4] target   %s %s on %s (%zu bytes, %d lines)\n", compiler,
		demo_pass, input, sizeof(demo_input) - 1,
		count_lines(demo_input, sizeof(demo_input) - 1));
	if (demo_compile(&first, compiler, "crash.mlir", demo_input,
	    sizeof(demo_input) - 1, &e) < 0) {
		cli_fail("demo: %s", e.msg);
		goto done;
	}
	tester_result_describe(&msg, &first, 120);
	printf("               %s\n", msg.data ? msg.data : "");
	triage_options_init(&topts);
	if (triage_sig_compute(&sig, first.err ? first.err : "", first.err_len,
	    &topts, &e) < 0 || !sig.crashed) {
		cli_fail("demo: %s did not crash on the bundled input; nothing to reduce",
			compiler);
		goto done;
	}
	have_sig = 1;
	triage_sig_id(&sig, id);
	if ((mkdir(store_dir, 0755) < 0 && errno != EEXIST) ||
	    triage_store_open(&store, db, &e) < 0 ||
	    triage_store_begin(store, &e) < 0 ||
	    triage_store_add(&added, store, &sig, "demo: mlir-opt-19", input,
		first.err, first.err_len, &e) < 0 ||
	    triage_store_commit(store, &e) < 0) {
		cli_fail("%s: %s", db, errno && !e.msg[0] ? strerror(errno) : e.msg);
		goto done;
	}
	printf("[2/4] triage   signature %s: %s in %s (bucket %lld in %s)\n", id,
		sig.kind, sig.nframes ? sig.frames[0] : "?", (long long)added.bucket, db);

	{
		char *script = xasprintf(demo_test_fmt, compiler, demo_pass, id,
			compiler, demo_pass, self, id);
		int err = write_text(test, script, &e);
		free(script);
		if (err < 0 || chmod(test, 0755) < 0) {
			cli_fail("%s: %s", test, err < 0 ? e.msg : strerror(errno));
			goto done;
		}
	}
	reduce_options_init(&ro);
	{
		char *test_argv[] = {test, NULL};
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		ro.input = input;
		ro.output = output;
		ro.test_argv = test_argv;
		ro.jobs = jobs > 0 ? jobs : cores > 0 ? (int)cores : 1;
		if (reduce_run(&st, &ro, &e) < 0) {
			cli_fail("demo: %s", e.msg);
			goto done;
		}
	}
	if (file_read(&reduced, &reduced_len, output, 0, &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	printf("[3/4] reduce   %zu -> %zu bytes in %lu test runs, %.1f s: %s\n",
		st.orig_bytes, st.final_bytes, st.tests.runs, st.seconds, output);
	if (demo_file_reduced(store, &sig, compiler, output, reduced,
	    reduced_len, &e) < 0) {
		cli_fail("%s: %s", db, e.msg);
		goto done;
	}
	if (demo_report(dir, &sig, compiler, reduced, reduced_len, &st, &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	printf("[4/4] report   %s/report.md\n\n%s%s", dir, reduced,
		reduced_len && reduced[reduced_len - 1] != '\n' ? "\n" : "");
	rc = 0;
done:
	if (store)
		triage_store_close(store);
	if (have_sig)
		triage_sig_free(&sig);
	tester_result_clear(&first);
	buf_free(&msg);
	free(compiler);
	free(self);
	free(input);
	free(output);
	free(test);
	free(db);
	free(store_dir);
	free(reduced);
	return rc;
}

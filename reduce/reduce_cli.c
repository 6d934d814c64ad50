/*
** `gred reduce`: the command line of the reducer, its progress line and
** its --stats table; the only part of the reducer that prints.
*/
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_opts.h"
#include "pipeline.h"
#include "reduce.h"
#include "proc.h"
#include "util.h"

static volatile sig_atomic_t interrupted;

/* Ctrl-C, kill and a closed terminal stop the tests and leave the best
** file so far; installed before the first child runs. */
static void catch_interrupts(void)
{
	cli_catch_stop(&interrupted);
	signal(SIGPIPE, SIG_IGN);
}

/* What the command line asks for, filled in by cli_parse. */
typedef struct reduce_cli {
	const char *output;
	int jobs;
	double timeout;
	int stats, verbose, same_crash, text;
	const char *match;
	const char *pipeline;   /* --pipeline: reduce it with IN */
	const char *recorded;
	char *pipeline_dir;     /* where IN with its block is */
	char *default_output;
	double every;           /* seconds between progress lines in a log */
	double last_line;       /* when the last one was printed */
} reduce_cli;

#define OFF(field) offsetof(reduce_cli, field)

static const cli_opt reduce_opts[] = {
	CLI_OPT_STRING("output", 'o', OFF(output), "OUT",
		"where the result goes (default: NAME.reduced.EXT\n"
		"beside IN)"),
	CLI_OPT_NUM(CLI_INT, "jobs", 'j', OFF(jobs), 0, 1024, "N",
		"tests run at once; 0 (the default): one per core"),
	CLI_OPT_NUM(CLI_SECONDS, "timeout", 0, OFF(timeout), 0, 604800, "SECONDS",
		"per test, e.g. 2.5 (default: max(10, 10x the\n"
		"first run))"),
	CLI_OPT_FLAG("stats", 0, OFF(stats),
		"print test runs, cache hits and each pass's share"),
	CLI_OPT_FLAG("verbose", 'v', OFF(verbose),
		"print each candidate decided: pass, bytes, verdict"),
	CLI_OPT_FLAG("same-crash", 0, OFF(same_crash),
		"no TEST: interesting iff CMD crashes with the\n"
		"triage signature it has on IN"),
	CLI_OPT_STRING("match", 0, OFF(match), "REGEX",
		"no TEST: interesting iff CMD's output (stdout and\n"
		"stderr) matches the PCRE2 REGEX"),
	CLI_OPT_FLAG("text", 0, OFF(text),
		"cut IN as text (lines, tokens) even if it is no\n"
		"valid .onnx/.mlir (a malformed .onnx is refused\n"
		"without it; a .mlir that does not parse is cut as\n"
		"text until it does)"),
	CLI_OPT_STRING("pipeline", 0, OFF(pipeline), "PIPELINE",
		"reduce this pass pipeline with IN: the candidate\n"
		"carries it in an mlir_reproducer block, as a file\n"
		"of --mlir-pass-pipeline-crash-reproducer does\n"
		"(such a file needs no --pipeline)"),
	CLI_OPT_STRING("recorded", 0, OFF(recorded), "FILE",
		"tensor values of the .onnx IN, as\n"
		"scripts/ort_dump.js writes them: a cut tensor\n"
		"becomes an initializer of its value"),
	CLI_OPT_NUM(CLI_SECONDS, "progress", 0, OFF(every), 0, 86400, "SECONDS",
		"when stderr is no terminal, a progress line every\n"
		"SECONDS (default 5)"),
	CLI_OPT_END
};

static const cli_command reduce_command = {
	"reduce",
	"reduce [OPTIONS] IN TEST [TEST-ARGS...]\n"
	"[OPTIONS] IN TEST [TEST-ARGS...]\n"
	"reduce [OPTIONS] --same-crash IN -- CMD [ARGS...]\n"
	"reduce [OPTIONS] --match REGEX IN -- CMD [ARGS...]",
	"Shrinks IN (.mlir or .onnx) while `TEST [TEST-ARGS...] CANDIDATE` exits 0.\n"
	"The test runs in a private directory holding the candidate under IN's\n"
	"own file name; CANDIDATE is its absolute path. IN is never modified; the\n"
	"best file so far is always in OUT. A TEST without a slash is ./TEST if\n"
	"that file is in the current directory, else it is looked up in PATH.\n"
	"\n"
	"With --same-crash there is no script: gred runs `CMD [ARGS...] CANDIDATE`\n"
	"and a candidate is interesting iff CMD crashes with the same triage\n"
	"signature as on IN (see gred triage). With --match, iff CMD's output\n"
	"matches REGEX.\n"
	"\n"
	"A .mlir IN ending in an mlir_reproducer block (what mlir-opt writes with\n"
	"--mlir-pass-pipeline-crash-reproducer), or any .mlir IN with --pipeline,\n"
	"has its pass pipeline reduced too: whole nested pipelines, then passes,\n"
	"then pass options, in turn with the program. Every candidate ends in the\n"
	"block with its pipeline, so `mlir-opt --run-reproducer CANDIDATE` runs it.\n"
	"\n"
	"Options go anywhere before TEST, or before --. What follows TEST belongs\n"
	"to the test, except a final -o OUT.\n",
	reduce_opts,
	NULL,
	"gred bug.onnx ./interesting.sh              # writes bug.reduced.onnx\n"
	"gred -j 4 --stats crash.mlir test.sh        # test.sh in the current directory\n"
	"gred reduce crash.mlir -o small.mlir --timeout 2.5 ./test.sh arg1\n"
	"gred reduce --same-crash crash.mlir -- mlir-opt-19 --remove-dead-values\n"
	"gred reduce --same-crash -o small.mlir crash.mlir -- ./compiler --O2\n"
	"gred reduce --match 'output size should be 1' model.onnx -- node run.js\n"
	"gred reduce --same-crash repro.mlir -- mlir-opt-19 --run-reproducer\n"
	"gred reduce --pipeline 'builtin.module(cse,inline)' --same-crash in.mlir \\\n"
	"    -- mlir-opt-19 --run-reproducer\n"
	"gred reduce --text broken.onnx ./test.sh        # cut a malformed file as text",
	1,
};

/* Runs `gred triage check [--match REGEX] -- CMD... IN` once, on the
** input itself, under the tests' timeout and stopped by Ctrl-C like them.
** Returns 0 with its result and output, or -1 after printing why not. */
static int check_input(proc_result *res, gred_buf *out, const char *self,
	const char *regex, char **cmd, int ncmd, const char *input,
	double timeout)
{
	char **run = xcalloc((size_t)ncmd + 8, sizeof(char *));
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/gred-ref.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	char *env[2] = {NULL, NULL};
	proc_options po;
	gred_error e;
	int k = 0, i, err;

	run[k++] = (char *)self;
	run[k++] = "triage";
	run[k++] = "check";
	if (regex) {
		run[k++] = "--match";
		run[k++] = (char *)regex;
	}
	run[k++] = "--";
	for (i = 0; i < ncmd; i++)
		run[k++] = cmd[i];
	run[k++] = (char *)input;
	/* Like the tests, CMD gets a TMPDIR of its own, removed afterwards. */
	if (!mkdtemp(dir) || proc_register_dir(dir, &e) < 0) {
		cli_fail("cannot make a directory in %s: %s", tmp ? tmp : "/tmp",
			strerror(errno));
		free(dir);
		free(run);
		return -1;
	}
	env[0] = xasprintf("TMPDIR=%s", dir);
	catch_interrupts();
	proc_options_init(&po);
	po.argv = run;
	po.capture = 1;
	po.timeout = timeout;
	po.cancel = &interrupted;
	po.env = env;
	err = proc_run(res, out, &po, &e);
	free(run);
	free(env[0]);
	dir_remove(dir);
	proc_unregister_dir(dir);
	free(dir);
	if (err == PROC_CANCELLED) {
		cli_fail("interrupted");
		exit(130);
	}
	if (err < 0) {
		cli_fail("%s", e.msg);
		return -1;
	}
	if (res->timed_out) {
		cli_fail("%s: %s timed out after %g s on it", input, cmd[0], timeout);
		return -1;
	}
	return 0;
}

/* The test for --same-crash and --match: gred's own `triage check`,
** which runs CMD on the candidate and judges its output. First CMD runs
** on IN: with --match its output must match (else the end of what it
** printed says why); with --same-crash its crash signature is kept. */
static char **check_argv(const char *regex, char **cmd, int ncmd,
	const char *input, double timeout)
{
	char self[4096], **argv;
	char sig[17] = "";
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	proc_result res;
	gred_buf out = {0};
	int k = 0, i;

	if (n <= 0) {
		cli_fail("reduce: cannot find the gred binary");
		return NULL;
	}
	self[n] = 0;
	if (check_input(&res, &out, self, regex, cmd, ncmd, input, timeout) < 0) {
		buf_free(&out);
		return NULL;
	}
	if (regex && (!res.exited || res.code != 0)) {
		const char *why = out.data ? out.data : "";
		size_t len = out.len;

		while (len && why[len - 1] == '\n')
			len--;
		if (!strncmp(why, "gred: ", 6)) {
			why += 6;
			len -= 6;
		}
		cli_fail("%s: %.*s", input, (int)len, len ? why :
			"the pattern did not match");
		buf_free(&out);
		return NULL;
	}
	if (!regex) {
		const char *line = out.data ? strstr(out.data, "signature ") : NULL;

		if (!line || sscanf(line, "signature %16[0-9a-f]", sig) != 1) {
			cli_fail("%s: %s does not crash on it; --same-crash needs a crash "
				"to keep", input, cmd[0]);
			buf_free(&out);
			return NULL;
		}
		fprintf(stderr, "gred: keeping crash signature %s\n", sig);
	}
	buf_free(&out);
	argv = xcalloc((size_t)ncmd + 8, sizeof(char *));
	k = 0;
	argv[k++] = xstrdup(self);
	argv[k++] = "triage";
	argv[k++] = "check";
	argv[k++] = regex ? "--match" : "--sig";
	argv[k++] = regex ? (char *)regex : xstrdup(sig);
	argv[k++] = "--";
	for (i = 0; i < ncmd; i++)
		argv[k++] = cmd[i];
	return argv;
}

static void show_progress(const reduce_progress *p, void *user)
{
	(void)user;
	fprintf(stderr, "\r\033[K%zu/%zu bytes (%.1f%%)  %-9s  %lu runs  %.1f runs/s",
		p->best_bytes, p->orig_bytes,
		p->orig_bytes ? 100.0 * (double)p->best_bytes / (double)p->orig_bytes : 0,
		p->pass ? p->pass : "", p->runs,
		p->elapsed > 0 ? (double)p->runs / p->elapsed : 0);
	fflush(stderr);
}

/* In a pipe or log: a plain line every few seconds, as C-Vise does. */
static void log_progress(const reduce_progress *p, void *user)
{
	reduce_cli *cl = user;

	if (p->elapsed - cl->last_line < cl->every)
		return;
	cl->last_line = p->elapsed;
	fprintf(stderr, "gred: %.0f s: %zu/%zu bytes (%.1f%%), %s, %lu runs\n",
		p->elapsed, p->best_bytes, p->orig_bytes,
		p->orig_bytes ? 100.0 * (double)p->best_bytes / (double)p->orig_bytes : 0,
		p->pass ? p->pass : "", p->runs);
}

static void show_note(const char *msg, void *user)
{
	(void)user;
	fprintf(stderr, "%sgred: %s\n", isatty(2) ? "\r\033[K" : "", msg);
}

/* The last line of a reduction: what it did, and where the result is. */
static void print_summary(const reduce_stats *s, const reduce_options *o)
{
	char *out = o->output ? NULL : reduce_default_output(o->input);

	fprintf(stderr, "gred: %s: %zu -> %zu bytes (%.1f%%), %lu test runs, "
		"%.1f s; wrote %s\n", o->input, s->orig_bytes, s->final_bytes,
		s->orig_bytes ? 100.0 * (double)s->final_bytes /
		(double)s->orig_bytes : 0, s->tests.runs, s->seconds,
		o->output ? o->output : out);
	free(out);
}

/* At the end, as during the run: most tests timed out. */
static void print_timeouts(const reduce_stats *s)
{
	if (s->tests.runs >= 10 && 2 * s->tests.timeouts > s->tests.runs)
		fprintf(stderr, "gred: most tests timed out: %lu of %lu runs "
			"(timeout %.1f s)\n", s->tests.timeouts, s->tests.runs,
			s->timeout);
}

static void show_trace(const char *pass, size_t bytes, int interesting,
	void *user)
{
	(void)user;
	fprintf(stderr, "%s%-9s %12zu  %s\n", isatty(2) ? "\r\033[K" : "",
		pass, bytes, interesting ? "interesting" : "-");
}

static void print_stats(const reduce_stats *s)
{
	size_t i, removed = s->orig_bytes - s->final_bytes;
	double own;

	fprintf(stderr, "bytes: %zu -> %zu (%.1f%%)%s\n", s->orig_bytes,
		s->final_bytes, s->orig_bytes ?
		100.0 * (double)s->final_bytes / (double)s->orig_bytes : 0,
		s->text_mode ? "  (text mode: the input did not parse)" : "");
	fprintf(stderr, "test runs: %lu, cache hits: %lu, timeouts: %lu "
		"(timeout %.1f s)\n", s->tests.runs, s->tests.cache_hits,
		s->tests.timeouts, s->timeout);
	/* gred's own time: the wall time with no test running. */
	own = s->seconds > s->tests.test_seconds ?
		s->seconds - s->tests.test_seconds : 0;
	fprintf(stderr, "time: %.2f s total, %.2f s in tests, %.2f s in gred\n",
		s->seconds, s->tests.test_seconds, own);
	fprintf(stderr, "gred's share: %.1f%% of the wall time\n",
		s->seconds > 0 ? 100 * own / s->seconds : 0);
	fprintf(stderr, "candidates: %lu made, %.2f ms each in gred; %lu "
		"accepted, %.2f ms each\n", s->made,
		s->made ? 1000 * s->make_seconds / (double)s->made : 0,
		s->accepts,
		s->accepts ? 1000 * s->accept_seconds / (double)s->accepts : 0);
	if (s->maker_answers)
		fprintf(stderr, "maker: %lu candidates, %.2f ms each (clone, pass, "
			"verify, print; %lu forks)\n", s->maker_answers,
			1000 * s->maker_seconds / (double)s->maker_answers,
			s->maker_forks);
	fprintf(stderr, "%-10s %8s %8s %10s %7s %8s\n", "pass", "runs",
		"accepted", "bytes", "share", "seconds");
	for (i = 0; i < s->npasses; i++) {
		const reduce_pass_stats *p = &s->passes[i];
		fprintf(stderr, "%-10s %8lu %8lu %10zu %6.1f%% %8.2f\n", p->name,
			p->runs, p->accepted, p->bytes_removed,
			removed ? 100.0 * (double)p->bytes_removed / (double)removed : 0,
			p->seconds);
	}
}

/* --pipeline: IN with an mlir_reproducer block holding the pipeline (in
** place of any block it had), written under IN's name in a new directory;
** the reduction starts from that file. Returns its path, or NULL after
** printing why not. */
static char *add_pipeline(reduce_cli *cl, const char *input)
{
	const char *tmp = getenv("TMPDIR");
	repro_block rb;
	gred_buf out = {0};
	gred_error e;
	char *data = NULL, *path = NULL;
	size_t len;
	int found;

	if (pipeline_check(cl->pipeline, &e) < 0) {
		cli_fail("--pipeline: %s", e.msg);
		return NULL;
	}
	if (file_read(&data, &len, input, 0, &e) < 0) {
		cli_fail("%s", e.msg);
		return NULL;
	}
	found = repro_block_find(&rb, data, len, &e);
	if (found < 0) {
		cli_fail("%s: %s", input, e.msg);
		free(data);
		return NULL;
	}
	if (!found) {
		rb.start = len;
		rb.disable_threading = 0;
		rb.verify_each = 1;
	}
	buf_append(&out, data, rb.start);
	if (out.len && out.data[out.len - 1] != '\n')
		buf_puts(&out, "\n");
	repro_block_write(&out, &rb, cl->pipeline);
	repro_block_free(&rb);
	cl->pipeline_dir = xasprintf("%s/gred-pipeline.XXXXXX",
		tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(cl->pipeline_dir) ||
	    proc_register_dir(cl->pipeline_dir, &e) < 0) {
		cli_fail("cannot make a directory in %s: %s", tmp ? tmp : "/tmp",
			strerror(errno));
		free(cl->pipeline_dir);
		cl->pipeline_dir = NULL;
	} else {
		path = xasprintf("%s/%s", cl->pipeline_dir, path_base(input));
		if (file_write_atomic(path, out.data, out.len, &e) < 0) {
			cli_fail("%s", e.msg);
			free(path);
			path = NULL;
		}
	}
	buf_free(&out);
	free(data);
	return path;
}

/* Removes what add_pipeline made; o->input is IN again. */
static void drop_pipeline_input(reduce_cli *cl, reduce_options *o,
	const char *input)
{
	if (!cl->pipeline_dir)
		return;
	dir_remove(cl->pipeline_dir);
	proc_unregister_dir(cl->pipeline_dir);
	free(cl->pipeline_dir);
	cl->pipeline_dir = NULL;
	if (o->input != input)
		free((char *)o->input);
	o->input = input;
}

/* After a reduction: the pipeline left in OUT's reproducer block. */
static void print_pipeline(const char *out)
{
	repro_block rb;
	gred_error e;
	char *data;
	size_t len;

	if (file_read(&data, &len, out, 0, &e) < 0)
		return;
	if (repro_block_find(&rb, data, len, &e) == 1)
		fprintf(stderr, "gred: pipeline: %s\n", rb.pipeline);
	repro_block_free(&rb);
	free(data);
}

/* Checks the operands and fills o; returns the test's argv (IN's command
** in check mode), or NULL with *status set, an error printed. */
static char **read_operands(reduce_options *o, reduce_cli *cl, cli_args *a,
	char **program, int *status)
{
	const char *mode = cl->same_crash ? "--same-crash" : cl->match ? "--match" : NULL;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	char **ops = a->operands, **test_argv;
	int n = a->noperands;

	*status = 1;
	if (cl->same_crash && cl->match) {
		*status = cli_usage_error(&reduce_command,
			"--same-crash and --match exclude each other");
		return NULL;
	}
	if (n < 1 || (!mode && n < 2)) {
		*status = cli_usage_error(&reduce_command, "missing IN or TEST");
		return NULL;
	}
	if (n < 2) {
		cli_fail("%s wants -- CMD [ARGS...] after IN", mode);
		return NULL;
	}
	/* The older spelling of -o: the last two arguments, after TEST. */
	if (n >= 4 && !strcmp(ops[n - 2], "-o")) {
		cl->output = ops[n - 1];
		n -= 2;
	}
	if (!a->dashdash)
		cli_warn_misplaced(&reduce_command, ops + 2, n - 2,
			mode ? "CMD" : "TEST");
	o->input = ops[0];
	o->output = cl->output;
	if (cl->pipeline) {
		if (!cl->output)
			o->output = cl->default_output = reduce_default_output(ops[0]);
		if (!(o->input = add_pipeline(cl, ops[0])))
			return NULL;
	}
	o->jobs = cl->jobs ? cl->jobs : cores > 0 ? (int)cores : 1;
	o->timeout = cl->timeout;
	o->recorded = cl->recorded;
	if (cl->verbose)
		o->trace = show_trace;
	*program = cli_resolve_program(ops[1]);
	ops[1] = *program;
	if (mode)
		return check_argv(cl->match, ops + 1, n - 1, o->input,
			o->timeout);
	test_argv = xcalloc((size_t)n, sizeof(char *));
	memcpy(test_argv, ops + 1, (size_t)(n - 1) * sizeof(char *));
	return test_argv;
}

int reduce_main(int argc, char **argv)
{
	reduce_options o;
	reduce_stats st;
	reduce_cli cl = {0};
	cli_args args;
	gred_error e;
	char **test_argv, *program = NULL;
	int stats, err, check_mode, status;

	reduce_options_init(&o);
	if (cli_parse(&args, &reduce_command, &cl, argc, argv) < 0) {
		cli_args_free(&args);
		return args.status;
	}
	test_argv = read_operands(&o, &cl, &args, &program, &err);
	if (!test_argv) {
		drop_pipeline_input(&cl, &o, args.noperands ? args.operands[0] : NULL);
		free(cl.default_output);
		free(program);
		cli_args_free(&args);
		return err;
	}
	stats = cl.stats;
	check_mode = cl.same_crash || cl.match;
	o.test_argv = test_argv;
	o.cancel = &interrupted;
	o.as_text = cl.text;
	o.note = show_note;
	o.user = &cl;
	if (isatty(2)) {
		o.progress = show_progress;
	} else if (cl.every >= 0) {
		cl.every = cl.every > 0 ? cl.every : 5;
		o.progress = log_progress;
	}
	catch_interrupts();
	err = reduce_run(&st, &o, &e);
	if (o.progress == show_progress)
		fputs("\r\033[K", stderr);
	if (check_mode) {
		free(test_argv[0]);
		if (!strcmp(test_argv[3], "--sig"))
			free(test_argv[4]);
	}
	free(test_argv);
	free(program);
	drop_pipeline_input(&cl, &o, args.operands[0]);
	cli_args_free(&args);
	if (err == TESTER_CANCELLED) {
		char *out = o.output ? NULL : reduce_default_output(o.input);
		if (st.written)
			cli_fail("interrupted; the smallest file so far is %s",
				o.output ? o.output : out);
		else
			cli_fail("interrupted during the input's first test; "
				"nothing was written to %s", o.output ? o.output : out);
		free(out);
		if (stats)
			print_stats(&st);
		print_timeouts(&st);
		status = 130;
	} else if (err < 0) {
		cli_fail("%s", e.msg);
		print_timeouts(&st);
		status = 1;
	} else {
		char *out = o.output ? NULL : reduce_default_output(o.input);

		if (stats)
			print_stats(&st);
		print_timeouts(&st);
		print_summary(&st, &o);
		print_pipeline(o.output ? o.output : out);
		free(out);
		status = 0;
	}
	free(cl.default_output);
	return status;
}

/*
** `gred reduce`: the command line of the reducer, its progress line and
** its --stats table; the only part of the reducer that prints.
*/
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_opts.h"
#include "reduce.h"
#include "proc.h"
#include "util.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Ctrl-C, kill and a closed terminal stop the tests and leave the best
** file so far; installed before the first child runs. */
static void catch_interrupts(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* What the command line asks for, filled in by cli_parse. */
typedef struct reduce_cli {
	const char *output;
	int jobs;
	double timeout;
	int stats, verbose, same_crash;
	const char *match;
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
	"Options go anywhere before TEST, or before --. What follows TEST belongs\n"
	"to the test, except a final -o OUT.\n",
	reduce_opts,
	NULL,
	"gred bug.onnx ./interesting.sh              # writes bug.reduced.onnx\n"
	"gred -j 4 --stats crash.mlir test.sh        # test.sh in the current directory\n"
	"gred reduce crash.mlir -o small.mlir --timeout 2.5 ./test.sh arg1\n"
	"gred reduce --same-crash crash.mlir -- mlir-opt-19 --remove-dead-values\n"
	"gred reduce --same-crash -o small.mlir crash.mlir -- ./compiler --O2\n"
	"gred reduce --match 'output size should be 1' model.onnx -- node run.js",
	1,
};

/* The test for --same-crash and --match: gred's own `triage check`,
** which runs CMD on the candidate and judges its output. For
** --same-crash the signature is first taken from a run on the input,
** under the same timeout as the tests and stopped by Ctrl-C like them. */
static char **check_argv(const char *mode, const char *regex, char **cmd,
	int ncmd, const char *input, double timeout)
{
	char self[4096], **argv;
	char sig[17] = "";
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int k = 0, i;

	if (n <= 0) {
		cli_fail("reduce: cannot find the gred binary");
		return NULL;
	}
	self[n] = 0;
	if (!strcmp(mode, "--same-crash")) {
		proc_options po;
		proc_result res;
		gred_buf out = {0};
		gred_error e;
		char **run = xcalloc((size_t)ncmd + 6, sizeof(char *));
		const char *line;
		int err;

		run[k++] = self;
		run[k++] = "triage";
		run[k++] = "check";
		run[k++] = "--";
		for (i = 0; i < ncmd; i++)
			run[k++] = cmd[i];
		run[k++] = (char *)input;
		catch_interrupts();
		proc_options_init(&po);
		po.argv = run;
		po.capture = 1;
		po.timeout = timeout;
		po.cancel = &interrupted;
		err = proc_run(&res, &out, &po, &e);
		free(run);
		if (err == PROC_CANCELLED) {
			buf_free(&out);
			cli_fail("interrupted");
			exit(130);
		}
		if (err < 0 || res.timed_out) {
			if (err < 0)
				cli_fail("%s", e.msg);
			else
				cli_fail("%s: %s timed out after %g s on it", input,
					cmd[0], timeout);
			buf_free(&out);
			return NULL;
		}
		line = out.data ? strstr(out.data, "signature ") : NULL;
		if (!line || sscanf(line, "signature %16[0-9a-f]", sig) != 1) {
			cli_fail("%s: %s does not crash on it; --same-crash needs a crash "
				"to keep", input, cmd[0]);
			buf_free(&out);
			return NULL;
		}
		buf_free(&out);
		fprintf(stderr, "gred: keeping crash signature %s\n", sig);
	}
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

	fprintf(stderr, "bytes: %zu -> %zu (%.1f%%)%s\n", s->orig_bytes,
		s->final_bytes, s->orig_bytes ?
		100.0 * (double)s->final_bytes / (double)s->orig_bytes : 0,
		s->text_mode ? "  (text mode: the input did not parse)" : "");
	fprintf(stderr, "test runs: %lu, cache hits: %lu, timeouts: %lu "
		"(timeout %.1f s)\n", s->tests.runs, s->tests.cache_hits,
		s->tests.timeouts, s->timeout);
	fprintf(stderr, "time: %.2f s total, %.2f s in tests, %.2f s in gred\n",
		s->seconds, s->tests.test_seconds,
		s->seconds > s->tests.test_seconds ?
		s->seconds - s->tests.test_seconds : 0);
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
	o->jobs = cl->jobs ? cl->jobs : cores > 0 ? (int)cores : 1;
	o->timeout = cl->timeout;
	if (cl->verbose)
		o->trace = show_trace;
	*program = cli_resolve_program(ops[1]);
	ops[1] = *program;
	if (mode)
		return check_argv(mode, cl->match, ops + 1, n - 1, o->input,
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
	int stats, err, check_mode;

	reduce_options_init(&o);
	if (cli_parse(&args, &reduce_command, &cl, argc, argv) < 0) {
		cli_args_free(&args);
		return args.status;
	}
	test_argv = read_operands(&o, &cl, &args, &program, &err);
	if (!test_argv) {
		free(program);
		cli_args_free(&args);
		return err;
	}
	stats = cl.stats;
	check_mode = cl.same_crash || cl.match;
	o.test_argv = test_argv;
	o.cancel = &interrupted;
	if (isatty(2))
		o.progress = show_progress;
	catch_interrupts();
	err = reduce_run(&st, &o, &e);
	if (o.progress)
		fputs("\r\033[K", stderr);
	if (check_mode) {
		free(test_argv[0]);
		if (!strcmp(test_argv[3], "--sig"))
			free(test_argv[4]);
	}
	free(test_argv);
	free(program);
	cli_args_free(&args);
	if (err == TESTER_CANCELLED) {
		char *out = o.output ? NULL : reduce_default_output(o.input);
		cli_fail("interrupted; the smallest file so far is %s",
			o.output ? o.output : out);
		free(out);
		if (stats)
			print_stats(&st);
		return 130;
	}
	if (err < 0)
		return cli_fail("%s", e.msg);
	if (stats)
		print_stats(&st);
	return 0;
}

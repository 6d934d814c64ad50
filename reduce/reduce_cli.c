/*
** `gred reduce`: the command line of the reducer, its progress line and
** its --stats table; the only part of the reducer that prints.
*/
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
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

static const char usage_text[] =
	"usage: gred reduce [OPTIONS] IN TEST [TEST-ARGS...] [-o OUT]\n"
	"       gred IN TEST [TEST-ARGS...] [-o OUT]\n"
	"\n"
	"Shrinks IN (.mlir or .onnx) while `TEST [TEST-ARGS...] CANDIDATE` exits 0.\n"
	"The test runs in a private directory holding the candidate under IN's\n"
	"own file name; CANDIDATE is its absolute path. IN is never modified; the\n"
	"best file so far is always in OUT (default NAME.reduced.EXT beside IN).\n"
	"\n"
	"With --same-crash there is no script: gred runs `CMD [ARGS...] CANDIDATE`\n"
	"and a candidate is interesting iff CMD crashes with the same triage\n"
	"signature as on IN (see gred triage). With --match, iff CMD's output\n"
	"(stdout and stderr) matches the PCRE2 REGEX.\n"
	"\n"
	"options (before IN; after TEST only a final -o OUT is gred's):\n"
	"  -o, --output OUT   where the result goes\n"
	"  -j, --jobs N       tests run at once (default: number of cores)\n"
	"  --timeout SECONDS  per test (default: max(10, 10x the first run))\n"
	"  --stats            print test runs, cache hits and each pass's share\n"
	"  -v, --verbose      print each candidate decided: pass, bytes, verdict\n"
	"  -h, --help         this text\n";

static int parse_num(double *out, const char *opt, const char *s)
{
	char *end;

	errno = 0;
	*out = strtod(s ? s : "", &end);
	if (!s || !*s || *end || errno || *out < 0) {
		cli_fail("%s needs a non-negative number, not '%s'", opt,
			s ? s : "");
		return -1;
	}
	return 0;
}

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

int reduce_main(int argc, char **argv)
{
	reduce_options o;
	reduce_stats st;
	gred_error e;
	char **test_argv;
	int i, stats = 0, ntest = 0, err, check_mode = 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	double num;

	reduce_options_init(&o);
	o.jobs = cores > 0 ? (int)cores : 1;
	/* argv[0] is "reduce" or the program; or IN itself in the short form. */
	i = strcmp(path_ext(argv[0]), "mlir") && strcmp(path_ext(argv[0]), "onnx");
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			if (++i == argc)
				return cli_fail("%s needs a file", a);
			o.output = argv[i];
		} else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
			if (parse_num(&num, a, i + 1 < argc ? argv[++i] : NULL) < 0)
				return 2;
			o.jobs = num >= 1 ? (int)num : 1;
		} else if (!strncmp(a, "-j", 2) || !strncmp(a, "--jobs=", 7)) {
			/* -j4, --jobs=4 */
			if (parse_num(&num, "-j", a + (a[1] == 'j' ? 2 : 7)) < 0)
				return 2;
			o.jobs = num >= 1 ? (int)num : 1;
		} else if (!strcmp(a, "--timeout")) {
			if (parse_num(&num, a, i + 1 < argc ? argv[++i] : NULL) < 0)
				return 2;
			o.timeout = num;
		} else if (!strcmp(a, "--stats")) {
			stats = 1;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			o.trace = show_trace;
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else {
			cli_fail("reduce: unknown option '%s'", a);
			fputs(usage_text, stderr);
			return 2;
		}
	}
	if (argc - i < 2) {
		fputs(usage_text, stderr);
		return 2;
	}
	o.input = argv[i++];
	if (!strcmp(argv[i], "--same-crash") || !strcmp(argv[i], "--match")) {
		const char *mode = argv[i++], *regex = NULL;
		if (!strcmp(mode, "--match")) {
			if (i == argc)
				return cli_fail("--match needs a REGEX");
			regex = argv[i++];
		}
		if (i == argc || strcmp(argv[i], "--") || i + 1 == argc)
			return cli_fail("%s wants -- CMD [ARGS...] after it", mode);
		i++;
		ntest = argc - i;
		if (ntest >= 3 && !strcmp(argv[argc - 2], "-o")) {
			o.output = argv[argc - 1];
			ntest -= 2;
		}
		test_argv = check_argv(mode, regex, argv + i, ntest, o.input,
			o.timeout);
		if (!test_argv)
			return 1;
		check_mode = 1;
	} else {
		ntest = argc - i;
		if (ntest >= 3 && !strcmp(argv[argc - 2], "-o")) {
			o.output = argv[argc - 1];
			ntest -= 2;
		}
		test_argv = calloc((size_t)ntest + 1, sizeof(char *));
		if (!test_argv)
			return cli_fail("out of memory");
		memcpy(test_argv, argv + i, (size_t)ntest * sizeof(char *));
	}
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

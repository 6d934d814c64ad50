/*
** `gred bisect`: the command line of regression bisection, its
** progress lines and the final report.
*/
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bisect.h"
#include "cli.h"
#include "cli_opts.h"

/* What the command line asks for, filled in by cli_parse. */
typedef struct bisect_cli {
	bisect_options o;
	cli_list good;
	int resume, log, reset;
} bisect_cli;

#define OFF(field) offsetof(bisect_cli, field)

static const cli_opt bisect_opts[] = {
	CLI_OPT_STRING("repo", 0, OFF(o.repo), "DIR",
		"the repository (default: the current directory)"),
	CLI_OPT_LIST("good", 0, OFF(good), "REV", "a commit without the bug"),
	CLI_OPT_STRING("bad", 0, OFF(o.bad), "REV", "a commit with the bug"),
	CLI_OPT_FLAG("first-parent", 0, OFF(o.first_parent),
		"only walk the first-parent chain from bad"),
	CLI_OPT_STRING("build", 0, OFF(o.build), "CMD",
		"shell command run in the checkout before each test"),
	CLI_OPT_NUM(CLI_SECONDS, "timeout", 0, OFF(o.timeout), 0, 604800, "S",
		"seconds per test run, e.g. 90 (a timeout stops the\n"
		"bisection)"),
	CLI_OPT_NUM(CLI_INT, "repeat", 0, OFF(o.repeat), 1, 1000, "N",
		"run the test N times per probe; bad if any run is bad"),
	CLI_OPT_FLAG("same-crash", 0, OFF(o.same_crash),
		"bad only if the crash has the triage signature seen\n"
		"on the bad commit; other failures are skips"),
	CLI_OPT_STRING("worktree", 0, OFF(o.worktree), "DIR",
		"check out into a linked worktree at DIR (created if\n"
		"missing, reused if not) and leave your checkout alone"),
	CLI_OPT_FLAG("no-check-ends", 0, OFF(o.no_check_ends),
		"do not test good and bad first (by default a bad\n"
		"that passes or a good that fails stops at once)"),
	CLI_OPT_FLAG("force", 0, OFF(o.force),
		"start even if tracked files have local changes\n"
		"(they are overwritten)"),
	CLI_OPT_FLAG("resume", 0, OFF(resume),
		"continue a bisection stopped by an error or a kill"),
	CLI_OPT_FLAG("log", 0, OFF(log),
		"show the probes of the bisection in progress, or of\n"
		"the last finished one (until --reset)"),
	CLI_OPT_FLAG("reset", 0, OFF(reset),
		"abandon it: restore the original HEAD, drop the state\n"
		"(after a finished one: drop its log)"),
	CLI_OPT_END
};

static const cli_command bisect_command = {
	"bisect",
	"bisect --good REV --bad REV [OPTIONS] -- TEST [ARGS...]\n"
	"bisect --resume | --log | --reset [--repo DIR]",
	"Finds the first commit in good..bad on which TEST fails. Each probe is\n"
	"checked out (forced), built with --build, then TEST runs in the checkout:\n"
	"exit 0 good, 125 skip, 1-127 or a crash bad; 128 and above, other signals\n"
	"and timeouts stop the bisection. A failed build is a skip. Bad and good\n"
	"are tested first (--no-check-ends skips that). A TEST in the current\n"
	"directory (with or without ./) is run by its absolute path; another\n"
	"relative path is taken in the checkout (a program --build makes); a\n"
	"name without a slash is looked up in PATH. Options go anywhere before --.\n"
	"\n"
	"Exit status: 0 with a unique first bad commit, 3 when skipped commits\n"
	"leave several candidates, 130 on Ctrl-C (--resume continues), 1 on\n"
	"errors.\n",
	bisect_opts,
	NULL,
	"gred bisect --good v1.0 --bad main -- ./run-test.sh\n"
	"gred bisect --repo ~/llvm-project --good llvmorg-19.1.0 --bad main \\\n"
	"    --build 'ninja -C build mlir-opt' --timeout 120 --same-crash \\\n"
	"    -- ./build/bin/mlir-opt --canonicalize \"$PWD/crash.mlir\"\n"
	"gred bisect --log --repo ~/llvm-project\n"
	"gred bisect --resume --repo ~/llvm-project",
	0,
};

/* Commits listed when skips leave the answer ambiguous. */
#define REPORT_MAX 30

typedef struct progress_ctx {
	int tty;
	git_repository *repo;
} progress_ctx;

static void progress(const bisect_event *ev, void *payload)
{
	progress_ctx *p = payload;
	char hex[GIT_OID_HEXSZ + 1] = "";

	if (!p->tty)
		return;
	if (ev->commit)
		git_oid_tostr(hex, 11, ev->commit);
	switch (ev->kind) {
	case BISECT_EV_START:
		fprintf(stderr, "bisect: %zu commits left, about %zu steps\n",
			ev->candidates, ev->steps);
		break;
	case BISECT_EV_ENDPOINT:
		fprintf(stderr, "bisect: testing the end %s first\n", hex);
		break;
	case BISECT_EV_REFERENCE:
		fprintf(stderr, "bisect: recording the crash on bad %s\n", hex);
		break;
	case BISECT_EV_PROBE:
		fprintf(stderr, "bisect: [%zu] %zu left, ~%zu steps: %s %.60s\n",
			ev->probes + 1, ev->candidates, ev->steps, hex,
			ev->subject ? ev->subject : "");
		break;
	case BISECT_EV_BUILD:
		fprintf(stderr, "bisect:     building %s\n", hex);
		break;
	case BISECT_EV_VERDICT:
		fprintf(stderr, "bisect:     %s is %s\n", hex,
			bisect_verdict_name(ev->verdict));
		break;
	}
}

static int report(bisect_session *s, const bisect_result *r)
{
	gred_buf b = {0};
	gred_error e;
	size_t i;
	int err = 0;

	if (r->ncommit == 1) {
		char hex[GIT_OID_HEXSZ + 1];
		git_oid_tostr(hex, sizeof(hex), &r->commit[0]);
		buf_printf(&b, "%s is the first bad commit\n", hex);
		err = bisect_describe(&b, bisect_session_repo(s), &r->commit[0], 0, &e);
	} else {
		buf_puts(&b, "the first bad commit could be any of:\n");
		for (i = 0; i < r->ncommit && i < REPORT_MAX && err == 0; i++)
			err = bisect_describe(&b, bisect_session_repo(s), &r->commit[i], 1, &e);
		if (r->ncommit > REPORT_MAX)
			buf_printf(&b, "... and %zu more\n", r->ncommit - REPORT_MAX);
		buf_puts(&b, "(all but the first were skipped: they could not be tested)\n");
	}
	buf_printf(&b, "\n%zu probes (%zu skipped) over %zu commits\n",
		r->probes, r->skips, r->candidates);
	if (err < 0) {
		buf_free(&b);
		return cli_fail("bisect: %s", e.msg);
	}
	fwrite(b.data, 1, b.len, stdout);
	buf_free(&b);
	return r->ncommit == 1 ? 0 : 3;
}

/* Is name an executable file in a directory of PATH? */
static int in_path(const char *name)
{
	const char *path = getenv("PATH"), *p, *end;
	int found = 0;

	for (p = path ? path : "/usr/bin:/bin"; !found; p = end + 1) {
		char *f;
		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		f = xasprintf("%.*s/%s", (int)(end - p), end > p ? p : ".", name);
		found = access(f, X_OK) == 0;
		free(f);
		if (!*end)
			break;
	}
	return found;
}

/*
** TEST as it will run in the checkout, checked before anything is
** checked out: a file in the current directory (written with or without
** ./) by its absolute path, and it must be executable; a name without a
** slash must be in PATH; another relative path is left to the checkout,
** where it must exist unless --build may make it. *owned receives what
** replaced opts->test[0]. Prints the error.
*/
static int resolve_test(bisect_options *o, char **owned, const char *build)
{
	char *prog = cli_resolve_program(o->test[0]), *abs = NULL;
	struct stat sb;
	int rc = 0;

	if (!strchr(prog, '/')) {
		if (!in_path(prog))
			rc = cli_fail("bisect: %s: no such program in the current "
				"directory or in PATH", prog);
	} else if (stat(prog, &sb) == 0 && S_ISREG(sb.st_mode) &&
		   (abs = realpath(prog, NULL)) != NULL) {
		if (access(abs, X_OK) < 0)
			rc = cli_fail("bisect: %s: not executable (chmod +x it, or "
				"write sh %s)", o->test[0], o->test[0]);
		*owned = abs;
		o->test[0] = abs;
	} else if (prog[0] == '/' || !build) {
		char *in_repo = prog[0] == '/' ? NULL :
			xasprintf("%s/%s", o->repo ? o->repo : ".", prog);
		if (!in_repo || access(in_repo, F_OK) < 0)
			rc = cli_fail("bisect: %s: no such file (a relative TEST is "
				"found in the current directory, or in the checkout)",
				o->test[0]);
		free(in_repo);
	}
	free(prog);
	return rc ? -1 : 0;
}

/* Runs a started or resumed session to the end. A new one that fails
** before its first probe leaves nothing behind; an interrupted one can
** be resumed. */
static int run(bisect_session *s, int fresh)
{
	progress_ctx p;
	bisect_result r;
	gred_error e, e2;
	int rc;

	p.tty = isatty(2);
	p.repo = bisect_session_repo(s);
	if (bisect_session_run(&r, s, progress, &p, &e) < 0) {
		int interrupted = !strcmp(e.msg, "interrupted");
		if (fresh && !interrupted && bisect_session_probes(s) == 0) {
			bisect_session_finish(s, 1, &e2);
			return cli_fail("bisect: %s", e.msg);
		}
		bisect_session_finish(s, 0, &e2);
		cli_fail("bisect: %s (gred bisect --resume continues, --reset abandons)",
			e.msg);
		return interrupted ? 130 : 1;
	}
	if (bisect_session_done(s, &e) < 0) {
		bisect_result_free(&r);
		return cli_fail("bisect: %s", e.msg);
	}
	rc = report(s, &r);
	bisect_result_free(&r);
	return rc;
}

int bisect_main(int argc, char **argv)
{
	bisect_cli cl = {BISECT_OPTIONS_INIT, {NULL, 0}, 0, 0, 0};
	bisect_options opts;
	bisect_session *s = NULL;
	cli_args args;
	gred_error e;
	char *test0 = NULL;
	int rc = 1, resume, log, reset;

	if (cli_parse(&args, &bisect_command, &cl, argc, argv) < 0) {
		rc = args.status;
		goto done;
	}
	if (args.noperands && !args.dashdash) {
		rc = cli_usage_error(&bisect_command, "unexpected argument '%s': "
			"TEST goes after --", args.operands[0]);
		goto done;
	}
	if (args.dashdash && !args.noperands) {
		rc = cli_usage_error(&bisect_command, "no TEST after --");
		goto done;
	}
	opts = cl.o;
	cl.good.v = xrealloc(cl.good.v, (cl.good.n + 1) * sizeof(*cl.good.v));
	cl.good.v[cl.good.n] = NULL;
	opts.good = cl.good.v;
	opts.ngood = cl.good.n;
	opts.test = args.noperands ? args.operands : NULL;
	resume = cl.resume;
	log = cl.log;
	reset = cl.reset;
	if (resume + log + reset > 1) {
		rc = cli_fail("bisect: --resume, --log and --reset exclude each other");
		goto done;
	}
	if (log) {
		gred_buf b = {0};
		if (bisect_log(&b, opts.repo, &e) < 0) {
			rc = cli_fail("bisect: %s", e.msg);
		} else {
			fwrite(b.data, 1, b.len, stdout);
			rc = 0;
		}
		buf_free(&b);
		goto done;
	}
	if (reset) {
		rc = bisect_reset(opts.repo, &e) < 0 ? cli_fail("bisect: %s", e.msg) : 0;
		goto done;
	}
	if (resume) {
		if (bisect_session_resume(&s, opts.repo, &e) < 0) {
			rc = cli_fail("bisect: %s", e.msg);
			goto done;
		}
	} else {
		if (!opts.good[0] || !opts.bad || !opts.test) {
			rc = cli_fail("bisect: --good, --bad and -- TEST are required (see gred bisect --help)");
			goto done;
		}
		if (resolve_test(&opts, &test0, cl.o.build) < 0)
			goto done;
		if (bisect_session_start(&s, &opts, &e) < 0) {
			rc = cli_fail("bisect: %s", e.msg);
			goto done;
		}
	}
	rc = run(s, !resume);
done:
	bisect_session_free(s);
	free(cl.good.v);
	free(test0);
	cli_args_free(&args);
	return rc;
}

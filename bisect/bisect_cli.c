/*
** `gred bisect`: the command line of regression bisection, its
** progress lines and the final report.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bisect.h"
#include "cli.h"

static const char usage_text[] =
	"usage: gred bisect --good REV --bad REV [options] -- TEST [ARGS...]\n"
	"       gred bisect --resume | --log | --reset [--repo DIR]\n"
	"\n"
	"Finds the first commit in good..bad on which TEST fails. Each probe is\n"
	"checked out (forced), built with --build, then TEST runs in the checkout:\n"
	"exit 0 good, 125 skip, 1-127 or a crash bad; 128 and above, other signals\n"
	"and timeouts stop the bisection. A failed build is a skip.\n"
	"\n"
	"  --repo DIR       the repository (default: the current directory)\n"
	"  --good REV       a commit without the bug (may be repeated)\n"
	"  --bad REV        a commit with the bug\n"
	"  --first-parent   only walk the first-parent chain from bad\n"
	"  --build CMD      shell command run in the checkout before each test\n"
	"  --timeout S      seconds per test run (a timeout stops the bisection)\n"
	"  --repeat N       run the test N times per probe; bad if any run is bad\n"
	"  --same-crash     bad only if the crash has the triage signature seen\n"
	"                   on the bad commit; other failures are skips\n"
	"  --worktree DIR   check out into a linked worktree at DIR (created if\n"
	"                   missing, reused if not) and leave your checkout alone\n"
	"  --force          start even if tracked files have local changes\n"
	"                   (they are overwritten)\n"
	"  --resume         continue a bisection stopped by an error or a kill\n"
	"  --log            show the probes of the bisection in progress\n"
	"  --reset          abandon it: restore the original HEAD, drop the state\n"
	"\n"
	"Exit status: 0 with a unique first bad commit, 3 when skipped commits\n"
	"leave several candidates, 1 on errors.\n";

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

/* Runs a started or resumed session to the end. */
static int run(bisect_session *s)
{
	progress_ctx p;
	bisect_result r;
	gred_error e, e2;
	int rc;

	p.tty = isatty(2);
	p.repo = bisect_session_repo(s);
	if (bisect_session_run(&r, s, progress, &p, &e) < 0) {
		bisect_session_finish(s, 0, &e2);
		return cli_fail("bisect: %s (gred bisect --resume continues, --reset abandons)",
			e.msg);
	}
	if (bisect_session_finish(s, 1, &e) < 0) {
		bisect_result_free(&r);
		return cli_fail("bisect: %s", e.msg);
	}
	rc = report(s, &r);
	bisect_result_free(&r);
	return rc;
}

int bisect_main(int argc, char **argv)
{
	bisect_options opts = BISECT_OPTIONS_INIT;
	const char **goods = xcalloc((size_t)argc + 1, sizeof(*goods));
	bisect_session *s = NULL;
	gred_error e;
	int i, rc = 1, resume = 0, log = 0, reset = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		int more = i + 1 < argc;
		if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage_text, stdout);
			rc = 0;
			goto done;
		} else if (!strcmp(a, "--first-parent")) {
			opts.first_parent = 1;
		} else if (!strcmp(a, "--force")) {
			opts.force = 1;
		} else if (!strcmp(a, "--same-crash")) {
			opts.same_crash = 1;
		} else if (!strcmp(a, "--resume")) {
			resume = 1;
		} else if (!strcmp(a, "--log")) {
			log = 1;
		} else if (!strcmp(a, "--reset")) {
			reset = 1;
		} else if (more && !strcmp(a, "--repo")) {
			opts.repo = argv[++i];
		} else if (more && !strcmp(a, "--good")) {
			goods[opts.ngood++] = argv[++i];
		} else if (more && !strcmp(a, "--bad")) {
			opts.bad = argv[++i];
		} else if (more && !strcmp(a, "--build")) {
			opts.build = argv[++i];
		} else if (more && !strcmp(a, "--worktree")) {
			opts.worktree = argv[++i];
		} else if (more && !strcmp(a, "--timeout")) {
			char *end;
			opts.timeout = strtod(argv[++i], &end);
			if (*end || opts.timeout <= 0) {
				rc = cli_fail("bisect: --timeout wants a positive number of seconds");
				goto done;
			}
		} else if (more && !strcmp(a, "--repeat")) {
			char *end;
			long n = strtol(argv[++i], &end, 10);
			if (*end || n < 1 || n > 1000) {
				rc = cli_fail("bisect: --repeat wants a count from 1 to 1000");
				goto done;
			}
			opts.repeat = (int)n;
		} else {
			rc = cli_fail("bisect: unknown option '%s' (see gred bisect --help)", a);
			goto done;
		}
	}
	opts.good = goods;
	opts.test = i < argc ? argv + i : NULL;
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
		if (bisect_session_start(&s, &opts, &e) < 0) {
			rc = cli_fail("bisect: %s", e.msg);
			goto done;
		}
	}
	rc = run(s);
done:
	bisect_session_free(s);
	free(goods);
	return rc;
}

/*
** Unit tests of bisect/: the search on histories built with libgit2
** (in-process oracle), then whole sessions that run real commands.
*/
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bisect.h"
#include "bisect_session.h"
#include "fixture.h"

/* --- helpers --- */

static int rm_one(const char *path, const struct stat *sb, int flag,
	struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static char *tmpdir_new(void)
{
	char tmpl[] = "/tmp/gred-bisect-XXXXXX";
	char *d = mkdtemp(tmpl);

	assert_non_null(d);
	return xstrdup(d);
}

static void tmpdir_free(char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

static size_t ceil_log2(size_t n)
{
	size_t k = 0;

	while (((size_t)1 << k) < n)
		k++;
	return k;
}

/* A history under test: a repository and its commits by name. */
typedef struct history {
	char *dir;
	git_repository *repo;
	git_oid *c;
	size_t n;
} history;

static void history_open(history *h)
{
	memset(h, 0, sizeof(*h));
	h->dir = tmpdir_new();
	assert_int_equal(fixture_init(&h->repo, h->dir), 0);
}

static void history_close(history *h)
{
	git_repository_free(h->repo);
	free(h->c);
	tmpdir_free(h->dir);
}

/* Appends a commit on parents setting file "state" (and "broken" if
** broken, removed otherwise). Returns its index in h->c. */
static size_t add(history *h, const size_t *parents, size_t nparents,
	const char *state, int broken)
{
	const char *paths[] = {"state", "broken"};
	const char *contents[] = {state, broken ? "yes\n" : NULL};
	git_oid par[2];
	char msg[64];
	size_t i;

	for (i = 0; i < nparents; i++)
		par[i] = h->c[parents[i]];
	h->c = xrealloc(h->c, (h->n + 1) * sizeof(*h->c));
	snprintf(msg, sizeof(msg), "commit %zu\n", h->n);
	assert_int_equal(fixture_commit(&h->c[h->n], h->repo, par, nparents,
		paths, contents, 2, msg), 0);
	return h->n++;
}

/* n commits in a line, bad from first_bad on; broken[i] marks commits
** that do not build. */
static void linear(history *h, size_t n, size_t first_bad, const char *broken)
{
	size_t i, p;

	for (i = 0; i < n; i++) {
		p = i - 1;
		add(h, &p, i ? 1 : 0, i >= first_bad ? "bad\n" : "good\n",
			broken && broken[i] == 'x');
	}
	assert_int_equal(fixture_checkout_branch(h->repo, "main", &h->c[n - 1]), 0);
}

static size_t index_of(const history *h, const git_oid *oid)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (git_oid_equal(&h->c[i], oid))
			return i;
	fail_msg("commit not in history");
	return 0;
}

/* The in-process oracle: reads "state" and "broken" from the commit. */
static bisect_verdict oracle(const history *h, const git_oid *oid)
{
	git_commit *c;
	git_tree *t;
	const git_tree_entry *te;
	git_blob *b;
	bisect_verdict v;

	assert_int_equal(git_commit_lookup(&c, h->repo, oid), 0);
	assert_int_equal(git_commit_tree(&t, c), 0);
	if (git_tree_entry_byname(t, "broken")) {
		v = BISECT_SKIP;
	} else {
		te = git_tree_entry_byname(t, "state");
		assert_non_null(te);
		assert_int_equal(git_blob_lookup(&b, h->repo, git_tree_entry_id(te)), 0);
		v = !strncmp(git_blob_rawcontent(b), "bad", 3) ? BISECT_BAD : BISECT_GOOD;
		git_blob_free(b);
	}
	git_tree_free(t);
	git_commit_free(c);
	return v;
}

/* Bisects good..bad with the oracle; returns the answer as history
** indices (first bad first) and the probe counts. */
typedef struct outcome {
	size_t ans[64], nans, probes, skips, n;
} outcome;

static outcome bisect(history *h, size_t good, size_t bad, int first_parent)
{
	bisect_search s;
	gred_error e;
	outcome o;
	size_t i, *ans, nans;

	memset(&o, 0, sizeof(o));
	assert_int_equal(bisect_search_from_repo(&s, h->repo, &h->c[good], 1,
		&h->c[bad], first_parent, &e), 0);
	while (bisect_search_next(&i, &s))
		assert_int_equal(bisect_search_mark(&s, i, oracle(h, &s.oid[i]), &e), 0);
	bisect_search_answer(&ans, &nans, &s);
	for (i = 0; i < nans && i < 64; i++)
		o.ans[o.nans++] = index_of(h, &s.oid[ans[i]]);
	o.probes = s.probes;
	o.skips = s.skips;
	o.n = s.n;
	free(ans);
	bisect_search_free(&s);
	return o;
}

static void assert_within_bound(const outcome *o)
{
	if (o->probes > ceil_log2(o->n) + o->skips)
		fail_msg("%zu probes over %zu commits with %zu skips (bound %zu)",
			o->probes, o->n, o->skips, ceil_log2(o->n) + o->skips);
}

/* --- the search, in process --- */

/*
 *   c0 (good) --- c1 (bad)
 *
 * One candidate: c1 is the answer without any probe.
 */
static void test_bisect__linear_one_candidate(void **state)
{
	history h;
	outcome o;

	(void)state;
	history_open(&h);
	linear(&h, 2, 1, NULL);
	o = bisect(&h, 0, 1, 0);
	assert_int_equal(o.nans, 1);
	assert_int_equal(o.ans[0], 1);
	assert_int_equal(o.probes, 0);
	history_close(&h);
}

/*
 *   c0 (good) --- c1 --- c2 (bad)
 *
 * Two candidates, one probe, both answers.
 */
static void test_bisect__linear_two_candidates(void **state)
{
	size_t first_bad;

	(void)state;
	for (first_bad = 1; first_bad <= 2; first_bad++) {
		history h;
		outcome o;
		history_open(&h);
		linear(&h, 3, first_bad, NULL);
		o = bisect(&h, 0, 2, 0);
		assert_int_equal(o.nans, 1);
		assert_int_equal(o.ans[0], first_bad);
		assert_int_equal(o.probes, 1);
		history_close(&h);
	}
}

/*
 *   c0 (good) --- c1 --- ... --- c999 (bad)
 *
 * 999 candidates: every first bad commit is found in at most 10 probes.
 */
static void test_bisect__linear_thousand(void **state)
{
	static const size_t first_bad[] = {1, 2, 137, 499, 500, 501, 998, 999};
	history h;
	size_t k, fb;

	(void)state;
	history_open(&h);
	for (fb = 0; fb < 1000; fb++) {
		size_t p = fb - 1;
		add(&h, &p, fb ? 1 : 0, "x\n", 0);
	}
	for (k = 0; k < sizeof(first_bad) / sizeof(first_bad[0]); k++) {
		/* Same graph each time; only the oracle's threshold moves. */
		bisect_search s;
		gred_error e;
		size_t i, *ans, nans;
		assert_int_equal(bisect_search_from_repo(&s, h.repo, &h.c[0], 1,
			&h.c[999], 0, &e), 0);
		assert_int_equal(s.n, 999);
		while (bisect_search_next(&i, &s))
			assert_int_equal(bisect_search_mark(&s, i,
				index_of(&h, &s.oid[i]) >= first_bad[k] ? BISECT_BAD : BISECT_GOOD,
				&e), 0);
		bisect_search_answer(&ans, &nans, &s);
		assert_int_equal(nans, 1);
		assert_int_equal(index_of(&h, &s.oid[ans[0]]), first_bad[k]);
		assert_true(s.probes <= ceil_log2(999));
		free(ans);
		bisect_search_free(&s);
	}
	history_close(&h);
}

/*
 *   m0 --- m1 --- m2 --- m3 ------ M --- m4 (bad)
 *     \                            /
 *      s0 --- s1 --- s2* --- s3 --
 *
 * m0 is good; s2 brings the bug in on the side branch. The whole DAG
 * finds s2; --first-parent only sees m1..m4 and blames the merge.
 */
static void test_bisect__merge_side_branch(void **state)
{
	history h;
	outcome o;
	size_t m0, m1, m2, m3, s0, s1, s2, s3, M, m4, p[2];

	(void)state;
	history_open(&h);
	m0 = add(&h, NULL, 0, "good\n", 0);
	p[0] = m0; m1 = add(&h, p, 1, "good\n", 0);
	p[0] = m1; m2 = add(&h, p, 1, "good\n", 0);
	p[0] = m2; m3 = add(&h, p, 1, "good\n", 0);
	p[0] = m0; s0 = add(&h, p, 1, "good\n", 0);
	p[0] = s0; s1 = add(&h, p, 1, "good\n", 0);
	p[0] = s1; s2 = add(&h, p, 1, "bad\n", 0);
	p[0] = s2; s3 = add(&h, p, 1, "bad\n", 0);
	p[0] = m3; p[1] = s3; M = add(&h, p, 2, "bad\n", 0);
	p[0] = M; m4 = add(&h, p, 1, "bad\n", 0);
	assert_int_equal(fixture_checkout_branch(h.repo, "main", &h.c[m4]), 0);

	o = bisect(&h, m0, m4, 0);
	assert_int_equal(o.n, 9);
	assert_int_equal(o.nans, 1);
	assert_int_equal(o.ans[0], s2);
	assert_within_bound(&o);

	o = bisect(&h, m0, m4, 1);
	assert_int_equal(o.n, 5);
	assert_int_equal(o.nans, 1);
	assert_int_equal(o.ans[0], M);
	assert_within_bound(&o);
	history_close(&h);
}

/*
 *          m0 --- ... --- m29 --- M --- m30 --- ... --- m39 (bad)
 *             \                  /
 *              s0 --- ... --- s24       (forked at m10, bug at s17)
 *
 * A longer side branch: both modes, and each possible good commit on
 * the main line before the fork.
 */
static void test_bisect__merge_long_branches(void **state)
{
	history h;
	outcome o;
	size_t main_[41], side[25], M, i, p[2];

	(void)state;
	history_open(&h);
	for (i = 0; i < 30; i++) {
		p[0] = i ? main_[i - 1] : 0;
		main_[i] = add(&h, p, i ? 1 : 0, "good\n", 0);
	}
	for (i = 0; i < 25; i++) {
		p[0] = i ? side[i - 1] : main_[10];
		side[i] = add(&h, p, 1, i >= 17 ? "bad\n" : "good\n", 0);
	}
	p[0] = main_[29]; p[1] = side[24];
	M = add(&h, p, 2, "bad\n", 0);
	for (i = 30; i < 40; i++) {
		p[0] = i == 30 ? M : main_[i - 1];
		main_[i] = add(&h, p, 1, "bad\n", 0);
	}
	assert_int_equal(fixture_checkout_branch(h.repo, "main", &h.c[main_[39]]), 0);
	for (i = 0; i <= 10; i += 5) {
		o = bisect(&h, main_[i], main_[39], 0);
		assert_int_equal(o.nans, 1);
		assert_int_equal(o.ans[0], side[17]);
		assert_within_bound(&o);
		o = bisect(&h, main_[i], main_[39], 1);
		assert_int_equal(o.nans, 1);
		assert_int_equal(o.ans[0], M);
		assert_within_bound(&o);
	}
	history_close(&h);
}

/*
 *   c0 (good) --- ... --- c40 --- ... --- c52 --- ... --- c99 (bad)
 *                          xxxxxxxxxxxxxxxx
 *                          do not build         first bad: c70
 *
 * A run of unbuildable commits across the midpoint is skipped; the
 * answer is still exact, within ceil(log2 n) + skips probes.
 */
static void test_bisect__skip_run(void **state)
{
	char broken[101];
	history h;
	outcome o;

	(void)state;
	memset(broken, '.', 100);
	broken[100] = '\0';
	memset(broken + 40, 'x', 13);
	history_open(&h);
	linear(&h, 100, 70, broken);
	o = bisect(&h, 0, 99, 0);
	assert_int_equal(o.nans, 1);
	assert_int_equal(o.ans[0], 70);
	assert_true(o.skips > 0);
	assert_within_bound(&o);
	history_close(&h);
}

/*
 *   c0 (good) --- ... --- c27 --- c28 --- c29 --- c30* --- ... --- c63 (bad)
 *                          xxxxxxxxxxxxxxxxxxxxxx
 *                          do not build; c30 is the first bad
 *
 * The skipped commits right before the first bad one could each be it:
 * the answer lists c30 (the first known bad) and c29, c28, c27.
 */
static void test_bisect__skips_make_it_ambiguous(void **state)
{
	char broken[65];
	history h;
	outcome o;

	(void)state;
	memset(broken, '.', 64);
	broken[64] = '\0';
	memset(broken + 27, 'x', 3);
	history_open(&h);
	linear(&h, 64, 30, broken);
	o = bisect(&h, 0, 63, 0);
	assert_int_equal(o.nans, 4);
	assert_int_equal(o.ans[0], 30);
	assert_int_equal(o.ans[1], 29);
	assert_int_equal(o.ans[2], 28);
	assert_int_equal(o.ans[3], 27);
	assert_within_bound(&o);
	history_close(&h);
}

/*
 *   c0 (good) --- ... --- c495 ... c504 --- ... --- c999 (bad)
 *                         xxxxxxxxxxxxx
 *                         do not build
 *
 * The search alone (no repository): a run of ten unbuildable commits at
 * the midpoint costs a few skips, not ten, for every first bad commit
 * outside it, and at most two probes more than ceil(log2 n) + skips.
 */
static void test_bisect__skip_run_at_midpoint_is_left_quickly(void **state)
{
	static const size_t n = 999;
	git_oid *oid = xcalloc(n, sizeof(*oid));
	size_t *poff = xcalloc(n + 1, sizeof(*poff)), *par = xcalloc(n, sizeof(*par));
	size_t i, fb, max_skips = 0, max_extra = 0;
	gred_error e;

	(void)state;
	/* search index i is commit c(i+1) */
	for (i = 0; i < n; i++) {
		oid[i].id[0] = (unsigned char)(i & 255);
		oid[i].id[1] = (unsigned char)(i >> 8);
		poff[i] = i ? i - 1 : 0;
		if (i)
			par[i - 1] = i - 1;
	}
	poff[n] = n - 1;
	for (fb = 1; fb <= n; fb += 7) {
		bisect_search s;
		size_t *ans, nans;
		if (fb >= 495 && fb <= 505)
			continue;
		assert_int_equal(bisect_search_init(&s, n, oid, poff, par, &e), 0);
		while (bisect_search_next(&i, &s)) {
			size_t c = i + 1;
			assert_int_equal(bisect_search_mark(&s, i, c >= 495 && c < 505 ?
				BISECT_SKIP : c >= fb ? BISECT_BAD : BISECT_GOOD, &e), 0);
		}
		bisect_search_answer(&ans, &nans, &s);
		assert_int_equal(nans, 1);
		assert_int_equal(ans[0] + 1, fb);
		if (s.probes - s.skips > ceil_log2(n) + max_extra)
			max_extra = s.probes - s.skips - ceil_log2(n);
		if (s.skips > max_skips)
			max_skips = s.skips;
		free(ans);
		bisect_search_free(&s);
	}
	/* A jump away from the run lands off the midpoint (git's rule): it
	** may cost a probe or two beyond ceil(log2 n) besides the skips. */
	assert_true(max_extra <= 2);
	assert_true(max_skips <= 4);
	free(oid);
	free(poff);
	free(par);
}

/* --- verdicts --- */

static void test_bisect__classify_exit_codes(void **state)
{
	static const struct {
		bisect_exit ex;
		int ok;
		bisect_verdict v;
	} cases[] = {
		{{0, 0, 0}, 1, BISECT_GOOD},
		{{0, 0, 1}, 1, BISECT_BAD},
		{{0, 0, 127}, 1, BISECT_BAD},
		{{0, 0, 125}, 1, BISECT_SKIP},
		{{0, 1, 11}, 1, BISECT_BAD},      /* SIGSEGV */
		{{0, 1, 6}, 1, BISECT_BAD},       /* SIGABRT */
		{{0, 0, 128}, 0, BISECT_GOOD},
		{{0, 0, 255}, 0, BISECT_GOOD},
		{{0, 1, 9}, 0, BISECT_GOOD},      /* SIGKILL: not a crash */
		{{1, 1, 9}, 0, BISECT_GOOD},      /* timeout */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bisect_verdict v = BISECT_GOOD;
		gred_error e;
		int rc = bisect_classify(&v, &cases[i].ex, "", 0, NULL, NULL, &e);
		assert_int_equal(rc == 0, cases[i].ok);
		if (cases[i].ok)
			assert_int_equal(v, cases[i].v);
	}
}

/* The state file keeps odd strings (newlines, '%', edge spaces) intact. */
static void test_bisect__state_round_trip(void **state)
{
	char *dir = tmpdir_new(), *path = xasprintf("%s/state", dir);
	char *test[] = {" sh ", "-c", "printf '%s\\n' \"$x\"\nexit 1", NULL};
	bisect_saved a, b;
	gred_error e;
	git_oid oid;

	(void)state;
	memset(&a, 0, sizeof(a));
	a.orig_head = "ref refs/heads/main";
	a.first_parent = 1;
	a.repeat = 3;
	a.timeout = 2.5;
	a.build = "make -j8 &&\necho 100%";
	a.test = test;
	a.ntest = 3;
	git_oid_fromstr(&oid, "0123456789abcdef0123456789abcdef01234567");
	a.good = &oid;
	a.ngood = 1;
	a.bad = oid;
	a.ref_sig = "assert\nx > 0\nrun";
	assert_int_equal(bisect_state_save(&a, path, &e), 0);
	assert_int_equal(bisect_state_load(&b, path, &e), 0);
	assert_string_equal(b.orig_head, a.orig_head);
	assert_int_equal(b.first_parent, 1);
	assert_int_equal(b.repeat, 3);
	assert_true(b.timeout == 2.5);
	assert_string_equal(b.build, a.build);
	assert_int_equal(b.ntest, 3);
	assert_string_equal(b.test[0], test[0]);
	assert_string_equal(b.test[2], test[2]);
	assert_null(b.test[3]);
	assert_true(git_oid_equal(&b.good[0], &oid));
	assert_string_equal(b.ref_sig, a.ref_sig);
	assert_int_equal(b.nprobe, 0);
	bisect_saved_free(&b);
	free(path);
	tmpdir_free(dir);
}

/* --- whole sessions: checkout, build, test processes --- */

static int head_is_branch(git_repository *repo, const char *name)
{
	git_reference *head;
	int ok;

	assert_int_equal(git_reference_lookup(&head, repo, "HEAD"), 0);
	ok = git_reference_type(head) == GIT_REFERENCE_SYMBOLIC &&
		!strcmp(git_reference_symbolic_target(head), name);
	git_reference_free(head);
	return ok;
}

static char *read_work_file(const history *h, const char *name)
{
	char *path = xasprintf("%s/%s", h->dir, name), *data = NULL;
	size_t len;
	gred_error e;

	if (file_read(&data, &len, path, 0, &e) < 0)
		data = NULL;
	free(path);
	return data;
}

static int state_file_exists(const history *h)
{
	char *path = xasprintf("%s/.git/gred-bisect.state", h->dir);
	int ok = access(path, F_OK) == 0;

	free(path);
	return ok;
}

/* Runs a session to the end and returns the result; err gets the error. */
static int session(bisect_result *r, const bisect_options *opts, gred_error *e)
{
	bisect_session *s;
	gred_error e2;
	int err;

	memset(r, 0, sizeof(*r));
	if ((err = bisect_session_start(&s, opts, e)) < 0)
		return err;
	err = bisect_session_run(r, s, NULL, NULL, e);
	bisect_session_finish(s, err == 0, &e2);
	bisect_session_free(s);
	return err;
}

static char *hex(const git_oid *oid)
{
	char buf[GIT_OID_HEXSZ + 1];

	return xstrdup(git_oid_tostr(buf, sizeof(buf), oid));
}

/* Options for good=c[good], bad=c[bad], running `sh -c script`. */
typedef struct sopts {
	bisect_options o;
	char *good, *bad, *argv[4];
	const char *goods[1];
} sopts;

static void sopts_init(sopts *so, const history *h, size_t good, size_t bad,
	const char *script)
{
	bisect_options_init(&so->o);
	so->good = hex(&h->c[good]);
	so->bad = hex(&h->c[bad]);
	so->goods[0] = so->good;
	so->argv[0] = "/bin/sh";
	so->argv[1] = "-c";
	so->argv[2] = (char *)script;
	so->argv[3] = NULL;
	so->o.repo = h->dir;
	so->o.good = so->goods;
	so->o.ngood = 1;
	so->o.bad = so->bad;
	so->o.test = so->argv;
}

static void sopts_free(sopts *so)
{
	free(so->good);
	free(so->bad);
}

/*
 *   c0 (good) --- ... --- c13* --- ... --- c29 (bad)     on branch main
 *             c8, c9, c20 do not build
 *
 * Real processes: `test ! -e broken` builds, `grep -q good state`
 * tests. c13 is found, HEAD is back on main, the state file is gone.
 */
static void test_bisect__session_build_and_test(void **state)
{
	char broken[31] = "........xx..........x.........";
	bisect_result r;
	history h;
	sopts so;
	gred_error e;
	char *content;

	(void)state;
	history_open(&h);
	linear(&h, 30, 13, broken);
	sopts_init(&so, &h, 0, 29, "grep -q good state");
	so.o.build = "test ! -e broken";
	if (session(&r, &so.o, &e) < 0)
		fail_msg("%s", e.msg);
	assert_int_equal(r.ncommit, 1);
	assert_true(git_oid_equal(&r.commit[0], &h.c[13]));
	assert_true(r.probes <= ceil_log2(29) + r.skips);
	assert_true(head_is_branch(h.repo, "refs/heads/main"));
	content = read_work_file(&h, "state");
	assert_string_equal(content, "bad\n");
	free(content);
	assert_false(state_file_exists(&h));
	bisect_result_free(&r);
	sopts_free(&so);
	history_close(&h);
}

/*
 *   c0 (good) --- ... --- c5* --- ... --- c15 (bad)
 *
 * The test crashes with SIGSEGV on bad commits (a crash is bad).
 */
static void test_bisect__session_crash_is_bad(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;

	(void)state;
	history_open(&h);
	linear(&h, 16, 5, NULL);
	sopts_init(&so, &h, 0, 15, "grep -q good state || kill -SEGV $$");
	if (session(&r, &so.o, &e) < 0)
		fail_msg("%s", e.msg);
	assert_int_equal(r.ncommit, 1);
	assert_true(git_oid_equal(&r.commit[0], &h.c[5]));
	bisect_result_free(&r);
	sopts_free(&so);
	history_close(&h);
}

/*
 *   c0 (good) --- ... --- c11* --- ... --- c40 (bad)
 *
 * A flaky test: on bad commits it fails only on every third run. With
 * --repeat 3 every bad commit shows at least one failure.
 */
static void test_bisect__session_flaky_test_with_repeat(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;
	char *script, *counter;

	(void)state;
	history_open(&h);
	linear(&h, 41, 11, NULL);
	counter = xasprintf("%s.count", h.dir);
	script = xasprintf("n=$(cat %s 2>/dev/null || echo 0); n=$((n+1)); echo $n > %s; "
		"grep -q good state && exit 0; [ $((n %% 3)) -eq 0 ] && exit 1; exit 0",
		counter, counter);
	sopts_init(&so, &h, 0, 40, script);
	so.o.repeat = 3;
	if (session(&r, &so.o, &e) < 0)
		fail_msg("%s", e.msg);
	assert_int_equal(r.ncommit, 1);
	assert_true(git_oid_equal(&r.commit[0], &h.c[11]));
	assert_true(r.probes <= ceil_log2(40));
	bisect_result_free(&r);
	sopts_free(&so);
	unlink(counter);
	free(counter);
	free(script);
	history_close(&h);
}

/*
 *   c0 (good) --- ... --- c21* --- ... --- c63 (bad)
 *
 * The fifth test run (the ends are tested first) fails with exit 200:
 * the bisection stops, keeps its state (two probes in the log) and puts
 * HEAD back. --resume then
 * finishes with the same answer and no probe repeated.
 */
static void test_bisect__session_resume_after_stop(void **state)
{
	bisect_session *s;
	bisect_result r;
	history h;
	sopts so;
	gred_error e, e2;
	gred_buf log = {0};
	char *script, *counter;
	size_t lines = 0, i;

	(void)state;
	history_open(&h);
	linear(&h, 64, 21, NULL);
	counter = xasprintf("%s.count", h.dir);
	script = xasprintf("n=$(cat %s 2>/dev/null || echo 0); n=$((n+1)); echo $n > %s; "
		"[ $n -eq 5 ] && exit 200; grep -q good state", counter, counter);
	sopts_init(&so, &h, 0, 63, script);
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_non_null(strstr(e.msg, "200"));
	assert_true(state_file_exists(&h));
	assert_true(head_is_branch(h.repo, "refs/heads/main"));
	assert_int_equal(bisect_log(&log, h.dir, &e), 0);
	for (i = 0; i < log.len; i++)
		lines += log.data[i] == '\n';
	assert_int_equal(lines, 2 + 2);
	buf_free(&log);

	/* A second start is refused while one is in progress. */
	assert_int_equal(bisect_session_start(&s, &so.o, &e), -1);
	assert_non_null(strstr(e.msg, "in progress"));

	assert_int_equal(bisect_session_resume(&s, h.dir, &e), 0);
	if (bisect_session_run(&r, s, NULL, NULL, &e) < 0)
		fail_msg("%s", e.msg);
	assert_int_equal(bisect_session_finish(s, 1, &e2), 0);
	bisect_session_free(s);
	assert_int_equal(r.ncommit, 1);
	assert_true(git_oid_equal(&r.commit[0], &h.c[21]));
	assert_true(r.probes <= ceil_log2(63));
	assert_false(state_file_exists(&h));
	assert_true(head_is_branch(h.repo, "refs/heads/main"));
	bisect_result_free(&r);
	sopts_free(&so);
	unlink(counter);
	free(counter);
	free(script);
	history_close(&h);
}

/*
 *   c0 (good) --- ... --- c9* --- ... --- c19 (bad)    main checked out
 *
 * --worktree: probes happen in another directory; the user's branch,
 * files and index are never touched.
 */
static void test_bisect__session_worktree_leaves_checkout_alone(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;
	char *wt, *content, *marker;

	(void)state;
	history_open(&h);
	linear(&h, 20, 9, NULL);
	wt = xasprintf("%s-wt", h.dir);
	marker = xasprintf("%s/untracked.txt", h.dir);
	assert_int_equal(file_write_atomic(marker, "mine\n", 5, &e), 0);
	sopts_init(&so, &h, 0, 19, "grep -q good state");
	so.o.worktree = wt;
	if (session(&r, &so.o, &e) < 0)
		fail_msg("%s", e.msg);
	assert_int_equal(r.ncommit, 1);
	assert_true(git_oid_equal(&r.commit[0], &h.c[9]));
	assert_true(head_is_branch(h.repo, "refs/heads/main"));
	content = read_work_file(&h, "state");
	assert_string_equal(content, "bad\n");
	free(content);
	assert_int_equal(access(marker, F_OK), 0);
	bisect_result_free(&r);
	sopts_free(&so);
	tmpdir_free(wt);
	free(marker);
	history_close(&h);
}

/*
 *   c0 (good) --- c3 ... c6 --- c7 (good) --- c10* ... c25 (bad)
 *                 other crash                 the crash
 *
 * --same-crash: c3..c6 abort with another assertion, which counts as a
 * skip, not as bad; c10 is blamed for the crash seen on c25. Without
 * the flag the first probe into c3..c6 would blame the wrong bug.
 */
static void test_bisect__session_same_crash(void **state)
{
	static const char *script =
		"case $(cat state) in\n"
		"good*) exit 0;;\n"
		"bad*) echo \"prog: main.c:10: run: Assertion \\`x > 0' failed.\" >&2; kill -ABRT $$;;\n"
		"*) echo \"prog: load.c:99: load: Assertion \\`p != NULL' failed.\" >&2; kill -ABRT $$;;\n"
		"esac\n";
	bisect_result r;
	history h;
	sopts so;
	gred_error e;
	size_t i;

	(void)state;
	history_open(&h);
	for (i = 0; i < 26; i++) {
		size_t p = i - 1;
		add(&h, &p, i ? 1 : 0, i >= 10 ? "bad\n" : i >= 3 && i <= 6 ? "other\n" :
			"good\n", 0);
	}
	assert_int_equal(fixture_checkout_branch(h.repo, "main", &h.c[25]), 0);
	sopts_init(&so, &h, 0, 25, script);
	so.o.same_crash = 1;
	if (session(&r, &so.o, &e) < 0)
		fail_msg("%s", e.msg);
	assert_int_equal(r.ncommit, 1);
	assert_true(git_oid_equal(&r.commit[0], &h.c[10]));
	assert_true(r.skips > 0);
	assert_true(r.probes <= ceil_log2(25) + r.skips);
	bisect_result_free(&r);

	so.o.same_crash = 0;
	if (session(&r, &so.o, &e) < 0)
		fail_msg("%s", e.msg);
	assert_true(git_oid_equal(&r.commit[0], &h.c[3]));
	bisect_result_free(&r);

	/* No crash at all on the bad commit: nothing to compare with. */
	sopts_free(&so);
	sopts_init(&so, &h, 0, 25, "exit 1");
	so.o.same_crash = 1;
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_non_null(strstr(e.msg, "no signature"));
	assert_int_equal(bisect_reset(h.dir, &e), 0);
	sopts_free(&so);
	history_close(&h);
}

/* --- refusals --- */

/*
 *   c0 (good and bad)
 *
 * A history of one commit has nothing to bisect.
 */
static void test_bisect__history_of_one_commit(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;

	(void)state;
	history_open(&h);
	linear(&h, 1, 0, NULL);
	sopts_init(&so, &h, 0, 0, "true");
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_non_null(strstr(e.msg, "are the same commit"));
	assert_false(state_file_exists(&h));
	sopts_free(&so);
	history_close(&h);
}

/*
 *   c0 --- c1 --- c2      bad = "no-such-rev"
 */
static void test_bisect__invalid_revision(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;

	(void)state;
	history_open(&h);
	linear(&h, 3, 1, NULL);
	sopts_init(&so, &h, 0, 2, "true");
	so.o.bad = "no-such-rev";
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_string_equal(e.msg, "invalid revision 'no-such-rev'");
	sopts_free(&so);
	history_close(&h);
}

/*
 *   c0 --- c1 --- c2 (bad)
 *     \
 *      s0 (good?)
 *
 * s0 is not an ancestor of c2: refused. So is good == bad.
 */
static void test_bisect__good_not_ancestor_of_bad(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;
	size_t p = 0, s0;

	(void)state;
	history_open(&h);
	linear(&h, 3, 1, NULL);
	s0 = add(&h, &p, 1, "good\n", 0);
	sopts_init(&so, &h, s0, 2, "true");
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_non_null(strstr(e.msg, "is not an ancestor of bad"));
	sopts_free(&so);
	sopts_init(&so, &h, 2, 2, "true");
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_non_null(strstr(e.msg, "are the same commit"));
	sopts_free(&so);
	history_close(&h);
}

/*
 *   c0 (good) --- c1 --- c2 --- c3 (bad), "state" edited in the work tree
 *
 * Refused without --force; with it the bisection runs.
 */
static void test_bisect__dirty_tree(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;
	char *path;

	(void)state;
	history_open(&h);
	linear(&h, 4, 2, NULL);
	path = xasprintf("%s/state", h.dir);
	assert_int_equal(file_write_atomic(path, "edited\n", 7, &e), 0);
	sopts_init(&so, &h, 0, 3, "grep -q good state");
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_non_null(strstr(e.msg, "local changes"));
	assert_false(state_file_exists(&h));
	so.o.force = 1;
	if (session(&r, &so.o, &e) < 0)
		fail_msg("%s", e.msg);
	assert_true(git_oid_equal(&r.commit[0], &h.c[2]));
	bisect_result_free(&r);
	sopts_free(&so);
	free(path);
	history_close(&h);
}

/*
 *   c0 (good) --- c1 --- c2 (bad); the test hangs
 *
 * A timeout stops the bisection with an error, the process group dies.
 */
static void test_bisect__timeout_stops(void **state)
{
	bisect_result r;
	history h;
	sopts so;
	gred_error e;
	double t0;

	(void)state;
	history_open(&h);
	linear(&h, 3, 1, NULL);
	sopts_init(&so, &h, 0, 2, "sleep 30 & sleep 30");
	so.o.timeout = 0.3;
	t0 = now_seconds();
	assert_int_equal(session(&r, &so.o, &e), -1);
	assert_true(now_seconds() - t0 < 5);
	assert_non_null(strstr(e.msg, "timed out"));
	assert_int_equal(bisect_reset(h.dir, &e), 0);
	assert_false(state_file_exists(&h));
	sopts_free(&so);
	history_close(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bisect__linear_one_candidate),
		cmocka_unit_test(test_bisect__linear_two_candidates),
		cmocka_unit_test(test_bisect__linear_thousand),
		cmocka_unit_test(test_bisect__merge_side_branch),
		cmocka_unit_test(test_bisect__merge_long_branches),
		cmocka_unit_test(test_bisect__skip_run),
		cmocka_unit_test(test_bisect__skips_make_it_ambiguous),
		cmocka_unit_test(test_bisect__skip_run_at_midpoint_is_left_quickly),
		cmocka_unit_test(test_bisect__classify_exit_codes),
		cmocka_unit_test(test_bisect__state_round_trip),
		cmocka_unit_test(test_bisect__session_build_and_test),
		cmocka_unit_test(test_bisect__session_crash_is_bad),
		cmocka_unit_test(test_bisect__session_flaky_test_with_repeat),
		cmocka_unit_test(test_bisect__session_resume_after_stop),
		cmocka_unit_test(test_bisect__session_worktree_leaves_checkout_alone),
		cmocka_unit_test(test_bisect__session_same_crash),
		cmocka_unit_test(test_bisect__history_of_one_commit),
		cmocka_unit_test(test_bisect__invalid_revision),
		cmocka_unit_test(test_bisect__good_not_ancestor_of_bad),
		cmocka_unit_test(test_bisect__dirty_tree),
		cmocka_unit_test(test_bisect__timeout_stops),
	};
	int rc;

	git_libgit2_init();
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	git_libgit2_shutdown();
	return rc;
}

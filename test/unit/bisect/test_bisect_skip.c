/*
** Skipped commits, simulated: gred's probe choice next to git's on
** linear histories with runs of unbuildable commits of many lengths and
** places, counting builds (probes) for every first bad commit.
*/
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bisect.h"

/* One history: commits 1..n (0 is good, n is bad), commits
** [run, run + len) do not build, the bug comes with commit fb. */
typedef struct history {
	size_t n, run, len, fb;
} history;

static int broken(const history *h, size_t c)
{
	return c >= h->run && c < h->run + h->len;
}

static bisect_verdict verdict(const history *h, size_t c)
{
	return broken(h, c) ? BISECT_SKIP : c >= h->fb ? BISECT_BAD : BISECT_GOOD;
}

/*
** The peer: git's rule (bisect.c: best_bisection_sorted, filter_skipped,
** skip_away), written from its description for a linear history. The
** candidates are (lo, hi]; each is worth min(its ancestors, the rest);
** they are sorted by that; git breaks ties by object id, arbitrary on a
** synthetic history, so here as gred does (older first), which makes
** the skip rule the one difference compared.
** If the best was skipped, the probe is the untested one at index
** count * prn / 32768 * sqrti(prn) / sqrti(32768), prn drawn from the
** count of untested candidates; the bad commit there means the one
** before it.
*/
static int git_sqrti(int val)
{
	float d, x = (float)val;

	if (val == 0)
		return 0;
	do {
		float y = (x + (float)val / x) / 2;
		d = (y > x) ? y - x : x - y;
		x = y;
	} while (d >= 0.5);
	return (int)x;
}

static unsigned git_prn(unsigned count)
{
	count = count * 1103515245u + 12345u;
	return (count / 65536) % 32768;
}

static size_t peer_lo, peer_n;

static size_t git_dist(size_t c)
{
	size_t w = c - peer_lo;

	return w < peer_n - w ? w : peer_n - w;
}

static int git_order(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	size_t da = git_dist(a), db = git_dist(b);

	if (da != db)
		return da > db ? -1 : 1;
	return a < b ? -1 : a > b;
}

static size_t git_builds(const history *h, size_t *answer)
{
	size_t lo = 0, hi = h->n, builds = 0, *list = malloc((h->n + 1) * sizeof(size_t));
	char *skipped = calloc(h->n + 1, 1);

	for (;;) {
		size_t nl = 0, c, i, count = 0, pick;

		peer_lo = lo;
		peer_n = hi - lo;
		for (c = lo + 1; c <= hi; c++)
			list[nl++] = c;
		qsort(list, nl, sizeof(size_t), git_order);
		if (list[0] == hi)
			break;
		if (!skipped[list[0]]) {
			pick = list[0];
		} else {
			int prn, index;
			for (i = 0; i < nl; i++)
				if (!skipped[list[i]])
					list[count++] = list[i];
			if (count == 1)
				break;
			prn = (int)git_prn((unsigned)count);
			index = ((int)count * prn / 32768) * git_sqrti(prn) / git_sqrti(32768);
			pick = (size_t)index < count ? list[index] : list[0];
			if (pick == hi)
				pick = index > 0 ? list[index - 1] : list[0];
			if (pick == hi)
				break;
		}
		builds++;
		switch (verdict(h, pick)) {
		case BISECT_SKIP: skipped[pick] = 1; break;
		case BISECT_BAD: hi = pick; break;
		case BISECT_GOOD: lo = pick; break;
		}
	}
	*answer = hi;
	free(list);
	free(skipped);
	return builds;
}

/* gred: bisect_search on the same history (search index i is c(i+1)). */
static size_t gred_builds(const history *h, size_t *answer)
{
	size_t n = h->n, i, *ans, nans, builds;
	git_oid *oid = calloc(n, sizeof(*oid));
	size_t *poff = calloc(n + 1, sizeof(*poff)), *par = calloc(n, sizeof(*par));
	bisect_search s;
	gred_error e;

	for (i = 0; i < n; i++) {
		oid[i].id[0] = (unsigned char)(i & 255);
		oid[i].id[1] = (unsigned char)(i >> 8);
		poff[i] = i ? i - 1 : 0;
		if (i)
			par[i - 1] = i - 1;
	}
	poff[n] = n - 1;
	assert_int_equal(bisect_search_init(&s, n, oid, poff, par, &e), 0);
	while (bisect_search_next(&i, &s))
		assert_int_equal(bisect_search_mark(&s, i, verdict(h, i + 1), &e), 0);
	bisect_search_answer(&ans, &nans, &s);
	*answer = ans[0] + 1;
	builds = s.probes;
	free(ans);
	bisect_search_free(&s);
	free(oid);
	free(poff);
	free(par);
	return builds;
}

static size_t ceil_log2(size_t n)
{
	size_t k = 0;

	while (((size_t)1 << k) < n)
		k++;
	return k;
}

/*
** Histories of n = 64, 250 and 1000 commits; runs of 1 to 74 commits
** starting at the midpoint, a little before it, and at a quarter; every
** first bad commit outside the run (a step of n/64). A table row per
** (n, run): worst and mean builds of both, and how many histories gred
** needed more builds than git.
*/
static void test_bisect_skip__gred_next_to_git(void **state)
{
	static const size_t sizes[] = {64, 250, 1000};
	static const size_t lens[] = {1, 2, 3, 5, 10, 20, 40, 74};
	size_t si, li, pi, worse_total = 0, better_total = 0, short_over = 0,
		short_excess = 0, over_twice = 0, total = 0;
	double gred_sum = 0, git_sum = 0;

	(void)state;
	printf("%6s %5s %6s | %9s %9s | %9s %9s | %6s\n", "n", "run", "at",
		"gred max", "gred mean", "git max", "git mean", "worse");
	for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
	for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++)
	for (pi = 0; pi < 3; pi++) {
		history h;
		size_t gmax = 0, tmax = 0, worse = 0, cases = 0;
		double gsum = 0, tsum = 0;
		static const char *const at[] = {"mid", "mid-", "quarter"};

		h.n = sizes[si];
		h.len = lens[li];
		if (h.len * 2 > h.n)
			continue;
		h.run = pi == 0 ? h.n / 2 - h.len / 2 : pi == 1 ? h.n / 2 - h.len + 1 : h.n / 4;
		for (h.fb = 1; h.fb <= h.n; h.fb += h.n / 64) {
			size_t ga, ta, g, t;
			if (broken(&h, h.fb))
				continue;
			g = gred_builds(&h, &ga);
			t = git_builds(&h, &ta);
			/* both find the first bad commit (skips before it aside) */
			assert_int_equal(ga, h.fb);
			assert_int_equal(ta, h.fb);
			gmax = g > gmax ? g : gmax;
			tmax = t > tmax ? t : tmax;
			gsum += (double)g;
			tsum += (double)t;
			worse += g > t;
			better_total += g < t;
			over_twice += g > 2 * ceil_log2(h.n);
			if (h.len <= 3 && g > ceil_log2(h.n) + 2)
				short_over++;
			if (h.len <= 3 && g > ceil_log2(h.n) + short_excess)
				short_excess = g - ceil_log2(h.n);
			cases++;
		}
		printf("%6zu %5zu %6s | %9zu %9.2f | %9zu %9.2f | %6zu\n", h.n,
			h.len, at[pi], gmax, gsum / (double)cases, tmax,
			tsum / (double)cases, worse);
		worse_total += worse;
		gred_sum += gsum;
		git_sum += tsum;
		total += cases;
	}
	printf("%zu histories, mean builds gred %.2f, git %.2f; gred built fewer "
		"in %zu, more in %zu; over 2 ceil(log2 n): %zu; with runs of at most "
		"3, over ceil(log2 n) + 2: %zu, at most ceil(log2 n) + %zu\n", total,
		gred_sum / (double)total, git_sum / (double)total, better_total,
		worse_total, over_twice, short_over, short_excess);
	/* git's pseudo-random jumps are sometimes luckier on one history, but
	** gred needs fewer builds on average, never more than 2 ceil(log2 n)
	** (git: up to 87 for n = 250), and with runs of 1 to 3 commits stays
	** within 2 of ceil(log2 n) (git: up to 4). */
	assert_true(gred_sum < git_sum);
	assert_int_equal(over_twice, 0);
	assert_int_equal(short_over, 0);
	assert_true(short_excess <= 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bisect_skip__gred_next_to_git),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

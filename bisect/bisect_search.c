/*
** The bisection itself: which commits are still candidates, which one
** to probe next, and when the first bad commit is known.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"

const char *bisect_verdict_name(bisect_verdict v)
{
	switch (v) {
	case BISECT_GOOD: return "good";
	case BISECT_BAD: return "bad";
	case BISECT_SKIP: return "skip";
	}
	return "?";
}

int bisect_verdict_parse(bisect_verdict *out, const char *s)
{
	static const bisect_verdict all[] = {BISECT_GOOD, BISECT_BAD, BISECT_SKIP};
	size_t i;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (!strcmp(s, bisect_verdict_name(all[i]))) {
			*out = all[i];
			return 0;
		}
	return -1;
}

/* Marks live every ancestor of the bad commit that is not known good. */
static void search_refresh(bisect_search *s)
{
	size_t i, sp = 0, k;

	for (i = 0; i < s->n; i++)
		s->flag[i] &= (unsigned char)~BISECT_F_LIVE;
	s->left = 0;
	s->stack[sp++] = s->bad;
	s->flag[s->bad] |= BISECT_F_LIVE;
	while (sp) {
		i = s->stack[--sp];
		s->left++;
		for (k = s->poff[i]; k < s->poff[i + 1]; k++) {
			size_t p = s->par[k];
			if (s->flag[p] & (BISECT_F_LIVE | BISECT_F_GOOD))
				continue;
			s->flag[p] |= BISECT_F_LIVE;
			s->stack[sp++] = p;
		}
	}
}

int bisect_search_init(bisect_search *out, size_t n, const git_oid *oid,
	const size_t *poff, const size_t *par, gred_error *e)
{
	size_t i, k;

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return gred_errorf(e, "no commits between good and bad");
	for (i = 0; i < n; i++)
		for (k = poff[i]; k < poff[i + 1]; k++)
			if (par[k] >= i)
				return gred_errorf(e, "commit %zu has parent %zu out of order",
					i, par[k]);
	out->n = n;
	out->oid = xmalloc(n * sizeof(*out->oid));
	memcpy(out->oid, oid, n * sizeof(*oid));
	out->poff = xmalloc((n + 1) * sizeof(*out->poff));
	memcpy(out->poff, poff, (n + 1) * sizeof(*poff));
	out->par = xmalloc((poff[n] ? poff[n] : 1) * sizeof(*out->par));
	if (poff[n])
		memcpy(out->par, par, poff[n] * sizeof(*par));
	out->flag = xcalloc(n, 1);
	out->reach = xcalloc(n, sizeof(*out->reach));
	out->stack = xcalloc(n, sizeof(*out->stack));
	out->stamp = xcalloc(n, sizeof(*out->stamp));
	out->bad = n - 1;
	search_refresh(out);
	return 0;
}

void bisect_search_free(bisect_search *s)
{
	if (!s)
		return;
	free(s->oid);
	free(s->poff);
	free(s->par);
	free(s->flag);
	free(s->reach);
	free(s->stack);
	free(s->stamp);
	memset(s, 0, sizeof(*s));
}

int bisect_search_find(size_t *out, const bisect_search *s, const git_oid *oid)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (git_oid_equal(&s->oid[i], oid)) {
			*out = i;
			return 0;
		}
	return -1;
}

static void mark_good(bisect_search *s, size_t i)
{
	size_t sp = 0, k;

	if (s->flag[i] & BISECT_F_GOOD)
		return;
	s->flag[i] |= BISECT_F_GOOD;
	s->stack[sp++] = i;
	while (sp) {
		i = s->stack[--sp];
		for (k = s->poff[i]; k < s->poff[i + 1]; k++) {
			size_t p = s->par[k];
			if (s->flag[p] & BISECT_F_GOOD)
				continue;
			s->flag[p] |= BISECT_F_GOOD;
			s->stack[sp++] = p;
		}
	}
}

int bisect_search_mark(bisect_search *s, size_t i, bisect_verdict v,
	gred_error *e)
{
	char hex[GIT_OID_HEXSZ + 1];

	if (i >= s->n || !(s->flag[i] & BISECT_F_LIVE) || i == s->bad) {
		git_oid_tostr(hex, sizeof(hex), &s->oid[i < s->n ? i : 0]);
		return gred_errorf(e, "commit %s is not a candidate any more", hex);
	}
	s->probes++;
	switch (v) {
	case BISECT_GOOD:
		mark_good(s, i);
		search_refresh(s);
		break;
	case BISECT_BAD:
		s->bad = i;
		search_refresh(s);
		break;
	case BISECT_SKIP:
		s->skips++;
		s->flag[i] |= BISECT_F_SKIP;
		break;
	}
	return 0;
}

/* Live ancestors of i (itself included), for a merge. */
static size_t count_merge(bisect_search *s, size_t i)
{
	size_t sp = 0, n = 0, k;
	unsigned ep = ++s->epoch;

	if (ep == 0) {
		memset(s->stamp, 0, s->n * sizeof(*s->stamp));
		ep = s->epoch = 1;
	}
	s->stamp[i] = ep;
	s->stack[sp++] = i;
	while (sp) {
		size_t j = s->stack[--sp];
		n++;
		for (k = s->poff[j]; k < s->poff[j + 1]; k++) {
			size_t p = s->par[k];
			if (!(s->flag[p] & BISECT_F_LIVE) || s->stamp[p] == ep)
				continue;
			s->stamp[p] = ep;
			s->stack[sp++] = p;
		}
	}
	return n;
}

/*
** Counting ancestors is the costly part. As in git, a commit with a
** single live parent has that parent's count plus one (an ancestor of a
** candidate outside the set is good, so it adds nothing); only merges
** need a walk. Histories are mostly linear, so this stays near O(n).
** reach counts every live ancestor, reach_testable only those not
** skipped.
*/
static void count_reach(bisect_search *s)
{
	size_t i, k;

	s->testable = 0;
	for (i = 0; i < s->n; i++) {
		size_t live = 0, last = 0, self;
		if (!(s->flag[i] & BISECT_F_LIVE))
			continue;
		self = !(s->flag[i] & BISECT_F_SKIP);
		s->testable += self;
		for (k = s->poff[i]; k < s->poff[i + 1]; k++)
			if (s->flag[s->par[k]] & BISECT_F_LIVE) {
				live++;
				last = s->par[k];
			}
		if (live == 0)
			s->reach[i] = 1;
		else if (live == 1)
			s->reach[i] = s->reach[last] + 1;
		else
			s->reach[i] = count_merge(s, i);
	}
}

/* How well probing i halves the live set: the smaller side. */
static size_t balance(const bisect_search *s, size_t i)
{
	return s->reach[i] < s->left - s->reach[i] ? s->reach[i] :
		s->left - s->reach[i];
}

/* The order of candidates: better balance first, then older. */
static int by_balance(const bisect_search *s, size_t a, size_t b)
{
	size_t wa = balance(s, a), wb = balance(s, b);

	if (wa != wb)
		return wa > wb ? -1 : 1;
	return a < b ? -1 : a > b;
}

/*
** A pseudo-random number in [0, BISECT_PRN_MODULO) from a seed, the
** linear congruential step of C's example rand(); and a square root by
** Newton's method. Both are deterministic, so a bisection replays.
*/
unsigned bisect_prn(unsigned seed)
{
	seed = seed * 1103515245u + 12345u;
	return (seed / 65536) % BISECT_PRN_MODULO;
}

static unsigned isqrt(unsigned v)
{
	unsigned x = v, y;

	if (v < 2)
		return v;
	y = (x + v / x) / 2;
	while (y < x) {
		x = y;
		y = (x + v / x) / 2;
	}
	return x;
}

/* Where in a list of count candidates, best first, to probe after
** landing on a skipped commit: a pseudo-random place, drawn toward the
** front (index = count * u^1.5 for u uniform in [0, 1)). */
size_t bisect_skip_away_index(size_t count)
{
	unsigned prn = bisect_prn((unsigned)count);

	return (size_t)((count * prn / BISECT_PRN_MODULO) * isqrt(prn) /
		isqrt(BISECT_PRN_MODULO));
}

static const bisect_search *sort_search;

static int cmp_balance(const void *a, const void *b)
{
	return by_balance(sort_search, *(const size_t *)a, *(const size_t *)b);
}

/*
** The probe is the live commit that best halves the live set. When that
** commit was skipped, its neighbours most likely do not build either:
** probing them one by one would cost a build per commit of an unbuildable
** run. Instead, as git does, the probe jumps to a pseudo-random place in
** the list of untested commits sorted by balance, most often near its
** front (near the midpoint) and sometimes far out, so a long run is most
** often left in a few builds whatever its length.
*/
int bisect_search_next(size_t *out, bisect_search *s)
{
	size_t best = SIZE_MAX, i, n = 0, *list, at;

	count_reach(s);
	for (i = 0; i < s->n; i++) {
		if (!(s->flag[i] & BISECT_F_LIVE) || i == s->bad)
			continue;
		if (best == SIZE_MAX || by_balance(s, i, best) < 0)
			best = i;
	}
	if (best == SIZE_MAX)
		return 0;
	if (!(s->flag[best] & BISECT_F_SKIP)) {
		*out = best;
		return 1;
	}
	list = xmalloc(s->n * sizeof(*list));
	for (i = 0; i < s->n; i++)
		if ((s->flag[i] & BISECT_F_LIVE) && !(s->flag[i] & BISECT_F_SKIP))
			list[n++] = i;
	sort_search = s;
	qsort(list, n, sizeof(*list), cmp_balance);
	sort_search = NULL;
	at = bisect_skip_away_index(n);
	if (at >= n)
		at = 0;
	/* never the bad commit: the one before it in the list instead */
	if (list[at] == s->bad && at > 0)
		at--;
	best = list[at];
	free(list);
	if (best == s->bad)
		return 0;
	*out = best;
	return 1;
}

size_t bisect_search_steps_left(const bisect_search *s)
{
	size_t untested = 0, i, steps = 0;

	for (i = 0; i < s->n; i++)
		if ((s->flag[i] & BISECT_F_LIVE) && !(s->flag[i] & BISECT_F_SKIP))
			untested++;
	/* untested counts the bad commit: that many possible answers */
	while (((size_t)1 << steps) < untested)
		steps++;
	return steps;
}

void bisect_search_answer(size_t **out, size_t *nout, const bisect_search *s)
{
	size_t i, n = 1;
	size_t *a = xmalloc(s->left * sizeof(*a));

	a[0] = s->bad;
	for (i = s->n; i-- > 0;)
		if (i != s->bad && (s->flag[i] & BISECT_F_LIVE))
			a[n++] = i;
	*out = a;
	*nout = n;
}

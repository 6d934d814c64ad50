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
	s->streak = v == BISECT_SKIP ? s->streak + 1 : 0;
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

/* Number of testable live ancestors of i (itself included), for a merge. */
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
		n += !(s->flag[j] & BISECT_F_SKIP);
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
** Skipped commits are not counted: they cannot be tested, so a probe
** should halve the commits that can.
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
			s->reach[i] = self;
		else if (live == 1)
			s->reach[i] = s->reach[last] + self;
		else
			s->reach[i] = count_merge(s, i);
	}
}

/* A jump away from skipped commits may cost at most 1/JUMP_SHARE of
** balance; small sets are bisected exactly. */
#define JUMP_SHARE 32

static size_t weight(const bisect_search *s, size_t i)
{
	return s->reach[i] < s->testable - s->reach[i] ? s->reach[i] :
		s->testable - s->reach[i];
}

/* The ancestor counts of the live skipped commits, the yardstick for
** keeping away from them. */
typedef struct skipped_at {
	size_t *reach, n;
} skipped_at;

static int far_enough(const bisect_search *s, size_t i, const skipped_at *sk,
	size_t min_dist)
{
	size_t j;

	for (j = 0; j < sk->n; j++) {
		size_t d = s->reach[i] > sk->reach[j] ? s->reach[i] - sk->reach[j] :
			sk->reach[j] - s->reach[i];
		if (d < min_dist)
			return 0;
	}
	return 1;
}

/* The best untested candidate, at least min_dist from the skipped ones
** if sk is not NULL. */
static size_t pick(const bisect_search *s, const skipped_at *sk, size_t min_dist)
{
	size_t i, best = SIZE_MAX, bestw = 0;

	for (i = 0; i < s->n; i++) {
		size_t w;
		if (!(s->flag[i] & BISECT_F_LIVE) || (s->flag[i] & BISECT_F_SKIP) ||
		    i == s->bad)
			continue;
		w = weight(s, i);
		if (best != SIZE_MAX && w <= bestw)
			continue;
		if (sk && !far_enough(s, i, sk, min_dist))
			continue;
		best = i;
		bestw = w;
	}
	return best;
}

int bisect_search_next(size_t *out, bisect_search *s)
{
	size_t best = SIZE_MAX, i;

	count_reach(s);
	if (s->streak >= 2 && s->streak < 24 &&
	    ((size_t)1 << (s->streak - 1)) * JUMP_SHARE <= s->testable) {
		skipped_at sk = {xmalloc(s->n * sizeof(size_t)), 0};
		for (i = 0; i < s->n; i++)
			if ((s->flag[i] & BISECT_F_LIVE) && (s->flag[i] & BISECT_F_SKIP))
				sk.reach[sk.n++] = s->reach[i];
		best = pick(s, &sk, (size_t)1 << (s->streak - 1));
		free(sk.reach);
	}
	if (best == SIZE_MAX)
		best = pick(s, NULL, 0);
	if (best == SIZE_MAX)
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

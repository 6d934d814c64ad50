/*
** The bisection itself: which commits are still candidates, which one
** to probe next, and when the first bad commit is known.
*/
#include <math.h>
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

/* Below this many expected bits a probe is not worth a build. */
#define BISECT_MIN_BITS 0.001

/* The information of a probe that splits k of n candidates from the
** rest: the binary entropy of k/n, in bits. */
static double split_bits(size_t k, size_t n)
{
	double p = (double)k / (double)n, q = 1 - p;

	if (k == 0 || k >= n)
		return 0;
	return -(p * log2(p) + q * log2(q));
}

/*
** The chance that an untested commit builds, given the skipped commits
** around it. Unbuildable commits come in runs, so a commit between two
** skipped ones most likely belongs to their run, and one next to the
** skipped commits, which extend over span commits, most likely does not
** build at a distance well below a quarter of span. With no skipped
** commit around it is 1.
*/
static double build_chance(size_t below, size_t above, size_t span)
{
	size_t d;

	if (below && above) {
		d = below < above ? below : above;
		return 0.001 * (double)d / (double)(below + above);
	}
	d = below ? below : above;
	if (!d)
		return 1;
	return (double)d / ((double)d + 0.25 * (double)span);
}

/*
** The probe is the live commit that best halves the live set, as git
** picks it. Once skipped commits are among the candidates, the probe is
** the untested commit with the most information to expect: the bits of
** its split times the chance that it builds (build_chance, by its
** distance in history order to the nearest skipped commits). A commit a
** little off the midpoint loses almost nothing (a 40/60 split is still
** 0.97 bits), so the probe leaves a run of unbuildable commits by a
** distance that grows with the run seen so far, instead of walking
** through it one build per commit. Deterministic: a bisection replays.
*/
int bisect_search_next(size_t *out, bisect_search *s)
{
	size_t best = SIZE_MAX, i, lo = SIZE_MAX, hi = 0, last;
	size_t *below;
	double best_score = -1;

	count_reach(s);
	for (i = 0; i < s->n; i++) {
		if (!(s->flag[i] & BISECT_F_LIVE) || i == s->bad)
			continue;
		if ((s->flag[i] & BISECT_F_SKIP)) {
			lo = i < lo ? i : lo;
			hi = i;
		}
		if (best == SIZE_MAX || by_balance(s, i, best) < 0)
			best = i;
	}
	if (best == SIZE_MAX)
		return 0;
	if (lo == SIZE_MAX) {
		*out = best;
		return 1;
	}
	/* distances to the nearest skipped live commit below, then above */
	below = xcalloc(s->n, sizeof(*below));
	last = SIZE_MAX;
	for (i = 0; i < s->n; i++) {
		if (!(s->flag[i] & BISECT_F_LIVE))
			continue;
		if (s->flag[i] & BISECT_F_SKIP)
			last = i;
		else if (last != SIZE_MAX)
			below[i] = i - last;
	}
	best = SIZE_MAX;
	last = SIZE_MAX;
	for (i = s->n; i-- > 0;) {
		double score;
		if (!(s->flag[i] & BISECT_F_LIVE))
			continue;
		if (s->flag[i] & BISECT_F_SKIP) {
			last = i;
			continue;
		}
		if (i == s->bad)
			continue;
		score = split_bits(s->reach[i], s->left) * build_chance(below[i],
			last == SIZE_MAX ? 0 : last - i, hi - lo + 1);
		/* ties go to the older commit, as by_balance does */
		if (best == SIZE_MAX || score >= best_score) {
			best = i;
			best_score = score;
		}
	}
	free(below);
	/* only commits inside runs of skipped ones are left: the answer is
	** one of them or the bad commit, and probing them would cost a
	** build each */
	if (best == SIZE_MAX || best_score < BISECT_MIN_BITS)
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

/*
** Ranking buckets furthest-point-first: each next bucket is the one least
** like every bucket already ranked, so the first few cover the most
** distinct bugs (Chen et al., Taming Compiler Fuzzers, PLDI 2013).
*/
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "triage.h"

#define MAX_TOKENS 64

typedef struct tokens {
	uint64_t t[MAX_TOKENS];
	size_t n;
} tokens;

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The words of a bucket (kind, message, frames; split at spaces, "::"
** and newlines), as sorted distinct hashes. Digits are words too. */
static void tokenize(tokens *out, const char *s)
{
	size_t i = 0, k = 0;

	out->n = 0;
	while (s[i] && out->n < MAX_TOKENS) {
		while (s[i] && !isalnum((unsigned char)s[i]) && s[i] != '_')
			i++;
		k = i;
		while (s[i] && (isalnum((unsigned char)s[i]) || s[i] == '_'))
			i++;
		if (i > k)
			out->t[out->n++] = hash_bytes(s + k, i - k);
	}
	qsort(out->t, out->n, sizeof(out->t[0]), cmp_u64);
	for (i = k = 0; i < out->n; i++)
		if (!k || out->t[k - 1] != out->t[i])
			out->t[k++] = out->t[i];
	out->n = k;
}

/* Jaccard distance of two sorted token sets. */
static double distance(const tokens *a, const tokens *b)
{
	size_t i = 0, j = 0, both = 0, all;

	while (i < a->n && j < b->n) {
		if (a->t[i] == b->t[j]) {
			both++;
			i++;
			j++;
		} else if (a->t[i] < b->t[j]) {
			i++;
		} else {
			j++;
		}
	}
	all = a->n + b->n - both;
	return all ? 1.0 - (double)both / (double)all : 0.0;
}

void triage_rank(size_t *order, double *dist, const char *const *texts,
	size_t n)
{
	tokens *tk = xcalloc(n ? n : 1, sizeof(*tk));
	double *near = xcalloc(n ? n : 1, sizeof(*near));
	char *taken = xcalloc(n ? n : 1, 1);
	size_t i, r, pick = 0;

	for (i = 0; i < n; i++) {
		tokenize(&tk[i], texts[i]);
		near[i] = 2.0;  /* no ranked bucket yet */
	}
	/* The first is the first given (callers pass the biggest first). */
	for (r = 0; r < n; r++) {
		if (r) {
			double best = -1.0;
			for (i = 0; i < n; i++)
				if (!taken[i] && near[i] > best) {
					best = near[i];
					pick = i;
				}
		}
		order[r] = pick;
		dist[r] = r ? near[pick] : 1.0;
		taken[pick] = 1;
		for (i = 0; i < n; i++)
			if (!taken[i]) {
				double d = distance(&tk[i], &tk[pick]);
				if (d < near[i])
					near[i] = d;
			}
	}
	free(tk);
	free(near);
	free(taken);
}

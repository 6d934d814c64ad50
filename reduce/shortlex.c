/*
** The order candidates are accepted in: fewer bytes, then fewer lines,
** then lexicographically smaller bytes.
*/
#include "shortlex.h"

#include <string.h>

size_t shortlex_lines(const char *p, size_t n)
{
	size_t k = 0;
	const char *q;

	while (n && (q = memchr(p, '\n', n))) {
		k++;
		n -= (size_t)(q - p) + 1;
		p = q + 1;
	}
	return k;
}

int shortlex_less(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t la, lb;
	int c;

	if (alen != blen)
		return alen < blen;
	la = shortlex_lines(a, alen);
	lb = shortlex_lines(b, blen);
	if (la != lb)
		return la < lb;
	c = alen ? memcmp(a, b, alen) : 0;
	return c < 0;
}

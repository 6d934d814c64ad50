/*
** The order candidates are accepted in: fewer bytes, then fewer lines,
** then lexicographically smaller bytes.
*/
#ifndef GRED_SHORTLEX_H
#define GRED_SHORTLEX_H

#include <stddef.h>

/* Nonzero iff a is strictly smaller than b. */
int shortlex_less(const char *a, size_t alen, const char *b, size_t blen);

/* Number of '\n' in p. */
size_t shortlex_lines(const char *p, size_t n);

#endif

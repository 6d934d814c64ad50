/*
** ddmin on raw text: the fallback for a .mlir file that does not parse,
** so a broken input still gets smaller. Lines go first, then tokens, as
** C-Vise does on files it does not understand, with bracketed groups
** (a region, an attribute dictionary) as one unit in between.
*/
#include "source.h"

#include <stdlib.h>
#include <string.h>

static int word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		(c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The length of the token at p (before the blanks after it). */
static size_t token_len(const char *p, size_t len)
{
	size_t k = 1;

	if (p[0] == '"') {
		while (k < len && p[k] != '"')
			k += p[k] == '\\' && k + 1 < len ? 2 : 1;
		return k < len ? k + 1 : len;
	}
	if (len >= 2 && ((p[0] == '-' && p[1] == '>') ||
	    (p[0] == ':' && p[1] == ':')))
		return 2;
	if (word_char(p[0]) || strchr("%@^#!", p[0])) {
		while (k < len && word_char(p[k]))
			k++;
		return k;
	}
	return 1;
}

/* The length of the bracketed group opening at p, up to its matching
** close (strings skipped), or 0 if p does not open one or it is not
** closed. */
static size_t group_len(const char *p, size_t len)
{
	size_t k = 0, depth = 0;

	if (!strchr("([{<", p[0]))
		return 0;
	while (k < len) {
		size_t n = token_len(p + k, len - k);
		if (strchr("([{<", p[k]) && n == 1)
			depth++;
		else if (strchr(")]}>", p[k]) && n == 1 && --depth == 0)
			return k + 1;
		k += n;
	}
	return 0;
}

/* The length of the unit at p: a line; a token and its blanks; or, in
** group mode, a bracketed group and its blanks. */
static size_t unit_len(const text_source *t, const char *p, size_t len)
{
	const char *nl;
	size_t k;

	if (t->unit == TEXT_LINES) {
		nl = memchr(p, '\n', len);
		return nl ? (size_t)(nl - p) + 1 : len;
	}
	k = 0;
	if (!blank(p[0]) && t->unit == TEXT_GROUPS)
		k = group_len(p, len);
	if (!blank(p[0]) && !k)
		k = token_len(p, len);
	while (k < len && blank(p[k]))
		k++;
	return k ? k : 1;
}

static void clear(text_source *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->units[i]);
	t->n = 0;
}

static void split(text_source *t, const char *p, size_t len)
{
	size_t cap = 0;

	clear(t);
	free(t->seen);
	t->seen = xmalloc(len + 1);
	memcpy(t->seen, p, len);
	t->nseen = len;
	free(t->units);
	t->units = NULL;
	while (len) {
		size_t k = unit_len(t, p, len);

		if (t->n == cap) {
			cap = cap ? 2 * cap : 256;
			t->units = xrealloc(t->units, cap * sizeof(char *));
		}
		t->units[t->n++] = xstrndup(p, k);
		p += k;
		len -= k;
	}
}

/* Takes the units afresh if the best text changed since. */
static void sync(text_source *t)
{
	if (t->best->len != t->nseen ||
	    (t->nseen && memcmp(t->best->data, t->seen, t->nseen)))
		split(t, t->best->data, t->best->len);
}

static size_t text_count(source *s)
{
	text_source *t = (text_source *)s;

	sync(t);
	return t->n;
}

static int text_make(source *s, size_t begin, size_t end, gred_buf *out,
	void **state, gred_error *e)
{
	text_source *t = (text_source *)s;
	size_t i;

	(void)e;
	for (i = 0; i < t->n; i++)
		if (i < begin || i >= end)
			buf_puts(out, t->units[i]);
	*state = NULL;
	return 1;
}

static void text_accept(source *s, void *state, const gred_buf *bytes)
{
	(void)state;
	split((text_source *)s, bytes->data, bytes->len);
}

static void text_drop(source *s, void *state)
{
	(void)s;
	(void)state;
}

void text_source_init(text_source *t, const gred_buf *best, text_unit unit)
{
	memset(t, 0, sizeof(*t));
	t->base.name = unit == TEXT_GROUPS ? "groups" :
		unit == TEXT_TOKENS ? "tokens" : "lines";
	t->base.count = text_count;
	t->base.make = text_make;
	t->base.accept = text_accept;
	t->base.drop = text_drop;
	t->best = best;
	t->unit = unit;
	t->nseen = (size_t)-1;
}

void text_source_free(text_source *t)
{
	clear(t);
	free(t->units);
	free(t->seen);
	memset(t, 0, sizeof(*t));
}

/*
** ddmin on raw text: the fallback for a .mlir file that does not parse,
** so a broken input still gets smaller. Lines go first, then tokens, as
** C-Vise does on files it does not understand, with bracketed groups at
** any depth (a region, an attribute dictionary, an op with its regions)
** in between. Once the text parses, the driver hands it to the passes.
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

static size_t skip_blanks(const char *p, size_t len, size_t k)
{
	while (k < len && blank(p[k]))
		k++;
	return k;
}

static void add_span(text_source *t, size_t start, size_t len)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->spans = xrealloc(t->spans, t->cap * sizeof(*t->spans));
	}
	t->spans[t->n].start = start;
	t->spans[t->n++].len = len;
}

/* Lines, or tokens with their blanks (blanks at the start are a unit). */
static void split_tiles(text_source *t, const char *p, size_t len)
{
	size_t i = 0, k;

	while (i < len) {
		if (t->unit == TEXT_LINES) {
			const char *nl = memchr(p + i, '\n', len - i);
			k = nl ? (size_t)(nl - (p + i)) + 1 : len - i;
		} else if (blank(p[i])) {
			k = skip_blanks(p + i, len - i, 0);
		} else {
			k = skip_blanks(p + i, len - i, token_len(p + i, len - i));
		}
		add_span(t, i, k);
		i += k;
	}
}

/* Every bracketed group, and every name followed by groups (`test.op
** {...}`, `"a.b"() ({...})`), each with the blanks after it, in order of
** their start; the scan goes on inside them, so inner ones follow. */
static void split_groups(text_source *t, const char *p, size_t len)
{
	size_t i = skip_blanks(p, len, 0), k, end, g;

	while (i < len) {
		k = token_len(p + i, len - i);
		if (word_char(p[i]) || p[i] == '"') {
			size_t last = 0;
			for (end = i + k;; end += g) {
				end = skip_blanks(p, len, end);
				if (end >= len || !(g = group_len(p + end, len - end)))
					break;
				last = end + g;
			}
			if (last)
				add_span(t, i, skip_blanks(p, len, last) - i);
		} else if ((g = group_len(p + i, len - i)) != 0) {
			add_span(t, i, skip_blanks(p, len, i + g) - i);
		}
		i = skip_blanks(p, len, i + k);
	}
}

static void split(text_source *t, const char *p, size_t len)
{
	free(t->seen);
	t->seen = xmalloc(len + 1);
	memcpy(t->seen, p, len);
	t->nseen = len;
	t->n = 0;
	if (t->unit == TEXT_GROUPS)
		split_groups(t, t->seen, len);
	else
		split_tiles(t, t->seen, len);
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

/* The text without units [begin, end); a unit inside another removed
** one goes with it. */
static int text_make(source *s, size_t begin, size_t end, gred_buf *out,
	void **state, gred_error *e)
{
	text_source *t = (text_source *)s;
	size_t i, at = 0;

	(void)e;
	for (i = begin; i < end && i < t->n; i++) {
		const text_span *u = &t->spans[i];
		if (u->start < at) {
			if (u->start + u->len > at)
				at = u->start + u->len;
			continue;
		}
		buf_append(out, t->seen + at, u->start - at);
		at = u->start + u->len;
	}
	buf_append(out, t->seen + at, t->nseen - at);
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
	free(t->spans);
	free(t->seen);
	memset(t, 0, sizeof(*t));
}

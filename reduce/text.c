/*
** Line-level ddmin on raw text: the fallback for a .mlir file that does
** not parse, so a broken input still gets smaller.
*/
#include "source.h"

#include <stdlib.h>
#include <string.h>

static void split(text_source *t, const char *p, size_t len)
{
	size_t cap = 0;

	t->n = 0;
	while (len) {
		const char *nl = memchr(p, '\n', len);
		size_t k = nl ? (size_t)(nl - p) + 1 : len;

		if (t->n == cap) {
			cap = cap ? 2 * cap : 256;
			t->lines = xrealloc(t->lines, cap * sizeof(char *));
		}
		t->lines[t->n++] = xstrndup(p, k);
		p += k;
		len -= k;
	}
}

static void clear(text_source *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->lines[i]);
	t->n = 0;
}

static size_t text_count(source *s)
{
	return ((text_source *)s)->n;
}

static int text_make(source *s, size_t begin, size_t end, gred_buf *out,
	void **state, gred_error *e)
{
	text_source *t = (text_source *)s;
	size_t i;

	(void)e;
	for (i = 0; i < t->n; i++)
		if (i < begin || i >= end)
			buf_puts(out, t->lines[i]);
	*state = NULL;
	return 1;
}

static void text_accept(source *s, void *state, const gred_buf *bytes)
{
	text_source *t = (text_source *)s;

	(void)state;
	clear(t);
	split(t, bytes->data, bytes->len);
}

static void text_drop(source *s, void *state)
{
	(void)s;
	(void)state;
}

void text_source_init(text_source *t, const char *data, size_t len)
{
	memset(t, 0, sizeof(*t));
	t->base.name = "lines";
	t->base.count = text_count;
	t->base.make = text_make;
	t->base.accept = text_accept;
	t->base.drop = text_drop;
	split(t, data, len);
}

void text_source_free(text_source *t)
{
	clear(t);
	free(t->lines);
	t->lines = NULL;
}

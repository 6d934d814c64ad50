/*
** Big .mlir files load without holding their text and their tensors at
** once. A model's weights sit at the end of the file, in the
** `{-# dialect_resources: { builtin: { KEY: "0x..." } } #-}` section, as
** hex: two bytes of text per byte of data. Given a mapped file, the
** section is decoded here straight into blobs, each page of text let go
** once read; the ops before it go through the MLIR parser, and the blobs
** are then attached by key. Anything unusual in the section (other
** dialects, comments, keys already in the context) takes the plain path:
** the MLIR parser on the whole text.
*/
#define _GNU_SOURCE
#include "mlir_io.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Text is let go in steps of this many bytes. */
#define DROP_STEP (8u << 20)

/* A decoded entry of the section. */
typedef struct pending_blob {
	const char *key;
	size_t nkey;
	void *data;
	size_t len, align;
} pending_blob;

/* The section being read: a cursor over mapped text, the blobs read so
** far, and hex digit values (-1 for anything else). */
typedef struct section {
	const char *p, *end;
	pending_blob *v;
	size_t n;
	signed char digit[256];
} section;

/* Lets go of the whole pages of text in [from, to). */
static void drop_text(const char *from, const char *to)
{
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t a, b;

	if (page <= 0)
		return;
	a = ((uintptr_t)from + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
	b = (uintptr_t)to & ~((uintptr_t)page - 1);
	if (b > a)
		madvise((void *)a, b - a, MADV_DONTNEED);
}

static void skip_space(section *s)
{
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\n' ||
	       *s->p == '\t' || *s->p == '\r'))
		s->p++;
}

static int eat(section *s, const char *word)
{
	size_t n = strlen(word);

	skip_space(s);
	if ((size_t)(s->end - s->p) < n || memcmp(s->p, word, n))
		return 0;
	s->p += n;
	return 1;
}

static int key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		(c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-' ||
		c == '$';
}

static void digits_init(signed char *digit)
{
	int c;

	for (c = 0; c < 256; c++)
		digit[c] = c >= '0' && c <= '9' ? (signed char)(c - '0') :
			c >= 'a' && c <= 'f' ? (signed char)(c - 'a' + 10) :
			c >= 'A' && c <= 'F' ? (signed char)(c - 'A' + 10) : -1;
}

/* Decodes n hex digit pairs at src into dst, letting the text go as it
** is read; 0 on a bad digit. */
static int unhex(const section *s, uint8_t *dst, const char *src, size_t n)
{
	const signed char *hex_digit = s->digit;
	const unsigned char *p = (const unsigned char *)src;
	size_t i, step = DROP_STEP / 2;

	while (n > 0) {
		size_t m = n < step ? n : step;
		int bad = 0;
		for (i = 0; i < m; i++) {
			int hi = hex_digit[p[2 * i]], lo = hex_digit[p[2 * i + 1]];
			bad |= hi | lo;
			dst[i] = (uint8_t)((unsigned)hi << 4 | (unsigned)lo);
		}
		if (bad < 0)
			return 0;
		drop_text((const char *)p, (const char *)p + 2 * m);
		p += 2 * m;
		dst += m;
		n -= m;
	}
	return 1;
}

/* One `KEY: "0x<alignment><data>"` entry. */
static int read_entry(section *s)
{
	const char *key, *keyend, *hex, *q;
	uint8_t al[4];
	pending_blob b = {0};
	size_t ndig;

	skip_space(s);
	key = s->p;
	while (s->p < s->end && key_char(*s->p))
		s->p++;
	keyend = s->p;
	if (keyend == key || !eat(s, ":") || !eat(s, "\"0x"))
		return 0;
	hex = s->p;
	/* The closing quote, letting the text go as it is searched. */
	for (q = hex; q < s->end; q += DROP_STEP) {
		size_t n = (size_t)(s->end - q) < DROP_STEP ?
			(size_t)(s->end - q) : DROP_STEP;
		const char *hit = memchr(q, '"', n);
		if (hit) {
			q = hit;
			break;
		}
		drop_text(q, q + n);
	}
	if (q >= s->end)
		return 0;
	ndig = (size_t)(q - hex);
	if (ndig % 2 || ndig < 8 || !unhex(s, al, hex, 4))
		return 0;
	b.align = (size_t)al[0] | (size_t)al[1] << 8 | (size_t)al[2] << 16 |
		(size_t)al[3] << 24;
	if (!b.align || (b.align & (b.align - 1)) || b.align > 4096)
		return 0;
	b.key = key;
	b.nkey = (size_t)(keyend - key);
	b.len = ndig / 2 - 4;
	if (posix_memalign(&b.data, b.align < sizeof(void *) ? sizeof(void *) :
	    b.align, b.len ? b.len : 1))
		return 0;
	if (!unhex(s, b.data, hex + 8, b.len)) {
		free(b.data);
		return 0;
	}
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	s->v[s->n++] = b;
	s->p = q + 1;
	return 1;
}

/* The whole section, from `{-#` to the end of the text. */
static int read_section(section *s)
{
	if (!eat(s, "{-#") || !eat(s, "dialect_resources") || !eat(s, ":") ||
	    !eat(s, "{") || !eat(s, "builtin") || !eat(s, ":") || !eat(s, "{"))
		return 0;
	if (!eat(s, "}")) {
		do {
			if (!read_entry(s))
				return 0;
		} while (eat(s, ","));
		if (!eat(s, "}"))
			return 0;
	}
	if (!eat(s, "}") || !eat(s, "#-}"))
		return 0;
	skip_space(s);
	return s->p == s->end;
}

static void free_pending(section *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i].data);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

int ir_parse_view(MlirOperation *out, MlirContext ctx, const file_view *v,
	const char *name, gred_error *e)
{
	return ir_parse_view_flags(out, ctx, v, name, 0, e);
}

int ir_parse_view_flags(MlirOperation *out, MlirContext ctx,
	const file_view *v, const char *name, int flags, gred_error *e)
{
	section s = {0};
	const char *start;
	char *body;
	size_t nbody, i;
	int err;

	start = v->mapped ? memmem(v->data, v->len, "\n{-#", 4) : NULL;
	/* Worth it only when the section is most of the file. */
	if (!start || (size_t)(start - v->data) > v->len / 2)
		return ir_parse_flags(out, ctx, v->data, v->len, name, flags, e);
	digits_init(s.digit);
	s.p = start + 1;
	s.end = v->data + v->len;
	if (!read_section(&s))
		goto plain;
	for (i = 0; i < s.n; i++)
		if (ir_resource_known(ctx, s.v[i].key, s.v[i].nkey))
			goto plain;
	nbody = (size_t)(start - v->data) + 1;
	body = xmalloc(nbody + 1);
	memcpy(body, v->data, nbody);
	body[nbody] = 0;
	err = ir_parse_flags(out, ctx, body, nbody, name, flags, e);
	free(body);
	if (err < 0) {
		free_pending(&s);
		return -1;
	}
	for (i = 0; i < s.n; i++) {
		ir_resource_set(ctx, s.v[i].key, s.v[i].nkey, s.v[i].data,
			s.v[i].len, s.v[i].align, free);
		s.v[i].data = NULL;
	}
	free_pending(&s);
	return 0;
plain:
	free_pending(&s);
	return ir_parse_flags(out, ctx, v->data, v->len, name, flags, e);
}

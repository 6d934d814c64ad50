/*
** Text mode's generic-form rewrite: ops in the custom syntax of dialects
** gred cannot load become generic ops, so the text parses sooner.
*/
#include "text_generic.h"

#include <stdlib.h>
#include <string.h>

/* The most operands, results or types one op's rewrite handles. */
#define MAX_VALUES 64

typedef struct piece {
	const char *p;
	size_t n;
} piece;

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_blanks(const char *p, size_t len, size_t k)
{
	while (k < len && blank(p[k]))
		k++;
	return k;
}

static piece trim(const char *p, size_t n)
{
	piece r = {p, n};

	while (r.n && blank(r.p[0])) {
		r.p++;
		r.n--;
	}
	while (r.n && blank(r.p[r.n - 1]))
		r.n--;
	return r;
}

/* Where a line's text ends: before a // comment and trailing blanks. */
static size_t content_end(const char *p, size_t len)
{
	size_t k = 0;

	while (k < len) {
		if (p[k] == '/' && k + 1 < len && p[k + 1] == '/')
			break;
		k += text_token_len(p + k, len - k);
	}
	while (k && blank(p[k - 1]))
		k--;
	return k;
}

/* The length of the unit at p: a whole bracketed group, or a token. */
static size_t unit_len(const char *p, size_t len)
{
	size_t g = strchr("([{<", p[0]) ? text_group_len(p, len) : 0;

	return g ? g : text_token_len(p, len);
}

static int is_word(const char *p, size_t n, const char *w)
{
	return n == strlen(w) && !memcmp(p, w, n);
}

/* A %name token at p, with a `#N` result index after it. */
static size_t value_len(const char *p, size_t len)
{
	size_t k = text_token_len(p, len);

	if (k < len && p[k] == '#')
		for (k++; k < len && p[k] >= '0' && p[k] <= '9'; k++)
			;
	return k;
}

/* The results `%a, %b:2 =` a line opens with: *count of them, and the
** offset after the `=` and its blanks (0 and the first non-blank if
** none; -1 if names are not followed by `=`). */
static long line_results(const char *p, size_t len, size_t *count)
{
	size_t k = skip_blanks(p, len, 0), n = 0;

	*count = 0;
	if (k >= len || p[k] != '%')
		return (long)k;
	while (k < len && p[k] == '%') {
		size_t c = 1;

		k = skip_blanks(p, len, k + text_token_len(p + k, len - k));
		if (k < len && p[k] == ':') {
			k = skip_blanks(p, len, k + 1);
			for (c = 0; k < len && p[k] >= '0' && p[k] <= '9'; k++)
				c = 10 * c + (size_t)(p[k] - '0');
			k = skip_blanks(p, len, k);
		}
		n += c;
		if (k < len && p[k] == ',')
			k = skip_blanks(p, len, k + 1);
	}
	if (k >= len || p[k] != '=' || (k + 1 < len && p[k + 1] == '='))
		return -1;
	*count = n;
	return (long)skip_blanks(p, len, k + 1);
}

/* The op name at p in custom syntax: a bare word with a dot, as in
** `test.foo`; 0 if there is none. */
static size_t custom_name_len(const char *p, size_t len)
{
	size_t n;

	if (!len || !((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') ||
		    p[0] == '_'))
		return 0;
	n = text_token_len(p, len);
	return memchr(p, '.', n) && p[n - 1] != '.' ? n : 0;
}

/* Splits a type list at its top-level commas; a list wrapped whole in
** parentheses is unwrapped first. Returns the count, or -1 if more than
** max. */
static int split_types(const char *p, size_t len, piece *out, size_t max)
{
	piece s = trim(p, len);
	size_t k = 0, from = 0, n = 0;

	if (s.n && s.p[0] == '(' && text_group_len(s.p, s.n) == s.n)
		s = trim(s.p + 1, s.n - 2);
	if (!s.n)
		return 0;
	for (;;) {
		if (k >= s.n || s.p[k] == ',') {
			if (n == max)
				return -1;
			out[n++] = trim(s.p + from, k - from);
			if (!out[n - 1].n)
				return -1;
			if (k >= s.n)
				return (int)n;
			from = ++k;
			continue;
		}
		k += unit_len(s.p + k, s.n - k);
	}
}

/* The top-level `->` or `to` in p, as an offset, or len if none. */
static size_t find_arrow(const char *p, size_t len, size_t *arrow_len)
{
	size_t k = 0, n;

	while (k < len) {
		n = text_token_len(p + k, len - k);
		if ((n == 2 && p[k] == '-' && p[k + 1] == '>') || is_word(p + k, n, "to")) {
			*arrow_len = n;
			return k;
		}
		k += unit_len(p + k, len - k);
	}
	return len;
}

/* ---- the types a text gives its names ---- */

typedef struct type_entry {
	const char *name, *type;
	size_t nlen, tlen;
} type_entry;

struct text_types {
	type_entry *v;
	size_t n, cap;
};

static void types_add(text_types *t, const char *name, size_t nlen,
	const char *type, size_t tlen)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	t->v[t->n].name = name;
	t->v[t->n].nlen = nlen;
	t->v[t->n].type = type;
	t->v[t->n++].tlen = tlen;
}

/* The type after `%name :` at p (ending at a top-level `,` `)` `]` `{`
** `=` `->` or `to`), or an empty piece. */
static piece type_after_colon(const char *p, size_t len)
{
	size_t k = 0, n;

	while (k < len) {
		n = text_token_len(p + k, len - k);
		if (n == 1 && strchr(",)]{=", p[k]))
			break;
		if ((n == 2 && p[k] == '-' && p[k + 1] == '>') ||
		    is_word(p + k, n, "to") || is_word(p + k, n, "loc"))
			break;
		k += unit_len(p + k, len - k);
	}
	return trim(p, k);
}

/* The type of a line's single result: after its last top-level `->`,
** else after `to` or the `:` ending the op (a compare: i1; `true` or
** `false`: i1). */
static void scan_result(text_types *t, const char *p, size_t len)
{
	size_t count, k, n, colon = 0, arrow = 0, alen = 0, op;
	long at = line_results(p, len, &count);
	piece name, ty[2];
	int m;

	if (at <= 0 || count != 1)
		return;
	k = skip_blanks(p, len, 0);
	name.p = p + k;
	name.n = text_token_len(p + k, len - k);
	if (name.p[name.n] == ':')
		return;
	op = (size_t)at;
	len = content_end(p, len);
	if (len && p[len - 1] == '{')
		for (len--; len && blank(p[len - 1]); len--)
			;
	for (k = op; k < len; k += unit_len(p + k, len - k)) {
		n = text_token_len(p + k, len - k);
		if (n == 1 && p[k] == ':' && !colon)
			colon = k + 1;
		if (n == 2 && p[k] == '-' && p[k + 1] == '>') {
			arrow = k + 2;
			alen = 2;
		}
	}
	if (!arrow && colon) {
		size_t a = find_arrow(p + colon, len - colon, &alen);
		if (a < len - colon)
			arrow = colon + a + alen;
	}
	if (arrow) {
		m = split_types(p + arrow, len - arrow, ty, 1);
	} else if (colon) {
		n = text_token_len(p + op, len - op);
		if ((n >= 4 && (!memcmp(p + op + n - 4, "cmpi", 4) ||
			    !memcmp(p + op + n - 4, "cmpf", 4)))) {
			types_add(t, name.p, name.n, "i1", 2);
			return;
		}
		m = split_types(p + colon, len - colon, ty, 1);
	} else {
		piece last = trim(p + op, len - op);
		size_t w = last.n;
		while (w && !blank(last.p[w - 1]))
			w--;
		if (is_word(last.p + w, last.n - w, "true") ||
		    is_word(last.p + w, last.n - w, "false"))
			types_add(t, name.p, name.n, "i1", 2);
		return;
	}
	if (m == 1)
		types_add(t, name.p, name.n, ty[0].p, ty[0].n);
}

text_types *text_types_scan(const char *p, size_t len)
{
	text_types *t = xcalloc(1, sizeof(*t));
	size_t i = 0, k, n, e;

	while (i < len) {
		const char *l = p + i, *nl = memchr(l, '\n', len - i);
		size_t ll = nl ? (size_t)(nl - l) + 1 : len - i;

		scan_result(t, l, ll);
		e = content_end(l, ll);
		for (k = 0; k < e; k += n) {
			n = text_token_len(l + k, e - k);
			if (l[k] == '%') {
				size_t c = skip_blanks(l, e, k + n);
				if (c < e && l[c] == ':' && !(c + 1 < e && l[c + 1] == ':')) {
					piece ty = type_after_colon(l + c + 1, e - c - 1);
					if (ty.n && ty.p[0] != '(')
						types_add(t, l + k, n, ty.p, ty.n);
				}
			}
		}
		i += ll;
	}
	return t;
}

const char *text_types_find(const text_types *t, const char *name, size_t n,
	const char *before, size_t *len)
{
	size_t i;

	for (i = t ? t->n : 0; i-- > 0;)
		if (t->v[i].name < before && t->v[i].nlen == n &&
		    !memcmp(t->v[i].name, name, n)) {
			*len = t->v[i].tlen;
			return t->v[i].type;
		}
	return NULL;
}

void text_types_free(text_types *t)
{
	if (!t)
		return;
	free(t->v);
	free(t);
}

/* ---- one op ---- */

typedef struct custom_op {
	size_t nres, nops, nl, nr;
	piece ops[MAX_VALUES], tl[MAX_VALUES], tr[MAX_VALUES], attrs;
	int arrow, typed;
} custom_op;

/* The %names in [p, p + len) outside attribute dictionaries. */
static int collect_operands(custom_op *o, const char *p, size_t len)
{
	size_t k = 0, n;

	while (k < len) {
		if (p[k] == '{' && (n = text_group_len(p + k, len - k)) != 0) {
			k += n;
			continue;
		}
		n = text_token_len(p + k, len - k);
		if (p[k] == '%') {
			if (o->nops == MAX_VALUES)
				return -1;
			n = value_len(p + k, len - k);
			o->ops[o->nops].p = p + k;
			o->ops[o->nops++].n = n;
		}
		k += n;
	}
	return 0;
}

/* The type of operand i: by position in list l (n types) if it gives
** exactly the operands, else from the text, else l's one type for all;
** an empty piece if none of these. */
static piece operand_type(const custom_op *o, size_t i, const piece *l,
	size_t n, const text_types *types)
{
	piece r = {NULL, 0};

	if (n == o->nops)
		return l[i];
	r.p = text_types_find(types, o->ops[i].p, o->ops[i].n, o->ops[i].p, &r.n);
	if (r.p)
		return r;
	if (n == 1)
		return l[0];
	r.n = 0;
	return r;
}

/* The types of o's operands (ot) and results (rt, *nrt of them), from
** its trailing list and the text's types. A plain list with results:
** one type for all, the operands' then the results', or the results'. */
static int op_types(const custom_op *o, const text_types *types, piece *ot,
	piece *rt, size_t *nrt)
{
	const piece *l = o->tl, *res = NULL;
	size_t nl = o->nl, nres = 0, i;

	if (o->arrow) {
		res = o->tr;
		nres = o->nr;
	} else if (!o->nres && !o->nops) {
		res = o->tl;
		nres = o->nl;
	} else if (!o->nres) {
		;
	} else if (o->nl == 1) {
		res = o->tl;
		nres = 1;
	} else if (o->nl == o->nops + o->nres) {
		nl = o->nops;
		res = o->tl + o->nops;
		nres = o->nres;
	} else if (o->nl == o->nres) {
		nl = 0;
		res = o->tl;
		nres = o->nl;
	} else {
		return -1;
	}
	for (i = 0; i < o->nops; i++)
		if (!(ot[i] = operand_type(o, i, l, nl, types)).n)
			return -1;
	/* One type for several results stands for each. */
	if (o->nres > 1 && nres == 1) {
		for (i = 0; i < o->nres; i++)
			rt[i] = res[0];
		*nrt = o->nres;
		return 0;
	}
	if (o->nres && nres != o->nres)
		return -1;
	for (i = 0; i < nres; i++)
		rt[i] = res[i];
	*nrt = nres;
	return 0;
}

static void put_list(gred_buf *b, const piece *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			buf_puts(b, ", ");
		buf_append(b, v[i].p, v[i].n);
	}
}

static void put_signature(gred_buf *b, const custom_op *o, const piece *ot,
	const piece *rt, size_t nrt)
{
	if (o->attrs.n) {
		buf_puts(b, " ");
		buf_append(b, o->attrs.p, o->attrs.n);
	}
	buf_puts(b, " : (");
	put_list(b, ot, o->nops);
	buf_puts(b, ") -> ");
	if (nrt == 1 && rt[0].p[0] != '(') {
		buf_append(b, rt[0].p, rt[0].n);
	} else {
		buf_puts(b, "(");
		put_list(b, rt, nrt);
		buf_puts(b, ")");
	}
}

int text_generic_rewrite(gred_buf *line, gred_buf *close, const char *p,
	size_t len, const text_types *types)
{
	custom_op *o = xcalloc(1, sizeof(*o));
	piece *ot = xcalloc(MAX_VALUES, sizeof(piece));
	piece *rt = xcalloc(MAX_VALUES, sizeof(piece));
	size_t end = content_end(p, len), k, n, name, nname, colon = 0, nrt = 0, a, al;
	long at = line_results(p, end, &o->nres);
	int region = 0, err = -1, m;

	if (at < 0 || o->nres > MAX_VALUES)
		goto done;
	name = (size_t)at;
	if (!(nname = custom_name_len(p + name, end - name)))
		goto done;
	if (end > name + nname && p[end - 1] == '{') {
		region = 1;
		for (end--; end && blank(p[end - 1]); end--)
			;
	}
	/* Operands and the attribute dictionary, up to a top-level ':'. */
	for (k = name + nname; k < end; k += n) {
		n = unit_len(p + k, end - k);
		if (p[k] == ':' && n == 1) {
			colon = k + 1;
			break;
		}
		if (p[k] == '{' && n > 1) {
			if (o->attrs.n)
				goto done;
			o->attrs.p = p + k;
			o->attrs.n = n;
		} else if ((p[k] == '%' || (strchr("([", p[k]) && n > 1)) &&
		    collect_operands(o, p + k, n) < 0) {
			goto done;
		}
	}
	if (colon) {
		a = find_arrow(p + colon, end - colon, &al);
		o->arrow = a < end - colon;
		if ((m = split_types(p + colon, a, o->tl, MAX_VALUES)) < 0)
			goto done;
		o->nl = (size_t)m;
		if (o->arrow) {
			m = split_types(p + colon + a + al, end - colon - a - al, o->tr,
				MAX_VALUES);
			if (m < 0)
				goto done;
			o->nr = (size_t)m;
		}
		o->typed = 1;
	}
	if (!o->typed && o->nres)
		goto done;
	if (op_types(o, types, ot, rt, &nrt) < 0)
		goto done;
	buf_append(line, p, name);
	buf_puts(line, "\"");
	buf_append(line, p + name, nname);
	buf_puts(line, "\"(");
	put_list(line, o->ops, o->nops);
	buf_puts(line, ")");
	if (region) {
		buf_puts(line, " ({");
		buf_puts(close, ")");
		put_signature(close, o, ot, rt, nrt);
	} else {
		put_signature(line, o, ot, rt, nrt);
	}
	if (len && p[len - 1] == '\n')
		buf_puts(line, "\n");
	err = 0;
done:
	free(o);
	free(ot);
	free(rt);
	return err;
}

/* ---- every op of a text ---- */

/* Is line [p, p + len) an op in custom syntax of a dialect ctx lacks? */
static int unknown_custom(const char *p, size_t len, MlirContext ctx)
{
	size_t count, n;
	long at = line_results(p, len, &count);
	const char *dot;

	if (at < 0 || !(n = custom_name_len(p + at, len - (size_t)at)))
		return 0;
	dot = memchr(p + at, '.', n);
	return mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx,
		mlirStringRefCreate(p + at, (size_t)(dot - (p + at)))));
}

/* The line closing the block line k opens, if it is a lone `}`. */
static int closing_line(const char *p, const size_t *line, size_t nline,
	size_t k, size_t *out)
{
	long depth = text_line_braces(p + line[k], line[k + 1] - line[k]);
	size_t m, b;

	for (m = k + 1; depth > 0 && m < nline; m++) {
		depth += text_line_braces(p + line[m], line[m + 1] - line[m]);
		if (depth <= 0)
			break;
	}
	if (depth > 0 || m >= nline || depth < 0)
		return -1;
	b = skip_blanks(p, line[m + 1], line[m]);
	if (b >= line[m + 1] || p[b] != '}' ||
	    skip_blanks(p, line[m + 1], b + 1) != line[m + 1])
		return -1;
	*out = m;
	return 0;
}

void text_rewrites_find(text_rewrites *out, const char *p,
	const size_t *line, size_t nline, MlirContext ctx)
{
	text_types *types = NULL;
	gred_buf open = {0}, close = {0};
	size_t k, c, b;

	out->n = 0;
	out->text.len = 0;
	for (k = 0; k < nline; k++) {
		const char *l = p + line[k];
		size_t ll = line[k + 1] - line[k];
		text_rewrite *r;

		if (!unknown_custom(l, ll, ctx))
			continue;
		if (!types)
			types = text_types_scan(p, line[nline]);
		open.len = close.len = 0;
		if (text_generic_rewrite(&open, &close, l, ll, types) < 0)
			continue;
		c = k;
		if (close.len && closing_line(p, line, nline, k, &c) < 0)
			continue;
		if (out->n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 16;
			out->v = xrealloc(out->v, out->cap * sizeof(*out->v));
		}
		r = &out->v[out->n++];
		r->line = k;
		r->close = c;
		r->at = out->text.len;
		r->open_len = open.len;
		buf_append(&out->text, open.data, open.len);
		r->close_len = 0;
		if (c != k) {
			size_t before = out->text.len;

			b = skip_blanks(p, line[c + 1], line[c]) + 1;
			buf_append(&out->text, p + line[c], b - line[c]);
			buf_append(&out->text, close.data, close.len);
			buf_append(&out->text, p + b, line[c + 1] - b);
			r->close_len = out->text.len - before;
		}
	}
	buf_free(&open);
	buf_free(&close);
	text_types_free(types);
}

void text_rewrites_free(text_rewrites *r)
{
	free(r->v);
	buf_free(&r->text);
	memset(r, 0, sizeof(*r));
}

/*
** ddmin on raw text: the fallback for a .mlir file that does not parse,
** so a broken input still gets smaller. Units follow the shape MLIR text
** has even when gred cannot parse it: brace-balanced blocks of lines (a
** function, with the functions that call it), lines, an SSA definition
** with the lines that use it, then bracketed groups and tokens. Other
** units rewrite what a human would: a value's uses take another value of
** its type so its definition goes, a region op's body stays without the
** op, a function loses its results, names get short, indentation goes;
** and ops in the custom syntax of dialects gred lacks are rewritten in
** generic form (text_generic.c). Once the text parses, the driver hands
** it to the passes.
*/
#include "source.h"

#include "mlir_io.h"

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
size_t text_token_len(const char *p, size_t len)
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
size_t text_group_len(const char *p, size_t len)
{
	size_t k = 0, depth = 0;

	if (!strchr("([{<", p[0]))
		return 0;
	while (k < len) {
		size_t n = text_token_len(p + k, len - k);
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
			k = skip_blanks(p + i, len - i, text_token_len(p + i, len - i));
		}
		add_span(t, i, k);
		i += k;
	}
}

/* After the token at k, must something come? After `=`, `:`, `,`,
** `->` or an opening bracket a value or type must; after a `%value` or
** `@symbol` the group that follows is its call's operands or its
** function's arguments. A group there is not worth a test alone. */
static int fills_slot(const char *p, size_t k, size_t len)
{
	size_t n = text_token_len(p + k, len - k);

	if (n == 1 && strchr("=:,([<", p[k]))
		return 1;
	if (n == 2 && p[k] == '-' && p[k + 1] == '>')
		return 1;
	return n > 1 && (p[k] == '%' || p[k] == '@');
}

/* Every bracketed group, and every name followed by groups (`test.op
** {...}`, `"a.b"() ({...})`), each with the blanks after it, in order of
** their start; the scan goes on inside them, so inner ones follow. */
static void split_groups(text_source *t, const char *p, size_t len)
{
	size_t i = skip_blanks(p, len, 0), k, end, g, prev = (size_t)-1;

	while (i < len) {
		k = text_token_len(p + i, len - i);
		if (prev != (size_t)-1 && fills_slot(p, prev, len)) {
			/* nothing starting here may go */
		} else if (word_char(p[i]) || p[i] == '"') {
			size_t last = 0;
			for (end = i + k;; end += g) {
				end = skip_blanks(p, len, end);
				if (end >= len || !(g = text_group_len(p + end, len - end)))
					break;
				last = end + g;
			}
			if (last)
				add_span(t, i, skip_blanks(p, len, last) - i);
		} else if ((g = text_group_len(p + i, len - i)) != 0) {
			add_span(t, i, skip_blanks(p, len, i + g) - i);
		}
		prev = i;
		i = skip_blanks(p, len, i + k);
	}
}

/* The braces a line opens minus those it closes (strings and // comments
** skipped). */
long text_line_braces(const char *p, size_t len)
{
	size_t k = 0, n;
	long net = 0;

	while (k < len) {
		if (p[k] == '/' && k + 1 < len && p[k + 1] == '/')
			break;
		n = text_token_len(p + k, len - k);
		if (n == 1 && p[k] == '{')
			net++;
		else if (n == 1 && p[k] == '}')
			net--;
		k += n;
	}
	return net;
}

/* Whether the line's first word names a module: its block is no scope of
** SSA names (the functions inside it are). */
static int module_line(const char *p, size_t len)
{
	size_t k = skip_blanks(p, len, 0), n;

	if (k < len && p[k] == '"')
		k++;
	n = k < len ? text_token_len(p + k, len - k) : 0;
	return n >= 6 && !memcmp(p + k + n - 6, "module", 6);
}

/* Lines of the text, and for each the last line of the block it opens
** (itself if none) and the line opening its scope (its function), or
** (size_t)-1 at the top. */
typedef struct line_info {
	size_t *end, *scope;
} line_info;

static void split_lines(text_source *t, const char *p, size_t len,
	line_info *li)
{
	struct open { size_t line; long depth; } *stack;
	size_t i = 0, k, ns = 0;
	long depth = 0;

	t->nline = 0;
	while (i < len) {
		const char *nl = memchr(p + i, '\n', len - i);
		if (t->nline + 2 > t->capline) {
			t->capline = t->capline ? 2 * t->capline : 256;
			t->line = xrealloc(t->line, t->capline * sizeof(size_t));
		}
		t->line[t->nline++] = i;
		i = nl ? (size_t)(nl - p) + 1 : len;
	}
	if (!t->line) {
		t->capline = 1;
		t->line = xmalloc(sizeof(size_t));
	}
	t->line[t->nline] = len;
	li->end = xmalloc((t->nline + 1) * sizeof(size_t));
	li->scope = xmalloc((t->nline + 1) * sizeof(size_t));
	stack = xmalloc((t->nline + 1) * sizeof(*stack));
	for (k = 0; k < t->nline; k++) {
		const char *l = p + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k], j;
		long net = text_line_braces(l, ll);

		li->end[k] = k;
		li->scope[k] = (size_t)-1;
		for (j = 0; j < ns; j++)
			if (!module_line(p + t->line[stack[j].line],
				    t->line[stack[j].line + 1] - t->line[stack[j].line])) {
				li->scope[k] = stack[j].line;
				break;
			}
		if (net > 0) {
			stack[ns].line = k;
			stack[ns++].depth = depth;
		}
		depth += net;
		while (ns && depth <= stack[ns - 1].depth && net <= 0)
			li->end[stack[--ns].line] = k;
		if (li->scope[k] == (size_t)-1 && net > 0 && !module_line(l, ll))
			li->scope[k] = k;
	}
	free(stack);
}

/* The SSA names a line defines (`%a, %b:2 = ...`): spans into p. */
static size_t line_defs(const char *p, size_t len, text_span *out, size_t max)
{
	size_t k = skip_blanks(p, len, 0), n = 0, m;

	while (k < len && p[k] == '%') {
		m = text_token_len(p + k, len - k);
		if (n < max) {
			out[n].start = k;
			out[n].len = m;
		}
		n++;
		k = skip_blanks(p, len, k + m);
		if (k < len && p[k] == ':') {
			k = skip_blanks(p, len, k + 1);
			while (k < len && p[k] >= '0' && p[k] <= '9')
				k++;
			k = skip_blanks(p, len, k);
		}
		if (k < len && p[k] == ',')
			k = skip_blanks(p, len, k + 1);
	}
	return k < len && p[k] == '=' && !(k + 1 < len && p[k + 1] == '=') ? n : 0;
}

typedef struct name_set {
	text_span *v;   /* into the text */
	size_t n, cap;
} name_set;

static void names_add_defs(name_set *s, const char *p, size_t len, size_t at)
{
	text_span d[16];
	size_t i, n = line_defs(p + at, len, d, 16);

	for (i = 0; i < n && i < 16; i++) {
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 16;
			s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
		}
		s->v[s->n].start = at + d[i].start;
		s->v[s->n++].len = d[i].len;
	}
}

/* Does the line use a name of s? */
static int line_uses(const char *text, const char *p, size_t len,
	const name_set *s)
{
	size_t k = 0, n, i;

	while (k < len) {
		if (p[k] == '/' && k + 1 < len && p[k + 1] == '/')
			return 0;
		n = text_token_len(p + k, len - k);
		if (p[k] == '%')
			for (i = 0; i < s->n; i++)
				if (s->v[i].len == n &&
				    !memcmp(text + s->v[i].start, p + k, n))
					return 1;
		k += n;
	}
	return 0;
}

static void add_member(text_source *t, size_t line)
{
	if (t->nmember == t->capmember) {
		t->capmember = t->capmember ? 2 * t->capmember : 256;
		t->member = xrealloc(t->member, t->capmember * sizeof(size_t));
	}
	t->member[t->nmember++] = line;
}

/* Lines [k, end[k]] join the unit; their definitions join s. */
static void take_block(text_source *t, const char *p, const line_info *li,
	char *in, name_set *s, size_t k)
{
	size_t m;

	for (m = k; m <= li->end[k]; m++) {
		if (in[m])
			continue;
		in[m] = 1;
		add_member(t, m);
		names_add_defs(s, p, t->line[m + 1] - t->line[m], t->line[m]);
	}
}

/* For each line defining SSA names: it, its block, and every later line
** of its scope that uses a name so taken, with its block. Units far
** bigger than what remains of the scope are cut at 4,096 names. */
static void split_uses(text_source *t, const char *p, size_t len)
{
	line_info li;
	name_set s = {0};
	char *in;
	size_t k, m, last, *first;
	text_span d[1];

	t->nmember = 0;
	split_lines(t, p, len, &li);
	in = xcalloc(t->nline + 1, 1);
	first = xmalloc((t->nline + 1) * sizeof(size_t));
	for (k = 0; k < t->nline; k++) {
		size_t ll = t->line[k + 1] - t->line[k], before = t->nmember;

		if (!line_defs(p + t->line[k], ll, d, 1))
			continue;
		first[t->n] = before;
		add_span(t, t->line[k], 0);
		s.n = 0;
		take_block(t, p, &li, in, &s, k);
		last = li.scope[k] == (size_t)-1 ? t->nline - 1 : li.end[li.scope[k]];
		for (m = k + 1; m <= last && m < t->nline && s.n < 4096; m++)
			if (!in[m] && li.scope[m] == li.scope[k] &&
			    line_uses(p, p + t->line[m], t->line[m + 1] - t->line[m], &s))
				take_block(t, p, &li, in, &s, m);
		for (m = before; m < t->nmember; m++)
			in[t->member[m]] = 0;
	}
	first[t->n] = t->nmember;
	free(t->first);
	t->first = first;
	free(in);
	free(s.v);
	free(li.end);
	free(li.scope);
}

/* For each line, the innermost line whose block holds it, or (size_t)-1. */
static size_t *line_parents(const text_source *t, const line_info *li)
{
	size_t *parent = xmalloc((t->nline + 1) * sizeof(size_t));
	size_t *stack = xmalloc((t->nline + 1) * sizeof(size_t)), ns = 0, k;

	for (k = 0; k < t->nline; k++) {
		while (ns && li->end[stack[ns - 1]] < k)
			ns--;
		parent[k] = ns ? stack[ns - 1] : (size_t)-1;
		if (li->end[k] > k)
			stack[ns++] = k;
	}
	free(stack);
	return parent;
}

/* A unit of TEXT_REPLACE or TEXT_UNWRAP. Replace: lines line..last go
** (a definition, with the block it opens), and in the lines of scope
** (its function) the uses of name become with. Unwrap: lines line and
** last go (a region op's first line and its closing brace), and drop
** (its terminator) unless (size_t)-1. */
typedef struct text_edit {
	size_t line, last, drop, scope;
	text_span name, with;
	int cut;   /* unwrap: only bytes with of line go */
	char fresh[8];   /* rename: the new name */
} text_edit;

static text_edit *add_edit(text_source *t)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->edits = xrealloc(t->edits, t->cap * sizeof(*t->edits));
	}
	return &t->edits[t->n++];
}

/* A type spelled in the text, bytes [at, at + len) of p. */
typedef struct type_ref {
	const char *at;
	size_t len;
} type_ref;

/* Shortlex order of two spellings: shorter first, then by bytes. */
static int spelling_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	if (alen != blen)
		return alen < blen ? -1 : 1;
	return memcmp(a, b, alen);
}

static int type_eq(type_ref a, type_ref b)
{
	return a.len && a.len == b.len && !memcmp(a.at, b.at, a.len);
}

/* [a, e) of p without blanks around it. */
static type_ref trimmed(const char *p, size_t a, size_t e)
{
	type_ref r;

	a = skip_blanks(p, e, a);
	while (e > a && blank(p[e - 1]))
		e--;
	r.at = p + a;
	r.len = e - a;
	return r;
}

/* Tokens of p from k to e at the outermost level: the last `:` and `->`
** and whether a `,` is there. */
static void outer_marks(const char *p, size_t k, size_t e, size_t *colon,
	size_t *arrow, int *comma)
{
	long depth = 0;
	size_t n;

	*colon = *arrow = (size_t)-1;
	*comma = 0;
	while (k < e) {
		n = text_token_len(p + k, e - k);
		if (n == 1 && strchr("([{<", p[k]))
			depth++;
		else if (n == 1 && strchr(")]}>", p[k]))
			depth--;
		else if (!depth && n == 1 && p[k] == ':')
			*colon = k;
		else if (!depth && n == 1 && p[k] == ',')
			*comma = 1;
		else if (!depth && n == 2 && p[k] == '-')
			*arrow = k;
		k += n;
	}
}

/* The type of the one value line p defines, its right side starting at
** rhs: after the last outermost `:` (and after `->` in a function type,
** out of `(T)`), or after `->` on a line opening a region; comparisons
** give i1. Empty if there is none or several. */
static type_ref def_type(const char *p, size_t len, size_t rhs)
{
	static const char i1[] = "i1";
	type_ref none = {p, 0}, r;
	size_t e = len, colon, arrow, n;
	int comma;

	n = text_token_len(p + skip_blanks(p, len, rhs), len - skip_blanks(p, len, rhs));
	for (size_t k = skip_blanks(p, len, rhs); k + 4 <= skip_blanks(p, len, rhs) + n; k++)
		if (!memcmp(p + k, ".cmp", 4)) {
			r.at = i1;
			r.len = 2;
			return r;
		}
	for (size_t k = rhs; k + 1 < len; k++)
		if (p[k] == '/' && p[k + 1] == '/')
			e = k;
	while (e > rhs && blank(p[e - 1]))
		e--;
	if (e > rhs && p[e - 1] == '{')
		e--;
	outer_marks(p, rhs, e, &colon, &arrow, &comma);
	if (colon != (size_t)-1) {
		outer_marks(p, colon + 1, e, &n, &arrow, &comma);
		r = trimmed(p, arrow != (size_t)-1 ? arrow + 2 : colon + 1, e);
	} else if (arrow != (size_t)-1) {
		r = trimmed(p, arrow + 2, e);
	} else {
		return none;
	}
	if (r.len && r.at[0] == '(' && text_group_len(r.at, r.len) == r.len)
		r = trimmed(r.at, 1, r.len - 1);
	outer_marks(r.at, 0, r.len, &colon, &arrow, &comma);
	if (comma || !r.len || memchr(r.at, '%', r.len))
		return none;
	return r;
}

/* The block arguments a line gives with their types (`(%a: T, %b: U)`):
** calls f for each; stops and returns 1 when f does. */
static int line_args(const char *p, size_t len,
	int (*f)(void *arg, text_span name, type_ref type), void *arg)
{
	size_t k = 0, n, prev = 0, c;

	while (k < len) {
		if (p[k] == '/' && k + 1 < len && p[k + 1] == '/')
			break;
		n = text_token_len(p + k, len - k);
		c = skip_blanks(p, len, k + n);
		if (p[k] == '%' && k && (p[prev] == '(' || p[prev] == ',') &&
		    c < len && p[c] == ':' && !(c + 1 < len && p[c + 1] == ':')) {
			size_t a = c + 1, e = a, m;
			long depth = 0;
			text_span name;

			while (e < len) {
				m = text_token_len(p + e, len - e);
				if (m == 1 && strchr("([<", p[e]))
					depth++;
				else if (m == 1 && strchr(")]>", p[e]) && depth-- == 0)
					break;
				else if (!depth && m == 1 && strchr(",{", p[e]))
					break;
				e += m;
			}
			name.start = k;
			name.len = n;
			if (f(arg, name, trimmed(p, a, e)))
				return 1;
		}
		prev = k;
		k = c;
	}
	return 0;
}

/* What split_replace looks for among a line's block arguments. */
typedef struct arg_match {
	type_ref type;
	const char *line;
	text_span def, found;
} arg_match;

static int arg_matches(void *arg, text_span name, type_ref type)
{
	arg_match *m = arg;

	if (!type_eq(type, m->type))
		return 0;
	m->found = name;
	return 1;
}

/* A use to rename in make_replace: in the lines of scope, name. */
typedef struct rename {
	size_t scope;
	const char *name, *with;
	size_t nlen, wlen;
} rename;

static int rename_cmp(const void *a, const void *b)
{
	const rename *x = a, *y = b;

	if (x->scope != y->scope)
		return x->scope < y->scope ? -1 : 1;
	return spelling_cmp(x->name, x->nlen, y->name, y->nlen);
}

static const rename *rename_find(const rename *v, size_t n, size_t scope,
	const char *name, size_t len)
{
	rename key;

	if (!n)
		return NULL;
	key.scope = scope;
	key.name = name;
	key.nlen = len;
	return bsearch(&key, v, n, sizeof(*v), rename_cmp);
}

/* Every `%` token of the lines in a scope, with it, sorted: a value
** defined once in its function is used if its name is there twice. */
static rename *scope_tokens(const text_source *t, const char *p,
	const size_t *scope, size_t *out_n)
{
	rename *v = NULL;
	size_t n = 0, cap = 0, k, m, len;

	for (k = 0; k < t->nline; k++) {
		const char *l = p + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k];

		if (scope[k] == (size_t)-1)
			continue;
		for (m = 0; m < ll; m += len) {
			len = text_token_len(l + m, ll - m);
			if (l[m] == '/' && m + 1 < ll && l[m + 1] == '/')
				break;
			if (l[m] != '%' || len < 2)
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				v = xrealloc(v, cap * sizeof(*v));
			}
			v[n].scope = scope[k];
			v[n].name = l + m;
			v[n++].nlen = len;
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), rename_cmp);
	*out_n = n;
	return v;
}

/* Is the name, defined once in scope, used there (in v, twice)? */
static int name_used(const rename *v, size_t n, size_t scope,
	const char *name, size_t len)
{
	const rename *r = rename_find(v, n, scope, name, len);

	return r && ((r > v && !rename_cmp(r - 1, r)) ||
		(r + 1 < v + n && !rename_cmp(r + 1, r)));
}

/* Is a value line k defines used in its scope? */
static int defs_used(const text_source *t, const char *p, const size_t *scope,
	const rename *v, size_t n, size_t k)
{
	text_span d[16];
	size_t i, nd = line_defs(p + t->line[k], t->line[k + 1] - t->line[k], d, 16);

	for (i = 0; i < nd; i++)
		if (i >= 16 || name_used(v, n, scope[k], p + t->line[k] + d[i].start,
			    d[i].len))
			return 1;
	return 0;
}

/* For each line defining one value of a type the text spells: it (with
** the block it opens) goes and its uses take another value of that type
** that is there already: a block argument of an enclosing line (the
** function's first), else the earliest value defined before it in a
** block holding it. */
static void split_replace(text_source *t, const char *p, size_t len)
{
	line_info li;
	size_t *parent, *anc, k, j, na, nuses;
	text_span *name;
	type_ref *type;
	rename *uses;

	split_lines(t, p, len, &li);
	parent = line_parents(t, &li);
	uses = scope_tokens(t, p, li.scope, &nuses);
	name = xcalloc(t->nline + 1, sizeof(*name));
	type = xcalloc(t->nline + 1, sizeof(*type));
	anc = xmalloc((t->nline + 1) * sizeof(size_t));
	free(t->member);
	t->member = li.scope;   /* each line's scope, for text_make */
	t->capmember = t->nline + 1;
	for (k = 0; k < t->nline; k++) {
		const char *l = p + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k], rhs;
		text_span d[2];

		type[k].len = 0;
		if (line_defs(l, ll, d, 2) != 1 || l[d[0].start + d[0].len] == ':')
			continue;
		rhs = skip_blanks(l, ll, d[0].start + d[0].len);
		type[k] = def_type(l, ll, rhs + 1);
		name[k] = d[0];
		if (!type[k].len)
			type[k].at = l;
	}
	for (k = 0; k < t->nline; k++) {
		size_t s = li.scope[k], a;
		arg_match m;
		text_edit *ed;

		if (s == (size_t)-1)
			continue;
		if (name[k].len && !defs_used(t, p, li.scope, uses, nuses, k)) {
			/* unused: the line may stay without its `%x = ` */
			const char *l = p + t->line[k];
			size_t ll = t->line[k + 1] - t->line[k];
			size_t eq = skip_blanks(l, ll, name[k].start + name[k].len);

			ed = add_edit(t);
			ed->line = k;
			ed->last = k;
			ed->drop = (size_t)-1;
			ed->scope = s;
			ed->name.start = t->line[k] + name[k].start;
			ed->name.len = skip_blanks(l, ll, eq + 1) - name[k].start;
			ed->with.start = 0;
			ed->with.len = 0;
		}
		if (!type[k].len)
			continue;
		memset(&m, 0, sizeof(m));
		m.type = type[k];
		for (na = 0, a = parent[k]; a != (size_t)-1; a = parent[a])
			anc[na++] = a;
		for (j = na; j-- > 0 && !m.line;)
			if (line_args(p + t->line[anc[j]],
				    t->line[anc[j] + 1] - t->line[anc[j]], arg_matches, &m))
				m.line = p + t->line[anc[j]];
		for (j = k > s + 256 ? k - 256 : s + 1; j < k && !m.line; j++) {
			size_t i;

			if (!type_eq(type[j], type[k]) || li.scope[j] != s)
				continue;
			for (i = 0; i < na && anc[i] != parent[j]; i++)
				;
			if (i < na) {
				m.line = p + t->line[j];
				m.found = name[j];
			}
		}
		if (!m.line)
			continue;
		ed = add_edit(t);
		ed->line = k;
		ed->last = li.end[k];
		ed->drop = (size_t)-1;
		ed->scope = s;
		ed->name.start = t->line[k] + name[k].start;
		ed->name.len = name[k].len;
		ed->with.start = (size_t)(m.line - p) + m.found.start;
		ed->with.len = m.found.len;
	}
	free(uses);
	free(anc);
	free(type);
	free(name);
	free(parent);
	free(li.end);
}

/* Names a line defines for the block it opens or for later lines: each
** `%x` followed by `=` or `:`. */
static void names_add_line(name_set *s, const char *p, size_t len,
	size_t at)
{
	size_t k = 0, n, c;

	while (k < len) {
		n = text_token_len(p + at + k, len - k);
		c = skip_blanks(p + at, len, k + n);
		if (p[at + k] == '%' && c < len &&
		    ((p[at + c] == '=' && !(c + 1 < len && p[at + c + 1] == '=')) ||
		     (p[at + c] == ':' && !(c + 1 < len && p[at + c + 1] == ':')))) {
			if (s->n == s->cap) {
				s->cap = s->cap ? 2 * s->cap : 16;
				s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
			}
			s->v[s->n].start = at + k;
			s->v[s->n++].len = n;
		}
		k = c;
	}
}

/* Is the line's op a terminator taking no values (`scf.yield`,
** `"test.return"() : () -> ()`)? */
static int bare_terminator(const char *p, size_t len)
{
	static const char *const ends[] = {"yield", "return", "terminator"};
	size_t k = skip_blanks(p, len, 0), n, i, e;

	if (k >= len || memchr(p + k, '%', len - k))
		return 0;
	n = text_token_len(p + k, len - k);
	e = k + n;
	if (p[k] == '"')
		e--;
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		size_t m = strlen(ends[i]);
		if (e >= k + m && !memcmp(p + e - m, ends[i], m))
			return 1;
	}
	return 0;
}

/* A function's visibility (`private`, `nested`, `public` before its
** `@name`) goes: the default is public. */
static void add_visibility_cut(text_source *t, const char *l, size_t ll,
	size_t k)
{
	static const char *const words[] = {"private", "nested", "public"};
	size_t j = skip_blanks(l, ll, 0), n, i;
	text_edit *ed;

	while (j < ll && l[j] != '@' && l[j] != '(') {
		n = text_token_len(l + j, ll - j);
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (n == strlen(words[i]) && !memcmp(l + j, words[i], n)) {
				ed = add_edit(t);
				memset(ed, 0, sizeof(*ed));
				ed->line = k;
				ed->cut = 1;
				ed->with.start = (size_t)(l - t->seen) + j;
				ed->with.len = skip_blanks(l, ll, j + n) - j;
				return;
			}
		j = skip_blanks(l, ll, j + n);
	}
}

/* Every line opening one region (ending in `{`, closed by a line `}`)
** that defines no values, inside a function or a module but not a
** function itself, whose body uses no block argument it gives: the line
** and the closing brace go, and the body's last line with them if it is
** a terminator taking no values. */
static void split_unwrap(text_source *t, const char *p, size_t len)
{
	line_info li;
	size_t *parent, k, m, e;
	name_set s = {0};
	text_span d[1];

	split_lines(t, p, len, &li);
	parent = line_parents(t, &li);
	for (k = 0; k < t->nline; k++) {
		const char *l = p + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k], last = li.end[k];
		type_ref close, open = trimmed(l, 0, ll);
		text_edit *ed;
		int ok = 1;

		if (li.scope[k] == k)
			add_visibility_cut(t, l, ll, k);
		if (last <= k || li.scope[k] == k || line_defs(l, ll, d, 1) ||
		    !open.len || open.at[open.len - 1] != '{')
			continue;
		close = trimmed(p + t->line[last], 0, t->line[last + 1] - t->line[last]);
		if (close.len != 1 || close.at[0] != '}')
			continue;
		s.n = 0;
		names_add_line(&s, p, ll, t->line[k]);
		for (m = k + 1; m < last && ok; m++) {
			const char *b = p + t->line[m];
			size_t bl = t->line[m + 1] - t->line[m];

			e = skip_blanks(b, bl, 0);
			if (e < bl && (b[e] == '^' || (parent[m] == k && b[e] == '}')))
				ok = 0;
			if (s.n && line_uses(p, b, bl, &s))
				ok = 0;
		}
		if (!ok)
			continue;
		ed = add_edit(t);
		memset(ed, 0, sizeof(*ed));
		ed->line = k;
		ed->last = last;
		ed->drop = (size_t)-1;
		if (last > k + 1 && parent[last - 1] == k &&
		    bare_terminator(p + t->line[last - 1],
			    t->line[last] - t->line[last - 1]))
			ed->drop = last - 1;
	}
	free(s.v);
	free(parent);
	free(li.end);
	free(li.scope);
}

/* The first `@name` token of a line, or len 0. */
static text_span symbol_token(const char *p, size_t len)
{
	text_span r = {0, 0};
	size_t k = 0, n;

	while (k < len) {
		if (p[k] == '/' && k + 1 < len && p[k + 1] == '/')
			break;
		n = text_token_len(p + k, len - k);
		if (p[k] == '@' && n > 1) {
			r.start = k;
			r.len = n;
			break;
		}
		k += n;
	}
	return r;
}

/* Does the line hold the token name (len bytes)? */
static int line_has_token(const char *p, size_t len, const char *name,
	size_t nlen)
{
	size_t k = 0, n;

	while (k < len) {
		n = text_token_len(p + k, len - k);
		if (n == nlen && !memcmp(p + k, name, n))
			return 1;
		k += n;
	}
	return 0;
}

/* Bytes [rhs, e) of a line: e past its last non-blank, before a `{` it
** ends with (if brace) and before a `//` comment. */
static size_t line_end(const char *p, size_t len, int brace)
{
	size_t e = len, k;

	for (k = 0; k + 1 < len; k++)
		if (p[k] == '/' && p[k + 1] == '/') {
			e = k;
			break;
		}
	while (e && blank(p[e - 1]))
		e--;
	if (brace && e && p[e - 1] == '{') {
		e--;
		while (e && blank(p[e - 1]))
			e--;
	}
	return e;
}

/* Is line k a `return` (or `func.return`) of a function? */
static int return_line(const char *p, size_t len)
{
	size_t k = skip_blanks(p, len, 0), n;

	n = k < len ? text_token_len(p + k, len - k) : 0;
	return (n == 6 && !memcmp(p + k, "return", 6)) ||
		(n == 11 && !memcmp(p + k, "func.return", 11));
}

/* Each function with results (`-> T {` ends its first line) whose every
** other mention is a call whose results nothing uses: it loses them, its
** returns their operands, its calls their `%x =` and result types. */
static void split_results(text_source *t, const char *p, size_t len)
{
	line_info li;
	size_t k, m, nuses;
	rename *uses;

	split_lines(t, p, len, &li);
	uses = scope_tokens(t, p, li.scope, &nuses);
	for (k = 0; k < t->nline; k++) {
		const char *l = p + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k], e, colon, arrow;
		text_span sym;
		text_edit *ed;
		int comma, ok = 1;

		if (li.scope[k] != k || li.end[k] <= k)
			continue;
		sym = symbol_token(l, ll);
		e = line_end(l, ll, 1);
		if (!sym.len || e == line_end(l, ll, 0))
			continue;
		outer_marks(l, sym.start + sym.len, e, &colon, &arrow, &comma);
		if (arrow == (size_t)-1 || line_has_token(l + arrow, e - arrow, "attributes", 10))
			continue;
		for (m = 0; m < t->nline && ok; m++) {
			const char *c = p + t->line[m];
			size_t cl = t->line[m + 1] - t->line[m], ce, a2;

			if (m == k || !line_has_token(c, cl, l + sym.start, sym.len))
				continue;
			ce = line_end(c, cl, 0);
			outer_marks(c, 0, ce, &colon, &a2, &comma);
			if (a2 == (size_t)-1 || colon == (size_t)-1 || a2 < colon ||
			    li.scope[m] == (size_t)-1 || li.scope[m] == m)
				ok = 0;
			else if (defs_used(t, p, li.scope, uses, nuses, m))
				ok = 0;
		}
		if (!ok)
			continue;
		ed = add_edit(t);
		memset(ed, 0, sizeof(*ed));
		ed->line = k;
		ed->last = li.end[k];
		ed->drop = (size_t)-1;
		ed->name.start = t->line[k] + sym.start;
		ed->name.len = sym.len;
		while (arrow && blank(l[arrow - 1]))
			arrow--;
		ed->with.start = t->line[k] + arrow;
		ed->with.len = e - arrow;
	}
	free(uses);
	free(li.end);
	free(li.scope);
}

/* A block's symbol, for sorting blocks by it. */
typedef struct block_sym {
	const char *name;
	size_t len, block;
} block_sym;

static int block_sym_cmp(const void *a, const void *b)
{
	const block_sym *x = a, *y = b;

	return spelling_cmp(x->name, x->len, y->name, y->len);
}

/* Each outermost line opening a block (a function, not a module: the
** blocks inside go with definitions and groups), through the line that
** closes it, with every block that mentions its `@name`, transitively:
** a function goes with its callers, so no chunk leaves a call to a
** function that is gone. Units far bigger than the rest are cut at
** 4,096 blocks. */
static void split_blocks(text_source *t, const char *p, size_t len)
{
	line_info li;
	block_sym *sym;
	size_t k, b, m, nb, ne = 0, *ncall, *call, *from, *to, *stamp, *queue;

	split_lines(t, p, len, &li);
	for (k = 0; k < t->nline; k++)
		if (li.end[k] > k && li.scope[k] == k) {
			text_edit *ed = add_edit(t);
			memset(ed, 0, sizeof(*ed));
			ed->line = k;
			ed->last = li.end[k];
		}
	nb = t->n;
	sym = xmalloc((nb + 1) * sizeof(*sym));
	for (b = 0; b < nb; b++) {
		size_t at = t->line[t->edits[b].line];
		text_span s = symbol_token(p + at, t->line[t->edits[b].line + 1] - at);
		sym[b].name = p + at + s.start;
		sym[b].len = s.len;
		sym[b].block = b;
	}
	qsort(sym, nb, sizeof(*sym), block_sym_cmp);
	/* edges: from a function to a block mentioning it */
	from = xmalloc(16 * sizeof(size_t));
	to = xmalloc(16 * sizeof(size_t));
	for (b = 0; b < nb; b++) {
		const text_edit *ed = &t->edits[b];
		const char *q = p + t->line[ed->line];
		size_t ql = t->line[ed->last + 1] - t->line[ed->line], j = 0, n;

		while (j < ql) {
			block_sym key, *hit;

			n = text_token_len(q + j, ql - j);
			key.name = q + j;
			key.len = n;
			if (q[j] == '@' && n > 1 &&
			    (hit = bsearch(&key, sym, nb, sizeof(*sym), block_sym_cmp)) &&
			    hit->block != b) {
				if (!(ne & (ne - 1)) && ne >= 16) {
					from = xrealloc(from, 2 * ne * sizeof(size_t));
					to = xrealloc(to, 2 * ne * sizeof(size_t));
				}
				from[ne] = hit->block;
				to[ne++] = b;
			}
			j += n;
		}
	}
	ncall = xcalloc(nb + 2, sizeof(size_t));
	call = xmalloc((ne + 1) * sizeof(size_t));
	for (m = 0; m < ne; m++)
		ncall[from[m] + 2]++;
	for (b = 0; b < nb; b++)
		ncall[b + 2] += ncall[b + 1];
	for (m = 0; m < ne; m++)
		call[ncall[from[m] + 1]++] = to[m];
	/* now the callers of b are call[ncall[b] .. ncall[b + 1]) */
	stamp = xmalloc((nb + 1) * sizeof(size_t));
	queue = xmalloc((nb + 1) * sizeof(size_t));
	for (b = 0; b < nb; b++)
		stamp[b] = (size_t)-1;
	free(t->first);
	t->first = xmalloc((nb + 1) * sizeof(size_t));
	t->nmember = 0;
	for (b = 0; b < nb; b++) {
		size_t head = 0, tail = 0, c;

		t->first[b] = t->nmember;
		queue[tail++] = b;
		stamp[b] = b;
		while (head < tail && tail < 4096)
			for (c = ncall[queue[head++]]; c < ncall[queue[head - 1] + 1]; c++)
				if (stamp[call[c]] != b && tail < 4096) {
					stamp[call[c]] = b;
					queue[tail++] = call[c];
				}
		for (c = 0; c < tail; c++)
			add_member(t, queue[c]);
	}
	t->first[nb] = t->nmember;
	free(queue);
	free(stamp);
	free(call);
	free(ncall);
	free(to);
	free(from);
	free(sym);
	free(li.end);
	free(li.scope);
}

/* The scope of the names split_rename gives symbols: the whole text. */
#define SCOPE_TEXT ((size_t)-2)

typedef struct rename_scan {
	text_source *t;
	const char *p;
	size_t scope, line;
	type_ref *taken;   /* every `%` and `@` token of the text, sorted */
	size_t ntaken, next;
} rename_scan;

static int token_cmp(const void *a, const void *b)
{
	const type_ref *x = a, *y = b;

	return spelling_cmp(x->at, x->len, y->at, y->len);
}

/* A unit renaming the name at line offset name (if longer than a fresh
** one, and not yet a unit in its scope) to the next name sigil+letters
** no token of the text has. */
static void add_rename(rename_scan *r, size_t at, size_t len)
{
	text_source *t = r->t;
	const char *name = r->p + at;
	char fresh[8];
	size_t i;

	if (len <= 2)
		return;
	/* the units of a function follow its first line */
	for (i = t->n; r->scope != SCOPE_TEXT && i-- > 0 &&
	     t->edits[i].line >= r->scope;)
		if (t->edits[i].scope == r->scope && t->edits[i].name.len == len &&
		    !memcmp(t->seen + t->edits[i].name.start, name, len))
			return;
	for (;;) {
		size_t k = r->next++;
		type_ref key;

		fresh[0] = name[0];
		if (k < 26) {
			fresh[1] = (char)('a' + k);
			fresh[2] = '\0';
		} else if (k < 26 * 27) {
			fresh[1] = (char)('a' + k / 26 - 1);
			fresh[2] = (char)('a' + k % 26);
			fresh[3] = '\0';
		} else {
			return;
		}
		key.at = fresh;
		key.len = strlen(fresh);
		if (key.len >= len)
			return;
		if (!bsearch(&key, r->taken, r->ntaken, sizeof(*r->taken), token_cmp))
			break;
	}
	{
		text_edit *ed = add_edit(t);
		memset(ed, 0, sizeof(*ed));
		ed->line = r->line;
		ed->scope = r->scope;
		ed->name.start = at;
		ed->name.len = len;
		memcpy(ed->fresh, fresh, sizeof(fresh));
	}
}

static int rename_arg(void *arg, text_span name, type_ref type)
{
	rename_scan *r = arg;

	(void)type;
	add_rename(r, r->t->line[r->line] + name.start, name.len);
	return 0;
}

/* Every value name (defined or a block argument) and every function's
** symbol longer than a fresh name: each to a name no token has, the
** values' within their function, the symbols' in the whole text. */
static void split_rename(text_source *t, const char *p, size_t len)
{
	line_info li;
	rename_scan r;
	size_t k, j, n;
	text_span d[16];

	split_lines(t, p, len, &li);
	memset(&r, 0, sizeof(r));
	r.t = t;
	r.p = p;
	r.taken = xmalloc(16 * sizeof(*r.taken));
	for (k = 0; k < len; k += n) {
		n = text_token_len(p + k, len - k);
		if ((p[k] == '%' || p[k] == '@') && n > 1) {
			if (!(r.ntaken & (r.ntaken - 1)) && r.ntaken >= 16)
				r.taken = xrealloc(r.taken, 2 * r.ntaken * sizeof(*r.taken));
			r.taken[r.ntaken].at = p + k;
			r.taken[r.ntaken++].len = n;
		}
	}
	qsort(r.taken, r.ntaken, sizeof(*r.taken), token_cmp);
	for (k = 0; k < t->nline; k++) {
		const char *l = p + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k];

		r.line = k;
		if (li.scope[k] == k) {
			text_span sym = symbol_token(l, ll);
			r.scope = SCOPE_TEXT;
			if (sym.len)
				add_rename(&r, t->line[k] + sym.start, sym.len);
		}
		if (li.scope[k] == (size_t)-1)
			continue;
		r.scope = li.scope[k];
		n = line_defs(l, ll, d, 16);
		for (j = 0; j < n && j < 16; j++)
			add_rename(&r, t->line[k] + d[j].start, d[j].len);
		if (li.end[k] > k)
			line_args(l, ll, rename_arg, &r);
	}
	free(r.taken);
	free(t->member);
	t->member = li.scope;   /* each line's scope, for text_make */
	t->capmember = t->nline + 1;
	free(li.end);
}

/* The blanks starting each line, and of two blanks or more inside one
** all but the first, and all at the end of a line. */
static void split_indent(text_source *t, const char *p, size_t len)
{
	size_t i = 0, k;

	while (i < len) {
		int start = i == 0 || p[i - 1] == '\n';

		if (p[i] != ' ' && p[i] != '\t') {
			i++;
			continue;
		}
		for (k = i; k < len && (p[k] == ' ' || p[k] == '\t'); k++)
			;
		if (start || k == len || p[k] == '\n' || p[k] == '\r')
			add_span(t, i, k - i);
		else if (k - i > 1)
			add_span(t, i + 1, k - i - 1);
		i = k;
	}
}

static void make_generic(text_source *t, size_t begin, size_t end,
	gred_buf *out);

/* One unit: every op in custom syntax of a dialect gred lacks rewritten
** at once, offered only if gred then parses and verifies the text. A
** rewrite is longer than what it replaces, and worth a test only when it
** lets the passes take over; while other custom ops remain, it is not.
** Once the budget of accepted rewrites is spent there are none. */
static void split_generic(text_source *t, const char *p, size_t len)
{
	gred_buf all = {0};
	file_view v;
	line_info li;
	MlirOperation op;
	gred_error e;

	split_lines(t, p, len, &li);
	free(li.end);
	free(li.scope);
	if (!t->budget)
		t->budget = t->nline + 1;
	t->n = 0;
	if (t->grown >= t->budget)
		return;
	text_rewrites_find(&t->gen, p, t->line, t->nline, t->ctx);
	if (!t->gen.n)
		return;
	make_generic(t, 0, t->gen.n, &all);
	v.data = all.data;
	v.len = all.len;
	v.mapped = 0;
	if (ir_parse_isolated(&op, t->ctx, &v, "", 1, &e) == 0) {
		mlirOperationDestroy(op);
		t->n = 1;
	}
	buf_free(&all);
}

/* How each unit cuts the text into candidates. */
static void (*const splitters[])(text_source *, const char *, size_t) = {
	[TEXT_LINES] = split_tiles,
	[TEXT_TOKENS] = split_tiles,
	[TEXT_GROUPS] = split_groups,
	[TEXT_BLOCKS] = split_blocks,
	[TEXT_USES] = split_uses,
	[TEXT_GENERIC] = split_generic,
	[TEXT_REPLACE] = split_replace,
	[TEXT_UNWRAP] = split_unwrap,
	[TEXT_INDENT] = split_indent,
	[TEXT_RESULTS] = split_results,
	[TEXT_RENAME] = split_rename,
};

static void split(text_source *t, const char *p, size_t len)
{
	free(t->seen);
	t->seen = xmalloc(len + 1);
	memcpy(t->seen, p, len);
	t->nseen = len;
	t->n = 0;
	splitters[t->unit](t, t->seen, len);
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

/* The text with rewrites [begin, end) made. */
static void make_generic(text_source *t, size_t begin, size_t end,
	gred_buf *out)
{
	size_t *which = xmalloc((t->nline + 1) * sizeof(size_t)), i, k;
	const text_rewrite *r;

	for (k = 0; k < t->nline; k++)
		which[k] = (size_t)-1;
	for (i = begin; i < end && i < t->gen.n; i++) {
		which[t->gen.v[i].line] = i;
		which[t->gen.v[i].close] = i;
	}
	for (k = 0; k < t->nline; k++) {
		if (which[k] == (size_t)-1) {
			buf_append(out, t->seen + t->line[k], t->line[k + 1] - t->line[k]);
			continue;
		}
		r = &t->gen.v[which[k]];
		if (k == r->line)
			buf_append(out, t->gen.text.data + r->at, r->open_len);
		else
			buf_append(out, t->gen.text.data + r->at + r->open_len,
				r->close_len);
	}
	free(which);
}

/* The text without the definitions of edits [begin, end), their uses
** renamed; a chain (a value replaced by one that goes too) is followed
** to a value that stays. */
static void make_replace(text_source *t, size_t begin, size_t end,
	gred_buf *out)
{
	char *gone = xcalloc(t->nline + 1, 1);
	const text_edit **cut = xcalloc(t->nline + 1, sizeof(*cut));
	rename *v = xmalloc((end - begin + 1) * sizeof(*v));
	size_t n = 0, i, k, m, hops;

	for (i = begin; i < end && i < t->n; i++) {
		const text_edit *ed = &t->edits[i];

		if (!ed->with.len) {
			cut[ed->line] = ed;
			continue;
		}
		for (k = ed->line; k <= ed->last; k++)
			gone[k] = 1;
		v[n].scope = ed->scope;
		v[n].name = t->seen + ed->name.start;
		v[n].nlen = ed->name.len;
		v[n].with = t->seen + ed->with.start;
		v[n++].wlen = ed->with.len;
	}
	qsort(v, n, sizeof(*v), rename_cmp);
	for (i = 0; i < n; i++)
		for (hops = 0; hops < n; hops++) {
			const rename *r = rename_find(v, n, v[i].scope, v[i].with, v[i].wlen);
			if (!r)
				break;
			v[i].with = r->with;
			v[i].wlen = r->wlen;
		}
	for (k = 0; k < t->nline; k++) {
		const char *l = t->seen + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k];

		if (gone[k])
			continue;
		for (m = 0; m < ll;) {
			size_t len = text_token_len(l + m, ll - m);
			const rename *r = NULL;

			if (cut[k] && t->line[k] + m == cut[k]->name.start) {
				m += cut[k]->name.len;
				continue;
			}
			if (l[m] == '/' && m + 1 < ll && l[m + 1] == '/')
				len = ll - m;
			else if (l[m] == '%' && n)
				r = rename_find(v, n, t->member[k], l + m, len);
			if (r)
				buf_append(out, r->with, r->wlen);
			else
				buf_append(out, l + m, len);
			m += len;
		}
	}
	free(v);
	free(cut);
	free(gone);
}

/* The text with the names of edits [begin, end) renamed. */
static void make_rename(text_source *t, size_t begin, size_t end,
	gred_buf *out)
{
	rename *v = xmalloc((end - begin + 1) * sizeof(*v));
	size_t n = 0, i, k, m;

	for (i = begin; i < end && i < t->n; i++) {
		const text_edit *ed = &t->edits[i];

		v[n].scope = ed->scope;
		v[n].name = t->seen + ed->name.start;
		v[n].nlen = ed->name.len;
		v[n].with = ed->fresh;
		v[n++].wlen = strlen(ed->fresh);
	}
	qsort(v, n, sizeof(*v), rename_cmp);
	for (k = 0; k < t->nline; k++) {
		const char *l = t->seen + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k];

		for (m = 0; m < ll;) {
			size_t len = text_token_len(l + m, ll - m);
			const rename *r = NULL;

			if (l[m] == '/' && m + 1 < ll && l[m + 1] == '/')
				len = ll - m;
			else if (l[m] == '%' && t->member[k] != (size_t)-1)
				r = rename_find(v, n, t->member[k], l + m, len);
			else if (l[m] == '@')
				r = rename_find(v, n, SCOPE_TEXT, l + m, len);
			if (r)
				buf_append(out, r->with, r->wlen);
			else
				buf_append(out, l + m, len);
			m += len;
		}
	}
	free(v);
}

/* The text with the functions of edits [begin, end) without results. */
static void make_results(text_source *t, size_t begin, size_t end,
	gred_buf *out)
{
	const text_edit **owner = xcalloc(t->nline + 1, sizeof(*owner));
	rename *v = xmalloc((end - begin + 1) * sizeof(*v));
	size_t n = 0, i, k, m;

	for (i = begin; i < end && i < t->n; i++) {
		const text_edit *ed = &t->edits[i];

		for (k = ed->line; k <= ed->last; k++)
			owner[k] = ed;
		v[n].scope = 0;
		v[n].name = t->seen + ed->name.start;
		v[n++].nlen = ed->name.len;
	}
	qsort(v, n, sizeof(*v), rename_cmp);
	for (k = 0; k < t->nline; k++) {
		const char *l = t->seen + t->line[k];
		size_t ll = t->line[k + 1] - t->line[k], at = t->line[k];
		const text_edit *ed = owner[k];
		int call = 0;

		if (ed && ed->line == k) {
			buf_append(out, l, ed->with.start - at);
			buf_append(out, t->seen + ed->with.start + ed->with.len,
				at + ll - ed->with.start - ed->with.len);
			continue;
		}
		if (ed && return_line(l, ll)) {
			size_t s = skip_blanks(l, ll, 0);
			buf_append(out, l, s + text_token_len(l + s, ll - s));
			buf_append(out, "\n", 1);
			continue;
		}
		for (m = 0; m < ll && !call;) {
			size_t len = text_token_len(l + m, ll - m);
			call = l[m] == '@' && rename_find(v, n, 0, l + m, len);
			m += len;
		}
		if (call) {
			size_t s = skip_blanks(l, ll, 0), e = line_end(l, ll, 0);
			size_t colon, arrow, eq = s;
			int comma;

			buf_append(out, l, s);
			if (line_defs(l, ll, NULL, 0)) {
				while (eq + 1 < ll && !(l[eq] == '=' && l[eq + 1] != '='))
					eq++;
				s = skip_blanks(l, ll, eq + 1);
			}
			outer_marks(l, 0, e, &colon, &arrow, &comma);
			buf_append(out, l + s, arrow + 2 - s);
			buf_append(out, " ()", 3);
			buf_append(out, l + e, ll - e);
			continue;
		}
		buf_append(out, l, ll);
	}
	free(v);
	free(owner);
}

/* The text without the first and closing lines (and terminators) of
** edits [begin, end). */
static void make_unwrap(text_source *t, size_t begin, size_t end,
	gred_buf *out)
{
	char *gone = xcalloc(t->nline + 1, 1);
	const text_edit **cut = xcalloc(t->nline + 1, sizeof(*cut));
	size_t i, k;

	for (i = begin; i < end && i < t->n; i++) {
		if (t->edits[i].cut) {
			cut[t->edits[i].line] = &t->edits[i];
			continue;
		}
		gone[t->edits[i].line] = gone[t->edits[i].last] = 1;
		if (t->edits[i].drop != (size_t)-1)
			gone[t->edits[i].drop] = 1;
	}
	for (k = 0; k < t->nline; k++) {
		size_t at = t->line[k], ll = t->line[k + 1] - at;

		if (gone[k])
			continue;
		if (cut[k]) {
			size_t c = cut[k]->with.start, cl = cut[k]->with.len;
			buf_append(out, t->seen + at, c - at);
			buf_append(out, t->seen + c + cl, at + ll - c - cl);
		} else {
			buf_append(out, t->seen + at, ll);
		}
	}
	free(cut);
	free(gone);
}

/* Do the text's brackets balance? */
static int text_balanced(const char *p, size_t len)
{
	long net[3] = {0, 0, 0};
	size_t k, n;

	for (k = 0; k < len; k += n) {
		n = text_token_len(p + k, len - k);
		if (n == 1 && strchr("([{", p[k]))
			net[strchr("([{", p[k]) - "([{"]++;
		else if (n == 1 && strchr(")]}", p[k]))
			net[strchr(")]}", p[k]) - ")]}"]--;
	}
	return !net[0] && !net[1] && !net[2];
}

/* Could the text without lines or tokens [begin, end) still parse? Not
** if they open more brackets than they close (braces, for lines), or
** are all separators (`,` `:` `=` `->`): no MLIR is left valid by that,
** and such candidates are not worth a test. Unless the text does not
** balance already: then its test needs no parse. */
static int leaves_parsable(const text_source *t, size_t begin, size_t end)
{
	static const char opens[] = "([{<", closes[] = ")]}>";
	long net[4] = {0, 0, 0, 0};
	int words = 0;
	size_t i, b;

	if (!text_balanced(t->seen, t->nseen))
		return 1;
	for (i = begin; i < end; i++) {
		const char *p = t->seen + t->spans[i].start;
		size_t len = t->spans[i].len, n;

		if (t->unit == TEXT_LINES) {
			net[2] += text_line_braces(p, len);
			words = 1;
			continue;
		}
		n = text_token_len(p, len);
		if (n == 1 && strchr(opens, p[0]))
			net[strchr(opens, p[0]) - opens]++;
		else if (n == 1 && strchr(closes, p[0]))
			net[strchr(closes, p[0]) - closes]--;
		else if (!(n == 1 && strchr(",:=", p[0])) &&
			 !(n == 2 && p[0] == '-' && p[1] == '>') && !blank(p[0]))
			words = 1;
	}
	for (b = 0; b < 4; b++)
		if (net[b])
			return 0;
	return words;
}

/* The text without units [begin, end); a unit inside another removed
** one goes with it. */
static int text_make(source *s, size_t begin, size_t end, gred_buf *out,
	void **state, gred_error *e)
{
	text_source *t = (text_source *)s;
	size_t i, at = 0;

	(void)e;
	*state = NULL;
	if (t->unit == TEXT_GENERIC) {
		make_generic(t, 0, t->gen.n, out);
		return 1;
	}
	if (t->unit == TEXT_REPLACE) {
		make_replace(t, begin, end, out);
		return 1;
	}
	if (t->unit == TEXT_UNWRAP) {
		make_unwrap(t, begin, end, out);
		return 1;
	}
	if (t->unit == TEXT_RESULTS) {
		make_results(t, begin, end, out);
		return 1;
	}
	if (t->unit == TEXT_RENAME) {
		make_rename(t, begin, end, out);
		return 1;
	}
	if (t->unit == TEXT_USES || t->unit == TEXT_BLOCKS) {
		char *gone = xcalloc(t->nline + 1, 1);
		size_t m, k;

		for (i = begin; i < end && i < t->n; i++)
			for (m = t->first[i]; m < t->first[i + 1]; m++)
				if (t->unit == TEXT_USES)
					gone[t->member[m]] = 1;
				else
					for (k = t->edits[t->member[m]].line;
					     k <= t->edits[t->member[m]].last; k++)
						gone[k] = 1;
		for (k = 0; k < t->nline; k++)
			if (!gone[k])
				buf_append(out, t->seen + t->line[k],
					t->line[k + 1] - t->line[k]);
		free(gone);
		return 1;
	}
	if ((t->unit == TEXT_LINES || t->unit == TEXT_TOKENS) &&
	    !leaves_parsable(t, begin, end < t->n ? end : t->n))
		return 0;
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
	text_source *t = (text_source *)s;

	(void)state;
	if (t->unit == TEXT_GENERIC)
		t->grown++;
	split(t, bytes->data, bytes->len);
}

static void text_drop(source *s, void *state)
{
	(void)s;
	(void)state;
}

void text_source_init(text_source *t, const gred_buf *best, text_unit unit)
{
	static const char *const names[] = {
		[TEXT_LINES] = "lines", [TEXT_TOKENS] = "tokens",
		[TEXT_GROUPS] = "groups", [TEXT_BLOCKS] = "blocks",
		[TEXT_USES] = "uses", [TEXT_GENERIC] = "generic",
		[TEXT_REPLACE] = "replace", [TEXT_UNWRAP] = "unwrap",
		[TEXT_INDENT] = "indent", [TEXT_RESULTS] = "results",
		[TEXT_RENAME] = "rename"
	};

	memset(t, 0, sizeof(*t));
	t->base.name = names[unit];
	t->base.count = text_count;
	t->base.make = text_make;
	t->base.accept = text_accept;
	t->base.drop = text_drop;
	t->best = best;
	t->unit = unit;
	t->nseen = (size_t)-1;
	if (unit == TEXT_GENERIC) {
		t->base.grows = 1;
		t->ctx = ir_context_new();
	}
}

void text_source_free(text_source *t)
{
	free(t->spans);
	free(t->edits);
	free(t->first);
	free(t->member);
	free(t->line);
	free(t->seen);
	text_rewrites_free(&t->gen);
	if (t->ctx.ptr)
		mlirContextDestroy(t->ctx);
	memset(t, 0, sizeof(*t));
}

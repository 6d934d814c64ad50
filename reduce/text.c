/*
** ddmin on raw text: the fallback for a .mlir file that does not parse,
** so a broken input still gets smaller. Units follow the shape MLIR text
** has even when gred cannot parse it: brace-balanced blocks of lines (a
** function, an op with its regions), lines, an SSA definition with the
** lines that use it, then bracketed groups and tokens; and ops in the
** custom syntax of dialects gred lacks are rewritten in generic form
** (text_generic.c). Once the text parses, the driver hands it to the
** passes.
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

/* Every bracketed group, and every name followed by groups (`test.op
** {...}`, `"a.b"() ({...})`), each with the blanks after it, in order of
** their start; the scan goes on inside them, so inner ones follow. */
static void split_groups(text_source *t, const char *p, size_t len)
{
	size_t i = skip_blanks(p, len, 0), k, end, g;

	while (i < len) {
		k = text_token_len(p + i, len - i);
		if (word_char(p[i]) || p[i] == '"') {
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

/* Each outermost line opening a block (a function, not a module: the
** blocks inside go with definitions and groups), through the line that
** closes it. Inner blocks would put chunk bounds inside functions. */
static void split_blocks(text_source *t, const char *p, size_t len)
{
	line_info li;
	size_t k;

	split_lines(t, p, len, &li);
	for (k = 0; k < t->nline; k++)
		if (li.end[k] > k && li.scope[k] == k)
			add_span(t, t->line[k], t->line[li.end[k] + 1] - t->line[k]);
	free(li.end);
	free(li.scope);
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

static void split(text_source *t, const char *p, size_t len)
{
	free(t->seen);
	t->seen = xmalloc(len + 1);
	memcpy(t->seen, p, len);
	t->nseen = len;
	t->n = 0;
	if (t->unit == TEXT_GROUPS)
		split_groups(t, t->seen, len);
	else if (t->unit == TEXT_BLOCKS)
		split_blocks(t, t->seen, len);
	else if (t->unit == TEXT_USES)
		split_uses(t, t->seen, len);
	else if (t->unit == TEXT_GENERIC)
		split_generic(t, t->seen, len);
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
	if (t->unit == TEXT_USES) {
		char *gone = xcalloc(t->nline + 1, 1);
		size_t m, k;

		for (i = begin; i < end && i < t->n; i++)
			for (m = t->first[i]; m < t->first[i + 1]; m++)
				gone[t->member[m]] = 1;
		for (k = 0; k < t->nline; k++)
			if (!gone[k])
				buf_append(out, t->seen + t->line[k],
					t->line[k + 1] - t->line[k]);
		free(gone);
		return 1;
	}
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
		[TEXT_USES] = "uses", [TEXT_GENERIC] = "generic"
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
	free(t->first);
	free(t->member);
	free(t->line);
	free(t->seen);
	text_rewrites_free(&t->gen);
	if (t->ctx.ptr)
		mlirContextDestroy(t->ctx);
	memset(t, 0, sizeof(*t));
}

/*
** The line scanner: runs the format tables over a log and records crash
** events and stacks as spans into the log, without copying.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "parse.h"

static const char *group_names[G_NGROUPS] = {
	"kind", "msg", "idx", "func", "file", "line", "module", "off", "addr",
	"sig",
};

/* Limits that keep the work per log bounded, whatever its size. */
#define MAX_EVENTS 256
#define MAX_STACKS 256
#define MAX_FRAMES 8192
#define MAX_LINE 8192

static void name_groups(tri_compiled *c)
{
	PCRE2_SPTR first, last;
	uint32_t entry;
	int g, k, size;

	pcre2_pattern_info(c->re, PCRE2_INFO_NAMEENTRYSIZE, &entry);
	for (g = 0; g < G_NGROUPS; g++) {
		memset(c->groups[g], 0, sizeof(c->groups[g]));
		size = pcre2_substring_nametable_scan(c->re,
			(PCRE2_SPTR)group_names[g], &first, &last);
		if (size < 0)
			continue;
		for (k = 0; k < 4 && first <= last; k++, first += entry)
			c->groups[g][k] = (uint32_t)((first[0] << 8) | first[1]);
	}
}

static pcre2_code *compile_one(const char *re, uint32_t flags, gred_error *e)
{
	int code;
	PCRE2_SIZE off;
	pcre2_code *c;
	char msg[256];

	c = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
		flags | PCRE2_DUPNAMES, &code, &off, NULL);
	if (!c) {
		pcre2_get_error_message(code, (PCRE2_UCHAR *)msg, sizeof(msg));
		gred_errorf(e, "bad pattern '%s' at offset %zu: %s", re,
			(size_t)off, msg);
		return NULL;
	}
	pcre2_jit_compile(c, PCRE2_JIT_COMPLETE);  /* falls back if no JIT */
	return c;
}

int tri_compile(triage_parser *p, gred_error *e)
{
	size_t f, i;

	p->pats = xcalloc(tri_nformats, sizeof(*p->pats));
	for (f = 0; f < tri_nformats; f++) {
		const tri_format *fmt = &tri_formats[f];

		p->pats[f] = xcalloc(fmt->npatterns, sizeof(tri_compiled));
		for (i = 0; i < fmt->npatterns; i++) {
			tri_compiled *c = &p->pats[f][i];

			c->re = compile_one(fmt->patterns[i].re, 0, e);
			c->hint_len = fmt->patterns[i].hint ?
				strlen(fmt->patterns[i].hint) : 0;
			if (!c->re)
				return -1;
			name_groups(c);
		}
	}
	p->md = pcre2_match_data_create(64, NULL);
	return tri_compile_ignores(p, e);
}

int tri_compile_ignores(triage_parser *p, gred_error *e)
{
	gred_buf skip = {0}, cut = {0}, driver = {0};
	size_t i;
	int err = 0;

	for (i = 0; i < tri_nignores; i++) {
		gred_buf *b = tri_ignores[i].cut == 1 ? &cut : &skip;
		buf_printf(b, "%s(?:%s)", b->len ? "|" : "", tri_ignores[i].re);
		if (tri_ignores[i].cut == 2)
			buf_printf(&driver, "%s(?:%s)", driver.len ? "|" : "",
				tri_ignores[i].re);
	}
	if (p->user_ignore.len)
		buf_printf(&skip, "|%s", p->user_ignore.data);
	if (p->ignore_re)
		pcre2_code_free(p->ignore_re);
	if (p->cut_re)
		pcre2_code_free(p->cut_re);
	if (p->driver_re)
		pcre2_code_free(p->driver_re);
	p->cut_re = p->driver_re = NULL;
	if (!(p->ignore_re = compile_one(skip.data, 0, e)) ||
	    !(p->cut_re = compile_one(cut.data, 0, e)) ||
	    !(p->driver_re = compile_one(driver.data, 0, e)))
		err = -1;
	buf_free(&skip);
	buf_free(&cut);
	buf_free(&driver);
	return err;
}

static tri_span group(const tri_compiled *c, pcre2_match_data *md,
	const char *line, enum tri_group g)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	uint32_t count = pcre2_get_ovector_count(md);
	tri_span s = {NULL, 0};
	int k;

	for (k = 0; k < 4 && c->groups[g][k]; k++) {
		uint32_t n = c->groups[g][k];
		if (n < count && ov[2 * n] != PCRE2_UNSET) {
			s.p = line + ov[2 * n];
			s.n = ov[2 * n + 1] - ov[2 * n];
			return s;
		}
	}
	return s;
}

static long span_long(tri_span s)
{
	long v = 0;
	size_t i;

	for (i = 0; i < s.n && i < 9; i++)
		v = v * 10 + (s.p[i] - '0');
	return s.n ? v : -1;
}

static long new_stack(tri_scan *s, enum tri_family fam, int reverse,
	size_t lineno)
{
	tri_stack *st;

	if (s->nstacks >= MAX_STACKS)
		return -1;
	if (s->nstacks == s->cstacks) {
		s->cstacks = s->cstacks ? 2 * s->cstacks : 16;
		s->stacks = xrealloc(s->stacks, s->cstacks * sizeof(*s->stacks));
	}
	st = &s->stacks[s->nstacks];
	st->family = fam;
	st->reverse = reverse;
	st->lineno = lineno;
	st->first = s->nframes;
	st->n = 0;
	st->last_idx = -1;
	st->descending = st->weak = st->aside = 0;
	st->fmt = NULL;
	return (long)s->nstacks++;
}

int tri_stack_counts(const tri_stack *st)
{
	return st->n > 0 && (!st->weak || st->n >= TRI_WEAK_MIN);
}

static tri_event *new_event(tri_scan *s)
{
	tri_event *ev;

	if (s->nevents >= MAX_EVENTS)
		return NULL;
	if (s->nevents == s->cevents) {
		s->cevents = s->cevents ? 2 * s->cevents : 16;
		s->events = xrealloc(s->events, s->cevents * sizeof(*s->events));
	}
	ev = &s->events[s->nevents++];
	memset(ev, 0, sizeof(*ev));
	ev->stack = -1;
	return ev;
}

/* Appends a frame to stack si; frames of one stack are contiguous, so a
** frame for an older stack starts a new one. */
static void add_frame(tri_scan *s, long *si, enum tri_family fam,
	const tri_rawframe *fr, size_t lineno)
{
	tri_stack *st;

	if (s->nframes >= MAX_FRAMES)
		return;
	if (*si < 0 || s->stacks[*si].first + s->stacks[*si].n != s->nframes) {
		long old = *si;
		*si = new_stack(s, fam, old >= 0 ? s->stacks[old].reverse : 0,
			lineno);
		if (*si < 0)
			return;
		if (old >= 0) {
			s->stacks[*si].descending = s->stacks[old].descending;
			s->stacks[*si].weak = s->stacks[old].weak;
			s->stacks[*si].aside = s->stacks[old].aside;
			s->stacks[*si].fmt = s->stacks[old].fmt;
		}
	}
	if (s->nframes == s->cframes) {
		s->cframes = s->cframes ? 2 * s->cframes : 64;
		s->frames = xrealloc(s->frames, s->cframes * sizeof(*s->frames));
	}
	s->frames[s->nframes] = *fr;
	s->frames[s->nframes++].lineno = lineno;
	st = &s->stacks[*si];
	st->n++;
	st->last_idx = fr->idx;
}

/* Per family, the stack frames currently go to. */
typedef struct scan_state {
	long open[FAM_COUNT];
	size_t lineno;
	int at_end;      /* the line is the log's last that is not blank */
} scan_state;

/* A new event for a line of pat in fmt, or NULL if the table is full. */
static tri_event *start_event(tri_scan *s, const scan_state *ss,
	const tri_format *fmt, const tri_pattern *pat)
{
	tri_event *ev = new_event(s);

	if (ev) {
		ev->pat = pat;
		ev->fmt = fmt;
		ev->lineno = ss->lineno;
	}
	return ev;
}

/* The kind, message and place an event's line names. */
static void read_event(tri_event *ev, const tri_compiled *c,
	pcre2_match_data *md, const char *line)
{
	ev->kind = group(c, md, line, G_KIND);
	ev->msg = group(c, md, line, G_MSG);
	ev->file = group(c, md, line, G_FILE);
	ev->line = group(c, md, line, G_LINE);
	ev->func = group(c, md, line, G_FUNC);
}

/* A line that reports a crash: an error, a signal, a Node.js error (whose
** stack follows), or a header whose message is on the next line. */
static int on_event(triage_parser *p, scan_state *ss, const tri_format *fmt,
	const tri_pattern *pat, const tri_compiled *c, const char *line)
{
	tri_scan *s = &p->scan;
	pcre2_match_data *md = p->md;
	const char *kind = NULL, *name = NULL;
	tri_event *ev;

	if (pat->role == R_SIGNAL) {
		tri_span sg = group(c, md, line, G_SIG);
		kind = tri_signal_kind(sg.p, sg.n, &name);
		if (!kind)
			return 0;  /* SIGINT, "Fatal Python error: other" */
	}
	if (!(ev = start_event(s, ss, fmt, pat)))
		return 0;
	if (kind) {
		ev->sigkind = kind;
		ev->signame = name;
	}
	read_event(ev, c, md, line);
	if (pat->role == R_NEXTMSG)
		s->want_msg = 1;
	/* (the line may yet be another format's: the stacks decide) */
	if (pat->flags & TRI_FRAMED)
		ev->pending = 1;
	if (pat->role == R_JSERR) {
		ev->pending = 1;
		ss->open[fmt->family] = ev->stack =
			new_stack(s, fmt->family, 0, ss->lineno);
		if (ev->stack >= 0)
			s->stacks[ev->stack].fmt = fmt;
	}
	return (pat->flags & TRI_FRAMED) ? 1 : 0;
}

/* A detail line: the message of the format's last event, if it has none. */
static void on_detail(triage_parser *p, const tri_format *fmt,
	const tri_compiled *c, const char *line)
{
	tri_scan *s = &p->scan;
	size_t k;

	for (k = s->nevents; k-- > 0;) {
		tri_event *ev = &s->events[k];
		if (ev->fmt != fmt)
			continue;
		if (!ev->msg.n)
			ev->msg = group(c, p->md, line, G_MSG);
		/* ASan's stack object the access hit: "'a' (line 55)";
		** miette's "|-> at f.rs:45:9" */
		if (!ev->line.n && !ev->file.n) {
			ev->func = group(c, p->md, line, G_FUNC);
			ev->line = group(c, p->md, line, G_LINE);
			ev->file = group(c, p->md, line, G_FILE);
		}
		break;
	}
}

/* The header of a stack: the family's frames go to a new stack. */
static void on_stack(triage_parser *p, scan_state *ss, const tri_format *fmt,
	const tri_pattern *pat, const tri_compiled *c, const char *line)
{
	tri_scan *s = &p->scan;
	tri_event *ev;

	/* a header that is also the report (GCC's "internal compiler
	** error: ..." above its frames) */
	if (pat->kind) {
		if (!(ev = start_event(s, ss, fmt, pat)))
			return;
		read_event(ev, c, p->md, line);
	}
	ss->open[fmt->family] = new_stack(s, fmt->family,
		!!(pat->flags & TRI_REVERSE), ss->lineno);
	if (ss->open[fmt->family] >= 0) {
		s->stacks[ss->open[fmt->family]].aside = !!(pat->flags & TRI_ASIDE);
		s->stacks[ss->open[fmt->family]].fmt = fmt;
	}
}

/*
** Whether frame number idx goes on stack st. A frame #0, or numbering
** going back, starts a new stack; but numbering going down by one from
** a stack's first frame lists it outermost first, down to #0 (TVM's
** "[bt] (6)" ... "[bt] (0)", its "  22:" ... "  0:"). Weak frames and
** their kind of stack go one by one.
*/
static int next_in_stack(tri_stack *st, long idx, int weak)
{
	if (weak != st->weak)
		return 0;
	if (st->descending)
		return idx == st->last_idx - 1;
	if (st->n == 1 && st->last_idx > 0 && idx == st->last_idx - 1) {
		st->descending = st->reverse = 1;
		return 1;
	}
	if (idx == 0 || idx <= st->last_idx)
		return 0;
	return !weak || idx == st->last_idx + 1;
}

/* A stack frame. Returns 1 if a frame needing context came without it. */
static int on_frame(triage_parser *p, scan_state *ss, const tri_format *fmt,
	const tri_pattern *pat, const tri_compiled *c, const char *line)
{
	tri_scan *s = &p->scan;
	pcre2_match_data *md = p->md;
	enum tri_family fam = fmt->family;
	tri_rawframe fr;
	long si = ss->open[fam];

	if ((pat->flags & TRI_CONTEXT) && si < 0)
		return 1;
	if ((pat->flags & TRI_HEADLESS) && si < 0) {
		si = new_stack(s, fam, 1, ss->lineno);
		if (si < 0)
			return 0;
		ss->open[fam] = si;
	}
	memset(&fr, 0, sizeof(fr));
	fr.func = group(c, md, line, G_FUNC);
	fr.file = group(c, md, line, G_FILE);
	fr.module = group(c, md, line, G_MODULE);
	fr.off = group(c, md, line, G_OFF);
	fr.addr = group(c, md, line, G_ADDR);
	fr.line = span_long(group(c, md, line, G_LINE));
	fr.idx = span_long(group(c, md, line, G_IDX));
	if (fr.idx >= 0) {
		/* a header's stack holds weak frames as their own */
		if (si >= 0 && s->stacks[si].n == 0 && (pat->flags & TRI_WEAK))
			s->stacks[si].weak = 1;
		if (si >= 0 && s->stacks[si].n > 0 && !next_in_stack(&s->stacks[si],
		    fr.idx, !!(pat->flags & TRI_WEAK)))
			si = -1;
		if (si < 0) {
			si = new_stack(s, fam, 0, ss->lineno);
			if (si >= 0)
				s->stacks[si].weak = !!(pat->flags & TRI_WEAK);
		}
		if (si < 0)
			return 0;
		ss->open[fam] = si;
	}
	add_frame(s, &ss->open[fam], fam, &fr, ss->lineno);
	return 0;
}

/* An "at FILE:LINE" line: the place of the last frame, if it has none.
** Returns 1 if no stack is open to take it. */
static int on_at(triage_parser *p, scan_state *ss, const tri_format *fmt,
	const tri_pattern *pat, const tri_compiled *c, const char *line)
{
	tri_scan *s = &p->scan;
	long si = ss->open[fmt->family];
	tri_rawframe *last;

	if (si < 0 || s->stacks[si].n == 0 ||
	    ((pat->flags & TRI_WEAK) && !s->stacks[si].weak))
		return 1;
	last = &s->frames[s->stacks[si].first + s->stacks[si].n - 1];
	if (!last->file.n) {
		last->file = group(c, p->md, line, G_FILE);
		last->line = span_long(group(c, p->md, line, G_LINE));
	}
	return 0;
}

/* The length of the Python exception's name s starts with, followed by
** ": " or by the end: a dotted name whose last part is a class's whose
** name says it is an error ("AssertionError", "pkg.mod.SomeException");
** else 0. */
static size_t exception_name(const char *s, size_t n)
{
	size_t i = 0, part = 0;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	for (;;) {
		part = i;
		if (i >= n || !(isalpha((unsigned char)s[i]) || s[i] == '_'))
			return 0;
		while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
			i++;
		if (i < n && s[i] == '.')
			i++;
		else
			break;
	}
	if (!isupper((unsigned char)s[part]) ||
	    !((i - part > 5 && !memcmp(s + i - 5, "Error", 5)) ||
	      (i - part > 9 && !memcmp(s + i - 9, "Exception", 9))))
		return 0;
	return i == n || (i + 1 < n && s[i] == ':' && s[i + 1] == ' ') ? i : 0;
}

/* Sets ev's kind and message from an exception line ("AssertionError:
** msg"), unwrapping the exceptions it says it wraps in its message
** (torch's "InductorError: AssertionError: msg"). Returns 0 if the line
** is no exception. */
static int take_exception(tri_event *ev, const char *s, size_t n)
{
	size_t k, depth;

	if (!(k = exception_name(s, n)))
		return 0;
	for (depth = 0; k && depth < 8; depth++) {
		ev->kind.p = s;
		ev->kind.n = k;
		ev->msg.p = NULL;
		ev->msg.n = 0;
		if (k + 2 > n || s[k] != ':')
			break;
		s += k + 2;
		n -= k + 2;
		ev->msg.p = s;
		ev->msg.n = n;
		k = exception_name(s, n);
	}
	return 1;
}

/* Whether a Python exception's message says the next line is the
** exception it wraps: "BackendCompilerFailed: backend='inductor'
** raised:". */
static int says_raised(tri_span msg)
{
	size_t n = msg.n;

	while (n && isspace((unsigned char)msg.p[n - 1]))
		n--;
	return n >= 7 && !memcmp(msg.p + n - 7, "raised:", 7);
}

/* The exception line that ends a Python traceback. Returns 1 if no
** traceback is open. */
static int on_pyexc(triage_parser *p, scan_state *ss, const tri_format *fmt,
	const tri_pattern *pat, const tri_compiled *c, const char *line)
{
	tri_scan *s = &p->scan;
	enum tri_family fam = fmt->family;
	tri_event *ev;
	size_t k;

	if (ss->open[fam] < 0 || s->stacks[ss->open[fam]].n == 0 ||
	    !s->stacks[ss->open[fam]].reverse)
		return 1;
	/* Chained exceptions: the last traceback is the one that ended
	** the program, so it replaces earlier Python events. */
	for (k = 0; k < s->nevents; k++)
		if (s->events[k].pat == pat)
			s->events[k].pat = NULL;
	if (!(ev = start_event(s, ss, fmt, pat)))
		return 0;
	ev->kind = group(c, p->md, line, G_KIND);
	ev->msg = group(c, p->md, line, G_MSG);
	/* the wrapped exception, when the message is one */
	if (ev->msg.n)
		take_exception(ev, ev->msg.p, ev->msg.n);
	s->want_inner = says_raised(ev->msg);
	ev->stack = ss->open[fam];
	ss->open[fam] = -1;
	return 0;
}

/*
** Handles one matched line by its pattern's role. Returns 0 if the line is
** consumed, 1 if the match does not fit the context and other patterns
** should be tried.
*/
static int on_match(triage_parser *p, scan_state *ss, const tri_format *fmt,
	const tri_pattern *pat, const tri_compiled *c, const char *line)
{
	switch (pat->role) {
	case R_EVENT:
	case R_NEXTMSG:
	case R_SIGNAL:
	case R_JSERR:
		return on_event(p, ss, fmt, pat, c, line);
	case R_DETAIL:
		on_detail(p, fmt, c, line);
		return 0;
	case R_STACK:
		on_stack(p, ss, fmt, pat, c, line);
		return 0;
	case R_FRAME:
		return on_frame(p, ss, fmt, pat, c, line);
	case R_AT:
		return on_at(p, ss, fmt, pat, c, line);
	case R_PYEXC:
		return on_pyexc(p, ss, fmt, pat, c, line);
	}
	return 0;
}

/* memmem is slow on short needles and lines; memchr is not. */
static int contains(const char *line, size_t n, const char *hint, size_t h)
{
	const char *end;

	if (h > n)
		return 0;
	end = line + n - h + 1;
	while (line < end && (line = memchr(line, hint[0], (size_t)(end - line)))) {
		if (!memcmp(line, hint, h))
			return 1;
		line++;
	}
	return 0;
}

/* The bytes a line holds: a hint whose first or last byte is not among
** them is not in the line, which saves most searches. */
typedef struct byteset {
	uint64_t w[4];
	uint64_t pairs[16];  /* two bytes one after the other, hashed */
} byteset;

static unsigned pair_hash(unsigned char a, unsigned char b)
{
	return ((unsigned)a * 33u ^ b) & 1023u;
}

static void byteset_of(byteset *b, const char *s, size_t n)
{
	size_t i;

	memset(b, 0, sizeof(*b));
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		b->w[c >> 6] |= (uint64_t)1 << (c & 63);
		if (i + 1 < n) {
			unsigned h = pair_hash(c, (unsigned char)s[i + 1]);
			b->pairs[h >> 6] |= (uint64_t)1 << (h & 63);
		}
	}
}

static int byteset_has(const byteset *b, char ch)
{
	unsigned char c = (unsigned char)ch;

	return (b->w[c >> 6] >> (c & 63)) & 1;
}

static int byteset_has_pair(const byteset *b, const char *two)
{
	unsigned h = pair_hash((unsigned char)two[0], (unsigned char)two[1]);

	return (b->pairs[h >> 6] >> (h & 63)) & 1;
}

/* Whether the line may contain a hint of n bytes: its first and last
** bytes, or its first and last two, are in it. */
static int may_contain(const byteset *b, const char *hint, size_t n)
{
	if (n < 2)
		return byteset_has(b, hint[0]);
	return byteset_has_pair(b, hint) && byteset_has_pair(b, hint + n - 2);
}

static int lead_digit(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	return n && isdigit((unsigned char)*s);
}

/* What scan_line made of a line. */
enum { LINE_CLAIMED = 1, LINE_NEAR_EVENT = 2 };

static int scan_line(triage_parser *p, scan_state *ss, const char *line,
	size_t n)
{
	size_t f, i;
	int rc, near = 0;
	byteset bytes;

	byteset_of(&bytes, line, n);
	for (f = 0; f < tri_nformats; f++) {
		const tri_format *fmt = &tri_formats[f];

		for (i = 0; i < fmt->npatterns; i++) {
			const tri_pattern *pat = &fmt->patterns[i];
			const tri_compiled *c = &p->pats[f][i];

			/* (the context first: it is cheaper than the hint) */
			if ((pat->flags & TRI_CONTEXT) && (ss->open[fmt->family] < 0 ||
			    ((pat->flags & TRI_WEAK) && !p->scan.stacks[ss->open[fmt->family]].weak) ||
			    ((pat->flags & TRI_OWN) && p->scan.stacks[ss->open[fmt->family]].fmt != fmt)))
				continue;
			if (pat->hint && (!may_contain(&bytes, pat->hint, c->hint_len) ||
			    !contains(line, n, pat->hint, c->hint_len)))
				continue;
			if ((pat->flags & TRI_DIGIT) && !lead_digit(line, n))
				continue;
			if ((pat->flags & TRI_LAST) && !ss->at_end)
				continue;
			rc = pcre2_match(c->re, (PCRE2_SPTR)line, n, 0, 0, p->md,
				NULL);
			if (rc < 0) {
				near |= pat->hint && !(pat->flags & TRI_WHOLE) &&
					(pat->role == R_EVENT || pat->role == R_NEXTMSG);
				continue;
			}
			if (on_match(p, ss, fmt, pat, c, line) == 0)
				return LINE_CLAIMED;
		}
	}
	return near ? LINE_NEAR_EVENT : 0;
}

/*
** A report's line broken in two by a paste (a narrow box cuts names
** mid-word): the piece with the report's word did not match alone. It
** is tried joined with the piece before it, when that one is as long as
** a box's width, and with the one after it. Joined lines live in
** p->joined, sized once per log, so the spans into them stay valid.
*/
#define JOIN_MIN 60
#define JOIN_ROOM 65536

/* a, b and c one after another at the end of p->joined: where they
** start, or NULL if that is longer than a line or the room is used up. */
static char *joined_put(triage_parser *p, const char *a, size_t na,
	const char *b, size_t nb, const char *c, size_t nc)
{
	char *at;
	size_t n = na + nb + nc;

	if (n > MAX_LINE || p->joined.len + n > p->joined.cap)
		return NULL;
	at = p->joined.data + p->joined.len;
	memcpy(at, a, na);
	memcpy(at + na, b, nb);
	if (nc)
		memcpy(at + na + nb, c, nc);
	p->joined.len += n;
	return at;
}

/* Whether a line ends in ": " (or ":"): a report's line a paste broke
** after its "file:line: ", short as what is left of it is. */
static int ends_in_colon(const char *s, size_t n)
{
	if (n && s[n - 1] == ' ')
		n--;
	return n >= 3 && s[n - 1] == ':';
}

static int scan_joined(triage_parser *p, scan_state *ss, const char *a,
	size_t na, const char *b, size_t nb, const char *c, size_t nc)
{
	size_t n = na + nb + nc;
	char *at = joined_put(p, a, na, b, nb, c, nc);

	if (!at)
		return 0;
	if (scan_line(p, ss, at, n) == LINE_CLAIMED)
		return 1;
	p->joined.len -= n;
	return 0;
}

/*
** A line of UTF-16 text read as bytes and pasted with a space for each
** NUL (a Windows console's "A s s e r t i o n   f a i l e d :"): every
** other byte is a space. Its characters are put in p->joined; returns
** where, or NULL if the line is not one.
*/
static const char *despaced(triage_parser *p, const char *s, size_t n,
	size_t *outn)
{
	size_t i, k, letters = 0;
	char *at;

	if (n < 16 || s[1] != ' ' || s[3] != ' ' || s[0] == ' ')
		return NULL;
	for (i = 1; i < n; i += 2)
		if (s[i] != ' ')
			return NULL;
	for (i = 0; i < n; i += 2)
		letters += s[i] != ' ';
	if (letters < 8 || p->joined.len + n / 2 + 1 > p->joined.cap)
		return NULL;
	at = p->joined.data + p->joined.len;
	for (i = 0, k = 0; i < n; i += 2)
		at[k++] = s[i];
	while (k && at[k - 1] == ' ')
		k--;
	p->joined.len += k;
	*outn = k;
	return at;
}

/* Ray's log prefix, "[2026-01-17 18:48:10,410 E 4242 4242] logging.cc:361: ":
** its length, or 0. */
static size_t ray_prefix(const char *s, size_t n)
{
	const char *close;
	size_t i;

	if (n < 40 || s[0] != '[' || !isdigit((unsigned char)s[1]) || s[5] != '-' ||
	    s[11] != ' ' || s[14] != ':' || s[20] != ',')
		return 0;
	if (!(close = memchr(s + 21, ']', n - 21 < 40 ? n - 21 : 40)) ||
	    (size_t)(close - s) + 2 >= n || close[1] != ' ')
		return 0;
	/* the source file and line: "logging.cc:361: " */
	for (i = (size_t)(close - s) + 2; i < n && (isalnum((unsigned char)s[i]) ||
	     s[i] == '_' || s[i] == '.' || s[i] == '-'); i++)
		;
	if (i >= n || s[i] != ':')
		return 0;
	for (i++; i < n && isdigit((unsigned char)s[i]); i++)
		;
	return i + 1 < n && s[i] == ':' && s[i + 1] == ' ' ? i + 2 : 0;
}

/* torchrun's "[rank4]:" (and "[rank4]: "), a tool's relay of a child's
** "stderr: " or "stdout: ": its length, or 0. */
static size_t relay_prefix(const char *s, size_t n)
{
	size_t i = 5;

	if (n > 8 && (!memcmp(s, "stderr: ", 8) || !memcmp(s, "stdout: ", 8)))
		return 8;
	if (n < 8 || memcmp(s, "[rank", 5) || !isdigit((unsigned char)s[5]))
		return 0;
	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	if (i + 1 >= n || s[i] != ']' || s[i + 1] != ':')
		return 0;
	return i + 2 < n && s[i + 2] == ' ' ? i + 3 : i + 2;
}

/* glog's prefix on a line that is not the fatal one ("W0925
** 02:30:07.373000 4242 torch/_dynamo/utils.py:1798] "), with PyTorch's
** compile id after it ("[0/0] "): its length, or 0. A fatal line ("F...")
** keeps it: it is the report (see glog in formats.c). */
static size_t glog_prefix(const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n && i < 8 && s[i] == ' ')
		i++;
	if (n - i < 30 || !strchr("IWE", s[i]))
		return 0;
	for (k = 1; k <= 4; k++)
		if (!isdigit((unsigned char)s[i + k]))
			return 0;
	if (s[i + 5] != ' ' || !isdigit((unsigned char)s[i + 6]) || s[i + 8] != ':')
		return 0;
	i += 6;
	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == ':' || s[i] == '.'))
		i++;
	while (i < n && s[i] == ' ')
		i++;
	for (k = i; i < n && isdigit((unsigned char)s[i]); i++)
		;
	if (i == k || i >= n || s[i] != ' ')
		return 0;
	/* the source file and line, up to "] " */
	for (i++; i < n && s[i] != ']' && s[i] != ' '; i++)
		;
	if (i + 1 >= n || s[i] != ']' || s[i + 1] != ' ')
		return 0;
	i += 2;
	if (i + 4 < n && s[i] == '[' && isdigit((unsigned char)s[i + 1])) {
		for (k = i + 1; k < n && (isdigit((unsigned char)s[k]) || s[k] == '/' ||
		     s[k] == '_'); k++)
			;
		if (k + 1 < n && s[k] == ']' && s[k + 1] == ' ')
			i = k + 2;
	}
	return i;
}

/* ClickHouse's server log prefix, "2023.04.06 04:03:52.021197 [ 495 ]
** {query-id} <Fatal> BaseDaemon: " (or from "<Error> " on, as a paste
** may keep it): its length, or 0. */
static size_t clickhouse_prefix(const char *s, size_t n)
{
	size_t i = 0, k;
	const char *close;

	if (n && isdigit((unsigned char)s[0])) {
		while (i < n && i < 32 && (isdigit((unsigned char)s[i]) || s[i] == '.' ||
		       s[i] == ':' || s[i] == ' '))
			i++;
		if (i >= n || s[i] != '[' || !(close = memchr(s + i, ']', n - i < 24 ? n - i : 24)))
			return 0;
		i = (size_t)(close - s) + 1;
		while (i < n && s[i] == ' ')
			i++;
		if (i < n && s[i] == '{') {
			if (!(close = memchr(s + i, '}', n - i)))
				return 0;
			i = (size_t)(close - s) + 1;
			while (i < n && s[i] == ' ')
				i++;
		}
	}
	if (i >= n || s[i] != '<')
		return 0;
	for (k = i + 1; k < n && isalpha((unsigned char)s[k]); k++)
		;
	if (k == i + 1 || k + 1 >= n || s[k] != '>' || s[k + 1] != ' ')
		return 0;
	/* the component ("BaseDaemon"), maybe none: up to ": " */
	for (i = k + 2; i < n && s[i] != ' ' && s[i] != ':'; i++)
		;
	return i + 1 < n && s[i] == ':' && s[i + 1] == ' ' ? i + 2 : 0;
}

/* Past s[i] while it is a digit, or one of the bytes of seps. */
static size_t skip_digits(const char *s, size_t n, size_t i, const char *seps)
{
	while (i < n && (isdigit((unsigned char)s[i]) || (s[i] && strchr(seps, s[i]))))
		i++;
	return i;
}

/* Past a source file and line and "] " ("engine.py:135] ", "[x.cc:76] ")
** at s[i], or 0. */
static size_t skip_source_bracket(const char *s, size_t n, size_t i)
{
	size_t k = i;

	if (k < n && s[k] == '[')
		k++;
	while (k < n && (isalnum((unsigned char)s[k]) || strchr("_./-", s[k])))
		k++;
	if (k == i || k >= n || s[k] != ':')
		return 0;
	k = skip_digits(s, n, k + 1, "");
	return k + 1 < n && s[k] == ']' && s[k + 1] == ' ' ? k + 2 : 0;
}

/* Loggers of ML servers and the system: vLLM's process
** ("(EngineCore_DP0 pid=185173) ") and its logger ("ERROR 12-16
** 21:08:38 [engine.py:135] "), TensorFlow's ("2020-06-13
** 12:38:56.612042: E tensorflow/xla_util.cc:76] "; not its fatal "F"
** line), syslog's and journald's ("Jun 10 16:45:05 host bash[1074]: "):
** its length, or 0. */
static size_t logger_prefix(const char *s, size_t n)
{
	size_t i, k;

	if (n > 8 && s[0] == '(') {
		const char *close = memchr(s, ')', n < 64 ? n : 64), *pid;
		k = close ? (size_t)(close - s) : 0;
		if (k && k + 1 < n && s[k + 1] == ' ' && (pid = memmem(s, k, " pid=", 5)) &&
		    skip_digits(s, k, (size_t)(pid - s) + 5, "") == k)
			return k + 2;
	}
	for (i = 0; i < n && isupper((unsigned char)s[i]); i++)
		;
	if (i >= 4 && i <= 8 && i + 16 < n && s[i] == ' ' && isdigit((unsigned char)s[i + 1]) &&
	    s[i + 3] == '-' && s[i + 9] == ':') {
		k = skip_digits(s, n, i + 1, "-:. ");
		if ((k = skip_source_bracket(s, n, k)))
			return k;
	}
	if (n > 32 && isdigit((unsigned char)s[0]) && s[4] == '-' && s[10] == ' ' && s[13] == ':') {
		k = skip_digits(s, n, 0, "-:. ");
		if (k + 3 < n && s[k - 1] == ' ' && s[k - 2] == ':' && strchr("IWE", s[k]) &&
		    s[k + 1] == ' ' && (k = skip_source_bracket(s, n, k + 2)))
			return k;
	}
	/* "Jun 10 16:45:05 host prog[4242]: " (a month's name in any
	** language: one word) */
	for (i = 0; i < n && i < 12 && !isspace((unsigned char)s[i]); i++)
		;
	if (i && i + 16 < n && s[i] == ' ') {
		while (i < n && s[i] == ' ')
			i++;
		k = skip_digits(s, n, i, "");
		if (k > i && k + 10 < n && s[k] == ' ' && isdigit((unsigned char)s[k + 1]) &&
		    s[k + 3] == ':' && s[k + 6] == ':') {
			const char *end = memchr(s + k, ']', n - k < 80 ? n - k : 80);
			/* (a "]" inside the time is no program's) */
			if (end && end >= s + k + 9 && (size_t)(end - s) + 2 < n &&
			    end[1] == ':' && end[2] == ' ' &&
			    memchr(s + k + 9, ' ', (size_t)(end - s) - k - 9) && memchr(s + k, '[', (size_t)(end - s) - k))
				return (size_t)(end - s) + 3;
		}
	}
	return 0;
}

/* Redis's and Valkey's log line prefix, "71:M 29 Dec 2025 09:20:38.951 #
** " (older "[7611] 24 Sep 12:00:57.003 # ", and older still without
** the milliseconds): its length, or 0. */
static size_t redis_prefix(const char *s, size_t n)
{
	size_t i = 0, k;

	if (n < 24)
		return 0;
	if (s[0] == '[') {
		i = skip_digits(s, n, 1, "");
		if (i == 1 || i >= n || s[i] != ']')
			return 0;
		i++;
	} else {
		i = skip_digits(s, n, 0, "");
		if (i == 0 || i + 2 >= n || s[i] != ':' || !strchr("MSCX", s[i + 1]) || !s[i + 1])
			return 0;
		i += 2;
	}
	if (i + 2 >= n || s[i] != ' ' || !isdigit((unsigned char)s[i + 1]))
		return 0;
	k = skip_digits(s, n, i + 1, "");
	if (k + 5 >= n || s[k] != ' ' || !isupper((unsigned char)s[k + 1]) ||
	    !islower((unsigned char)s[k + 2]) || !islower((unsigned char)s[k + 3]) || s[k + 4] != ' ')
		return 0;
	/* the year, maybe, and the time */
	i = skip_digits(s, n, k + 5, ":. ");
	if (i < k + 14 || i + 2 >= n || !strchr(".-*#", s[i]) || !s[i] || s[i + 1] != ' ')
		return 0;
	return i + 2;
}

/* Open MPI's: mpirun's "Sun Nov  4 10:28:56 2018" (--timestamp-output),
** "[1,1]<stderr>:" (--tag-output), then the process's "[host:24375] ":
** its length, or 0. */
static size_t mpi_prefix(const char *s, size_t n)
{
	size_t i = 0, k;

	if (n > 24 && s[3] == ' ' && s[7] == ' ' && s[10] == ' ' && s[13] == ':' &&
	    s[16] == ':' && s[19] == ' ' && isupper((unsigned char)s[0]) &&
	    isdigit((unsigned char)s[20]) && isdigit((unsigned char)s[23]))
		i = 24;
	if (i < n && s[i] == '[' && i + 1 < n && isdigit((unsigned char)s[i + 1])) {
		k = skip_digits(s, n, i + 1, ",");
		if (k < n && s[k] == ']' && memchr(s + i, ',', k - i))
			i = k + 1;
	}
	if (i + 9 <= n && (!memcmp(s + i, "<stderr>:", 9) || !memcmp(s + i, "<stdout>:", 9)))
		i += 9;
	if (i < n && s[i] == '[') {
		for (k = i + 1; k < n && k < i + 80 && s[k] != ':' && s[k] != ']' &&
		     !isspace((unsigned char)s[k]); k++)
			;
		if (k > i + 1 && k < n && s[k] == ':') {
			size_t d = skip_digits(s, n, k + 1, "");
			if (d > k + 1 && d + 1 < n && s[d] == ']' && s[d + 1] == ' ')
				return d + 2;
		}
	}
	return i;
}

/* sbt's and Mill's level tag, "[error] ": its length, or 0. */
static size_t level_tag(const char *s, size_t n)
{
	static const char *const tags[] = {"[error] ", "[info] ", "[warn] "};
	size_t k, len;

	if (n <= 8 || s[0] != '[')
		return 0;
	for (k = 0; k < sizeof(tags) / sizeof(tags[0]); k++) {
		len = strlen(tags[k]);
		if (!memcmp(s, tags[k], len))
			return len;
	}
	return 0;
}

/* The kernel's log prefix, "[152970.213392] " (seconds since boot): its
** length, or 0. */
static size_t kernel_prefix(const char *s, size_t n)
{
	size_t i, k;

	if (n <= 16 || s[0] != '[' || !(isdigit((unsigned char)s[1]) || s[1] == ' '))
		return 0;
	for (i = 1; i < n && s[i] == ' '; i++)
		;
	k = skip_digits(s, n, i, "");
	if (k > i && k + 2 < n && s[k] == '.' && (i = skip_digits(s, n, k + 1, "")) > k + 1 &&
	    i + 1 < n && s[i] == ']' && s[i + 1] == ' ')
		return i + 2;
	return 0;
}

/* Android's logcat: "A/libc: ", "F/libc    ( 1234): " (brief);
** "03-18 23:50:02.740 21138 21022 F DEBUG   : " (threadtime);
** "2025-03-18 23:50:02.740 21138-21138 DEBUG  crash_dump64  A  " (Android
** Studio: tag, package, level): its length, or 0. */
static size_t android_prefix(const char *s, size_t n)
{
	size_t i, k;

	if (n > 4 && s[1] == '/' && strchr("VDIWEFA", s[0]) && s[0]) {
		for (i = 2; i < n && i < 40 && !isspace((unsigned char)s[i]) && s[i] != ':' &&
		     s[i] != '('; i++)
			;
		if (i == 2)
			return 0;
		while (i < n && s[i] == ' ')
			i++;
		if (i < n && s[i] == '(') {
			k = i + 1;
			while (k < n && s[k] == ' ')
				k++;
			i = skip_digits(s, n, k, "");
			if (i == k || i >= n || s[i] != ')')
				return 0;
			i++;
		}
		return i + 1 < n && s[i] == ':' && s[i + 1] == ' ' ? i + 2 : 0;
	}
	if (n < 32 || !isdigit((unsigned char)s[0]))
		return 0;
	if (s[2] == '-' && s[5] == ' ' && s[8] == ':') {
		/* threadtime: the level, then the tag up to ": " */
		i = skip_digits(s, n, 0, "-:. ");
		if (i + 2 >= n || !strchr("VDIWEFA", s[i]) || !s[i] || s[i + 1] != ' ')
			return 0;
		for (k = i + 2; k < n && k < i + 48 && s[k] != ':'; k++)
			;
		return k + 1 < n && s[k] == ':' && s[k + 1] == ' ' && k > i + 2 ? k + 2 : 0;
	}
	if (s[4] == '-' && s[7] == '-' && s[10] == ' ' && s[13] == ':') {
		/* Android Studio: "pid-tid", tag, package, level, two blanks */
		i = skip_digits(s, n, 0, "-:. ");
		if (i < 24 || s[i - 1] != ' ' || !memchr(s + 20, '-', i - 20))
			return 0;
		for (k = 0; k < 2; k++) {
			size_t w = i;
			while (i < n && !isspace((unsigned char)s[i]))
				i++;
			if (i == w)
				return 0;
			while (i < n && s[i] == ' ')
				i++;
		}
		return i + 3 < n && strchr("VDIWEFA", s[i]) && s[i] && s[i + 1] == ' ' &&
			s[i + 2] == ' ' ? i + 3 : 0;
	}
	return 0;
}

/* A line a Markdown post put in inline code ("`LLVM ERROR: ...`"): the
** opening backquote at its start, and a closing one at its end that
** closes nothing inside it (an odd count: "Assertion `c' failed.`"
** keeps its own). A fence ("```") is not inline code. */
static void strip_inline_code(const char **line, size_t *n)
{
	size_t i, ticks = 0;

	if (*n >= 2 && (*line)[0] == '`' && (*line)[1] != '`') {
		*line += 1;
		*n -= 1;
	}
	if (*n < 2 || (*line)[*n - 1] != '`' || (*line)[*n - 2] == '`')
		return;
	for (i = 0; i < *n; i++)
		ticks += (*line)[i] == '`';
	if (ticks % 2)
		*n -= 1;
}

/* A test runner's prefix on every line: ctest's "7: "; a quote's "> "
** (a log quoted in a reply); a container log's time and stream
** ("2026-01-17T18:48:10.41+01:00 stderr F "), a CI runner's time;
** Ray's (ray_prefix); torchrun's rank, a relay's stream (relay_prefix);
** glog's on a line that is not fatal (glog_prefix); ClickHouse's server
** log's (clickhouse_prefix); vLLM's, TensorFlow's and syslog's
** (logger_prefix); Android's logcat (android_prefix), the kernel's
** (kernel_prefix), Redis's (redis_prefix), Open MPI's (mpi_prefix);
** sbt's level tag (level_tag). */
static void strip_runner_prefix(const char **line, size_t *n)
{
	size_t i = 0;

	if ((i = ray_prefix(*line, *n)) || (i = relay_prefix(*line, *n)) ||
	    (i = glog_prefix(*line, *n))) {
		*line += i;
		*n -= i;
		i = 0;
	}

	if (*n > 20 && isdigit((unsigned char)(*line)[0]) && (*line)[4] == '-' &&
	    (*line)[10] == 'T') {
		const char *sp = memchr(*line, ' ', *n < 48 ? *n : 48);
		if (sp && (size_t)(sp - *line) + 10 <= *n &&
		    (!memcmp(sp, " stderr ", 8) || !memcmp(sp, " stdout ", 8)) &&
		    (sp[8] == 'F' || sp[8] == 'P') && sp[9] == ' ') {
			*n -= (size_t)(sp + 10 - *line);
			*line = sp + 10;
		} else if (sp && sp[-1] == 'Z' && (*line)[13] == ':') {
			/* a CI runner's UTC time alone:
			** "2023-02-15T21:47:09.8887505Z " */
			*n -= (size_t)(sp + 1 - *line);
			*line = sp + 1;
		}
	}

	while (i < *n && i < 4 && isdigit((unsigned char)(*line)[i]))
		i++;
	if (i && i + 1 < *n && (*line)[i] == ':' && (*line)[i + 1] == ' ') {
		*line += i + 2;
		*n -= i + 2;
	}
	if ((i = level_tag(*line, *n))) {
		*line += i;
		*n -= i;
		i = 0;
	}
	while (*n && (*line)[0] == '>' && (*n == 1 || (*line)[1] == ' ' ||
	       (*line)[1] == '>')) {
		i = (*n > 1 && (*line)[1] == ' ') ? 2 : 1;
		*line += i;
		*n -= i;
	}
	if ((i = clickhouse_prefix(*line, *n)) || (i = logger_prefix(*line, *n)) ||
	    (i = android_prefix(*line, *n)) || (i = kernel_prefix(*line, *n)) ||
	    (i = redis_prefix(*line, *n)) || (i = mpi_prefix(*line, *n))) {
		*line += i;
		*n -= i;
	}
	strip_inline_code(line, n);
}

/* Whether a paste cut a report's word in two between a and b
** ("...int shape::f(int): Assert" / "ion `v < n' failed."): some
** event's literal ends a and goes on at the start of b. Only a cut
** inside a word is tried. */
static int hint_across(const triage_parser *p, const char *a, size_t na,
	const char *b, size_t nb)
{
	size_t f, i, k;

	if (!na || !nb || isspace((unsigned char)a[na - 1]) ||
	    isspace((unsigned char)b[0]))
		return 0;
	for (f = 0; f < tri_nformats; f++) {
		const tri_format *fmt = &tri_formats[f];
		for (i = 0; i < fmt->npatterns; i++) {
			const tri_pattern *pat = &fmt->patterns[i];
			size_t h = p->pats[f][i].hint_len;
			if (!pat->hint || (pat->role != R_EVENT && pat->role != R_NEXTMSG))
				continue;
			for (k = 1; k < h; k++)
				if (k <= na && h - k <= nb && a[na - k] == pat->hint[0] &&
				    !memcmp(a + na - k, pat->hint, k) &&
				    !memcmp(b, pat->hint + k, h - k))
					return 1;
		}
	}
	return 0;
}

static int blank(const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s))
		s++, n--;
	return !n;
}

/* The line after the one at *nl (its runner prefix cut), or NULL. */
static const char *next_line(const char *nl, const char *end, size_t *n,
	const char **nlp)
{
	const char *next, *nnl;

	if (!nl || nl + 1 >= end)
		return NULL;
	next = nl + 1;
	nnl = memchr(next, '\n', (size_t)(end - next));
	*n = nnl ? (size_t)(nnl - next) : (size_t)(end - next);
	if (*n && next[*n - 1] == '\r')
		(*n)--;
	*nlp = nnl;
	strip_runner_prefix(&next, n);
	return next;
}

/* How many more brackets s opens than it closes. */
static int bracket_depth(const char *s, size_t n)
{
	int d = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '(' || s[i] == '[' || s[i] == '{')
			d++;
		else if (s[i] == ')' || s[i] == ']' || s[i] == '}')
			d--;
	return d;
}

/* A message line a paste wrapped inside its brackets ("... { kind:
** InvalidDigit " / "}"): when the line is as long as a box's width and
** the next line closes what it left open, ev's message is both, joined
** in p->joined, and *nl moves to the end of the next line. */
static int join_wrapped_message(triage_parser *p, tri_event *ev,
	const char *nl, const char *end, const char **nlp)
{
	const char *next, *nnl = NULL;
	size_t nn = 0, n = ev->msg.n;
	int d;
	char *at;

	if (n < JOIN_MIN || (d = bracket_depth(ev->msg.p, n)) <= 0 ||
	    !(next = next_line(nl, end, &nn, &nnl)) || !nn ||
	    bracket_depth(next, nn) != -d ||
	    !(at = joined_put(p, ev->msg.p, n, next, nn, NULL, 0)))
		return 0;
	ev->msg.p = at;
	ev->msg.n = n + nn;
	*nlp = nnl;
	return 1;
}

void tri_scan_log(triage_parser *p, const char *log, size_t len)
{
	tri_scan *s = &p->scan;
	scan_state ss;
	const char *line = log, *end = log + len, *last = end;
	size_t k;

	s->nevents = s->nstacks = s->nframes = 0;
	s->want_msg = s->want_inner = 0;
	s->last_line = 0;
	p->joined.len = 0;
	if (p->joined.cap < JOIN_ROOM)
		buf_grow(&p->joined, JOIN_ROOM);
	for (k = 0; k < FAM_COUNT; k++)
		ss.open[k] = -1;
	ss.lineno = 0;
	ss.at_end = 0;
	/* where the last line that is not blank starts */
	while (last > log && isspace((unsigned char)last[-1]))
		last--;
	while (last > log && last[-1] != '\n')
		last--;
	const char *prev = NULL;
	size_t nprev = 0;

	while (line < end) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		const char *text = line;
		int got = 0;

		ss.lineno++;
		if (n && line[n - 1] == '\r')
			n--;
		strip_runner_prefix(&text, &n);
		ss.at_end = line == last;
		if (s->want_inner) {
			/* "... raised:" then the exception it wraps */
			s->want_inner = 0;
			if (s->nevents && n && take_exception(&s->events[s->nevents - 1],
			    text, n))
				got = LINE_CLAIMED;
		}
		if (got) {
			/* taken above */
		} else if (s->want_msg) {
			s->want_msg = 0;
			if (s->nevents) {
				tri_event *ev = &s->events[s->nevents - 1];
				ev->msg.p = text;
				ev->msg.n = n;
				if (join_wrapped_message(p, ev, nl, end, &nl))
					ss.lineno++;
			}
			got = LINE_CLAIMED;
		} else if (n > 0 && n <= MAX_LINE) {
			const char *d;
			size_t dn;
			if ((d = despaced(p, text, n, &dn))) {
				text = d;
				n = dn;
			}
			got = scan_line(p, &ss, text, n);
		}
		if (!blank(text, n))
			s->last_line = ss.lineno;
		/* a report's word cut in two: this line is its second half */
		if (!got && prev && nprev >= JOIN_MIN && hint_across(p, prev, nprev, text, n))
			got = LINE_NEAR_EVENT;
		if (got == LINE_NEAR_EVENT) {
			const char *next, *next2 = NULL, *nnl = NULL, *nnl2 = NULL;
			size_t nn = 0, nn2 = 0, skip = 0;

			next = next_line(nl, end, &nn, &nnl);
			if (next)
				next2 = next_line(nnl, end, &nn2, &nnl2);
			/* the rest of the line before, of this one, or of three
			** pieces (a report broken twice) */
			if (prev && (nprev >= JOIN_MIN || ends_in_colon(prev, nprev)) &&
			    scan_joined(p, &ss, prev, nprev, text, n, NULL, 0))
				skip = 0;
			else if (next && n >= JOIN_MIN &&
			    scan_joined(p, &ss, text, n, next, nn, NULL, 0))
				skip = 1;
			else if (next && prev && nprev >= JOIN_MIN && n >= JOIN_MIN &&
			    scan_joined(p, &ss, prev, nprev, text, n, next, nn))
				skip = 1;
			else if (next2 && n >= JOIN_MIN && nn >= JOIN_MIN &&
			    scan_joined(p, &ss, text, n, next, nn, next2, nn2))
				skip = 2;
			else
				skip = 3;
			if (skip < 3) {
				ss.lineno += skip;
				s->last_line = ss.lineno;
				line = skip == 0 ? (nl ? nl + 1 : end) :
					skip == 1 ? (nnl ? nnl + 1 : end) : (nnl2 ? nnl2 + 1 : end);
				prev = NULL;
				continue;
			}
		}
		/* a line that is part of a report is no first half */
		prev = got == LINE_CLAIMED ? NULL : text;
		nprev = n;
		line = nl ? nl + 1 : end;
	}
}

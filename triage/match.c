/*
** Similarity of crash signatures: the same bug seen through another
** build (inlining, -O level, symbols or not), another tool (gdb against
** a sanitizer or LLVM's own stack dump) or another version.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "parse.h"


typedef struct mframe {
	const char *name, *where, *line;
	size_t nname, nwhere, nline;
	int callers;   /* the line is a caller's: the frame is in a header */
} mframe;

typedef struct mtext {
	const char *cls, *msg, *site, *code, *asite;
	size_t ncls, nmsg, nsite, ncode, nasite;
	mframe f[TRIAGE_MATCH_FRAMES];
	size_t n;
} mtext;

static const char *line_end(const char *s)
{
	const char *e = strchr(s, '\n');
	return e ? e : s + strlen(s);
}

static void split(mtext *m, const char *s)
{
	const char *e;

	memset(m, 0, sizeof(*m));
	e = line_end(s);
	m->cls = s;
	m->ncls = (size_t)(e - s);
	/* "class<TAB>site": where the report itself says the crash is */
	if ((m->site = memchr(s, '\t', m->ncls))) {
		m->ncls = (size_t)(m->site - s);
		m->site++;
		m->nsite = (size_t)(e - m->site);
		/* "class<TAB>site<TAB>code": the addresses that crashed */
		if ((m->code = memchr(m->site, '\t', m->nsite))) {
			m->nsite = (size_t)(m->code - m->site);
			m->code++;
			m->ncode = (size_t)(e - m->code);
		}
		/* "=f.h:175": an assertion's file and line, compared
		** only across spellings of its line (message_compatible) */
		if (m->nsite && m->site[0] == '=') {
			m->asite = m->site + 1;
			m->nasite = m->nsite - 1;
			m->nsite = 0;
		}
	}
	if (!*e)
		return;
	s = e + 1;
	e = line_end(s);
	m->msg = s;
	m->nmsg = (size_t)(e - s);
	while (*e && m->n < TRIAGE_MATCH_FRAMES) {
		const char *tab;
		mframe *f = &m->f[m->n++];
		s = e + 1;
		e = line_end(s);
		tab = memchr(s, '\t', (size_t)(e - s));
		if (!tab)
			tab = e;
		f->name = s;
		f->nname = (size_t)(tab - s);
		f->where = tab < e ? tab + 1 : e;
		f->nwhere = (size_t)(e - f->where);
		/* "name<TAB>where<TAB>line": the crashing frame's line */
		if ((tab = memchr(f->where, '\t', f->nwhere))) {
			f->line = tab + 1;
			f->nline = (size_t)(e - f->line);
			f->nwhere = (size_t)(tab - f->where);
			/* "name<TAB>where<TAB>line<TAB>^": a caller's line */
			if ((tab = memchr(f->line, '\t', f->nline))) {
				f->callers = 1;
				f->nline = (size_t)(tab - f->line);
			}
		}
		if (!f->nname && !f->nwhere)
			m->n--;  /* nothing to compare it by */
	}
}

static int same(const char *a, size_t na, const char *b, size_t nb)
{
	return na && na == nb && !memcmp(a, b, na);
}

/* A frame is the same by its name, or, when a name is missing on one
** side, by module and address. */
static int where_same(const mframe *a, const mframe *b)
{
	const char *x = a->where, *y = b->where;
	size_t nx = a->nwhere, ny = b->nwhere;

	if (nx && ny && (x[0] == '@' || y[0] == '@')) {
		/* one side does not know the module: the address decides */
		const char *ax = memchr(x, '@', nx), *ay = memchr(y, '@', ny);
		if (!ax || !ay)
			return 0;
		nx -= (size_t)(ax - x);
		ny -= (size_t)(ay - y);
		x = ax;
		y = ay;
	}
	return same(x, nx, y, ny);
}

static int frame_same(const mframe *a, const mframe *b)
{
	if (a->nname && b->nname)
		return same(a->name, a->nname, b->name, b->nname) ||
			where_same(a, b);
	return where_same(a, b);
}

static int starts_with(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n >= k && !memcmp(s, w, k);
}

/* ASan's "READ"/"WRITE": the kind of access, nothing of the bug. */
static int access_only(const mtext *m)
{
	return same(m->msg, m->nmsg, "READ", 4) || same(m->msg, m->nmsg, "WRITE", 5);
}

/* Equal once runs of digits are left out: "name: nope32" "name: nope7". */
static int same_but_digits(const char *a, size_t na, const char *b, size_t nb)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < na && a[i] >= '0' && a[i] <= '9')
			i++;
		while (j < nb && b[j] >= '0' && b[j] <= '9')
			j++;
		if (i == na || j == nb)
			return i == na && j == nb;
		if (a[i++] != b[j++])
			return 0;
	}
}

/* Whether both are assertions at one line of one file. */
static int same_assert_site(const mtext *a, const mtext *b)
{
	return !a->nasite || !b->nasite ||
		(a->nasite == b->nasite && !memcmp(a->asite, b->asite, a->nasite));
}

/* Whether a is b cut after a good part of it (24 bytes or more). */
static int cut_short(const char *a, size_t na, const char *b, size_t nb)
{
	return na >= 24 && na < nb && !memcmp(a, b, na);
}

/*
** A Rust panic's message ends with its line ("... at f.rs:515"), which
** moves a little from version to version: the same words at a line at
** most PANIC_DRIFT away are compatible, and the frames decide.
*/
#define PANIC_DRIFT 16

static int panic_moved(const mtext *a, const mtext *b)
{
	size_t ka = a->nmsg, kb = b->nmsg;
	long la = 0, lb = 0, m = 1;

	if (!same(a->cls, a->ncls, "rust-panic", 10))
		return 0;
	for (; ka && a->msg[ka - 1] >= '0' && a->msg[ka - 1] <= '9' && m < 100000000; m *= 10)
		la += (a->msg[--ka] - '0') * m;
	for (m = 1; kb && b->msg[kb - 1] >= '0' && b->msg[kb - 1] <= '9' && m < 100000000; m *= 10)
		lb += (b->msg[--kb] - '0') * m;
	return ka && ka < a->nmsg && kb < b->nmsg && a->msg[ka - 1] == ':' &&
		same(a->msg, ka, b->msg, kb) && labs(la - lb) <= PANIC_DRIFT;
}

/*
** Messages: equal, or one side has none (a debugger's capture of a
** sanitizer's report), or two assertion lines of one condition in one
** function, one of them spelled by macOS libc ("function f" has no
** class nor template arguments) or by Microsoft's (no function).
*/
static int message_compatible(const mtext *a, const mtext *b)
{
	const char *ca, *cb;

	if (!a->nmsg || !b->nmsg)
		return 1;
	if (same(a->msg, a->nmsg, b->msg, b->nmsg))
		return 1;
	/* ASan says only which access faulted; UBSan or another tool
	** names the same fault in its own words. */
	if (access_only(a) != access_only(b))
		return 1;
	/* A message cut by a paste or a narrow box: the rest is lost. */
	if (cut_short(a->msg, a->nmsg, b->msg, b->nmsg) ||
	    cut_short(b->msg, b->nmsg, a->msg, a->nmsg))
		return 1;
	/* An exception's message quotes numbers from the input. */
	if ((starts_with(a->cls, a->ncls, "python:") ||
	     starts_with(a->cls, a->ncls, "node:")) &&
	    same_but_digits(a->msg, a->nmsg, b->msg, b->nmsg))
		return 1;
	if (panic_moved(a, b))
		return 1;
	ca = memmem(a->msg, a->nmsg, ": ", 2);
	cb = memmem(b->msg, b->nmsg, ": ", 2);
	if (!ca || !cb)
		return 0;
	{
		size_t ra = a->nmsg - (size_t)(ca - a->msg), rb = b->nmsg - (size_t)(cb - b->msg);
		size_t fa = (size_t)(ca - a->msg), fb = (size_t)(cb - b->msg);
		const char *short_f, *long_f;
		size_t ns, nl;
		if (!same(ca, ra, cb, rb))
			return 0;
		/* The same check at another line of its file: another
		** version of a header every caller goes through, as likely
		** another caller's bug as this one's. */
		if (!same_assert_site(a, b))
			return 0;
		/* one function name is the other's last component */
		if (fa <= fb) {
			short_f = a->msg; ns = fa; long_f = b->msg; nl = fb;
		} else {
			short_f = b->msg; ns = fb; long_f = a->msg; nl = fa;
		}
		if (memchr(short_f, ':', ns) || memmem(short_f, ns, " [", 2))
			return 0;
		{
			const char *br = memmem(long_f, nl, " [", 2);
			size_t end = br ? (size_t)(br - long_f) : nl;
			while (end && long_f[end - 1] == ' ')
				end--;
			/* (Microsoft's C runtime names no function) */
			return !ns || (end >= ns && !memcmp(long_f + end - ns, short_f, ns) &&
				(end == ns || long_f[end - ns - 1] == ':'));
		}
	}
}

/* Whether the first two frames of a appear, in order, among the first
** depth of b. */
static int head_among(const mtext *a, const mtext *b, size_t depth)
{
	size_t i, j = 0, want = a->n < 2 ? a->n : 2, nb = b->n < depth ? b->n : depth;
	int named = 0;

	if (!want || (want < 2 && b->n >= 2))
		return 0;  /* one frame against a stack: too little to go on */
	for (i = 0; i < nb && j < want; i++)
		if (frame_same(&a->f[j], &b->f[i])) {
			named |= a->f[j].nname && b->f[i].nname;
			j++;
		}
	/* One address alone is weak: within one build, two bugs' stacks
	** end in the same caller. */
	return j == want && (named || want == 2);
}

/* The same stack with one frame inlined away on top: a's first two
** among b's first three. */
static int head_within(const mtext *a, const mtext *b)
{
	return head_among(a, b, 3);
}

/* A message that says what went wrong, beyond ASan's access kind. */
static int says_what(const mtext *m)
{
	return m->nmsg && !access_only(m);
}

/*
** An assertion in a template or in the standard library is a check of
** its callers' arguments (SmallVector::operator[], std::vector's
** bounds): the bug is in a caller, and the crashing frame alone does
** not name it.
*/
static const char *last_part(const char *s, size_t *n)
{
	size_t i = *n;

	while (i > 1 && !(s[i - 1] == ':' && s[i - 2] == ':'))
		i--;
	if (i <= 1)
		return s;
	*n -= i;
	return s + i;
}

static int library_check(const mtext *m)
{
	const char *c = memmem(m->msg, m->nmsg, ": ", 2), *br, *fn, *top;
	size_t nf, nt = m->f[0].nname;

	if (!c)
		return 0;
	nf = (size_t)(c - m->msg);
	if (!starts_with(m->msg, m->nmsg, "std::") &&
	    !memmem(m->msg, nf, " [", 2))
		return 0;
	/* It is a caller's fault only when the checking function itself is
	** the crashing frame; a debugger names std:: frames, and those are
	** not in the stack compared. */
	if ((br = memmem(m->msg, nf, " [", 2)))
		nf = (size_t)(br - m->msg);
	fn = last_part(m->msg, &nf);
	top = last_part(m->f[0].name, &nt);
	return same(fn, nf, top, nt);
}

/*
** The crash site: the same named frame crashed, for a reason that is
** said (an ASan error class, a UBSan message, an assertion, an
** exception), whatever called it. A bare signal in a shared helper
** (a null "this" in a getter) says nothing of which caller is at
** fault, nor does a check of the arguments by a library template.
*/
static int same_crash_site(const mtext *a, const mtext *b)
{
	int bare = same(a->cls, a->ncls, "signal", 6) || same(a->cls, a->ncls, "ABRT", 4);

	if (!a->f[0].nname || !same(a->f[0].name, a->f[0].nname, b->f[0].name,
	    b->f[0].nname))
		return 0;
	/* An inline helper of a header (a getter a use-after-free reads
	** through) is every caller's crash site, and its statement is its
	** caller's (see add_statement in sig.c): at two statements, the
	** callers must agree. */
	if ((a->f[0].callers || b->f[0].callers) && a->f[0].nline && b->f[0].nline &&
	    !same(a->f[0].line, a->f[0].nline, b->f[0].line, b->f[0].nline) &&
	    (a->n < 2 || b->n < 2 || !frame_same(&a->f[1], &b->f[1])))
		return 0;
	/* A bare signal needs the statement too: the same line of the same
	** function, as debug information names it. */
	if (bare && !says_what(a) && !says_what(b) &&
	    !same(a->f[0].line, a->f[0].nline, b->f[0].line, b->f[0].nline))
		return 0;
	return !library_check(a) && !library_check(b);
}

/* A header's line is shared by every caller of what it defines (a
** template, an inline helper of a library): no statement of one bug. */
static int header_line(const mframe *f)
{
	const char *colon = memchr(f->line, ':', f->nline), *dot;
	size_t i;

	if (!colon || colon == f->line)
		return 1;  /* no file: the line alone names nothing */
	for (dot = NULL, i = 0; f->line + i < colon; i++)
		if (f->line[i] == '.')
			dot = f->line + i;
	if (!dot)
		return 1;  /* <vector>, stl headers have no extension */
	return colon - dot <= 4 && (dot[1] == 'h' || dot[1] == 'H' ||
		(colon - dot == 4 && !memcmp(dot, ".inc", 4)) ||
		(colon - dot == 4 && !memcmp(dot, ".def", 4)));
}

/*
** The same statement crashed: the crashing frames' file and line are
** one, whatever each tool calls the function it is in (a debugger names
** the function everything was inlined into, main, where another names
** the inlined one). Not a header's line: that is every caller's. Nor
** when a side is main alone: code of two bugs inlined into main may be
** merged by the optimiser into one instruction, which debug information
** then gives one of the two lines.
*/
static int same_statement(const mtext *a, const mtext *b)
{
	if (!a->n || !b->n || !a->f[0].nline || starts_with(a->f[0].name,
	    a->f[0].nname, "main:") || starts_with(b->f[0].name, b->f[0].nname, "main:") ||
	    !same(a->f[0].line, a->f[0].nline, b->f[0].line, b->f[0].nline))
		return 0;
	return !header_line(&a->f[0]) && !library_check(a) && !library_check(b);
}

static int named(const mtext *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->f[i].nname)
			return 1;
	return 0;
}

/* Whether an assertion's function, before ": ", has its template
** arguments ("llvm::cast [To = X, From = Y]"); macOS libc prints none. */
static int template_args(const mtext *m)
{
	const char *c = memmem(m->msg, m->nmsg, ": ", 2);

	return c && memmem(m->msg, (size_t)(c - m->msg), " [", 2) != NULL;
}

/* Without frames to compare, only a message that names the bug: an
** assertion's function and condition (unless the standard library's own
** check, std::vector::operator[], where every such bug ends), a fatal
** error's words, a panic with its location, rustc's report of its own
** bug (which starts with the location). A template's check spelled
** without its arguments (macOS) may be any of its instances': it names
** no bug of one. */
static int message_names_bug(const mtext *a, const mtext *b)
{
	/* (an assert!'s condition is source text that names its check, as
	** an assertion's does: at a line moved by another version too) */
	if (same(a->cls, a->ncls, "rust-panic", 10))
		return same(a->msg, a->nmsg, b->msg, b->nmsg) ||
			(starts_with(a->msg, a->nmsg, "assertion failed: ") &&
			 panic_moved(a, b));
	if (same(a->cls, a->ncls, "rust-ice", 8))
		return same(a->msg, a->nmsg, b->msg, b->nmsg);
	if (template_args(a) != template_args(b))
		return 0;
	/* a cut message may have lost what told two conditions apart */
	if (cut_short(a->msg, a->nmsg, b->msg, b->nmsg) ||
	    cut_short(b->msg, b->nmsg, a->msg, a->nmsg))
		return 0;
	return a->nmsg && b->nmsg &&
		memmem(a->msg, a->nmsg, ": ", 2) && memmem(b->msg, b->nmsg, ": ", 2) &&
		same(a->cls, a->ncls, "ABRT", 4) &&
		!starts_with(a->msg, a->nmsg, "std::") &&
		!starts_with(b->msg, b->nmsg, "std::");
}

/*
** An assertion's line pasted without its stack, and the same crash's
** stack pasted without that line (from "Stack dump:" on, an abort that
** says nothing else): the function the assertion names is the crashing
** frame. Not a check of its callers' arguments (a template's, the
** standard library's), which every caller's bug fails alike.
*/
static int assertion_site(const mtext *a, const mtext *b)
{
	const char *c;
	size_t nf;

	if (a->n || !a->nasite || !b->n || b->nmsg || !b->f[0].nname ||
	    !same(a->cls, a->ncls, "ABRT", 4) || starts_with(a->msg, a->nmsg, "std::") ||
	    template_args(a) || !(c = memmem(a->msg, a->nmsg, ": ", 2)))
		return 0;
	nf = (size_t)(c - a->msg);
	return same(a->msg, nf, b->f[0].name, b->f[0].nname);
}

/* One place of a code line: "OFF" (offset in the program) or "~PPP"
** (within its page only). Two are the same where both say. */
static int place_same(const char *a, size_t na, const char *b, size_t nb)
{
	if (a[0] != '~' && b[0] != '~')
		return same(a, na, b, nb);
	return na >= 3 && nb >= 3 && !memcmp(a + na - 3, b + nb - 3, 3);
}

/* The next place of a code line at *s (up to end); 0 at the end. */
static int next_place(const char **s, const char *end, const char **p, size_t *n)
{
	const char *sp;

	if (*s >= end)
		return 0;
	*p = *s;
	sp = memchr(*s, ' ', (size_t)(end - *s));
	*n = (size_t)((sp ? sp : end) - *s);
	*s = sp ? sp + 1 : end;
	return 1;
}

/* The first n known places of a code line (a leading "?" skipped). */
static size_t places(const mtext *m, const char **p, size_t *n, size_t most)
{
	const char *s = m->code, *end = m->code + m->ncode;
	size_t k = 0;

	while (k < most && next_place(&s, end, &p[k], &n[k]))
		if (p[k][0] != '?')
			k++;
	return k;
}

/* Whether the first two places of a appear, in order, among the first
** three of b: one frame more on one side (a helper inlined in one build
** of the pair's shared code, a library frame one log names and skips). */
static int code_within(const mtext *a, const mtext *b)
{
	const char *pa[2], *pb[3];
	size_t na[2], nb[3], i, j = 0, ka = places(a, pa, na, 2), kb = places(b, pb, nb, 3);

	if (ka < 2)
		return 0;
	for (i = 0; i < kb && j < 2; i++)
		if (place_same(pa[j], na[j], pb[i], nb[i]))
			j++;
	return j == 2;
}

/*
** The same machine code crashed: two places of the program, the crashing
** instruction and the return address below it, agree (one frame more on
** one side allowed), so the two logs are of one build and one call (see
** set_code in sig.c). It is what a stripped build's report keeps: ASan's
** module+offset, gdb's and lldb's addresses of one program, and those a
** symbolised report of the same build prints next to its names (-g
** changes no instruction). Where a log gives only an address under ASLR,
** its offset within the page is compared. Two places, as for two frames
** matched by address alone; never the crashing instruction alone (a page
** holds 4096 places, and many builds are compared), nor when both sides
** name their frames (names decide then).
*/
static int same_code(const mtext *a, const mtext *b)
{
	if (!a->ncode || !b->ncode || (named(a) && named(b)))
		return 0;
	return code_within(a, b) || code_within(b, a);
}

/*
** A build that inlined the crashing callees and kept no record of it
** gives their code the line of the call that brought them in: the
** top frame is a caller of the other stack's crashing frame, at the
** very statement that stack shows it calling from, and their callers
** agree. (Without lines, one frame on top of another may be any of
** its callees: see head_within.)
*/
static int call_within(const mtext *a, const mtext *b)
{
	size_t k;

	if (!a->f[0].nname || !a->f[0].nline || header_line(&a->f[0]) ||
	    starts_with(a->f[0].name, a->f[0].nname, "main:"))
		return 0;
	for (k = 1; k < b->n && k < 3; k++)
		if (same(a->f[0].name, a->f[0].nname, b->f[k].name, b->f[k].nname))
			return same(a->f[0].line, a->f[0].nline, b->f[k].line,
				b->f[k].nline) && (a->n < 2 || k + 1 >= b->n ||
				frame_same(&a->f[1], &b->f[k + 1]));
	return 0;
}

/*
** A Rust panic says the line that panicked. The same words at the same
** line, and a's top two frames further down b's stack: a paste that
** starts lower in the same backtrace (the panic's own frames cut), or
** a version that inlined a helper. Not the line alone: a panic inside a
** library ("already borrowed" in its RefCell) is every caller's.
*/
static int panic_within(const mtext *a, const mtext *b)
{
	return same(a->cls, a->ncls, "rust-panic", 10) && a->nmsg &&
		same(a->msg, a->nmsg, b->msg, b->nmsg) && a->n >= 2 &&
		head_among(a, b, b->n);
}

int triage_match_similar(const char *sa, const char *sb)
{
	mtext a, b;

	if (!sa || !sb || !*sa || !*sb)
		return 0;
	split(&a, sa);
	split(&b, sb);
	if (!same(a.cls, a.ncls, b.cls, b.ncls) || !message_compatible(&a, &b))
		return 0;
	/* The report's own location (UBSan's file:line), stripped binary
	** or not, with the same message (or one cut by a paste). */
	if (same(a.site, a.nsite, b.site, b.nsite) && (same(a.msg, a.nmsg, b.msg, b.nmsg) ||
	    cut_short(a.msg, a.nmsg, b.msg, b.nmsg) || cut_short(b.msg, b.nmsg, a.msg, a.nmsg)))
		return 1;
	/* Two statements that each report names are two bugs, whatever the
	** stacks say (-Os merges the checks' handler calls, and debug
	** information then gives them one function). */
	if (a.nsite && b.nsite && !same(a.site, a.nsite, b.site, b.nsite))
		return 0;
	if (same_code(&a, &b))
		return 1;
	if (!a.n || !b.n)
		return message_names_bug(&a, &b) || assertion_site(&a, &b) ||
			assertion_site(&b, &a);
	/* A stripped program's frames have no names to compare across
	** builds: the message, if it names the bug, still does. */
	if ((!named(&a) || !named(&b)) && message_names_bug(&a, &b))
		return 1;
	if (same_crash_site(&a, &b) || same_statement(&a, &b))
		return 1;
	/* Inlining adds or removes a frame on top; the callers stay. */
	return head_within(&a, &b) || head_within(&b, &a) ||
		call_within(&a, &b) || call_within(&b, &a) ||
		panic_within(&a, &b) || panic_within(&b, &a);
}

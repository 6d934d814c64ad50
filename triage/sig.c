/*
** Signatures: picks the crash report of a scanned log, normalises its
** stack, and builds the key (kind, message, top frames) and its hash.
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse.h"

#define MAX_DISPLAY 64
#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define BINARY_SAMPLE 65536

void triage_options_init(triage_options *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->frames = TRIAGE_FRAMES_DEFAULT;
	opts->max_bytes = TRIAGE_MAX_BYTES_DEFAULT;
}

int triage_parser_new(triage_parser **out, const triage_options *opts,
	gred_error *e)
{
	triage_parser *p = xcalloc(1, sizeof(*p));
	size_t i;

	if (opts)
		p->opts = *opts;
	else
		triage_options_init(&p->opts);
	if (p->opts.frames < 1)
		p->opts.frames = 1;
	for (i = 0; i < p->opts.nignore; i++)
		buf_printf(&p->user_ignore, "%s(?:%s)",
			p->user_ignore.len ? "|" : "", p->opts.ignore[i]);
	p->opts.ignore = NULL;
	p->opts.nignore = 0;
	if (tri_compile(p, e) < 0) {
		triage_parser_free(p);
		return -1;
	}
	*out = p;
	return 0;
}

void triage_parser_free(triage_parser *p)
{
	size_t f, i;

	if (!p)
		return;
	if (p->pats) {
		for (f = 0; f < tri_nformats; f++) {
			if (!p->pats[f])
				continue;
			for (i = 0; i < tri_formats[f].npatterns; i++)
				if (p->pats[f][i].re)
					pcre2_code_free(p->pats[f][i].re);
			free(p->pats[f]);
		}
		free(p->pats);
	}
	if (p->md)
		pcre2_match_data_free(p->md);
	if (p->ignore_re)
		pcre2_code_free(p->ignore_re);
	if (p->cut_re)
		pcre2_code_free(p->cut_re);
	if (p->driver_re)
		pcre2_code_free(p->driver_re);
	buf_free(&p->user_ignore);
	buf_free(&p->tmp);
	buf_free(&p->unwrapped);
	buf_free(&p->joined);
	buf_free(&p->assert_lines);
	free(p->scan.events);
	free(p->scan.stacks);
	free(p->scan.frames);
	free(p);
}

int triage_parser_load_ignore(triage_parser *p, const char *path,
	gred_error *e)
{
	char *data, *line, *next;
	size_t len;
	int err;
	gred_buf old = {0};

	if (file_read(&data, &len, path, 1 << 20, e) < 0)
		return -1;
	if (p->user_ignore.len)
		buf_append(&old, p->user_ignore.data, p->user_ignore.len);
	for (line = data; line && *line; line = next) {
		size_t n;
		next = strchr(line, '\n');
		n = next ? (size_t)(next - line) : strlen(line);
		if (next)
			next++;
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
			n--;
		if (!n || line[0] == '#')
			continue;
		buf_printf(&p->user_ignore, "%s(?:%.*s)",
			p->user_ignore.len ? "|" : "", (int)n, line);
	}
	free(data);
	if ((err = tri_compile_ignores(p, e)) < 0) {
		gred_errorf(e, "%s: %s", path, e ? e->msg : "bad pattern");
		/* keep the parser usable with the patterns it had */
		buf_free(&p->user_ignore);
		p->user_ignore = old;
		tri_compile_ignores(p, NULL);
		return err;
	}
	buf_free(&old);
	return 0;
}

static int matches(pcre2_code *re, pcre2_match_data *md, const char *s,
	size_t n)
{
	return n && pcre2_match(re, (PCRE2_SPTR)s, n, 0, 0, md, NULL) >= 0;
}

/* An abort that says nothing of why: a signal, a sanitizer's ABRT. */
static int is_abort(const tri_event *ev)
{
	if (ev->pat->role == R_SIGNAL)
		return ev->sigkind && !strcmp(ev->sigkind, "abort");
	return ev->kind.n == 4 && !memcmp(ev->kind.p, "ABRT", 4);
}

/* A Rust panic whose payload is not text: rustc's bug!() and span_bug!()
** panic with "Box<dyn Any>" ("Box<Any>" before 2018), the same words for
** every such bug; what the bug is was said on the "internal compiler
** error" line before it. */
static int placeholder_panic(const tri_event *ev)
{
	static const char *const payloads[] = {"Box<dyn Any>", "Box<Any>"};
	size_t i;

	if (!ev->pat->kind || strcmp(ev->pat->kind, "rust-panic"))
		return 0;
	for (i = 0; i < N_ELEMS(payloads); i++)
		if (ev->msg.n == strlen(payloads[i]) &&
		    !memcmp(ev->msg.p, payloads[i], ev->msg.n))
			return 1;
	return 0;
}

/* An event's rank: its pattern's, a placeholder panic's below rustc's
** own report of the bug. */
static int event_prio(const tri_event *ev)
{
	return ev->pat->prio + (placeholder_panic(ev) ? 2 : 0);
}

/* Whether a stack of ev's family with frames comes after it. */
static int framed_after(const tri_scan *s, const tri_event *ev)
{
	size_t i;

	for (i = 0; i < s->nstacks; i++)
		if (s->stacks[i].family == ev->fmt->family &&
		    s->stacks[i].lineno >= ev->lineno && tri_stack_counts(&s->stacks[i]))
			return 1;
	return 0;
}

/* Lower wins; among equals the first, which is where a crash starts.
** The message of the last "fatal error" line before an abort that has
** none becomes its message. */
static tri_event *pick_event(tri_scan *s)
{
	tri_event *best = NULL;
	size_t i;

	for (i = 0; i < s->nevents; i++) {
		tri_event *ev = &s->events[i];
		if (!ev->pat)
			continue;
		if (ev->pending && (ev->stack < 0 || s->stacks[ev->stack].n == 0) &&
		    !((ev->pat->flags & TRI_FRAMED) && framed_after(s, ev)))
			continue;
		if (ev->pat->prio >= TRI_PRIO_MESSAGE)
			continue;
		if (!best || event_prio(ev) < event_prio(best))
			best = ev;
	}
	if (best && !best->msg.n && is_abort(best))
		for (i = 0; i < s->nevents && s->events[i].lineno <= best->lineno; i++)
			if (s->events[i].pat && s->events[i].pat->prio == TRI_PRIO_MESSAGE)
				best->msg = s->events[i].msg;
	return best;
}

/* A debugger prints the stop frame alone, then `bt` prints the whole
** stack from the same frame #0: the whole one is the stack. */
static long longer_restart(const tri_scan *s, size_t i)
{
	size_t j, seen = 0, from = s->stacks[i].lineno;

	/* Other families' stacks may come between: lldb's own Python
	** errors print tracebacks. */
	for (j = i + 1; j < s->nstacks && seen < 2 &&
	     s->stacks[j].lineno < from + 200; j++) {
		if (s->stacks[j].family != s->stacks[i].family ||
		    s->stacks[j].aside != s->stacks[i].aside)
			continue;
		seen++;
		if (s->stacks[j].n > s->stacks[i].n)
			i = j;
	}
	return (long)i;
}

/* The stack of an event: its own, else the first of its family after
** it, else the last one before it. */
static long pick_stack(tri_scan *s, const tri_event *ev, enum tri_family fam)
{
	long before = -1;
	size_t i;

	if (ev && ev->stack >= 0)
		return ev->stack;
	for (i = 0; i < s->nstacks; i++) {
		tri_stack *st = &s->stacks[i];
		if (st->family != fam || !tri_stack_counts(st) || st->aside)
			continue;
		if (!ev || st->lineno >= ev->lineno)
			return longer_restart(s, i);
		before = (long)i;
	}
	/* only threads that did not crash: the first of them, as before */
	for (i = 0; before < 0 && i < s->nstacks; i++) {
		tri_stack *st = &s->stacks[i];
		if (st->family == fam && tri_stack_counts(st) && st->aside &&
		    (!ev || st->lineno >= ev->lineno))
			return longer_restart(s, i);
	}
	for (i = 0; before < 0 && i < s->nstacks; i++)
		if (s->stacks[i].family == fam && tri_stack_counts(&s->stacks[i]))
			before = (long)i;
	return before;
}

/*
** A paste cut in the middle of its last frame's name ("#5 0x55 in
** mlir::Op<mlir::AffineForOp, m"): what is left of the name would tell
** the paste from every other one of its bug. A name is cut when a
** template's or lambda's brackets open before its arguments and never
** close (the name goes on after them), or when a native C++ name
** ("a::b") stops with nothing after it, where a symbolizer prints the
** arguments, a file or a module. Its arguments or location cut are no
** matter: the name is whole.
*/
static int name_cut(const tri_rawframe *fr, enum tri_family fam, int weak)
{
	const char *f = fr->func.p;
	size_t n = fr->func.n, i;
	int depth = 0, first = 0;

	for (i = 0; i < n; i++) {
		char c = f[i];
		if (!depth && c == '(')
			return 0;  /* the arguments came: the name is whole */
		if ((c == '<' || c == '>') && ((i >= 8 && !memcmp(f + i - 8, "operator", 8)) ||
		    (i >= 9 && !memcmp(f + i - 9, "operator", 8))))
			continue;  /* operator<, operator<<, operator>> */
		if (c == '<' || c == '(' || c == '{' || c == '[') {
			if (!depth++)
				first = c;
		} else if ((c == '>' || c == ')' || c == '}' || c == ']') && depth) {
			depth--;
		}
	}
	if (depth)
		return first == '<' || first == '{';
	return n && fam == FAM_NATIVE && !weak && !fr->file.n && !fr->module.n &&
		memmem(f, n, "::", 2) && (isalnum((unsigned char)f[n - 1]) || f[n - 1] == '_');
}

static void drop_cut_frame(tri_scan *s)
{
	size_t i;

	if (!s->nframes || s->frames[s->nframes - 1].lineno != s->last_line)
		return;
	for (i = s->nstacks; i-- > 0;) {
		tri_stack *st = &s->stacks[i];
		if (!st->n)
			continue;
		if (st->first + st->n == s->nframes &&
		    name_cut(&s->frames[s->nframes - 1], st->family, st->weak)) {
			st->n--;
			s->nframes--;
		}
		return;
	}
}

/* Below the C library's entry point (__libc_start_main, _start) every
** program of one build looks the same: those frames name no bug. */
static void ignore_below_entry(triage_sig *sig, const char **mods)
{
	size_t k;
	int seen = 0;

	for (k = 0; k < sig->nstack; k++) {
		const char *f = sig->stack[k].func;
		if (seen) {
			sig->stack[k].ignored = 1;
			continue;
		}
		if (!strncmp(f, "__libc_start", 12) || !strcmp(f, "_start") ||
		    (k > 0 && mods[k] && !strncmp(mods[k], "libc.so", 7) &&
		     !sig->stack[k - 1].ignored))
			seen = 1;
	}
}

/* Builds display frame k of the stack (crash order: innermost first). */
static void make_frame(triage_parser *p, triage_frame *out,
	const tri_rawframe *fr, enum tri_family fam, int *is_abort,
	int *unnamed)
{
	gred_buf *b = &p->tmp;
	const char *base, *mod = NULL;
	size_t bn, mn = 0;

	b->len = 0;
	if (fr->module.n)
		mod = tri_basename(fr->module.p, fr->module.n, &mn);
	if (fam == FAM_PYTHON || fam == FAM_NODE) {
		tri_span fn = fr->func;
		const char *as;
		base = tri_basename(fr->file.p ? fr->file.p : "", fr->file.n, &bn);
		buf_append(b, base, bn);
		buf_puts(b, ":");
		if (fn.n && (as = memmem(fn.p, fn.n, " [as ", 5)))
			fn.n = (size_t)(as - fn.p);
		if (fn.n)
			buf_append(b, fn.p, fn.n);
		else
			buf_puts(b, "<anonymous>");
	} else if (fam == FAM_MANAGED) {
		/* a Go, JVM or Dart frame's dotted name, kept whole (a Dart
		** VM's native frame has none) */
		if (fr->func.n)
			buf_append(b, fr->func.p, fr->func.n < TRI_MAX_NAME ?
				fr->func.n : TRI_MAX_NAME);
	} else if (fr->func.n && fr->func.p[0] == '<' &&
		   memmem(fr->func.p, fr->func.n, ">::", 3)) {
		tri_norm_rust_qualified(b, fr->func.p, fr->func.n);
	} else if (fr->func.n && fr->func.p[0] == '<') {
		buf_append(b, fr->func.p, fr->func.n);  /* <signal handler called> */
	} else if (fr->func.n && !(fr->func.n == 2 && !memcmp(fr->func.p, "??", 2)) &&
		   !(fr->func.n > 22 && !memcmp(fr->func.p, "___lldb_unnamed_symbol", 22))) {
		/* lldb names a stripped function by its number in the
		** symbol table it made up: no name at all. */
		tri_norm_func(b, fr->func.p, fr->func.n);
	}
	if (mod && (fr->off.n || fr->addr.n)) {
		/* The address within its page is the same with or without
		** ASLR, as an address or as module+offset; a versioned tool
		** name (mlir-opt-19) is its plain name. */
		tri_span a = fr->off.n ? fr->off : fr->addr;
		size_t k = a.n > 3 ? a.n - 3 : 0, stem = mn;
		while (stem > 0 && isdigit((unsigned char)mod[stem - 1]))
			stem--;
		if (stem == mn || stem == 0 || mod[stem - 1] != '-')
			stem = mn;
		else
			stem--;
		out->where = xasprintf("%.*s@0x%.*s", (int)stem, mod,
			(int)(a.n - k), a.p + k);
	} else if (fr->addr.n > 3 && fam == FAM_NATIVE) {
		/* A debugger's frame in the program itself names no module. */
		out->where = xasprintf("@0x%.*s", 3, fr->addr.p + fr->addr.n - 3);
	} else {
		out->where = NULL;
	}
	if (!b->len) {
		if (out->where) {
			*unnamed = 1;
			buf_puts(b, out->where);
		} else {
			buf_puts(b, "??");
		}
	}
	if (b->data)
		b->data[b->len] = 0;
	out->func = xstrndup(b->data ? b->data : "", b->len);
	out->file = NULL;
	out->line = fr->line > 0 ? (int)fr->line : 0;
	if (fr->file.n) {
		base = tri_basename(fr->file.p, fr->file.n, &bn);
		out->file = xstrndup(base, bn);
	}
	if (!strcmp(out->func, "abort") || !strcmp(out->func, "__GI_abort"))
		*is_abort = 1;
	out->ignored = matches(p->ignore_re, p->md, out->func, strlen(out->func)) ||
		(mod && matches(p->ignore_re, p->md, mod, mn)) ||
		(fr->file.n && matches(p->ignore_re, p->md, fr->file.p, fr->file.n));
	if (matches(p->cut_re, p->md, out->func, strlen(out->func)))
		out->ignored = 2;
	else if (out->ignored && matches(p->driver_re, p->md, out->func,
		 strlen(out->func)))
		out->ignored = 3;
	if (mod && mn >= 7 && !memcmp(mod, "libc.so", 7) && !out->ignored)
		out->ignored = 1;
}

/* Everything at and above the last signal-handler frame goes, and with
** it the unnamed trampoline frames down to the libc sigreturn frame.
** Returns the index of the frame that was running when the crash hit. */
static size_t cut_handlers(triage_sig *sig, const char **mods)
{
	size_t i, cut = 0, j;
	int found = 0;

	for (i = 0; i < sig->nstack; i++)
		if (sig->stack[i].ignored == 2) {
			cut = i;
			found = 1;
		}
	if (!found)
		return 0;
	for (j = cut + 1; j < sig->nstack && j <= cut + 3; j++)
		if (mods[j] && !strncmp(mods[j], "libc.so", 7)) {
			cut = j;
			break;
		}
	for (i = 0; i <= cut; i++)
		sig->stack[i].ignored = 1;
	for (; i < sig->nstack; i++)
		if (sig->stack[i].ignored == 2)
			sig->stack[i].ignored = 1;
	return cut + 1;
}

static int looks_binary(const char *log, size_t len)
{
	size_t n = len < BINARY_SAMPLE ? len : BINARY_SAMPLE, i, bad = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)log[i];
		if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' &&
		     c != '\v' && c != '\b' && c != 0x1b) || c == 0x7f)
			bad++;
	}
	return bad * 20 > n;
}

/* Whether the log is worth scanning: not blank, not binary data. */
static int check_text(const char *log, size_t len, gred_error *e)
{
	size_t blank = 0;

	while (blank < len && (log[blank] == ' ' || log[blank] == '\t' ||
	       log[blank] == '\r' || log[blank] == '\n'))
		blank++;
	if (blank == len)
		return gred_errorf(e, "empty log");
	if (looks_binary(log, len) || (len > BINARY_SAMPLE &&
	    looks_binary(log + len - BINARY_SAMPLE, BINARY_SAMPLE)))
		return gred_errorf(e, "binary data, not a text log");
	return 0;
}

/* The family of the crash: its report's, else that of the first stack
** with frames. */
static enum tri_family pick_family(const tri_scan *s, const tri_event *ev)
{
	size_t i;

	if (ev)
		return ev->fmt->family;
	for (i = 0; i < s->nstacks; i++)
		if (tri_stack_counts(&s->stacks[i]))
			return s->stacks[i].family;
	return FAM_NATIVE;
}

/*
** out->code: the physical frames of the program itself, as the
** addresses within their page of the crashing instruction and of each
** return address below it, down to the C library's entry point. One
** build's machine code is the same whoever captures its crash (ASan's
** module+offset, gdb's absolute address with or without ASLR, lldb's
** unnamed symbols) and whether it keeps its symbols or not (-g changes
** no instruction), so this is what a stripped build's report has left.
** Inlined frames share their address and count once; frames without an
** address (gdb's inlined ones) and those of shared libraries (libc,
** libstdc++, a sanitizer's runtime) are left out.
*/
#define CODE_FRAMES 4

/* Where the program itself is mapped: no ASLR (a debugger's default) puts
** a position-independent executable here; a fixed one is at its own
** addresses, which are also the offsets a sanitizer prints. */
#define PIE_NO_ASLR 0x555555554000ULL

static uint64_t hex_value(tri_span h)
{
	uint64_t v = 0;
	size_t i = h.n > 2 && h.p[0] == '0' && (h.p[1] == 'x' || h.p[1] == 'X') ? 2 : 0;

	for (; i < h.n && isxdigit((unsigned char)h.p[i]); i++)
		v = v * 16 + (uint64_t)(isdigit((unsigned char)h.p[i]) ? h.p[i] - '0' :
			(tolower((unsigned char)h.p[i]) - 'a' + 10));
	return v;
}

/* One frame's place in the program: "OFF", its offset in the module when
** the log gives it (module+offset, an address at the no-ASLR or fixed
** base, or the base another frame of the stack shows), else "~PPP", the
** offset within its page alone (the same under any ASLR); "" if no
** address. */
static void code_place(char *out, size_t n, const tri_rawframe *fr,
	uint64_t base)
{
	uint64_t a = fr->addr.n ? hex_value(fr->addr) : 0;

	if (fr->off.n)
		snprintf(out, n, "%llx", (unsigned long long)hex_value(fr->off));
	else if (!fr->addr.n)
		out[0] = 0;
	else if (base && a >= base && a - base < (1ULL << 32))
		snprintf(out, n, "%llx", (unsigned long long)(a - base));
	else if (a >= PIE_NO_ASLR && a - PIE_NO_ASLR < (1ULL << 32))
		snprintf(out, n, "%llx", (unsigned long long)(a - PIE_NO_ASLR));
	else if (a < (1ULL << 32))
		snprintf(out, n, "%llx", (unsigned long long)a);
	else
		snprintf(out, n, "~%03llx", (unsigned long long)(a & 0xfff));
}

static void set_code(triage_sig *out, const tri_rawframe *const *raw,
	const int *shared, size_t top)
{
	gred_buf b = {0};
	char last[24] = "", place[24];
	uint64_t base = 0;
	size_t k, n = 0;

	/* the program's base, from a frame that gives both its address and
	** its offset (a sanitizer's _start) */
	for (k = 0; k < out->nstack && !base; k++)
		if (raw[k]->off.n && raw[k]->addr.n && !shared[k] &&
		    hex_value(raw[k]->addr) > hex_value(raw[k]->off))
			base = hex_value(raw[k]->addr) - hex_value(raw[k]->off);
	for (k = top; k < out->nstack && n < CODE_FRAMES; k++) {
		const triage_frame *f = &out->stack[k];
		if (!strncmp(f->func, "__libc_start", 12) || !strcmp(f->func, "_start"))
			break;
		if (f->ignored || shared[k])
			continue;
		code_place(place, sizeof(place), raw[k], base);
		if (!place[0]) {
			if (!b.len)
				buf_puts(&b, "?");  /* the crashing frame's is unknown */
			continue;
		}
		if (!strcmp(place, last))
			continue;  /* inlined into the frame below */
		buf_printf(&b, "%s%s", b.len ? " " : "", place);
		memcpy(last, place, sizeof(last));
		n++;
	}
	out->code = b.data;
}

/* out->stack: the display frames of stack st, crash order, signal
** handlers cut. Returns whether abort is among them. */
static int build_stack(triage_sig *out, triage_parser *p, const tri_stack *st)
{
	const tri_scan *s = &p->scan;
	size_t n = st->n < MAX_DISPLAY ? st->n : MAX_DISPLAY, k, top;
	const char *mods[MAX_DISPLAY];
	const tri_rawframe *raw[MAX_DISPLAY];
	int unnamed[MAX_DISPLAY], shared[MAX_DISPLAY], is_abort = 0;

	out->stack = xcalloc(n, sizeof(*out->stack));
	for (k = 0; k < n; k++) {
		size_t at = st->reverse ? st->first + st->n - 1 - k : st->first + k;
		const tri_rawframe *fr = &s->frames[at];
		size_t mn = 0;
		unnamed[k] = 0;
		make_frame(p, &out->stack[k], fr, st->family, &is_abort,
			&unnamed[k]);
		out->stack[k].lineno = fr->lineno;
		mods[k] = fr->module.n ? tri_basename(fr->module.p,
			fr->module.n, &mn) : NULL;
		shared[k] = mods[k] && memmem(mods[k], mn, ".so", 3) != NULL;
		raw[k] = fr;
	}
	out->nstack = n;
	/* An unnamed crashing frame is known only by the faulting
	** instruction, which moves with the input inside one function;
	** its callers' return addresses do not. */
	top = cut_handlers(out, mods);
	ignore_below_entry(out, mods);
	set_code(out, raw, shared, top);
	if (top < n && unnamed[top] && !out->stack[top].ignored) {
		char *at = strchr(out->stack[top].func, '@');
		if (at)
			strcpy(at + 1, "?");
	}
	if (top < n) {
		free(out->stack[top].where);
		out->stack[top].where = NULL;
	}
	return is_abort;
}

/* out->kind: from the report's pattern or signal, else by family. */
static void set_kind(triage_sig *out, const tri_event *ev,
	enum tri_family fam, int is_abort)
{
	static const char *const by_family[FAM_COUNT] = {"crash", "python", "node",
		"rust-panic", "managed"};
	const char *kind = "none";

	if (ev && ev->pat->role == R_SIGNAL) {
		kind = ev->sigkind;
	} else if (ev && placeholder_panic(ev)) {
		kind = "rust-ice";  /* bug!() said nothing more; see add_message */
	} else if (ev && ev->pat->kind) {
		size_t kl = strlen(ev->pat->kind);
		if (kl && ev->pat->kind[kl - 1] == ':') {
			out->kind = xasprintf("%s%.*s", ev->pat->kind, (int)ev->kind.n,
				ev->kind.p ? ev->kind.p : "");
			return;
		}
		kind = ev->pat->kind;
	} else if (out->crashed) {
		kind = by_family[fam];
	}
	if (kind && !strcmp(kind, "crash") && is_abort)
		kind = "abort";
	if (kind)
		out->kind = xstrdup(kind);
}

/* Whether the event's file and line end its message. */
static int says_place(const tri_event *ev)
{
	return ev->fmt->family == FAM_RUST || (ev->pat->flags & TRI_PLACE);
}

/* How a report's message is normalised: an assertion's condition is
** source text, kept verbatim; an exception's message and a Rust panic's
** (not its assert!'s, which is source text) quote values from the input,
** blanked; rustc's report of its own bug quotes the compiled code. */
static int message_mode(const tri_event *ev, enum tri_family fam, int is_assert)
{
	const char *kind = ev->pat->kind;

	if (is_assert)
		return NORM_VERBATIM;
	if (ev->pat->flags & TRI_NAMES)
		return NORM_NAMES;
	if (fam == FAM_PYTHON || fam == FAM_NODE || fam == FAM_MANAGED)
		return NORM_VALUES;
	if (kind && !strcmp(kind, "rust-ice"))
		return NORM_CODE;
	if (kind && !strcmp(kind, "rust-panic") &&
	    !(ev->msg.n >= 9 && !memcmp(ev->msg.p, "assertion", 9)))
		return NORM_VALUES;
	return NORM_MESSAGE;
}

/* The report's message, normalised; an assertion's starts with its
** function and that function's template arguments. */
static void add_message(gred_buf *msg, const tri_event *ev,
	enum tri_family fam)
{
	int is_assert = ev && ev->pat->role == R_EVENT && ev->pat->kind &&
		!strcmp(ev->pat->kind, "assert");

	/* A placeholder panic says neither the bug nor where it is (its
	** location is the reporting machinery's): the frames do. */
	if (ev && placeholder_panic(ev))
		return;
	if (is_assert) {
		/* With no frames, the template arguments may be all that
		** tells two bugs of one templated function apart. */
		tri_norm_func(msg, ev->func.p, ev->func.n);
		tri_norm_template_args(msg, ev->func.p, ev->func.n);
		buf_puts(msg, ": ");
	}
	if (ev && ev->msg.n && ev->func.n && ev->pat->kind &&
	    !strcmp(ev->pat->kind, "torch-assert")) {
		/* "cond INTERNAL ASSERT FAILED ...", with or without the
		** space a paste lost */
		gred_buf whole = {0};
		buf_printf(&whole, "%.*s %.*s", (int)ev->func.n, ev->func.p,
			(int)ev->msg.n, ev->msg.p);
		tri_norm_message(msg, whole.data, whole.len, fam == FAM_PYTHON ?
			NORM_VALUES : NORM_MESSAGE);
		buf_free(&whole);
	} else if (ev && ev->msg.n >= 15 && ev->pat->kind &&
		   !strcmp(ev->pat->kind, "llvm-error") &&
		   !memcmp(ev->msg.p, "Cannot select: ", 15)) {
		/* the selection DAG's nodes, by number or by address */
		gred_buf nodes = {0};
		tri_norm_dag_nodes(&nodes, ev->msg.p, ev->msg.n);
		tri_norm_message(msg, nodes.data, nodes.len, NORM_MESSAGE);
		buf_free(&nodes);
	} else if (ev && ev->msg.n)
		tri_norm_message(msg, ev->msg.p, ev->msg.n,
			message_mode(ev, fam, is_assert));
	/* A panic's location is where the bug is, with a backtrace or
	** without one (RUST_BACKTRACE unset); so is the line of a check
	** that says no condition (TRI_PLACE). */
	if (ev && says_place(ev) && ev->file.n && ev->line.n) {
		size_t bn;
		const char *base = tri_basename(ev->file.p, ev->file.n, &bn);
		buf_printf(msg, "%sat %.*s:%.*s", msg->len ? " " : "", (int)bn, base,
			(int)ev->line.n, ev->line.p);
	}
}

/* Whether main, frame k, was entered through a tool's driver frames
** (mlir-opt's main loop, its pass manager) that the stack shows above
** it: then the frames above those were cut from the paste, and main
** names no crash site, only the tool. */
static int main_via_driver(const triage_sig *out, size_t k)
{
	while (k-- > 0)
		if (out->stack[k].ignored == 3)
			return 1;
	return 0;
}

/* Whether the stack read is only the bottom of one: driver frames
** and below. */
static int driver_tail(const triage_sig *out)
{
	size_t k;

	for (k = 0; k < out->nstack; k++)
		if (out->stack[k].ignored == 3)
			return !out->nframes;
	return 0;
}

/* out->frames: the top frames not ignored, at most `most`. */
static void pick_frames(triage_sig *out, int most)
{
	size_t k;

	out->frames = xcalloc((size_t)most, sizeof(char *));
	for (k = 0; k < out->nstack && out->nframes < (size_t)most; k++) {
		const triage_frame *f = &out->stack[k];
		if (f->ignored)
			continue;
		if (!out->nframes && !strcmp(f->func, "main") && main_via_driver(out, k))
			break;
		/* Everything inlined into main: main's line is the crash site. */
		if (!out->nframes && !strcmp(f->func, "main") && f->line)
			out->frames[out->nframes++] = xasprintf("main:%d", f->line);
		else
			out->frames[out->nframes++] = xstrdup(f->func);
	}
}

/* Without frames, what the report says instead: a bare signal's name,
** where it happened. */
static void add_frameless_detail(gred_buf *msg, const tri_event *ev)
{
	if (ev && ev->signame && !msg->len)
		buf_puts(msg, ev->signame);  /* all a bare signal line says */
	if (ev && ev->file.n && !says_place(ev)) {
		size_t bn;
		const char *base = tri_basename(ev->file.p, ev->file.n, &bn);
		buf_printf(msg, "%sat %.*s", msg->len ? " " : "", (int)bn, base);
	}
}

/*
** A crash whose report said nothing of its own (a "Stack dump:" with no
** frame read) has no message, no frames and only a generic kind. Such
** logs would all share one signature, and one bucket whatever their bug:
** each gets its own, named by the log's content.
*/
static int bare_signal(const triage_sig *out, const tri_event *ev, size_t said)
{
	return out->crashed && !out->nframes && ev && ev->signame && !said;
}

/* A message every bug of a tool's driver ends in, whatever the frames
** (the driver's own, whose last line raised it). */
static int driver_message(const char *m, size_t said)
{
	static const char *const words[] = {
		/* MLIR's Python binding: the pass's own error went to
		** stderr before */
		"PassManager::run failed",
		/* TVM's error whose message is a traceback of its own */
		"Traceback (most recent call last):",
		/* a CUDA kernel's fault, reported at a later call: the
		** frames are wherever the host noticed it */
		"CUDA error: an illegal memory access was encountered",
		"Triton Error [CUDA]: an illegal memory access was encountered",
		/* ROCm's: the same, named by no kernel */
		"Memory access fault by GPU",
	};
	size_t i;

	for (i = 0; i < N_ELEMS(words); i++)
		if (said == strlen(words[i]) && !memcmp(m, words[i], said))
			return 1;
	return 0;
}

/* Whether a kind is a traceback's (a Go or JVM stack's too) cut before
** its exception line: what is left is the program's entry path, the
** same for all its bugs. */
static int entry_path_only(const char *kind)
{
	return !strcmp(kind, "python") || !strcmp(kind, "node") ||
		!strcmp(kind, "managed");
}

/* Whether an internal compiler error's message is the signal that
** stopped the compiler. */
static int ice_signal(const char *m, size_t said)
{
	static const char *const words[] = {"Segmentation fault", "Killed",
		"Aborted", "Bus error", "Illegal instruction",
		"Floating point exception", "Trace/breakpoint trap", "Terminated"};
	size_t i, n;

	for (i = 0; i < N_ELEMS(words); i++) {
		n = strlen(words[i]);
		if (said >= n && !memcmp(m, words[i], n))
			return 1;
	}
	return 0;
}

static int says_nothing(const triage_sig *out, const tri_event *ev,
	const char *m, size_t said)
{
	const char *pk = ev ? ev->pat->kind : NULL;
	size_t n;
	int generic = !said || (said == 4 && !memcmp(m, "READ", 4)) ||
		(said == 5 && !memcmp(m, "WRITE", 5));

	/* A stripped program whose whole stack is the faulting instruction
	** ("prog@?"): every crash of that kind in that build looks alike. */
	if (out->crashed && out->nframes == 1 &&
	    (n = strlen(out->frames[0])) >= 2 && !strcmp(out->frames[0] + n - 2, "@?"))
		return 1;
	/* Everything inlined into main, and no line for where in it (lldb's
	** "kernels.cpp:0", compiler-made code): every crash of the program
	** is in main. */
	if (out->crashed && out->nframes == 1 && !strcmp(out->frames[0], "main") &&
	    generic)
		return 1;
	/* what is left of a traceback cut before its exception line */
	if (out->crashed && entry_path_only(out->kind))
		return 1;
	/* a pass's failure names the pass only; a sanitizer's last line
	** alone, nothing */
	if (driver_message(m, said) || !strcmp(out->kind, "mlir-pass-failure") ||
	    !strcmp(out->kind, "sanitizer-abort"))
		return 1;
	/* rustc's bug!() panic, with no report of which bug before it and
	** no frame past the panic machinery */
	if (ev && placeholder_panic(ev) && !out->nframes)
		return 1;
	if (!out->crashed || out->nframes)
		return 0;
	/* A signal and nothing of the program: a debugger's stack cut, or
	** only the C library's frames in it, a shell's "Aborted" after an
	** unread message (see bare_content). */
	if (bare_signal(out, ev, said))
		return 1;
	/* A report every such bug words alike, with no frame (glibc's heap
	** checks, LLVM's verifier through a front end, Zig's stage1
	** assertion naming only the program's line): TRI_ALONE. */
	if (ev && (ev->pat->flags & TRI_ALONE))
		return 1;
	/* GCC's report of the signal that stopped it ("internal compiler
	** error: Segmentation fault", the driver's "Killed signal terminated
	** program cc1"): every crash of the compiler says it. */
	if (!strcmp(out->kind, "ice") && ice_signal(m, said))
		return 1;
	/* A stack dump with no frame read, a sanitizer's class and access
	** kind with its frames cut off, a report whose words are the same
	** for every bug ("internal compiler error: unexpected panic"). (A
	** bare signal keeps its name: a shell's "Segmentation fault" line
	** is all such logs ever say.) */
	if (generic && (!ev || ev->pat->role == R_STACK ||
	    (pk && pk[0] && pk[strlen(pk) - 1] == ':') || (pk && !strcmp(pk, "rust-ice"))))
		return 1;
	/* The standard library's own checks (std::vector's bounds, an
	** exception thrown by std::vector::at): every such bug ends there. */
	return !strncmp(out->kind, "uncaught-exception:std::", 24) ||
		(!strcmp(out->kind, "assert") && !strncmp(m, "std::", 5));
}

/*
** The crash class compared by similarity matching: one name for what
** different tools call the same death. A fatal signal is "signal"
** whoever reports it (gdb's SIGSEGV, ASan's SEGV, LLVM's stack dump,
** UBSan's division by zero or null load); an abort with an assertion or
** LLVM's fatal error or without either is "ABRT"; ASan's double-free and glibc's heap check are
** "heap-corruption". Other kinds are their own class.
*/
static const char *crash_class(const char *kind, const char *message)
{
	static const char *const deadly[] = {"crash", "SEGV", "FPE", "BUS", "ILL",
		"TRAP", "stack-overflow", "unknown-crash"};
	/* LLVM's fatal error is an abort with its message: the same stack
	** pasted from "Stack dump:" on, without the message, is an abort */
	static const char *const aborts[] = {"abort", "assert", "ABRT", "terminate",
		"llvm-error"};
	static const char *const ubsan_deadly[] = {"division by zero",
		"load of null pointer", "store to null pointer",
		"member access within null pointer"};
	const char *colon = strchr(kind, ':'), *k = kind;
	size_t i;

	if (colon && (!strncmp(kind, "asan:", 5) || !strncmp(kind, "ubsan:", 6) ||
	    !strncmp(kind, "msan:", 5)))
		k = colon + 1;
	for (i = 0; i < N_ELEMS(deadly); i++)
		if (!strcmp(k, deadly[i]))
			return "signal";
	for (i = 0; i < N_ELEMS(aborts); i++)
		if (!strcmp(k, aborts[i]))
			return "ABRT";
	if (!strcmp(k, "double-free") || !strcmp(k, "heap-corruption"))
		return "heap-corruption";
	if (!strcmp(kind, "ubsan"))
		for (i = 0; i < N_ELEMS(ubsan_deadly); i++)
			if (!strncmp(message, ubsan_deadly[i], strlen(ubsan_deadly[i])))
				return "signal";
	return kind;
}

/* A display frame that has no name: module@address only. */
static int frame_unnamed(const triage_frame *f)
{
	size_t n = strlen(f->func);
	return (f->where && !strcmp(f->func, f->where)) ||
		(n >= 2 && !strcmp(f->func + n - 2, "@?"));
}

/* A header's line (a template, a library's inline function) is every
** caller's: "stl_vector.h", "SmallVector.h", "<vector>", no extension. */
static int header_file(const char *file)
{
	const char *dot = file ? strrchr(file, '.') : NULL;

	return !dot || dot[1] == 'h' || dot[1] == 'H' || !strcmp(dot, ".inc") ||
		!strcmp(dot, ".def");
}

/* The statement that crashed, "file:line": the crashing frame's, or, if
** that is in a header, the first line below it in the program's own
** code (a debugger names the inlined check by its caller), marked "^"
** after it: the statement is a caller's. */
static void add_statement(gred_buf *m, const triage_sig *out, size_t top)
{
	size_t k;

	for (k = top; k < out->nstack && k < top + 4; k++) {
		const triage_frame *f = &out->stack[k];
		if (f->line <= 0 || !f->file)
			continue;
		if (!header_file(f->file)) {
			buf_printf(m, "\t%s:%d%s", f->file, f->line, k > top ? "\t^" : "");
			return;
		}
	}
	if (out->stack[top].line > 0)
		buf_printf(m, "\t%s:%d", out->stack[top].file ? out->stack[top].file : "",
			out->stack[top].line);
}

/* out->match: class (and the report's own site, if any), message, then
** the meaningful frames as "name<TAB>where" (see triage_match_similar). */
static int ubsan_site(const triage_sig *out, const tri_event *ev);
static int asan_stack_site(const triage_sig *out, const tri_event *ev);

static void set_match(triage_sig *out, const tri_event *ev, size_t msglen,
	const char *site)
{
	gred_buf m = {0};
	size_t k, n = 0;

	/* A traceback cut before its exception line lacks the innermost
	** frames: what is left is the program's common entry path; so
	** are the frames of a driver's generic error. */
	if (entry_path_only(out->kind) || driver_message(out->message, msglen))
		return;
	/* The message as the report said it: not the frameless detail
	** (signal name, file) a log with no stack gets in its key. */
	buf_puts(&m, crash_class(out->kind, out->message));
	if (ubsan_site(out, ev)) {
		/* UBSan names the statement, from data the compiler put in
		** the program: it survives stripping and inlining. */
		size_t bn;
		const char *base = tri_basename(ev->file.p, ev->file.n, &bn);
		buf_printf(&m, "\t%.*s:%.*s", (int)bn, base, (int)ev->line.n,
			ev->line.p);
	} else if (asan_stack_site(out, ev)) {
		buf_printf(&m, "\t'%.*s' line %.*s", (int)ev->func.n, ev->func.p,
			(int)ev->line.n, ev->line.p);
	} else if (!strcmp(out->kind, "assert") && ev && ev->file.n && ev->line.n) {
		/* An assertion's file and line ("=f.h:175"): all that ties a
		** macOS spelling (no class, no template arguments) to
		** glibc's (see message_compatible) */
		size_t bn;
		const char *base = tri_basename(ev->file.p, ev->file.n, &bn);
		buf_printf(&m, "\t=%.*s:%.*s", (int)bn, base, (int)ev->line.n,
			ev->line.p);
	}
	/* the machine code that crashed, which a stripped build keeps */
	if (out->code && ev && ev->fmt->family == FAM_NATIVE)
		buf_printf(&m, "%s\t%s", strchr(m.data, '\t') ? "" : "\t", out->code);
	buf_printf(&m, "\n%.*s", (int)msglen, out->message);
	for (k = 0; k < out->nstack && n < TRIAGE_MATCH_FRAMES; k++) {
		const triage_frame *f = &out->stack[k];
		/* Below the C library's entry point (_start) every program
		** of one build looks the same. */
		if (n && (!strncmp(f->func, "__libc_start", 12) ||
		    !strcmp(f->func, "_start") ||
		    (f->where && !strncmp(f->where, "libc.so", 7))))
			break;
		if (f->ignored)
			continue;
		/* main names no bug: all of a program's crashes go through
		** it. Alone on top (everything inlined into it), its line is
		** what tells them apart. */
		if (!strcmp(f->func, "main")) {
			if (!n && f->line && !main_via_driver(out, k))
				buf_printf(&m, "\nmain:%d\t\t%s:%d", f->line,
					f->file ? f->file : "", f->line);
			break;
		}
		buf_printf(&m, "\n%s\t%s", frame_unnamed(f) ? "" : f->func,
			f->where ? f->where : "");
		/* the crashing frame's file and line: which statement crashed,
		** whatever function a debugger says it is in after inlining */
		if (!n && f->line > 0 && !frame_unnamed(f))
			add_statement(&m, out, k);
		/* a caller's line: the statement that made the call (see
		** triage_match_similar on a callee inlined away) */
		else if (n && n < 3 && f->line > 0 && f->file && !frame_unnamed(f))
			buf_printf(&m, "\t%s:%d", f->file, f->line);
		n++;
	}
	/* no frame but the one the report names as the crash site */
	if (!n && site)
		buf_printf(&m, "\n%s\t", site);
	out->match = m.data;
}

/* The function a report names as the crash site (ASan's SUMMARY line),
** normalised into out, unless one the frames ignore (an interceptor, a
** sanitizer's own): 1 if there is one. */
static int site_func(gred_buf *out, triage_parser *p, const tri_event *ev)
{
	out->len = 0;
	if (!ev || !(ev->pat->flags & TRI_SITE) || !ev->func.n)
		return 0;
	tri_norm_func(out, ev->func.p, ev->func.n);
	if (!out->len || matches(p->ignore_re, p->md, out->data, out->len))
		return 0;
	buf_grow(out, 1);
	out->data[out->len] = 0;
	return 1;
}

/* UBSan's "file:line: runtime error:": the statement, from data the
** compiler put in the program, whatever the stack says (-Os merges the
** handler calls of several checks, and debug information then gives
** them one function). */
static int ubsan_site(const triage_sig *out, const tri_event *ev)
{
	return ev && ev->fmt->family == FAM_NATIVE && !strcmp(out->kind, "ubsan") &&
		ev->file.n && ev->line.n;
}

/* ASan's description of the stack object an access overflowed: its
** name and the line declaring it, data the compiler put in the program
** (GCC keeps the line without -g), so a stripped build names it too. */
static int asan_stack_site(const triage_sig *out, const tri_event *ev)
{
	return ev && ev->fmt->family == FAM_NATIVE && !strncmp(out->kind, "asan:", 5) &&
		!ev->file.n && ev->func.n && ev->line.n;
}

/* out->key (kind, message, frames, a line each; UBSan's statement) and
** its hash. */
static void set_key(triage_sig *out, const tri_event *ev)
{
	gred_buf key = {0};
	size_t k;

	buf_printf(&key, "%s\n%s", out->kind, out->message);
	for (k = 0; k < out->nframes; k++)
		buf_printf(&key, "\n%s", out->frames[k]);
	if (ubsan_site(out, ev)) {
		size_t bn;
		const char *base = tri_basename(ev->file.p, ev->file.n, &bn);
		buf_printf(&key, "\nat %.*s:%.*s", (int)bn, base, (int)ev->line.n,
			ev->line.p);
	}
	out->key = key.data;
	out->hash = hash_bytes(key.data, key.len);
}

/* The end of the line at `line`: its newline, or end. */
static const char *line_end(const char *line, const char *end)
{
	const char *nl = memchr(line, '\n', (size_t)(end - line));

	return nl ? nl : end;
}

/*
** A paste hard-wrapped at a fixed width (a narrow issue box, a terminal
** that breaks names mid-word) has its longest lines all of one length,
** and many of them. Those lines are joined with the next: the assertion
** or frame they cut is one line again. Returns log itself when the log
** does not look wrapped.
*/
#define WRAP_MIN 60

/* A cut inside a word, a number or a path: not between two marks (a
** line that ends in ")" or "'" and another process's "[worker 3] ..."
** printed after it at the same length). */
static int mid_word(char last, char next)
{
	return !isspace((unsigned char)last) && !isspace((unsigned char)next) &&
		(isalnum((unsigned char)last) || isalnum((unsigned char)next));
}

/* Whether a line after a cut at the box's width is the rest of the cut
** one: it goes on mid-word, or after the one space the cut fell before
** ("66 +" / " 2147483647 cannot"); an indented line, or " #3" (a frame
** of LLVM's stack dump), starts a record of its own. */
static int continues(const char *next, size_t n)
{
	if (!n || next[0] == '\n' || next[0] == '\r')
		return 0;
	if (!isspace((unsigned char)next[0]))
		return 1;
	return next[0] == ' ' && n > 1 && !isspace((unsigned char)next[1]) &&
		next[1] != '#';
}

/* The length of a program's "name: " that starts s (a tool's lines,
** "gred-fuzz-ort: ..."), or 0. */
static size_t record_prefix(const char *s, const char *end)
{
	const char *p = s;

	while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '-' ||
	       *p == '.'))
		p++;
	return p - s >= 2 && p + 1 < end && p[0] == ':' && p[1] == ' ' ?
		(size_t)(p - s) + 2 : 0;
}

/* Whether the line at next starts with the "name: " the line at line
** does: two lines of one program's output that happen to be as long as
** each other, not one line and the rest a wrap cut from it. */
static int same_record(const char *line, const char *next, const char *end)
{
	size_t k = record_prefix(line, end);

	return k && record_prefix(next, end) == k && !memcmp(line, next, k);
}

/* A rule ("-----", "=====", IPython's above its traceback): a line of
** one mark, as long as it is drawn, never a cut one. */
static int is_rule(const char *s, size_t n)
{
	size_t i;

	if (!n || isalnum((unsigned char)s[0]) || isspace((unsigned char)s[0]))
		return 0;
	for (i = 1; i < n; i++)
		if (s[i] != s[0])
			return 0;
	return 1;
}

#define WRAP_MAX 400
static const char *unwrap(gred_buf *b, const char *log, size_t *len)
{
	unsigned short count[WRAP_MAX + 1];
	const char *line = log, *end = log + *len, *nl;
	size_t width = 0, longest = 0, w, lines = 0;

	memset(count, 0, sizeof(count));
	for (; line < end; line = nl + 1) {
		size_t n;
		lines++;
		nl = line_end(line, end);
		n = (size_t)(nl - line);
		if (n > longest)
			longest = n;
		if (n >= WRAP_MIN && n <= WRAP_MAX && count[n] < 60000 &&
		    !is_rule(line, n))
			count[n]++;
	}
	/* A short paste wraps a line or two; a long log must show more. */
	if (longest < WRAP_MIN || longest > WRAP_MAX ||
	    count[longest] < (lines < 40 ? 2 : 3))
		return log;
	width = longest;
	/* A wrap cuts through words: "li" / "ne 47". Lines that end a
	** record at one length (a sanitizer's frames with their BuildId)
	** end in ")" before an indented next line. */
	for (line = log, w = 0; line < end; line = nl + 1) {
		nl = line_end(line, end);
		if ((size_t)(nl - line) == width && nl + 1 < end &&
		    mid_word(nl[-1], nl[1]) && !same_record(line, nl + 1, end) &&
		    !is_rule(line, width))
			w++;
	}
	/* Many records may be exactly as long as the box (sanitizer
	** frames of one module): two cuts through a word are enough. */
	if (!w || (w < 2 && 3 * w < 2 * count[width]))
		return log;
	b->len = 0;
	for (line = log; line < end; line = nl + 1) {
		nl = line_end(line, end);
		buf_append(b, line, (size_t)(nl - line));
		if (nl < end && ((size_t)(nl - line) != width ||
		    !continues(nl + 1, (size_t)(end - nl - 1)) ||
		    is_rule(line, width) ||
		    same_record(line, nl + 1, end)))
			buf_puts(b, "\n");
	}
	*len = b->len;
	return b->data;
}

/* Appends line `want` (1-based) of log as "N: text". */
static void quote_line(gred_buf *b, const char *log, size_t len, size_t want)
{
	const char *line = log, *end = log + len, *nl;
	size_t n = 1;

	for (; line < end && n < want; n++) {
		nl = line_end(line, end);
		line = nl < end ? nl + 1 : end;
	}
	if (line >= end)
		return;
	nl = line_end(line, end);
	buf_printf(b, "%zu: %.*s\n", want, (int)(nl - line), line);
}

/* out->explain: the report's line, then those of the frames in the key. */
static void set_explain(triage_sig *out, const tri_event *ev, const char *log,
	size_t len)
{
	gred_buf b = {0};
	size_t k, n = 0, last = 0;

	buf_puts(&b, "");
	if (ev) {
		quote_line(&b, log, len, ev->lineno);
		last = ev->lineno;
	}
	for (k = 0; k < out->nstack && n < out->nframes; k++) {
		if (out->stack[k].ignored)
			continue;
		n++;
		if (out->stack[k].lineno && out->stack[k].lineno != last)
			quote_line(&b, log, len, out->stack[k].lineno);
		last = out->stack[k].lineno;
	}
	out->explain = b.data;
}

/*
** What a log that says only a signal says besides it: its other lines,
** numbers and spaces normalised, hashed. Two such logs share a signature
** only if they say the same (a program's run whose death a shell
** reported, "Segmentation fault", and the same run's death noted the way
** a debugger does, "Program terminated with signal SIGSEGV", or both: a fuzz
** target's reduced case signs as the case it came from); one bug's plain
** run and another's debugger capture stay apart. A crash reporter's line
** that says more than the death (Android's "Fatal signal 11 (SIGSEGV),
** code 1 (SEGV_MAPERR), fault addr 0x70 in tid 42 (name), pid 40
** (app)", TRI_WORDS) is content, not a notice.
*/
static int signal_line(const tri_scan *s, size_t lineno)
{
	size_t k;

	for (k = 0; k < s->nevents; k++)
		if (s->events[k].signame && s->events[k].pat &&
		    s->events[k].lineno == lineno &&
		    !(s->events[k].pat->flags & TRI_WORDS))
			return 1;
	return 0;
}

/* A debugger's line naming the program it runs: its whole path (the
** build) tells two programs' deaths apart where nothing else does. */
static int names_program(const char *line, size_t n)
{
	static const char *const says[] = {
		"Current executable set to ", "Starting program: ",
		"Reading symbols from ",
	};
	size_t k;

	while (n && isspace((unsigned char)*line))
		line++, n--;
	for (k = 0; k < sizeof(says) / sizeof(says[0]); k++)
		if (n >= strlen(says[k]) && !memcmp(line, says[k], strlen(says[k])))
			return 1;
	return 0;
}

static unsigned long long bare_content(gred_buf *b, const tri_scan *s,
	const char *log, size_t len)
{
	const char *line = log, *end = log + len, *nl;
	size_t lineno = 0;

	b->len = 0;
	for (; line < end; line = nl + 1) {
		nl = line_end(line, end);
		/* every notice of the death: a shell's, and the line a
		** debugger or a runner adds */
		if (signal_line(s, ++lineno))
			continue;
		tri_norm_message(b, line, (size_t)(nl - line),
			names_program(line, (size_t)(nl - line)) ?
			NORM_VERBATIM : NORM_MESSAGE);
		if (b->len && b->data[b->len - 1] != '\n')
			buf_puts(b, "\n");
	}
	return (unsigned long long)hash_bytes(b->data ? b->data : "", b->len);
}

/* n without the blanks that end s */
static size_t trimmed(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return n;
}

static int ends_at_line_number(const char *s, size_t n)
{
	size_t k;

	n = trimmed(s, n);
	if (n < 3 || s[n - 1] != ':')
		return 0;
	for (k = n - 1; k > 0 && isdigit((unsigned char)s[k - 1]); k--)
		;
	return k < n - 1 && k > 0 && s[k - 1] == ':';
}

static int starts_assertion(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	return n > 11 && !memcmp(s, "Assertion ", 10) &&
		(s[10] == '`' || s[10] == '\'');
}

static const char *skip_blanks(const char *s, const char *end)
{
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	return s;
}

/*
** glibc's assertion line as some tools print it and some pastes break it:
** "prog: FILE:LINE:" then "FUNCTION:" then "Assertion `COND' failed.",
** on three lines, or with the function itself broken over two or three
** (its template arguments on a line of their own). Joined with spaces,
** they are the one line every other report of the check prints.
** Returns log itself when there is no such split.
*/
#define JOIN_FUNC_LINES 3

static const char *join_assertion(gred_buf *b, const char *log, size_t *len)
{
	const char *end = log + *len, *line, *nl;
	int joined = 0;

	if (!memmem(log, *len, "Assertion ", 10))
		return log;
	b->len = 0;
	for (line = log; line < end; line = nl + 1) {
		const char *func, *check = NULL, *func_end = NULL;
		size_t nf = 0;
		int k;

		nl = line_end(line, end);
		if (nl < end && ends_at_line_number(line, (size_t)(nl - line))) {
			/* the function's last line ends with ':' and the
			** assertion comes next */
			for (func = nl + 1, k = 0; k < JOIN_FUNC_LINES && func < end; k++) {
				func_end = line_end(func, end);
				nf = trimmed(func, (size_t)(func_end - func));
				check = func_end < end ? func_end + 1 : end;
				if (check < end && nf && func[nf - 1] == ':' &&
				    starts_assertion(check, (size_t)(line_end(check, end) - check)))
					break;
				func = check;
			}
			if (k < JOIN_FUNC_LINES && func < end) {
				buf_append(b, line, trimmed(line, (size_t)(nl - line)));
				for (func = nl + 1; func < check; func = func_end + 1) {
					const char *from;
					func_end = line_end(func, end);
					nf = trimmed(func, (size_t)(func_end - func));
					from = skip_blanks(func, func + nf);
					buf_puts(b, " ");
					buf_append(b, from, nf - (size_t)(from - func));
				}
				nl = line_end(check, end);
				check = skip_blanks(check, nl);
				buf_puts(b, " ");
				buf_append(b, check, (size_t)(nl - check));
				if (nl < end)
					buf_puts(b, "\n");
				joined = 1;
				continue;
			}
		}
		buf_append(b, line, (size_t)(nl - line) + (nl < end));
	}
	if (!joined)
		return log;
	*len = b->len;
	return b->data;
}

int triage_parser_sig(triage_sig *out, triage_parser *p, const char *log,
	size_t len, gred_error *e)
{
	tri_scan *s = &p->scan;
	const tri_event *ev;
	enum tri_family fam;
	gred_buf msg = {0}, site = {0};
	int is_abort = 0, has_site;
	long si;
	size_t said;

	memset(out, 0, sizeof(*out));
	if (check_text(log, len, e) < 0)
		return -1;
	log = unwrap(&p->unwrapped, log, &len);
	log = join_assertion(&p->assert_lines, log, &len);
	tri_scan_log(p, log, len);
	drop_cut_frame(s);
	ev = pick_event(s);
	fam = pick_family(s, ev);
	si = pick_stack(s, ev, fam);
	out->crashed = ev || si >= 0;
	if (si >= 0)
		is_abort = build_stack(out, p, &s->stacks[si]);
	set_kind(out, ev, fam, is_abort);
	out->format = xstrdup(ev ? ev->fmt->name : si >= 0 ? "stack" : "none");
	add_message(&msg, ev, fam);
	pick_frames(out, p->opts.frames);
	if ((has_site = site_func(&site, p, ev)))
		buf_printf(&msg, "%s%s", msg.len ? " " : "", site.data);
	said = msg.len;
	if (!out->nframes)
		add_frameless_detail(&msg, ev);
	buf_grow(&msg, 1);
	msg.data[msg.len] = 0;
	if (says_nothing(out, ev, msg.data, said))
	{
		gred_buf rest = {0};
		/* The tail of a stack (a tool's driver frames, main) with
		** the crash's own frames cut from the paste: every crash of
		** that build ends alike, whatever its bug. Only the same
		** paste is the same report. */
		buf_printf(&msg, "%snothing read but a crash; log %016llx",
			msg.len ? "; " : "", bare_signal(out, ev, said) &&
			!driver_tail(out) ?
			bare_content(&rest, s, log, len) :
			(unsigned long long)hash_bytes(log, len));
		buf_free(&rest);
	}
	out->message = msg.data;
	set_key(out, ev);
	set_match(out, ev, said, has_site ? site.data : NULL);
	buf_free(&site);
	if (p->opts.explain)
		set_explain(out, ev, log, len);
	return 0;
}

int triage_sig_compute(triage_sig *out, const char *log, size_t len,
	const triage_options *opts, gred_error *e)
{
	triage_parser *p;
	int err;

	if (triage_parser_new(&p, opts, e) < 0)
		return -1;
	err = triage_parser_sig(out, p, log, len, e);
	triage_parser_free(p);
	return err;
}

void triage_sig_free(triage_sig *sig)
{
	size_t k;

	if (!sig)
		return;
	free(sig->kind);
	free(sig->message);
	free(sig->format);
	for (k = 0; k < sig->nframes; k++)
		free(sig->frames[k]);
	free(sig->frames);
	for (k = 0; k < sig->nstack; k++) {
		free(sig->stack[k].func);
		free(sig->stack[k].file);
		free(sig->stack[k].where);
	}
	free(sig->stack);
	free(sig->key);
	free(sig->match);
	free(sig->code);
	free(sig->explain);
	memset(sig, 0, sizeof(*sig));
}

int triage_sig_equal(const triage_sig *a, const triage_sig *b)
{
	return a->crashed && b->crashed && a->hash == b->hash &&
		!strcmp(a->key, b->key);
}

const char *triage_sig_id(const triage_sig *sig, char buf[17])
{
	static const char hex[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 16; i++)
		buf[i] = hex[(sig->hash >> (60 - 4 * i)) & 15];
	buf[16] = 0;
	return buf;
}

static int read_full(int fd, char *buf, size_t n, size_t *got)
{
	*got = 0;
	while (*got < n) {
		ssize_t r = read(fd, buf + *got, n - *got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		*got += (size_t)r;
	}
	return 0;
}

/*
** A crash report sits at the end of a log as often as at its start, so a
** log over the limit is read as its head and its tail; memory stays
** bounded by max_bytes whatever the file's size.
*/
int triage_log_read(char **out, size_t *len, int *truncated,
	const char *path, size_t max_bytes, gred_error *e)
{
	struct stat st;
	char *data;
	size_t half, got, got2;
	int fd, is_stdin = !strcmp(path, "-");

	*truncated = 0;
	if (!max_bytes)
		max_bytes = TRIAGE_MAX_BYTES_DEFAULT;
	fd = is_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return gred_errorf(e, "%s", strerror(errno));
	if (fstat(fd, &st) < 0 || S_ISDIR(st.st_mode)) {
		if (!is_stdin)
			close(fd);
		return gred_errorf(e, "is a directory");
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size <= max_bytes) {
		/* A regular file may still grow while we read: read at most
		** one byte more than its size to notice. */
		size_t want = S_ISREG(st.st_mode) ? (size_t)st.st_size : max_bytes;
		data = xmalloc(want + 2);
		if (read_full(fd, data, want + (want < max_bytes), &got) < 0) {
			int err = errno;
			free(data);
			if (!is_stdin)
				close(fd);
			return gred_errorf(e, "read failed: %s", strerror(err));
		}
		if (got > want) {
			got = want;
			*truncated = 1;
		} else if (got == max_bytes) {
			char c;
			size_t extra;
			if (read_full(fd, &c, 1, &extra) == 0 && extra)
				*truncated = 1;
		}
		if (!is_stdin)
			close(fd);
		data[got] = 0;
		*out = data;
		*len = got;
		return 0;
	}
	half = max_bytes / 2;
	data = xmalloc(2 * half + 2);
	if (read_full(fd, data, half, &got) < 0 ||
	    lseek(fd, st.st_size - (off_t)half, SEEK_SET) < 0 ||
	    read_full(fd, data + got + 1, half, &got2) < 0) {
		int err = errno;
		free(data);
		close(fd);
		return gred_errorf(e, "read failed: %s", strerror(err));
	}
	close(fd);
	data[got] = '\n';
	*len = got + 1 + got2;
	data[*len] = 0;
	*out = data;
	*truncated = 1;
	return 0;
}

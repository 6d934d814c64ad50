/*
** Internals of triage/ shared by its files: the pattern tables, the
** line scanner's events and stacks, and the normalisers.
*/
#ifndef GRED_TRIAGE_PARSE_H
#define GRED_TRIAGE_PARSE_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "triage.h"

/* Frames and events belong to a family; an event takes its stack from
** its own family (an ASan report never gets a Python traceback).
** FAM_MANAGED: Go and the JVM, whose frames are dotted names
** ("pkg.(*T).f", "org.x.Shape.check") kept whole. */
enum tri_family { FAM_NATIVE, FAM_PYTHON, FAM_NODE, FAM_RUST, FAM_MANAGED,
	FAM_COUNT };

enum tri_role {
	R_EVENT,     /* a crash report: kind, maybe message and location */
	R_SIGNAL,    /* "Segmentation fault", "Program received signal": kind
	                from the signal table */
	R_DETAIL,    /* refines the last event of the format: "READ of size" */
	R_STACK,     /* opens a stack: "Stack dump:", "Traceback ..." */
	R_FRAME,     /* a numbered frame, or a frame inside an open stack */
	R_AT,        /* "at file:line" under the last frame (Rust) */
	R_PYEXC,     /* the exception line that closes a Python traceback */
	R_JSERR,     /* a Node.js error line, valid once an "at" frame follows */
	R_NEXTMSG,   /* an event whose message is the next line (Rust panics) */
};

/* Named groups the scanner reads; patterns use any of them. */
enum tri_group { G_KIND, G_MSG, G_IDX, G_FUNC, G_FILE, G_LINE, G_MODULE,
	G_OFF, G_ADDR, G_SIG, G_NGROUPS };

typedef struct tri_pattern {
	enum tri_role role;
	const char *hint;   /* a literal every matching line contains, or NULL */
	const char *kind;   /* event kind; a trailing ':' appends (?<kind>) */
	int prio;           /* events: lower wins */
	int flags;          /* TRI_* below */
	const char *re;
} tri_pattern;

/* Events of this priority are never the crash: they lend their message
** to an abort that says none. */
#define TRI_PRIO_MESSAGE 9

#define TRI_CONTEXT   1  /* only inside an open stack of this family */
#define TRI_REVERSE   2  /* R_STACK: frames are listed outermost first */
#define TRI_WORDS     8  /* R_SIGNAL: the line says more than the death (an
                            IDE's words around it): it stays in the
                            content of a log that says nothing else */
#define TRI_HEADLESS  4  /* R_FRAME: with no stack open, opens one listed
                            outermost first (a paste cut above its header) */
#define TRI_WEAK     16  /* R_FRAME: a line plain enough to be something
                            else ("  2: name", a numbered list): its stack
                            counts with TRI_WEAK_MIN frames numbered one
                            after another; R_AT: only under such frames */
#define TRI_SITE     32  /* R_EVENT: the function it names is the crash
                            site, said in the message (ASan's SUMMARY) */
#define TRI_WEAK_MIN  3
#define TRI_DIGIT    64  /* the line's first non-blank character is a digit
                            (checked before the pattern: it is cheaper) */
#define TRI_LAST    128  /* only on the log's last line that is not blank:
                            a report the paste cut short there */
#define TRI_ASIDE   256  /* R_STACK: another thread's, which did not crash
                            (a crash's stack is taken from it only if
                            there is no other) */
#define TRI_OWN     512  /* R_FRAME, R_AT: only inside a stack a line of
                            this format opened (GCC's "0x1a2b name" is
                            nothing under another's header) */
#define TRI_FRAMED 1024  /* R_EVENT: a crash only if a stack of its
                            family with frames follows it (Go's "fatal
                            error: ..." above "runtime stack:") */
#define TRI_PLACE  2048  /* R_EVENT: its file and line name the check (a
                            compiler's own assertion that says no
                            condition): the message ends with them */
#define TRI_ALONE  4096  /* R_EVENT: with no frame, its report is every
                            such bug's (glibc's "double free or
                            corruption", LLVM's verifier): the log stands
                            alone */
#define TRI_NAMES  8192  /* R_EVENT, R_NEXTMSG, R_JSERR: its message quotes
                            the program's names, not values ("The getter
                            'isEof'"): quoted words stay */
#define TRI_WHOLE 16384  /* R_EVENT: a line with its literal that does not
                            match is no broken half of one (the literal
                            is only a screen) */

typedef struct tri_format {
	const char *name;
	enum tri_family family;
	const tri_pattern *patterns;
	size_t npatterns;
} tri_format;

extern const tri_format tri_formats[];
extern const size_t tri_nformats;

/* Signal words to kinds ("SIGSEGV" and "Segmentation fault" -> "crash")
** and to the signal's name (*name = "SIGSEGV"). */
const char *tri_signal_kind(const char *s, size_t n, const char **name);

/* The built-in frame-ignore table. */
typedef struct tri_ignore {
	int cut;            /* 1: also drop every frame above (signal
	                       handlers); 2: a driver every crash of a tool
	                       passes through, above main */
	const char *re;     /* matched on the function, module or file */
} tri_ignore;

extern const tri_ignore tri_ignores[];
extern const size_t tri_nignores;

/* A piece of the log; never NUL-terminated. */
typedef struct tri_span {
	const char *p;
	size_t n;
} tri_span;

typedef struct tri_rawframe {
	tri_span func, file, module, off, addr;
	long line;
	long idx;
	size_t lineno;   /* line of the log it was read from */
} tri_rawframe;

typedef struct tri_stack {
	enum tri_family family;
	int reverse;
	int descending;      /* numbered down to 0: listed outermost first */
	int weak;            /* of TRI_WEAK frames */
	int aside;           /* of a thread that did not crash (TRI_ASIDE) */
	const struct tri_format *fmt;  /* the format whose line opened it */
	size_t lineno;
	size_t first, n;     /* into the frame vector */
	long last_idx;
} tri_stack;

typedef struct tri_event {
	const tri_pattern *pat;
	const tri_format *fmt;
	size_t lineno;
	tri_span kind, msg, file, line, func;
	const char *sigkind; /* R_SIGNAL: kind from the signal table */
	const char *signame;
	long stack;          /* attached stack, or -1 */
	int pending;         /* R_JSERR without frames yet */
} tri_event;

/* The scanner's output; the vectors are reused from log to log. */
typedef struct tri_scan {
	tri_event *events;
	size_t nevents, cevents;
	tri_stack *stacks;
	size_t nstacks, cstacks;
	tri_rawframe *frames;
	size_t nframes, cframes;
	long open;           /* stack frames go to, or -1 */
	int want_msg;        /* next line is the message of the last event */
	int want_inner;      /* next line may be the exception the last
	                        Python exception's message said it wraps */
	size_t last_line;    /* the last line that is not blank */
} tri_scan;

typedef struct tri_compiled {
	pcre2_code *re;
	size_t hint_len;
	uint32_t groups[G_NGROUPS][4];  /* group numbers per name (dupnames) */
} tri_compiled;

struct triage_parser {
	triage_options opts;
	tri_compiled **pats;        /* per format, per pattern */
	pcre2_match_data *md;
	pcre2_code *ignore_re;      /* all skip patterns, alternated */
	pcre2_code *cut_re;
	pcre2_code *driver_re;   /* the ignored frames that are a tool's driver */
	gred_buf user_ignore;       /* user patterns, '|'-joined */
	tri_scan scan;
	gred_buf tmp;
	gred_buf unwrapped;         /* a hard-wrapped log, re-joined */
	gred_buf assert_lines;      /* an assertion printed on three lines, on one */
	gred_buf joined;            /* report lines a paste broke, re-joined */
};

/* Whether a stack is one to sign: it has frames, and a weak one enough. */
int tri_stack_counts(const tri_stack *st);

int tri_compile(triage_parser *p, gred_error *e);
int tri_compile_ignores(triage_parser *p, gred_error *e);
void tri_scan_log(triage_parser *p, const char *log, size_t len);

/* Normalisers: append to out. A function's name is kept to at most
** TRI_MAX_NAME bytes. */
#define TRI_MAX_NAME 256
void tri_norm_func(gred_buf *out, const char *s, size_t n);
/* "<a[hash]::T as b::Tr>::f::hHASH" as "<a::T as b::Tr>::f" */
void tri_norm_rust_qualified(gred_buf *out, const char *s, size_t n);
/* " [T = long]": the template arguments a pretty function name lists. */
void tri_norm_template_args(gred_buf *out, const char *s, size_t n);
/* verbatim: keep numbers and paths; values: also blank quoted values;
** code: also blank code quoted in backquotes (rustc's "`Foo<T>`");
** names: blank quoted values but not quoted names ("'isEof'"). */
enum { NORM_MESSAGE, NORM_VERBATIM, NORM_VALUES, NORM_CODE, NORM_NAMES };
void tri_norm_message(gred_buf *out, const char *s, size_t n, int mode);
const char *tri_basename(const char *s, size_t n, size_t *outn);
/* "Cannot select: t117: v8i64 = X86ISD::PCMPEQ t100, t99" (or 0x... nodes)
** as "Cannot select: t?: v8i64 = X86ISD::PCMPEQ t?, t?". */
void tri_norm_dag_nodes(gred_buf *out, const char *s, size_t n);

#endif

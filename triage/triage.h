/*
** Crash triage: parse crash logs into signatures (kind + message + top
** frames), and file them into buckets in a SQLite store.
*/
#ifndef GRED_TRIAGE_H
#define GRED_TRIAGE_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/*
** Options. Always start from triage_options_init(); new fields get
** defaults there, so callers never break.
*/
typedef struct triage_options {
	int frames;           /* meaningful frames in a signature (default 3) */
	size_t max_bytes;     /* a longer log is read as its head and tail */
	const char **ignore;  /* extra frame-ignore patterns (PCRE2), or NULL */
	size_t nignore;
	int explain;          /* fill triage_sig.explain (default 0) */
} triage_options;

#define TRIAGE_FRAMES_DEFAULT 3
#define TRIAGE_MAX_BYTES_DEFAULT ((size_t)16 << 20)

void triage_options_init(triage_options *opts);

/* One frame as shown to people: normalised function (or module@offset),
** and the source file and line when the log has them. */
typedef struct triage_frame {
	char *func;
	char *file;   /* base name, or NULL */
	int line;     /* 0 if unknown */
	int ignored;  /* skipped by the ignore table */
	char *where;  /* "module@0xabc": module and the address's low 12 bits
	                 (the same with or without ASLR or symbols), or NULL */
	size_t lineno; /* line of the log it was read from */
} triage_frame;

/*
** A crash signature. `crashed` is 0 when the log holds no crash report
** (then kind is "none"). key is the canonical text compared for
** equality: kind, message and the top frames, one per line; hash is
** its 64-bit FNV-1a, printed as 16 hex digits by triage_sig_id().
*/
typedef struct triage_sig {
	int crashed;
	char *kind;       /* "crash", "abort", "asan:heap-buffer-overflow", ... */
	char *message;    /* normalised message, "" if none */
	char *format;     /* parser that produced the report: "llvm", "asan", ... */
	char **frames;    /* the top meaningful frames */
	size_t nframes;
	triage_frame *stack;  /* the whole parsed stack (capped), for display */
	size_t nstack;
	char *key;
	uint64_t hash;
	int truncated;    /* the log was longer than max_bytes */
	char *explain;    /* with opts.explain: the log lines that made the
	                     signature, "LINENO: text" each, else NULL */
	char *match;      /* what similarity matching compares: crash class,
	                     message, then up to TRIAGE_MATCH_FRAMES frames as
	                     "name\twhere" lines (see triage_match_similar) */
	char *code;       /* the machine code that crashed: the addresses
	                     (within their page) of the program's own
	                     physical frames, crash first, space-separated;
	                     "?" first when the crashing frame has none; NULL
	                     without such frames */
} triage_sig;

#define TRIAGE_MATCH_FRAMES 8

/*
** Whether two signatures' match texts name one bug although their keys
** differ: the same crash class, compatible messages, and stacks alike
** (same crashing frame, or a long common subsequence of frames, a frame
** being the same by name or by module and address). This is what
** survives inlining, optimisation levels, symbolised or not, and one
** tool's capture against another's.
*/
int triage_match_similar(const char *a, const char *b);

/* Compiled pattern tables and the ignore list; reuse it across logs. */
typedef struct triage_parser triage_parser;

int triage_parser_new(triage_parser **out, const triage_options *opts,
	gred_error *e);
void triage_parser_free(triage_parser *p);

/* Adds frame-ignore patterns from a file: one PCRE2 pattern per line,
** '#' starts a comment line. */
int triage_parser_load_ignore(triage_parser *p, const char *path,
	gred_error *e);

/*
** Computes the signature of one log (stderr and/or stdout of a run).
** Returns 0 with out->crashed set (or not), or -1 when the log is not a
** text log at all: empty, or binary. out must be freed with
** triage_sig_free() after a 0 return.
*/
int triage_parser_sig(triage_sig *out, triage_parser *p, const char *log,
	size_t len, gred_error *e);

/* One-shot form: compiles the tables, computes, frees them. For callers
** that look at one log per process run (reduce --same-crash, bisect). */
int triage_sig_compute(triage_sig *out, const char *log, size_t len,
	const triage_options *opts, gred_error *e);

void triage_sig_free(triage_sig *sig);

/* 1 if both are crashes with the same signature, else 0. */
int triage_sig_equal(const triage_sig *a, const triage_sig *b);

/* The hash as 16 lowercase hex digits into buf (17 bytes). */
const char *triage_sig_id(const triage_sig *sig, char buf[17]);

/* Reads a log file with bounded memory: files over max_bytes are read
** as their first and last max_bytes/2 bytes (*truncated set to 1). */
int triage_log_read(char **out, size_t *len, int *truncated,
	const char *path, size_t max_bytes, gred_error *e);

/*
** The store: buckets (one per signature) and members (one per filed log).
** It is a SQLite file (the default), or a PostgreSQL database when the
** name given to triage_store_open is a postgresql:// or postgres:// URL
** (libpq's connection URI), for many workers on one database. Writers
** go one at a time (SQLite's write lock, a PostgreSQL advisory lock held
** per transaction); every change is a transaction, so kill -9 loses at
** most the batch in flight; unique keys make a repeated add a no-op.
*/
typedef struct triage_store triage_store;

typedef struct triage_add_result {
	int64_t bucket;   /* bucket id */
	int is_new;       /* the bucket was created by this add */
	int duplicate;    /* this path with this content was already filed */
} triage_add_result;

/* Opens the store at where (a path, created with its directories, or a
** URL), creating its tables if need be. */
int triage_store_open(triage_store **out, const char *where, gred_error *e);

void triage_store_close(triage_store *s);

/* 1 if where names a PostgreSQL database rather than a file. */
int triage_store_is_url(const char *where);

/* Writes are grouped: begin, any number of adds, commit. */
int triage_store_begin(triage_store *s, gred_error *e);
int triage_store_commit(triage_store *s, gred_error *e);
void triage_store_rollback(triage_store *s);

/* Files one crash. source names the log (a path, or "run: CMD"); case_path,
** if not NULL, is the input that produced it (the smallest one per
** bucket is kept); log is the raw text, of which a sample is stored. */
int triage_store_add(triage_add_result *out, triage_store *s,
	const triage_sig *sig, const char *source, const char *case_path,
	const char *log, size_t len, gred_error *e);

/* Records that the log at source (this content) could not be filed;
** *seen says it had been recorded before. Inside begin/commit. */
int triage_store_reject(int *seen, triage_store *s, const char *source,
	const char *log, size_t len, gred_error *e);

/* The store a command uses when none is named, found as git finds its
** repository: name (".gred/triage.db") in the current directory or the
** nearest parent that has it. A malloc'd path, or NULL if none has. */
char *triage_store_find(const char *name);

/* One row of `gred triage list`. */
typedef struct triage_bucket {
	int64_t id;
	char hash[17];
	char *kind, *message, *frames, *stack, *sample, *smallest_case;
	int64_t count, first_seen, last_seen, smallest_size;
} triage_bucket;

/* Calls fn for each bucket, most frequent first; stops if fn returns
** nonzero. */
int triage_store_list(triage_store *s,
	int (*fn)(const triage_bucket *b, void *ctx), void *ctx, gred_error *e);

/* Finds a bucket by id or by a prefix of its hash; an id or signature
** it had before a re-sign or a merge (see triage_store_aliases) finds it
** too. */
int triage_store_get(triage_bucket *out, triage_store *s, const char *id,
	gred_error *e);
void triage_bucket_free(triage_bucket *b);

/* Calls fn for each member path of a bucket, in filing order. */
int triage_store_members(triage_store *s, int64_t bucket,
	int (*fn)(const char *source, int64_t added, void *ctx), void *ctx,
	gred_error *e);

/* Calls fn for each former name of a bucket: the signature (hash) and
** id it had before a re-sign (why "resigned"), or those of a bucket it
** absorbed (why "merged"). triage_store_get finds it by these too. */
int triage_store_aliases(triage_store *s, int64_t bucket,
	int (*fn)(const char *hash, int64_t old_id, const char *why,
		int64_t added, void *ctx), void *ctx, gred_error *e);

/* How many buckets and members the store holds. */
int triage_store_totals(int64_t *buckets, int64_t *members, triage_store *s,
	gred_error *e);

/*
** Re-signs a bucket on its reduced case, whose crash is the cleanest:
** the bucket takes sig (hash, key, kind, message, frames) and keeps its
** id, members, count and seen times; its former signature becomes an
** alias and stays filed as a shape, so logs that crash the old way still
** come here. case_path (or NULL) is offered as the smallest case.
** If another bucket already had sig (as its signature, or as one filed
** into it), the two are one bug: that bucket's members, count, shapes
** and aliases move into this one, which remains, and it is deleted (its
** id and signature become aliases of this bucket).
** Returns 0 if no other bucket was involved, 1 if one was absorbed, -1
** on error. Runs in the caller's transaction if one is open (on error
** the caller rolls back), else in its own.
*/
int triage_store_resign(triage_store *s, int64_t bucket, const triage_sig *sig,
	const char *case_path, gred_error *e);

/* What triage_store_merge did. */
typedef struct triage_merge_result {
	int64_t buckets;      /* buckets read from the source */
	int64_t new_buckets;  /* of those, created in the destination */
	int64_t members;      /* members added */
	int64_t duplicates;   /* members the destination had already */
} triage_merge_result;

/*
** Merges the store src into s (either may be SQLite or PostgreSQL).
** Buckets are matched by signature hash (then by their other signatures,
** then by similarity, as an add would); members by source and content
** hash, so merging the same store twice, or a store into itself, adds
** nothing. Counts grow by the members added; first and last seen widen;
** the smaller smallest case wins. Runs in the caller's transaction if one
** is open (on error the caller rolls back), else in its own: a failed
** merge leaves s unchanged.
*/
int triage_store_merge(triage_merge_result *out, triage_store *s,
	triage_store *src, gred_error *e);

/*
** Orders n buckets furthest-point-first: order[0] is 0 (pass the most
** frequent first), each next one the bucket whose nearest ranked bucket
** is furthest away; dist[r] is that distance (0 same words, 1 none in
** common). texts are the buckets' kind, message and frames.
*/
void triage_rank(size_t *order, double *dist, const char *const *texts,
	size_t n);

#endif

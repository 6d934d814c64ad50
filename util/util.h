/*
** Small helpers every part of gred shares: error text, memory,
** whole-file reads and atomic writes.
*/
#ifndef GRED_UTIL_H
#define GRED_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Error text kept for the caller; only main() prints it. */
typedef struct gred_error {
	char msg[1024];
} gred_error;

/* Sets e->msg (if e is not NULL) and returns -1, so callers can write
** `return gred_errorf(e, "...")`. */
int gred_errorf(gred_error *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Fatal-on-OOM allocation for the CLI and the libraries alike. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable byte buffer. */
typedef struct gred_buf {
	char *data;
	size_t len, cap;
} gred_buf;

void buf_grow(gred_buf *b, size_t extra);
void buf_append(gred_buf *b, const void *p, size_t n);
void buf_puts(gred_buf *b, const char *s);
void buf_printf(gred_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_free(gred_buf *b);

/* Reads a whole file; refuses files larger than max_bytes (0: no limit).
** On success *out is NUL-terminated (the NUL is not counted in *len). */
int file_read(char **out, size_t *len, const char *path, size_t max_bytes,
	gred_error *e);

/* Writes data to path atomically: a temp file in the same directory,
** fsync, rename. On failure the path is left untouched. */
int file_write_atomic(const char *path, const void *data, size_t len,
	gred_error *e);

/* Returns the extension of path without the dot ("" if none). */
const char *path_ext(const char *path);

/* Returns the file name part of path. */
const char *path_base(const char *path);

/* 64-bit FNV-1a: the content hash used for caches. */
uint64_t hash_bytes(const void *p, size_t n);

/* Monotonic time in seconds. */
double now_seconds(void);

#endif

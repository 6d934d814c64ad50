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

/* A whole file's bytes, read-only: mapped when big (no copy, no fresh
** pages), read into memory otherwise. data[len] is a NUL either way. */
typedef struct file_view {
	char *data;
	size_t len;
	int mapped;
} file_view;

int file_view_open(file_view *v, const char *path, gred_error *e);
void file_view_close(file_view *v);

/* Where serialised bytes go: write(user, p, n) appends n bytes. */
typedef void gred_write_fn(void *user, const void *p, size_t n);

/* A gred_write_fn appending to the gred_buf user. */
void buf_write(void *user, const void *p, size_t n);

/* A file being written atomically: bytes go to a temp file in the same
** directory; commit fsyncs and renames it over path, abort removes it.
** Until commit, path is untouched. */
typedef struct file_atomic {
	char *path, *tmp;
	int fd;
	int err;        /* errno of the first failed write, or 0 */
	int no_sync;    /* set after open: commit renames without fsync, still
	                ** atomic for readers and for a crash of gred, not of
	                ** the machine */
	char *pend;     /* small writes are gathered here */
	size_t npend;
} file_atomic;

int file_atomic_open(file_atomic *f, const char *path, gred_error *e);
/* A gred_write_fn; a failure is kept and reported by commit. */
void file_atomic_write(void *f, const void *p, size_t n);
int file_atomic_commit(file_atomic *f, gred_error *e);
void file_atomic_abort(file_atomic *f);

/* Writes data to path atomically (file_atomic in one go); with sync 0,
** without the fsync (no_sync). */
int file_write_atomic(const char *path, const void *data, size_t len,
	gred_error *e);
int file_write_atomic_sync(const char *path, const void *data, size_t len,
	int sync, gred_error *e);

/* Removes the directory tree at path (dir_remove), or everything in it
** but the directory itself (dir_empty). Symbolic links are not followed.
** Errors are ignored: what cannot be removed stays. */
void dir_remove(const char *path);
void dir_empty(const char *path);

/* Returns the extension of path without the dot ("" if none). */
const char *path_ext(const char *path);

/* Returns the file name part of path. */
const char *path_base(const char *path);

/* 64-bit FNV-1a: the content hash used for caches. */
uint64_t hash_bytes(const void *p, size_t n);

/* Monotonic time in seconds. */
double now_seconds(void);

#endif

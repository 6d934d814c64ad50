/*
** Small helpers every part of gred shares: error text, memory,
** whole-file reads and atomic writes.
*/
#define _GNU_SOURCE  /* nftw */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int gred_errorf(gred_error *e, const char *fmt, ...)
{
	va_list ap;

	if (e) {
		va_start(ap, fmt);
		vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
		va_end(ap);
	}
	return -1;
}

static void oom(void)
{
	fputs("gred: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void buf_grow(gred_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;

	if (need <= b->cap)
		return;
	if (b->cap * 2 > need)
		need = b->cap * 2;
	b->data = xrealloc(b->data, need);
	b->cap = need;
}

void buf_append(gred_buf *b, const void *p, size_t n)
{
	buf_grow(b, n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = 0;
}

void buf_puts(gred_buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

void buf_printf(gred_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	buf_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void buf_free(gred_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

void buf_write(void *user, const void *p, size_t n)
{
	buf_append(user, p, n);
}

int file_read(char **out, size_t *len, const char *path, size_t max_bytes,
	gred_error *e)
{
	struct stat st;
	char *data;
	size_t got = 0;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return gred_errorf(e, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return gred_errorf(e, "%s: not a regular file", path);
	}
	if (max_bytes && (uint64_t)st.st_size > max_bytes) {
		close(fd);
		return gred_errorf(e, "%s: file too large (%lld bytes, limit %zu)",
			path, (long long)st.st_size, max_bytes);
	}
	data = malloc((size_t)st.st_size + 1);
	if (!data) {
		close(fd);
		return gred_errorf(e, "%s: cannot allocate %lld bytes", path,
			(long long)st.st_size);
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, data + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int err = n < 0 ? errno : EIO;
			free(data);
			close(fd);
			return gred_errorf(e, "%s: read failed: %s", path,
				strerror(err));
		}
		got += (size_t)n;
	}
	close(fd);
	data[got] = 0;
	*out = data;
	*len = got;
	return 0;
}

/* Files at least this big are mapped rather than read. */
#define MAP_MIN_BYTES (16u << 20)

int file_view_open(file_view *v, const char *path, gred_error *e)
{
	struct stat st;
	long page = sysconf(_SC_PAGESIZE);
	void *p;
	int fd;

	memset(v, 0, sizeof(*v));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	/* The mapping must end inside a page, whose tail is zeros: that
	** is the NUL after the data. */
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size >= MAP_MIN_BYTES && page > 0 &&
	    st.st_size % page != 0) {
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
			close(fd);
			v->data = p;
			v->len = (size_t)st.st_size;
			v->mapped = 1;
			return 0;
		}
	}
	if (fd >= 0)
		close(fd);
	return file_read(&v->data, &v->len, path, 0, e);
}

void file_view_close(file_view *v)
{
	if (v->mapped)
		munmap(v->data, v->len);
	else
		free(v->data);
	memset(v, 0, sizeof(*v));
}

const char *path_ext(const char *path)
{
	const char *base = path_base(path);
	const char *dot = strrchr(base, '.');

	return dot && dot != base ? dot + 1 : "";
}

const char *path_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 1469598103934665603ULL;

	while (n--) {
		h ^= *s++;
		h *= 1099511628211ULL;
	}
	return h;
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int remove_cb(const char *path, const struct stat *st, int flag,
	struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static int remove_below_cb(const char *path, const struct stat *st, int flag,
	struct FTW *ftw)
{
	(void)st;
	(void)flag;
	if (ftw->level > 0)
		remove(path);
	return 0;
}

void dir_remove(const char *path)
{
	nftw(path, remove_cb, 16, FTW_DEPTH | FTW_PHYS);
}

void dir_empty(const char *path)
{
	nftw(path, remove_below_cb, 16, FTW_DEPTH | FTW_PHYS);
}

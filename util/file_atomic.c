/*
** Atomic file writes: a temp file beside the target, filled in one go or
** streamed, then fsync and rename, so a reader (or a crash) sees the old
** file or the whole new one, never a part.
*/
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes gathered below this size; bigger ones go straight to the file. */
#define PEND_SIZE (1u << 20)

int file_atomic_open(file_atomic *f, const char *path, gred_error *e)
{
	memset(f, 0, sizeof(*f));
	f->tmp = xasprintf("%s.tmp.XXXXXX", path);
	f->fd = mkstemp(f->tmp);
	if (f->fd < 0) {
		gred_errorf(e, "%s: cannot write: %s", path, strerror(errno));
		free(f->tmp);
		f->tmp = NULL;
		return -1;
	}
	f->path = xstrdup(path);
	return 0;
}

static void write_all(file_atomic *f, const char *p, size_t n)
{
	while (n > 0 && !f->err) {
		ssize_t k = write(f->fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			f->err = errno;
			return;
		}
		p += k;
		n -= (size_t)k;
	}
}

static void flush_pending(file_atomic *f)
{
	write_all(f, f->pend, f->npend);
	f->npend = 0;
}

void file_atomic_write(void *user, const void *p, size_t n)
{
	file_atomic *f = user;

	if (f->err || !n)
		return;
	if (f->npend + n > PEND_SIZE)
		flush_pending(f);
	if (n >= PEND_SIZE) {
		write_all(f, p, n);
		return;
	}
	if (!f->pend)
		f->pend = xmalloc(PEND_SIZE);
	memcpy(f->pend + f->npend, p, n);
	f->npend += n;
}

static void file_atomic_close(file_atomic *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
	free(f->path);
	free(f->tmp);
	free(f->pend);
	f->path = f->tmp = f->pend = NULL;
}

void file_atomic_abort(file_atomic *f)
{
	if (f->tmp)
		unlink(f->tmp);
	file_atomic_close(f);
}

int file_atomic_commit(file_atomic *f, gred_error *e)
{
	int err = 0;

	flush_pending(f);
	if (f->err)
		err = gred_errorf(e, "%s: write failed: %s", f->path,
			strerror(f->err));
	else if (fchmod(f->fd, 0644), !f->no_sync && fsync(f->fd) < 0)
		err = gred_errorf(e, "%s: fsync failed: %s", f->path,
			strerror(errno));
	else if (close(f->fd) < 0) {
		f->fd = -1;
		err = gred_errorf(e, "%s: close failed: %s", f->path,
			strerror(errno));
	} else {
		f->fd = -1;
		if (rename(f->tmp, f->path) < 0)
			err = gred_errorf(e, "%s: rename failed: %s", f->path,
				strerror(errno));
	}
	if (err < 0)
		unlink(f->tmp);
	file_atomic_close(f);
	return err;
}

int file_write_atomic_sync(const char *path, const void *data, size_t len,
	int sync, gred_error *e)
{
	file_atomic f;

	if (file_atomic_open(&f, path, e) < 0)
		return -1;
	f.no_sync = !sync;
	file_atomic_write(&f, data, len);
	return file_atomic_commit(&f, e);
}

int file_write_atomic(const char *path, const void *data, size_t len,
	gred_error *e)
{
	return file_write_atomic_sync(path, data, len, 1, e);
}

/*
** Running the build and the test of one probe: fork/exec in a process
** group of its own, output captured, a timeout that kills the group.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bisect.h"

static void keep_tail(gred_buf *b, const char *p, size_t n, size_t max)
{
	if (max == 0)
		return;
	if (n >= max) {
		b->len = 0;
		buf_append(b, p + n - max, max);
		return;
	}
	if (b->len + n > max) {
		size_t drop = b->len + n - max;
		memmove(b->data, b->data + drop, b->len - drop);
		b->len -= drop;
	}
	buf_append(b, p, n);
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (size_t)w;
	}
}

/* Reads what is available; returns 0 at end of file. */
static int drain(int fd, gred_buf *output, size_t max, int log_fd)
{
	char chunk[8192];
	ssize_t r = read(fd, chunk, sizeof(chunk));

	if (r < 0)
		return errno == EINTR || errno == EAGAIN ? 1 : 0;
	if (r == 0)
		return 0;
	if (output)
		keep_tail(output, chunk, (size_t)r, max);
	if (log_fd >= 0)
		write_all(log_fd, chunk, (size_t)r);
	return 1;
}

static void child(char *const *argv, const char *dir, int out_fd, int err_fd,
	char *const *extra_env, const sigset_t *mask)
{
	int null_fd, code;
	size_t i;

	setpgid(0, 0);
	signal(SIGPIPE, SIG_DFL);
	sigprocmask(SIG_SETMASK, mask, NULL);
	null_fd = open("/dev/null", O_RDONLY);
	if (null_fd >= 0)
		dup2(null_fd, 0);
	dup2(out_fd, 1);
	dup2(out_fd, 2);
	for (i = 0; extra_env && extra_env[i]; i++)
		putenv(extra_env[i]);
	if (dir && chdir(dir) < 0) {
		code = errno;
	} else {
		execvp(argv[0], argv);
		code = errno;
	}
	if (write(err_fd, &code, sizeof(code)) < 0)
		_exit(127);
	_exit(127);
}

int bisect_proc_run(bisect_exit *out, char *const *argv, const char *dir,
	double timeout, gred_buf *output, size_t max_output, int log_fd,
	char *const *extra_env, gred_error *e)
{
	int io[2] = {-1, -1}, ep[2] = {-1, -1}, status = 0, code, open = 1, err = 0;
	sigset_t stop, old;
	struct timespec zero = {0, 0};
	double deadline = timeout > 0 ? now_seconds() + timeout : 0;
	pid_t pid;
	ssize_t r;

	memset(out, 0, sizeof(*out));
	if (pipe2(io, O_CLOEXEC) < 0 || pipe2(ep, O_CLOEXEC) < 0) {
		err = gred_errorf(e, "pipe: %s", strerror(errno));
		goto done;
	}
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop, &old);
	pid = fork();
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		err = gred_errorf(e, "fork: %s", strerror(errno));
		goto done;
	}
	if (pid == 0)
		child(argv, dir, io[1], ep[1], extra_env, &old);
	setpgid(pid, pid);
	close(io[1]);
	close(ep[1]);
	io[1] = ep[1] = -1;
	while ((r = read(ep[0], &code, sizeof(code))) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof(code)) {
		waitpid(pid, &status, 0);
		sigprocmask(SIG_SETMASK, &old, NULL);
		err = gred_errorf(e, "cannot run %s: %s", argv[0], strerror(code));
		goto done;
	}
	fcntl(io[0], F_SETFL, O_NONBLOCK);
	for (;;) {
		struct pollfd pfd = {io[0], POLLIN, 0};
		pid_t w;
		if (open && poll(&pfd, 1, 50) > 0)
			open = drain(io[0], output, max_output, log_fd);
		else if (!open)
			poll(NULL, 0, 20);
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (sigtimedwait(&stop, NULL, &zero) > 0) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			sigprocmask(SIG_SETMASK, &old, NULL);
			err = gred_errorf(e, "interrupted");
			goto done;
		}
		if (deadline > 0 && now_seconds() > deadline) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			out->timed_out = 1;
			break;
		}
	}
	/* Whatever the child left behind in its group goes too. */
	kill(-pid, SIGKILL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	while (open) {
		struct pollfd pfd = {io[0], POLLIN, 0};
		if (poll(&pfd, 1, 200) <= 0)
			break;
		open = drain(io[0], output, max_output, log_fd);
	}
	if (WIFSIGNALED(status)) {
		out->signaled = 1;
		out->code = WTERMSIG(status);
	} else {
		out->code = WEXITSTATUS(status);
	}
done:
	if (io[0] >= 0) close(io[0]);
	if (io[1] >= 0) close(io[1]);
	if (ep[0] >= 0) close(ep[0]);
	if (ep[1] >= 0) close(ep[1]);
	if (output) {
		buf_grow(output, 1);
		output->data[output->len] = '\0';
	}
	return err;
}

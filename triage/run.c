/*
** `gred triage run`: fork/exec of one command, its stdout and stderr
** read through one pipe into a bounded buffer, with an optional timeout.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run.h"

/* Keeps the first half of the limit and the most recent output. */
static void keep_bounded(gred_buf *b, size_t start, size_t max_bytes,
	int *truncated, int final)
{
	size_t head = max_bytes / 2, tail = max_bytes - head - 1;
	size_t used = b->len - start;

	if (used <= (final ? max_bytes : max_bytes + max_bytes / 2))
		return;
	memmove(b->data + start + head + 1, b->data + b->len - tail, tail);
	b->data[start + head] = '\n';
	b->len = start + head + 1 + tail;
	b->data[b->len] = 0;
	*truncated = 1;
}

int triage_run(triage_run_result *res, gred_buf *out, char **argv,
	double timeout, size_t max_bytes, gred_error *e)
{
	int fds[2], errpipe[2], st, err = 0;
	size_t start = out->len;
	double deadline = timeout > 0 ? now_seconds() + timeout : 0;
	pid_t pid;
	char chunk[65536];

	memset(res, 0, sizeof(*res));
	if (pipe2(fds, O_CLOEXEC) < 0 || pipe2(errpipe, O_CLOEXEC) < 0)
		return gred_errorf(e, "%s: pipe: %s", argv[0], strerror(errno));
	pid = fork();
	if (pid < 0) {
		err = errno;
		close(fds[0]);
		close(fds[1]);
		close(errpipe[0]);
		close(errpipe[1]);
		return gred_errorf(e, "%s: fork: %s", argv[0], strerror(err));
	}
	if (pid == 0) {
		setpgid(0, 0);
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		execvp(argv[0], argv);
		err = errno;
		if (write(errpipe[1], &err, sizeof(err)) < 0)
			_exit(127);
		_exit(127);
	}
	setpgid(pid, pid);
	close(fds[1]);
	close(errpipe[1]);
	if (read(errpipe[0], &err, sizeof(err)) == (ssize_t)sizeof(err)) {
		close(errpipe[0]);
		close(fds[0]);
		waitpid(pid, &st, 0);
		return gred_errorf(e, "%s: cannot run: %s", argv[0], strerror(err));
	}
	close(errpipe[0]);
	for (;;) {
		struct pollfd pfd = {fds[0], POLLIN, 0};
		int ms = -1, rc;
		ssize_t n;

		if (deadline) {
			double left = deadline - now_seconds();
			if (left <= 0) {
				res->timed_out = 1;
				kill(-pid, SIGKILL);
				break;
			}
			ms = (int)(left * 1000) + 1;
		}
		rc = poll(&pfd, 1, ms);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc == 0)
			continue;
		n = read(fds[0], chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		buf_append(out, chunk, (size_t)n);
		keep_bounded(out, start, max_bytes, &res->truncated, 0);
	}
	close(fds[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(st)) {
		res->exited = 1;
		res->status = WEXITSTATUS(st);
	} else if (WIFSIGNALED(st)) {
		res->signal = WTERMSIG(st);
	}
	keep_bounded(out, start, max_bytes, &res->truncated, 1);
	return 0;
}

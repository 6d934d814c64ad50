/*
** Child processes of the tester: spawn in a new process group, wait,
** kill the whole group. The only code in gred that forks.
*/
#define _GNU_SOURCE
#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

void proc_init(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* In the child: report why exec failed on the test's stderr, exit 127. */
static void child_fail(const char *what, const char *arg)
{
	char msg[512];
	int n = snprintf(msg, sizeof(msg), "gred: %s %s: %s\n", what, arg,
		strerror(errno));

	if (n > 0 && write(2, msg, (size_t)n) < 0)
		_exit(127);
	_exit(127);
}

static void child(char *const *argv, const char *dir, const char *out_path,
	const char *err_path)
{
	struct rlimit core = {0, 0};
	sigset_t none;
	int fd;

	setpgid(0, 0);
	/* The test dies with gred, even on SIGKILL. */
	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	/* A crashing compiler must not spend seconds writing a core file. */
	setrlimit(RLIMIT_CORE, &core);
	if ((fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0)
		_exit(127);
	dup2(fd, 2);
	if ((fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0)
		child_fail("cannot open", out_path);
	dup2(fd, 1);
	if ((fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
		child_fail("cannot open", "/dev/null");
	dup2(fd, 0);
	if (chdir(dir) < 0)
		child_fail("cannot enter", dir);
	execvp(argv[0], argv);
	child_fail("cannot run", argv[0]);
}

int proc_spawn(proc *out, char *const *argv, const char *dir,
	const char *out_path, const char *err_path, gred_error *e)
{
	pid_t pid;

	memset(out, 0, sizeof(*out));
	out->pidfd = -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return gred_errorf(e, "cannot fork: %s", strerror(errno));
	if (pid == 0)
		child(argv, dir, out_path, err_path);
	/* Both sides set the group, so a kill right after fork reaches it. */
	setpgid(pid, pid);
	out->pid = pid;
#ifdef SYS_pidfd_open
	out->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
#endif
	return 0;
}

int proc_poll(proc *p)
{
	pid_t r;

	if (p->done)
		return 1;
	r = waitpid(p->pid, &p->status, WNOHANG);
	if (r == p->pid || (r < 0 && errno == ECHILD)) {
		p->done = 1;
		return 1;
	}
	return 0;
}

/* Reaps every exited member of p's group, keeping the leader's status. */
static void reap_group(proc *p)
{
	pid_t r;
	int st;

	while ((r = waitpid(-p->pid, &st, WNOHANG)) > 0)
		if (r == p->pid && !p->done) {
			p->status = st;
			p->done = 1;
		}
}

/* SIGKILL sent to a group reaches a process even in the middle of fork():
** the kernel abandons a fork when a fatal signal is pending. Repeating until
** the group is empty therefore ends even a fork bomb. Members re-parented to
** gred (the subreaper) are reaped here too. */
void proc_kill(proc *p)
{
	int i;

	if (p->pid <= 0)
		return;
	for (i = 0; i < 1000; i++) {
		if (kill(-p->pid, SIGKILL) < 0 && errno == ESRCH)
			break;
		reap_group(p);
		if (i > 0)
			usleep(1000);
	}
	reap_group(p);
	if (!p->done && waitpid(p->pid, &p->status, 0) != p->pid)
		p->status = 0;
	p->done = 1;
	if (p->pidfd >= 0)
		close(p->pidfd);
	p->pidfd = -1;
}

int proc_count_group(pid_t pgid)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[300], buf[512], *rp;
		long pg = 0;
		ssize_t k;
		int fd;

		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		k = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (k <= 0)
			continue;
		buf[k] = 0;
		/* "pid (comm) state ppid pgrp ...": comm may hold spaces. */
		if (!(rp = strrchr(buf, ')')))
			continue;
		if (sscanf(rp + 1, " %*c %*d %ld", &pg) == 1 && pg == pgid)
			n++;
	}
	closedir(d);
	return n;
}

int proc_call(gred_buf *out, int (*fn)(gred_buf *out, void *arg), void *arg,
	gred_error *e)
{
	char chunk[65536];
	int fds[2], st = 0;
	ssize_t k;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return gred_errorf(e, "cannot make a pipe: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return gred_errorf(e, "cannot fork: %s", strerror(errno));
	}
	if (pid == 0) {
		gred_buf b = {0};
		size_t off = 0;
		int r;

		close(fds[0]);
		signal(SIGPIPE, SIG_DFL);
		r = fn(&b, arg);
		while (r == 0 && off < b.len) {
			k = write(fds[1], b.data + off, b.len - off);
			if (k <= 0)
				_exit(3);
			off += (size_t)k;
		}
		_exit(r == 0 ? 0 : 2);
	}
	close(fds[1]);
	while ((k = read(fds[0], chunk, sizeof(chunk))) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			break;
		buf_append(out, chunk, (size_t)k);
	}
	close(fds[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	out->len = 0;
	if (WIFSIGNALED(st))
		return gred_errorf(e, "crashed with signal %d", WTERMSIG(st));
	return gred_errorf(e, "failed");
}

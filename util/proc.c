/*
** The one process module: children in process groups of their own,
** killed whole on timeout, at their end and when gred dies.
*/
#define _GNU_SOURCE
#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Longest message to the watchdog: a kind byte and a path. */
#define WATCH_MSG_MAX (PATH_MAX + 2)

/*
** The process-wide part (see proc.h): gred's end of the watchdog's
** socket, the watchdog's pid, and the leaders started and not yet
** reaped, so that strays re-parented to gred can be told from them.
*/
static struct {
	pid_t owner;       /* the process that called proc_init, else 0 */
	int fd;            /* -1: no watchdog */
	pid_t watchdog;
	pid_t *live;
	unsigned char *runs;   /* live[i] runs a program (not a copy of gred) */
	size_t nlive, cap, nrunning;
} state = {0, -1, 0, NULL, NULL, 0, 0, 0};

/* ---- the watchdog ---- */

/*
** The watchdog talks with gred over an AF_UNIX SOCK_SEQPACKET pair rather
** than a pipe: each message arrives whole even when many children send
** at once, and a send to a dead watchdog fails with EPIPE (MSG_NOSIGNAL)
** instead of killing gred with SIGPIPE. End of file still means that no
** process holds gred's end any more: gred itself closes it only by dying,
** children close their copy right after registering.
**
** Messages: "+PGID" a group to kill, "-PGID" a group gone, "DPATH" a
** directory to remove, "dPATH" one removed.
*/
static void watch_send(const char *msg, size_t n)
{
	ssize_t r;

	if (state.fd < 0)
		return;
	do
		r = send(state.fd, msg, n, MSG_NOSIGNAL);
	while (r < 0 && errno == EINTR);
}

/* Formats kind + pid without stdio: also used between fork and exec. */
static size_t format_pid(char *buf, char kind, pid_t pid)
{
	char digits[24];
	size_t n = 0, k = 0;
	unsigned long v = (unsigned long)pid;

	do
		digits[n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	buf[k++] = kind;
	while (n > 0)
		buf[k++] = digits[--n];
	return k;
}

static void watch_pid(char kind, pid_t pid)
{
	char buf[32];

	watch_send(buf, format_pid(buf, kind, pid));
}

int proc_register_dir(const char *path, gred_error *e)
{
	char msg[WATCH_MSG_MAX];
	size_t n = strlen(path);

	if (n + 1 > sizeof(msg) || strchr(path, '\n'))
		return gred_errorf(e, "%s: path too long to register", path);
	msg[0] = 'D';
	memcpy(msg + 1, path, n);
	watch_send(msg, n + 1);
	return 0;
}

void proc_unregister_dir(const char *path)
{
	char msg[WATCH_MSG_MAX];
	size_t n = strlen(path);

	if (n + 1 > sizeof(msg))
		return;
	msg[0] = 'd';
	memcpy(msg + 1, path, n);
	watch_send(msg, n + 1);
}

/* Calls fn for every process in /proc: its pid, group and state letter. */
static void scan_procs(void (*fn)(long pid, long pgid, char st, void *u),
	void *u)
{
	DIR *d = opendir("/proc");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[300], buf[512], *rp, st = 0;
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
		if (sscanf(rp + 1, " %c %*d %ld", &st, &pg) == 2)
			fn(atol(de->d_name), pg, st, u);
	}
	closedir(d);
}

typedef struct group_set {
	pid_t *pgids;
	char *alive;
	size_t n, cap;
} group_set;

static void mark_alive(long pid, long pgid, char st, void *u)
{
	group_set *g = u;
	size_t i;

	(void)pid;
	if (st == 'Z' || st == 'X')
		return;
	for (i = 0; i < g->n; i++)
		if (g->pgids[i] == pgid)
			g->alive[i] = 1;
}

/* SIGKILL to every group, again and again, until none has a member that
** is not a zombie (zombies are their parents' to reap). A pending SIGKILL
** stops fork(), so even a fork bomb ends within a few rounds; the bound
** only guards against processes stuck in the kernel. */
static void watch_kill_all(group_set *g)
{
	int round;
	size_t i, k;

	for (round = 0; g->n > 0 && round < 5000; round++) {
		for (i = 0; i < g->n; i++)
			kill(-g->pgids[i], SIGKILL);
		if (round > 0)
			usleep(2000);
		memset(g->alive, 0, g->n);
		scan_procs(mark_alive, g);
		for (i = k = 0; i < g->n; i++)
			if (g->alive[i])
				g->pgids[k++] = g->pgids[i];
		g->n = k;
	}
}

static void watch_group(group_set *g, char kind, pid_t pgid)
{
	size_t i;

	if (kind == '-') {
		for (i = 0; i < g->n; i++)
			if (g->pgids[i] == pgid) {
				g->pgids[i] = g->pgids[--g->n];
				return;
			}
		return;
	}
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->pgids = realloc(g->pgids, g->cap * sizeof(pid_t));
		g->alive = realloc(g->alive, g->cap);
		if (!g->pgids || !g->alive)
			_exit(1);
	}
	g->pgids[g->n++] = pgid;
}

static void watch_dir(char ***dirs, size_t *n, char kind, const char *path)
{
	size_t i;

	if (kind == 'd') {
		for (i = 0; i < *n; i++)
			if (!strcmp((*dirs)[i], path)) {
				free((*dirs)[i]);
				(*dirs)[i] = (*dirs)[--*n];
				return;
			}
		return;
	}
	*dirs = realloc(*dirs, (*n + 1) * sizeof(char *));
	if (!*dirs || !((*dirs)[*n] = strdup(path)))
		_exit(1);
	(*n)++;
}

/* The watchdog's life: collect registrations until gred is gone, then
** kill what is left and remove the directories. Signals that end a
** terminal session or a job are ignored: only gred's end ends it. */
static void watchdog_main(int fd)
{
	static const int ignored[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT,
		SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR1, SIGUSR2};
	group_set g = {0};
	char **dirs = NULL, msg[WATCH_MSG_MAX + 1];
	size_t ndirs = 0, i;
	sigset_t none;
	int nul;

	setpgid(0, 0);
	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		signal(ignored[i], SIG_IGN);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	prctl(PR_SET_NAME, "gred-watchdog", 0, 0, 0);
	if ((nul = open("/dev/null", O_RDWR)) >= 0) {
		dup2(nul, 0);
		dup2(nul, 1);
		dup2(nul, 2);
	}
	for (i = 3; i < 1024; i++)
		if ((int)i != fd)
			close((int)i);
	if (chdir("/") < 0)
		_exit(1);
	for (;;) {
		ssize_t n = recv(fd, msg, sizeof(msg) - 1, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		msg[n] = 0;
		if (msg[0] == '+' || msg[0] == '-')
			watch_group(&g, msg[0], (pid_t)atol(msg + 1));
		else if (msg[0] == 'D' || msg[0] == 'd')
			watch_dir(&dirs, &ndirs, msg[0], msg + 1);
	}
	watch_kill_all(&g);
	for (i = 0; i < ndirs; i++)
		dir_remove(dirs[i]);
	_exit(0);
}

int proc_init(gred_error *e)
{
	int sv[2];
	pid_t pid;

	if (state.owner == getpid())
		return 0;
	/* A plain fork() of gred starting children of its own: the parent's
	** watchdog and children are not its. */
	if (state.fd >= 0)
		close(state.fd);
	state.fd = -1;
	state.nlive = 0;
	state.owner = getpid();
	/* Orphans of a child's group come back to gred, to be killed and
	** reaped, instead of going to init. */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return gred_errorf(e, "cannot start the process watchdog: %s",
			strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return gred_errorf(e, "cannot start the process watchdog: %s",
			strerror(errno));
	}
	if (pid == 0) {
		close(sv[0]);
		watchdog_main(sv[1]);
	}
	/* Both sides set the group: a kill of gred's group never reaches it. */
	setpgid(pid, pid);
	close(sv[1]);
	state.fd = sv[0];
	state.watchdog = pid;
	return 0;
}

/* ---- children ---- */

static void live_add(pid_t pid, int runs_program)
{
	if (state.nlive == state.cap) {
		state.cap = state.cap ? 2 * state.cap : 16;
		state.live = xrealloc(state.live, state.cap * sizeof(pid_t));
		state.runs = xrealloc(state.runs, state.cap);
	}
	state.runs[state.nlive] = (unsigned char)runs_program;
	state.live[state.nlive++] = pid;
	state.nrunning += runs_program != 0;
}

static void live_remove(pid_t pid)
{
	size_t i;

	for (i = 0; i < state.nlive; i++)
		if (state.live[i] == pid) {
			state.nrunning -= state.runs[i];
			state.nlive--;
			state.live[i] = state.live[state.nlive];
			state.runs[i] = state.runs[state.nlive];
			return;
		}
}

static int live_has(pid_t pid)
{
	size_t i;

	for (i = 0; i < state.nlive; i++)
		if (state.live[i] == pid)
			return 1;
	return 0;
}

/* Reaps exited children gred did not start as leaders: processes that
** were orphaned into gred (the subreaper) from groups that are not
** ours, such as what a nested gred's watchdog killed, or that watchdog
** itself. Stops at the first child that is a live leader's: proc_poll
** reaps those, and the strays behind it wait for the next call. */
static void reap_strays(void)
{
	for (;;) {
		siginfo_t si;

		memset(&si, 0, sizeof(si));
		if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) < 0 ||
		    si.si_pid == 0 || live_has(si.si_pid))
			return;
		if (waitpid(si.si_pid, NULL, WNOHANG) <= 0)
			return;
	}
}

/*
** Kills the strays: children of gred it did not start, left by a program
** that has ended (a daemon it started in a session of its own, which no
** group kill reaches, re-parented to gred, the subreaper). Called only
** when no program gred started still runs, since until then such a
** process may be one a running test still needs (a server it started).
** Killing one re-parents its own children to gred: a few rounds.
*/
static void kill_strays(void)
{
	int round;

	for (round = 0; round < 64; round++) {
		char path[64], line[4096];
		DIR *d = opendir("/proc/self/task");
		struct dirent *t;
		int killed = 0;

		if (!d)
			return;
		while ((t = readdir(d))) {
			FILE *f;
			char *p, *end;

			if (t->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "/proc/self/task/%.20s/children",
				t->d_name);
			if (!(f = fopen(path, "re")))
				continue;
			if (!fgets(line, sizeof(line), f))
				line[0] = 0;
			fclose(f);
			for (p = line; *p; p = end) {
				long c = strtol(p, &end, 10);

				if (end == p)
					break;
				if (c <= 0 || (pid_t)c == state.watchdog ||
				    live_has((pid_t)c))
					continue;
				if (getpgid((pid_t)c) == (pid_t)c)
					kill(-(pid_t)c, SIGKILL);
				kill((pid_t)c, SIGKILL);
				waitpid((pid_t)c, NULL, 0);
				killed++;
			}
		}
		closedir(d);
		if (!killed)
			return;
	}
}

/*
** fork() for every child: in the child, a group of its own, registered
** with the watchdog before anything else runs (so before any grandchild
** can exist), then gred's end of the watchdog closed, then the death
** signal. Returns as fork() does.
*/
static pid_t fork_child(int runs_program)
{
	pid_t parent = getpid(), pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		if (state.fd >= 0) {
			watch_pid('+', getpid());
			close(state.fd);
			state.fd = -1;
		}
		prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
		if (getppid() != parent)
			_exit(127);
		return 0;
	}
	if (pid > 0) {
		/* Both sides set the group, so a kill right after fork reaches it. */
		setpgid(pid, pid);
		live_add(pid, runs_program);
	}
	return pid;
}

void proc_options_init(proc_options *o)
{
	memset(o, 0, sizeof(*o));
	o->capture_max = 1 << 20;
	o->capture_tee_fd = -1;
}

/* Where a child could not start, sent back through the start pipe. */
enum { START_OUT, START_ERR, START_IN, START_DIR, START_EXEC };

typedef struct start_failure {
	int stage;
	int err;
} start_failure;

static void child_fail(int fd, int stage)
{
	start_failure f = {stage, errno};

	if (write(fd, &f, sizeof(f)) < 0)
		_exit(127);
	_exit(127);
}

/* Points fd at path (a new file) or at the capture pipe or /dev/null. */
static int child_output(int fd, const char *path, int capture_fd)
{
	int k;

	if (path)
		k = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	else if (capture_fd >= 0)
		k = capture_fd;
	else
		k = open("/dev/null", O_WRONLY | O_CLOEXEC);
	return k < 0 ? -1 : dup2(k, fd);
}

static void child_exec(const proc_options *o, char **envp, int capture_fd,
	int start_fd)
{
	static const int reset[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
	struct rlimit core = {0, 0};
	sigset_t none;
	size_t i;
	int fd;

	/* Handlers go before signals are let in: a child of spawn_exec
	** shares gred's memory until it execs. */
	for (i = 0; i < sizeof(reset) / sizeof(reset[0]); i++)
		signal(reset[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* A crashing compiler must not spend seconds writing a core file. */
	setrlimit(RLIMIT_CORE, &core);
	if ((fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0 || dup2(fd, 0) < 0)
		child_fail(start_fd, START_IN);
	if (child_output(1, o->out_path, capture_fd) < 0)
		child_fail(start_fd, START_OUT);
	if (child_output(2, o->err_path, capture_fd) < 0)
		child_fail(start_fd, START_ERR);
	if (o->dir && chdir(o->dir) < 0)
		child_fail(start_fd, START_DIR);
	execvpe(o->argv[0], o->argv, envp);
	child_fail(start_fd, START_EXEC);
}

/* gred's environment with o->env set over it, made before fork. */
static char **make_env(char *const *extra)
{
	size_t n = 0, m = 0, i, j, k = 0;
	char **env;

	if (!extra || !extra[0])
		return environ;
	while (environ[n])
		n++;
	while (extra[m])
		m++;
	env = xcalloc(n + m + 1, sizeof(char *));
	for (i = 0; i < n; i++) {
		size_t len = strcspn(environ[i], "=");
		for (j = 0; j < m; j++)
			if (!strncmp(extra[j], environ[i], len) &&
			    extra[j][len] == '=')
				break;
		if (j == m)
			env[k++] = environ[i];
	}
	for (j = 0; j < m; j++)
		env[k++] = extra[j];
	return env;
}

/* What the child of proc_spawn runs with. */
typedef struct spawn_args {
	const proc_options *o;
	char **envp;
	int capture_fd, start_fd;
	pid_t parent;
} spawn_args;

#ifndef __SANITIZE_ADDRESS__
/* The child's side of fork_child, then the command. It runs on gred's
** memory: it writes none (state.fd is closed, not cleared). */
static int spawn_child(void *arg)
{
	spawn_args *a = arg;

	setpgid(0, 0);
	if (state.fd >= 0) {
		watch_pid('+', getpid());
		close(state.fd);
	}
	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	if (getppid() != a->parent)
		_exit(127);
	child_exec(a->o, a->envp, a->capture_fd, a->start_fd);
	return 127;
}
#endif

/*
** A child for a command, set up as fork_child sets one up, but made as
** vfork makes one: it shares gred's memory and gred waits until it
** execs. A fork copies the page tables of all gred holds, which for a
** module of 100,000 ops took longer than many tests. Every signal is
** blocked meanwhile, so no handler of gred's runs in the child. (Under
** AddressSanitizer, whose shadow memory the child would write, a fork.)
*/
static pid_t spawn_exec(spawn_args *a)
{
#ifdef __SANITIZE_ADDRESS__
	pid_t pid = fork_child(1);

	if (pid == 0)
		child_exec(a->o, a->envp, a->capture_fd, a->start_fd);
	return pid;
#else
	enum { STACK = 256 * 1024 };
	sigset_t all, old;
	char *stack;
	pid_t pid;
	int saved;

	stack = mmap(NULL, STACK, PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (stack == MAP_FAILED)
		return -1;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	fflush(NULL);
	pid = clone(spawn_child, stack + STACK, CLONE_VM | CLONE_VFORK | SIGCHLD,
		a);
	saved = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	munmap(stack, STACK);
	if (pid > 0) {
		setpgid(pid, pid);
		live_add(pid, 1);
	}
	errno = saved;
	return pid;
#endif
}

static const char *const stage_what[] = {
	[START_OUT] = "cannot open its output for",
	[START_ERR] = "cannot open its error output for",
	[START_IN] = "cannot open /dev/null for",
	[START_DIR] = "cannot enter the directory of",
	[START_EXEC] = "cannot run",
};

int proc_spawn(proc *p, const proc_options *o, gred_error *e)
{
	int cap[2] = {-1, -1}, sp[2] = {-1, -1}, err = 0;
	start_failure f;
	spawn_args sa;
	char **envp;
	ssize_t r;
	pid_t pid;

	memset(p, 0, sizeof(*p));
	p->pidfd = p->out_fd = -1;
	if (!o->argv || !o->argv[0])
		return gred_errorf(e, "no command to run");
	if (o->capture && (!o->out_path || !o->err_path) &&
	    pipe2(cap, O_CLOEXEC) < 0)
		return gred_errorf(e, "cannot make a pipe: %s", strerror(errno));
	if (pipe2(sp, O_CLOEXEC) < 0) {
		err = gred_errorf(e, "cannot make a pipe: %s", strerror(errno));
		goto done;
	}
	envp = make_env(o->env);
	sa.o = o;
	sa.envp = envp;
	sa.capture_fd = cap[1];
	sa.start_fd = sp[1];
	sa.parent = getpid();
	pid = spawn_exec(&sa);
	if (envp != environ)
		free(envp);
	if (pid < 0) {
		err = gred_errorf(e, "cannot fork: %s", strerror(errno));
		goto done;
	}
	p->pid = pid;
#ifdef SYS_pidfd_open
	p->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
#endif
	close(sp[1]);
	sp[1] = -1;
	/* The start pipe closes at exec, or brings why there was none. */
	while ((r = read(sp[0], &f, sizeof(f))) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof(f)) {
		p->start_errno = f.err;
		/* It exits 127 by itself; its status is the caller's. */
		while (waitpid(p->pid, &p->status, 0) < 0 && errno == EINTR)
			;
		p->done = 1;
		proc_kill(p);
		err = gred_errorf(e, "%s %s: %s", stage_what[f.stage], o->argv[0],
			strerror(f.err));
		goto done;
	}
	p->out_fd = cap[0];
	cap[0] = -1;
done:
	if (cap[0] >= 0) close(cap[0]);
	if (cap[1] >= 0) close(cap[1]);
	if (sp[0] >= 0) close(sp[0]);
	if (sp[1] >= 0) close(sp[1]);
	return err;
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
	if (p->out_fd >= 0)
		close(p->out_fd);
	p->pidfd = p->out_fd = -1;
	live_remove(p->pid);
	watch_pid('-', p->pid);
	reap_strays();
	if (!state.nrunning && state.owner == getpid())
		kill_strays();
	p->pid = 0;
}

/* Keeps the first half of the limit and the most recent output; while
** running, up to half the limit again is let in before cutting. */
static void keep_bounded(gred_buf *b, size_t start, size_t max, int *cut,
	int final)
{
	size_t head = max / 2, tail = max - head - 1, used = b->len - start;

	if (used <= (final ? max : max + max / 2))
		return;
	*cut = 1;
	if (max < 2) {
		b->len = start + max;
		return;
	}
	memmove(b->data + start + head + 1, b->data + b->len - tail, tail);
	b->data[start + head] = '\n';
	b->len = start + head + 1 + tail;
}

static void write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* Reads what the capture pipe has; returns 0 at its end. */
static int drain(int fd, gred_buf *out, size_t start, const proc_options *o,
	proc_result *res)
{
	char chunk[65536];
	ssize_t r = read(fd, chunk, sizeof(chunk));

	if (r < 0)
		return errno == EINTR || errno == EAGAIN;
	if (r == 0)
		return 0;
	if (out && o->capture_max > 0) {
		buf_append(out, chunk, (size_t)r);
		keep_bounded(out, start, o->capture_max, &res->truncated, 0);
	}
	if (o->capture_tee_fd >= 0)
		write_all(o->capture_tee_fd, chunk, (size_t)r);
	return 1;
}

/* The signals proc_run turns into a cancellation: those gred has not been
** told to ignore (nohup, a background job). */
static void catchable(sigset_t *set)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	size_t i;

	sigemptyset(set);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa;
		if (sigaction(sigs[i], NULL, &sa) == 0 && sa.sa_handler != SIG_IGN)
			sigaddset(set, sigs[i]);
	}
}

int proc_run(proc_result *res, gred_buf *out, const proc_options *o,
	gred_error *e)
{
	sigset_t stop, old;
	proc p;
	double t0 = now_seconds();
	double deadline = o->timeout > 0 ? t0 + o->timeout : 0;
	size_t start = out ? out->len : 0;
	int sfd = -1, fd, err = 0;

	memset(res, 0, sizeof(*res));
	if (o->catch_signals) {
		catchable(&stop);
		sigprocmask(SIG_BLOCK, &stop, &old);
		sfd = signalfd(-1, &stop, SFD_CLOEXEC | SFD_NONBLOCK);
	}
	if ((err = proc_spawn(&p, o, e)) < 0)
		goto done;
	fd = p.out_fd;
	p.out_fd = -1;
	for (;;) {
		struct pollfd fds[3];
		int n = 0, ms = -1, ifd = -1, isig = -1;

		if (o->cancel && *o->cancel) {
			err = PROC_CANCELLED;
			break;
		}
		if (proc_poll(&p))
			break;
		if (deadline > 0) {
			double left = deadline - now_seconds();
			if (left <= 0) {
				res->timed_out = 1;
				break;
			}
			ms = (int)(left * 1000) + 1;
		}
		/* Without a pidfd the leader's end is polled; a signal handler
		** that sets *cancel may run just before poll() is entered. */
		if ((p.pidfd < 0 || o->cancel) && (ms < 0 || ms > 50))
			ms = 50;
		if (fd >= 0) {
			ifd = n;
			fds[n].fd = fd;
			fds[n++].events = POLLIN;
		}
		if (p.pidfd >= 0) {
			fds[n].fd = p.pidfd;
			fds[n++].events = POLLIN;
		}
		if (sfd >= 0) {
			isig = n;
			fds[n].fd = sfd;
			fds[n++].events = POLLIN;
		}
		if (poll(fds, (nfds_t)n, ms) <= 0)
			continue;
		if (isig >= 0 && fds[isig].revents) {
			struct signalfd_siginfo si;
			if (read(sfd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
				err = PROC_CANCELLED;
				break;
			}
		}
		if (ifd >= 0 && fds[ifd].revents && !drain(fd, out, start, o, res)) {
			close(fd);
			fd = -1;
		}
	}
	/* The leader has ended or must: the group goes whole, then what its
	** members wrote before dying is read. */
	proc_kill(&p);
	while (fd >= 0) {
		struct pollfd pfd = {fd, POLLIN, 0};
		if (poll(&pfd, 1, 200) <= 0 || !drain(fd, out, start, o, res)) {
			close(fd);
			fd = -1;
		}
	}
	if (out && o->capture_max > 0)
		keep_bounded(out, start, o->capture_max, &res->truncated, 1);
	res->status = p.status;
	if (WIFEXITED(p.status)) {
		res->exited = 1;
		res->code = WEXITSTATUS(p.status);
	} else if (WIFSIGNALED(p.status)) {
		res->signal = WTERMSIG(p.status);
	}
	res->seconds = now_seconds() - t0;
	if (err == PROC_CANCELLED)
		gred_errorf(e, "interrupted");
done:
	if (o->catch_signals) {
		if (sfd >= 0)
			close(sfd);
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	if (out) {
		buf_grow(out, 1);
		out->data[out->len] = 0;
	}
	return err;
}

/*
** What a copy's crash would print (LLVM's stack dump, glibc's "double
** free", Graphviz's router) is for no one: the copy's exit status says it
** failed. Under AddressSanitizer its report stays, for the suite to see.
*/
static void quiet_stderr(void)
{
#ifndef __SANITIZE_ADDRESS__
	int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (fd >= 0) {
		dup2(fd, 2);
		close(fd);
	}
	/* glibc writes its fatal messages to the terminal unless this is set */
	setenv("LIBC_FATAL_STDERR_", "1", 1);
#endif
}

int proc_call(gred_buf *out, int (*fn)(gred_buf *out, void *arg), void *arg,
	gred_error *e)
{
	char chunk[65536];
	int fds[2];
	ssize_t k;
	proc p;

	memset(&p, 0, sizeof(p));
	p.pidfd = p.out_fd = -1;
	if (pipe2(fds, O_CLOEXEC) < 0)
		return gred_errorf(e, "cannot make a pipe: %s", strerror(errno));
	p.pid = fork_child(0);
	if (p.pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return gred_errorf(e, "cannot fork: %s", strerror(errno));
	}
	if (p.pid == 0) {
		gred_buf b = {0};
		struct rlimit core = {0, 0};
		size_t off = 0;
		int r;

		close(fds[0]);
		signal(SIGPIPE, SIG_DFL);
		setrlimit(RLIMIT_CORE, &core);
		quiet_stderr();
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
	while (waitpid(p.pid, &p.status, 0) < 0 && errno == EINTR)
		;
	p.done = 1;
	proc_kill(&p);
	if (WIFEXITED(p.status) && WEXITSTATUS(p.status) == 0)
		return 0;
	out->len = 0;
	if (WIFSIGNALED(p.status))
		return gred_errorf(e, "crashed with signal %d", WTERMSIG(p.status));
	return gred_errorf(e, "failed");
}

int proc_fork(proc *p, gred_error *e)
{
	struct rlimit core = {0, 0};

	memset(p, 0, sizeof(*p));
	p->pidfd = p->out_fd = -1;
	p->pid = fork_child(0);
	if (p->pid < 0)
		return gred_errorf(e, "cannot fork: %s", strerror(errno));
	if (p->pid > 0)
		return 1;
	signal(SIGPIPE, SIG_DFL);
	setrlimit(RLIMIT_CORE, &core);
	return 0;
}

static void count_member(long pid, long pgid, char st, void *u)
{
	long *c = u;

	(void)pid;
	(void)st;
	if (pgid == c[0])
		c[1]++;
}

int proc_count_group(pid_t pgid)
{
	long c[2] = {pgid, 0};

	scan_procs(count_member, c);
	return (int)c[1];
}

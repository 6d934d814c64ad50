/*
** The one process module: every child gred starts (tests, compilers under
** triage, bisect builds and tests, forked copies of gred) starts here.
*/
#ifndef GRED_PROC_H
#define GRED_PROC_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "util.h"

/*
** What holds for every child:
** - it leads a process group of its own, with stdin from /dev/null;
** - the whole group is killed (SIGKILL until it is empty) when its leader
**   has ended, on timeout, on cancellation, and when gred dies, however it
**   dies: a watchdog process started by proc_init holds one end of a
**   socket pair whose other end only gred holds (close-on-exec, and
**   closed in every forked child once it has registered). Each child
**   registers its group there before it execs, so before any grandchild
**   exists; gred unregisters a group once it has killed and reaped it.
**   At end of file gred is gone, however it died: the watchdog kills
**   every group still registered, removes the directories registered
**   with it, and exits.
** - PR_SET_PDEATHSIG (the direct child) and gred being a child subreaper
**   (orphans of a group come back to gred to be reaped) are second lines.
**
** The watchdog's pipe and the table of live children are the only state
** kept for the whole process: a process dies once, whoever started it.
*/

/* Starts the watchdog and makes gred a child subreaper. Call once, early
** (before any thread exists); later calls do nothing, except in a plain
** fork() of the caller, which gets a watchdog of its own. */
int proc_init(gred_error *e);

/* Removes the directory tree at path if gred dies before it unregisters
** it. Paths longer than a pipe's atomic write (or with a newline) are
** refused. */
int proc_register_dir(const char *path, gred_error *e);
void proc_unregister_dir(const char *path);

typedef struct proc_options {
	char *const *argv;      /* argv[0] looked up in PATH; NULL-terminated */
	const char *dir;        /* working directory; NULL: gred's */
	const char *out_path;   /* stdout to this file (truncated), else ... */
	const char *err_path;   /* ... stderr likewise */
	int capture;            /* ... stdout/stderr without a path into one pipe,
	                        ** read by proc_run; without capture, /dev/null */
	size_t capture_max;     /* proc_run keeps at most this much: the head
	                        ** half and the most recent rest */
	int capture_tee_fd;     /* every captured byte is also written here */
	char *const *env;       /* "NAME=VALUE" entries set over gred's own */
	double timeout;         /* proc_run: seconds; 0: none */
	volatile sig_atomic_t *cancel; /* proc_run stops once *cancel is set */
	int catch_signals;      /* proc_run: SIGINT, SIGTERM or SIGHUP (unless
	                        ** ignored) end the run instead of gred */
} proc_options;

void proc_options_init(proc_options *o);

typedef struct proc {
	pid_t pid;       /* also the process group id */
	int pidfd;       /* -1 if the kernel has no pidfd_open */
	int out_fd;      /* read end of the capture pipe, else -1 */
	int status;      /* wait status once reaped */
	int done;
	int start_errno; /* why the child could not start (exec, chdir, open) */
} proc;

/* Starts o->argv. Returns -1 if it did not start; then p->start_errno is
** set when the child was made but could not exec. */
int proc_spawn(proc *p, const proc_options *o, gred_error *e);

/* Reaps the leader if it has exited; returns 1 if done, 0 if running. */
int proc_poll(proc *p);

/* Kills every process left in the group, reaps what it can, closes the
** pidfd and the capture pipe and unregisters the group. Safe to call on a
** finished process; must be called on every spawned one. */
void proc_kill(proc *p);

typedef struct proc_result {
	int status;      /* wait status of the leader */
	int exited;      /* exited normally, with exit code `code` */
	int code;
	int signal;      /* killed by this signal, else 0 */
	int timed_out;   /* killed at the timeout */
	int truncated;   /* the capture was cut: head and tail kept */
	double seconds;
} proc_result;

/* Returned by proc_run when *cancel or a caught signal stopped the run. */
#define PROC_CANCELLED (-2)

/* Runs o->argv to its end (or timeout), reading the capture pipe into
** out (NULL: only the tee) and killing the group at the end. 0 when it
** ran, whatever its end; -1 when it could not start; PROC_CANCELLED. */
int proc_run(proc_result *res, gred_buf *out, const proc_options *o,
	gred_error *e);

/* Runs fn in a forked copy of gred and returns what it appended to out.
** For work that may crash on bad input (MLIR verifiers do): a crash in
** the copy costs a rejected candidate instead of the whole reduction.
** The copy is a child like any other: its own group, gone with gred.
** Returns 0 if fn returned 0, -1 otherwise (e tells which). */
int proc_call(gred_buf *out, int (*fn)(gred_buf *out, void *arg), void *arg,
	gred_error *e);

/* Forks a copy of gred that stays, a child like any other (its own
** group, gone with gred), for work that may crash and is asked of it
** through pipes. Returns 0 in the copy, which must end with _exit; 1 in
** gred, with p set (end it with proc_kill); -1 if fork failed. */
int proc_fork(proc *p, gred_error *e);

/* Number of live processes in process group pgid (scans /proc). */
int proc_count_group(pid_t pgid);

#endif

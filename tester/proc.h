/*
** Child processes of the tester: spawn in a new process group, wait,
** kill the whole group. The only code in gred that forks.
*/
#ifndef GRED_PROC_H
#define GRED_PROC_H

#include <sys/types.h>

#include "util.h"

typedef struct proc {
	pid_t pid;     /* also the process group id */
	int pidfd;     /* -1 if the kernel has no pidfd_open */
	int status;    /* wait status once reaped */
	int done;
} proc;

/* Makes this process a child subreaper, so orphans of a test's process
** group are re-parented to gred and can be killed and reaped. */
void proc_init(void);

/* Starts argv in dir with stdin from /dev/null and stdout/stderr sent to
** the given files, as the leader of a new process group. */
int proc_spawn(proc *out, char *const *argv, const char *dir,
	const char *out_path, const char *err_path, gred_error *e);

/* Reaps the leader if it has exited; returns 1 if done, 0 if running. */
int proc_poll(proc *p);

/* Kills every process left in the group and reaps what it can, then
** closes the pidfd. Safe to call on a finished process. */
void proc_kill(proc *p);

/* Runs fn in a forked copy of gred and returns what it appended to out.
** For work that may crash on bad input (MLIR verifiers do): a crash in
** the child costs a rejected candidate instead of the whole reduction.
** Returns 0 if fn returned 0, -1 otherwise (e tells which). */
int proc_call(gred_buf *out, int (*fn)(gred_buf *out, void *arg), void *arg,
	gred_error *e);

/* Number of live processes in process group pgid (scans /proc). */
int proc_count_group(pid_t pgid);

#endif

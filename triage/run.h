/*
** `gred triage run`: runs a command with its stdout and stderr captured
** into one bounded buffer. The only place in triage/ that makes processes.
*/
#ifndef GRED_TRIAGE_RUN_H
#define GRED_TRIAGE_RUN_H

#include "util.h"

typedef struct triage_run_result {
	int exited;       /* exited normally, with status */
	int status;
	int signal;       /* killed by this signal, else 0 */
	int timed_out;
	int truncated;    /* output longer than the limit: head and tail kept */
} triage_run_result;

/* Runs argv (no shell) with a timeout in seconds (0: none); appends its
** output to out, keeping at most max_bytes. */
int triage_run(triage_run_result *res, gred_buf *out, char **argv,
	double timeout, size_t max_bytes, gred_error *e);

#endif

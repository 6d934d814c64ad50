/*
** Helpers for the command-line layer: the one place errors are printed,
** and the one place a stop signal is caught.
*/
#include "cli.h"

#include <stdarg.h>
#include <string.h>
#include <stdio.h>

int cli_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("gred: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

/* The subcommand's stop flag; the only state the handler can reach. */
static volatile sig_atomic_t *stop_flag;

static void on_stop_signal(int sig)
{
	(void)sig;
	if (stop_flag)
		*stop_flag = 1;
}

void cli_catch_stop(volatile sig_atomic_t *flag)
{
	struct sigaction sa;

	stop_flag = flag;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

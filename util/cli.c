/*
** Helpers for the command-line layer: the one place errors are printed.
*/
#include "cli.h"

#include <stdarg.h>
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

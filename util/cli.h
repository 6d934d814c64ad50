/*
** Entry points of gred's subcommands, one per stage; reduce/main.c
** dispatches to them. Each returns the process exit status.
*/
#ifndef GRED_CLI_H
#define GRED_CLI_H

#include <signal.h>

int convert_main(int argc, char **argv);
int reduce_main(int argc, char **argv);
int triage_main(int argc, char **argv);
int bisect_main(int argc, char **argv);
int gen_main(int argc, char **argv);
int cov_main(int argc, char **argv);
int demo_main(int argc, char **argv);
int report_main(int argc, char **argv);
int fuzz_main(int argc, char **argv);

/* Prints "gred: msg" to stderr and returns 1 (for `return cli_fail(...)`). */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Makes Ctrl-C, kill and a closed terminal (SIGINT, SIGTERM, SIGHUP) set
** *flag instead of ending the process, so long work can stop cleanly and
** leave its partial results. One flag per process: the last call wins. */
void cli_catch_stop(volatile sig_atomic_t *flag);

#endif

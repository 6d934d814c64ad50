/*
** Entry points of gred's subcommands, one per stage; reduce/main.c
** dispatches to them. Each returns the process exit status.
*/
#ifndef GRED_CLI_H
#define GRED_CLI_H

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

#endif

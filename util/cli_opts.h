/*
** The one option grammar of gred's commands: a command describes its
** options in a table; cli_parse reads argv by it and cli_help prints it.
*/
#ifndef GRED_CLI_OPTS_H
#define GRED_CLI_OPTS_H

#include <stddef.h>
#include <stdio.h>

/*
** The grammar, the same for every command:
**
**   --name VALUE, --name=VALUE, -x VALUE, -xVALUE   an option with a value
**   --name, -x                                       a flag
**   -h, --help                                       the generated help
**   --                                               ends the options
**   -                                                an operand (stdin)
**
** Options and operands mix freely until the options end: at "--", or at
** the operand that follows cmd->operands operands (TEST of `gred IN TEST
** ARGS...`). Everything after that point is an operand as written.
** A value is checked against its row: numbers must be whole (CLI_INT,
** CLI_SIZE, CLI_UINT64) or decimal (CLI_DOUBLE, CLI_SECONDS) and within
** [min, max]; seconds must be above 0.
**
** Errors print one line, `gred: COMMAND: ...`: an unknown option or a
** missing value exits 2 (a usage error), a bad value exits 1.
*/
typedef enum cli_kind {
	CLI_END,        /* ends a table */
	CLI_FLAG,       /* int, set to 1 */
	CLI_INT,        /* int in [min, max] */
	CLI_SIZE,       /* size_t in [min, max] */
	CLI_UINT64,     /* uint64_t, decimal or 0x hex, any value */
	CLI_DOUBLE,     /* double in [min, max] */
	CLI_SECONDS,    /* double in (0, max] */
	CLI_STRING,     /* const char *; the last one given wins */
	CLI_LIST,       /* cli_list: every value in order (repeatable) */
	CLI_CALL        /* call(dest, value): -1 after printing an error */
} cli_kind;

/* The values of a repeatable option; free(list.v) when done. */
typedef struct cli_list {
	const char **v;
	size_t n;
} cli_list;

typedef struct cli_opt {
	const char *name;   /* long name without "--", or NULL */
	char letter;        /* short letter, or 0 */
	cli_kind kind;
	size_t offset;      /* of the destination in the command's struct */
	double min, max;    /* range of a number */
	const char *arg;    /* the value's name in --help ("N", "FILE") */
	const char *help;   /* one line; "\n" starts a continuation line */
	int (*call)(void *dest, const char *value);
} cli_opt;

/* Table rows. OFF is an offsetof() into the struct given to cli_parse. */
#define CLI_OPT_FLAG(name, letter, off, help) \
	{(name), (letter), CLI_FLAG, (off), 0, 0, NULL, (help), NULL}
#define CLI_OPT_NUM(kind, name, letter, off, min, max, arg, help) \
	{(name), (letter), (kind), (off), (min), (max), (arg), (help), NULL}
#define CLI_OPT_STRING(name, letter, off, arg, help) \
	{(name), (letter), CLI_STRING, (off), 0, 0, (arg), (help), NULL}
#define CLI_OPT_LIST(name, letter, off, arg, help) \
	{(name), (letter), CLI_LIST, (off), 0, 0, (arg), (help), NULL}
#define CLI_OPT_CALL(name, letter, off, arg, fn, help) \
	{(name), (letter), CLI_CALL, (off), 0, 0, (arg), (help), (fn)}
#define CLI_OPT_END {NULL, 0, CLI_END, 0, 0, 0, NULL, NULL, NULL}

typedef struct cli_command {
	const char *name;      /* "reduce", "triage add": names it in messages */
	const char *usage;     /* synopsis lines after "gred ", '\n'-separated */
	const char *about;     /* what it does: paragraphs */
	const cli_opt *opts;   /* its options, ending with CLI_OPT_END */
	const cli_opt *common; /* more options shared with others, or NULL */
	const char *examples;  /* one command per line, '#' comments allowed */
	int operands;          /* operands before the one that ends the
	                       ** options; -1: options go anywhere */
} cli_command;

typedef struct cli_args {
	char **operands;       /* every argument that is not an option,
	                       ** in order, NULL-terminated */
	int noperands;
	int tail;              /* operands[tail..] came after the options
	                       ** ended (noperands if they did not) */
	int dashdash;          /* the options ended at "--" */
	int status;            /* exit status when cli_parse returns -1 */
} cli_args;

/* Reads argv[1..argc-1] by cmd's tables into dest. Returns 0 to go on,
** or -1 to stop with out->status: 0 after --help (printed on stdout),
** else an error printed on stderr. cli_args_free(out) in both cases. */
int cli_parse(cli_args *out, const cli_command *cmd, void *dest, int argc,
	char **argv);
void cli_args_free(cli_args *a);

/* Prints the help of cmd: usage, about, the options table, examples. */
void cli_help(FILE *f, const cli_command *cmd);

/* If an argument in args[0..n-1] is spelled like one of cmd's options,
** warns once on stderr that it goes to the test, not to gred. */
void cli_warn_misplaced(const cli_command *cmd, char *const *args, int n,
	const char *what);

/* Prints "gred: COMMAND: message (see gred COMMAND --help)" and returns
** 2, the exit status of a usage error. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The program of a test, as it will be run: a NAME without a slash is
** "./NAME" if a regular file NAME is in the current directory, else NAME
** (looked up in PATH when it runs); a name with a slash stays. Returns a
** malloc'd string. */
char *cli_resolve_program(const char *name);

#endif

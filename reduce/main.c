/*
** gred's entry point: dispatches to a subcommand, or treats
** `gred [OPTIONS] IN TEST [ARGS...]` as `gred reduce` with those arguments.
*/
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "proc.h"

#ifndef GRED_VERSION
#define GRED_VERSION "0.1.0"
#endif

static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
	{"reduce", reduce_main, "shrink a failing .onnx or .mlir file"},
	{"convert", convert_main, "convert between .onnx and .mlir"},
	{"triage", triage_main, "group crash logs by stack signature"},
	{"bisect", bisect_main, "find the commit that introduced a bug"},
	{"gen", gen_main, "generate valid ONNX graphs or TOSA, linalg, vector MLIR"},
	{"cov", cov_main, "coverage metrics of a set of .onnx or .mlir files"},
	{"report", report_main, "a Markdown report of a bucket or a case"},
	{"fuzz", fuzz_main, "generate, run, triage, reduce and report bugs"},
	{"demo", demo_main, "run the pipeline on a bundled model"},
};

static void usage(FILE *f)
{
	size_t i;

	fputs("usage: gred [OPTIONS] IN TEST [TEST-ARGS...]   (same as gred reduce)\n"
	      "       gred COMMAND [OPTIONS] [ARGS...]\n\ncommands:\n", f);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s  %s\n", commands[i].name, commands[i].help);
	fputs("\n`gred COMMAND --help` describes a command.\n", f);
}

int main(int argc, char **argv)
{
	gred_error e;
	size_t i;

#ifdef __GLIBC__
	/* Big models pass through many large, short-lived buffers (hex text
	** of a tensor, a serialised candidate). Keeping them on the heap and
	** reusing the freed pages, instead of fresh mmaps each time, spares
	** page faults that cost more than the copying itself. */
	mallopt(M_MMAP_THRESHOLD, 256 << 20);
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("gred %s\n", GRED_VERSION);
		return 0;
	}
	/* Before anything else runs, and while gred has one thread: the
	** watchdog that kills gred's children when gred dies. */
	if (proc_init(&e) < 0)
		return cli_fail("%s", e.msg);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	/* The short form: options or the input file come first. */
	return reduce_main(argc, argv);
}

/*
** `gred convert IN OUT`: .onnx <-> .mlir, or a re-print in the same format;
** `--batch LIST` converts many pairs in one process.
*/
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "ir_file.h"
#include "mlir_io.h"
#include "onnx.h"

typedef struct convert_cli {
	const char *batch;
	const char *to;
} convert_cli;

static const cli_opt convert_opts[] = {
	CLI_OPT_STRING("to", 0, offsetof(convert_cli, to), "FORMAT",
		"onnx or mlir: the format written to - (default\n"
		"mlir)"),
	CLI_OPT_STRING("batch", 0, offsetof(convert_cli, batch), "LIST",
		"convert each \"IN<TAB>OUT\" line of LIST (- for stdin)"),
	CLI_OPT_END
};

static const cli_command convert_command = {
	"convert",
	"convert IN OUT\n"
	"convert [--to FORMAT] IN -\n"
	"convert --batch LIST",
	"Converts between ONNX models (.onnx) and MLIR (.mlir). ONNX models\n"
	"become the `onnx` dialect; an .mlir file in that dialect converts back\n"
	"to .onnx without loss. .mlir -> .mlir re-prints any dialect.\n"
	"The output is written atomically; the input is never modified.\n"
	"OUT - writes to stdout: MLIR text, or what --to names.\n"
	"--batch converts every pair of LIST, reports each failure and goes on.\n",
	convert_opts,
	NULL,
	"gred convert model.onnx model.mlir     # ONNX -> MLIR `onnx` dialect\n"
	"gred convert model.mlir model.onnx     # and back, without loss\n"
	"gred convert crash.mlir out.mlir       # re-print any dialect\n"
	"gred convert model.onnx - | less       # the MLIR form on stdout\n"
	"gred convert --to onnx model.mlir - > model.onnx\n"
	"gred convert --batch pairs.txt         # many \"IN<TAB>OUT\" lines, one process",
	-1,
};

/* A gred_write_fn to stdout; *(int *)user counts failed writes. */
static void write_stdout(void *user, const void *data, size_t len)
{
	if (len && fwrite(data, 1, len, stdout) != len)
		++*(int *)user;
}

/* The format written to stdout: --to, else MLIR text (what a terminal
** or a pager wants). */
static ir_format stdout_format(const char *to)
{
	if (to)
		return !strcmp(to, "onnx") ? IR_FORMAT_ONNX :
			!strcmp(to, "mlir") ? IR_FORMAT_MLIR : IR_FORMAT_UNKNOWN;
	return IR_FORMAT_MLIR;
}

/* Converts in to out ("-": stdout, in format to_stdout); a failure is
** reported as one line. */
static int convert_one(const char *in_path, const char *out_path,
	ir_format to_stdout)
{
	MlirContext ctx;
	ir_file in;
	gred_error e;
	ir_format fmt;
	int rc = 1;

	fmt = strcmp(out_path, "-") ? ir_format_of(out_path) : to_stdout;
	if (fmt == IR_FORMAT_UNKNOWN)
		return cli_fail("%s: unknown file type (expected .onnx or .mlir)",
			out_path);
	ctx = ir_context_new();
	if (ir_file_load(&in, ctx, in_path, &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	if (!strcmp(out_path, "-")) {
		int failed = 0;
		if ((fmt == IR_FORMAT_ONNX ?
		     onnx_export_inline_to(in.op, write_stdout, &failed, &e) :
		     ir_serialize_to(in.op, fmt, write_stdout, &failed, &e)) < 0) {
			cli_fail("%s: %s", in_path, e.msg);
			goto free_in;
		}
		if (fflush(stdout) != 0 || failed) {
			cli_fail("stdout: write failed");
			goto free_in;
		}
		rc = 0;
		goto free_in;
	}
	if (ir_file_write(in.op, fmt, out_path, &e) < 0) {
		if (!strncmp(e.msg, in_path, strlen(in_path)) ||
		    !strncmp(e.msg, out_path, strlen(out_path)))
			cli_fail("%s", e.msg);
		else
			cli_fail("%s: %s", in_path, e.msg);
		goto free_in;
	}
	rc = 0;
free_in:
	ir_file_free(&in);
done:
	mlirContextDestroy(ctx);
	return rc;
}

static int convert_batch(const char *list)
{
	FILE *f = strcmp(list, "-") ? fopen(list, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	if (!f)
		return cli_fail("%s: cannot open", list);
	while ((n = getline(&line, &cap, f)) > 0) {
		char *tab;
		if (line[n - 1] == '\n')
			line[--n] = 0;
		tab = strchr(line, '\t');
		if (!tab) {
			if (n)
				rc = cli_fail("%s: a line lacks a tab: %s", list, line);
			continue;
		}
		*tab = 0;
		if (convert_one(line, tab + 1, IR_FORMAT_MLIR))
			rc = 1;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}

int convert_main(int argc, char **argv)
{
	convert_cli cl = {NULL};
	cli_args args;
	int rc;

	if (cli_parse(&args, &convert_command, &cl, argc, argv) < 0)
		rc = args.status;
	else if (cl.batch && args.noperands)
		rc = cli_usage_error(&convert_command,
			"--batch takes no IN OUT operands");
	else if (cl.batch)
		rc = convert_batch(cl.batch);
	else if (args.noperands != 2)
		rc = cli_usage_error(&convert_command, "missing IN or OUT");
	else if (cl.to && stdout_format(cl.to) == IR_FORMAT_UNKNOWN)
		rc = cli_fail("convert: --to %s: want onnx or mlir", cl.to);
	else
		rc = convert_one(args.operands[0], args.operands[1],
			stdout_format(cl.to));
	cli_args_free(&args);
	return rc;
}

/*
** `gred convert IN OUT`: .onnx <-> .mlir, or a re-print in the same format.
*/
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ir_file.h"
#include "mlir_io.h"

static const char convert_usage[] =
	"usage: gred convert IN OUT\n"
	"\n"
	"Converts between ONNX models (.onnx) and MLIR (.mlir). ONNX models\n"
	"become the `onnx` dialect; an .mlir file in that dialect converts back\n"
	"to .onnx without loss. .mlir -> .mlir re-prints any dialect.\n"
	"The output is written atomically; the input is never modified.\n";

int convert_main(int argc, char **argv)
{
	MlirContext ctx;
	ir_file in;
	gred_buf out = {0};
	gred_error e;
	ir_format fmt;
	int rc = 1;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(convert_usage, stdout);
		return 0;
	}
	if (argc != 3) {
		fputs(convert_usage, stderr);
		return 2;
	}
	fmt = ir_format_of(argv[2]);
	if (fmt == IR_FORMAT_UNKNOWN)
		return cli_fail("%s: unknown file type (expected .onnx or .mlir)",
			argv[2]);
	ctx = ir_context_new();
	if (ir_file_load(&in, ctx, argv[1], &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	if (ir_serialize(&out, in.op, fmt, &e) < 0) {
		if (!strncmp(e.msg, argv[1], strlen(argv[1])))
			cli_fail("%s", e.msg);
		else
			cli_fail("%s: %s", argv[1], e.msg);
		goto free_in;
	}
	if (file_write_atomic(argv[2], out.data, out.len, &e) < 0) {
		cli_fail("%s", e.msg);
		goto free_in;
	}
	rc = 0;
free_in:
	ir_file_free(&in);
done:
	buf_free(&out);
	mlirContextDestroy(ctx);
	return rc;
}

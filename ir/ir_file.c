/*
** Files gred reads and writes: .mlir text or .onnx protobuf, loaded into
** one MLIR module and serialised back in the same format.
*/
#include "ir_file.h"

#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"
#include "onnx.h"

ir_format ir_format_of(const char *path)
{
	const char *ext = path_ext(path);

	if (!strcmp(ext, "mlir"))
		return IR_FORMAT_MLIR;
	if (!strcmp(ext, "onnx"))
		return IR_FORMAT_ONNX;
	return IR_FORMAT_UNKNOWN;
}

int ir_file_load(ir_file *out, MlirContext ctx, const char *path,
	gred_error *e)
{
	ir_file f = {0};
	gred_error sub;
	int err;

	f.format = ir_format_of(path);
	if (file_read(&f.data, &f.len, path, 0, e) < 0)
		return -1;
	if (f.format == IR_FORMAT_UNKNOWN) {
		free(f.data);
		return gred_errorf(e, "%s: unknown file type (expected .onnx or .mlir)",
			path);
	}
	if (f.format == IR_FORMAT_MLIR) {
		if (memchr(f.data, 0, f.len) && f.len >= 4 &&
		    memcmp(f.data, "ML\xefR", 4) != 0) {
			free(f.data);
			return gred_errorf(e, "%s: binary data in a .mlir file", path);
		}
		err = ir_parse(&f.op, ctx, f.data, f.len, path, e);
		if (err == 0) {
			free(f.data);
			f.data = NULL;
		}
	} else {
		err = onnx_import(&f.op, ctx, f.data, f.len, path, &sub);
		if (err < 0)
			gred_errorf(e, "%s: %s", path, sub.msg);
		else {
			free(f.data);
			f.data = NULL;
		}
	}
	if (err < 0) {
		free(f.data);
		return -1;
	}
	*out = f;
	return 0;
}

int ir_serialize(gred_buf *out, MlirOperation op, ir_format fmt,
	gred_error *e)
{
	if (fmt == IR_FORMAT_ONNX)
		return onnx_export(out, op, e);
	return ir_print(out, op, 0, e);
}

void ir_file_free(ir_file *f)
{
	if (!mlirOperationIsNull(f->op))
		mlirOperationDestroy(f->op);
	free(f->data);
	memset(f, 0, sizeof(*f));
}

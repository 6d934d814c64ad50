/*
** Files gred reads and writes: .mlir text or .onnx protobuf, loaded into
** one MLIR module and serialised back in the same format.
*/
#include "ir_file.h"

#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"
#include "onnx.h"

/* How much of a .mlir file is checked for binary data. */
#define HEAD_BYTES (1u << 20)

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
	file_view v;
	gred_error sub;
	int err;

	f.format = ir_format_of(path);
	if (file_view_open(&v, path, e) < 0)
		return -1;
	f.len = v.len;
	if (f.format == IR_FORMAT_UNKNOWN) {
		err = gred_errorf(e, "%s: unknown file type (expected .onnx or "
			".mlir)", path);
	} else if (f.format == IR_FORMAT_MLIR) {
		/* (The head tells: a scan of a mapped file would read it all.) */
		if (memchr(v.data, 0, v.len < HEAD_BYTES ? v.len : HEAD_BYTES) &&
		    v.len >= 4 &&
		    memcmp(v.data, "ML\xefR", 4) != 0)
			err = gred_errorf(e, "%s: binary data in a .mlir file", path);
		else
			err = ir_parse_view(&f.op, ctx, &v, path, e);
	} else {
		err = onnx_import(&f.op, ctx, v.data, v.len, path, &sub);
		if (err < 0)
			gred_errorf(e, "%s: %s", path, sub.msg);
	}
	file_view_close(&v);
	if (err < 0)
		return -1;
	*out = f;
	return 0;
}

int ir_serialize_to(MlirOperation op, ir_format fmt, gred_write_fn *write,
	void *user, gred_error *e)
{
	if (fmt == IR_FORMAT_ONNX)
		return onnx_export_to(op, write, user, e);
	return ir_print_to(op, 0, write, user, e);
}

int ir_serialize(gred_buf *out, MlirOperation op, ir_format fmt,
	gred_error *e)
{
	return ir_serialize_to(op, fmt, buf_write, out, e);
}

void ir_file_free(ir_file *f)
{
	if (!mlirOperationIsNull(f->op))
		mlirOperationDestroy(f->op);
	memset(f, 0, sizeof(*f));
}

/*
** ONNX ModelProto -> MLIR module in the `onnx` dialect.
*/
#include "onnx.h"

int onnx_import(MlirOperation *out, MlirContext ctx, const void *data,
	size_t len, const char *name, gred_error *e)
{
	(void)out; (void)ctx; (void)data; (void)len; (void)name;
	return gred_errorf(e, "ONNX import is not available yet");
}

/*
** MLIR module in the `onnx` dialect -> ONNX ModelProto.
*/
#include "onnx.h"

int onnx_export(gred_buf *out, MlirOperation module, gred_error *e)
{
	(void)out; (void)module;
	return gred_errorf(e, "ONNX export is not available yet");
}

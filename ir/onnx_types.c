/*
** ONNX data types and value types as MLIR types: dtypes as element
** types, TypeProto tensors as tensor types, everything else opaque.
*/
#include <stdlib.h>
#include <string.h>

#include "onnx_internal.h"

#define T(x) ONNX__TENSOR_PROTO__DATA_TYPE__##x

MlirType onnx_elem_type(MlirContext ctx, int dtype)
{
	switch (dtype) {
	case T(FLOAT): return mlirF32TypeGet(ctx);
	case T(DOUBLE): return mlirF64TypeGet(ctx);
	case T(FLOAT16): return mlirF16TypeGet(ctx);
	case T(BFLOAT16): return mlirBF16TypeGet(ctx);
	case T(INT8): return mlirIntegerTypeGet(ctx, 8);
	case T(INT16): return mlirIntegerTypeGet(ctx, 16);
	case T(INT32): return mlirIntegerTypeGet(ctx, 32);
	case T(INT64): return mlirIntegerTypeGet(ctx, 64);
	case T(UINT8): return mlirIntegerTypeUnsignedGet(ctx, 8);
	case T(UINT16): return mlirIntegerTypeUnsignedGet(ctx, 16);
	case T(UINT32): return mlirIntegerTypeUnsignedGet(ctx, 32);
	case T(UINT64): return mlirIntegerTypeUnsignedGet(ctx, 64);
	case T(BOOL): return mlirIntegerTypeGet(ctx, 1);
	case T(STRING): return onnx_opaque_type(ctx, "string");
	case T(COMPLEX64): return mlirComplexTypeGet(mlirF32TypeGet(ctx));
	case T(COMPLEX128): return mlirComplexTypeGet(mlirF64TypeGet(ctx));
	default: return (MlirType){NULL};
	}
}

int onnx_dtype_of(MlirType t)
{
	unsigned w;

	if (mlirTypeIsAF32(t)) return T(FLOAT);
	if (mlirTypeIsAF64(t)) return T(DOUBLE);
	if (mlirTypeIsAF16(t)) return T(FLOAT16);
	if (mlirTypeIsABF16(t)) return T(BFLOAT16);
	if (mlirTypeIsAInteger(t)) {
		w = mlirIntegerTypeGetWidth(t);
		if (mlirIntegerTypeIsUnsigned(t))
			return w == 8 ? T(UINT8) : w == 16 ? T(UINT16) :
				w == 32 ? T(UINT32) : w == 64 ? T(UINT64) : 0;
		return w == 1 ? T(BOOL) : w == 8 ? T(INT8) : w == 16 ? T(INT16) :
			w == 32 ? T(INT32) : w == 64 ? T(INT64) : 0;
	}
	if (mlirTypeIsAComplex(t)) {
		MlirType el = mlirComplexTypeGetElementType(t);
		return mlirTypeIsAF32(el) ? T(COMPLEX64) :
			mlirTypeIsAF64(el) ? T(COMPLEX128) : 0;
	}
	if (mlirTypeIsAOpaque(t)) {
		MlirStringRef ns = mlirOpaqueTypeGetDialectNamespace(t);
		MlirStringRef d = mlirOpaqueTypeGetData(t);
		if (ns.length == 4 && !memcmp(ns.data, "onnx", 4) &&
		    d.length == 6 && !memcmp(d.data, "string", 6))
			return T(STRING);
	}
	return 0;
}

size_t onnx_dtype_size(int dtype)
{
	switch (dtype) {
	case T(UINT8): case T(INT8): case T(BOOL):
		return 1;
	case T(UINT16): case T(INT16): case T(FLOAT16): case T(BFLOAT16):
		return 2;
	case T(FLOAT): case T(INT32): case T(UINT32):
		return 4;
	case T(DOUBLE): case T(INT64): case T(UINT64): case T(COMPLEX64):
		return 8;
	case T(COMPLEX128):
		return 16;
	default:
		return 0;
	}
}

MlirType onnx_opaque_type(MlirContext ctx, const char *what)
{
	return mlirOpaqueTypeGet(ctx, onnx_sref("onnx"), onnx_sref(what));
}

MlirType onnx_type_import(MlirContext ctx, const Onnx__TypeProto *tp)
{
	const Onnx__TypeProto__Tensor *tt;
	MlirType el;
	int64_t *dims;
	size_t i;

	if (!tp)
		return onnx_opaque_type(ctx, "unknown");
	switch (tp->value_case) {
	case ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE:
		break;
	case ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE:
		return onnx_opaque_type(ctx, "seq");
	case ONNX__TYPE_PROTO__VALUE_MAP_TYPE:
		return onnx_opaque_type(ctx, "map");
	case ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE:
		return onnx_opaque_type(ctx, "opt");
	case ONNX__TYPE_PROTO__VALUE_SPARSE_TENSOR_TYPE:
		return onnx_opaque_type(ctx, "sparse_tensor");
	default:
		return onnx_opaque_type(ctx, "type");
	}
	tt = tp->tensor_type;
	el = tt->has_elem_type ? onnx_elem_type(ctx, tt->elem_type) :
		(MlirType){NULL};
	if (mlirTypeIsNull(el))
		return onnx_opaque_type(ctx, "tensor");
	if (!tt->shape)
		return mlirUnrankedTensorTypeGet(el);
	dims = xmalloc((tt->shape->n_dim + 1) * sizeof(*dims));
	for (i = 0; i < tt->shape->n_dim; i++) {
		const Onnx__TensorShapeProto__Dimension *d = tt->shape->dim[i];
		dims[i] = d->value_case ==
			ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE &&
			d->dim_value >= 0 ? d->dim_value : mlirShapedTypeGetDynamicSize();
	}
	el = mlirRankedTensorTypeGet((intptr_t)tt->shape->n_dim, dims, el,
		mlirAttributeGetNull());
	free(dims);
	return el;
}

Onnx__TypeProto *onnx_type_export(MlirType t)
{
	Onnx__TypeProto *tp;
	Onnx__TypeProto__Tensor *tt;
	Onnx__TensorShapeProto *sh;
	intptr_t i, rank;
	int dt;

	if (!mlirTypeIsATensor(t))
		return NULL;
	dt = onnx_dtype_of(mlirShapedTypeGetElementType(t));
	if (!dt)
		return NULL;
	tp = xmalloc(sizeof(*tp));
	onnx__type_proto__init(tp);
	tt = xmalloc(sizeof(*tt));
	onnx__type_proto__tensor__init(tt);
	tp->value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
	tp->tensor_type = tt;
	tt->has_elem_type = 1;
	tt->elem_type = dt;
	if (!mlirShapedTypeHasRank(t))
		return tp;
	sh = xmalloc(sizeof(*sh));
	onnx__tensor_shape_proto__init(sh);
	tt->shape = sh;
	rank = mlirShapedTypeGetRank(t);
	sh->dim = xcalloc((size_t)rank, sizeof(*sh->dim));
	for (i = 0; i < rank; i++) {
		Onnx__TensorShapeProto__Dimension *d = xmalloc(sizeof(*d));
		onnx__tensor_shape_proto__dimension__init(d);
		if (!mlirShapedTypeIsDynamicDim(t, i)) {
			d->value_case =
				ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
			d->dim_value = mlirShapedTypeGetDimSize(t, i);
		}
		sh->dim[i] = d;
	}
	sh->n_dim = (size_t)rank;
	return tp;
}

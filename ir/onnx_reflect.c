/*
** Protobuf reflection: any ONNX message to a dictionary attribute of its
** present fields and back, through protobuf-c's field descriptors.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "onnx_internal.h"

#define FIELD_PTR(m, off) ((void *)((char *)(m) + (off)))

static size_t elem_size(ProtobufCType t)
{
	switch (t) {
	case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64:
	case PROTOBUF_C_TYPE_SFIXED64: case PROTOBUF_C_TYPE_UINT64:
	case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_DOUBLE:
		return 8;
	case PROTOBUF_C_TYPE_BOOL:
		return sizeof(protobuf_c_boolean);
	case PROTOBUF_C_TYPE_STRING: case PROTOBUF_C_TYPE_MESSAGE:
		return sizeof(void *);
	case PROTOBUF_C_TYPE_BYTES:
		return sizeof(ProtobufCBinaryData);
	default:
		return 4;
	}
}

static int is_int(ProtobufCType t)
{
	return t != PROTOBUF_C_TYPE_FLOAT && t != PROTOBUF_C_TYPE_DOUBLE &&
		t != PROTOBUF_C_TYPE_BOOL && t != PROTOBUF_C_TYPE_STRING &&
		t != PROTOBUF_C_TYPE_BYTES && t != PROTOBUF_C_TYPE_MESSAGE;
}

static int64_t int_get(ProtobufCType t, const void *p)
{
	switch (t) {
	case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64:
	case PROTOBUF_C_TYPE_SFIXED64: case PROTOBUF_C_TYPE_UINT64:
	case PROTOBUF_C_TYPE_FIXED64:
		return *(const int64_t *)p;
	case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32:
		return *(const uint32_t *)p;
	default:
		return *(const int32_t *)p;
	}
}

static void int_put(ProtobufCType t, void *p, int64_t v)
{
	if (elem_size(t) == 8)
		*(int64_t *)p = v;
	else
		*(int32_t *)p = (int32_t)(uint32_t)(uint64_t)v;
}

int onnx_reflect_has(const ProtobufCMessage *m, const ProtobufCFieldDescriptor *f)
{
	if (f->label == PROTOBUF_C_LABEL_REPEATED)
		return *(const size_t *)FIELD_PTR(m, f->quantifier_offset) > 0;
	if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
		return *(const uint32_t *)FIELD_PTR(m, f->quantifier_offset) == f->id;
	if (f->type == PROTOBUF_C_TYPE_STRING || f->type == PROTOBUF_C_TYPE_MESSAGE)
		return *(void *const *)FIELD_PTR(m, f->offset) != NULL;
	if (f->label == PROTOBUF_C_LABEL_OPTIONAL)
		return *(const protobuf_c_boolean *)FIELD_PTR(m, f->quantifier_offset);
	return 1;
}

static MlirAttribute one_get(MlirContext ctx, const ProtobufCFieldDescriptor *f,
	const void *p)
{
	switch (f->type) {
	case PROTOBUF_C_TYPE_FLOAT:
		return mlirFloatAttrDoubleGet(ctx, mlirF32TypeGet(ctx),
			*(const float *)p);
	case PROTOBUF_C_TYPE_DOUBLE:
		return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx),
			*(const double *)p);
	case PROTOBUF_C_TYPE_BOOL:
		return mlirBoolAttrGet(ctx, *(const protobuf_c_boolean *)p);
	case PROTOBUF_C_TYPE_STRING:
		return mlirStringAttrGet(ctx, onnx_sref(*(char *const *)p));
	case PROTOBUF_C_TYPE_BYTES: {
		const ProtobufCBinaryData *b = p;
		return onnx_str_attr(ctx, (const char *)b->data, b->len);
	}
	case PROTOBUF_C_TYPE_MESSAGE:
		return onnx_reflect_to_dict(ctx, *(ProtobufCMessage *const *)p, NULL);
	default:
		return onnx_i64_attr(ctx, int_get(f->type, p));
	}
}

MlirAttribute onnx_reflect_get(MlirContext ctx, const ProtobufCMessage *m,
	const ProtobufCFieldDescriptor *f)
{
	const char *p = FIELD_PTR(m, f->offset);
	size_t n, i, sz = elem_size(f->type);
	MlirAttribute a;

	if (f->label != PROTOBUF_C_LABEL_REPEATED)
		return one_get(ctx, f, p);
	n = *(const size_t *)FIELD_PTR(m, f->quantifier_offset);
	p = *(char *const *)p;
	if (is_int(f->type)) {
		int64_t *v = xmalloc(n * sizeof(*v));
		for (i = 0; i < n; i++)
			v[i] = int_get(f->type, p + i * sz);
		a = mlirDenseI64ArrayGet(ctx, (intptr_t)n, v);
		free(v);
	} else if (f->type == PROTOBUF_C_TYPE_FLOAT) {
		a = mlirDenseF32ArrayGet(ctx, (intptr_t)n, (const float *)p);
	} else if (f->type == PROTOBUF_C_TYPE_DOUBLE) {
		a = mlirDenseF64ArrayGet(ctx, (intptr_t)n, (const double *)p);
	} else if (f->type == PROTOBUF_C_TYPE_BOOL) {
		int *v = xmalloc(n * sizeof(*v));
		for (i = 0; i < n; i++)
			v[i] = ((const protobuf_c_boolean *)p)[i] != 0;
		a = mlirDenseBoolArrayGet(ctx, (intptr_t)n, v);
		free(v);
	} else {
		MlirAttribute *v = xmalloc(n * sizeof(*v));
		for (i = 0; i < n; i++)
			v[i] = one_get(ctx, f, p + i * sz);
		a = mlirArrayAttrGet(ctx, (intptr_t)n, v);
		free(v);
	}
	return a;
}

static int skipped(const char *name, const char *const *skip)
{
	for (; skip && *skip; skip++)
		if (!strcmp(*skip, name))
			return 1;
	return 0;
}

MlirAttribute onnx_reflect_to_dict(MlirContext ctx, const ProtobufCMessage *m,
	const char *const *skip)
{
	const ProtobufCMessageDescriptor *d = m->descriptor;
	onnx_alist l = {0};
	MlirAttribute a;
	unsigned i;

	for (i = 0; i < d->n_fields; i++) {
		const ProtobufCFieldDescriptor *f = &d->fields[i];
		if (!skipped(f->name, skip) && onnx_reflect_has(m, f))
			onnx_alist_add(&l, ctx, f->name, onnx_reflect_get(ctx, m, f));
	}
	a = mlirDictionaryAttrGet(ctx, (intptr_t)l.n, l.v);
	onnx_alist_free(&l);
	return a;
}

void onnx_reflect_spread(onnx_alist *l, MlirContext ctx, const ProtobufCMessage *m,
	const char *const *skip)
{
	const ProtobufCMessageDescriptor *d = m->descriptor;
	unsigned i;

	for (i = 0; i < d->n_fields; i++) {
		const ProtobufCFieldDescriptor *f = &d->fields[i];
		char name[128];
		if (skipped(f->name, skip) || !onnx_reflect_has(m, f))
			continue;
		snprintf(name, sizeof(name), "onnx.%s", f->name);
		onnx_alist_add(l, ctx, name, onnx_reflect_get(ctx, m, f));
	}
}

ProtobufCMessage *onnx_reflect_new(const ProtobufCMessageDescriptor *d)
{
	ProtobufCMessage *m = xcalloc(1, d->sizeof_message);
	d->message_init(m);
	return m;
}

static int one_set(const ProtobufCFieldDescriptor *f, void *p, MlirAttribute a,
	gred_error *e)
{
	MlirStringRef s;

	switch (f->type) {
	case PROTOBUF_C_TYPE_FLOAT: case PROTOBUF_C_TYPE_DOUBLE:
		if (!mlirAttributeIsAFloat(a))
			break;
		if (f->type == PROTOBUF_C_TYPE_FLOAT)
			*(float *)p = (float)mlirFloatAttrGetValueDouble(a);
		else
			*(double *)p = mlirFloatAttrGetValueDouble(a);
		return 0;
	case PROTOBUF_C_TYPE_BOOL:
		if (mlirAttributeIsABool(a))
			*(protobuf_c_boolean *)p = mlirBoolAttrGetValue(a);
		else if (mlirAttributeIsAInteger(a))
			*(protobuf_c_boolean *)p = mlirIntegerAttrGetValueInt(a) != 0;
		else
			break;
		return 0;
	case PROTOBUF_C_TYPE_STRING:
		if (!onnx_attr_str(a, &s))
			break;
		*(char **)p = xstrndup(s.length ? s.data : "", s.length);
		return 0;
	case PROTOBUF_C_TYPE_BYTES: {
		ProtobufCBinaryData *b = p;
		if (!onnx_attr_str(a, &s))
			break;
		b->data = xmalloc(s.length);
		if (s.length)
			memcpy(b->data, s.data, s.length);
		b->len = s.length;
		return 0;
	}
	case PROTOBUF_C_TYPE_MESSAGE: {
		ProtobufCMessage *sub;
		if (!mlirAttributeIsADictionary(a))
			break;
		sub = onnx_reflect_new(f->descriptor);
		*(ProtobufCMessage **)p = sub;
		return onnx_reflect_from_dict(sub, a, e);
	}
	default:
		if (mlirAttributeIsAInteger(a))
			int_put(f->type, p, mlirIntegerAttrGetValueInt(a));
		else if (mlirAttributeIsABool(a))
			int_put(f->type, p, mlirBoolAttrGetValue(a));
		else
			break;
		return 0;
	}
	return gred_errorf(e, "field %s has an attribute of the wrong kind",
		f->name);
}

static int repeated_set(ProtobufCMessage *m, const ProtobufCFieldDescriptor *f,
	MlirAttribute a, gred_error *e)
{
	size_t *np = FIELD_PTR(m, f->quantifier_offset);
	char **arr = FIELD_PTR(m, f->offset);
	size_t n, i, sz = elem_size(f->type);

	if (is_int(f->type) && mlirAttributeIsADenseI64Array(a)) {
		n = (size_t)mlirDenseArrayGetNumElements(a);
		*arr = xcalloc(n, sz);
		for (i = 0; i < n; i++)
			int_put(f->type, *arr + i * sz,
				mlirDenseI64ArrayGetElement(a, (intptr_t)i));
	} else if (f->type == PROTOBUF_C_TYPE_FLOAT &&
		   mlirAttributeIsADenseF32Array(a)) {
		n = (size_t)mlirDenseArrayGetNumElements(a);
		*arr = xcalloc(n, sz);
		for (i = 0; i < n; i++)
			((float *)*arr)[i] = mlirDenseF32ArrayGetElement(a, (intptr_t)i);
	} else if (f->type == PROTOBUF_C_TYPE_DOUBLE &&
		   mlirAttributeIsADenseF64Array(a)) {
		n = (size_t)mlirDenseArrayGetNumElements(a);
		*arr = xcalloc(n, sz);
		for (i = 0; i < n; i++)
			((double *)*arr)[i] = mlirDenseF64ArrayGetElement(a, (intptr_t)i);
	} else if (f->type == PROTOBUF_C_TYPE_BOOL &&
		   mlirAttributeIsADenseBoolArray(a)) {
		n = (size_t)mlirDenseArrayGetNumElements(a);
		*arr = xcalloc(n, sz);
		for (i = 0; i < n; i++)
			((protobuf_c_boolean *)*arr)[i] =
				mlirDenseBoolArrayGetElement(a, (intptr_t)i);
	} else if (mlirAttributeIsAArray(a)) {
		n = (size_t)mlirArrayAttrGetNumElements(a);
		*arr = xcalloc(n, sz);
		/* Counted as filled, so a failure frees what was made. */
		for (i = 0; i < n; i++) {
			*np = i;
			if (one_set(f, *arr + i * sz,
				    mlirArrayAttrGetElement(a, (intptr_t)i), e) < 0) {
				if (f->type == PROTOBUF_C_TYPE_MESSAGE &&
				    *(void **)(*arr + i * sz))
					*np = i + 1;
				return -1;
			}
		}
	} else {
		return gred_errorf(e, "field %s needs a list", f->name);
	}
	*np = n;
	return 0;
}

int onnx_reflect_set(ProtobufCMessage *m, const ProtobufCFieldDescriptor *f,
	MlirAttribute a, gred_error *e)
{
	if (f->label == PROTOBUF_C_LABEL_REPEATED)
		return repeated_set(m, f, a, e);
	if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
		*(uint32_t *)FIELD_PTR(m, f->quantifier_offset) = f->id;
	else if (f->type != PROTOBUF_C_TYPE_STRING &&
		 f->type != PROTOBUF_C_TYPE_MESSAGE &&
		 f->label == PROTOBUF_C_LABEL_OPTIONAL)
		*(protobuf_c_boolean *)FIELD_PTR(m, f->quantifier_offset) = 1;
	return one_set(f, FIELD_PTR(m, f->offset), a, e);
}

int onnx_reflect_from_dict(ProtobufCMessage *m, MlirAttribute dict, gred_error *e)
{
	intptr_t i, n;

	if (!mlirAttributeIsADictionary(dict))
		return gred_errorf(e, "%s needs a dictionary",
			m->descriptor->short_name);
	n = mlirDictionaryAttrGetNumElements(dict);
	for (i = 0; i < n; i++) {
		MlirNamedAttribute na = mlirDictionaryAttrGetElement(dict, i);
		MlirStringRef k = mlirIdentifierStr(na.name);
		const ProtobufCFieldDescriptor *f;
		char name[128];

		snprintf(name, sizeof(name), "%.*s", (int)k.length, k.data);
		f = protobuf_c_message_descriptor_get_field_by_name(
			m->descriptor, name);
		if (!f)
			return gred_errorf(e, "%s has no field %s",
				m->descriptor->short_name, name);
		if (onnx_reflect_has(m, f))
			continue;
		if (onnx_reflect_set(m, f, na.attribute, e) < 0)
			return -1;
	}
	return 0;
}

int onnx_reflect_gather(ProtobufCMessage *m, MlirOperation op,
	const char *const *skip, gred_error *e)
{
	const ProtobufCMessageDescriptor *d = m->descriptor;
	unsigned i;

	for (i = 0; i < d->n_fields; i++) {
		const ProtobufCFieldDescriptor *f = &d->fields[i];
		char name[128];
		MlirAttribute a;

		if (skipped(f->name, skip))
			continue;
		snprintf(name, sizeof(name), "onnx.%s", f->name);
		a = onnx_op_attr(op, name);
		if (!mlirAttributeIsNull(a) && onnx_reflect_set(m, f, a, e) < 0) {
			gred_error sub = *e;
			return gred_errorf(e, "attribute %s: %s", name, sub.msg);
		}
	}
	return 0;
}

int onnx_reflect_equal(const ProtobufCMessage *a, const ProtobufCMessage *b)
{
	size_t na = protobuf_c_message_get_packed_size(a);
	size_t nb = protobuf_c_message_get_packed_size(b);
	uint8_t *pa, *pb;
	int eq;

	if (na != nb)
		return 0;
	pa = xmalloc(na);
	pb = xmalloc(nb);
	protobuf_c_message_pack(a, pa);
	protobuf_c_message_pack(b, pb);
	eq = !memcmp(pa, pb, na);
	free(pa);
	free(pb);
	return eq;
}

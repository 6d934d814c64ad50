/*
** ONNX tensors as MLIR elements attributes: raw_data or the typed field
** it came in, big raw data as dense_resource blobs taken from the message.
*/
#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"
#include "onnx_internal.h"

#define T(x) ONNX__TENSOR_PROTO__DATA_TYPE__##x

/* Raw data above this many bytes becomes a dense_resource blob. */
#define RESOURCE_MIN_BYTES 1024

/* The typed field ONNX stores a dtype in. */
static const char *typed_field(int dt)
{
	switch (dt) {
	case T(FLOAT): case T(COMPLEX64): return "float_data";
	case T(INT64): return "int64_data";
	case T(DOUBLE): case T(COMPLEX128): return "double_data";
	case T(UINT32): case T(UINT64): return "uint64_data";
	case T(STRING): return "string_data";
	default: return "int32_data";
	}
}

static const char *default_field(int dt)
{
	return dt == T(STRING) ? "string_data" : "raw_data";
}

/* The number of elements of dims, or -1 if a dim is negative or the
** count is absurd. */
static int64_t count_elements(const int64_t *dims, size_t n)
{
	int64_t c = 1;
	size_t i;

	for (i = 0; i < n; i++) {
		if (dims[i] < 0 || dims[i] > ((int64_t)1 << 48))
			return -1;
		if (dims[i] && c > ((int64_t)1 << 48) / dims[i])
			return -1;
		c *= dims[i];
	}
	return c;
}

static MlirType tensor_type(MlirContext ctx, const Onnx__TensorProto *t)
{
	MlirType el = t->has_data_type ? onnx_elem_type(ctx, t->data_type) :
		(MlirType){NULL};

	if (mlirTypeIsNull(el))
		return onnx_opaque_type(ctx, "tensor");
	if (count_elements(t->dims, t->n_dims) < 0)
		return mlirUnrankedTensorTypeGet(el);
	return mlirRankedTensorTypeGet((intptr_t)t->n_dims, t->dims, el,
		mlirAttributeGetNull());
}

/* Copies the typed field of t into buf (numel elements, MLIR layout);
** 0 if a value does not survive the trip back. */
static int typed_to_buf(void *buf, const Onnx__TensorProto *t, int dt,
	size_t numel)
{
	size_t i;
	int32_t v;

	switch (dt) {
	case T(FLOAT):
		memcpy(buf, t->float_data, numel * 4);
		return 1;
	case T(DOUBLE):
		memcpy(buf, t->double_data, numel * 8);
		return 1;
	case T(INT64):
		memcpy(buf, t->int64_data, numel * 8);
		return 1;
	case T(UINT64):
		memcpy(buf, t->uint64_data, numel * 8);
		return 1;
	case T(UINT32):
		for (i = 0; i < numel; i++) {
			if (t->uint64_data[i] > UINT32_MAX)
				return 0;
			((uint32_t *)buf)[i] = (uint32_t)t->uint64_data[i];
		}
		return 1;
	case T(INT32):
		memcpy(buf, t->int32_data, numel * 4);
		return 1;
	}
	for (i = 0; i < numel; i++) {
		v = t->int32_data[i];
		switch (dt) {
		case T(INT8):
			if (v < INT8_MIN || v > INT8_MAX) return 0;
			((int8_t *)buf)[i] = (int8_t)v;
			break;
		case T(UINT8):
			if (v < 0 || v > UINT8_MAX) return 0;
			((uint8_t *)buf)[i] = (uint8_t)v;
			break;
		case T(BOOL):
			if (v < 0 || v > 1) return 0;
			((uint8_t *)buf)[i] = (uint8_t)v;
			break;
		case T(INT16):
			if (v < INT16_MIN || v > INT16_MAX) return 0;
			((int16_t *)buf)[i] = (int16_t)v;
			break;
		case T(UINT16): case T(FLOAT16): case T(BFLOAT16):
			if (v < 0 || v > UINT16_MAX) return 0;
			((uint16_t *)buf)[i] = (uint16_t)v;
			break;
		default:
			return 0;
		}
	}
	return 1;
}

static size_t typed_count(const Onnx__TensorProto *t, const char *field)
{
	if (!strcmp(field, "float_data")) return t->n_float_data;
	if (!strcmp(field, "int32_data")) return t->n_int32_data;
	if (!strcmp(field, "int64_data")) return t->n_int64_data;
	if (!strcmp(field, "double_data")) return t->n_double_data;
	if (!strcmp(field, "uint64_data")) return t->n_uint64_data;
	if (!strcmp(field, "string_data")) return t->n_string_data;
	return 0;
}

static void blob_free(void *user, const void *data, size_t size, size_t align)
{
	(void)data; (void)size; (void)align;
	free(user);
}

static int resource_ok(int dt)
{
	return dt != T(FLOAT16) && dt != T(BFLOAT16) && dt != T(BOOL);
}

/* A resource key the printer and parser agree on: [A-Za-z0-9_]. */
static char *resource_key(const char *name)
{
	char *k = xasprintf("t_%s", name ? name : "");
	char *p;

	for (p = k; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_'))
			*p = '_';
	if (strlen(k) > 40)
		k[40] = 0;
	return k;
}

static void blob_keep(void *user, const void *data, size_t size, size_t align)
{
	(void)user; (void)data; (void)size; (void)align;
}

/* The elements attribute of t's external data, or null with *err set if
** it cannot be read. A big tensor points into its file's mapping. */
static MlirAttribute external_elements(MlirContext ctx, MlirType type,
	Onnx__TensorProto *t, const char *dir, onnx_external_ref *ref,
	int *err, gred_error *e)
{
	int dt = t->data_type;
	int64_t n = count_elements(t->dims, t->n_dims);
	size_t sz = onnx_dtype_size(dt), numel, i;
	const uint8_t *p;
	MlirAttribute a;

	*err = 0;
	if (t->has_raw_data || t->n_float_data || t->n_int32_data ||
	    t->n_string_data || t->n_int64_data || t->n_double_data ||
	    t->n_uint64_data || t->segment || !t->has_data_type || n < 0 ||
	    !sz || dt == T(COMPLEX64) || dt == T(COMPLEX128) ||
	    mlirTypeIsNull(onnx_elem_type(ctx, dt))) {
		*err = gred_errorf(e, "tensor '%s': external data of a kind "
			"gred cannot read", t->name ? t->name : "");
		return mlirAttributeGetNull();
	}
	numel = (size_t)n;
	if ((*err = onnx_external_open(&p, ref, ctx, dir, t, numel * sz, e)) < 0)
		return mlirAttributeGetNull();
	if (resource_ok(dt) && numel * sz > RESOURCE_MIN_BYTES) {
		char *key = resource_key(t->name);
		a = mlirUnmanagedDenseResourceElementsAttrGet(type, onnx_sref(key),
			(void *)p, numel * sz, ref->offset % sz ? 1 : sz, false,
			blob_keep, NULL);
		free(key);
		return a;
	}
	/* Small ones (and bools, halves) are copied: nothing to track. */
	onnx_external_ref_free(ref);
	if (dt == T(BOOL)) {
		int *v = xmalloc((numel + 1) * sizeof(*v));
		for (i = 0; i < numel; i++)
			v[i] = p[i] != 0;
		a = mlirDenseElementsAttrBoolGet(type, (intptr_t)numel, v);
		free(v);
		return a;
	}
	return mlirDenseElementsAttrRawBufferGet(type, numel * sz, p);
}

/* The elements attribute of a plain tensor, or null if t is not plain. */
static MlirAttribute tensor_elements(MlirContext ctx, MlirType type,
	Onnx__TensorProto *t, const char **field)
{
	int dt = t->data_type;
	int nfields = t->has_raw_data + (t->n_float_data > 0) +
		(t->n_int32_data > 0) + (t->n_string_data > 0) +
		(t->n_int64_data > 0) + (t->n_double_data > 0) +
		(t->n_uint64_data > 0);
	int64_t n = count_elements(t->dims, t->n_dims);
	size_t sz = onnx_dtype_size(dt), i, numel;
	MlirAttribute a = mlirAttributeGetNull();
	void *buf;

	if (t->segment || t->n_external_data || t->has_data_location ||
	    t->base.n_unknown_fields || !t->has_data_type || n < 0 ||
	    nfields > 1 || dt == T(COMPLEX64) || dt == T(COMPLEX128) ||
	    mlirTypeIsNull(onnx_elem_type(ctx, dt)))
		return a;
	numel = (size_t)n;
	*field = t->has_raw_data ? "raw_data" : t->n_float_data ? "float_data" :
		t->n_int32_data ? "int32_data" : t->n_string_data ? "string_data" :
		t->n_int64_data ? "int64_data" : t->n_double_data ? "double_data" :
		t->n_uint64_data ? "uint64_data" : "none";
	if (!strcmp(*field, "none")) {
		if (numel)
			return a;
		if (dt == T(STRING))
			return mlirDenseElementsAttrStringGet(type, 0, NULL);
		return mlirDenseElementsAttrRawBufferGet(type, 0, "");
	}
	if (dt == T(STRING)) {
		MlirStringRef *refs;
		if (!t->n_string_data || t->n_string_data != numel)
			return a;
		refs = xmalloc((numel + 1) * sizeof(*refs));
		for (i = 0; i < numel; i++)
			refs[i] = mlirStringRefCreate(
				(const char *)t->string_data[i].data,
				t->string_data[i].len);
		a = mlirDenseElementsAttrStringGet(type, (intptr_t)numel, refs);
		free(refs);
		return a;
	}
	if (!strcmp(*field, "raw_data")) {
		if (t->raw_data.len != numel * sz)
			return a;
		if (dt != T(BOOL) && resource_ok(dt) &&
		    t->raw_data.len > RESOURCE_MIN_BYTES) {
			char *key = resource_key(t->name);
			buf = t->raw_data.data;
			a = mlirUnmanagedDenseResourceElementsAttrGet(type,
				onnx_sref(key), buf, t->raw_data.len, sz, false,
				blob_free, buf);
			free(key);
			/* The blob owns the bytes now. */
			t->raw_data.data = NULL;
			t->raw_data.len = 0;
			return a;
		}
		buf = t->raw_data.data;
		if (dt == T(BOOL)) {
			int *v = xmalloc((numel + 1) * sizeof(*v));
			for (i = 0; i < numel; i++) {
				if (((uint8_t *)buf)[i] > 1) {
					free(v);
					return a;
				}
				v[i] = ((uint8_t *)buf)[i];
			}
			a = mlirDenseElementsAttrBoolGet(type, (intptr_t)numel, v);
			free(v);
			return a;
		}
		return mlirDenseElementsAttrRawBufferGet(type, numel * sz,
			buf ? (const void *)buf : "");
	}
	if (strcmp(*field, typed_field(dt)) || typed_count(t, *field) != numel)
		return a;
	buf = xmalloc(numel * sz + 1);
	if (typed_to_buf(buf, t, dt, numel)) {
		if (dt == T(BOOL)) {
			int *v = xmalloc((numel + 1) * sizeof(*v));
			for (i = 0; i < numel; i++)
				v[i] = ((uint8_t *)buf)[i];
			a = mlirDenseElementsAttrBoolGet(type, (intptr_t)numel, v);
			free(v);
		} else {
			a = mlirDenseElementsAttrRawBufferGet(type, numel * sz, buf);
		}
	}
	free(buf);
	return a;
}

int onnx_tensor_import(MlirAttribute *value, MlirAttribute *extra,
	MlirType *type, MlirContext ctx, Onnx__TensorProto *t, int keep_name,
	const char *dir, gred_error *e)
{
	const char *field = NULL;
	onnx_alist l = {0};
	onnx_external_ref ref = {0};
	int external = t->has_data_location &&
		t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
	int err = 0;

	*type = tensor_type(ctx, t);
	*extra = mlirAttributeGetNull();
	*value = mlirAttributeGetNull();
	if (external) {
		if (!mlirTypeIsATensor(*type) || !mlirShapedTypeHasRank(*type))
			return gred_errorf(e, "tensor '%s': external data of a kind "
				"gred cannot read", t->name ? t->name : "");
		*value = external_elements(ctx, *type, t, dir, &ref, &err, e);
		if (err < 0)
			return -1;
		field = "raw_data";
	} else if (mlirTypeIsATensor(*type) && mlirShapedTypeHasRank(*type)) {
		*value = tensor_elements(ctx, *type, t, &field);
	}
	if (mlirAttributeIsNull(*value)) {
		*value = onnx_reflect_to_dict(ctx, &t->base, NULL);
		return 0;
	}
	if (keep_name && t->name)
		onnx_alist_add(&l, ctx, "name", mlirStringAttrGet(ctx,
			onnx_sref(t->name)));
	if (t->doc_string)
		onnx_alist_add(&l, ctx, "doc_string", mlirStringAttrGet(ctx,
			onnx_sref(t->doc_string)));
	if (strcmp(field, default_field(t->data_type)))
		onnx_alist_add(&l, ctx, "field", mlirStringAttrGet(ctx,
			onnx_sref(field)));
	if (ref.path)
		onnx_alist_add(&l, ctx, "external", onnx_external_ref_attr(ctx, &ref));
	if (l.n)
		*extra = mlirDictionaryAttrGet(ctx, (intptr_t)l.n, l.v);
	onnx_alist_free(&l);
	onnx_external_ref_free(&ref);
	return 0;
}

/* The n bytes of a's elements where a holds them, if laid out there as
** ONNX wants them: a plain dense attribute's data or a dense_resource
** blob. NULL for splats and bools, whose storage differs. */
static const void *elements_in_place(MlirAttribute a, int dt, size_t n)
{
	const void *p;
	size_t len;

	if (dt == T(BOOL) || !n)
		return NULL;
	if (mlirAttributeIsADenseElements(a))
		return mlirDenseElementsAttrIsSplat(a) ? NULL :
			mlirDenseElementsAttrGetRawData(a);
	p = ir_resource_bytes(a, &len);
	return p && len == n ? p : NULL;
}

/* Writes the numel elements of a, each sz bytes in ONNX layout, to buf;
** 0 if a holds no elements gred can read. */
static int elements_read(uint8_t *buf, MlirAttribute a, int dt, size_t numel,
	size_t sz)
{
	intptr_t i, n = (intptr_t)numel;
	const void *p = elements_in_place(a, dt, numel * sz);

	if (p) {
		memcpy(buf, p, numel * sz);
		return 1;
	}
	if (mlirAttributeIsADenseElements(a)) {
		if (dt == T(BOOL)) {
			for (i = 0; i < n; i++)
				buf[i] = mlirDenseElementsAttrGetBoolValue(a, i);
		} else if (mlirDenseElementsAttrIsSplat(a)) {
			const uint8_t *one = mlirDenseElementsAttrGetRawData(a);
			for (i = 0; i < n; i++)
				memcpy(buf + (size_t)i * sz, one, sz);
		}
		return 1;
	}
	if (!mlirAttributeIsADenseResourceElements(a))
		return 0;
	/* Without a blob (or a bool one), one element at a time. */
#define GET(ctype, fn) \
	for (i = 0; i < n; i++) \
		((ctype *)buf)[i] = fn(a, i);
	switch (dt) {
	case T(FLOAT): GET(float, mlirDenseFloatResourceElementsAttrGetValue) break;
	case T(DOUBLE): GET(double, mlirDenseDoubleResourceElementsAttrGetValue) break;
	case T(INT8): GET(int8_t, mlirDenseInt8ResourceElementsAttrGetValue) break;
	case T(INT16): GET(int16_t, mlirDenseInt16ResourceElementsAttrGetValue) break;
	case T(INT32): GET(int32_t, mlirDenseInt32ResourceElementsAttrGetValue) break;
	case T(INT64): GET(int64_t, mlirDenseInt64ResourceElementsAttrGetValue) break;
	case T(UINT8): GET(uint8_t, mlirDenseUInt8ResourceElementsAttrGetValue) break;
	case T(UINT16): GET(uint16_t, mlirDenseUInt16ResourceElementsAttrGetValue) break;
	case T(UINT32): GET(uint32_t, mlirDenseUInt32ResourceElementsAttrGetValue) break;
	case T(UINT64): GET(uint64_t, mlirDenseUInt64ResourceElementsAttrGetValue) break;
	case T(BOOL): GET(uint8_t, mlirDenseBoolResourceElementsAttrGetValue) break;
	default: return 0;
	}
#undef GET
	return 1;
}

const void *onnx_deferred_data(const onnx_deferred *d, size_t n)
{
	return elements_in_place(d->value, d->dtype, n);
}

void onnx_deferred_fill(void *dst, const onnx_deferred *d, size_t n)
{
	size_t sz = onnx_dtype_size(d->dtype);

	elements_read(dst, d->value, d->dtype, n / sz, sz);
}

/* The elements of a as numel ONNX-layout elements of size sz, in a
** malloc'd buffer. */
static int elements_bytes(uint8_t **out, MlirAttribute a, int dt, size_t numel,
	size_t sz, gred_error *e)
{
	uint8_t *buf = xmalloc(numel * sz + 1);

	if (!elements_read(buf, a, dt, numel, sz)) {
		free(buf);
		return gred_errorf(e, "unsupported tensor attribute");
	}
	*out = buf;
	return 0;
}

/* Whether elements_read can read a as dtype dt. */
static int elements_readable(MlirAttribute a, int dt)
{
	if (mlirAttributeIsADenseElements(a))
		return 1;
	return mlirAttributeIsADenseResourceElements(a) && resource_ok(dt);
}

/* Moves numel elements from buf into the typed field of t. */
static void buf_to_typed(Onnx__TensorProto *t, const uint8_t *buf, int dt,
	size_t numel)
{
	size_t i;

	switch (dt) {
	case T(FLOAT):
		t->float_data = xmalloc(numel * 4 + 1);
		memcpy(t->float_data, buf, numel * 4);
		t->n_float_data = numel;
		return;
	case T(DOUBLE):
		t->double_data = xmalloc(numel * 8 + 1);
		memcpy(t->double_data, buf, numel * 8);
		t->n_double_data = numel;
		return;
	case T(INT64):
		t->int64_data = xmalloc(numel * 8 + 1);
		memcpy(t->int64_data, buf, numel * 8);
		t->n_int64_data = numel;
		return;
	case T(UINT64): case T(UINT32):
		t->uint64_data = xmalloc(numel * 8 + 1);
		for (i = 0; i < numel; i++)
			t->uint64_data[i] = dt == T(UINT64) ?
				((const uint64_t *)buf)[i] : ((const uint32_t *)buf)[i];
		t->n_uint64_data = numel;
		return;
	}
	t->int32_data = xmalloc(numel * 4 + 1);
	for (i = 0; i < numel; i++) {
		switch (dt) {
		case T(INT32): t->int32_data[i] = ((const int32_t *)buf)[i]; break;
		case T(INT8): t->int32_data[i] = ((const int8_t *)buf)[i]; break;
		case T(INT16): t->int32_data[i] = ((const int16_t *)buf)[i]; break;
		case T(UINT8): case T(BOOL):
			t->int32_data[i] = buf[i];
			break;
		default:
			t->int32_data[i] = ((const uint16_t *)buf)[i];
			break;
		}
	}
	t->n_int32_data = numel;
}

static int extra_str(MlirAttribute extra, const char *key, MlirStringRef *s)
{
	if (mlirAttributeIsNull(extra) || !mlirAttributeIsADictionary(extra))
		return 0;
	return onnx_attr_str(mlirDictionaryAttrGetElementByName(extra,
		onnx_sref(key)), s);
}

/* Lists t in sink->ext if value is still the bytes of a side file. */
static void external_note(onnx_tensor_sink *sink, Onnx__TensorProto *t,
	onnx_deferred *d, MlirAttribute value, MlirAttribute extra)
{
	onnx_external_use u = {t, d, {0}, NULL};
	MlirAttribute ext;

	if (mlirAttributeIsNull(extra) || !mlirAttributeIsADictionary(extra))
		return;
	ext = mlirDictionaryAttrGetElementByName(extra, onnx_sref("external"));
	if (!onnx_external_still(&u.ref, &u.data, sink->ctx, value, ext))
		return;
	if (sink->n_ext == sink->cap_ext) {
		sink->cap_ext = sink->cap_ext ? 2 * sink->cap_ext : 16;
		sink->ext = xrealloc(sink->ext, sink->cap_ext * sizeof(*sink->ext));
	}
	sink->ext[sink->n_ext++] = u;
	sink->ext_bytes += u.ref.length;
}

int onnx_tensor_export(Onnx__TensorProto **out, MlirAttribute value,
	MlirAttribute extra, onnx_tensor_sink *sink, gred_error *e)
{
	Onnx__TensorProto *t = (Onnx__TensorProto *)onnx_reflect_new(
		&onnx__tensor_proto__descriptor);
	MlirType type;
	MlirStringRef s;
	char field[32] = "";
	int64_t numel = 1;
	intptr_t i, rank;
	size_t sz;
	uint8_t *buf = NULL;
	int dt;

	*out = t;
	if (mlirAttributeIsADictionary(value))
		return onnx_reflect_from_dict(&t->base, value, e);
	if (!mlirAttributeIsAElements(value))
		return gred_errorf(e, "a tensor needs an elements attribute");
	type = mlirAttributeGetType(value);
	dt = onnx_dtype_of(mlirShapedTypeGetElementType(type));
	if (!dt || dt == T(COMPLEX64) || dt == T(COMPLEX128))
		return gred_errorf(e, "no ONNX tensor type for this element type");
	if (!mlirShapedTypeHasStaticShape(type))
		return gred_errorf(e, "a tensor constant needs a static shape");
	rank = mlirShapedTypeGetRank(type);
	t->has_data_type = 1;
	t->data_type = dt;
	t->dims = xmalloc(((size_t)rank + 1) * sizeof(*t->dims));
	for (i = 0; i < rank; i++) {
		t->dims[i] = mlirShapedTypeGetDimSize(type, i);
		numel *= t->dims[i];
	}
	t->n_dims = (size_t)rank;
	if (extra_str(extra, "name", &s))
		t->name = ir_strdup(s);
	if (extra_str(extra, "doc_string", &s))
		t->doc_string = ir_strdup(s);
	if (extra_str(extra, "field", &s) && s.length && s.length < sizeof(field))
		memcpy(field, s.data, s.length);
	if (!strcmp(field, "none") && numel == 0)
		return 0;
	if (dt == T(STRING)) {
		if (!mlirAttributeIsADenseElements(value))
			return gred_errorf(e, "unsupported string tensor attribute");
		t->string_data = xcalloc((size_t)numel + 1, sizeof(*t->string_data));
		for (i = 0; i < numel; i++) {
			s = mlirDenseElementsAttrGetStringValue(value, i);
			if (!s.data)
				s.data = "";
			t->string_data[i].data = xmalloc(s.length + 1);
			if (s.length)
				memcpy(t->string_data[i].data, s.data, s.length);
			t->string_data[i].len = s.length;
			t->n_string_data = (size_t)i + 1;
		}
		return 0;
	}
	sz = onnx_dtype_size(dt);
	if (sink && strcmp(field, typed_field(dt)) &&
	    (size_t)numel * sz > RESOURCE_MIN_BYTES &&
	    elements_readable(value, dt)) {
		onnx_deferred *d = xmalloc(sizeof(*d));
		d->value = value;
		d->dtype = dt;
		onnx_map_put(&sink->deferred, d, d);
		t->has_raw_data = 1;
		t->raw_data.data = (uint8_t *)d;
		t->raw_data.len = (size_t)numel * sz;
		external_note(sink, t, d, value, extra);
		return 0;
	}
	if (elements_bytes(&buf, value, dt, (size_t)numel, sz, e) < 0)
		return -1;
	if (!strcmp(field, typed_field(dt))) {
		buf_to_typed(t, buf, dt, (size_t)numel);
		free(buf);
		return 0;
	}
	t->has_raw_data = 1;
	t->raw_data.data = buf;
	t->raw_data.len = (size_t)numel * sz;
	return 0;
}

/*
** ONNX external data: tensor bytes in side files next to the model, mapped
** (never read into the heap, never written) and checked against the file.
*/
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mlir_io.h"
#include "onnx_internal.h"

#define KEY_PREFIX "onnx_external:"

/* Whether location stays inside the model's directory: relative, and no
** ".." component. */
static int location_inside(const char *loc)
{
	const char *p = loc;

	if (!*loc || *loc == '/')
		return 0;
	while (*p) {
		size_t n = strcspn(p, "/");
		if (n == 2 && p[0] == '.' && p[1] == '.')
			return 0;
		p += n;
		while (*p == '/')
			p++;
	}
	return 1;
}

/* A decimal number as ONNX stores offsets and lengths: digits only. */
static int parse_u64(uint64_t *out, const char *s)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return 0;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return !errno && !*end;
}

char *onnx_external_dir(const char *model_path)
{
	const char *slash = model_path ? strrchr(model_path, '/') : NULL;

	if (!slash)
		return xstrdup(".");
	if (slash == model_path)
		return xstrdup("/");
	return xstrndup(model_path, (size_t)(slash - model_path));
}

/* The mapping of the side file at path (a real path) in ctx, made on
** first use. */
static int side_map(const uint8_t **base, size_t *size, MlirContext ctx,
	const char *path, const char *loc, gred_error *e)
{
	char *key = xasprintf(KEY_PREFIX "%s", path);
	const void *p;
	struct stat st;
	void *m = NULL;
	int fd;

	*size = 0;
	p = onnx_external_map_get(ctx, key, size);
	if (p) {
		*base = p;
		free(key);
		return 0;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		int err = fd < 0 ? errno : 0;
		if (fd >= 0)
			close(fd);
		free(key);
		return gred_errorf(e, "external data file '%s': %s", loc,
			err ? strerror(err) : "not a regular file");
	}
	*size = (size_t)st.st_size;
	if (*size) {
		m = mmap(NULL, *size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m == MAP_FAILED) {
			int err = errno;
			close(fd);
			free(key);
			return gred_errorf(e, "external data file '%s': %s", loc,
				strerror(err));
		}
	}
	close(fd);
	onnx_external_map_put(ctx, key, m, *size);
	free(key);
	*base = m;
	return 0;
}

int onnx_external_open(const uint8_t **out, onnx_external_ref *ref,
	MlirContext ctx, const char *dir, const Onnx__TensorProto *t,
	size_t need, gred_error *e)
{
	const char *loc = NULL, *off = NULL, *len = NULL, *sum = NULL;
	const char *tname = t->name ? t->name : "";
	uint64_t offset = 0, length = need;
	const uint8_t *base = NULL;
	char *joined, *real;
	size_t size, i;

	memset(ref, 0, sizeof(*ref));
	for (i = 0; i < t->n_external_data; i++) {
		const char *k = t->external_data[i]->key;
		const char *v = t->external_data[i]->value;
		if (!k || !v)
			continue;
		if (!strcmp(k, "location")) loc = v;
		else if (!strcmp(k, "offset")) off = v;
		else if (!strcmp(k, "length")) len = v;
		else if (!strcmp(k, "checksum")) sum = v;
	}
	if (!loc || !*loc)
		return gred_errorf(e, "tensor '%s': external data without a "
			"location", tname);
	if (!location_inside(loc))
		return gred_errorf(e, "tensor '%s': external data file '%s' is "
			"outside the model's directory", tname, loc);
	if (off && !parse_u64(&offset, off))
		return gred_errorf(e, "tensor '%s': external data file '%s': bad "
			"offset '%s'", tname, loc, off);
	if (len && !parse_u64(&length, len))
		return gred_errorf(e, "tensor '%s': external data file '%s': bad "
			"length '%s'", tname, loc, len);
	if (length != need)
		return gred_errorf(e, "tensor '%s': external data file '%s': "
			"length %llu, but the tensor has %zu bytes", tname, loc,
			(unsigned long long)length, need);
	joined = xasprintf("%s/%s", dir ? dir : ".", loc);
	real = realpath(joined, NULL);
	if (!real) {
		int err = errno;
		free(joined);
		return gred_errorf(e, "tensor '%s': external data file '%s': %s",
			tname, loc, strerror(err));
	}
	free(joined);
	if (side_map(&base, &size, ctx, real, loc, e) < 0) {
		char msg[sizeof(e->msg)];
		free(real);
		memcpy(msg, e->msg, sizeof(msg));
		return gred_errorf(e, "tensor '%s': %s", tname, msg);
	}
	if (offset > size || length > size - offset) {
		free(real);
		return gred_errorf(e, "tensor '%s': external data file '%s' has "
			"%zu bytes, the tensor wants bytes %llu to %llu", tname, loc,
			size, (unsigned long long)offset,
			(unsigned long long)(offset + length));
	}
	ref->location = xstrdup(loc);
	ref->path = real;
	ref->offset = offset;
	ref->length = length;
	ref->checksum = sum ? xstrdup(sum) : NULL;
	*out = base ? base + offset : (const uint8_t *)"";
	return 0;
}

void onnx_external_ref_free(onnx_external_ref *r)
{
	free(r->location);
	free(r->path);
	free(r->checksum);
	memset(r, 0, sizeof(*r));
}

MlirAttribute onnx_external_ref_attr(MlirContext ctx,
	const onnx_external_ref *r)
{
	onnx_alist l = {0};
	MlirAttribute a;

	onnx_alist_add(&l, ctx, "location", mlirStringAttrGet(ctx,
		onnx_sref(r->location)));
	onnx_alist_add(&l, ctx, "offset", onnx_i64_attr(ctx, (int64_t)r->offset));
	onnx_alist_add(&l, ctx, "length", onnx_i64_attr(ctx, (int64_t)r->length));
	onnx_alist_add(&l, ctx, "path", mlirStringAttrGet(ctx,
		onnx_sref(r->path)));
	if (r->checksum)
		onnx_alist_add(&l, ctx, "checksum", mlirStringAttrGet(ctx,
			onnx_sref(r->checksum)));
	a = mlirDictionaryAttrGet(ctx, (intptr_t)l.n, l.v);
	onnx_alist_free(&l);
	return a;
}

static int64_t dict_i64(MlirAttribute d, const char *key)
{
	MlirAttribute a = mlirDictionaryAttrGetElementByName(d, onnx_sref(key));

	return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) ?
		mlirIntegerAttrGetValueInt(a) : -1;
}

static char *dict_str(MlirAttribute d, const char *key)
{
	MlirStringRef s;

	if (!onnx_attr_str(mlirDictionaryAttrGetElementByName(d, onnx_sref(key)),
		    &s))
		return NULL;
	return ir_strdup(s);
}

int onnx_external_still(onnx_external_ref *r, const void **data,
	MlirContext ctx, MlirAttribute value, MlirAttribute ext)
{
	int64_t off, len;
	const void *p, *base;
	size_t n, size;
	char *key;

	memset(r, 0, sizeof(*r));
	if (mlirAttributeIsNull(ext) || !mlirAttributeIsADictionary(ext) ||
	    !mlirAttributeIsADenseResourceElements(value))
		return 0;
	p = ir_resource_bytes(value, &n);
	off = dict_i64(ext, "offset");
	len = dict_i64(ext, "length");
	if (!p || off < 0 || len < 0 || (uint64_t)len != n)
		return 0;
	r->path = dict_str(ext, "path");
	r->location = dict_str(ext, "location");
	if (!r->path || !r->location) {
		onnx_external_ref_free(r);
		return 0;
	}
	key = xasprintf(KEY_PREFIX "%s", r->path);
	base = onnx_external_map_get(ctx, key, &size);
	free(key);
	/* The blob must still be the one the import made into the mapping. */
	if (!base || (uint64_t)off > size || (uint64_t)len > size - (uint64_t)off ||
	    p != (const uint8_t *)base + off) {
		onnx_external_ref_free(r);
		return 0;
	}
	r->offset = (uint64_t)off;
	r->length = (uint64_t)len;
	r->checksum = dict_str(ext, "checksum");
	*data = p;
	return 1;
}

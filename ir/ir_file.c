/*
** Files gred reads and writes: .mlir text or .onnx protobuf, loaded into
** one MLIR module and serialised back in the same format.
*/
#include "ir_file.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlir_io.h"
#include "onnx.h"
#include "proc.h"

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

static void links_add(ir_file *f, const char *path,
	const onnx_side_files *sides);

int ir_file_load(ir_file *out, MlirContext ctx, const char *path,
	gred_error *e)
{
	file_view v;
	int err;

	if (file_view_open(&v, path, e) < 0)
		return -1;
	err = ir_file_load_view(out, ctx, &v, path, e);
	file_view_close(&v);
	return err;
}

/* The text a child parses, the name its messages use, and whether the
** child verifies it too. */
typedef struct parse_check {
	MlirContext ctx;
	const file_view *v;
	const char *path;
	int verify;
} parse_check;

/* In the child: out gets the parse or verify error, or nothing. */
static int parse_check_fn(gred_buf *out, void *arg)
{
	parse_check *pc = arg;
	MlirOperation op;
	gred_error e;

	if (ir_parse_view(&op, pc->ctx, pc->v, pc->path, &e) < 0) {
		buf_puts(out, e.msg);
		return 0;
	}
	if (pc->verify && ir_verify(op, &e) < 0)
		buf_puts(out, e.msg);
	mlirOperationDestroy(op);
	return 0;
}

/*
** MLIR 19's parser can corrupt the heap while it gives up on some bad
** text (an unresolved forward reference, then an error at the end of the
** file): the process goes on and dies later, in another malloc. So
** text is parsed first in a forked child, and in gred only once the
** child has parsed it cleanly. A crash in the child is one more error.
*/
int ir_parse_isolated(MlirOperation *out, MlirContext ctx, const file_view *v,
	const char *path, int verify, gred_error *e)
{
	parse_check pc = {ctx, v, path, verify};
	gred_buf msg = {0};
	gred_error sub;
	size_t at;
	int err;

	/* (The depth check is cheap: no child for what it refuses.) */
	if (ir_nest_depth(v->data, v->len, IR_MAX_NEST, &at) < 0 &&
	    !(v->len >= 4 && !memcmp(v->data, "ML\xefR", 4)))
		return ir_parse_view(out, ctx, v, path, e);
	if (proc_call(&msg, parse_check_fn, &pc, &sub) < 0)
		err = gred_errorf(e, "%s: the MLIR parser %s on this file", path,
			sub.msg);
	else if (msg.len)
		err = gred_errorf(e, "%.*s", (int)msg.len, msg.data);
	else
		err = ir_parse_view(out, ctx, v, path, e);
	buf_free(&msg);
	return err;
}

int ir_file_load_view(ir_file *out, MlirContext ctx, const file_view *v,
	const char *path, gred_error *e)
{
	ir_file f = {0};
	gred_error sub;
	int err;

	f.format = ir_format_of(path);
	f.len = v->len;
	if (f.format == IR_FORMAT_UNKNOWN) {
		err = gred_errorf(e, "%s: unknown file type (expected .onnx or "
			".mlir)", path);
	} else if (f.format == IR_FORMAT_MLIR) {
		/* (The head tells: a scan of a mapped file would read it all.) */
		if (memchr(v->data, 0, v->len < HEAD_BYTES ? v->len : HEAD_BYTES) &&
		    v->len >= 4 &&
		    memcmp(v->data, "ML\xefR", 4) != 0)
			err = gred_errorf(e, "%s: binary data in a .mlir file", path);
		else
			err = ir_parse_isolated(&f.op, ctx, v, path, 0, e);
	} else {
		onnx_side_files sides = {0};
		err = onnx_import_sides(&f.op, &sides, ctx, v->data, v->len, path,
			&sub);
		if (err < 0)
			gred_errorf(e, "%s: %s", path, sub.msg);
		else
			links_add(&f, path, &sides);
		onnx_side_files_free(&sides);
	}
	if (err < 0)
		return -1;
	f.path = xstrdup(path);
	*out = f;
	return 0;
}

/* The directory entries (absolute) that hold the side files of the model
** at path: a location's first component in the model's directory. */
static void links_add(ir_file *f, const char *path,
	const onnx_side_files *sides)
{
	const char *slash = strrchr(path, '/');
	char *dir, *abs;
	size_t i, j;

	if (!sides->n)
		return;
	dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	abs = realpath(dir, NULL);
	free(dir);
	if (!abs)
		return;
	for (i = 0; i < sides->n; i++) {
		const char *loc = sides->v[i];
		char *link = xasprintf("%s/%.*s", abs, (int)strcspn(loc, "/"), loc);
		for (j = 0; j < f->nlinks && strcmp(f->links[j], link); j++)
			;
		if (j < f->nlinks) {
			free(link);
			continue;
		}
		f->links = xrealloc(f->links, (f->nlinks + 1) * sizeof(*f->links));
		f->links[f->nlinks++] = link;
	}
	free(abs);
}

int ir_file_save(const ir_file *f, MlirContext ctx, const char *path,
	const void *data, size_t len, gred_error *e)
{
	char *side, *real;
	MlirOperation op;
	gred_error sub;
	size_t i;
	int err, clash = 0;

	if (f->format != IR_FORMAT_ONNX || !f->nlinks)
		return file_write_atomic(path, data, len, e);
	/* PATH.data must not be (or replace) a file of the input's. */
	side = xasprintf("%s.data", path);
	real = realpath(side, NULL);
	for (i = 0; real && i < f->nlinks && !clash; i++) {
		char *in = realpath(f->links[i], NULL);
		size_t n = in ? strlen(in) : 0;
		clash = in && !strncmp(real, in, n) && (real[n] == '/' || !real[n]);
		free(in);
	}
	free(real);
	if (clash) {
		err = gred_errorf(e, "%s: the output's side file would be one of "
			"the input's", side);
		free(side);
		return err;
	}
	if (onnx_import_sides(&op, NULL, ctx, data, len, f->path, &sub) < 0) {
		free(side);
		return gred_errorf(e, "%s: %s", path, sub.msg);
	}
	err = onnx_export_file(op, path, ONNX_INLINE_MAX, &sub);
	mlirOperationDestroy(op);
	/* A self-contained output leaves no side file of an earlier, bigger
	** one behind (PATH.data is not the input's: checked above). */
	if (err == 0)
		unlink(side);
	free(side);
	if (err < 0)
		return gred_errorf(e, "%s", sub.msg);
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

int ir_file_write(MlirOperation op, ir_format fmt, const char *path,
	gred_error *e)
{
	file_atomic out;

	if (fmt == IR_FORMAT_ONNX)
		return onnx_export_file(op, path, ONNX_INLINE_MAX, e) < 0 ? -1 : 0;
	/* Streamed to a temp file: no second copy of a big model in memory. */
	if (file_atomic_open(&out, path, e) < 0)
		return -1;
	if (ir_print_to(op, 0, file_atomic_write, &out, e) < 0) {
		file_atomic_abort(&out);
		return -1;
	}
	return file_atomic_commit(&out, e);
}

void ir_file_free(ir_file *f)
{
	size_t i;

	if (!mlirOperationIsNull(f->op))
		mlirOperationDestroy(f->op);
	for (i = 0; i < f->nlinks; i++)
		free(f->links[i]);
	free(f->links);
	free(f->path);
	memset(f, 0, sizeof(*f));
}

/*
** Type re-derivation after a pass changed some values' types: ONNX ops
** through the op table (else unknown dims), other ops by type substitution.
*/
#include "infer.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "optable.h"
#include "simplify.h"
#include "util.h"

void infer_note(infer_changes *c, MlirValue v, MlirType old)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (mlirValueEqual(c->v[i], v))
			return;
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->v = xrealloc(c->v, c->cap * sizeof(*c->v));
		c->old = xrealloc(c->old, c->cap * sizeof(*c->old));
	}
	c->v[c->n] = v;
	c->old[c->n] = old;
	c->n++;
}

void infer_changes_free(infer_changes *c)
{
	free(c->v);
	free(c->old);
	memset(c, 0, sizeof(*c));
}

static int changed_at(const infer_changes *c, MlirValue v)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (mlirValueEqual(c->v[i], v))
			return (int)i;
	return -1;
}

static MlirType func_type(MlirOperation f)
{
	MlirAttribute a = mlirOperationGetAttributeByName(f,
		mlirStringRefCreateFromCString("function_type"));

	return mlirAttributeIsNull(a) || !mlirAttributeIsAType(a) ?
		(MlirType){NULL} : mlirTypeAttrGetValue(a);
}

/* function_type with input i (or result i, if result) set to t. */
static void set_func_type_at(MlirOperation f, int result, intptr_t i,
	MlirType t)
{
	MlirType ft = func_type(f), *ins, *outs;
	intptr_t k, nin, nout;

	if (mlirTypeIsNull(ft) || !mlirTypeIsAFunction(ft))
		return;
	nin = mlirFunctionTypeGetNumInputs(ft);
	nout = mlirFunctionTypeGetNumResults(ft);
	if (i >= (result ? nout : nin))
		return;
	ins = xmalloc((size_t)(nin + 1) * sizeof(MlirType));
	outs = xmalloc((size_t)(nout + 1) * sizeof(MlirType));
	for (k = 0; k < nin; k++)
		ins[k] = mlirFunctionTypeGetInput(ft, k);
	for (k = 0; k < nout; k++)
		outs[k] = mlirFunctionTypeGetResult(ft, k);
	(result ? outs : ins)[i] = t;
	mlirOperationSetAttributeByName(f,
		mlirStringRefCreateFromCString("function_type"),
		mlirTypeAttrGet(mlirFunctionTypeGet(mlirOperationGetContext(f),
			nin, ins, nout, outs)));
	free(ins);
	free(outs);
}

void infer_set_arg_type(MlirOperation func, intptr_t i, MlirType t)
{
	MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetFirstRegion(func));

	mlirValueSetType(mlirBlockGetArgument(b, i), t);
	set_func_type_at(func, 0, i, t);
}

/* ---- ONNX ops through the op table ---- */

static int dtype_of(MlirType el)
{
	if (mlirTypeIsAF32(el))
		return OPT_FLOAT;
	if (mlirTypeIsAF64(el))
		return OPT_DOUBLE;
	if (!mlirTypeIsAInteger(el))
		return -1;
	switch (mlirIntegerTypeGetWidth(el)) {
	case 1: return OPT_BOOL;
	case 8: return mlirIntegerTypeIsUnsigned(el) ? OPT_UINT8 : OPT_INT8;
	case 32: return mlirIntegerTypeIsUnsigned(el) ? -1 : OPT_INT32;
	case 64: return mlirIntegerTypeIsUnsigned(el) ? -1 : OPT_INT64;
	}
	return -1;
}

static MlirType elem_of(MlirContext ctx, int dtype, MlirType dflt)
{
	switch (dtype) {
	case OPT_FLOAT: return mlirF32TypeGet(ctx);
	case OPT_DOUBLE: return mlirF64TypeGet(ctx);
	case OPT_BOOL: return mlirIntegerTypeGet(ctx, 1);
	case OPT_UINT8: return mlirIntegerTypeUnsignedGet(ctx, 8);
	case OPT_INT8: return mlirIntegerTypeGet(ctx, 8);
	case OPT_INT32: return mlirIntegerTypeGet(ctx, 32);
	case OPT_INT64: return mlirIntegerTypeGet(ctx, 64);
	}
	return dflt;
}

int infer_onnx_opset(MlirOperation op)
{
	MlirOperation m = op;
	MlirAttribute a;
	intptr_t i;

	while (!mlirOperationIsNull(mlirOperationGetParentOperation(m)))
		m = mlirOperationGetParentOperation(m);
	a = mlirOperationGetAttributeByName(m,
		mlirStringRefCreateFromCString("onnx.opset_import"));
	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
		return 0;
	for (i = 0; i < mlirArrayAttrGetNumElements(a); i++) {
		MlirAttribute d = mlirArrayAttrGetElement(a, i), dom, ver;
		if (!mlirAttributeIsADictionary(d))
			continue;
		dom = mlirDictionaryAttrGetElementByName(d,
			mlirStringRefCreateFromCString("domain"));
		ver = mlirDictionaryAttrGetElementByName(d,
			mlirStringRefCreateFromCString("version"));
		if (!mlirAttributeIsNull(dom) && (!mlirAttributeIsAString(dom) ||
		    mlirStringAttrGetValue(dom).length))
			continue;
		if (mlirAttributeIsNull(ver) || !mlirAttributeIsAInteger(ver))
			return 0;
		return (int)mlirIntegerAttrGetValueInt(ver);
	}
	return 0;
}

/* The table describes opset 13; later opsets up to 17 keep its rules
** for the ops it has. */
static int opset_ok(MlirOperation op)
{
	int v = infer_onnx_opset(op);

	return v >= 13 && v <= 17;
}

/* Operand type ty as the rules see it with its unknown dims set to size:
** -1 if it has no rank or a dtype the table does not know, or if size is
** negative and a dim is unknown. */
static int to_tensor_sized(opt_tensor *t, MlirType ty, int64_t size)
{
	intptr_t i;

	memset(t, 0, sizeof(*t));
	t->nval = -1;
	if (mlirTypeIsANone(ty))
		return 0;
	if (!mlirTypeIsARankedTensor(ty) || mlirShapedTypeGetRank(ty) > OPT_MAX_RANK ||
	    (size < 0 && !mlirShapedTypeHasStaticShape(ty)))
		return -1;
	t->dtype = dtype_of(mlirShapedTypeGetElementType(ty));
	if (t->dtype < 0)
		return -1;
	t->rank = (int)mlirShapedTypeGetRank(ty);
	for (i = 0; i < t->rank; i++)
		t->dim[i] = mlirShapedTypeIsDynamicDim(ty, i) ? size :
			mlirShapedTypeGetDimSize(ty, i);
	return 0;
}

/* Operand v as the rules see it, with a constant's values; -1 if it has
** no static shape or a dtype the table does not know. */
static int to_tensor(opt_tensor *t, MlirValue v, MlirType ty)
{
	intptr_t i;

	if (to_tensor_sized(t, ty, -1) < 0)
		return -1;
	if (mlirTypeIsANone(ty))
		return 0;
	if (mlirValueIsAOpResult(v) &&
	    edit_name_is(mlirOpResultGetOwner(v), "onnx.Constant")) {
		MlirAttribute a = mlirOperationGetAttributeByName(
			mlirOpResultGetOwner(v), mlirStringRefCreateFromCString("value"));
		int64_t n = mlirAttributeIsNull(a) || !mlirAttributeIsAElements(a) ?
			-1 : mlirElementsAttrGetNumElements(a);
		if (n >= 0 && n <= OPT_MAX_VALS) {
			t->nval = (int)n;
			for (i = 0; i < n; i++)
				if (simp_elem(&t->val[i], a, i) < 0)
					t->nval = -1;
		}
	}
	return 0;
}

/* The attributes of op the rules read; strings point into the context. */
static void to_attrs(opt_attrs *out, MlirOperation op, char names[][64])
{
	intptr_t i, n = mlirOperationGetNumAttributes(op);

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n && out->n < OPT_MAX_ATTRS; i++) {
		MlirNamedAttribute na = mlirOperationGetAttribute(op, i);
		MlirStringRef s = mlirIdentifierStr(na.name);
		opt_attr *a = &out->a[out->n];
		intptr_t k, m;

		if (s.length >= 64 || (s.length > 5 && !memcmp(s.data, "onnx.", 5)))
			continue;
		memcpy(names[out->n], s.data, s.length);
		names[out->n][s.length] = 0;
		a->name = names[out->n];
		if (mlirAttributeIsAInteger(na.attribute)) {
			a->kind = OPT_ATTR_INT;
			a->n = 1;
			a->i[0] = mlirIntegerAttrGetValueInt(na.attribute);
		} else if (mlirAttributeIsAFloat(na.attribute)) {
			a->kind = OPT_ATTR_FLOAT;
			a->f = (float)mlirFloatAttrGetValueDouble(na.attribute);
		} else if (mlirAttributeIsAArray(na.attribute)) {
			m = mlirArrayAttrGetNumElements(na.attribute);
			if (m > OPT_MAX_VALS)
				continue;
			a->kind = OPT_ATTR_INTS;
			for (k = 0; k < m; k++) {
				MlirAttribute x = mlirArrayAttrGetElement(na.attribute, k);
				if (!mlirAttributeIsAInteger(x))
					break;
				a->i[k] = mlirIntegerAttrGetValueInt(x);
			}
			if (k < m)
				continue;
			a->n = (int)m;
		} else if (mlirAttributeIsAString(na.attribute)) {
			MlirStringRef v = mlirStringAttrGetValue(na.attribute);
			/* StringAttr storage is uniqued in the context but not
			** NUL-terminated; the rules compare whole strings. */
			if (v.length >= 64)
				continue;
			a->kind = OPT_ATTR_STRING;
			memcpy(names[OPT_MAX_ATTRS + out->n], v.data, v.length);
			names[OPT_MAX_ATTRS + out->n][v.length] = 0;
			a->s = names[OPT_MAX_ATTRS + out->n];
		} else {
			continue;
		}
		out->n++;
	}
}

/* What the rules know about each ONNX value met so far: its shape (if
** known) and whether a change reached it. Open addressing on pointers. */
typedef struct shape_ent {
	const void *key;
	int known, affected;
	opt_tensor t;
	int old_known;      /* the same before the change */
	opt_tensor old;
} shape_ent;

typedef struct shape_map {
	shape_ent *v;
	size_t cap, n;
} shape_map;

static shape_ent *shape_slot(shape_map *m, const void *key)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		shape_map old = *m;
		size_t k;
		m->cap = m->cap ? 2 * m->cap : 256;
		m->v = xcalloc(m->cap, sizeof(*m->v));
		m->n = 0;
		for (k = 0; k < old.cap; k++)
			if (old.v[k].key) {
				*shape_slot(m, old.v[k].key) = old.v[k];
				m->n++;
			}
		free(old.v);
	}
	for (i = ((uintptr_t)key >> 4) % m->cap; m->v[i].key && m->v[i].key != key;
	     i = (i + 1) % m->cap)
		;
	return &m->v[i];
}

static shape_ent *shape_put(shape_map *m, MlirValue v)
{
	shape_ent *s = shape_slot(m, v.ptr);

	if (!s->key) {
		s->key = v.ptr;
		m->n++;
	}
	return s;
}

/* The entry of v, made from its type if the walk has not produced it. */
static shape_ent *shape_get(shape_map *m, const infer_changes *c, MlirValue v)
{
	shape_ent *s = shape_slot(m, v.ptr);
	int k;

	if (s->key)
		return s;
	s = shape_put(m, v);
	s->known = to_tensor(&s->t, v, mlirValueGetType(v)) == 0;
	k = changed_at(c, v);
	s->affected = k >= 0;
	s->old_known = to_tensor(&s->old, v, k >= 0 ? c->old[k] :
		mlirValueGetType(v)) == 0;
	return s;
}

/* Shapes of an ONNX op's results from the table: 1 if known, 0 if the
** table cannot say, -1 if its rule rejects the op. */
static int onnx_rule(MlirOperation op, opt_tensor *in, opt_tensor *out,
	intptr_t nres)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
	char name[64], names[2 * OPT_MAX_ATTRS][64];
	opt_attrs attrs;
	const opt_entry *ent;
	intptr_t nin = mlirOperationGetNumOperands(op);
	gred_error e;

	if (s.length - 5 >= sizeof(name) || nin > OPT_MAX_IO ||
	    nres > OPT_MAX_IO)
		return 0;
	memcpy(name, s.data + 5, s.length - 5);
	name[s.length - 5] = 0;
	if (!(ent = optable_find(name)))
		return 0;
	to_attrs(&attrs, op, names);
	if (optable_infer_shapes(ent, in, (int)nin, &attrs, out, (int)nres, &e) < 0)
		return -1;
	return 1;
}

/* Unknown dims (dim_params) as the rules would size them: twice, at two
** sizes no real dim is likely to have. A result dim the same both times
** is known; one that followed the sizes stays unknown. */
static const int64_t probe_size[2] = {97, 101};

/* Shapes of an ONNX op's results when some inputs have unknown dims: the
** rule run with those dims at each probe size; result dims that differ
** are unknown (mlirShapedTypeGetDynamicSize), and so are the values of
** results that differ. 1 if known, 0 if not (no rank, a rule that
** rejects a probe: never a reason to reject the op). */
static int onnx_rule_probed(MlirOperation op, const opt_tensor *in,
	const int *in_known, opt_tensor *out, intptr_t nres)
{
	intptr_t nin = mlirOperationGetNumOperands(op), i;
	opt_tensor pin[OPT_MAX_IO], pout[2][OPT_MAX_IO];
	int p, d;

	if (nin > OPT_MAX_IO || nres > OPT_MAX_IO)
		return 0;
	for (p = 0; p < 2; p++) {
		for (i = 0; i < nin; i++) {
			if (in_known[i])
				pin[i] = in[i];
			else if (to_tensor_sized(&pin[i], mlirValueGetType(
				    mlirOperationGetOperand(op, i)), probe_size[p]) < 0)
				return 0;
		}
		if (onnx_rule(op, pin, pout[p], nres) <= 0)
			return 0;
	}
	for (i = 0; i < nres; i++) {
		opt_tensor *a = &pout[0][i], *b = &pout[1][i];

		if (a->rank != b->rank || a->dtype != b->dtype)
			return 0;
		out[i] = *a;
		for (d = 0; d < a->rank; d++)
			if (a->dim[d] != b->dim[d])
				out[i].dim[d] = mlirShapedTypeGetDynamicSize();
		if (a->nval != b->nval || (a->nval > 0 && memcmp(a->val, b->val,
			    (size_t)a->nval * sizeof(a->val[0]))))
			out[i].nval = -1;
	}
	return 1;
}

static int has_unknown_dim(const opt_tensor *t)
{
	int d;

	for (d = 0; d < t->rank; d++)
		if (t->dim[d] < 0)
			return 1;
	return 0;
}

static MlirType tensor_type(MlirContext ctx, const opt_tensor *t, MlirType old)
{
	MlirType el = !mlirTypeIsNull(old) && mlirTypeIsAShaped(old) ?
		mlirShapedTypeGetElementType(old) :
		(MlirType){NULL};

	el = elem_of(ctx, t->dtype, el);
	if (mlirTypeIsNull(el))
		return old;
	return mlirRankedTensorTypeGet(t->rank, t->dim, el, mlirAttributeGetNull());
}

/* Unknown dims of the same rank, or no rank if an input's rank changed. */
static MlirType unknown_like(MlirType t, int rank_changed)
{
	int64_t dims[16];
	intptr_t i, r;

	if (!mlirTypeIsARankedTensor(t))
		return t;
	r = mlirShapedTypeGetRank(t);
	if (rank_changed || r > 16)
		return mlirUnrankedTensorTypeGet(mlirShapedTypeGetElementType(t));
	for (i = 0; i < r; i++)
		dims[i] = mlirShapedTypeGetDynamicSize();
	return mlirRankedTensorTypeGet(r, dims, mlirShapedTypeGetElementType(t),
		mlirRankedTensorTypeGetEncoding(t));
}

static int rank_of(MlirType t)
{
	return mlirTypeIsARankedTensor(t) ? (int)mlirShapedTypeGetRank(t) : -1;
}

typedef struct walk_ctx {
	infer_changes *c;
	const edit_set *force;
	int err;
	int use_table;
	shape_map shapes;
} walk_ctx;

static void retype(walk_ctx *w, MlirValue r, MlirType t)
{
	MlirType old = mlirValueGetType(r);

	if (mlirTypeEqual(old, t))
		return;
	mlirValueSetType(r, t);
	infer_note(w->c, r, old);
}

void infer_sync_results(MlirOperation op)
{
	MlirOperation f = mlirOperationGetParentOperation(op);
	intptr_t i, n = mlirOperationGetNumOperands(op);

	if (mlirOperationIsNull(f) || !edit_name_is(f, "func.func"))
		return;
	for (i = 0; i < n; i++)
		set_func_type_at(f, 1, i,
			mlirValueGetType(mlirOperationGetOperand(op, i)));
}

/* An ONNX op: its result shapes follow from its inputs' through the
** table when all are known. Only ops a change reached are re-typed or
** judged, so a rule that disagrees with the original model costs nothing. */
static MlirWalkResult onnx_op(walk_ctx *w, MlirOperation op)
{
	intptr_t i, nin = mlirOperationGetNumOperands(op);
	intptr_t nres = mlirOperationGetNumResults(op);
	opt_tensor in[OPT_MAX_IO], out[OPT_MAX_IO], oin[OPT_MAX_IO], oout[OPT_MAX_IO];
	int in_known[OPT_MAX_IO];
	int affected = edit_set_has(w->force, op), known = 1, old_known = 1;
	int probed = 0;
	int rank_changed = 0, inputs_changed = 0, r = 0, ro = 0, k;

	for (i = 0; i < nin; i++) {
		MlirValue v = mlirOperationGetOperand(op, i);
		shape_ent *s = shape_get(&w->shapes, w->c, v);
		affected |= s->affected;
		if ((k = changed_at(w->c, v)) >= 0) {
			inputs_changed = 1;
			rank_changed |= rank_of(w->c->old[k]) !=
				rank_of(mlirValueGetType(v));
		}
		if (i < OPT_MAX_IO) {
			in[i] = s->t;
			oin[i] = s->old;
			in_known[i] = s->known;
		}
		known &= s->known;
		old_known &= s->old_known;
	}
	if (edit_name_is(op, "onnx.Constant") || edit_name_is(op, "onnx.NoValue") ||
	    nres == 0) {
		for (i = 0; i < nres; i++)
			shape_get(&w->shapes, w->c, mlirOperationGetResult(op, i));
		return MlirWalkResultAdvance;
	}
	if (known && w->use_table && !mlirOperationGetNumRegions(op))
		r = onnx_rule(op, in, out, nres);
	else if (w->use_table && !mlirOperationGetNumRegions(op) && affected &&
		 inputs_changed)
		r = probed = onnx_rule_probed(op, in, in_known, out, nres);
	if (old_known && w->use_table && !mlirOperationGetNumRegions(op))
		ro = onnx_rule(op, oin, oout, nres);
	/* Rejected only if the rule accepted the op before the change: the
	** table may be stricter than what the model's consumer accepts. An
	** op changed itself (attributes, operands) is judged as it is now. */
	if (r < 0 && affected && (ro > 0 || edit_set_has(w->force, op))) {
		w->err = -1;
		return MlirWalkResultInterrupt;
	}
	for (i = 0; i < nres; i++) {
		MlirValue v = mlirOperationGetResult(op, i);
		MlirType t = mlirValueGetType(v);
		shape_ent *s = shape_put(&w->shapes, v);

		s->affected = affected;
		s->known = r > 0 && out[i].rank >= 0 &&
			!(probed && has_unknown_dim(&out[i]));
		if (s->known)
			s->t = out[i];
		s->old_known = ro > 0 && oout[i].rank >= 0;
		if (s->old_known)
			s->old = oout[i];
		/* without a rule's answer, an op whose inputs kept their
		** types (only its attributes changed) keeps its result types */
		if (!affected || !mlirTypeIsAShaped(t) ||
		    (!s->known && !inputs_changed))
			continue;
		retype(w, v, s->known || (probed && out[i].rank >= 0) ?
			tensor_type(mlirOperationGetContext(op), &out[i], t) :
			unknown_like(t, rank_changed));
	}
	return MlirWalkResultAdvance;
}

/* Gives v the new type of the first changed operand of op whose old type
** was v's. */
static void follow_operands(walk_ctx *w, MlirOperation op, MlirValue v)
{
	intptr_t j, nin = mlirOperationGetNumOperands(op);

	for (j = 0; j < nin; j++) {
		MlirValue o = mlirOperationGetOperand(op, j);
		int k = changed_at(w->c, o);
		if (k >= 0 && mlirTypeEqual(w->c->old[k], mlirValueGetType(v))) {
			retype(w, v, mlirValueGetType(o));
			return;
		}
	}
}

static MlirWalkResult walk_cb(MlirOperation op, void *user)
{
	walk_ctx *w = user;
	intptr_t i, nin = mlirOperationGetNumOperands(op);
	intptr_t nres = mlirOperationGetNumResults(op);
	MlirRegion r;
	int any = 0;

	for (i = 0; i < nin; i++) {
		MlirValue v = mlirOperationGetOperand(op, i);
		if (changed_at(w->c, v) >= 0)
			any = 1;
	}
	if (edit_name_prefix(op, "onnx."))
		return onnx_op(w, op);
	if (!any)
		return MlirWalkResultAdvance;
	if (edit_name_is(op, "func.return")) {
		infer_sync_results(op);
		return MlirWalkResultAdvance;
	}
	/* Other dialects: a result, or an argument of a region's entry block
	** (a loop's carried value), typed like a changed operand was follows
	** it; the walk then goes into the regions with the new types. */
	for (i = 0; i < nres; i++)
		follow_operands(w, op, mlirOperationGetResult(op, i));
	for (r = mlirOperationGetFirstRegion(op); !mlirRegionIsNull(r);
	     r = mlirRegionGetNextInOperation(r)) {
		MlirBlock b = mlirRegionGetFirstBlock(r);
		for (i = 0; !mlirBlockIsNull(b) && i < mlirBlockGetNumArguments(b); i++)
			follow_operands(w, op, mlirBlockGetArgument(b, i));
	}
	return MlirWalkResultAdvance;
}

int infer_forward(MlirOperation module, infer_changes *c,
	const edit_set *changed_ops)
{
	walk_ctx w = {c, changed_ops, 0, 0, {0}};

	w.use_table = opset_ok(module);
	mlirOperationWalk(module, walk_cb, &w, MlirWalkPreOrder);
	free(w.shapes.v);
	return w.err;
}

int infer_forward_ops(MlirOperation module, const edit_ops *ops)
{
	infer_changes c = {0};
	edit_set set;
	int r;

	if (!ops->n)
		return 0;
	edit_set_init(&set, ops->v, ops->n);
	r = infer_forward(module, &c, &set);
	edit_set_free(&set);
	infer_changes_free(&c);
	return r;
}

MlirType infer_known_type(MlirOperation module, MlirValue v)
{
	infer_changes c = {0};
	walk_ctx w = {&c, NULL, 0, 0, {0}};
	shape_ent *s;
	MlirType t = {NULL};

	w.use_table = opset_ok(module);
	mlirOperationWalk(module, walk_cb, &w, MlirWalkPreOrder);
	s = shape_slot(&w.shapes, v.ptr);
	if (s->key && s->known)
		t = tensor_type(mlirOperationGetContext(module), &s->t,
			(MlirType){NULL});
	free(w.shapes.v);
	return t;
}

/*
** IR surgery the passes share: op lists, deleting ops with their uses
** rewired, finding stand-in values, editing function signatures.
*/
#include "edit.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "util.h"

void edit_ops_push(edit_ops *l, MlirOperation op)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = op;
}

void edit_ops_free(edit_ops *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static size_t ptr_hash(uintptr_t key, size_t cap)
{
	uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15ull;

	return (size_t)(h >> 17) & (cap - 1);
}

static void set_grow(edit_set *s)
{
	uintptr_t *old = s->slot;
	size_t i, oldcap = s->cap;

	s->cap = oldcap ? 2 * oldcap : 16;
	s->slot = xcalloc(s->cap, sizeof(uintptr_t));
	s->n = 0;
	for (i = 0; i < oldcap; i++)
		if (old[i])
			edit_set_add(s, (MlirOperation){(void *)old[i]});
	free(old);
}

int edit_set_add(edit_set *s, MlirOperation op)
{
	uintptr_t key = (uintptr_t)op.ptr;
	size_t i;

	if (2 * (s->n + 1) > s->cap)
		set_grow(s);
	for (i = ptr_hash(key, s->cap); s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (s->slot[i] == key)
			return 0;
	s->slot[i] = key;
	s->n++;
	return 1;
}

void edit_set_init(edit_set *s, MlirOperation *ops, size_t n)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < n; i++)
		edit_set_add(s, ops[i]);
}

int edit_set_has(const edit_set *s, MlirOperation op)
{
	uintptr_t key = (uintptr_t)op.ptr;
	size_t i;

	if (!s || !s->n)
		return 0;
	for (i = ptr_hash(key, s->cap); s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (s->slot[i] == key)
			return 1;
	return 0;
}

void edit_set_free(edit_set *s)
{
	free(s->slot);
	memset(s, 0, sizeof(*s));
}

typedef struct collect_ctx {
	edit_ops *out;
	MlirOperation root;
	edit_keep_fn keep;
	void *user;
} collect_ctx;

static MlirWalkResult collect_cb(MlirOperation op, void *user)
{
	collect_ctx *c = user;
	int skip = 0;

	if (mlirOperationEqual(op, c->root))
		return MlirWalkResultAdvance;
	if (c->keep(op, &skip, c->user))
		edit_ops_push(c->out, op);
	return skip ? MlirWalkResultSkip : MlirWalkResultAdvance;
}

void edit_collect(edit_ops *out, MlirOperation root, edit_keep_fn keep,
	void *user)
{
	collect_ctx c = {out, root, keep, user};

	mlirOperationWalk(root, collect_cb, &c, MlirWalkPreOrder);
}

int edit_name_is(MlirOperation op, const char *name)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));

	return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

MlirAttribute edit_array_attr(MlirOperation op, const char *name)
{
	MlirAttribute a = mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString(name));

	return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a) ? a :
		mlirAttributeGetNull();
}

MlirAttribute edit_dict_string(MlirAttribute dict, const char *key)
{
	MlirAttribute s;

	if (!mlirAttributeIsADictionary(dict))
		return mlirAttributeGetNull();
	s = mlirDictionaryAttrGetElementByName(dict,
		mlirStringRefCreateFromCString(key));
	return !mlirAttributeIsNull(s) && mlirAttributeIsAString(s) ? s :
		mlirAttributeGetNull();
}

int edit_name_prefix(MlirOperation op, const char *prefix)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
	size_t n = strlen(prefix);

	return s.length >= n && !memcmp(s.data, prefix, n);
}

MlirOperation edit_block_terminator(MlirBlock b)
{
	MlirOperation t = mlirBlockGetTerminator(b), op, last = {NULL};
	MlirContext ctx;

	if (!mlirOperationIsNull(t))
		return t;
	for (op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op))
		last = op;
	if (mlirOperationIsNull(last) || mlirOperationGetNumResults(last) > 0)
		return (MlirOperation){NULL};
	/* An unknown op ending a block may well be its terminator
	** ("test.return"); keeping it last costs little. */
	ctx = mlirOperationGetContext(last);
	if (mlirContextIsRegisteredOperation(ctx,
		    mlirIdentifierStr(mlirOperationGetName(last))))
		return (MlirOperation){NULL};
	return last;
}

int edit_is_terminator(MlirOperation op)
{
	MlirBlock b = mlirOperationGetBlock(op);

	return !mlirBlockIsNull(b) &&
		mlirOperationEqual(edit_block_terminator(b), op);
}

int edit_is_boundary(MlirOperation op)
{
	return edit_name_is(op, "builtin.module") ||
		!mlirAttributeIsNull(mlirOperationGetAttributeByName(op,
			mlirStringRefCreateFromCString("sym_name")));
}

int edit_is_top_level(MlirOperation op)
{
	MlirOperation p = mlirOperationGetParentOperation(op);

	return !mlirOperationIsNull(p) && edit_name_is(p, "builtin.module");
}

int edit_is_graph_return(MlirOperation op)
{
	MlirOperation f = mlirOperationGetParentOperation(op);
	MlirStringRef name = mlirStringRefCreateFromCString("onnx.input_names");

	return edit_name_is(op, "func.return") && !mlirOperationIsNull(f) &&
		edit_name_is(f, "func.func") &&
		!mlirAttributeIsNull(mlirOperationGetAttributeByName(f, name));
}

int edit_is_dead(MlirOperation op)
{
	intptr_t i, n = mlirOperationGetNumResults(op);

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!mlirOpOperandIsNull(mlirValueGetFirstUse(
			    mlirOperationGetResult(op, i))))
			return 0;
	return !edit_is_terminator(op);
}

/* Zero of a scalar or statically shaped tensor/vector type, or null. */
static MlirAttribute zero_attr(MlirType t)
{
	MlirContext ctx = mlirTypeGetContext(t);

	if (mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t))
		return mlirIntegerAttrGet(t, 0);
	if (mlirTypeIsAFloat(t))
		return mlirFloatAttrDoubleGet(ctx, t, 0.0);
	if ((mlirTypeIsARankedTensor(t) || mlirTypeIsAVector(t)) &&
	    mlirShapedTypeHasStaticShape(t) &&
	    (mlirTypeIsAVector(t) ||
	     mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(t)))) {
		MlirType el = mlirShapedTypeGetElementType(t);
		if (mlirTypeIsAInteger(el) || mlirTypeIsAFloat(el) ||
		    (mlirTypeIsAIndex(el) && mlirTypeIsAVector(t)))
			return mlirDenseElementsAttrSplatGet(t, zero_attr(el));
	}
	return mlirAttributeGetNull();
}

/* t with its dynamic dims 1. */
static MlirType static_dims(MlirType t)
{
	intptr_t i, rank = mlirShapedTypeGetRank(t);
	int64_t *dims = xmalloc((size_t)(rank + 1) * sizeof(int64_t));
	MlirType r;

	for (i = 0; i < rank; i++) {
		dims[i] = mlirShapedTypeGetDimSize(t, i);
		if (mlirShapedTypeIsDynamicSize(dims[i]))
			dims[i] = 1;
	}
	r = mlirRankedTensorTypeGet(rank, dims, mlirShapedTypeGetElementType(t),
		mlirRankedTensorTypeGetEncoding(t));
	free(dims);
	return r;
}

/* Creates `name` with one result of type t before op at. */
static MlirValue make_op(MlirOperation at, const char *name, MlirType t,
	MlirAttribute value)
{
	MlirContext ctx = mlirTypeGetContext(t);
	MlirOperationState st;
	MlirOperation op;
	char dialect[32];
	const char *dot = strchr(name, '.');

	snprintf(dialect, sizeof(dialect), "%.*s", (int)(dot - name), name);
	mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString(dialect));
	st = mlirOperationStateGet(mlirStringRefCreateFromCString(name),
		mlirOperationGetLocation(at));
	mlirOperationStateAddResults(&st, 1, &t);
	if (!mlirAttributeIsNull(value)) {
		MlirNamedAttribute na = mlirNamedAttributeGet(mlirIdentifierGet(ctx,
			mlirStringRefCreateFromCString("value")), value);
		mlirOperationStateAddAttributes(&st, 1, &na);
	}
	op = mlirOperationCreate(&st);
	mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(at), at, op);
	return mlirOperationGetResult(op, 0);
}

/* Appends to the array attribute `name` of op, if op has it. */
static void array_attr_append(MlirOperation op, const char *name,
	MlirAttribute el)
{
	MlirStringRef key = mlirStringRefCreateFromCString(name);
	MlirAttribute a = mlirOperationGetAttributeByName(op, key);
	MlirAttribute *v;
	intptr_t i, n;

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
		return;
	n = mlirArrayAttrGetNumElements(a);
	v = xmalloc((size_t)(n + 1) * sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = mlirArrayAttrGetElement(a, i);
	v[n] = el;
	mlirOperationSetAttributeByName(op, key,
		mlirArrayAttrGet(mlirOperationGetContext(op), n + 1, v));
	free(v);
}

/* Keeps the entries of array attribute `name` whose keep[i] is set. */
static void array_attr_filter(MlirOperation op, const char *name,
	const int *keep, intptr_t nkeep)
{
	MlirStringRef key = mlirStringRefCreateFromCString(name);
	MlirAttribute a = mlirOperationGetAttributeByName(op, key);
	MlirAttribute *v;
	intptr_t i, n, k = 0;

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
		return;
	n = mlirArrayAttrGetNumElements(a);
	if (n != nkeep)
		return;
	v = xmalloc((size_t)(n ? n : 1) * sizeof(*v));
	for (i = 0; i < n; i++)
		if (keep[i])
			v[k++] = mlirArrayAttrGetElement(a, i);
	mlirOperationSetAttributeByName(op, key,
		mlirArrayAttrGet(mlirOperationGetContext(op), k, v));
	free(v);
}

static MlirType func_type(MlirOperation f)
{
	MlirAttribute a = mlirOperationGetAttributeByName(f,
		mlirStringRefCreateFromCString("function_type"));

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAType(a))
		return (MlirType){NULL};
	return mlirTypeAttrGetValue(a);
}

static void set_func_type(MlirOperation f, MlirType ft)
{
	mlirOperationSetAttributeByName(f,
		mlirStringRefCreateFromCString("function_type"),
		mlirTypeAttrGet(ft));
}

MlirValue edit_func_add_arg(MlirOperation f, MlirType t, MlirLocation loc,
	const char *name)
{
	MlirContext ctx = mlirOperationGetContext(f);
	MlirRegion r = mlirOperationGetFirstRegion(f);
	MlirBlock entry = mlirRegionGetFirstBlock(r);
	MlirType ft = func_type(f), *ins, *outs;
	intptr_t i, nin, nout;
	MlirValue v;
	char fresh[32];

	if (mlirBlockIsNull(entry) || mlirTypeIsNull(ft) || !mlirTypeIsAFunction(ft))
		return (MlirValue){NULL};
	nin = mlirFunctionTypeGetNumInputs(ft);
	nout = mlirFunctionTypeGetNumResults(ft);
	ins = xmalloc((size_t)(nin + 1) * sizeof(MlirType));
	outs = xmalloc((size_t)(nout + 1) * sizeof(MlirType));
	for (i = 0; i < nin; i++)
		ins[i] = mlirFunctionTypeGetInput(ft, i);
	ins[nin] = t;
	for (i = 0; i < nout; i++)
		outs[i] = mlirFunctionTypeGetResult(ft, i);
	set_func_type(f, mlirFunctionTypeGet(ctx, nin + 1, ins, nout, outs));
	free(ins);
	free(outs);
	v = mlirBlockAddArgument(entry, t, loc);
	array_attr_append(f, "arg_attrs", mlirDictionaryAttrGet(ctx, 0, NULL));
	array_attr_append(f, "onnx.input_info", mlirDictionaryAttrGet(ctx, 0, NULL));
	snprintf(fresh, sizeof(fresh), "gred_in_%ld", (long)nin);
	array_attr_append(f, "onnx.input_names", mlirStringAttrGet(ctx,
		mlirStringRefCreateFromCString(name ? name : fresh)));
	return v;
}

/* ONNX values without value_info have type !onnx.unknown; any tensor can
** stand in for them, since onnx ops are not type-checked. */
static int onnx_unknown(MlirType t)
{
	MlirStringRef ns, data;

	if (!mlirTypeIsAOpaque(t))
		return 0;
	ns = mlirOpaqueTypeGetDialectNamespace(t);
	data = mlirOpaqueTypeGetData(t);
	return ns.length == 4 && !memcmp(ns.data, "onnx", 4) &&
		data.length == 7 && !memcmp(data.data, "unknown", 7);
}

static int fits(MlirType have, MlirType want, int loose)
{
	if (mlirTypeEqual(have, want))
		return 1;
	return loose && (mlirTypeIsATensor(have) || onnx_unknown(have));
}

/* The nearest value of type t that dominates `at` in structured code:
** results of earlier ops in the same block, the block's arguments, then
** the same one level up, stopping at an isolated op. Sets *func to the
** func.func the walk stopped at, if any. */
static MlirValue dominating(MlirOperation at, MlirType t, int loose,
	const edit_set *dead, MlirOperation *func)
{
	MlirOperation cur = at;

	func->ptr = NULL;
	for (;;) {
		MlirBlock b = mlirOperationGetBlock(cur);
		MlirValue found = {NULL};
		MlirOperation op, parent;
		intptr_t i, n;

		if (mlirBlockIsNull(b))
			break;
		for (op = mlirBlockGetFirstOperation(b);
		     !mlirOperationIsNull(op) && !mlirOperationEqual(op, cur);
		     op = mlirOperationGetNextInBlock(op)) {
			if (edit_set_has(dead, op))
				continue;
			n = mlirOperationGetNumResults(op);
			for (i = 0; i < n; i++) {
				MlirValue r = mlirOperationGetResult(op, i);
				if (fits(mlirValueGetType(r), t, loose))
					found = r;
			}
		}
		if (!mlirValueIsNull(found))
			return found;
		n = mlirBlockGetNumArguments(b);
		for (i = 0; i < n; i++) {
			MlirValue a = mlirBlockGetArgument(b, i);
			if (fits(mlirValueGetType(a), t, loose))
				return a;
		}
		parent = mlirBlockGetParentOperation(b);
		if (mlirOperationIsNull(parent))
			break;
		if (edit_is_boundary(parent)) {
			if (edit_name_is(parent, "func.func"))
				*func = parent;
			break;
		}
		cur = parent;
	}
	return (MlirValue){NULL};
}

static int defined_by_dead(MlirValue v, const edit_set *dead)
{
	return mlirValueIsAOpResult(v) &&
		edit_set_has(dead, mlirOpResultGetOwner(v));
}

MlirValue edit_zero(MlirOperation at, MlirType t)
{
	MlirAttribute zero = zero_attr(t);

	if (mlirAttributeIsNull(zero))
		return (MlirValue){NULL};
	if (edit_name_prefix(at, "onnx.") && mlirTypeIsARankedTensor(t))
		return make_op(at, "onnx.Constant", t, zero);
	return make_op(at, "arith.constant", t, zero);
}

MlirValue edit_stand_in(MlirOperation at, MlirType t, const edit_set *dead)
{
	intptr_t i, n = mlirOperationGetNumOperands(at);
	MlirOperation func = {NULL};
	MlirValue v;
	int loose;

	for (loose = 0; loose <= onnx_unknown(t); loose++) {
		for (i = 0; i < n; i++) {
			v = mlirOperationGetOperand(at, i);
			if (fits(mlirValueGetType(v), t, loose) &&
			    !defined_by_dead(v, dead))
				return v;
		}
		v = dominating(at, t, loose, dead, &func);
		if (!mlirValueIsNull(v))
			return v;
	}
	v = edit_zero(at, t);
	if (!mlirValueIsNull(v))
		return v;
	/* An ONNX value with unknown dims gets a zero with those dims 1 (ONNX
	** ops are not type-checked), not a new graph input: every dim gred
	** writes has a value, and a constant goes with its last user. */
	if (edit_name_prefix(at, "onnx.") && mlirTypeIsARankedTensor(t)) {
		v = edit_zero(at, static_dims(t));
		if (!mlirValueIsNull(v))
			return v;
	}
	/* An ONNX graph input needs a tensor type: a value of unknown type
	** becomes a scalar zero (any tensor may stand where the type is
	** unknown), not a new input. */
	if (onnx_unknown(t) && edit_name_prefix(at, "onnx.")) {
		MlirContext ctx = mlirTypeGetContext(t);
		MlirType f32 = mlirF32TypeGet(ctx);
		MlirType st = mlirRankedTensorTypeGet(0, NULL, f32,
			mlirAttributeGetNull());
		return make_op(at, "onnx.Constant", st,
			mlirDenseElementsAttrSplatGet(st, zero_attr(f32)));
	}
	if (!mlirOperationIsNull(func)) {
		v = edit_func_add_arg(func, t, mlirOperationGetLocation(at),
			NULL);
		if (!mlirValueIsNull(v))
			return v;
	}
	return make_op(at, "ub.poison", t, mlirAttributeGetNull());
}

/* Is an ancestor of op (below the root) in the set? */
static int ancestor_in(MlirOperation op, const edit_set *s)
{
	MlirOperation p = mlirOperationGetParentOperation(op);

	for (; !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
		if (edit_set_has(s, p))
			return 1;
	return 0;
}

static MlirOperation graph_return_user(MlirValue r)
{
	MlirOpOperand u;

	for (u = mlirValueGetFirstUse(r); !mlirOpOperandIsNull(u);
	     u = mlirOpOperandGetNextUse(u))
		if (edit_is_graph_return(mlirOpOperandGetOwner(u)))
			return mlirOpOperandGetOwner(u);
	return (MlirOperation){NULL};
}

/* For result r of ONNX op `op` that a graph returns, when no value has
** its type: op's first tensor input with a static type, or null. The
** input may itself be deleted later in the same edit_delete; then the
** same happens to it, and the graph's result follows the chain. */
static MlirValue graph_pass_through(MlirOperation op, MlirValue r,
	const edit_set *dead)
{
	MlirType t = mlirValueGetType(r);
	MlirOperation func, module = op, p;
	intptr_t i, n = mlirOperationGetNumOperands(op);

	if (!edit_name_prefix(op, "onnx.") ||
	    mlirOperationIsNull(graph_return_user(r)))
		return (MlirValue){NULL};
	for (i = 0; i < n; i++)
		if (mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, i)), t))
			return (MlirValue){NULL};
	if (!mlirValueIsNull(dominating(op, t, 0, dead, &func)))
		return (MlirValue){NULL};
	for (i = 0; i < n; i++) {
		MlirValue v = mlirOperationGetOperand(op, i);
		MlirType vt = mlirValueGetType(v);

		if (mlirTypeIsANone(vt))
			continue;
		if (!(mlirTypeIsARankedTensor(vt) && mlirShapedTypeHasStaticShape(vt))) {
			while (!mlirOperationIsNull(p = mlirOperationGetParentOperation(module)))
				module = p;
			vt = infer_known_type(module, v);
			if (mlirTypeIsNull(vt))
				return (MlirValue){NULL};
			mlirValueSetType(v, vt);
		}
		return v;
	}
	return (MlirValue){NULL};
}

/* What a deleted op's results are replaced by, as a hash map from value
** to value (open addressing; a null key is an empty slot). */
typedef struct value_map {
	MlirValue *key, *val;
	size_t n, cap;
} value_map;

static size_t value_slot(const value_map *m, MlirValue k)
{
	size_t i = ptr_hash((uintptr_t)k.ptr, m->cap);

	while (m->key[i].ptr && m->key[i].ptr != k.ptr)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static void value_map_put(value_map *m, MlirValue k, MlirValue v)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		value_map old = *m;
		m->cap = old.cap ? 2 * old.cap : 64;
		m->key = xcalloc(m->cap, sizeof(MlirValue));
		m->val = xcalloc(m->cap, sizeof(MlirValue));
		m->n = 0;
		for (i = 0; i < old.cap; i++)
			if (old.key[i].ptr)
				value_map_put(m, old.key[i], old.val[i]);
		free(old.key);
		free(old.val);
	}
	i = value_slot(m, k);
	if (!m->key[i].ptr)
		m->n++;
	m->key[i] = k;
	m->val[i] = v;
}

static MlirValue value_map_get(const value_map *m, MlirValue k)
{
	return m->n ? m->val[value_slot(m, k)] : (MlirValue){NULL};
}

/*
** Where a deleted result's uses go when a chunk of ops is deleted: the
** first operand of its op with the result's type that stays, or that is
** itself a deleted result with a replacement, taken through the chunk.
** So a run of deleted ops `%2 = f(%1)`, `%3 = g(%2)` hands %3's users
** %1, the value feeding the run, whatever the run's length: deleting a
** slice of a chain keeps what comes before and after it connected.
** Ops come in pre-order, so an operand's replacement is known first.
*/
static void through_chunk(value_map *out, MlirOperation *ops, size_t n,
	const edit_set *dead)
{
	size_t k;

	for (k = 0; k < n; k++) {
		intptr_t i, j, nr = mlirOperationGetNumResults(ops[k]);
		intptr_t no = mlirOperationGetNumOperands(ops[k]);

		for (i = 0; i < nr; i++) {
			MlirValue r = mlirOperationGetResult(ops[k], i);
			MlirType t = mlirValueGetType(r);

			for (j = 0; j < no; j++) {
				MlirValue v = mlirOperationGetOperand(ops[k], j);
				if (!mlirTypeEqual(mlirValueGetType(v), t))
					continue;
				if (defined_by_dead(v, dead))
					v = value_map_get(out, v);
				if (!mlirValueIsNull(v)) {
					value_map_put(out, r, v);
					break;
				}
			}
		}
	}
}

void edit_delete(MlirOperation *ops, size_t n)
{
	edit_set dead;
	value_map through = {0};
	size_t k;

	edit_set_init(&dead, ops, n);
	through_chunk(&through, ops, n, &dead);
	/* Later ops first: their uses of earlier deleted ops disappear
	** with them instead of being rewired. */
	for (k = n; k-- > 0;) {
		MlirOperation op = ops[k];
		intptr_t i, nr;

		if (ancestor_in(op, &dead))
			continue;
		nr = mlirOperationGetNumResults(op);
		for (i = 0; i < nr; i++) {
			MlirValue r = mlirOperationGetResult(op, i), s;
			if (mlirOpOperandIsNull(mlirValueGetFirstUse(r)))
				continue;
			s = graph_pass_through(op, r, &dead);
			if (!mlirValueIsNull(s)) {
				MlirOperation ret = graph_return_user(r);
				mlirValueReplaceAllUsesOfWith(r, s);
				infer_sync_results(ret);
				continue;
			}
			s = value_map_get(&through, r);
			if (mlirValueIsNull(s))
				s = edit_stand_in(op, mlirValueGetType(r), &dead);
			if (!mlirValueIsNull(s))
				mlirValueReplaceAllUsesOfWith(r, s);
		}
		mlirOperationDestroy(op);
	}
	free(through.key);
	free(through.val);
	edit_set_free(&dead);
}

typedef struct drop_ctx {
	MlirOperation func;
	const int *keep;
	intptr_t n;
} drop_ctx;

static MlirWalkResult drop_return_cb(MlirOperation op, void *user)
{
	drop_ctx *c = user;
	MlirValue *v;
	intptr_t i, k = 0;

	if (!edit_name_is(op, "func.return") ||
	    !mlirOperationEqual(mlirOperationGetParentOperation(op), c->func) ||
	    mlirOperationGetNumOperands(op) != c->n)
		return MlirWalkResultAdvance;
	v = xmalloc((size_t)(c->n ? c->n : 1) * sizeof(*v));
	for (i = 0; i < c->n; i++)
		if (c->keep[i])
			v[k++] = mlirOperationGetOperand(op, i);
	mlirOperationSetOperands(op, k, v);
	free(v);
	return MlirWalkResultAdvance;
}

void edit_func_drop_args(MlirOperation f, const int *keep)
{
	MlirContext ctx = mlirOperationGetContext(f);
	MlirType ft = func_type(f), *ins, *outs;
	MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetFirstRegion(f));
	intptr_t i, nin, nout, k = 0;

	if (mlirTypeIsNull(ft) || !mlirTypeIsAFunction(ft) || mlirBlockIsNull(entry))
		return;
	nin = mlirFunctionTypeGetNumInputs(ft);
	nout = mlirFunctionTypeGetNumResults(ft);
	if (mlirBlockGetNumArguments(entry) != nin)
		return;
	ins = xmalloc((size_t)(nin ? nin : 1) * sizeof(MlirType));
	outs = xmalloc((size_t)(nout ? nout : 1) * sizeof(MlirType));
	for (i = 0; i < nin; i++)
		if (keep[i])
			ins[k++] = mlirFunctionTypeGetInput(ft, i);
	for (i = 0; i < nout; i++)
		outs[i] = mlirFunctionTypeGetResult(ft, i);
	for (i = nin; i-- > 0;)
		if (!keep[i])
			mlirBlockEraseArgument(entry, (unsigned)i);
	set_func_type(f, mlirFunctionTypeGet(ctx, k, ins, nout, outs));
	free(ins);
	free(outs);
	array_attr_filter(f, "arg_attrs", keep, nin);
	array_attr_filter(f, "onnx.input_names", keep, nin);
	array_attr_filter(f, "onnx.input_info", keep, nin);
}

void edit_func_drop_results(MlirOperation f, const int *keep)
{
	MlirContext ctx = mlirOperationGetContext(f);
	MlirType ft = func_type(f), *ins, *outs;
	intptr_t i, nin, nout, k = 0;
	drop_ctx c;

	if (mlirTypeIsNull(ft) || !mlirTypeIsAFunction(ft))
		return;
	nin = mlirFunctionTypeGetNumInputs(ft);
	nout = mlirFunctionTypeGetNumResults(ft);
	c.func = f;
	c.keep = keep;
	c.n = nout;
	mlirOperationWalk(f, drop_return_cb, &c, MlirWalkPreOrder);
	ins = xmalloc((size_t)(nin ? nin : 1) * sizeof(MlirType));
	outs = xmalloc((size_t)(nout ? nout : 1) * sizeof(MlirType));
	for (i = 0; i < nin; i++)
		ins[i] = mlirFunctionTypeGetInput(ft, i);
	for (i = 0; i < nout; i++)
		if (keep[i])
			outs[k++] = mlirFunctionTypeGetResult(ft, i);
	set_func_type(f, mlirFunctionTypeGet(ctx, nin, ins, k, outs));
	free(ins);
	free(outs);
	array_attr_filter(f, "res_attrs", keep, nout);
	array_attr_filter(f, "onnx.output_names", keep, nout);
	array_attr_filter(f, "onnx.output_info", keep, nout);
}

int edit_keep_all(MlirOperation op, int *skip, void *user)
{
	(void)op;
	(void)skip;
	(void)user;
	return 1;
}

int edit_keep_func(MlirOperation op, int *skip, void *user)
{
	(void)user;
	if (!edit_name_is(op, "func.func"))
		return 0;
	*skip = 1;
	return 1;
}

void edit_short_name(char *out, size_t k)
{
	char tmp[15];
	size_t n = 0, i;

	k++;
	while (k > 0 && n < sizeof(tmp)) {
		k--;
		tmp[n++] = (char)('a' + k % 26);
		k /= 26;
	}
	for (i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	out[n] = 0;
}

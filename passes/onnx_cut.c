/*
** Cuts of an ONNX graph's node order, as node reducers bisect it: `tail`
** makes an intermediate node's results the graph outputs and deletes
** every node after it; `head` deletes the leading nodes, the tensors
** they made becoming graph inputs (with their recorded values as
** defaults). `inputs` turns graph inputs into zero initializers.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"

/*
** The targets of both cuts: the nodes of the main graph's body in order,
** those with inputs only (initializers, Constant and NoValue nodes go
** with their last user). Removing the last k targets (tail) or the first
** k (head) is one candidate; the driver bisects k, so a graph of n nodes
** costs about log2(n) tests per cut. A change that is not such a cut
** (a chunk in the middle) changes nothing.
*/
static int keep_node(MlirOperation op, int *skip, void *user)
{
	MlirBlock b = mlirOperationGetBlock(op);
	MlirOperation term;

	(void)user;
	if (edit_name_is(op, "func.func")) {
		*skip = !edit_is_top_level(op);
		return 0;
	}
	*skip = 1;
	if (mlirBlockIsNull(b) || mlirOperationGetNumOperands(op) == 0 ||
	    !edit_name_prefix(op, "onnx."))
		return 0;
	term = edit_block_terminator(b);
	return !mlirOperationIsNull(term) && edit_is_graph_return(term);
}

static void cut_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_node, NULL);
}

/* The func.func and func.return of target op. */
static MlirOperation graph_return(MlirOperation op)
{
	return edit_block_terminator(mlirOperationGetBlock(op));
}

/* v's type if it is static, else the op table's static type for it
** (also set on v), else null. */
static MlirType static_type(MlirOperation module, MlirValue v)
{
	MlirType t = mlirValueGetType(v);

	if (mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t))
		return t;
	t = infer_known_type(module, v);
	if (!mlirTypeIsNull(t))
		mlirValueSetType(v, t);
	return t;
}

/* The ONNX name of result r (its entry in onnx.outputs), or "". */
static MlirStringRef result_name(MlirValue r)
{
	MlirOperation op = mlirOpResultGetOwner(r);
	MlirAttribute a = mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString("onnx.outputs"));
	intptr_t i = mlirOpResultGetResultNumber(r);

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ||
	    i >= mlirArrayAttrGetNumElements(a) ||
	    !mlirAttributeIsAString(mlirArrayAttrGetElement(a, i)))
		return mlirStringRefCreate("", 0);
	return mlirStringAttrGetValue(mlirArrayAttrGetElement(a, i));
}

/* Makes func.func f's result types those of outs[0..n). */
static void set_results(MlirOperation f, const MlirValue *outs, intptr_t n)
{
	MlirStringRef key = mlirStringRefCreateFromCString("function_type");
	MlirType ft = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(f, key));
	intptr_t i, nin = mlirFunctionTypeGetNumInputs(ft);
	MlirType *ins = xmalloc((size_t)(nin + 1) * sizeof(*ins));
	MlirType *res = xmalloc((size_t)(n + 1) * sizeof(*res));

	for (i = 0; i < nin; i++)
		ins[i] = mlirFunctionTypeGetInput(ft, i);
	for (i = 0; i < n; i++)
		res[i] = mlirValueGetType(outs[i]);
	mlirOperationSetAttributeByName(f, key, mlirTypeAttrGet(
		mlirFunctionTypeGet(mlirOperationGetContext(f), nin, ins, n, res)));
	free(ins);
	free(res);
}

/* Deletes ops (in block order, none used after this but by each other). */
static void destroy_ops(MlirOperation *ops, size_t n)
{
	while (n--)
		mlirOperationDestroy(ops[n]);
}

/* The op of the graph body that holds op (op itself at the top). */
static MlirOperation top_op(MlirOperation op, MlirOperation f)
{
	MlirOperation p;

	while (!mlirOperationIsNull(p = mlirOperationGetParentOperation(op)) &&
	       !mlirOperationEqual(p, f))
		op = p;
	return op;
}

/* Has v a use in (or inside) the ops of s, or outside them (out)? */
static int used_in(MlirValue v, MlirOperation f, const edit_set *s, int out)
{
	MlirOpOperand u;

	for (u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
	     u = mlirOpOperandGetNextUse(u))
		if (edit_set_has(s, top_op(mlirOpOperandGetOwner(u), f)) != out)
			return 1;
	return 0;
}

static int used_by(MlirValue v, MlirOperation f, const edit_set *s)
{
	return used_in(v, f, s, 0);
}

static int used_after(MlirValue v, MlirOperation f, const edit_set *gone)
{
	return used_in(v, f, gone, 1);
}

/* Which of graph f's inputs have a use now (*n of them). */
static int *inputs_in_use(MlirOperation f, intptr_t *n)
{
	MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetFirstRegion(f));
	intptr_t i;
	int *used;

	*n = mlirBlockGetNumArguments(entry);
	used = xmalloc((size_t)(*n ? *n : 1) * sizeof(int));
	for (i = 0; i < *n; i++)
		used[i] = !mlirOpOperandIsNull(mlirValueGetFirstUse(
			mlirBlockGetArgument(entry, i)));
	return used;
}

/* Drops the inputs of graph f that a cut left without a use: those of
** the first nargs that had one before (used0). Inputs unused from the
** start stay (`args` tries them); inputs added since are kept. */
static void drop_freed_inputs(MlirOperation f, const int *used0,
	intptr_t nargs)
{
	MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetFirstRegion(f));
	intptr_t i, n = mlirBlockGetNumArguments(entry);
	int *keep = xmalloc((size_t)(n ? n : 1) * sizeof(int)), dropped = 0;

	for (i = 0; i < n; i++) {
		keep[i] = i >= nargs || !used0[i] || !mlirOpOperandIsNull(
			mlirValueGetFirstUse(mlirBlockGetArgument(entry, i)));
		dropped |= !keep[i];
	}
	if (dropped)
		edit_func_drop_args(f, keep);
	free(keep);
}

/*
** Targets [begin, n) go; the graph outputs become the tensors the nodes
** before the cut made that the deleted nodes or the graph outputs read
** (in node order), typed statically. That keeps every kept node
** computing what it did, so a bug before the cut survives it: the rule
** the bisection needs. The outputs no bug needs go later (`outputs`).
*/
static int tail_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	MlirOperation ret, f;
	MlirContext ctx;
	MlirValue *outs = NULL;
	MlirAttribute *names = NULL;
	MlirOperation *gone;
	edit_set gone_set;
	size_t j, k = 0, cap = 0;
	intptr_t i, nr, nargs;
	int *used0;

	if (begin == 0 || begin >= end || end != l->n)
		return 0;
	ret = graph_return(l->v[0].op);
	f = mlirOperationGetParentOperation(ret);
	ctx = mlirOperationGetContext(f);
	gone = xmalloc((end - begin + 1) * sizeof(*gone));
	for (j = begin; j < end; j++)
		gone[j - begin] = l->v[j].op;
	gone[end - begin] = ret;
	edit_set_init(&gone_set, gone, end - begin + 1);
	for (j = 0; j < begin; j++) {
		nr = mlirOperationGetNumResults(l->v[j].op);
		for (i = 0; i < nr; i++) {
			MlirValue r = mlirOperationGetResult(l->v[j].op, i);

			if (mlirTypeIsANone(mlirValueGetType(r)) ||
			    !used_by(r, f, &gone_set) ||
			    mlirTypeIsNull(static_type(module, r)))
				continue;
			if (k == cap) {
				cap = cap ? 2 * cap : 8;
				outs = xrealloc(outs, cap * sizeof(*outs));
				names = xrealloc(names, cap * sizeof(*names));
			}
			outs[k] = r;
			names[k++] = mlirStringAttrGet(ctx, result_name(r));
		}
	}
	edit_set_free(&gone_set);
	if (k == 0) {
		free(gone);
		return 0;
	}
	used0 = inputs_in_use(f, &nargs);
	mlirOperationSetOperands(ret, (intptr_t)k, outs);
	set_results(f, outs, (intptr_t)k);
	mlirOperationRemoveAttributeByName(f,
		mlirStringRefCreateFromCString("res_attrs"));
	mlirOperationRemoveAttributeByName(f,
		mlirStringRefCreateFromCString("onnx.output_info"));
	mlirOperationSetAttributeByName(f,
		mlirStringRefCreateFromCString("onnx.output_names"),
		mlirArrayAttrGet(ctx, (intptr_t)k, names));
	destroy_ops(gone, end - begin);
	drop_freed_inputs(f, used0, nargs);
	free(used0);
	free(gone);
	free(outs);
	free(names);
	return 1;
}

/*
** Recorded values (`gred reduce --recorded`, written by
** scripts/ort_dump.js): what a tensor held when the model ran once. A
** cut tensor with one becomes a graph input with an initializer of that
** value under the same name (its default): a wrong-value bug needs the
** values its nodes saw, where a plain graph input gets whatever the test
** feeds it, and a plain initializer is a constant that an optimiser
** folds away with the bug. In the IR the input is an unused argument
** and the initializer what the nodes read. The values sit on the
** op that made them, in attribute RECORDED (one entry per result, a
** unit where none was recorded), which the export skips as it skips
** every onnx.* attribute; they follow the op through renames.
*/
#define RECORDED "onnx.recorded"

/* The value recorded for r if its type is t (null t: any), else null. */
static MlirAttribute recorded_value(MlirValue r, MlirType t)
{
	MlirAttribute a, v;
	intptr_t i;

	if (!mlirValueIsAOpResult(r))
		return mlirAttributeGetNull();
	a = mlirOperationGetAttributeByName(mlirOpResultGetOwner(r),
		mlirStringRefCreateFromCString(RECORDED));
	i = mlirOpResultGetResultNumber(r);
	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ||
	    i >= mlirArrayAttrGetNumElements(a))
		return mlirAttributeGetNull();
	v = mlirArrayAttrGetElement(a, i);
	if (!mlirAttributeIsADenseElements(v) ||
	    (!mlirTypeIsNull(t) && !mlirTypeEqual(t, mlirAttributeGetType(v))))
		return mlirAttributeGetNull();
	return v;
}

/* A new initializer (an onnx.Constant) named name at the start of
** block b, holding value. */
static MlirValue make_initializer(MlirBlock b, MlirAttribute value,
	MlirStringRef name)
{
	MlirContext ctx = mlirAttributeGetContext(value);
	MlirType t = mlirAttributeGetType(value);
	MlirAttribute nm = mlirStringAttrGet(ctx, name);
	MlirNamedAttribute na[3];
	MlirOperationState st = mlirOperationStateGet(
		mlirStringRefCreateFromCString("onnx.Constant"),
		mlirLocationUnknownGet(ctx));
	MlirOperation op;

	na[0] = mlirNamedAttributeGet(mlirIdentifierGet(ctx,
		mlirStringRefCreateFromCString("value")), value);
	na[1] = mlirNamedAttributeGet(mlirIdentifierGet(ctx,
		mlirStringRefCreateFromCString("onnx.initializer")),
		mlirUnitAttrGet(ctx));
	na[2] = mlirNamedAttributeGet(mlirIdentifierGet(ctx,
		mlirStringRefCreateFromCString("onnx.outputs")),
		mlirArrayAttrGet(ctx, 1, &nm));
	mlirOperationStateAddResults(&st, 1, &t);
	mlirOperationStateAddAttributes(&st, 3, na);
	op = mlirOperationCreate(&st);
	mlirBlockInsertOwnedOperation(b, 0, op);
	return mlirOperationGetResult(op, 0);
}

/* Targets [0, end) go; every tensor they made that a later node reads
** becomes a graph input of its static type under its own name, with
** its recorded value as the default if it has one. Graph outputs they made and
** graph inputs only they read go too. */
static int head_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	MlirOperation f, first, ret;
	MlirBlock entry;
	MlirValue *from, *to;
	MlirOperation *gone_ops;
	edit_set gone;
	size_t j, nv = 0, cap = 16;
	intptr_t i, nargs, nret;
	int *keep, *used0, ok = 1, dropped = 0;

	if (begin != 0 || end == 0 || end >= l->n)
		return 0;
	first = l->v[0].op;
	f = mlirOperationGetParentOperation(graph_return(first));
	entry = mlirOperationGetBlock(first);
	gone_ops = xmalloc(end * sizeof(*gone_ops));
	for (j = 0; j < end; j++)
		gone_ops[j] = l->v[j].op;
	edit_set_init(&gone, gone_ops, end);
	/* Graph outputs the deleted nodes made go rather than become
	** inputs passed through. */
	ret = graph_return(first);
	nret = mlirOperationGetNumOperands(ret);
	keep = xmalloc((size_t)(nret + 1) * sizeof(int));
	for (i = 0; i < nret; i++) {
		MlirValue v = mlirOperationGetOperand(ret, i);
		keep[i] = !(mlirValueIsAOpResult(v) &&
			edit_set_has(&gone, mlirOpResultGetOwner(v)));
		dropped |= !keep[i];
	}
	if (dropped)
		edit_func_drop_results(f, keep);
	free(keep);
	used0 = inputs_in_use(f, &nargs);
	from = xmalloc(cap * sizeof(*from));
	to = xmalloc(cap * sizeof(*to));
	for (j = 0; j < end && ok; j++) {
		intptr_t nr = mlirOperationGetNumResults(gone_ops[j]);

		for (i = 0; i < nr && ok; i++) {
			MlirValue r = mlirOperationGetResult(gone_ops[j], i);
			MlirType t;
			MlirAttribute rec;
			char *name;
			MlirStringRef s;

			if (!used_after(r, f, &gone))
				continue;
			t = mlirTypeIsANone(mlirValueGetType(r)) ?
				(MlirType){NULL} : static_type(module, r);
			if (mlirTypeIsNull(t) &&
			    !mlirAttributeIsNull(recorded_value(r, t)))
				t = mlirAttributeGetType(recorded_value(r, t));
			if (mlirTypeIsNull(t)) {
				ok = 0;
				break;
			}
			if (nv == cap) {
				cap *= 2;
				from = xrealloc(from, cap * sizeof(*from));
				to = xrealloc(to, cap * sizeof(*to));
			}
			s = result_name(r);
			name = xmalloc(s.length + 1);
			memcpy(name, s.data, s.length);
			name[s.length] = 0;
			from[nv] = r;
			rec = s.length ? recorded_value(r, t) :
				mlirAttributeGetNull();
			to[nv] = edit_func_add_arg(f, t,
				mlirOperationGetLocation(gone_ops[j]),
				s.length ? name : NULL);
			if (!mlirAttributeIsNull(rec) && !mlirValueIsNull(to[nv]))
				to[nv] = make_initializer(entry, rec, s);
			nv++;
			free(name);
			if (mlirValueIsNull(to[nv - 1]))
				ok = 0;
		}
	}
	if (ok) {
		/* Only the uses after the cut move: the deleted ops go as
		** they are, their own uses with them. */
		for (j = 0; j < nv; j++) {
			MlirOpOperand u = mlirValueGetFirstUse(from[j]), next;

			for (; !mlirOpOperandIsNull(u); u = next) {
				MlirOperation owner = mlirOpOperandGetOwner(u);

				next = mlirOpOperandGetNextUse(u);
				if (!edit_set_has(&gone, top_op(owner, f)))
					mlirOperationSetOperand(owner,
						(intptr_t)mlirOpOperandGetOperandNumber(u),
						to[j]);
			}
		}
		destroy_ops(gone_ops, end);
		/* The inputs only the deleted nodes read go too (the new ones
		** come after the old ones and are all in use). */
		drop_freed_inputs(f, used0, nargs);
	}
	free(used0);
	free(from);
	free(to);
	free(gone_ops);
	edit_set_free(&gone);
	/* A failed candidate is dropped whole: the module is a clone. */
	return ok;
}

/*
** `inputs`: a graph input of the main graph becomes an initializer of
** zeros, when the bug does not need what the test feeds it. For a small
** tensor an initializer is the shorter file, and a constant lets the
** constant passes work on it; a bug an optimiser's constant folding
** meets may then need no graph output at all.
*/
static MlirOperation main_graph(MlirOperation module)
{
	MlirOperation f = {NULL};
	MlirRegion r = mlirOperationGetFirstRegion(module);
	MlirOperation op;

	if (mlirRegionIsNull(r) || mlirBlockIsNull(mlirRegionGetFirstBlock(r)))
		return f;
	for (op = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(r));
	     !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
		MlirRegion body = mlirOperationGetFirstRegion(op);
		MlirOperation term;

		if (!edit_name_is(op, "func.func") || mlirRegionIsNull(body) ||
		    mlirBlockIsNull(mlirRegionGetFirstBlock(body)))
			continue;
		term = edit_block_terminator(mlirRegionGetFirstBlock(body));
		if (!mlirOperationIsNull(term) && edit_is_graph_return(term))
			return op;
	}
	return f;
}

static MlirBlock entry_of(MlirOperation f)
{
	return mlirRegionGetFirstBlock(mlirOperationGetFirstRegion(f));
}

/* Targets: (main graph, input) for the used inputs of a static type. */
static void inputs_list(pass_targets *out, MlirOperation module)
{
	MlirOperation f = main_graph(module);
	intptr_t i, n;

	if (mlirOperationIsNull(f))
		return;
	n = mlirBlockGetNumArguments(entry_of(f));
	for (i = 0; i < n; i++) {
		MlirValue a = mlirBlockGetArgument(entry_of(f), i);
		MlirType t = mlirValueGetType(a);

		if (!mlirOpOperandIsNull(mlirValueGetFirstUse(a)) &&
		    mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t))
			pass_targets_push(out, f, i, 0, 0);
	}
}

/* The ONNX name of input i of graph f, or "". */
static MlirStringRef input_name(MlirOperation f, intptr_t i)
{
	MlirAttribute a = mlirOperationGetAttributeByName(f,
		mlirStringRefCreateFromCString("onnx.input_names"));

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ||
	    i >= mlirArrayAttrGetNumElements(a) ||
	    !mlirAttributeIsAString(mlirArrayAttrGetElement(a, i)))
		return mlirStringRefCreate("", 0);
	return mlirStringAttrGetValue(mlirArrayAttrGetElement(a, i));
}

static int inputs_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	MlirOperation f, ret;
	MlirBlock entry;
	intptr_t n, i, nret;
	size_t k;
	int *keep, *keep_res, r = 0, passed = 0;

	(void)module;
	if (begin >= end)
		return 0;
	f = l->v[begin].op;
	entry = entry_of(f);
	ret = edit_block_terminator(entry);
	n = mlirBlockGetNumArguments(entry);
	nret = mlirOperationGetNumOperands(ret);
	keep = xmalloc((size_t)n * sizeof(int) + sizeof(int));
	keep_res = xmalloc((size_t)nret * sizeof(int) + sizeof(int));
	for (i = 0; i < n; i++)
		keep[i] = 1;
	/* A graph output that only passes a chosen input through goes with
	** it: an output of a constant tests nothing. */
	for (i = 0; i < nret; i++) {
		MlirValue v = mlirOperationGetOperand(ret, i);

		keep_res[i] = 1;
		for (k = begin; k < end && keep_res[i]; k++)
			if (mlirValueEqual(v, mlirBlockGetArgument(entry,
				    l->v[k].key)))
				keep_res[i] = 0;
		passed |= !keep_res[i];
	}
	if (passed)
		edit_func_drop_results(f, keep_res);
	free(keep_res);
	for (k = begin; k < end; k++) {
		MlirValue a = mlirBlockGetArgument(entry, l->v[k].key), z;
		MlirType t = mlirValueGetType(a);
		MlirType el = mlirShapedTypeGetElementType(t);
		MlirAttribute zero = mlirTypeIsAInteger(el) ?
			mlirIntegerAttrGet(el, 0) : mlirTypeIsAFloat(el) ?
			mlirFloatAttrDoubleGet(mlirTypeGetContext(el), el, 0.0) :
			mlirAttributeGetNull();

		if (mlirAttributeIsNull(zero))
			continue;
		z = make_initializer(entry, mlirDenseElementsAttrSplatGet(t, zero),
			input_name(f, l->v[k].key));
		mlirValueReplaceAllUsesOfWith(a, z);
		keep[l->v[k].key] = 0;
		r = 1;
	}
	if (r)
		edit_func_drop_args(f, keep);
	free(keep);
	return r;
}

/*
** Reads recorded values (the format scripts/ort_dump.js writes) onto the
** ops of the main graph that made them. Values whose tensor the graph
** does not have, of a bool or other type, or whose size disagrees with
** their type are skipped. Sets *out to the number attached.
*/
typedef struct named_result {
	MlirStringRef name;
	MlirValue v;
} named_result;

static int named_cmp(const void *a, const void *b)
{
	const named_result *x = a, *y = b;
	size_t n = x->name.length < y->name.length ? x->name.length : y->name.length;
	int c = memcmp(x->name.data, y->name.data, n);

	return c ? c : (x->name.length > y->name.length) - (x->name.length < y->name.length);
}

/* The element type of ONNX data type dt as the import makes it, if
** el is that type (no bools, strings or other kinds). */
static int dtype_is(MlirType el, long dt)
{
	static const struct { long dt; int fl, width, uns; } k[] = {
		{1, 1, 32, 0}, {10, 1, 16, 0}, {11, 1, 64, 0},
		{2, 0, 8, 1}, {3, 0, 8, 0}, {4, 0, 16, 1}, {5, 0, 16, 0},
		{6, 0, 32, 0}, {7, 0, 64, 0}, {12, 0, 32, 1}, {13, 0, 64, 1},
	};
	size_t i;

	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		if (k[i].dt != dt)
			continue;
		if (k[i].fl)
			return mlirTypeIsAFloat(el) && !mlirTypeIsABF16(el) &&
				(int)mlirFloatTypeGetWidth(el) == k[i].width;
		return mlirTypeIsAInteger(el) &&
			(int)mlirIntegerTypeGetWidth(el) == k[i].width &&
			mlirIntegerTypeIsUnsigned(el) == k[i].uns;
	}
	return 0;
}

/* Sets entry i of op's RECORDED to v (of nres entries). */
static void record_on(MlirOperation op, intptr_t i, MlirAttribute v)
{
	MlirContext ctx = mlirOperationGetContext(op);
	MlirStringRef key = mlirStringRefCreateFromCString(RECORDED);
	MlirAttribute old = mlirOperationGetAttributeByName(op, key);
	intptr_t j, n = mlirOperationGetNumResults(op);
	MlirAttribute *el = xmalloc((size_t)n * sizeof(*el));

	for (j = 0; j < n; j++)
		el[j] = j == i ? v : !mlirAttributeIsNull(old) &&
			mlirAttributeIsAArray(old) &&
			j < mlirArrayAttrGetNumElements(old) ?
			mlirArrayAttrGetElement(old, j) : mlirUnitAttrGet(ctx);
	mlirOperationSetAttributeByName(op, key, mlirArrayAttrGet(ctx, n, el));
	free(el);
}

int pass_record_values(size_t *out, MlirOperation module, const char *data,
	size_t len, gred_error *e)
{
	static const char head[] = "gred recorded values\n";
	MlirOperation f = main_graph(module), op;
	named_result *byname = NULL, key, *hit;
	size_t n = 0, cap = 0, p = sizeof(head) - 1;
	int err = 0;

	*out = 0;
	if (len < p || memcmp(data, head, p))
		return gred_errorf(e, "not a file of recorded values");
	if (mlirOperationIsNull(f))
		return 0;
	for (op = mlirBlockGetFirstOperation(entry_of(f)); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op)) {
		intptr_t i, nr = mlirOperationGetNumResults(op);

		for (i = 0; i < nr && edit_name_prefix(op, "onnx."); i++) {
			MlirValue r = mlirOperationGetResult(op, i);

			if (!result_name(r).length)
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				byname = xrealloc(byname, cap * sizeof(*byname));
			}
			byname[n].name = result_name(r);
			byname[n++].v = r;
		}
	}
	if (n)
		qsort(byname, n, sizeof(*byname), named_cmp);
	while (p < len) {
		const char *nl = memchr(data + p, '\n', len - p);
		char line[1024], *q;
		long dt, nd, k;
		int64_t dims[64];
		size_t nbytes, namelen, count = 1;

		if (!nl || (size_t)(nl - data - p) >= sizeof(line)) {
			err = gred_errorf(e, "a recorded value's header is cut short");
			break;
		}
		memcpy(line, data + p, (size_t)(nl - data - p));
		line[nl - data - p] = 0;
		p = (size_t)(nl - data) + 1;
		if (line[0] != 'T' || line[1] != ' ') {
			err = gred_errorf(e, "bad recorded value header '%.60s'", line);
			break;
		}
		dt = strtol(line + 2, &q, 10);
		nd = strtol(q, &q, 10);
		if (nd < 0 || nd > 64) {
			err = gred_errorf(e, "bad recorded value header '%.60s'", line);
			break;
		}
		for (k = 0; k < nd; k++) {
			dims[k] = strtoll(q, &q, 10);
			count *= dims[k] > 0 ? (size_t)dims[k] : 0;
		}
		nbytes = strtoull(q, &q, 10);
		namelen = strtoull(q, &q, 10);
		if (*q || namelen > len - p || nbytes > len - p - namelen) {
			err = gred_errorf(e, "a recorded value is cut short");
			break;
		}
		key.name = mlirStringRefCreate(data + p, namelen);
		hit = n ? bsearch(&key, byname, n, sizeof(*byname), named_cmp) : NULL;
		if (hit) {
			MlirType t = mlirValueGetType(hit->v), el;

			el = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) :
				(MlirType){NULL};
			if (!mlirTypeIsNull(el) && dtype_is(el, dt) &&
			    count * (mlirTypeIsAFloat(el) ? mlirFloatTypeGetWidth(el) :
			    mlirIntegerTypeGetWidth(el)) / 8 == nbytes) {
				MlirType rt = mlirRankedTensorTypeGet((intptr_t)nd,
					dims, el, mlirAttributeGetNull());

				record_on(mlirOpResultGetOwner(hit->v),
					mlirOpResultGetResultNumber(hit->v),
					mlirDenseElementsAttrRawBufferGet(rt, nbytes,
					data + p + namelen));
				(*out)++;
			}
		}
		p += namelen + nbytes;
	}
	free(byname);
	return err;
}

const pass pass_tail = {"tail", cut_list, tail_change};
const pass pass_head = {"head", cut_list, head_change};
const pass pass_inputs = {"inputs", inputs_list, inputs_change};

int pass_cut(const pass *p)
{
	return p == &pass_tail ? PASS_CUT_TAIL :
		p == &pass_head ? PASS_CUT_HEAD_FEW : PASS_DDMIN;
}

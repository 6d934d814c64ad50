/*
** Cuts of an ONNX graph's node order, as node reducers bisect it: `tail`
** makes an intermediate node's results the graph outputs and deletes
** every node after it; `head` deletes the leading nodes, the tensors
** they made becoming graph inputs.
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
	intptr_t i, nr;

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
	free(gone);
	free(outs);
	free(names);
	return 1;
}

/* Targets [0, end) go; every tensor they made that a later node reads
** becomes a graph input of its static type, under its own name. Graph
** outputs they made and graph inputs only they read go too. */
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
	dropped = 0;
	nargs = mlirBlockGetNumArguments(entry);
	used0 = xmalloc((size_t)(nargs ? nargs : 1) * sizeof(int));
	for (i = 0; i < nargs; i++)
		used0[i] = !mlirOpOperandIsNull(mlirValueGetFirstUse(
			mlirBlockGetArgument(entry, i)));
	from = xmalloc(cap * sizeof(*from));
	to = xmalloc(cap * sizeof(*to));
	for (j = 0; j < end && ok; j++) {
		intptr_t nr = mlirOperationGetNumResults(gone_ops[j]);

		for (i = 0; i < nr && ok; i++) {
			MlirValue r = mlirOperationGetResult(gone_ops[j], i);
			MlirType t;
			char *name;
			MlirStringRef s;

			if (!used_after(r, f, &gone))
				continue;
			t = mlirTypeIsANone(mlirValueGetType(r)) ?
				(MlirType){NULL} : static_type(module, r);
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
			to[nv++] = edit_func_add_arg(f, t,
				mlirOperationGetLocation(gone_ops[j]),
				s.length ? name : NULL);
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
		keep = xmalloc((size_t)mlirBlockGetNumArguments(entry) *
			sizeof(int) + sizeof(int));
		for (i = 0; i < mlirBlockGetNumArguments(entry); i++) {
			MlirValue a = mlirBlockGetArgument(entry, i);
			keep[i] = i >= nargs || !used0[i] ||
				!mlirOpOperandIsNull(mlirValueGetFirstUse(a));
			dropped |= !keep[i];
		}
		if (dropped)
			edit_func_drop_args(f, keep);
		free(keep);
	}
	free(used0);
	free(from);
	free(to);
	free(gone_ops);
	edit_set_free(&gone);
	/* A failed candidate is dropped whole: the module is a clone. */
	return ok;
}

const pass pass_tail = {"tail", cut_list, tail_change};
const pass pass_head = {"head", cut_list, head_change};

int pass_cut(const pass *p)
{
	return p == &pass_tail ? PASS_CUT_TAIL :
		p == &pass_head ? PASS_CUT_HEAD : PASS_DDMIN;
}

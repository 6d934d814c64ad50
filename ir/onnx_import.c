/*
** ONNX ModelProto -> MLIR module in the `onnx` dialect: graphs become
** blocks, nodes generic ops, subgraph attributes regions.
*/
#include <stdlib.h>
#include <string.h>

#include "onnx_internal.h"

/* Subgraphs nest at most this deep. */
#define MAX_DEPTH 64
/* Messages nest at most this deep (protobuf-c unpacks recursively). */
#define MAX_NEST (4 * MAX_DEPTH)

typedef struct importer {
	MlirContext ctx;
	MlirLocation loc;
	gred_error *e;
	int depth;
	const char *dir;  /* where external data locations start */
} importer;

/* The names visible in one graph; lookups fall back to enclosing ones. */
typedef struct scope {
	struct scope *up;
	MlirBlock block;
	onnx_map values;   /* name -> MlirValue.ptr */
	onnx_map types;    /* name -> MlirType.ptr of node outputs */
	MlirValue none;
} scope;

static MlirValue scope_lookup(scope *sc, const char *name)
{
	for (; sc; sc = sc->up) {
		void *p = onnx_map_get(&sc->values, name);
		if (p)
			return (MlirValue){p};
	}
	return (MlirValue){NULL};
}

static void scope_bind(scope *sc, const char *name, MlirValue v)
{
	if (name && *name)
		onnx_map_put(&sc->values, name, (void *)v.ptr);
}

static MlirValue scope_none(importer *im, scope *sc)
{
	if (mlirValueIsNull(sc->none)) {
		MlirOperationState st = mlirOperationStateGet(
			onnx_sref(ONNX_OP_NOVALUE), im->loc);
		MlirType t = mlirNoneTypeGet(im->ctx);
		MlirOperation op;

		mlirOperationStateAddResults(&st, 1, &t);
		op = mlirOperationCreate(&st);
		mlirBlockInsertOwnedOperation(sc->block, 0, op);
		sc->none = mlirOperationGetResult(op, 0);
	}
	return sc->none;
}

static MlirAttribute str_array(MlirContext ctx, char **s, size_t n)
{
	MlirAttribute *v = xmalloc((n + 1) * sizeof(*v)), a;
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = mlirStringAttrGet(ctx, onnx_sref(s[i]));
	a = mlirArrayAttrGet(ctx, (intptr_t)n, v);
	free(v);
	return a;
}

/* The part of vi that its value's MLIR type cannot say: an empty
** dictionary when the type says it all. A type with unknown dims never
** does: the export names such dims afresh (every dim it writes is a
** value or a dim_param), so the file's own spelling is kept. */
static MlirAttribute value_info_extra(MlirContext ctx, Onnx__ValueInfoProto *vi,
	MlirType t)
{
	static const char *const skip_name[] = {"name", NULL};
	Onnx__ValueInfoProto syn = ONNX__VALUE_INFO_PROTO__INIT;
	int same;

	syn.name = vi->name;
	syn.type = onnx_type_export(t);
	same = onnx_reflect_equal(&syn.base, &vi->base) &&
		!(mlirTypeIsARankedTensor(t) && !mlirShapedTypeHasStaticShape(t));
	if (syn.type)
		onnx__type_proto__free_unpacked(syn.type, NULL);
	if (same)
		return mlirDictionaryAttrGet(ctx, 0, NULL);
	return onnx_reflect_to_dict(ctx, &vi->base, skip_name);
}

/* Adds `key = [extras]` to l unless every extra is empty. */
static void add_extras(onnx_alist *l, MlirContext ctx, const char *key,
	MlirAttribute *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (mlirDictionaryAttrGetNumElements(v[i]) > 0)
			break;
	if (i < n)
		onnx_alist_add(l, ctx, key, mlirArrayAttrGet(ctx, (intptr_t)n, v));
}

static int graph_import(importer *im, scope *up, Onnx__GraphProto *g,
	MlirBlock block, onnx_alist *anchor, MlirValue **rets, size_t *nrets);

/* Which value fields of an attribute are present, as bits. */
enum {
	AF_F = 1, AF_I = 2, AF_S = 4, AF_T = 8, AF_G = 16, AF_SPARSE = 32,
	AF_TP = 64, AF_FLOATS = 128, AF_INTS = 256, AF_STRINGS = 512,
	AF_TENSORS = 1024, AF_GRAPHS = 2048, AF_SPARSES = 4096, AF_TPS = 8192
};

static int attr_fields(const Onnx__AttributeProto *a)
{
	return (a->has_f ? AF_F : 0) | (a->has_i ? AF_I : 0) |
		(a->has_s ? AF_S : 0) | (a->t ? AF_T : 0) | (a->g ? AF_G : 0) |
		(a->sparse_tensor ? AF_SPARSE : 0) | (a->tp ? AF_TP : 0) |
		(a->n_floats ? AF_FLOATS : 0) | (a->n_ints ? AF_INTS : 0) |
		(a->n_strings ? AF_STRINGS : 0) | (a->n_tensors ? AF_TENSORS : 0) |
		(a->n_graphs ? AF_GRAPHS : 0) |
		(a->n_sparse_tensors ? AF_SPARSES : 0) |
		(a->n_type_protos ? AF_TPS : 0);
}

/* The fields each attribute type holds in its plain form. */
static int plain_fields(int type)
{
	switch (type) {
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT: return AF_F;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT: return AF_I;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING: return AF_S;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSOR: return AF_T;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH: return AF_G;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS: return AF_FLOATS;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS: return AF_INTS;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRINGS: return AF_STRINGS;
	case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPHS: return AF_GRAPHS;
	default: return -1;
	}
}

/* What a node carries besides operands and results. */
typedef struct node_parts {
	onnx_alist attrs;
	MlirRegion *regions;
	size_t nregions;
	MlirAttribute *region_names;
	char **order;      /* attribute names in proto order */
	size_t norder;
} node_parts;

static int subgraph_import(importer *im, scope *sc, node_parts *np,
	Onnx__GraphProto *g, const char *name)
{
	MlirRegion r = mlirRegionCreate();
	MlirBlock b = mlirBlockCreate(0, NULL, NULL);

	mlirRegionAppendOwnedBlock(r, b);
	np->regions = xrealloc(np->regions, (np->nregions + 1) * sizeof(MlirRegion));
	np->region_names = xrealloc(np->region_names,
		(np->nregions + 1) * sizeof(MlirAttribute));
	np->regions[np->nregions] = r;
	np->region_names[np->nregions++] = mlirStringAttrGet(im->ctx,
		onnx_sref(name));
	return graph_import(im, sc, g, b, NULL, NULL, NULL);
}

static int attr_import(importer *im, scope *sc, node_parts *np,
	Onnx__AttributeProto *a)
{
	static const char *const skip_name[] = {"name", NULL};
	MlirContext ctx = im->ctx;
	MlirAttribute v = mlirAttributeGetNull(), *vs;
	MlirType f32 = mlirF32TypeGet(ctx);
	size_t i;
	int plain = a->has_type && !a->ref_attr_name && !a->doc_string &&
		!a->base.n_unknown_fields &&
		attr_fields(a) == plain_fields(a->type);

	if (!a->name)
		return gred_errorf(im->e, "an attribute has no name");
	np->order = xrealloc(np->order, (np->norder + 1) * sizeof(char *));
	np->order[np->norder++] = a->name;
	if (plain) {
		switch (a->type) {
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT: {
			float back;
			v = mlirFloatAttrDoubleGet(ctx, f32, a->f);
			back = (float)mlirFloatAttrGetValueDouble(v);
			if (memcmp(&back, &a->f, sizeof(float)))
				v = mlirAttributeGetNull();
			break;
		}
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT:
			v = onnx_i64_attr(ctx, a->i);
			break;
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING:
			v = onnx_str_attr(ctx, (const char *)a->s.data, a->s.len);
			break;
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSOR: {
			MlirAttribute extra;
			MlirType t;
			if (onnx_tensor_import(&v, &extra, &t, ctx, a->t, 1,
				    im->dir, im->e) < 0)
				return -1;
			if (mlirAttributeIsADictionary(v)) {
				v = mlirAttributeGetNull();
			} else if (!mlirAttributeIsNull(extra)) {
				char *k = xasprintf(ONNX_A_TENSOR_PREFIX "%s", a->name);
				onnx_alist_add(&np->attrs, ctx, k, extra);
				free(k);
			}
			break;
		}
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH:
			return subgraph_import(im, sc, np, a->g, a->name);
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPHS: {
			char *k = xasprintf("%s[]", a->name);
			int err = 0;
			for (i = 0; i < a->n_graphs && !err; i++)
				err = subgraph_import(im, sc, np, a->graphs[i], k);
			free(k);
			return err;
		}
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS:
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS:
		case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRINGS: {
			size_t n = a->n_floats + a->n_ints + a->n_strings;
			vs = xmalloc(n * sizeof(*vs));
			for (i = 0; i < n; i++) {
				if (a->n_floats) {
					float back;
					vs[i] = mlirFloatAttrDoubleGet(ctx, f32, a->floats[i]);
					back = (float)mlirFloatAttrGetValueDouble(vs[i]);
					if (memcmp(&back, &a->floats[i], sizeof(float)))
						break;
				} else if (a->n_ints) {
					vs[i] = onnx_i64_attr(ctx, a->ints[i]);
				} else {
					vs[i] = onnx_str_attr(ctx,
						(const char *)a->strings[i].data,
						a->strings[i].len);
				}
			}
			if (i == n)
				v = mlirArrayAttrGet(ctx, (intptr_t)n, vs);
			free(vs);
			break;
		}
		default:
			break;
		}
	}
	if (mlirAttributeIsNull(v))
		v = onnx_reflect_to_dict(ctx, &a->base, skip_name);
	onnx_alist_add(&np->attrs, ctx, a->name, v);
	return 0;
}

/* Keeps the proto order of attributes when it is not the sorted one
** the op's dictionary gives back. */
static void attr_order(importer *im, node_parts *np)
{
	size_t i, n = 0;
	char **u = xmalloc((np->norder + 1) * sizeof(char *));
	int sorted = 1;

	for (i = 0; i < np->norder; i++)
		if (!n || strcmp(u[n - 1], np->order[i]))
			u[n++] = np->order[i];
	for (i = 1; i < n; i++)
		if (strcmp(u[i - 1], u[i]) >= 0)
			sorted = 0;
	if (!sorted)
		onnx_alist_add(&np->attrs, im->ctx, ONNX_A_ATTR_ORDER,
			str_array(im->ctx, u, n));
	free(u);
}

/* Imports node n; index >= 0 records its place in the file's list (kept
** when the file listed nodes out of topological order). */
static int node_import(importer *im, scope *sc, Onnx__NodeProto *n,
	long index)
{
	static const char *const skip[] = {"input", "output", "op_type",
		"attribute", NULL};
	node_parts np = {0};
	MlirValue *ins = xmalloc((n->n_input + 1) * sizeof(*ins));
	MlirType *outs = xmalloc((n->n_output + 1) * sizeof(*outs));
	MlirOperationState st;
	MlirOperation op;
	char *opname = NULL;
	size_t i;
	int err = -1;

	if (!n->op_type) {
		gred_errorf(im->e, "a node has no op_type");
		goto done;
	}
	for (i = 0; i < n->n_input; i++) {
		ins[i] = *n->input[i] ? scope_lookup(sc, n->input[i]) :
			scope_none(im, sc);
		if (mlirValueIsNull(ins[i])) {
			gred_errorf(im->e, "node %s (%s): input '%s' is not defined",
				n->name ? n->name : "", n->op_type, n->input[i]);
			goto done;
		}
	}
	for (i = 0; i < n->n_output; i++) {
		void *t = *n->output[i] ? onnx_map_get(&sc->types, n->output[i]) : NULL;
		outs[i] = t ? (MlirType){t} : *n->output[i] ?
			onnx_opaque_type(im->ctx, "unknown") : mlirNoneTypeGet(im->ctx);
	}
	onnx_reflect_spread(&np.attrs, im->ctx, &n->base, skip);
	if (n->n_output)
		onnx_alist_add(&np.attrs, im->ctx, ONNX_A_OUTPUTS,
			str_array(im->ctx, n->output, n->n_output));
	for (i = 0; i < n->n_attribute; i++)
		if (attr_import(im, sc, &np, n->attribute[i]) < 0)
			goto done;
	attr_order(im, &np);
	if (index >= 0)
		onnx_alist_add(&np.attrs, im->ctx, ONNX_A_NODE_INDEX,
			onnx_i64_attr(im->ctx, index));
	if (np.nregions)
		onnx_alist_add(&np.attrs, im->ctx, ONNX_A_REGIONS,
			mlirArrayAttrGet(im->ctx, (intptr_t)np.nregions,
				np.region_names));
	opname = xasprintf("onnx.%s", n->op_type);
	st = mlirOperationStateGet(onnx_sref(opname), im->loc);
	mlirOperationStateAddOperands(&st, (intptr_t)n->n_input, ins);
	mlirOperationStateAddResults(&st, (intptr_t)n->n_output, outs);
	mlirOperationStateAddAttributes(&st, (intptr_t)np.attrs.n, np.attrs.v);
	mlirOperationStateAddOwnedRegions(&st, (intptr_t)np.nregions, np.regions);
	op = mlirOperationCreate(&st);
	np.nregions = 0;
	mlirBlockAppendOwnedOperation(sc->block, op);
	for (i = 0; i < n->n_output; i++)
		scope_bind(sc, n->output[i], mlirOperationGetResult(op, (intptr_t)i));
	err = 0;
done:
	for (i = 0; i < np.nregions; i++)
		mlirRegionDestroy(np.regions[i]);
	free(np.regions);
	free(np.region_names);
	free(np.order);
	onnx_alist_free(&np.attrs);
	free(opname);
	free(ins);
	free(outs);
	return err;
}

static void constant_import(importer *im, scope *sc, const char *name,
	onnx_alist *l, MlirType t)
{
	MlirOperationState st = mlirOperationStateGet(
		onnx_sref(ONNX_OP_CONSTANT), im->loc);
	MlirOperation op;
	char *names[1];

	names[0] = (char *)(name ? name : "");
	onnx_alist_add(l, im->ctx, ONNX_A_OUTPUTS, str_array(im->ctx, names, 1));
	mlirOperationStateAddResults(&st, 1, &t);
	mlirOperationStateAddAttributes(&st, (intptr_t)l->n, l->v);
	op = mlirOperationCreate(&st);
	mlirBlockAppendOwnedOperation(sc->block, op);
	scope_bind(sc, name, mlirOperationGetResult(op, 0));
}

static int initializers_import(importer *im, scope *sc, Onnx__GraphProto *g)
{
	size_t i;

	for (i = 0; i < g->n_initializer; i++) {
		onnx_alist l = {0};
		MlirAttribute v, extra;
		MlirType t;

		if (onnx_tensor_import(&v, &extra, &t, im->ctx, g->initializer[i],
			    0, im->dir, im->e) < 0) {
			onnx_alist_free(&l);
			return -1;
		}
		onnx_alist_add(&l, im->ctx, "value", v);
		if (!mlirAttributeIsNull(extra))
			onnx_alist_add(&l, im->ctx, ONNX_A_TENSOR_PREFIX "value", extra);
		onnx_alist_add(&l, im->ctx, ONNX_A_INIT, mlirUnitAttrGet(im->ctx));
		constant_import(im, sc, g->initializer[i]->name, &l, t);
		onnx_alist_free(&l);
	}
	for (i = 0; i < g->n_sparse_initializer; i++) {
		Onnx__SparseTensorProto *s = g->sparse_initializer[i];
		onnx_alist l = {0};

		onnx_alist_add(&l, im->ctx, "value",
			onnx_reflect_to_dict(im->ctx, &s->base, NULL));
		onnx_alist_add(&l, im->ctx, ONNX_A_SPARSE_INIT,
			mlirUnitAttrGet(im->ctx));
		constant_import(im, sc, s->values ? s->values->name : NULL, &l,
			onnx_opaque_type(im->ctx, "sparse_tensor"));
		onnx_alist_free(&l);
	}
	return 0;
}

/*
** Some converters (fp16 tools among them) list nodes out of topological
** order; ONNX Runtime sorts them, and so does gred: a stable topological
** sort, where of the nodes whose inputs are ready the one listed first
** goes first, so a sorted graph keeps its order. A node depends on the
** nodes of this graph that produce its inputs, and the outer-scope values
** its subgraphs use. Names no node produces (graph inputs, initializers,
** outer values, undefined ones) add nothing here; an undefined one is
** reported as the node is imported.
*/

/* The dependency edges of one graph. */
typedef struct dep_graph {
	onnx_map producer; /* output name -> node index + 1 */
	size_t *from, *to, n, cap;
} dep_graph;

static void dep_add(dep_graph *d, size_t node, const char *name)
{
	void *p = name && *name ? onnx_map_get(&d->producer, name) : NULL;
	size_t from;

	if (!p)
		return;
	from = (size_t)(uintptr_t)p - 1;
	if (from == node)
		return;
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 64;
		d->from = xrealloc(d->from, d->cap * sizeof(*d->from));
		d->to = xrealloc(d->to, d->cap * sizeof(*d->to));
	}
	d->from[d->n] = from;
	d->to[d->n++] = node;
}

static void deps_of_graph(dep_graph *d, size_t node, Onnx__GraphProto *g);

/* Adds the dependencies of node n (number node) on the values it and
** its subgraphs use. */
static void deps_of_node(dep_graph *d, size_t node, Onnx__NodeProto *n)
{
	size_t i, k;

	for (i = 0; i < n->n_input; i++)
		dep_add(d, node, n->input[i]);
	for (i = 0; i < n->n_attribute; i++) {
		Onnx__AttributeProto *a = n->attribute[i];
		if (a->g)
			deps_of_graph(d, node, a->g);
		for (k = 0; k < a->n_graphs; k++)
			deps_of_graph(d, node, a->graphs[k]);
	}
}

/* The values subgraph g takes from outside itself. */
static void deps_of_graph(dep_graph *d, size_t node, Onnx__GraphProto *g)
{
	onnx_map own = {0};
	size_t i, j, k;

	for (i = 0; i < g->n_input; i++)
		if (g->input[i]->name)
			onnx_map_put(&own, g->input[i]->name, &own);
	for (i = 0; i < g->n_initializer; i++)
		if (g->initializer[i]->name)
			onnx_map_put(&own, g->initializer[i]->name, &own);
	for (i = 0; i < g->n_node; i++)
		for (j = 0; j < g->node[i]->n_output; j++)
			onnx_map_put(&own, g->node[i]->output[j], &own);
	for (i = 0; i < g->n_node; i++) {
		Onnx__NodeProto *n = g->node[i];
		for (j = 0; j < n->n_input; j++)
			if (!onnx_map_get(&own, n->input[j]))
				dep_add(d, node, n->input[j]);
		for (j = 0; j < n->n_attribute; j++) {
			Onnx__AttributeProto *a = n->attribute[j];
			if (a->g)
				deps_of_graph(d, node, a->g);
			for (k = 0; k < a->n_graphs; k++)
				deps_of_graph(d, node, a->graphs[k]);
		}
	}
	for (i = 0; i < g->n_output; i++)
		if (g->output[i]->name && !onnx_map_get(&own, g->output[i]->name))
			dep_add(d, node, g->output[i]->name);
	onnx_map_free(&own);
}

/* A min-heap of node indices: the ready node listed first comes out. */
static void heap_push(size_t *h, size_t *n, size_t v)
{
	size_t i = (*n)++;

	while (i && h[(i - 1) / 2] > v) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = v;
}

static size_t heap_pop(size_t *h, size_t *n)
{
	size_t top = h[0], v = h[--*n], i = 0;

	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1] < h[c])
			c++;
		if (h[c] >= v)
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = v;
	return top;
}

/* The order to import g's nodes in (*out, n_node indices); *sorted is
** 1 when that is the file's order. A cycle is an error. */
static int node_order(size_t **out, int *sorted, Onnx__GraphProto *g,
	gred_error *e)
{
	dep_graph d = {0};
	size_t n = g->n_node, i, j, nheap = 0, nout = 0;
	size_t *order = xmalloc((n + 1) * sizeof(*order));
	size_t *indeg, *start, *next, *heap;
	int err = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < g->node[i]->n_output; j++) {
			const char *o = g->node[i]->output[j];
			if (*o && !onnx_map_get(&d.producer, o))
				onnx_map_put(&d.producer, o, (void *)(uintptr_t)(i + 1));
		}
	for (i = 0; i < n; i++)
		deps_of_node(&d, i, g->node[i]);
	*sorted = 1;
	for (i = 0; i < d.n; i++)
		if (d.from[i] > d.to[i])
			*sorted = 0;
	if (*sorted) {
		for (i = 0; i < n; i++)
			order[i] = i;
		goto done;
	}
	/* Kahn's algorithm over the edges grouped by their source. */
	indeg = xcalloc(n + 1, sizeof(*indeg));
	start = xcalloc(n + 2, sizeof(*start));
	next = xmalloc((d.n + 1) * sizeof(*next));
	heap = xmalloc((n + 1) * sizeof(*heap));
	for (i = 0; i < d.n; i++) {
		indeg[d.to[i]]++;
		start[d.from[i] + 1]++;
	}
	for (i = 0; i < n; i++)
		start[i + 1] += start[i];
	{
		size_t *fill = xcalloc(n + 1, sizeof(*fill));
		for (i = 0; i < d.n; i++)
			next[start[d.from[i]] + fill[d.from[i]]++] = d.to[i];
		free(fill);
	}
	for (i = 0; i < n; i++)
		if (!indeg[i])
			heap_push(heap, &nheap, i);
	while (nheap) {
		size_t v = heap_pop(heap, &nheap);
		order[nout++] = v;
		for (j = start[v]; j < start[v + 1]; j++)
			if (--indeg[next[j]] == 0)
				heap_push(heap, &nheap, next[j]);
	}
	if (nout < n) {
		for (i = 0; i < n && !indeg[i]; i++)
			;
		err = gred_errorf(e, "node %s (%s) is in a cycle, or waits on "
			"one: its inputs are never all defined",
			g->node[i]->name ? g->node[i]->name : "",
			g->node[i]->op_type ? g->node[i]->op_type : "");
	}
	free(indeg);
	free(start);
	free(next);
	free(heap);
done:
	onnx_map_free(&d.producer);
	free(d.from);
	free(d.to);
	if (err < 0) {
		free(order);
		return -1;
	}
	*out = order;
	return 0;
}

/* Imports g into block. The main graph (rets != NULL) gives its
** attributes to anchor and its results to *rets; a subgraph ends in
** onnx.Yield, which carries its attributes. */
static int graph_import(importer *im, scope *up, Onnx__GraphProto *g,
	MlirBlock block, onnx_alist *anchor, MlirValue **rets, size_t *nrets)
{
	static const char *const skip[] = {"node", "initializer",
		"sparse_initializer", "input", "output", NULL};
	scope sc = {0};
	onnx_alist own = {0}, *l = anchor ? anchor : &own;
	MlirValue *outs = xmalloc((g->n_output + 1) * sizeof(*outs));
	size_t *order = NULL;
	int sorted = 1;
	MlirAttribute *extras;
	char **names;
	size_t i, n;
	int err = -1;

	if (++im->depth > MAX_DEPTH) {
		gred_errorf(im->e, "subgraphs nest too deep");
		goto done;
	}
	sc.up = up;
	sc.block = block;
	sc.types.by_ptr = 0;
	sc.values.by_ptr = 0;
	n = g->n_input > g->n_output ? g->n_input : g->n_output;
	extras = xmalloc((n + 1) * sizeof(*extras));
	names = xmalloc((n + 1) * sizeof(*names));
	/* Node outputs take the types value_info and the outputs give. */
	for (i = 0; i < g->n_value_info; i++)
		if (g->value_info[i]->name)
			onnx_map_put(&sc.types, g->value_info[i]->name, (void *)
				onnx_type_import(im->ctx, g->value_info[i]->type).ptr);
	for (i = 0; i < g->n_output; i++)
		if (g->output[i]->name)
			onnx_map_put(&sc.types, g->output[i]->name, (void *)
				onnx_type_import(im->ctx, g->output[i]->type).ptr);
	for (i = 0; i < g->n_input; i++) {
		Onnx__ValueInfoProto *vi = g->input[i];
		MlirType t = onnx_type_import(im->ctx, vi->type);
		MlirValue arg = mlirBlockAddArgument(block, t, im->loc);

		scope_bind(&sc, vi->name, arg);
		names[i] = vi->name ? vi->name : "";
		extras[i] = value_info_extra(im->ctx, vi, t);
	}
	onnx_alist_add(l, im->ctx, ONNX_A_INPUT_NAMES,
		str_array(im->ctx, names, g->n_input));
	add_extras(l, im->ctx, ONNX_A_INPUT_INFO, extras, g->n_input);
	if (initializers_import(im, &sc, g) < 0)
		goto free_arrays;
	if (node_order(&order, &sorted, g, im->e) < 0)
		goto free_arrays;
	for (i = 0; i < g->n_node; i++)
		if (node_import(im, &sc, g->node[order[i]],
			    sorted ? -1 : (long)order[i]) < 0)
			goto free_arrays;
	for (i = 0; i < g->n_output; i++) {
		Onnx__ValueInfoProto *vi = g->output[i];
		outs[i] = vi->name ? scope_lookup(&sc, vi->name) : (MlirValue){NULL};
		if (mlirValueIsNull(outs[i])) {
			gred_errorf(im->e, "graph output '%s' is not defined",
				vi->name ? vi->name : "");
			goto free_arrays;
		}
		names[i] = vi->name;
		extras[i] = value_info_extra(im->ctx, vi, mlirValueGetType(outs[i]));
	}
	onnx_alist_add(l, im->ctx, ONNX_A_OUTPUT_NAMES,
		str_array(im->ctx, names, g->n_output));
	add_extras(l, im->ctx, ONNX_A_OUTPUT_INFO, extras, g->n_output);
	onnx_reflect_spread(l, im->ctx, &g->base, skip);
	if (rets) {
		*rets = outs;
		*nrets = g->n_output;
		outs = NULL;
	} else {
		MlirOperationState st = mlirOperationStateGet(
			onnx_sref(ONNX_OP_YIELD), im->loc);
		mlirOperationStateAddOperands(&st, (intptr_t)g->n_output, outs);
		mlirOperationStateAddAttributes(&st, (intptr_t)l->n, l->v);
		mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&st));
	}
	err = 0;
free_arrays:
	free(order);
	free(extras);
	free(names);
done:
	im->depth--;
	free(outs);
	onnx_alist_free(&own);
	onnx_map_free(&sc.values);
	onnx_map_free(&sc.types);
	return err;
}

static int main_graph_import(importer *im, MlirBlock body, Onnx__GraphProto *g)
{
	MlirRegion r = mlirRegionCreate();
	MlirBlock b = mlirBlockCreate(0, NULL, NULL);
	onnx_alist l = {0};
	MlirValue *rets = NULL;
	size_t nrets = 0, i;
	MlirType *ins, *outs, ft;
	MlirOperationState st;
	intptr_t nargs;
	int err = -1;

	mlirRegionAppendOwnedBlock(r, b);
	if (graph_import(im, NULL, g, b, &l, &rets, &nrets) < 0) {
		mlirRegionDestroy(r);
		goto done;
	}
	st = mlirOperationStateGet(onnx_sref("func.return"), im->loc);
	mlirOperationStateAddOperands(&st, (intptr_t)nrets, rets);
	mlirBlockAppendOwnedOperation(b, mlirOperationCreate(&st));
	nargs = mlirBlockGetNumArguments(b);
	ins = xmalloc(((size_t)nargs + 1) * sizeof(*ins));
	outs = xmalloc((nrets + 1) * sizeof(*outs));
	for (i = 0; i < (size_t)nargs; i++)
		ins[i] = mlirValueGetType(mlirBlockGetArgument(b, (intptr_t)i));
	for (i = 0; i < nrets; i++)
		outs[i] = mlirValueGetType(rets[i]);
	ft = mlirFunctionTypeGet(im->ctx, nargs, ins, (intptr_t)nrets, outs);
	free(ins);
	free(outs);
	onnx_alist_add(&l, im->ctx, "sym_name",
		mlirStringAttrGet(im->ctx, onnx_sref("main_graph")));
	onnx_alist_add(&l, im->ctx, "function_type", mlirTypeAttrGet(ft));
	st = mlirOperationStateGet(onnx_sref("func.func"), im->loc);
	mlirOperationStateAddAttributes(&st, (intptr_t)l.n, l.v);
	mlirOperationStateAddOwnedRegions(&st, 1, &r);
	mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&st));
	err = 0;
done:
	free(rets);
	onnx_alist_free(&l);
	return err;
}

static int read_varint(const uint8_t *p, size_t end, size_t *i, uint64_t *v)
{
	int shift;

	*v = 0;
	for (shift = 0; shift < 64 && *i < end; shift += 7) {
		uint8_t b = p[(*i)++];
		*v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return 1;
	}
	return 0;
}

/* Whether the messages in p nest at most MAX_NEST deep. Only the field
** layout is walked, guided by the descriptors; anything malformed is left
** for protobuf-c to reject. */
static int nesting_ok(const uint8_t *p, size_t len)
{
	struct {
		size_t end;
		const ProtobufCMessageDescriptor *d;
	} st[MAX_NEST];
	int top = 0;
	size_t i = 0;
	uint64_t tag, n;

	st[0].end = len;
	st[0].d = &onnx__model_proto__descriptor;
	while (top >= 0) {
		const ProtobufCFieldDescriptor *f;
		if (i >= st[top].end) {
			top--;
			continue;
		}
		if (!read_varint(p, st[top].end, &i, &tag))
			return 1;
		switch (tag & 7) {
		case 0:
			if (!read_varint(p, st[top].end, &i, &n))
				return 1;
			break;
		case 1: i += 8; break;
		case 5: i += 4; break;
		case 2:
			if (!read_varint(p, st[top].end, &i, &n) ||
			    n > st[top].end - i)
				return 1;
			f = protobuf_c_message_descriptor_get_field(st[top].d,
				(unsigned)(tag >> 3));
			if (f && f->type == PROTOBUF_C_TYPE_MESSAGE) {
				if (top + 1 >= MAX_NEST)
					return 0;
				top++;
				st[top].end = i + n;
				st[top].d = f->descriptor;
			} else {
				i += n;
			}
			break;
		default:
			return 1;
		}
	}
	return 1;
}

/* Adds each external data location of g's tensors (initializers and
** tensor attributes, subgraphs included) to sides, once. */
static void sides_collect(onnx_side_files *sides, const Onnx__GraphProto *g)
{
	size_t i, j, k;

	for (i = 0; i < g->n_initializer; i++) {
		const Onnx__TensorProto *t = g->initializer[i];
		if (!t->has_data_location || t->data_location !=
		    ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL)
			continue;
		for (j = 0; j < t->n_external_data; j++) {
			const char *v = t->external_data[j]->value;
			if (!t->external_data[j]->key || !v ||
			    strcmp(t->external_data[j]->key, "location"))
				continue;
			for (k = 0; k < sides->n && strcmp(sides->v[k], v); k++)
				;
			if (k == sides->n) {
				sides->v = xrealloc(sides->v,
					(sides->n + 1) * sizeof(*sides->v));
				sides->v[sides->n++] = xstrdup(v);
			}
		}
	}
	for (i = 0; i < g->n_node; i++)
		for (j = 0; j < g->node[i]->n_attribute; j++) {
			const Onnx__AttributeProto *a = g->node[i]->attribute[j];
			if (a->g)
				sides_collect(sides, a->g);
			for (k = 0; k < a->n_graphs; k++)
				sides_collect(sides, a->graphs[k]);
			if (a->t) {
				Onnx__GraphProto one = ONNX__GRAPH_PROTO__INIT;
				Onnx__TensorProto *t = a->t;
				one.n_initializer = 1;
				one.initializer = &t;
				sides_collect(sides, &one);
			}
		}
}

void onnx_side_files_free(onnx_side_files *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

int onnx_import(MlirOperation *out, MlirContext ctx, const void *data,
	size_t len, const char *name, gred_error *e)
{
	return onnx_import_sides(out, NULL, ctx, data, len, name, e);
}

int onnx_import_sides(MlirOperation *out, onnx_side_files *sides,
	MlirContext ctx, const void *data, size_t len, const char *name,
	gred_error *e)
{
	char *dir;
	int err;

	static const char *const skip[] = {"graph", NULL};
	importer im = {0};
	Onnx__ModelProto *m;
	MlirModule mod;
	MlirOperation op;
	onnx_alist l = {0};
	size_t i;

	if (len == 0)
		return gred_errorf(e, "empty file, not an ONNX model");
	if (!nesting_ok(data, len))
		return gred_errorf(e, "not an ONNX model gred can read "
			"(messages nest more than %d deep)", MAX_NEST);
	m = onnx__model_proto__unpack(NULL, len, data);
	if (!m)
		return gred_errorf(e, "not an ONNX model (bad protobuf)");
	if (!m->graph || !m->has_ir_version) {
		const char *what = m->graph ? "ir_version" : "graph";
		onnx__model_proto__free_unpacked(m, NULL);
		return gred_errorf(e, "not an ONNX model (no %s)", what);
	}
	im.ctx = ctx;
	/* func.func must be the registered op, not an unknown one. */
	mlirContextGetOrLoadDialect(ctx, onnx_sref("func"));
	im.loc = mlirLocationUnknownGet(ctx);
	im.e = e;
	im.dir = dir = onnx_external_dir(name);
	mod = mlirModuleCreateEmpty(im.loc);
	op = mlirModuleGetOperation(mod);
	err = main_graph_import(&im, mlirModuleGetBody(mod), m->graph);
	free(dir);
	if (err < 0) {
		mlirModuleDestroy(mod);
		onnx__model_proto__free_unpacked(m, NULL);
		return -1;
	}
	if (sides)
		sides_collect(sides, m->graph);
	onnx_reflect_spread(&l, ctx, &m->base, skip);
	for (i = 0; i < l.n; i++)
		mlirOperationSetAttributeByName(op,
			mlirIdentifierStr(l.v[i].name), l.v[i].attribute);
	onnx_alist_free(&l);
	onnx__model_proto__free_unpacked(m, NULL);
	*out = op;
	return 0;
}

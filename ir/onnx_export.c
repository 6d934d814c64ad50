/*
** MLIR module in the `onnx` dialect -> ONNX ModelProto, also after a
** reducer changed it: unnamed or clashing values get fresh names.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlir_io.h"
#include "onnx_internal.h"

typedef struct exporter {
	onnx_map names;  /* MlirValue.ptr -> name */
	onnx_map used;   /* name -> USED_ARG or USED_VALUE */
	onnx_map byname; /* name -> MlirValue.ptr, for value_info */
	char **owned;
	size_t nowned;
	unsigned fresh;
	unsigned fresh_dim; /* unk__N dim_params given */
	gred_error *e;
	MlirContext ctx;
	onnx_tensor_sink sink; /* deferred raw data, tensors in side files */
} exporter;

#define NULL_OP ((MlirOperation){NULL})
#define USED_ARG ((void *)1)
#define USED_VALUE ((void *)2)

static char *own(exporter *x, char *s)
{
	x->owned = xrealloc(x->owned, (x->nowned + 1) * sizeof(char *));
	x->owned[x->nowned++] = s;
	return s;
}

static int has_uses(MlirValue v)
{
	return !mlirOpOperandIsNull(mlirValueGetFirstUse(v));
}

/* Names v: want if given and free (an initializer may share its name
** with a graph input, as old models do), else a fresh name. */
static const char *bind(exporter *x, MlirValue v, MlirStringRef want,
	void *kind)
{
	char *name = NULL;
	void *prev;

	if (want.length == 0 && !has_uses(v)) {
		onnx_map_put(&x->names, v.ptr, own(x, xstrdup("")));
		return "";
	}
	if (want.length && !memchr(want.data, 0, want.length)) {
		name = ir_strdup(want);
		prev = onnx_map_get(&x->used, name);
		if (prev) {
			free(name);
			name = NULL;
		}
	}
	while (!name) {
		name = xasprintf("gred_%u", x->fresh++);
		if (onnx_map_get(&x->used, name)) {
			free(name);
			name = NULL;
		}
	}
	own(x, name);
	onnx_map_put(&x->used, name, kind);
	onnx_map_put(&x->names, v.ptr, name);
	onnx_map_put(&x->byname, name, (void *)v.ptr);
	return name;
}

/* Names an initializer, which may reuse the name of a graph input. */
static const char *bind_init(exporter *x, MlirValue v, MlirStringRef want)
{
	char *name = want.length ? ir_strdup(want) : NULL;
	const char *r;

	if (name && onnx_map_get(&x->used, name) == USED_ARG) {
		own(x, name);
		onnx_map_put(&x->used, name, USED_VALUE);
		onnx_map_put(&x->names, v.ptr, name);
		onnx_map_put(&x->byname, name, (void *)v.ptr);
		return name;
	}
	free(name);
	r = bind(x, v, want, USED_VALUE);
	return r;
}

/* The i-th string of an array attribute when the array has n entries. */
static MlirStringRef array_str(MlirAttribute a, intptr_t i, intptr_t n)
{
	MlirStringRef s = {"", 0};

	if (!mlirAttributeIsNull(a) && mlirAttributeIsAArray(a) &&
	    mlirArrayAttrGetNumElements(a) == n)
		onnx_attr_str(mlirArrayAttrGetElement(a, i), &s);
	return s;
}

static char *sdup(MlirStringRef s)
{
	return ir_strdup(s);
}

#define APPEND(arr, n, v) do { \
	(arr) = xrealloc((arr), ((n) + 1) * sizeof(*(arr))); \
	(arr)[(n)++] = (v); \
} while (0)

/* Drops the shape of a tensor type whose dims are not all values or
** dim_params: a shape without them says nothing, and ONNX tools reject
** dims that have neither. */
static void shape_drop_unknown(Onnx__TypeProto *tp)
{
	Onnx__TensorShapeProto *sh;
	size_t i;

	if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE ||
	    !tp->tensor_type || !(sh = tp->tensor_type->shape))
		return;
	for (i = 0; i < sh->n_dim; i++)
		if (sh->dim[i]->value_case ==
		    ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE__NOT_SET)
			break;
	if (i == sh->n_dim)
		return;
	onnx__tensor_shape_proto__free_unpacked(sh, NULL);
	tp->tensor_type->shape = NULL;
}

static Onnx__TensorShapeProto *shape_of(const Onnx__TypeProto *tp)
{
	return tp && tp->value_case == ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE &&
		tp->tensor_type ? tp->tensor_type->shape : NULL;
}

/* Gives the dims of tp without a value the dim_param the stored type
** old had at the same place, if it has the same rank: a reducer that
** shrank the other dims of a graph input keeps its symbolic batch. */
static void shape_keep_params(Onnx__TypeProto *tp, const Onnx__TypeProto *old)
{
	Onnx__TensorShapeProto *sh = shape_of(tp), *was = shape_of(old);
	size_t i;

	if (!sh || !was || sh->n_dim != was->n_dim)
		return;
	for (i = 0; i < sh->n_dim; i++) {
		Onnx__TensorShapeProto__Dimension *d = sh->dim[i], *w = was->dim[i];

		if (d->value_case !=
		    ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE__NOT_SET ||
		    w->value_case !=
		    ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM ||
		    !w->dim_param)
			continue;
		d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
		d->dim_param = xstrdup(w->dim_param);
	}
}

/* Names the dims of tp that are still neither a value nor a dim_param
** unk__N, as onnx.shape_inference names the dims it cannot know: a
** graph input or output needs a shape (onnx.checker), and every dim of
** one is a value or a dim_param. *fresh counts the names given. */
static void shape_name_unknown(Onnx__TypeProto *tp, unsigned *fresh)
{
	Onnx__TensorShapeProto *sh = shape_of(tp);
	size_t i;

	for (i = 0; sh && i < sh->n_dim; i++) {
		Onnx__TensorShapeProto__Dimension *d = sh->dim[i];
		char buf[32];

		if (d->value_case !=
		    ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE__NOT_SET)
			continue;
		snprintf(buf, sizeof(buf), "unk__%u", (*fresh)++);
		d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
		d->dim_param = xstrdup(buf);
	}
}

/* A graph input's or output's ValueInfoProto named name for a value of
** type t: the stored extra (a dictionary from onnx.*_info) while it
** still describes t, else one made from t. One made because the stored
** one no longer fits (a reducer changed the type) keeps the stored
** dim_params of the dims t leaves unknown; other unknown dims get fresh
** dim_params (see shape_name_unknown). */
static int value_info(Onnx__ValueInfoProto **out, const char *name,
	MlirType t, MlirAttribute extra, unsigned *fresh_dim, gred_error *e)
{
	Onnx__ValueInfoProto *vi = (Onnx__ValueInfoProto *)onnx_reflect_new(
		&onnx__value_info_proto__descriptor);

	*out = vi;
	if (!mlirAttributeIsNull(extra) && mlirAttributeIsADictionary(extra) &&
	    mlirDictionaryAttrGetNumElements(extra) > 0) {
		if (onnx_reflect_from_dict(&vi->base, extra, e) < 0)
			return -1;
		if (mlirTypeEqual(onnx_type_import(mlirTypeGetContext(t),
				vi->type), t)) {
			free(vi->name);
			vi->name = xstrdup(name);
			return 0;
		}
		{
			Onnx__ValueInfoProto *was = vi;

			vi = (Onnx__ValueInfoProto *)onnx_reflect_new(
				&onnx__value_info_proto__descriptor);
			*out = vi;
			vi->name = xstrdup(name);
			vi->type = onnx_type_export(t);
			shape_keep_params(vi->type, was->type);
			shape_name_unknown(vi->type, fresh_dim);
			onnx__value_info_proto__free_unpacked(was, NULL);
		}
		return 0;
	}
	vi->name = xstrdup(name);
	vi->type = onnx_type_export(t);
	shape_name_unknown(vi->type, fresh_dim);
	return 0;
}

static MlirAttribute array_at(MlirAttribute a, intptr_t i, intptr_t n)
{
	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ||
	    mlirArrayAttrGetNumElements(a) != n)
		return mlirAttributeGetNull();
	return mlirArrayAttrGetElement(a, i);
}

static int op_is(MlirOperation op, const char *name)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
	return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

static int graph_export(exporter *x, MlirBlock block, MlirOperation anchor,
	Onnx__GraphProto *g);

/* A copy of s as a protobuf bytes field. */
static ProtobufCBinaryData bytes_of(MlirStringRef s)
{
	ProtobufCBinaryData b;

	b.data = xmalloc(s.length + 1);
	if (s.length)
		memcpy(b.data, s.data, s.length);
	b.len = s.length;
	return b;
}

/* FLOAT, INT (bools too) and STRING attributes; 0 if v is none of them. */
static int attr_export_scalar(Onnx__AttributeProto *p, MlirAttribute v)
{
	if (mlirAttributeIsAFloat(v)) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT;
		p->has_f = 1;
		p->f = (float)mlirFloatAttrGetValueDouble(v);
	} else if (mlirAttributeIsABool(v)) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
		p->has_i = 1;
		p->i = mlirBoolAttrGetValue(v);
	} else if (mlirAttributeIsAInteger(v)) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
		p->has_i = 1;
		p->i = mlirIntegerAttrGetValueInt(v);
	} else if (mlirAttributeIsAString(v)) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING;
		p->has_s = 1;
		p->s = bytes_of(onnx_str_value(v));
	} else {
		return 0;
	}
	return 1;
}

/* INTS and FLOATS held as dense arrays; 0 if v is neither. */
static int attr_export_dense_array(Onnx__AttributeProto *p, MlirAttribute v)
{
	intptr_t i, n;

	if (mlirAttributeIsADenseI64Array(v)) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS;
		n = mlirDenseArrayGetNumElements(v);
		p->ints = xmalloc(((size_t)n + 1) * sizeof(int64_t));
		for (i = 0; i < n; i++)
			p->ints[i] = mlirDenseI64ArrayGetElement(v, i);
		p->n_ints = (size_t)n;
	} else if (mlirAttributeIsADenseF32Array(v)) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS;
		n = mlirDenseArrayGetNumElements(v);
		p->floats = xmalloc(((size_t)n + 1) * sizeof(float));
		for (i = 0; i < n; i++)
			p->floats[i] = mlirDenseF32ArrayGetElement(v, i);
		p->n_floats = (size_t)n;
	} else {
		return 0;
	}
	return 1;
}

/* An array attribute as STRINGS, FLOATS (any float among ints makes
** them all floats) or INTS. */
static int attr_export_list(Onnx__AttributeProto *p, MlirAttribute v,
	const char *name, gred_error *e)
{
	intptr_t i, n = mlirArrayAttrGetNumElements(v);
	int floats = 0, strs = 0, ints = 0;

	for (i = 0; i < n; i++) {
		MlirAttribute el = mlirArrayAttrGetElement(v, i);
		if (mlirAttributeIsAFloat(el)) floats++;
		else if (mlirAttributeIsAInteger(el)) ints++;
		else if (mlirAttributeIsAString(el)) strs++;
		else
			return gred_errorf(e, "attribute %s: unsupported list",
				name);
	}
	if (strs && (floats || ints))
		return gred_errorf(e, "attribute %s: mixed list", name);
	if (strs) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRINGS;
		p->strings = xcalloc((size_t)n + 1, sizeof(*p->strings));
		for (i = 0; i < n; i++) {
			p->strings[i] = bytes_of(onnx_str_value(
				mlirArrayAttrGetElement(v, i)));
			p->n_strings = (size_t)i + 1;
		}
	} else if (floats) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS;
		p->floats = xmalloc(((size_t)n + 1) * sizeof(float));
		for (i = 0; i < n; i++) {
			MlirAttribute el = mlirArrayAttrGetElement(v, i);
			p->floats[i] = mlirAttributeIsAFloat(el) ?
				(float)mlirFloatAttrGetValueDouble(el) :
				(float)mlirIntegerAttrGetValueInt(el);
		}
		p->n_floats = (size_t)n;
	} else {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS;
		p->ints = xmalloc(((size_t)n + 1) * sizeof(int64_t));
		for (i = 0; i < n; i++)
			p->ints[i] = mlirIntegerAttrGetValueInt(
				mlirArrayAttrGetElement(v, i));
		p->n_ints = (size_t)n;
	}
	return 0;
}

/* Attribute name = v of op as the AttributeProto p: a dictionary is a
** proto kept whole, else v's kind says the attribute type. */
static int attr_export(exporter *x, Onnx__AttributeProto *p, MlirOperation op,
	const char *name, MlirAttribute v)
{
	gred_error *e = x->e;

	if (mlirAttributeIsADictionary(v))
		return onnx_reflect_from_dict(&p->base, v, e);
	p->has_type = 1;
	if (attr_export_scalar(p, v) || attr_export_dense_array(p, v))
		return 0;
	if (mlirAttributeIsAElements(v)) {
		char *k = xasprintf(ONNX_A_TENSOR_PREFIX "%s", name);
		MlirAttribute extra = onnx_op_attr(op, k);
		free(k);
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSOR;
		return onnx_tensor_export(&p->t, v, extra, &x->sink, e);
	}
	if (mlirAttributeIsAArray(v))
		return attr_export_list(p, v, name, e);
	if (mlirAttributeIsAType(v)) {
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TYPE_PROTO;
		p->tp = onnx_type_export(mlirTypeAttrGetValue(v));
		if (!p->tp)
			return gred_errorf(e, "attribute %s: no ONNX type", name);
		return 0;
	}
	return gred_errorf(e, "attribute %s has no ONNX form", name);
}

/* One attribute or subgraph of a node, in export order. */
typedef struct attr_item {
	char *name;       /* ONNX attribute name */
	MlirAttribute a;  /* null for a region */
	intptr_t region;
	int graphs;       /* part of a GRAPHS list */
} attr_item;

static int item_cmp(const void *a, const void *b)
{
	const attr_item *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->region > y->region) - (x->region < y->region);
}

/* The node's attributes and regions, in the stored order if any, else
** sorted by name as the op's dictionary keeps them. */
static size_t attr_items(attr_item **out, MlirOperation op)
{
	intptr_t i, na = mlirOperationGetNumAttributes(op);
	intptr_t nr = mlirOperationGetNumRegions(op);
	MlirAttribute rnames = onnx_op_attr(op, ONNX_A_REGIONS);
	MlirAttribute order = onnx_op_attr(op, ONNX_A_ATTR_ORDER);
	attr_item *it = xcalloc((size_t)(na + nr) + 1, sizeof(*it));
	size_t n = 0, k, j, placed = 0;

	for (i = 0; i < na; i++) {
		MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
		MlirStringRef s = mlirIdentifierStr(a.name);
		if (s.length >= 5 && !memcmp(s.data, "onnx.", 5))
			continue;
		it[n].name = sdup(s);
		it[n].a = a.attribute;
		it[n++].region = -1;
	}
	for (i = 0; i < nr; i++) {
		MlirStringRef s = array_str(rnames, i, nr);
		it[n].a = mlirAttributeGetNull();
		it[n].region = i;
		if (s.length > 2 && !memcmp(s.data + s.length - 2, "[]", 2)) {
			it[n].graphs = 1;
			s.length -= 2;
		}
		it[n++].name = s.length ? sdup(s) : xasprintf("graph%ld", (long)i);
	}
	qsort(it, n, sizeof(*it), item_cmp);
	if (!mlirAttributeIsNull(order) && mlirAttributeIsAArray(order)) {
		/* Move the listed names to the front, in the listed order. */
		for (k = 0; k < (size_t)mlirArrayAttrGetNumElements(order); k++) {
			MlirStringRef s = array_str(order, (intptr_t)k,
				mlirArrayAttrGetNumElements(order));
			for (j = placed; j < n; j++) {
				if (strlen(it[j].name) == s.length &&
				    !memcmp(it[j].name, s.data, s.length)) {
					attr_item t = it[j];
					memmove(it + placed + 1, it + placed,
						(j - placed) * sizeof(*it));
					it[placed++] = t;
				}
			}
		}
	}
	*out = it;
	return n;
}

static int node_export(exporter *x, MlirOperation op, Onnx__NodeProto *n)
{
	static const char *const skip[] = {"input", "output", "op_type",
		"attribute", NULL};
	MlirAttribute outs = onnx_op_attr(op, ONNX_A_OUTPUTS);
	intptr_t i, nin = mlirOperationGetNumOperands(op);
	intptr_t nout = mlirOperationGetNumResults(op);
	attr_item *it = NULL;
	size_t nit, k;
	char *opname = onnx_op_name(op);
	int err = -1;

	if (strncmp(opname, "onnx.", 5)) {
		gred_errorf(x->e, "cannot export op %s to ONNX", opname);
		goto done;
	}
	n->op_type = xstrdup(opname + 5);
	if (onnx_reflect_gather(&n->base, op, skip, x->e) < 0)
		goto done;
	n->input = xcalloc((size_t)nin + 1, sizeof(char *));
	for (i = 0; i < nin; i++) {
		const char *name = onnx_map_get(&x->names,
			mlirOperationGetOperand(op, i).ptr);
		if (!name) {
			gred_errorf(x->e, "op %s uses a value defined after it or "
				"outside the graph", opname);
			goto done;
		}
		n->input[i] = xstrdup(name);
		n->n_input = (size_t)i + 1;
	}
	nit = attr_items(&it, op);
	for (k = 0; k < nit; k++) {
		Onnx__AttributeProto *p;
		if (it[k].region >= 0 && it[k].graphs && k > 0 &&
		    it[k - 1].graphs && !strcmp(it[k - 1].name, it[k].name)) {
			p = n->attribute[n->n_attribute - 1];
		} else {
			p = (Onnx__AttributeProto *)onnx_reflect_new(
				&onnx__attribute_proto__descriptor);
			APPEND(n->attribute, n->n_attribute, p);
			p->name = xstrdup(it[k].name);
		}
		if (it[k].region >= 0) {
			MlirBlock b = mlirRegionGetFirstBlock(
				mlirOperationGetRegion(op, it[k].region));
			Onnx__GraphProto *g = (Onnx__GraphProto *)onnx_reflect_new(
				&onnx__graph_proto__descriptor);
			p->has_type = 1;
			if (it[k].graphs) {
				p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPHS;
				APPEND(p->graphs, p->n_graphs, g);
			} else {
				p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH;
				p->g = g;
			}
			if (!mlirBlockIsNull(b) && graph_export(x, b,
				    NULL_OP, g) < 0)
				goto done;
		} else if (attr_export(x, p, op, it[k].name, it[k].a) < 0) {
			goto done;
		}
	}
	n->output = xcalloc((size_t)nout + 1, sizeof(char *));
	for (i = 0; i < nout; i++) {
		const char *name = bind(x, mlirOperationGetResult(op, i),
			array_str(outs, i, nout), USED_VALUE);
		n->output[i] = xstrdup(name);
		n->n_output = (size_t)i + 1;
	}
	err = 0;
done:
	for (k = 0; it && it[k].name; k++)
		free(it[k].name);
	free(it);
	free(opname);
	return err;
}

static int initializer_export(exporter *x, MlirOperation op,
	Onnx__GraphProto *g)
{
	MlirValue r = mlirOperationGetResult(op, 0);
	MlirAttribute v = onnx_op_attr(op, "value");
	const char *name = bind_init(x, r, array_str(
		onnx_op_attr(op, ONNX_A_OUTPUTS), 0, 1));
	Onnx__TensorProto *t = NULL;

	if (mlirAttributeIsNull(v))
		return gred_errorf(x->e, "an initializer has no value");
	if (!mlirAttributeIsNull(onnx_op_attr(op, ONNX_A_SPARSE_INIT))) {
		Onnx__SparseTensorProto *s = (Onnx__SparseTensorProto *)onnx_reflect_new(
			&onnx__sparse_tensor_proto__descriptor);
		APPEND(g->sparse_initializer, g->n_sparse_initializer, s);
		if (onnx_reflect_from_dict(&s->base, v, x->e) < 0)
			return -1;
		if (s->values) {
			free(s->values->name);
			s->values->name = xstrdup(name);
		}
		return 0;
	}
	if (onnx_tensor_export(&t, v, onnx_op_attr(op,
		    ONNX_A_TENSOR_PREFIX "value"), &x->sink, x->e) < 0) {
		onnx__tensor_proto__free_unpacked(t, NULL);
		return -1;
	}
	APPEND(g->initializer, g->n_initializer, t);
	free(t->name);
	t->name = xstrdup(name);
	return 0;
}

/* Drops the value_info entries that name no value of the model as it is
** now (values a reducer deleted): the export writes nothing the graph
** does not refer to. */
static void value_info_prune(exporter *x, Onnx__GraphProto *g)
{
	size_t i, n = 0;

	for (i = 0; i < g->n_value_info; i++) {
		Onnx__ValueInfoProto *vi = g->value_info[i];

		if (vi->name && onnx_map_get(&x->byname, vi->name))
			g->value_info[n++] = vi;
		else
			onnx__value_info_proto__free_unpacked(vi, NULL);
	}
	g->n_value_info = n;
}

/* value_info entries stay as stored unless the value they name now has
** another type; those of deleted values go. */
static int value_info_update(exporter *x, Onnx__GraphProto *g, MlirContext ctx)
{
	size_t i;

	value_info_prune(x, g);
	for (i = 0; i < g->n_value_info; i++) {
		Onnx__ValueInfoProto *vi = g->value_info[i];
		void *p = vi->name ? onnx_map_get(&x->byname, vi->name) : NULL;
		MlirType t;

		if (!p)
			continue;
		t = mlirValueGetType((MlirValue){p});
		if (mlirTypeEqual(onnx_type_import(ctx, vi->type), t))
			continue;
		{
			Onnx__TypeProto *was = vi->type;

			vi->type = onnx_type_export(t);
			shape_keep_params(vi->type, was);
			shape_drop_unknown(vi->type);
			if (was)
				onnx__type_proto__free_unpacked(was, NULL);
		}
	}
	return 0;
}

/* A graph imported out of topological order (see onnx_import.c) goes
** back in the file's order when its nodes are the file's: each carries
** its index, and they are 0..n-1. A graph that lost or gained nodes stays
** in topological order, which every ONNX checker wants. */
static void file_order(Onnx__GraphProto *g, const int64_t *index)
{
	Onnx__NodeProto **v;
	size_t i, n = g->n_node;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		if (index[i] < 0 || (uint64_t)index[i] >= n)
			return;
	v = xcalloc(n + 1, sizeof(*v));
	for (i = 0; i < n; i++) {
		if (v[index[i]]) {
			free(v);
			return;
		}
		v[index[i]] = g->node[i];
	}
	memcpy(g->node, v, n * sizeof(*v));
	free(v);
}

/* Exports block into g. anchor holds the graph's attributes (the main
** function); a null anchor means the block's onnx.Yield holds them. */
static int graph_export(exporter *x, MlirBlock block, MlirOperation anchor,
	Onnx__GraphProto *g)
{
	static const char *const skip[] = {"node", "initializer",
		"sparse_initializer", "input", "output", NULL};
	intptr_t i, nargs = mlirBlockGetNumArguments(block), nret = 0;
	MlirOperation op, term = NULL_OP;
	MlirAttribute names, info;
	int64_t *file_index = NULL;

	for (op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op))
		term = op;
	if (!mlirOperationIsNull(term) && !op_is(term, "func.return") &&
	    !op_is(term, ONNX_OP_YIELD))
		term = NULL_OP;
	if (mlirOperationIsNull(anchor))
		anchor = term;
	if (!mlirOperationIsNull(anchor) &&
	    onnx_reflect_gather(&g->base, anchor, skip, x->e) < 0)
		return -1;
	names = mlirOperationIsNull(anchor) ? mlirAttributeGetNull() :
		onnx_op_attr(anchor, ONNX_A_INPUT_NAMES);
	info = mlirOperationIsNull(anchor) ? mlirAttributeGetNull() :
		onnx_op_attr(anchor, ONNX_A_INPUT_INFO);
	for (i = 0; i < nargs; i++) {
		MlirValue a = mlirBlockGetArgument(block, i);
		MlirStringRef want = array_str(names, i, nargs);
		const char *name = bind(x, a, want.length ? want :
			mlirStringRefCreate("input", 5), USED_ARG);
		Onnx__ValueInfoProto *vi = NULL;
		int err = value_info(&vi, name, mlirValueGetType(a),
			array_at(info, i, nargs), &x->fresh_dim, x->e);
		APPEND(g->input, g->n_input, vi);
		if (err < 0)
			return -1;
	}
	for (op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op)) {
		if (mlirOperationEqual(op, term))
			break;
		if (op_is(op, ONNX_OP_NOVALUE)) {
			onnx_map_put(&x->names, mlirOperationGetResult(op, 0).ptr, "");
			continue;
		}
		if (op_is(op, ONNX_OP_CONSTANT) &&
		    mlirOperationGetNumResults(op) == 1 &&
		    (!mlirAttributeIsNull(onnx_op_attr(op, ONNX_A_INIT)) ||
		     !mlirAttributeIsNull(onnx_op_attr(op, ONNX_A_SPARSE_INIT)))) {
			if (initializer_export(x, op, g) < 0)
				return -1;
			continue;
		}
		{
			Onnx__NodeProto *n = (Onnx__NodeProto *)onnx_reflect_new(
				&onnx__node_proto__descriptor);
			MlirAttribute ix = onnx_op_attr(op, ONNX_A_NODE_INDEX);
			APPEND(g->node, g->n_node, n);
			if (node_export(x, op, n) < 0) {
				free(file_index);
				return -1;
			}
			file_index = xrealloc(file_index,
				g->n_node * sizeof(*file_index));
			file_index[g->n_node - 1] =
				!mlirAttributeIsNull(ix) && mlirAttributeIsAInteger(ix) ?
				mlirIntegerAttrGetValueInt(ix) : -1;
		}
	}
	file_order(g, file_index);
	free(file_index);
	if (!mlirOperationIsNull(term)) {
		nret = mlirOperationGetNumOperands(term);
		names = mlirOperationIsNull(anchor) ? mlirAttributeGetNull() :
			onnx_op_attr(anchor, ONNX_A_OUTPUT_NAMES);
		info = mlirOperationIsNull(anchor) ? mlirAttributeGetNull() :
			onnx_op_attr(anchor, ONNX_A_OUTPUT_INFO);
	}
	for (i = 0; i < nret; i++) {
		MlirValue v = mlirOperationGetOperand(term, i);
		const char *name = onnx_map_get(&x->names, v.ptr);
		Onnx__ValueInfoProto *vi = NULL;
		int err;

		if (!name)
			return gred_errorf(x->e, "a graph output is not defined "
				"in the graph");
		err = value_info(&vi, name, mlirValueGetType(v),
			array_at(info, i, nret), &x->fresh_dim, x->e);
		APPEND(g->output, g->n_output, vi);
		if (err < 0)
			return -1;
	}
	return value_info_update(x, g, x->ctx);
}

/* Packs to a gred_write_fn, taking deferred raw data straight from the
** attributes that hold it. */
typedef struct pack_sink {
	ProtobufCBuffer base;
	gred_write_fn *write;
	void *user;
	const onnx_map *deferred;
} pack_sink;

static void sink_append(ProtobufCBuffer *b, size_t len, const uint8_t *data)
{
	pack_sink *s = (pack_sink *)b;
	const onnx_deferred *d;
	const void *direct;
	void *tmp;

	if (!len)
		return;
	d = onnx_map_get(s->deferred, data);
	if (!d) {
		s->write(s->user, data, len);
		return;
	}
	direct = onnx_deferred_data(d, len);
	if (direct) {
		s->write(s->user, direct, len);
		return;
	}
	tmp = xmalloc(len);
	onnx_deferred_fill(tmp, d, len);
	s->write(s->user, tmp, len);
	free(tmp);
}

/* How tensors still in the input's side files are written. */
typedef enum data_mode {
	DATA_INLINE,   /* as raw_data: a self-contained model */
	DATA_REFER,    /* where they are: same location, offset, length */
	DATA_OWN       /* in a side file of the model's own */
} data_mode;

static Onnx__StringStringEntryProto *entry(const char *k, char *v)
{
	Onnx__StringStringEntryProto *p = xmalloc(sizeof(*p));
	Onnx__StringStringEntryProto init = ONNX__STRING_STRING_ENTRY_PROTO__INIT;

	*p = init;
	p->key = xstrdup(k);
	p->value = v;
	return p;
}

/* Makes u's tensor EXTERNAL at loc, offset off. */
static void external_set(exporter *x, onnx_external_use *u, const char *loc,
	uint64_t off)
{
	Onnx__TensorProto *t = u->t;
	size_t n = 0;

	/* (u->d stays allocated: the deferred map is keyed by its address.) */
	own(x, (char *)u->d);
	t->has_raw_data = 0;
	t->raw_data.data = NULL;
	t->raw_data.len = 0;
	t->has_data_location = 1;
	t->data_location = ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
	t->external_data = xmalloc(4 * sizeof(*t->external_data));
	t->external_data[n++] = entry("location", xstrdup(loc));
	t->external_data[n++] = entry("offset", xasprintf("%llu",
		(unsigned long long)off));
	t->external_data[n++] = entry("length", xasprintf("%llu",
		(unsigned long long)u->ref.length));
	if (u->ref.checksum)
		t->external_data[n++] = entry("checksum", xstrdup(u->ref.checksum));
	t->n_external_data = n;
}

/* Side file offsets are multiples of this, so that readers can map them. */
#define SIDE_ALIGN 4096

static uint64_t side_offset(uint64_t at)
{
	return (at + SIDE_ALIGN - 1) / SIDE_ALIGN * SIDE_ALIGN;
}

/* Writes the bytes of x's side-file tensors to side (atomically), each at
** the offset DATA_OWN gives it. */
static int side_write(exporter *x, const char *side, gred_error *e)
{
	static const char zeros[SIDE_ALIGN];
	file_atomic f;
	uint64_t at = 0, off;
	size_t i;

	if (file_atomic_open(&f, side, e) < 0)
		return -1;
	for (i = 0; i < x->sink.n_ext; i++) {
		onnx_external_use *u = &x->sink.ext[i];
		off = side_offset(at);
		file_atomic_write(&f, zeros, (size_t)(off - at));
		file_atomic_write(&f, u->data, (size_t)u->ref.length);
		at = off + u->ref.length;
	}
	return file_atomic_commit(&f, e);
}

/* The ModelProto of module in *out, tensor data deferred. */
static int model_build(Onnx__ModelProto **out, exporter *x,
	MlirOperation module, gred_error *e)
{
	static const char *const skip[] = {"graph", NULL};
	Onnx__ModelProto *m;
	MlirOperation fn = NULL_OP, op;
	MlirBlock body;

	*out = NULL;
	x->names.by_ptr = 1;
	x->sink.deferred.by_ptr = 1;
	x->e = e;
	x->ctx = mlirOperationGetContext(module);
	x->sink.ctx = x->ctx;
	if (!op_is(module, "builtin.module") ||
	    mlirOperationGetNumRegions(module) != 1)
		return gred_errorf(e, "an ONNX model needs a module");
	body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
	for (op = mlirBlockIsNull(body) ? NULL_OP :
	     mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op)) {
		if (op_is(op, "func.func")) {
			fn = op;
			break;
		}
	}
	if (mlirOperationIsNull(fn) || mlirOperationGetNumRegions(fn) != 1 ||
	    mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0))))
		return gred_errorf(e, "no func.func with a body to export as "
			"the ONNX graph");
	m = (Onnx__ModelProto *)onnx_reflect_new(&onnx__model_proto__descriptor);
	*out = m;
	if (onnx_reflect_gather(&m->base, module, skip, e) < 0)
		return -1;
	m->graph = (Onnx__GraphProto *)onnx_reflect_new(&onnx__graph_proto__descriptor);
	if (graph_export(x, mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)),
		    fn, m->graph) < 0)
		return -1;
	/* A valid model's graph has a name; a reducer may have dropped it. */
	if (!m->graph->name || !*m->graph->name) {
		MlirAttribute sym = mlirOperationGetAttributeByName(fn,
			mlirStringRefCreateFromCString("sym_name"));
		free(m->graph->name);
		m->graph->name = mlirAttributeIsAString(sym) ?
			ir_strdup(mlirStringAttrGetValue(sym)) : xstrdup("main_graph");
	}
	return 0;
}

/* Sets the side-file tensors of x as mode says (side: DATA_OWN's file). */
static void model_place(exporter *x, data_mode mode, const char *side)
{
	uint64_t at = 0, off;
	size_t i;

	for (i = 0; i < x->sink.n_ext && mode != DATA_INLINE; i++) {
		onnx_external_use *u = &x->sink.ext[i];
		if (mode == DATA_REFER) {
			external_set(x, u, u->ref.location, u->ref.offset);
			continue;
		}
		off = side_offset(at);
		external_set(x, u, path_base(side), off);
		at = off + u->ref.length;
	}
}

static void model_pack(exporter *x, Onnx__ModelProto *m, gred_write_fn *write,
	void *user)
{
	pack_sink sink;

	sink.base.append = sink_append;
	sink.write = write;
	sink.user = user;
	sink.deferred = &x->sink.deferred;
	protobuf_c_message_pack_to_buffer(&m->base, &sink.base);
}

static void model_free(exporter *x, Onnx__ModelProto *m)
{
	size_t i;

	if (m)
		protobuf_c_message_free_unpacked(&m->base, NULL);
	for (i = 0; i < x->nowned; i++)
		free(x->owned[i]);
	free(x->owned);
	for (i = 0; i < x->sink.n_ext; i++)
		onnx_external_ref_free(&x->sink.ext[i].ref);
	free(x->sink.ext);
	onnx_map_free(&x->names);
	onnx_map_free(&x->used);
	onnx_map_free(&x->byname);
	onnx_map_free(&x->sink.deferred);
}

int onnx_export(gred_buf *out, MlirOperation module, gred_error *e)
{
	return onnx_export_to(module, buf_write, out, e);
}

static int export_stream(MlirOperation module, data_mode mode,
	gred_write_fn *write, void *user, gred_error *e)
{
	exporter x = {0};
	Onnx__ModelProto *m;
	int err;

	if ((err = model_build(&m, &x, module, e)) == 0) {
		model_place(&x, mode, NULL);
		model_pack(&x, m, write, user);
	}
	model_free(&x, m);
	return err;
}

int onnx_export_to(MlirOperation module, gred_write_fn *write, void *user,
	gred_error *e)
{
	return export_stream(module, DATA_REFER, write, user, e);
}

int onnx_export_inline_to(MlirOperation module, gred_write_fn *write,
	void *user, gred_error *e)
{
	return export_stream(module, DATA_INLINE, write, user, e);
}

int onnx_export_file(MlirOperation module, const char *path,
	uint64_t inline_max, gred_error *e)
{
	exporter x = {0};
	Onnx__ModelProto *m;
	file_atomic f;
	char *side = NULL, *real = NULL;
	size_t i;
	int err;

	if ((err = model_build(&m, &x, module, e)) < 0)
		goto done;
	if (x.sink.ext_bytes >= inline_max && x.sink.n_ext) {
		side = xasprintf("%s.data", path);
		real = realpath(side, NULL);
		for (i = 0; real && i < x.sink.n_ext; i++)
			if (!strcmp(real, x.sink.ext[i].ref.path)) {
				err = gred_errorf(e, "%s: the output's side file would "
					"overwrite the input's", side);
				goto done;
			}
		if ((err = side_write(&x, side, e)) < 0)
			goto done;
		model_place(&x, DATA_OWN, side);
	}
	if ((err = file_atomic_open(&f, path, e)) < 0)
		goto done;
	model_pack(&x, m, file_atomic_write, &f);
	if ((err = file_atomic_commit(&f, e)) == 0)
		err = side != NULL;
done:
	free(side);
	free(real);
	model_free(&x, m);
	return err;
}

/*
** ModelProto output of the generator: protobuf-c messages built in an
** arena (no per-message malloc), packed once into the caller's buffer.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cov.h"
#include "gen_write.h"
#include "graph.h"
#include "onnx.pb-c.h"

struct gen_arena_chunk {
	gen_arena_chunk *next;
	size_t used, cap;
	max_align_t data[];
};

void gen_writer_init(gen_writer *w)
{
	w->chunks = w->cur = NULL;
}

void gen_writer_free(gen_writer *w)
{
	gen_arena_chunk *c = w->chunks, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	w->chunks = w->cur = NULL;
}

static void arena_reset(gen_writer *w)
{
	gen_arena_chunk *c;

	for (c = w->chunks; c; c = c->next)
		c->used = 0;
	w->cur = w->chunks;
}

static void *alloc(gen_writer *w, size_t n)
{
	gen_arena_chunk *c = w->cur;
	void *p;

	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	while (c && c->used + n > c->cap)
		c = c->next;
	if (!c) {
		size_t cap = n > (1u << 20) ? n : 1u << 20;

		c = xmalloc(sizeof(*c) + cap);
		c->used = 0;
		c->cap = cap;
		c->next = w->chunks;
		w->chunks = c;
	}
	w->cur = c;
	p = (char *)c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

#define NEW(w, T) ((T *)alloc((w), sizeof(T)))
#define NEWN(w, T, n) ((T *)alloc((w), (size_t)(n) * sizeof(T)))

/* "t<id>", without printf (names are a visible share of the time). */
static char *format_name(gen_writer *w, char prefix, int id)
{
	char tmp[16], *s;
	int n = 0, i;

	do
		tmp[n++] = (char)('0' + id % 10);
	while ((id /= 10) > 0);
	s = alloc(w, (size_t)n + 2);
	s[0] = prefix;
	for (i = 0; i < n; i++)
		s[1 + i] = tmp[n - 1 - i];
	s[n + 1] = 0;
	return s;
}

static char *name_of(gen_writer *w, int id)
{
	if (!w->names[id])
		w->names[id] = format_name(w, 't', id);
	return w->names[id];
}

static Onnx__TypeProto *type_of(gen_writer *w, const opt_tensor *t)
{
	static const Onnx__TypeProto tp0 = ONNX__TYPE_PROTO__INIT;
	static const Onnx__TypeProto__Tensor tt0 = ONNX__TYPE_PROTO__TENSOR__INIT;
	static const Onnx__TensorShapeProto sh0 = ONNX__TENSOR_SHAPE_PROTO__INIT;
	static const Onnx__TensorShapeProto__Dimension d0 =
		ONNX__TENSOR_SHAPE_PROTO__DIMENSION__INIT;
	Onnx__TypeProto *tp = NEW(w, Onnx__TypeProto);
	Onnx__TypeProto__Tensor *tt = NEW(w, Onnx__TypeProto__Tensor);
	Onnx__TensorShapeProto *sh = NEW(w, Onnx__TensorShapeProto);
	Onnx__TensorShapeProto__Dimension *d;
	int i;

	*tp = tp0, *tt = tt0, *sh = sh0;
	tp->value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
	tp->tensor_type = tt;
	tt->has_elem_type = 1;
	tt->elem_type = t->dtype;
	tt->shape = sh;
	sh->n_dim = (size_t)t->rank;
	sh->dim = NEWN(w, Onnx__TensorShapeProto__Dimension *, t->rank + 1);
	d = NEWN(w, Onnx__TensorShapeProto__Dimension, t->rank + 1);
	for (i = 0; i < t->rank; i++) {
		d[i] = d0;
		d[i].value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
		d[i].dim_value = t->dim[i];
		sh->dim[i] = &d[i];
	}
	return tp;
}

static Onnx__ValueInfoProto *value_info(gen_writer *w, const ggraph *g,
	int id)
{
	static const Onnx__ValueInfoProto v0 = ONNX__VALUE_INFO_PROTO__INIT;
	Onnx__ValueInfoProto *v = NEW(w, Onnx__ValueInfoProto);

	*v = v0;
	v->name = name_of(w, id);
	v->type = type_of(w, &g->t[id].t);
	return v;
}

static double draw(ggraph *g, const gtensor *x, int64_t k)
{
	int fp = x->t.dtype == OPT_FLOAT || x->t.dtype == OPT_DOUBLE;

	if (x->t.nval >= 0)
		return x->t.val[k];
	switch (x->fill) {
	case GT_POSITIVE:
		return 0.5 + rng_unit(g->r);
	case GT_INDEX:
		return (double)rng_range(g->r, -x->bound, x->bound - 1);
	default:
		if (x->t.dtype == OPT_BOOL)
			return (double)(rng_next(g->r) & 1);
		if (x->t.dtype == OPT_UINT8)
			return (double)rng_range(g->r, 0, 5);
		return fp ? 2 * rng_unit(g->r) - 1 : (double)rng_range(g->r, -3, 3);
	}
}

static Onnx__TensorProto *initializer(gen_writer *w, ggraph *g, int id)
{
	static const Onnx__TensorProto t0 = ONNX__TENSOR_PROTO__INIT;
	Onnx__TensorProto *t = NEW(w, Onnx__TensorProto);
	const gtensor *x = &g->t[id];
	int64_t n = optable_numel(&x->t), k;
	size_t es = optable_dtype_size(x->t.dtype);
	uint8_t *p;
	int i;

	*t = t0;
	t->name = name_of(w, id);
	t->has_data_type = 1;
	t->data_type = x->t.dtype;
	t->n_dims = (size_t)x->t.rank;
	t->dims = NEWN(w, int64_t, x->t.rank + 1);
	for (i = 0; i < x->t.rank; i++)
		t->dims[i] = x->t.dim[i];
	p = alloc(w, (size_t)n * es + 1);
	for (k = 0; k < n; k++) {
		double v = draw(g, x, k);
		uint8_t *q = p + (size_t)k * es;

		switch (x->t.dtype) {
		case OPT_FLOAT: { float f = (float)v; memcpy(q, &f, 4); break; }
		case OPT_DOUBLE: memcpy(q, &v, 8); break;
		case OPT_INT32: { int32_t y = (int32_t)v; memcpy(q, &y, 4); break; }
		case OPT_INT64: { int64_t y = optable_val_int(v); memcpy(q, &y, 8); break; }
		case OPT_INT8: *q = (uint8_t)(int8_t)v; break;
		default: *q = (uint8_t)v; break;
		}
	}
	/* little-endian hosts only, like ONNX's raw_data itself */
	t->has_raw_data = 1;
	t->raw_data.data = p;
	t->raw_data.len = (size_t)n * es;
	return t;
}

static Onnx__AttributeProto *attribute(gen_writer *w, const opt_attr *a)
{
	static const Onnx__AttributeProto a0 = ONNX__ATTRIBUTE_PROTO__INIT;
	Onnx__AttributeProto *p = NEW(w, Onnx__AttributeProto);

	*p = a0;
	p->name = (char *)a->name;
	p->has_type = 1;
	switch (a->kind) {
	case OPT_ATTR_INT:
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
		p->has_i = 1;
		p->i = a->i[0];
		break;
	case OPT_ATTR_FLOAT:
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT;
		p->has_f = 1;
		p->f = a->f;
		break;
	case OPT_ATTR_INTS:
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS;
		p->n_ints = (size_t)a->n;
		p->ints = (int64_t *)a->i;
		break;
	case OPT_ATTR_STRING:
		p->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING;
		p->has_s = 1;
		p->s.data = (uint8_t *)a->s;
		p->s.len = strlen(a->s);
		break;
	}
	return p;
}

static Onnx__NodeProto *node(gen_writer *w, const ggraph *g, int id)
{
	static const Onnx__NodeProto n0 = ONNX__NODE_PROTO__INIT;
	Onnx__NodeProto *p = NEW(w, Onnx__NodeProto);
	const gnode *n = &g->n[id];
	int i;

	*p = n0;
	p->name = format_name(w, 'n', id);
	p->op_type = (char *)n->op->name;
	p->domain = "";
	p->n_input = (size_t)n->nin;
	p->input = NEWN(w, char *, n->nin + 1);
	for (i = 0; i < n->nin; i++)
		p->input[i] = n->in[i] < 0 ? "" : name_of(w, n->in[i]);
	p->n_output = (size_t)n->nout;
	p->output = NEWN(w, char *, n->nout + 1);
	for (i = 0; i < n->nout; i++)
		p->output[i] = name_of(w, n->out[i]);
	p->n_attribute = (size_t)n->attrs.n;
	p->attribute = NEWN(w, Onnx__AttributeProto *, n->attrs.n + 1);
	for (i = 0; i < n->attrs.n; i++)
		p->attribute[i] = attribute(w, &n->attrs.a[i]);
	return p;
}

int gen_write(gen_writer *w, ggraph *g, uint64_t index, struct cov *c,
	struct cov *c2, gred_buf *out, gred_error *e)
{
	static const Onnx__ModelProto m0 = ONNX__MODEL_PROTO__INIT;
	static const Onnx__GraphProto g0 = ONNX__GRAPH_PROTO__INIT;
	static const Onnx__OperatorSetIdProto o0 = ONNX__OPERATOR_SET_ID_PROTO__INIT;
	Onnx__ModelProto *m;
	Onnx__GraphProto *gp;
	Onnx__OperatorSetIdProto *os;
	char *gname;
	size_t len;
	int i;

	arena_reset(w);
	w->names = NEWN(w, char *, g->nt + 1);
	m = NEW(w, Onnx__ModelProto);
	gp = NEW(w, Onnx__GraphProto);
	os = NEW(w, Onnx__OperatorSetIdProto);
	*m = m0, *gp = g0, *os = o0;
	m->has_ir_version = 1;
	m->ir_version = OPT_IR_VERSION;
	m->producer_name = "gred";
	m->producer_version = GRED_VERSION;
	os->domain = "";
	os->has_version = 1;
	os->version = OPT_OPSET;
	m->n_opset_import = 1;
	m->opset_import = NEWN(w, Onnx__OperatorSetIdProto *, 1);
	m->opset_import[0] = os;
	m->graph = gp;
	gname = alloc(w, 32);
	snprintf(gname, 32, "gen%llu", (unsigned long long)index);
	gp->name = gname;

	gp->node = NEWN(w, Onnx__NodeProto *, g->nn + 1);
	for (i = 0; i < g->nn; i++)
		gp->node[gp->n_node++] = node(w, g, i);
	gp->input = NEWN(w, Onnx__ValueInfoProto *, g->nt + 1);
	gp->initializer = NEWN(w, Onnx__TensorProto *, g->nt + 1);
	gp->output = NEWN(w, Onnx__ValueInfoProto *, g->nt + 1);
	gp->value_info = NEWN(w, Onnx__ValueInfoProto *, g->nt + 1);
	for (i = 0; i < g->nt; i++) {
		switch (g->t[i].kind) {
		case GT_INPUT:
			gp->input[gp->n_input++] = value_info(w, g, i);
			break;
		case GT_INIT:
			gp->initializer[gp->n_initializer++] = initializer(w, g, i);
			break;
		case GT_NODE:
			if (g->t[i].uses)
				gp->value_info[gp->n_value_info++] = value_info(w, g, i);
			else
				gp->output[gp->n_output++] = value_info(w, g, i);
			break;
		case GT_DEAD:
			break;
		}
	}
	if (c)
		cov_add_model(c, m);
	if (c2)
		cov_add_model(c2, m);
	len = onnx__model_proto__get_packed_size(m);
	buf_grow(out, len);
	if (onnx__model_proto__pack(m, (uint8_t *)out->data + out->len) != len)
		return gred_errorf(e, "gen: protobuf packing failed");
	out->len += len;
	return 0;
}

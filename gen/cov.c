/*
** Coverage metrics over ONNX models, measured against the op table:
** which op types, degrees, edges and paths a set of models exercises;
** and a textual count over .mlir programs (op types, edges, types, attributes).
*/
#include <stdlib.h>
#include <string.h>

#include "cov.h"
#include "optable.h"

/*
** The metrics (after Luo et al. 2021, as used by Isra), over the N ops of
** the op table, with ranks up to COV_MAX_RANK:
**   OTC  op types used / N
**   IDC  (op, input degree) pairs seen / all legal pairs, degree = number
**        of inputs the node lists (an omitted optional input "" before a
**        given one counts), legal = min_in..max_in of the op
**   ODC  (op, output degree) pairs seen / 4 N, degree = number of
**        consuming input slots, bucketed 0, 1, 2, 3+
**   SEC  op -> op edges seen / feasible edges
**   DEC  op -> op -> op paths seen / feasible paths
**   SPC  distinct (op, input dtypes and shapes)
**   NOP  distinct (op, attribute values)
**   NOO  number of ops; NOT number of distinct op types
** An edge A -> B is feasible when some output dtype of A is an input dtype
** of B and A's possible output ranks meet B's input ranks; a path when
** both of its edges are.
*/
#define COV_MAX_RANK 5

typedef struct hset {
	uint64_t *v;
	size_t n, cap;
} hset;

struct cov {
	size_t nops;
	uint64_t models, nodes, tensors, unknown;
	uint8_t *op_seen;
	uint8_t *in_seen;   /* [nops][OPT_MAX_IO + 1] */
	uint8_t *out_seen;  /* [nops][4] */
	uint8_t *edge;      /* [nops][nops] */
	uint8_t *path;      /* [nops][nops][nops] bits */
	uint8_t *feasible;  /* [nops][nops] */
	hset spc, nop;
	/* .mlir programs, read as text: op names seen with their counts */
	uint64_t mlir_models, mlir_ops;
	char **mlir_name;
	uint64_t *mlir_count;
	size_t mlir_nnames;
	hset mlir_edge, mlir_types, mlir_attrs;
};

static void hset_add(hset *h, uint64_t x)
{
	size_t i;

	if (!x)
		x = 1;
	if (2 * (h->n + 1) > h->cap) {
		hset old = *h;

		h->cap = h->cap ? 2 * h->cap : 1024;
		h->v = xcalloc(h->cap, sizeof(*h->v));
		h->n = 0;
		for (i = 0; i < old.cap; i++)
			if (old.v[i])
				hset_add(h, old.v[i]);
		free(old.v);
	}
	for (i = x & (h->cap - 1); h->v[i]; i = (i + 1) & (h->cap - 1))
		if (h->v[i] == x)
			return;
	h->v[i] = x;
	h->n++;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
	h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

static uint32_t out_types(const opt_entry *op)
{
	switch (op->out_type) {
	case OPT_OUT_BOOL: return OPT_TB;
	case OPT_OUT_INT64: return OPT_TI64;
	case OPT_OUT_ATTR: return OPT_TALL;
	default:
		return op->family == OPT_TOPK ? op->types | OPT_TI64 : op->types;
	}
}

static void out_ranks(const opt_entry *op, int *lo, int *hi)
{
	*lo = op->min_rank;
	*hi = COV_MAX_RANK;
	switch (op->family) {
	case OPT_FLATTEN: case OPT_GEMM: *lo = *hi = 2; break;
	case OPT_SHAPE: *lo = *hi = 1; break;
	case OPT_SIZE: *lo = *hi = 0; break;
	case OPT_CONV: case OPT_CONVT: case OPT_POOL: case OPT_GPOOL:
	case OPT_INORM: *lo = 3; break;
	case OPT_LRN: case OPT_MVN: case OPT_D2S: case OPT_S2D: *lo = *hi = 4;
		break;
	case OPT_RESHAPE: case OPT_UNSQUEEZE: case OPT_MATMUL: *lo = 1; break;
	case OPT_SQUEEZE: case OPT_REDUCE: case OPT_REDUCE_IN: case OPT_ARG:
	case OPT_GATHER: case OPT_EXPAND: *lo = 0; break;
	default: break;
	}
	if (*hi > op->max_rank && op->family != OPT_RESHAPE &&
	    op->family != OPT_UNSQUEEZE && op->family != OPT_EXPAND &&
	    op->family != OPT_MATMUL && op->family != OPT_GATHER)
		*hi = op->max_rank;
}

static int feasible(const opt_entry *a, const opt_entry *b)
{
	int lo, hi, blo = b->min_rank, bhi = b->max_rank;

	if (bhi > COV_MAX_RANK)
		bhi = COV_MAX_RANK;
	out_ranks(a, &lo, &hi);
	return (out_types(a) & b->types) && lo <= bhi && blo <= hi;
}

cov *cov_new(void)
{
	cov *c = xcalloc(1, sizeof(*c));
	size_t n = optable_count(), i, j;

	c->nops = n;
	c->op_seen = xcalloc(n, 1);
	c->in_seen = xcalloc(n * (OPT_MAX_IO + 1), 1);
	c->out_seen = xcalloc(n * 4, 1);
	c->edge = xcalloc(n * n, 1);
	c->path = xcalloc((n * n * n + 7) / 8, 1);
	c->feasible = xcalloc(n * n, 1);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			c->feasible[i * n + j] =
				(uint8_t)feasible(optable_at(i), optable_at(j));
	return c;
}

void cov_free(cov *c)
{
	size_t i;

	if (!c)
		return;
	free(c->op_seen);
	free(c->in_seen);
	free(c->out_seen);
	free(c->edge);
	free(c->path);
	free(c->feasible);
	free(c->spc.v);
	free(c->nop.v);
	for (i = 0; i < c->mlir_nnames; i++)
		free(c->mlir_name[i]);
	free(c->mlir_name);
	free(c->mlir_count);
	free(c->mlir_edge.v);
	free(c->mlir_types.v);
	free(c->mlir_attrs.v);
	free(c);
}

/* Tensor names of one model -> producer node and type, by hashing. */
typedef struct slot {
	const char *name;
	int producer;                 /* node index, -1 none */
	int uses;
	const Onnx__TypeProto *type;
} slot;

typedef struct names {
	slot *s;
	size_t cap;
} names;

static slot *lookup(names *t, const char *name, int create)
{
	size_t i = hash_bytes(name, strlen(name)) & (t->cap - 1);

	for (; t->s[i].name; i = (i + 1) & (t->cap - 1))
		if (!strcmp(t->s[i].name, name))
			return &t->s[i];
	if (!create)
		return NULL;
	t->s[i].name = name;
	t->s[i].producer = -1;
	return &t->s[i];
}

static void typed(names *t, Onnx__ValueInfoProto **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		lookup(t, v[i]->name, 1)->type = v[i]->type;
}

static uint64_t type_hash(uint64_t h, const Onnx__TypeProto *tp)
{
	const Onnx__TypeProto__Tensor *tt;
	size_t i;

	if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE)
		return mix(h, 0x51);
	tt = tp->tensor_type;
	h = mix(h, (uint64_t)tt->elem_type);
	if (!tt->shape)
		return mix(h, 0x77);
	h = mix(h, tt->shape->n_dim);
	for (i = 0; i < tt->shape->n_dim; i++)
		h = mix(h, (uint64_t)tt->shape->dim[i]->dim_value);
	return h;
}

static uint64_t attr_hash(uint64_t h, const Onnx__AttributeProto *a)
{
	size_t i;

	h = mix(h, hash_bytes(a->name, strlen(a->name)));
	h = mix(h, (uint64_t)a->type);
	h = mix(h, (uint64_t)a->i);
	h = mix(h, hash_bytes(&a->f, sizeof(a->f)));
	if (a->has_s)
		h = mix(h, hash_bytes(a->s.data, a->s.len));
	for (i = 0; i < a->n_ints; i++)
		h = mix(h, (uint64_t)a->ints[i]);
	for (i = 0; i < a->n_floats; i++)
		h = mix(h, hash_bytes(&a->floats[i], sizeof(float)));
	return h;
}

/* One model's graph as the metrics read it: its tensors by name, each
** node's op-table index, and the edges between known nodes, chained by
** source node for the paths. */
typedef struct graph_index {
	const Onnx__GraphProto *g;
	names t;
	int *kind;          /* per node; -1 outside the op table */
	int *src;           /* edge e goes from node src[2e] to src[2e + 1] */
	int *first, *next;  /* the edges from node i: first[i], next[e]... */
	size_t nedges, max_edges;
} graph_index;

/* Names every tensor the graph declares, typed where it says. */
static void index_tensors(graph_index *x)
{
	const Onnx__GraphProto *g = x->g;
	size_t i, cap = 64;

	while (cap < 2 * (g->n_input + g->n_initializer + g->n_value_info +
			  g->n_output + 8 * g->n_node + 1))
		cap *= 2;
	x->t.cap = cap;
	x->t.s = xcalloc(cap, sizeof(*x->t.s));
	typed(&x->t, g->input, g->n_input);
	typed(&x->t, g->value_info, g->n_value_info);
	typed(&x->t, g->output, g->n_output);
	for (i = 0; i < g->n_initializer; i++)
		lookup(&x->t, g->initializer[i]->name, 1);
}

/* Each node's op, and the node producing each of its outputs. */
static void index_nodes(graph_index *x)
{
	const Onnx__GraphProto *g = x->g;
	size_t i, j, n = g->n_node;

	x->kind = xmalloc((n + 1) * sizeof(int));
	for (i = 0; i < n; i++) {
		const opt_entry *op = optable_find(g->node[i]->op_type);

		x->kind[i] = op ? (int)optable_index(op) : -1;
		for (j = 0; j < g->node[i]->n_output; j++)
			if (g->node[i]->output[j][0])
				lookup(&x->t, g->node[i]->output[j], 1)->producer = (int)i;
	}
	x->max_edges = 8 * n;
	x->src = xmalloc((8 * n + 1) * sizeof(int) * 2);
	x->first = xmalloc((n + 1) * sizeof(int));
	x->next = xmalloc((8 * n + 1) * sizeof(int));
	for (i = 0; i < n; i++)
		x->first[i] = -1;
}

static void add_edge(cov *c, graph_index *x, int from, int to)
{
	size_t e = x->nedges++;

	x->src[2 * e] = from;
	x->src[2 * e + 1] = to;
	x->next[e] = x->first[from];
	x->first[from] = (int)e;
	c->edge[(size_t)x->kind[from] * c->nops + (size_t)x->kind[to]] = 1;
}

/* Node i: its op type, input degree, edges in, input types and shapes
** (SPC) and attribute values (NOP); counts the uses of its inputs. */
static void add_node(cov *c, graph_index *x, size_t i)
{
	const Onnx__NodeProto *nd = x->g->node[i];
	int kind = x->kind[i];
	uint64_t hs = mix(0, (uint64_t)kind), hp = hs;
	int deg = 0;
	size_t j;

	c->nodes++;
	if (kind < 0) {
		c->unknown++;
		return;
	}
	c->op_seen[kind] = 1;
	for (j = 0; j < nd->n_input; j++) {
		slot *s;

		deg = (int)j + 1;
		if (!nd->input[j][0])
			continue;
		s = lookup(&x->t, nd->input[j], 0);
		hs = type_hash(hs, s ? s->type : NULL);
		if (!s)
			continue;
		s->uses++;
		if (s->producer >= 0 && x->kind[s->producer] >= 0 &&
		    x->nedges < x->max_edges)
			add_edge(c, x, s->producer, (int)i);
	}
	if (deg <= OPT_MAX_IO)
		c->in_seen[(size_t)kind * (OPT_MAX_IO + 1) + (size_t)deg] = 1;
	for (j = 0; j < nd->n_attribute; j++)
		hp = attr_hash(hp, nd->attribute[j]);
	hset_add(&c->spc, hs);
	hset_add(&c->nop, hp);
}

/* Each known node's output degree: the input slots using its outputs. */
static void add_output_degrees(cov *c, graph_index *x)
{
	const Onnx__GraphProto *g = x->g;
	size_t i, j;

	for (i = 0; i < g->n_node; i++) {
		int out = 0;

		if (x->kind[i] < 0)
			continue;
		for (j = 0; j < g->node[i]->n_output; j++) {
			slot *s = g->node[i]->output[j][0] ?
				lookup(&x->t, g->node[i]->output[j], 0) : NULL;

			out += s ? s->uses : 0;
		}
		c->out_seen[(size_t)x->kind[i] * 4 + (size_t)(out > 3 ? 3 : out)] = 1;
	}
}

/* Every path a -> b -> d of two edges. */
static void add_paths(cov *c, const graph_index *x)
{
	size_t i;

	for (i = 0; i < x->nedges; i++) {
		int a = x->src[2 * i], b = x->src[2 * i + 1], k;

		for (k = x->first[b]; k >= 0; k = x->next[k]) {
			size_t bit = ((size_t)x->kind[a] * c->nops +
				(size_t)x->kind[b]) * c->nops +
				(size_t)x->kind[x->src[2 * k + 1]];

			c->path[bit / 8] |= (uint8_t)(1u << (bit % 8));
		}
	}
}

void cov_add_model(cov *c, const Onnx__ModelProto *m)
{
	graph_index x = {0};
	size_t i;

	c->models++;
	if (!m->graph)
		return;
	x.g = m->graph;
	index_tensors(&x);
	index_nodes(&x);
	for (i = 0; i < x.g->n_node; i++)
		add_node(c, &x, i);
	add_output_degrees(c, &x);
	add_paths(c, &x);
	for (i = 0; i < x.t.cap; i++)
		c->tensors += x.t.s[i].name != NULL;
	free(x.t.s);
	free(x.kind);
	free(x.src);
	free(x.first);
	free(x.next);
}

/* MLIR text */

static uint64_t hash_text(uint64_t h, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (uint8_t)p[i]) * 0x100000001b3ull;
	return mix(h, n);
}

static size_t mlir_op_index(cov *c, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < c->mlir_nnames; i++)
		if (strlen(c->mlir_name[i]) == n && !memcmp(c->mlir_name[i], p, n))
			return i;
	c->mlir_name = xrealloc(c->mlir_name, (i + 1) * sizeof(*c->mlir_name));
	c->mlir_count = xrealloc(c->mlir_count, (i + 1) * sizeof(*c->mlir_count));
	c->mlir_name[i] = xstrndup(p, n);
	c->mlir_count[i] = 0;
	c->mlir_nnames++;
	return i;
}

/* SSA names of one program -> producing op, by hash (open addressing). */
typedef struct ssa_map {
	uint64_t *key;
	size_t *op, n, cap;
} ssa_map;

static size_t *ssa_slot(ssa_map *m, uint64_t key, int create)
{
	size_t i;

	if (create && 2 * (m->n + 1) > m->cap) {
		ssa_map old = *m;

		m->cap = m->cap ? 2 * m->cap : 512;
		m->key = xcalloc(m->cap, sizeof(*m->key));
		m->op = xcalloc(m->cap, sizeof(*m->op));
		m->n = 0;
		for (i = 0; i < old.cap; i++)
			if (old.key[i])
				*ssa_slot(m, old.key[i], 1) = old.op[i];
		free(old.key);
		free(old.op);
	}
	if (!m->cap)
		return NULL;
	for (i = key & (m->cap - 1); m->key[i]; i = (i + 1) & (m->cap - 1))
		if (m->key[i] == key)
			return &m->op[i];
	if (!create)
		return NULL;
	m->key[i] = key;
	m->n++;
	return &m->op[i];
}

static int ssa_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		(ch >= '0' && ch <= '9') || ch == '_' || ch == '$' || ch == '.';
}

/* One line: `%a, %b = name operands {attrs} : types` or `name ...`. */
static void mlir_line(cov *c, ssa_map *defs, const char *p, const char *end)
{
	const char *eq, *name, *q, *colon, *brace;
	size_t op, n;
	uint64_t key;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	eq = NULL;
	if (p < end && *p == '%') {
		for (q = p; q + 2 < end && !(q[0] == ' ' && q[1] == '=' &&
			     q[2] == ' '); q++)
			;
		if (q + 2 >= end)
			return;
		eq = q;
		name = q + 3;
	} else {
		name = p;
	}
	if (name < end && *name == '"')
		name++;
	for (q = name; q < end && ssa_char(*q); q++)
		;
	n = (size_t)(q - name);
	if (n == 0 || !memchr(name, '.', n) || !strncmp(name, "func.func", n))
		return;
	op = mlir_op_index(c, name, n);
	c->mlir_count[op]++;
	c->mlir_ops++;
	/* operands: %names after the op name that some earlier op defined */
	for (; q < end; q++) {
		const char *s;
		size_t *src;

		if (*q != '%')
			continue;
		for (s = ++q; q < end && ssa_char(*q); q++)
			;
		src = ssa_slot(defs, hash_text(1, s, (size_t)(q - s)) | 1, 0);
		if (src)
			hset_add(&c->mlir_edge, mix(*src + 1, op + 1));
	}
	colon = NULL;
	for (q = end; q > name + 2; q--)
		if (q[-3] == ' ' && q[-2] == ':' && q[-1] == ' ') {
			colon = q;
			break;
		}
	if (colon)
		hset_add(&c->mlir_types, hash_text(op + 1, colon,
			(size_t)(end - colon)));
	brace = memchr(name, '{', (size_t)(end - name));
	if (brace && (!colon || brace < colon)) {
		const char *close = colon ? colon - 3 : end;

		while (close > brace && *close != '}')
			close--;
		if (close > brace)
			hset_add(&c->mlir_attrs, hash_text(op + 1, brace,
				(size_t)(close - brace)));
	}
	/* results */
	for (q = p; eq && q < eq; q++) {
		const char *s;

		if (*q != '%')
			continue;
		for (s = ++q; q < eq && ssa_char(*q); q++)
			;
		key = hash_text(1, s, (size_t)(q - s)) | 1;
		*ssa_slot(defs, key, 1) = op;
	}
}

void cov_add_mlir(cov *c, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	ssa_map defs = {0};

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			nl = end;
		mlir_line(c, &defs, p, nl);
		p = nl + 1;
	}
	free(defs.key);
	free(defs.op);
	c->mlir_models++;
}

int cov_add_file(cov *c, const char *path, gred_error *e)
{
	Onnx__ModelProto *m;
	char *data;
	size_t len;

	if (file_read(&data, &len, path, 0, e) < 0)
		return -1;
	if (!strcmp(path_ext(path), "mlir")) {
		cov_add_mlir(c, data, len);
		free(data);
		return 0;
	}
	m = onnx__model_proto__unpack(NULL, len, (const uint8_t *)data);
	free(data);
	if (!m)
		return gred_errorf(e, "%s: not an ONNX model", path);
	cov_add_model(c, m);
	onnx__model_proto__free_unpacked(m, NULL);
	return 0;
}

uint64_t cov_structure(const cov *c)
{
	size_t n = c->nops, i, bytes = (n * n * n + 7) / 8;
	uint64_t items = 0;

	for (i = 0; i < n; i++)
		items += c->op_seen[i];
	for (i = 0; i < n * (OPT_MAX_IO + 1); i++)
		items += c->in_seen[i];
	for (i = 0; i < n * 4; i++)
		items += c->out_seen[i];
	for (i = 0; i < n * n; i++)
		items += c->edge[i];
	for (i = 0; i + 8 <= bytes; i += 8) {
		uint64_t w;

		memcpy(&w, c->path + i, 8);
		items += (uint64_t)__builtin_popcountll(w);
	}
	for (; i < bytes; i++)
		items += (uint64_t)__builtin_popcount(c->path[i]);
	return items;
}

void cov_summarize(const cov *c, cov_summary *s)
{
	size_t n = c->nops, i, j, k;
	uint64_t in_all = 0, in_hit = 0, out_hit = 0, e_all = 0, e_hit = 0;
	uint64_t p_all = 0, p_hit = 0;
	int types = 0;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < n; i++) {
		const opt_entry *op = optable_at(i);
		uint64_t fin = 0, fout = 0;

		types += c->op_seen[i];
		for (j = (size_t)op->min_in; j <= (size_t)op->max_in; j++) {
			in_all++;
			in_hit += c->in_seen[i * (OPT_MAX_IO + 1) + j];
		}
		for (j = 0; j < 4; j++)
			out_hit += c->out_seen[i * 4 + j];
		for (j = 0; j < n; j++) {
			fin += c->feasible[j * n + i];
			fout += c->feasible[i * n + j];
			if (c->feasible[i * n + j]) {
				e_all++;
				e_hit += c->edge[i * n + j];
			}
		}
		p_all += fin * fout;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			if (!c->feasible[i * n + j])
				continue;
			for (k = 0; k < n; k++) {
				size_t bit = (i * n + j) * n + k;

				if (c->feasible[j * n + k] &&
				    ((c->path[bit / 8] >> (bit % 8)) & 1))
					p_hit++;
			}
		}
	s->models = c->models;
	s->nodes = c->nodes;
	s->tensors = c->tensors;
	s->spc = c->spc.n;
	s->nop = c->nop.n;
	s->unknown_ops = c->unknown;
	s->op_types = types;
	s->otc = (double)types / (double)n;
	s->idc = in_all ? (double)in_hit / (double)in_all : 0;
	s->odc = (double)out_hit / (double)(4 * n);
	s->sec = e_all ? (double)e_hit / (double)e_all : 0;
	s->dec = p_all ? (double)p_hit / (double)p_all : 0;
}

/* The .mlir section: totals, then every op name with its count. */
static void mlir_report(const cov *c, gred_buf *out)
{
	size_t *order = xmalloc((c->mlir_nnames + 1) * sizeof(*order)), i;

	buf_printf(out, "mlir programs %llu\n",
		(unsigned long long)c->mlir_models);
	buf_printf(out, "mlir ops %llu (%.1f per program)\n",
		(unsigned long long)c->mlir_ops,
		(double)c->mlir_ops / (double)c->mlir_models);
	buf_printf(out, "mlir op types %zu\n", c->mlir_nnames);
	buf_printf(out, "mlir edges %zu  distinct producer -> user op pairs\n",
		c->mlir_edge.n);
	buf_printf(out, "mlir types %zu  distinct (op, operand and result "
		"types)\n", c->mlir_types.n);
	buf_printf(out, "mlir attributes %zu  distinct (op, attribute values)\n",
		c->mlir_attrs.n);
	for (i = 0; i < c->mlir_nnames; i++) { /* by count, descending */
		size_t j = i;

		while (j > 0 && c->mlir_count[order[j - 1]] < c->mlir_count[i]) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
	for (i = 0; i < c->mlir_nnames; i++)
		buf_printf(out, "op %s %llu\n", c->mlir_name[order[i]],
			(unsigned long long)c->mlir_count[order[i]]);
	free(order);
}

void cov_report(const cov *c, gred_buf *out)
{
	cov_summary s;
	double per = 0;

	if (c->mlir_models)
		mlir_report(c, out);
	if (c->mlir_models && !c->models)
		return;
	cov_summarize(c, &s);
	if (s.models)
		per = (double)s.nodes / (double)s.models;
	buf_printf(out, "models %llu\n", (unsigned long long)s.models);
	buf_printf(out, "OTC %6.2f%%  op types used, of %zu in the op table\n",
		100 * s.otc, optable_count());
	buf_printf(out, "IDC %6.2f%%  (op, input degree) pairs\n", 100 * s.idc);
	buf_printf(out, "ODC %6.2f%%  (op, output degree 0/1/2/3+) pairs\n",
		100 * s.odc);
	buf_printf(out, "SEC %6.2f%%  feasible op->op edges\n", 100 * s.sec);
	buf_printf(out, "DEC %6.2f%%  feasible op->op->op paths\n", 100 * s.dec);
	buf_printf(out, "SPC %llu  distinct (op, input types and shapes)\n",
		(unsigned long long)s.spc);
	buf_printf(out, "NOP %llu  distinct (op, attribute values)\n",
		(unsigned long long)s.nop);
	buf_printf(out, "NOO %llu  ops (%.1f per model)\n",
		(unsigned long long)s.nodes, per);
	buf_printf(out, "NOT %d  op types\n", s.op_types);
	buf_printf(out, "tensors %llu\n", (unsigned long long)s.tensors);
	if (s.unknown_ops)
		buf_printf(out, "ops outside the table %llu\n",
			(unsigned long long)s.unknown_ops);
}

/*
** Pictures of graphs for reports (see graph_svg.h): the IR walked into a
** cgraph graph, laid out by dot and rendered as SVG, all in memory.
*/
#include "graph_svg.h"

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include "ir_file.h"
#include "json_out.h"
#include "mlir_io.h"
#include "proc.h"

/*
** Graphviz finds its layout and render plugins through a configuration
** file that `dot -c` writes when the package is installed. gred does not
** depend on it: the two plugins it needs (dot layout; the core renderers,
** SVG among them) are linked in and handed over as built-ins, and demand
** loading is off, so no file is read and nothing is dlopen'ed.
*/
extern gvplugin_library_t gvplugin_dot_layout_LTX_library;
extern gvplugin_library_t gvplugin_core_LTX_library;

static const lt_symlist_t svg_plugins[] = {
	{"gvplugin_dot_layout_LTX_library", &gvplugin_dot_layout_LTX_library},
	{"gvplugin_core_LTX_library", &gvplugin_core_LTX_library},
	{NULL, NULL}
};

#define LABEL_CHARS 28      /* longest label line drawn in full */
#define NAME_CHARS 24       /* longest node name shown under its op */

/* Pointers (operations, block arguments) to their nodes. */
typedef struct node_map {
	const void **keys;
	Agnode_t **nodes;
	size_t cap, n;
} node_map;

static size_t map_slot(const node_map *m, const void *key)
{
	uint64_t x = (uint64_t)(uintptr_t)key;
	size_t i;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	for (i = (size_t)x & (m->cap - 1); m->keys[i] && m->keys[i] != key;
	     i = (i + 1) & (m->cap - 1))
		;
	return i;
}

static Agnode_t *map_get(const node_map *m, const void *key)
{
	return m->cap ? m->nodes[map_slot(m, key)] : NULL;
}

static void map_put(node_map *m, const void *key, Agnode_t *node)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		node_map bigger = {NULL, NULL, m->cap ? 2 * m->cap : 64, 0};
		bigger.keys = xcalloc(bigger.cap, sizeof(*bigger.keys));
		bigger.nodes = xcalloc(bigger.cap, sizeof(*bigger.nodes));
		for (i = 0; i < m->cap; i++)
			if (m->keys[i])
				map_put(&bigger, m->keys[i], m->nodes[i]);
		free(m->keys);
		free(m->nodes);
		*m = bigger;
	}
	i = map_slot(m, key);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = key;
	m->nodes[i] = node;
}

/* How much is drawn: the first try draws it all (up to max_nodes); when
** dot crashes or runs out of time on that, a plainer one is tried. */
typedef struct svg_style {
	size_t max_nodes;
	int clusters;       /* regions as clusters, else their ops inline */
	int edge_labels;    /* types on edges (up to EDGE_LABELS_MAX edges) */
	const char *splines;
	unsigned seconds;   /* the layout's time budget */
} svg_style;

static const svg_style svg_styles[] = {
	{REPORT_GRAPH_MAX_NODES, 1, 1, "spline", 10},
	{REPORT_GRAPH_MAX_NODES / 2, 0, 0, "line", 20},
};

/* Past this many nodes, dot's network simplex passes (ranking and x
** positions) stop after one iteration per node: on dense graphs they are
** what takes time, and one iteration gives a fair layout. */
#define FAST_LAYOUT_NODES 60

/* What is being drawn. */
typedef struct svg_graph {
	Agraph_t *root;
	const svg_style *style;
	size_t max;         /* nodes drawn at most */
	node_map map;
	size_t drawn;       /* nodes made */
	size_t left_out;    /* operations past the cap */
	int next_cluster;
	gred_buf text;      /* scratch for labels */
} svg_graph;

/* Appends s to b as label text: at most max characters (then "…"),
** bytes that are not UTF-8 and control characters as '?', backslashes
** doubled (graphviz reads escapes such as \N in labels). */
static void label_append(gred_buf *b, const char *s, size_t len, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, chars = 0, run;

	while (i < len) {
		if (chars == max) {
			buf_puts(b, "\xe2\x80\xa6");
			return;
		}
		run = utf8_sequence(p + i, len - i);
		if (run == 0 || p[i] < 0x20 || p[i] == 0x7f) {
			buf_puts(b, "?");
			i++;
		} else if (p[i] == '\\') {
			buf_puts(b, "\\\\");
			i++;
		} else {
			buf_append(b, p + i, run);
			i += run;
		}
		chars++;
	}
}

static void print_to_buf(MlirStringRef s, void *user)
{
	buf_append(user, s.data, s.length);
}

/* A value's type as "f32[1,3,?]" for ranked tensors, else as MLIR prints
** it; "" for types that say nothing (none, !onnx.unknown). */
static void type_text(gred_buf *b, MlirType t)
{
	gred_buf raw = {0};
	intptr_t r, k;

	if (mlirTypeIsANone(t))
		return;
	if (mlirTypeIsARankedTensor(t)) {
		mlirTypePrint(mlirShapedTypeGetElementType(t), print_to_buf, &raw);
		buf_puts(&raw, "[");
		r = mlirShapedTypeGetRank(t);
		for (k = 0; k < r; k++) {
			if (mlirShapedTypeIsDynamicDim(t, k))
				buf_printf(&raw, "%s?", k ? "," : "");
			else
				buf_printf(&raw, "%s%lld", k ? "," : "",
					(long long)mlirShapedTypeGetDimSize(t, k));
		}
		buf_puts(&raw, "]");
	} else {
		mlirTypePrint(t, print_to_buf, &raw);
	}
	if (raw.len && !(raw.len == 13 && !memcmp(raw.data, "!onnx.unknown", 13)))
		label_append(b, raw.data, raw.len, LABEL_CHARS);
	buf_free(&raw);
}

/* The string attribute name of op, or NULL. */
static MlirStringRef str_attr(MlirOperation op, const char *name)
{
	MlirAttribute a = mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString(name));
	MlirStringRef none = {NULL, 0};

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
		return none;
	return mlirStringAttrGetValue(a);
}

/* Element i of op's array-of-strings attribute name, or NULL. */
static MlirStringRef str_elem(MlirOperation op, const char *name, intptr_t i)
{
	MlirAttribute a = mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString(name)), s;
	MlirStringRef none = {NULL, 0};

	if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ||
	    i >= mlirArrayAttrGetNumElements(a))
		return none;
	s = mlirArrayAttrGetElement(a, i);
	return mlirAttributeIsAString(s) ? mlirStringAttrGetValue(s) : none;
}

static int op_is(MlirOperation op, const char *name)
{
	MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));

	return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

static int has_attr(MlirOperation op, const char *name)
{
	return !mlirAttributeIsNull(mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString(name)));
}

/* A node in where (the root or a cluster) labelled with g->text, or NULL
** once max nodes are drawn. shape NULL: the default box. */
static Agnode_t *new_node(svg_graph *g, Agraph_t *where, const char *shape,
	const char *fill, size_t max)
{
	char name[32];
	Agnode_t *n;

	if (g->drawn >= max)
		return NULL;
	snprintf(name, sizeof(name), "n%zu", g->drawn++);
	n = agnode(where, name, 1);
	buf_puts(&g->text, "");
	agsafeset(n, "label", g->text.data, "");
	if (shape) {
		agsafeset(n, "shape", (char *)shape, "");
		agsafeset(n, "style", "filled", "");
	}
	if (fill)
		agsafeset(n, "fillcolor", (char *)fill, "");
	return n;
}

/* The label of an operation: its type (ONNX ops without "onnx."), then
** its node name when short; an initializer shows its tensor's name. */
static void op_label(gred_buf *b, MlirOperation op, int initializer)
{
	MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
	MlirStringRef node = str_attr(op, "onnx.name");

	b->len = 0;
	if (initializer) {
		MlirStringRef out = str_elem(op, "onnx.outputs", 0);
		if (out.data)
			label_append(b, out.data, out.length, LABEL_CHARS);
		else
			buf_puts(b, "initializer");
		buf_puts(b, "\\n");
		type_text(b, mlirValueGetType(mlirOperationGetResult(op, 0)));
		return;
	}
	if (name.length > 5 && !memcmp(name.data, "onnx.", 5)) {
		name.data += 5;
		name.length -= 5;
	}
	label_append(b, name.data, name.length, LABEL_CHARS);
	if (node.data && node.length && node.length <= NAME_CHARS) {
		buf_puts(b, "\\n");
		label_append(b, node.data, node.length, NAME_CHARS);
	}
}

static void draw_block(svg_graph *g, Agraph_t *where, MlirBlock block,
	MlirOperation skip);

/* A dashed line from op to the border of its region's cluster, so that
** the region is drawn below its operation. */
static void tie_region(svg_graph *g, MlirOperation op, Agraph_t *cluster,
	char *cname)
{
	Agnode_t *from = map_get(&g->map, op.ptr), *to = agfstnode(cluster);
	Agedge_t *e;

	if (!from || !to)
		return;
	e = agedge(g->root, from, to, NULL, 1);
	agsafeset(e, "lhead", cname, "");
	agsafeset(e, "style", "dashed", "");
	agsafeset(e, "arrowhead", "none", "");
	agsafeset(e, "tooltip", "region", "");
}

/* The regions of op as clusters in where, named after the ONNX
** attribute they come from when known (then_branch, body...). */
static void draw_regions(svg_graph *g, Agraph_t *where, MlirOperation op)
{
	intptr_t r, nr = mlirOperationGetNumRegions(op);
	MlirStringRef opname = mlirIdentifierStr(mlirOperationGetName(op));

	for (r = 0; r < nr; r++) {
		MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
		MlirStringRef rname = str_elem(op, "onnx.regions", r);
		Agraph_t *cluster;
		char cname[32];

		if (mlirBlockIsNull(b))
			continue;
		if (g->drawn >= g->max || !g->style->clusters) {
			for (; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
				draw_block(g, where, b, (MlirOperation){NULL});
			continue;
		}
		snprintf(cname, sizeof(cname), "cluster_%d", g->next_cluster++);
		cluster = agsubg(where, cname, 1);
		g->text.len = 0;
		if (opname.length > 5 && !memcmp(opname.data, "onnx.", 5))
			label_append(&g->text, opname.data + 5, opname.length - 5,
				LABEL_CHARS);
		else
			label_append(&g->text, opname.data, opname.length, LABEL_CHARS);
		if (rname.data) {
			buf_puts(&g->text, ": ");
			label_append(&g->text, rname.data, rname.length, LABEL_CHARS);
		} else if (nr > 1) {
			buf_printf(&g->text, ": region %ld", (long)r);
		}
		buf_puts(&g->text, "");
		agsafeset(cluster, "label", g->text.data, "");
		agsafeset(cluster, "style", "rounded,dashed", "");
		for (; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
			draw_block(g, cluster, b, (MlirOperation){NULL});
		tie_region(g, op, cluster, cname);
	}
}

/* One node per operation of block (and of the blocks nested in it),
** except skip, the placeholders of omitted ONNX inputs and the ends of
** ONNX subgraphs (their If or Loop node stands for what they give). */
static void draw_block(svg_graph *g, Agraph_t *where, MlirBlock block,
	MlirOperation skip)
{
	MlirOperation op;

	for (op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op)) {
		Agnode_t *n;
		int init;

		if (mlirOperationEqual(op, skip) || op_is(op, "onnx.NoValue") ||
		    op_is(op, "onnx.Yield"))
			continue;
		init = op_is(op, "onnx.Constant") && has_attr(op, "onnx.initializer");
		op_label(&g->text, op, init);
		n = new_node(g, where, init ? "cylinder" : NULL,
			init ? "#fdf3d8" : NULL, g->max);
		if (n)
			map_put(&g->map, op.ptr, n);
		else
			g->left_out++;
		draw_regions(g, where, op);
	}
}

/* The node a value comes from: its defining operation, the graph input
** it is, or (an argument of a nested block) the operation owning the
** block. NULL when that was not drawn. */
static Agnode_t *source_node(svg_graph *g, MlirValue v)
{
	Agnode_t *n = map_get(&g->map, v.ptr);

	if (n)
		return n;
	if (mlirValueIsAOpResult(v))
		return map_get(&g->map, mlirOpResultGetOwner(v).ptr);
	return map_get(&g->map,
		mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v)).ptr);
}

static void add_edge(svg_graph *g, MlirValue v, Agnode_t *to)
{
	Agnode_t *from = source_node(g, v);
	Agedge_t *e;

	if (!from)
		return;
	e = agedge(g->root, from, to, NULL, 1);
	g->text.len = 0;
	type_text(&g->text, mlirValueGetType(v));
	buf_puts(&g->text, "");
	if (g->text.len)
		agsafeset(e, "tooltip", g->text.data, "");
}

/* One edge per use of a value by a drawn operation. */
static void draw_uses(svg_graph *g, MlirBlock block)
{
	MlirOperation op;

	for (op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op)) {
		Agnode_t *n = map_get(&g->map, op.ptr);
		intptr_t k, nr;

		if (n)
			for (k = 0; k < mlirOperationGetNumOperands(op); k++)
				add_edge(g, mlirOperationGetOperand(op, k), n);
		nr = mlirOperationGetNumRegions(op);
		for (k = 0; k < nr; k++) {
			MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
			for (; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
				draw_uses(g, b);
		}
	}
}

/* Whether func's body holds nothing but its terminator. */
static int is_empty(MlirOperation func)
{
	MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
	MlirOperation op = mlirBlockGetFirstOperation(b);

	return mlirOperationIsNull(op) ||
		mlirOperationIsNull(mlirOperationGetNextInBlock(op));
}

/* The function drawn: @main_graph (an ONNX model's graph) or @main, else
** the first operation of the module with a symbol name and a body that
** holds more than its terminator (else the first one with a body).
** *others counts the other such functions. */
static MlirOperation main_function(MlirOperation module, size_t *others)
{
	static const char *const preferred[] = {"main_graph", "main"};
	MlirOperation op, first = {NULL}, best = {NULL};
	MlirBlock body;
	size_t k, nfuncs = 0, rank = sizeof(preferred) / sizeof(*preferred);

	*others = 0;
	if (mlirOperationGetNumRegions(module) != 1)
		return best;
	body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
	if (mlirBlockIsNull(body))
		return best;
	for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
	     op = mlirOperationGetNextInBlock(op)) {
		MlirStringRef name = str_attr(op, "sym_name");
		if (!name.data || mlirOperationGetNumRegions(op) < 1 ||
		    mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
			continue;
		nfuncs++;
		if (mlirOperationIsNull(first) || (is_empty(first) && !is_empty(op)))
			first = op;
		for (k = 0; k < rank; k++) {
			if (name.length == strlen(preferred[k]) &&
			    !memcmp(name.data, preferred[k], name.length)) {
				best = op;
				rank = k;
			}
		}
	}
	if (mlirOperationIsNull(best))
		best = first;
	if (nfuncs)
		*others = nfuncs - 1;
	return best;
}

/* Puts the label of the function's i-th input or output in g->text: its
** name from the names attribute when there is one, else the fallback
** format filled in with i. */
static void port_label(svg_graph *g, MlirOperation func, const char *names,
		       intptr_t i, const char *fallback)
{
	MlirStringRef name = str_elem(func, names, i);

	g->text.len = 0;
	if (name.data)
		label_append(&g->text, name.data, name.length, LABEL_CHARS);
	else
		buf_printf(&g->text, fallback, (long)i);
}

/* The inputs of the function (its block's arguments), named by
** onnx.input_names when the function has them. */
static void draw_inputs(svg_graph *g, MlirOperation func, MlirBlock block)
{
	intptr_t i;

	for (i = 0; i < mlirBlockGetNumArguments(block); i++) {
		MlirValue arg = mlirBlockGetArgument(block, i);
		Agnode_t *n;

		port_label(g, func, "onnx.input_names", i, "%%arg%ld");
		buf_puts(&g->text, "\\n");
		type_text(&g->text, mlirValueGetType(arg));
		n = new_node(g, g->root, "invhouse", "#dcefdc", g->max);
		if (n)
			map_put(&g->map, arg.ptr, n);
	}
}

/* The outputs: one node per operand of the function's terminator. */
static void draw_outputs(svg_graph *g, MlirOperation func, MlirOperation ret)
{
	intptr_t i;

	for (i = 0; i < mlirOperationGetNumOperands(ret); i++) {
		MlirValue v = mlirOperationGetOperand(ret, i);
		Agnode_t *n;

		port_label(g, func, "onnx.output_names", i, "result %ld");
		n = new_node(g, g->root, "house", "#f9dede", g->max);
		if (n)
			add_edge(g, v, n);
	}
}

/* Types on the edges themselves when there are at most this many: dot
** lays a label out as a node of its own, and the time it takes grows
** fast with them. Past it, the types are the edges' tooltips only. */
#define EDGE_LABELS_MAX 120

static void label_edges(Agraph_t *root)
{
	Agnode_t *n;
	Agedge_t *e;

	for (n = agfstnode(root); n; n = agnxtnode(root, n))
		for (e = agfstout(root, n); e; e = agnxtout(root, e)) {
			char *t = agget(e, "tooltip"), *tie = agget(e, "lhead");
			if (t && *t && !(tie && *tie))
				agsafeset(e, "label", t, "");
		}
}

/* Builds the cgraph graph of module into g->root. */
static void build_graph(svg_graph *g, MlirOperation module, const char *path)
{
	size_t others = 0;
	MlirOperation func = main_function(module, &others);
	MlirOperation ret = {NULL};
	MlirBlock block;
	gred_buf title = {0};

	agattr(g->root, AGRAPH, "rankdir", "TB");
	agattr(g->root, AGRAPH, "compound", "true");
	agattr(g->root, AGRAPH, "splines", (char *)g->style->splines);
	agattr(g->root, AGRAPH, "fontname", "Helvetica,Arial,sans-serif");
	agattr(g->root, AGRAPH, "fontsize", "12");
	agattr(g->root, AGRAPH, "labelloc", "t");
	agattr(g->root, AGRAPH, "nodesep", "0.3");
	agattr(g->root, AGRAPH, "ranksep", "0.35");
	agattr(g->root, AGNODE, "shape", "box");
	agattr(g->root, AGNODE, "style", "rounded,filled");
	agattr(g->root, AGNODE, "fillcolor", "#e8eef8");
	agattr(g->root, AGNODE, "color", "#3b4a63");
	agattr(g->root, AGNODE, "fontname", "Helvetica,Arial,sans-serif");
	agattr(g->root, AGNODE, "fontsize", "11");
	agattr(g->root, AGNODE, "height", "0.3");
	agattr(g->root, AGEDGE, "fontname", "Helvetica,Arial,sans-serif");
	agattr(g->root, AGEDGE, "fontsize", "9");
	agattr(g->root, AGEDGE, "fontcolor", "#4a4a4a");
	agattr(g->root, AGEDGE, "color", "#4a4a4a");
	agattr(g->root, AGEDGE, "arrowsize", "0.6");

	if (mlirOperationIsNull(func)) {
		/* No function: the module's own operations. */
		block = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
	} else {
		block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
		ret = mlirBlockGetTerminator(block);
		draw_inputs(g, func, block);
	}
	if (!mlirBlockIsNull(block)) {
		draw_block(g, g->root, block, ret);
		draw_uses(g, block);
	}
	if (!mlirOperationIsNull(ret))
		draw_outputs(g, func, ret);
	if (g->left_out) {
		g->text.len = 0;
		buf_printf(&g->text, "\xe2\x80\xa6 %zu more operation%s not drawn",
			g->left_out, g->left_out == 1 ? "" : "s");
		new_node(g, g->root, "note", "#ffffff", (size_t)-1);
	}
	if (g->style->edge_labels && agnedges(g->root) <= EDGE_LABELS_MAX)
		label_edges(g->root);
	if (agnnodes(g->root) > FAST_LAYOUT_NODES) {
		agsafeset(g->root, "nslimit", "1", "");
		agsafeset(g->root, "nslimit1", "1", "");
	}

	label_append(&title, path_base(path), strlen(path_base(path)), 60);
	if (!mlirOperationIsNull(func)) {
		MlirStringRef name = str_attr(func, "sym_name");
		buf_puts(&title, ": @");
		label_append(&title, name.data, name.length, LABEL_CHARS);
		if (others)
			buf_printf(&title, " (%zu other function%s not drawn)", others,
				others == 1 ? "" : "s");
	}
	buf_puts(&title, "");
	agsafeset(g->root, "label", title.data, "");
	buf_free(&title);
}

typedef struct svg_job {
	MlirOperation module;
	const char *path;
	const svg_style *style;
	size_t max_nodes;
} svg_job;

/*
** Lays out and renders the graph; run in a forked copy of gred. Graphviz
** 2.42 can take minutes on a few hundred nodes with many crossing edges,
** and can crash in its spline router ("triangulation failed", then a
** double free): the copy is stopped by SIGALRM at the style's budget, and
** a crash or a timeout costs only that try.
*/
static int svg_render(gred_buf *out, void *arg)
{
	const svg_job *j = arg;
	svg_graph g;
	GVC_t *gvc;
	char *data = NULL;
	unsigned int len = 0;
	int rc = -1;

	signal(SIGALRM, SIG_DFL);
	alarm(j->style->seconds);
	memset(&g, 0, sizeof(g));
	g.style = j->style;
	g.max = j->max_nodes < j->style->max_nodes ? j->max_nodes : j->style->max_nodes;
	/* Graphviz prints its messages on stderr unless told to keep them. */
	agseterr(AGMAX);
	gvc = gvContextPlugins(svg_plugins, 0);
	g.root = agopen("gred", Agdirected, NULL);
	build_graph(&g, j->module, j->path);
	if (gvLayout(gvc, g.root, "dot") == 0) {
		if (gvRenderData(gvc, g.root, "svg", &data, &len) == 0 && data) {
			buf_append(out, data, len);
			rc = 0;
		}
		if (data)
			gvFreeRenderData(data);
		gvFreeLayout(gvc, g.root);
	}
	agclose(g.root);
	gvFreeContext(gvc);
	free(g.map.keys);
	free(g.map.nodes);
	buf_free(&g.text);
	return rc;
}

int report_graph_svg_max(gred_buf *out, const char *path, size_t max_nodes,
	gred_error *e)
{
	MlirContext ctx = ir_context_new();
	gred_error why;
	ir_file f;
	svg_job job;
	size_t k, n = sizeof(svg_styles) / sizeof(*svg_styles);
	int rc = -1;

	if (ir_file_load(&f, ctx, path, e) < 0) {
		mlirContextDestroy(ctx);
		return -1;
	}
	job.module = f.op;
	job.path = path;
	job.max_nodes = max_nodes;
	for (k = 0; k < n && rc < 0; k++) {
		job.style = &svg_styles[k];
		rc = proc_call(out, svg_render, &job, &why);
	}
	if (rc < 0) {
		if (strstr(why.msg, "signal 14"))
			snprintf(why.msg, sizeof(why.msg), "took over %u s",
				svg_styles[n - 1].seconds);
		gred_errorf(e, "%s: graphviz could not draw the graph (%s)", path,
			why.msg);
	}
	ir_file_free(&f);
	mlirContextDestroy(ctx);
	return rc;
}

int report_graph_svg(gred_buf *out, const char *path, gred_error *e)
{
	return report_graph_svg_max(out, path, REPORT_GRAPH_MAX_NODES, e);
}

/*
** Pictures of graphs for reports: an ONNX model or an MLIR function as
** SVG, laid out and drawn by graphviz's library.
*/
#ifndef GRED_GRAPH_SVG_H
#define GRED_GRAPH_SVG_H

#include <stddef.h>

#include "util.h"

/* Nodes drawn at most: dot's layout time grows with the cube of the
** nodes on dense graphs (200: about a second; 500: up to minutes). */
#define REPORT_GRAPH_MAX_NODES 200

/* Appends an SVG picture of the graph in path (.onnx or .mlir) to out:
** one box per node (op type), one edge per tensor use, labelled with its
** element type and shape when known.
**
** What is drawn. An ONNX model: its graph, with one node per graph input
** (an inverted house), initializer (a cylinder, named), node (a box: op
** type, then the node's name when short) and graph output (a house).
** An .mlir file: the function @main_graph or @main, else the module's
** first function (the title says how many others there are), its
** arguments as inputs and its terminator's operands as outputs; a module
** without functions has its top-level operations drawn. Regions (If and
** Loop bodies, scf.for, linalg bodies...) are clusters inside their
** operation's scope, their operations drawn in them (an ONNX subgraph's
** closing onnx.Yield is not; MLIR terminators such as scf.yield are); a
** use of a nested block's argument is drawn from the operation owning
** the block. Omitted optional ONNX inputs (onnx.NoValue) are not drawn.
** Every drawn node is one <g class="node"> of the SVG; the graph's title
** is the file name and the function.
**
** At most REPORT_GRAPH_MAX_NODES nodes are drawn, in the file's order
** (inputs first); past them, one note node says how many operations were
** left out, and edges to or from them are not drawn. Edges carry their
** type as a label when there are at most 120 of them, else as a tooltip.
**
** Time. Graphviz runs in a forked copy of gred (util/proc.h, proc_call),
** stopped after 10 s: dot is slow on graphs with many long edges (a
** value used all along a long chain) and 2.42's spline router can crash.
** Then a plainer picture is tried for 20 s (half the nodes, no clusters,
** straight edges); if that fails too, the error says why. So a call takes
** 30 s at worst, and a second or less on reduced cases.
**
** The file is loaded as gred loads any input (ir_file_load): errors read
** "PATH: problem". Graphviz keeps process-wide state (its error level
** and message file), so this is not to be called from two threads at
** once; its messages come back in e rather than on stderr. */
int report_graph_svg(gred_buf *out, const char *path, gred_error *e);

/* The same, drawing at most max_nodes nodes (and the note). */
int report_graph_svg_max(gred_buf *out, const char *path, size_t max_nodes,
	gred_error *e);

#endif

/*
** Pictures of graphs for reports: an ONNX model or an MLIR function as
** SVG, laid out and drawn by graphviz's library.
*/
#ifndef GRED_GRAPH_SVG_H
#define GRED_GRAPH_SVG_H

#include "util.h"

/* Appends an SVG picture of the graph in path (.onnx or .mlir) to out:
** one box per node (op type), one edge per tensor use, labelled with its
** element type and shape when known. */
int report_graph_svg(gred_buf *out, const char *path, gred_error *e);

#endif

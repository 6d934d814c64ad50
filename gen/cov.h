/*
** Coverage of a set of ONNX models, with the metrics of the graph-fuzzing
** papers (Luo et al., Isra): OTC, IDC, ODC, SEC, DEC, SPC, NOO, NOT, NOP.
*/
#ifndef GRED_COV_H
#define GRED_COV_H

#include "onnx.pb-c.h"
#include "util.h"

typedef struct cov cov;

cov *cov_new(void);
void cov_free(cov *c);

/* Adds one model. */
void cov_add_model(cov *c, const Onnx__ModelProto *m);

/* Adds one MLIR program given as text (any dialect, generic or custom
** form): op names, producer -> user edges, types and attributes seen. */
void cov_add_mlir(cov *c, const char *text, size_t len);

/* Reads an .onnx (or .mlir) file and adds it. */
int cov_add_file(cov *c, const char *path, gred_error *e);

/* The metrics, one per line, appended to out. */
void cov_report(const cov *c, gred_buf *out);

/* Single metrics, as fractions in [0, 1] (tests and benchmarks). */
typedef struct cov_summary {
	uint64_t models, nodes, tensors, spc, nop, unknown_ops;
	int op_types;
	double otc, idc, odc, sec, dec;
} cov_summary;

void cov_summarize(const cov *c, cov_summary *out);

/* The structural items covered so far, a count that grows with OTC, IDC,
** ODC, SEC and DEC: op types, (op, input degree), (op, output degree),
** op -> op edges and op -> op -> op paths seen. Cheap enough per model. */
uint64_t cov_structure(const cov *c);

#endif

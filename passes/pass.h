/*
** Reduction passes: each proposes smaller modules by changing a chunk of
** its numbered targets; one table lists them in the order they run.
*/
#ifndef GRED_PASS_H
#define GRED_PASS_H

#include <mlir-c/IR.h>
#include <stddef.h>
#include <stdint.h>

#include "edit.h"
#include "util.h"

/* One target of a pass: op itself, or a part of it that key numbers (a
** region, an operand, an attribute, a dim); for a pass with several
** choices per target, one choice (kind, val). The choices of one target
** are adjacent, most reduced first. */
typedef struct pass_target {
	MlirOperation op;
	intptr_t key;
	int kind;
	double val;
} pass_target;

typedef struct pass_targets {
	pass_target *v;
	size_t n, cap;
} pass_targets;

void pass_targets_push(pass_targets *l, MlirOperation op, intptr_t key,
	int kind, double val);
void pass_targets_free(pass_targets *l);

/* Appends the targets of one op to out. */
typedef void pass_add_fn(pass_targets *out, MlirOperation op);

/* Walks the ops under module as edit_collect(module, keep) does and
** appends, for each op keep accepts, add(out, op); with add NULL, the op
** itself is one target. */
void pass_collect(pass_targets *out, MlirOperation module, edit_keep_fn keep,
	pass_add_fn *add);

/* Whether l->v[k] is the first choice of its target within [begin, k]:
** a chunk makes one choice per target. */
int pass_first_choice(const pass_targets *l, size_t begin, size_t k);

/* A pass lists its targets in a fixed walk order; change makes targets
** [begin, end) of that list (end <= l->n) in the module, which the
** driver hands it as a clone. change returns 1 if it changed something,
** 0 if the chunk had nothing to change. The result need not verify: the
** driver verifies every candidate and drops invalid ones untested. */
typedef struct pass {
	const char *name;
	void (*list)(pass_targets *out, MlirOperation module);
	int (*change)(MlirOperation module, const pass_targets *l,
		size_t begin, size_t end);
} pass;

/* Whether p is local: it lists its targets in the order of a pre-order
** walk, its change reads no entry of l outside [begin, end) and changes
** nothing outside the top-level ops (functions) holding the chunk's
** targets, though their own attributes may change (a new argument).
** A local pass's candidates are made by cloning just those top-level
** ops (reduce/ir_splice.c). */
int pass_is_local(const pass *p);

/* A cut pass (passes/onnx_cut.c) changes only the chunks [k, n) of its
** targets (PASS_CUT_TAIL) or [0, k) (PASS_CUT_HEAD), and a bug that
** survives a cut survives every smaller one as a rule: the driver
** bisects k instead of running ddmin. PASS_CUT_HEAD_FEW is a head cut
** whose bug is likely in the last few targets (the tail cut has just
** ended the graph at it): the driver tries keeping the last 1, 2, 4, ...
** first. pass_cut says which p is. */
enum {
	PASS_DDMIN = 0,
	PASS_CUT_TAIL,
	PASS_CUT_HEAD,
	PASS_CUT_HEAD_FEW
};

int pass_cut(const pass *p);

/* Puts the tensor values in data (as scripts/ort_dump.js writes them)
** on the ops of module's ONNX main graph that made them, for the head
** cut's stand-ins; *out is the number of values it put. */
int pass_record_values(size_t *out, MlirOperation module, const char *data,
	size_t len, gred_error *e);

/* The passes, coarse to fine, NULL-terminated. */
extern const pass *const pass_table[];

/* The number of targets p lists in module. */
size_t pass_count(const pass *p, MlirOperation module);

enum {
	PASS_NO_DCE = 1  /* keep the ops a change leaves without uses */
};

/* Lists p's targets in module and changes [begin, end) of them, the
** range clamped to the list; then (unless PASS_NO_DCE) deletes the ops
** this left without uses: results unused, not already dead before (one
** walk of the module, then a worklist from the deleted ops' operands).
** Without that cascade an op whose only user went away stays, which the
** driver tries once the cascading rounds stop making progress. Returns
** 1 if something changed, 0 if not, -1 on error. */
int pass_apply(const pass *p, MlirOperation module, size_t begin,
	size_t end, int flags, gred_error *e);

/* pass_apply for a local pass, its targets listed already: changes
** l->v[begin, end) (within the list), then deletes the ops this left
** without uses inside roots only, the top-level ops the targets are in. */
int pass_apply_local(const pass *p, MlirOperation module,
	const MlirOperation *roots, size_t nroots, const pass_targets *l,
	size_t begin, size_t end, int flags);

/* A change for passes whose targets are ops: deletes them as edit_delete
** does. */
int pass_delete_ops(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end);

/* A change for passes whose targets are the keys of an op's n(op) slots
** (a function's arguments or results): calls drop(op, keep) once for
** each op among the targets, keep[i] 0 for the slots chosen, else 1. */
int pass_drop_slots(const pass_targets *l, size_t begin, size_t end,
	intptr_t (*n)(MlirOperation op),
	void (*drop)(MlirOperation op, const int *keep));

#define PASS(id, name) extern const pass pass_##id;
#include "passes.def"
#undef PASS

#endif

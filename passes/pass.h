/*
** Reduction passes: each proposes smaller modules by changing a chunk of
** its numbered targets; one table lists them in the order they run.
*/
#ifndef GRED_PASS_H
#define GRED_PASS_H

#include <mlir-c/IR.h>
#include <stddef.h>

#include "util.h"

/* A pass numbers its targets (ops, results, regions...) in a fixed walk
** order; apply changes targets [begin, end) of a module in place (the
** driver hands it a clone). It returns 1 if it changed something, 0 if the
** chunk had nothing to change, -1 on error. The result need not verify:
** the driver verifies every candidate and drops invalid ones untested. */
typedef struct pass {
	const char *name;
	size_t (*count)(MlirOperation module);
	int (*apply)(MlirOperation module, size_t begin, size_t end,
		gred_error *e);
} pass;

/* The passes, coarse to fine, NULL-terminated. */
extern const pass *const pass_table[];

enum {
	PASS_NO_DCE = 1  /* keep the ops a change leaves without uses */
};

/* Runs p on [begin, end) of module, then (unless PASS_NO_DCE) deletes the
** ops this left without uses: results unused, not already dead before.
** Without that cascade an op whose only user went away stays, which the
** driver tries once the cascading rounds stop making progress. */
int pass_apply(const pass *p, MlirOperation module, size_t begin,
	size_t end, int flags, gred_error *e);

#define PASS(id, name) extern const pass pass_##id;
#include "passes.def"
#undef PASS

#endif

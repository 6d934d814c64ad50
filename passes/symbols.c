/*
** Symbol renaming: gives functions, globals and the other symbols of the
** top-level module the shortest free names (@a, @b, ... @aa), rewriting
** every reference. Names the test needs (an entry point it looks for)
** stay, since the candidate without them is not interesting.
*/
#include "pass.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/IR.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_io.h"

static MlirStringRef sym_name(MlirOperation op)
{
	MlirAttribute a = mlirOperationGetAttributeByName(op,
		mlirStringRefCreateFromCString("sym_name"));

	return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ?
		mlirStringAttrGetValue(a) :
		mlirStringRefCreate(NULL, 0);
}

static int keep_symbol(MlirOperation op, int *skip, void *user)
{
	(void)user;
	*skip = 1;
	return edit_is_top_level(op) && sym_name(op).data != NULL;
}

static int name_less(MlirStringRef a, const char *b)
{
	size_t nb = strlen(b);

	if (a.length != nb)
		return a.length < nb;
	return memcmp(a.data, b, nb) < 0;
}

static int name_taken(const pass_targets *syms, const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < syms->n; i++) {
		MlirStringRef s = sym_name(syms->v[i].op);
		if (s.length == n && !memcmp(s.data, name, n))
			return 1;
	}
	return 0;
}

static void symbols_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_symbol, NULL);
}

static int symbols_change(MlirOperation module, const pass_targets *syms,
	size_t begin, size_t end)
{
	MlirContext ctx = mlirOperationGetContext(module);
	size_t i, next = 0;
	int changed = 0;

	for (i = begin; i < end; i++) {
		MlirOperation op = syms->v[i].op;
		MlirStringRef old = sym_name(op);
		char name[16], *was;

		do
			edit_short_name(name, next++);
		while (name_taken(syms, name));
		if (!name_less(old, name)) {
			was = ir_strdup(old);
			if (mlirLogicalResultIsSuccess(
				    mlirSymbolTableReplaceAllSymbolUses(
					    mlirStringRefCreateFromCString(was),
					    mlirStringRefCreateFromCString(name),
					    module))) {
				mlirOperationSetAttributeByName(op,
					mlirStringRefCreateFromCString("sym_name"),
					mlirStringAttrGet(ctx,
						mlirStringRefCreateFromCString(name)));
				changed = 1;
			}
			free(was);
		}
	}
	return changed;
}

const pass pass_symbols = {"symbols", symbols_list, symbols_change};

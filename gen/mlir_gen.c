/*
** The MLIR generators behind one interface: picks a dialect's table by
** name and runs the shared emitter (gen/mlir_emit.c) on it.
*/
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "mlir_emit.h"

struct mlir_gen {
	mlir_emitter m;
};

static const struct {
	const char *name;
	const me_table *table;
} dialects[] = {
	{"tosa", &me_tosa},
	{"linalg", &me_linalg},
	{"vector", &me_vector},
};

int mlir_gen_new(mlir_gen **out, const char *dialect, const gen_options *o,
	gred_error *e)
{
	const me_table *t = NULL;
	mlir_gen *g;
	size_t i;

	for (i = 0; i < sizeof(dialects) / sizeof(dialects[0]); i++)
		if (!strcmp(dialects[i].name, dialect))
			t = dialects[i].table;
	if (!t)
		return gred_errorf(e, "gen: unknown dialect '%s' (tosa, linalg "
			"or vector)", dialect);
	g = xcalloc(1, sizeof(*g));
	if (me_init(&g->m, t->dialect, o, t->rows, t->nrows, t->rowsize,
		    t->rank_lo, e) < 0) {
		free(g);
		return -1;
	}
	*out = g;
	return 0;
}

void mlir_gen_program(mlir_gen *g, gred_buf *out)
{
	me_program(&g->m, out);
}

void mlir_gen_free(mlir_gen *g)
{
	if (!g)
		return;
	me_fini(&g->m);
	free(g);
}

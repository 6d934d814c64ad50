/*
** Region deletion: empties chunks of the regions of ops inside functions
** (an scf.if else branch, a loop body, an unknown op's body).
*/
#include "pass.h"

#include <stdlib.h>

#include "edit.h"

typedef struct region_list {
	MlirRegion *v;
	size_t n, cap;
} region_list;

/* Regions with something in them, of ops that are not functions or
** modules, in pre-order. */
static void collect(region_list *out, MlirOperation module)
{
	edit_ops l = {0};
	size_t i;

	edit_collect(&l, module, edit_keep_all, NULL);
	for (i = 0; i < l.n; i++) {
		MlirRegion r;

		if (edit_is_boundary(l.v[i]))
			continue;
		for (r = mlirOperationGetFirstRegion(l.v[i]); !mlirRegionIsNull(r);
		     r = mlirRegionGetNextInOperation(r)) {
			if (mlirBlockIsNull(mlirRegionGetFirstBlock(r)))
				continue;
			if (out->n == out->cap) {
				out->cap = out->cap ? 2 * out->cap : 64;
				out->v = xrealloc(out->v, out->cap * sizeof(*out->v));
			}
			out->v[out->n++] = r;
		}
	}
	edit_ops_free(&l);
}

static size_t regions_count(MlirOperation module)
{
	region_list l = {0};
	size_t n;

	collect(&l, module);
	n = l.n;
	free(l.v);
	return n;
}

static int regions_apply(MlirOperation module, size_t begin, size_t end,
	gred_error *e)
{
	region_list l = {0};
	size_t k;
	int r = 0;

	(void)e;
	collect(&l, module);
	if (end > l.n)
		end = l.n;
	/* Inner regions first, so no emptied region holds another one still
	** to be visited. The body moves to a scratch region whose destructor
	** drops all references before deleting, so cycles are fine. */
	for (k = end; k-- > begin;) {
		MlirRegion scratch = mlirRegionCreate();
		mlirRegionTakeBody(scratch, l.v[k]);
		mlirRegionDestroy(scratch);
		r = 1;
	}
	free(l.v);
	return r;
}

const pass pass_regions = {"regions", regions_count, regions_apply};

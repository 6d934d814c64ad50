/*
** Region deletion: empties chunks of the regions of ops inside functions
** (an scf.if else branch, a loop body, an unknown op's body).
*/
#include "pass.h"

static int keep_inside(MlirOperation op, int *skip, void *user)
{
	(void)skip;
	(void)user;
	return !edit_is_boundary(op);
}

/* Targets: (op, region) for the regions with something in them. */
static void add_filled_regions(pass_targets *out, MlirOperation op)
{
	intptr_t i, n = mlirOperationGetNumRegions(op);

	for (i = 0; i < n; i++)
		if (!mlirBlockIsNull(mlirRegionGetFirstBlock(
			    mlirOperationGetRegion(op, i))))
			pass_targets_push(out, op, i, 0, 0);
}

static void regions_list(pass_targets *out, MlirOperation module)
{
	pass_collect(out, module, keep_inside, add_filled_regions);
}

static int regions_change(MlirOperation module, const pass_targets *l,
	size_t begin, size_t end)
{
	size_t k;
	int r = 0;

	(void)module;
	/* Inner regions first, so no emptied region holds another one still
	** to be visited. The body moves to a scratch region whose destructor
	** drops all references before deleting, so cycles are fine. */
	for (k = end; k-- > begin;) {
		MlirRegion scratch = mlirRegionCreate();
		mlirRegionTakeBody(scratch, mlirOperationGetRegion(l->v[k].op,
			l->v[k].key));
		mlirRegionDestroy(scratch);
		r = 1;
	}
	return r;
}

const pass pass_regions = {"regions", regions_list, regions_change};

/*
** Random pass pipelines for the mlir-opt:random, mlir-opt:random-vector
** and mlir-opt:random-linalg targets: the passes of mlir-opt-19 that apply
** to generated TOSA (vector, linalg) programs and to what they lower to,
** as tables, and the draw of one pipeline per model from its seed.
*/
#include <string.h>

#include "fuzz.h"
#include "rng.h"

/*
** A program goes down the stages in order; a pipeline stops at a drawn
** one. Between two stages runs one lowering step (one of its variants);
** in a stage run a few optional passes drawn from those whose range holds
** it. Passes marked FUNC only run nested in func.func(...), as mlir-opt
** refuses them on the module.
*/
enum stage { TOSA, TENSORS, BUFFERS, LOOPS, LLVM, NSTAGES };
enum anchor { MODULE, FUNC };

typedef struct pass_row {
	const char *text;          /* name{options}, as in a pipeline */
	unsigned char from, to;    /* the stages it runs in */
	unsigned char anchor;
} pass_row;

static const pass_row optional_passes[] = {
	/* anywhere */
	{"canonicalize", TOSA, LLVM, MODULE},
	{"canonicalize{region-simplify=aggressive}", TOSA, LLVM, MODULE},
	{"canonicalize{top-down=false}", TOSA, LLVM, MODULE},
	{"cse", TOSA, LLVM, MODULE},
	{"sccp", TOSA, LLVM, MODULE},
	{"remove-dead-values", TOSA, LOOPS, MODULE},
	{"symbol-dce", TOSA, LLVM, MODULE},
	{"symbol-privatize", TOSA, LOOPS, MODULE},
	{"inline", TOSA, LOOPS, MODULE},
	{"loop-invariant-code-motion", TOSA, LLVM, MODULE},
	{"control-flow-sink", TOSA, LOOPS, MODULE},
	{"topological-sort", TOSA, LOOPS, MODULE},
	{"mem2reg", BUFFERS, LLVM, MODULE},
	{"sroa", LLVM, LLVM, MODULE},
	/* TOSA */
	{"tosa-optional-decompositions", TOSA, TOSA, FUNC},
	{"tosa-layerwise-constant-fold", TOSA, TOSA, FUNC},
	{"tosa-infer-shapes", TOSA, TOSA, FUNC},
	{"tosa-make-broadcastable", TOSA, TOSA, FUNC},
	/* linalg on tensors */
	{"linalg-fuse-elementwise-ops", TENSORS, TENSORS, MODULE},
	{"linalg-generalize-named-ops", TENSORS, BUFFERS, MODULE},
	{"linalg-fold-unit-extent-dims", TENSORS, TENSORS, MODULE},
	{"linalg-fold-unit-extent-dims{use-rank-reducing-slices}", TENSORS,
		TENSORS, MODULE},
	{"linalg-inline-scalar-operands", TENSORS, BUFFERS, MODULE},
	{"linalg-specialize-generic-ops", TENSORS, BUFFERS, MODULE},
	{"linalg-named-op-conversion", TENSORS, TENSORS, MODULE},
	{"linalg-detensorize", TENSORS, TENSORS, FUNC},
	{"eliminate-empty-tensors", TENSORS, TENSORS, MODULE},
	{"empty-tensor-to-alloc-tensor", TENSORS, TENSORS, MODULE},
	{"fold-tensor-subset-ops", TENSORS, TENSORS, MODULE},
	{"loop-invariant-subset-hoisting", TENSORS, TENSORS, MODULE},
	{"convert-tensor-to-linalg", TENSORS, TENSORS, MODULE},
	/* buffers */
	{"buffer-hoisting", BUFFERS, LOOPS, FUNC},
	{"buffer-loop-hoisting", BUFFERS, LOOPS, FUNC},
	{"promote-buffers-to-stack", BUFFERS, LOOPS, FUNC},
	{"buffer-results-to-out-params", BUFFERS, BUFFERS, MODULE},
	{"drop-equivalent-buffer-results", BUFFERS, BUFFERS, MODULE},
	{"ownership-based-buffer-deallocation", BUFFERS, BUFFERS, MODULE},
	{"buffer-deallocation-simplification", BUFFERS, LOOPS, MODULE},
	{"bufferization-lower-deallocations", BUFFERS, LOOPS, MODULE},
	{"fold-memref-alias-ops", BUFFERS, LOOPS, MODULE},
	{"expand-realloc", BUFFERS, LOOPS, MODULE},
	{"memref-expand", BUFFERS, LOOPS, MODULE},
	/* loops: affine (after convert-linalg-to-affine-loops) and scf */
	{"affine-loop-fusion", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion{mode=producer}", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion{mode=sibling}", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion{fusion-maximal}", LOOPS, LOOPS, MODULE},
	{"affine-scalrep", LOOPS, LOOPS, FUNC},
	{"affine-loop-invariant-code-motion", LOOPS, LOOPS, FUNC},
	{"affine-loop-normalize", LOOPS, LOOPS, FUNC},
	{"affine-loop-normalize{promote-single-iter}", LOOPS, LOOPS, FUNC},
	{"affine-loop-unroll{unroll-factor=2}", LOOPS, LOOPS, FUNC},
	{"affine-loop-unroll{unroll-full}", LOOPS, LOOPS, FUNC},
	{"affine-loop-unroll-jam", LOOPS, LOOPS, FUNC},
	{"affine-loop-tile{tile-size=4}", LOOPS, LOOPS, FUNC},
	{"affine-super-vectorize{virtual-vector-size=4}", LOOPS, LOOPS, FUNC},
	{"affine-super-vectorize{virtual-vector-size=8 vectorize-reductions}",
		LOOPS, LOOPS, FUNC},
	{"affine-data-copy-generate", LOOPS, LOOPS, FUNC},
	{"affine-pipeline-data-transfer", LOOPS, LOOPS, FUNC},
	{"affine-parallelize", LOOPS, LOOPS, FUNC},
	{"affine-simplify-structures", LOOPS, LOOPS, FUNC},
	{"affine-loop-coalescing", LOOPS, LOOPS, FUNC},
	{"affine-expand-index-ops", LOOPS, LOOPS, MODULE},
	{"scf-for-loop-canonicalization", LOOPS, LOOPS, MODULE},
	{"scf-for-loop-peeling", LOOPS, LOOPS, MODULE},
	{"scf-for-loop-range-folding", LOOPS, LOOPS, MODULE},
	{"scf-for-loop-specialization", LOOPS, LOOPS, MODULE},
	{"scf-for-to-while", LOOPS, LOOPS, MODULE},
	{"scf-parallel-loop-fusion", LOOPS, LOOPS, MODULE},
	{"scf-parallel-loop-tiling{parallel-loop-tile-sizes=4}", LOOPS, LOOPS,
		MODULE},
	{"scf-parallel-loop-specialization", LOOPS, LOOPS, MODULE},
	{"lower-vector-multi-reduction", LOOPS, LOOPS, FUNC},
	{"lower-vector-mask", LOOPS, LOOPS, FUNC},
	{"convert-vector-to-scf", LOOPS, LOOPS, MODULE},
	{"arith-expand", LOOPS, LLVM, MODULE},
	{"arith-unsigned-when-equivalent", TENSORS, LOOPS, MODULE},
	{"arith-int-narrowing{int-bitwidths-supported=8,16,32}", LOOPS, LOOPS,
		MODULE},
	{"math-uplift-to-fma", TENSORS, LOOPS, MODULE},
};

/* The lowering steps: step s goes from stage s to s + 1; each row is one
** pass of one variant, the variants of a step numbered from 0. */
typedef struct step_row {
	unsigned char step, variant;
	const char *text;
	unsigned char anchor;
} step_row;

/* one-shot-bufferize across functions and loops, with more options */
#define BUFFERIZE(more) "one-shot-bufferize{bufferize-function-boundaries " \
	"allow-return-allocs-from-loops" more "}"
/* The four ways from tensors to buffers, the same for TOSA and linalg */
#define BUFFERIZE_STEPS \
	{TENSORS, 0, BUFFERIZE(""), MODULE}, \
	{TENSORS, 1, BUFFERIZE( \
		" function-boundary-type-conversion=identity-layout-map"), MODULE}, \
	{TENSORS, 2, BUFFERIZE(" copy-before-write"), MODULE}, \
	{TENSORS, 3, BUFFERIZE( \
		" unknown-type-conversion=identity-layout-map"), MODULE},

static const step_row steps[] = {
	{TOSA, 0, "tosa-to-linalg-named", FUNC},
	{TOSA, 0, "tosa-to-linalg", FUNC},
	{TOSA, 0, "tosa-to-arith{include-apply-rescale=true}", FUNC},
	{TOSA, 0, "tosa-to-tensor", FUNC},
	BUFFERIZE_STEPS
	{BUFFERS, 0, "convert-linalg-to-affine-loops", FUNC},
	{BUFFERS, 1, "convert-linalg-to-affine-loops", FUNC},
	{BUFFERS, 2, "convert-linalg-to-loops", MODULE},
	{BUFFERS, 3, "convert-linalg-to-parallel-loops", MODULE},
	{LOOPS, 0, "convert-vector-to-scf", MODULE},
	{LOOPS, 0, "lower-affine", MODULE},
	{LOOPS, 0, "convert-scf-to-cf", MODULE},
	{LOOPS, 0, "convert-vector-to-llvm", MODULE},
	{LOOPS, 0, "expand-strided-metadata", MODULE},
	{LOOPS, 0, "finalize-memref-to-llvm", MODULE},
	{LOOPS, 0, "convert-math-to-llvm", MODULE},
	{LOOPS, 0, "convert-math-to-libm", MODULE},
	{LOOPS, 0, "convert-arith-to-llvm", MODULE},
	{LOOPS, 0, "convert-func-to-llvm", MODULE},
	{LOOPS, 0, "convert-cf-to-llvm", MODULE},
	{LOOPS, 0, "convert-index-to-llvm", MODULE},
	{LOOPS, 0, "reconcile-unrealized-casts", MODULE},
	{LOOPS, 1, "lower-affine", MODULE},
	{LOOPS, 1, "convert-scf-to-cf", MODULE},
	{LOOPS, 1, "convert-vector-to-llvm{reassociate-fp-reductions "
		"force-32bit-vector-indices}", MODULE},
	{LOOPS, 1, "finalize-memref-to-llvm", MODULE},
	{LOOPS, 1, "convert-math-to-llvm", MODULE},
	{LOOPS, 1, "convert-arith-to-llvm", MODULE},
	{LOOPS, 1, "convert-func-to-llvm", MODULE},
	{LOOPS, 1, "convert-cf-to-llvm", MODULE},
	{LOOPS, 1, "reconcile-unrealized-casts", MODULE},
};

/* Where a pipeline stops: the weight of each last stage. */
static const unsigned char last_stage_weight[NSTAGES] = {1, 4, 3, 6, 6};

/* Vector programs: the vector dialect on vectors, tensors and memrefs;
** after bufferization only memrefs; then loops and LLVM. */
enum vstage { VECTOR, VBUFFERS, VLOOPS, VLLVM, NVSTAGES };

static const pass_row vector_optional_passes[] = {
	/* anywhere */
	{"canonicalize", VECTOR, VLLVM, MODULE},
	{"canonicalize{region-simplify=aggressive}", VECTOR, VLLVM, MODULE},
	{"canonicalize{top-down=false}", VECTOR, VLLVM, MODULE},
	{"canonicalize{test-convergence max-iterations=20}", VECTOR, VLOOPS,
		MODULE},
	{"cse", VECTOR, VLLVM, MODULE},
	{"sccp", VECTOR, VLLVM, MODULE},
	{"remove-dead-values", VECTOR, VLOOPS, MODULE},
	{"symbol-dce", VECTOR, VLLVM, MODULE},
	{"inline", VECTOR, VLOOPS, MODULE},
	{"loop-invariant-code-motion", VECTOR, VLLVM, MODULE},
	{"control-flow-sink", VECTOR, VLOOPS, MODULE},
	{"topological-sort", VECTOR, VLOOPS, MODULE},
	/* the vector dialect's own lowerings, before and after buffers */
	{"lower-vector-mask", VECTOR, VLOOPS, FUNC},
	{"lower-vector-multi-reduction", VECTOR, VLOOPS, FUNC},
	{"lower-vector-multi-reduction{lowering-strategy=inner-parallel}",
		VECTOR, VLOOPS, FUNC},
	{"convert-vector-to-scf", VECTOR, VLOOPS, MODULE},
	{"convert-vector-to-scf{full-unroll}", VECTOR, VLOOPS, MODULE},
	{"convert-vector-to-scf{target-rank=0}", VECTOR, VLOOPS, MODULE},
	{"convert-vector-to-scf{lower-tensors full-unroll}", VECTOR, VECTOR,
		MODULE},
	{"arm-sve-legalize-vector-storage", VECTOR, VLOOPS, FUNC},
	/* straight to LLVM, on vectors no pass has lowered yet */
	{"convert-vector-to-llvm", VECTOR, VLOOPS, MODULE},
	{"convert-vector-to-llvm{reassociate-fp-reductions}", VECTOR, VLOOPS,
		MODULE},
	{"convert-vector-to-llvm{force-32bit-vector-indices}", VECTOR, VLOOPS,
		MODULE},
	{"convert-vector-to-llvm{enable-arm-sve}", VECTOR, VLOOPS, MODULE},
	{"math-uplift-to-fma", VECTOR, VLOOPS, MODULE},
	{"arith-expand", VECTOR, VLLVM, MODULE},
	{"arith-emulate-wide-int{widest-int-supported=16}", VECTOR, VLOOPS,
		MODULE},
	{"arith-int-narrowing{int-bitwidths-supported=8,16}", VECTOR, VLOOPS,
		MODULE},
	{"arith-unsigned-when-equivalent", VECTOR, VLOOPS, MODULE},
	/* buffers and loops */
	{"fold-memref-alias-ops", VBUFFERS, VLOOPS, MODULE},
	{"expand-strided-metadata", VBUFFERS, VLOOPS, MODULE},
	{"mem2reg", VBUFFERS, VLLVM, MODULE},
	{"promote-buffers-to-stack", VBUFFERS, VLOOPS, FUNC},
	{"scf-for-loop-canonicalization", VLOOPS, VLOOPS, MODULE},
	{"scf-for-to-while", VLOOPS, VLOOPS, MODULE},
	{"lower-affine", VLOOPS, VLOOPS, MODULE},
};

static const step_row vector_steps[] = {
	{VECTOR, 0, "one-shot-bufferize{bufferize-function-boundaries}",
		MODULE},
	{VECTOR, 1, "one-shot-bufferize{bufferize-function-boundaries "
		"function-boundary-type-conversion=identity-layout-map}", MODULE},
	{VECTOR, 2, "one-shot-bufferize{bufferize-function-boundaries "
		"copy-before-write}", MODULE},
	{VBUFFERS, 0, "lower-vector-mask", FUNC},
	{VBUFFERS, 0, "convert-vector-to-scf", MODULE},
	{VBUFFERS, 1, "convert-vector-to-scf{full-unroll}", MODULE},
	{VBUFFERS, 2, "lower-vector-multi-reduction", FUNC},
	{VBUFFERS, 2, "convert-vector-to-scf{target-rank=0 full-unroll}",
		MODULE},
	{VBUFFERS, 3, "lower-vector-mask", FUNC},
	{VLOOPS, 0, "convert-scf-to-cf", MODULE},
	{VLOOPS, 0, "convert-vector-to-llvm", MODULE},
	{VLOOPS, 1, "convert-vector-to-llvm{reassociate-fp-reductions}", MODULE},
	{VLOOPS, 1, "convert-scf-to-cf", MODULE},
	{VLOOPS, 2, "convert-scf-to-cf", MODULE},
	{VLOOPS, 2, "convert-vector-to-llvm{force-32bit-vector-indices}",
		MODULE},
	{VLOOPS, 3, "convert-scf-to-cf", MODULE},
	{VLOOPS, 3, "convert-vector-to-llvm{reassociate-fp-reductions "
		"force-32bit-vector-indices enable-x86vector}", MODULE},
	{VLOOPS, 4, "convert-scf-to-cf", MODULE},
	{VLOOPS, 4, "convert-vector-to-llvm{enable-arm-sve}", MODULE},
	{VLOOPS, 5, "convert-scf-to-cf", MODULE},
	{VLOOPS, 5, "convert-vector-to-llvm{enable-arm-neon enable-amx}",
		MODULE},
};

/* The passes every vector step to LLVM ends with, after its variant. */
static const step_row vector_llvm_tail[] = {
	{VLOOPS, 0, "expand-strided-metadata", MODULE},
	{VLOOPS, 0, "finalize-memref-to-llvm", MODULE},
	{VLOOPS, 0, "convert-math-to-llvm", MODULE},
	{VLOOPS, 0, "convert-arith-to-llvm", MODULE},
	{VLOOPS, 0, "convert-func-to-llvm", MODULE},
	{VLOOPS, 0, "convert-cf-to-llvm", MODULE},
	{VLOOPS, 0, "convert-index-to-llvm", MODULE},
	{VLOOPS, 0, "reconcile-unrealized-casts", MODULE},
};

static const unsigned char vector_last_stage_weight[NVSTAGES] = {5, 2, 3, 6};

/*
** Linalg programs start at the TENSORS stage of the TOSA plan. Their
** optional passes lean to where linalg goes: affine loops (tiled,
** unrolled, vectorised, then fused, each in several modes) and
** canonicalize after each lowering; most pipelines go down to loops.
*/
static const pass_row linalg_optional_passes[] = {
	/* anywhere */
	{"canonicalize", TENSORS, LLVM, MODULE},
	{"canonicalize{region-simplify=aggressive}", TENSORS, LLVM, MODULE},
	{"canonicalize{top-down=false}", TENSORS, LLVM, MODULE},
	{"cse", TENSORS, LLVM, MODULE},
	{"sccp", TENSORS, LLVM, MODULE},
	{"symbol-dce", TENSORS, LLVM, MODULE},
	{"inline", TENSORS, LOOPS, MODULE},
	{"loop-invariant-code-motion", TENSORS, LLVM, MODULE},
	{"control-flow-sink", TENSORS, LOOPS, MODULE},
	{"mem2reg", BUFFERS, LLVM, MODULE},
	/* linalg on tensors */
	{"linalg-fuse-elementwise-ops", TENSORS, TENSORS, MODULE},
	{"linalg-generalize-named-ops", TENSORS, BUFFERS, MODULE},
	{"linalg-fold-unit-extent-dims", TENSORS, TENSORS, MODULE},
	{"linalg-inline-scalar-operands", TENSORS, BUFFERS, MODULE},
	{"linalg-specialize-generic-ops", TENSORS, BUFFERS, MODULE},
	{"linalg-named-op-conversion", TENSORS, TENSORS, MODULE},
	{"linalg-detensorize", TENSORS, TENSORS, FUNC},
	{"eliminate-empty-tensors", TENSORS, TENSORS, MODULE},
	{"fold-tensor-subset-ops", TENSORS, TENSORS, MODULE},
	/* buffers */
	{"buffer-hoisting", BUFFERS, LOOPS, FUNC},
	{"buffer-loop-hoisting", BUFFERS, LOOPS, FUNC},
	{"promote-buffers-to-stack", BUFFERS, LOOPS, FUNC},
	{"buffer-results-to-out-params", BUFFERS, BUFFERS, MODULE},
	{"fold-memref-alias-ops", BUFFERS, LOOPS, MODULE},
	{"expand-strided-metadata", BUFFERS, LOOPS, MODULE},
	/* affine loops: reshaped first, then fused; scf loops */
	{"affine-loop-fusion", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion{mode=producer}", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion{mode=sibling}", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion{fusion-maximal}", LOOPS, LOOPS, MODULE},
	{"affine-loop-fusion{mode=producer fusion-maximal}", LOOPS, LOOPS,
		MODULE},
	{"affine-loop-fusion{fusion-compute-tolerance=0.5 "
		"fusion-local-buf-threshold=1}", LOOPS, LOOPS, MODULE},
	{"affine-scalrep", LOOPS, LOOPS, FUNC},
	{"affine-loop-invariant-code-motion", LOOPS, LOOPS, FUNC},
	{"affine-loop-normalize", LOOPS, LOOPS, FUNC},
	{"affine-loop-normalize{promote-single-iter}", LOOPS, LOOPS, FUNC},
	{"affine-loop-unroll{unroll-factor=2}", LOOPS, LOOPS, FUNC},
	{"affine-loop-unroll{unroll-full}", LOOPS, LOOPS, FUNC},
	{"affine-loop-unroll-jam{unroll-jam-factor=2}", LOOPS, LOOPS, FUNC},
	{"affine-loop-tile{tile-size=1}", LOOPS, LOOPS, FUNC},
	{"affine-loop-tile{tile-size=2}", LOOPS, LOOPS, FUNC},
	{"affine-loop-tile{cache-size=1}", LOOPS, LOOPS, FUNC},
	{"affine-super-vectorize{virtual-vector-size=4}", LOOPS, LOOPS, FUNC},
	{"affine-super-vectorize{virtual-vector-size=2,2}", LOOPS, LOOPS,
		FUNC},
	{"affine-super-vectorize{virtual-vector-size=8 vectorize-reductions}",
		LOOPS, LOOPS, FUNC},
	{"affine-data-copy-generate", LOOPS, LOOPS, FUNC},
	{"affine-data-copy-generate{generate-dma fast-mem-space=0}", LOOPS,
		LOOPS, FUNC},
	{"affine-pipeline-data-transfer", LOOPS, LOOPS, FUNC},
	{"affine-parallelize", LOOPS, LOOPS, FUNC},
	{"affine-parallelize{parallel-reductions}", LOOPS, LOOPS, FUNC},
	{"affine-simplify-structures", LOOPS, LOOPS, FUNC},
	{"affine-loop-coalescing", LOOPS, LOOPS, FUNC},
	{"affine-expand-index-ops", LOOPS, LOOPS, MODULE},
	{"scf-for-loop-canonicalization", LOOPS, LOOPS, MODULE},
	{"scf-for-loop-peeling", LOOPS, LOOPS, MODULE},
	{"scf-for-loop-range-folding", LOOPS, LOOPS, MODULE},
	{"scf-for-to-while", LOOPS, LOOPS, MODULE},
	{"scf-parallel-loop-fusion", LOOPS, LOOPS, MODULE},
	{"scf-parallel-loop-tiling{parallel-loop-tile-sizes=2}", LOOPS, LOOPS,
		MODULE},
	{"lower-affine", LOOPS, LOOPS, MODULE},
	{"convert-vector-to-scf", LOOPS, LOOPS, MODULE},
	{"arith-expand", LOOPS, LLVM, MODULE},
	{"math-uplift-to-fma", TENSORS, LOOPS, MODULE},
};

/* The steps of linalg programs: those of TOSA from TENSORS on, with
** affine loops the likeliest way down from buffers, and a way to LLVM
** that converts functions and buffers before the affine loops. */
static const step_row linalg_steps[] = {
	BUFFERIZE_STEPS
	{BUFFERS, 0, "convert-linalg-to-affine-loops", FUNC},
	{BUFFERS, 1, "convert-linalg-to-affine-loops", FUNC},
	{BUFFERS, 2, "convert-linalg-to-affine-loops", FUNC},
	{BUFFERS, 3, "convert-linalg-to-loops", MODULE},
	{BUFFERS, 4, "convert-linalg-to-parallel-loops", MODULE},
	{LOOPS, 0, "lower-affine", MODULE},
	{LOOPS, 0, "convert-scf-to-cf", MODULE},
	{LOOPS, 0, "convert-vector-to-llvm", MODULE},
	{LOOPS, 0, "expand-strided-metadata", MODULE},
	{LOOPS, 0, "finalize-memref-to-llvm", MODULE},
	{LOOPS, 0, "convert-math-to-llvm", MODULE},
	{LOOPS, 0, "convert-math-to-libm", MODULE},
	{LOOPS, 0, "convert-arith-to-llvm", MODULE},
	{LOOPS, 0, "convert-func-to-llvm", MODULE},
	{LOOPS, 0, "convert-cf-to-llvm", MODULE},
	{LOOPS, 0, "convert-index-to-llvm", MODULE},
	{LOOPS, 0, "reconcile-unrealized-casts", MODULE},
	/* functions and buffers to LLVM while affine loops are still there */
	{LOOPS, 1, "expand-strided-metadata", MODULE},
	{LOOPS, 1, "finalize-memref-to-llvm", MODULE},
	{LOOPS, 1, "convert-func-to-llvm", MODULE},
	{LOOPS, 1, "lower-affine", MODULE},
	{LOOPS, 1, "convert-scf-to-cf", MODULE},
	{LOOPS, 1, "convert-math-to-llvm", MODULE},
	{LOOPS, 1, "convert-arith-to-llvm", MODULE},
	{LOOPS, 1, "convert-cf-to-llvm", MODULE},
	{LOOPS, 1, "convert-index-to-llvm", MODULE},
	{LOOPS, 1, "reconcile-unrealized-casts", MODULE},
};

static const unsigned char linalg_last_stage_weight[NSTAGES] = {
	0, 2, 2, 8, 4
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* What a pipeline is drawn from: the optional passes of each stage, the
** steps between stages, and passes that end the last step. */
typedef struct plan {
	const pass_row *optional;
	size_t noptional;
	const step_row *steps;
	size_t nsteps;
	const step_row *tail;
	size_t ntail;
	const unsigned char *weight;
	int first, nstages;        /* the stage programs start in, and all */
	int most;                  /* optional passes per stage, at most */
} plan;

static const plan tosa_plan = {
	optional_passes, N(optional_passes), steps, N(steps), NULL, 0,
	last_stage_weight, TOSA, NSTAGES, 3
};

static const plan vector_plan = {
	vector_optional_passes, N(vector_optional_passes), vector_steps,
	N(vector_steps), vector_llvm_tail, N(vector_llvm_tail),
	vector_last_stage_weight, VECTOR, NVSTAGES, 3
};

static const plan linalg_plan = {
	linalg_optional_passes, N(linalg_optional_passes), linalg_steps,
	N(linalg_steps), NULL, 0, linalg_last_stage_weight, TENSORS, NSTAGES, 4
};

/* The pipeline being written: func.func passes in a row share a nest. */
typedef struct writer {
	gred_buf *b;
	int empty;     /* nothing yet in the list being written */
	int in_func;
} writer;

static void put(writer *w, const char *text, int anchor)
{
	if (w->in_func && anchor != FUNC) {
		buf_puts(w->b, ")");
		w->in_func = 0;
	}
	if (!w->empty)
		buf_puts(w->b, ",");
	if (anchor == FUNC && !w->in_func) {
		buf_puts(w->b, "func.func(");
		w->in_func = 1;
	}
	buf_puts(w->b, text);
	w->empty = 0;
}

static int variants(const plan *pl, int step)
{
	size_t i;
	int n = 0;

	for (i = 0; i < pl->nsteps; i++)
		if (pl->steps[i].step == step && pl->steps[i].variant >= n)
			n = pl->steps[i].variant + 1;
	return n;
}

/* 0 to pl->most optional passes of stage s, any of them maybe twice. */
static void put_optional(const plan *pl, writer *w, rng *r, int s)
{
	size_t ok[128], n = 0, i;
	int k, count = (int)rng_range(r, 0, pl->most);

	for (i = 0; i < pl->noptional && n < N(ok); i++)
		if (pl->optional[i].from <= s && s <= pl->optional[i].to)
			ok[n++] = i;
	for (k = 0; k < count && n; k++) {
		const pass_row *p = &pl->optional[ok[rng_range(r, 0,
			(int64_t)n - 1)]];
		put(w, p->text, p->anchor);
	}
}

/* The random targets: each one's generator and plan. */
static const struct random_target {
	const char *name, *dialect;
	const plan *plan;
} random_targets[] = {
	{"mlir-opt:random", "tosa", &tosa_plan},
	{"mlir-opt:random-vector", "vector", &vector_plan},
	{"mlir-opt:random-linalg", "linalg", &linalg_plan},
};

static const struct random_target *random_target_of(const char *target)
{
	size_t i;

	for (i = 0; target && i < N(random_targets); i++)
		if (!strcmp(target, random_targets[i].name))
			return &random_targets[i];
	return NULL;
}

static const plan *plan_of(const char *target)
{
	const struct random_target *t = random_target_of(target);

	return t ? t->plan : &tosa_plan;
}

char *fuzz_pipeline_draw(const char *target, uint64_t seed)
{
	const plan *pl = plan_of(target);
	gred_buf b = {0};
	writer w = {&b, 1, 0};
	rng r;
	int total = 0, pick, last, s;
	size_t i;

	rng_seed(&r, seed ^ 0x70617373u);  /* apart from the program's draws */
	for (s = pl->first; s < pl->nstages; s++)
		total += pl->weight[s];
	pick = (int)rng_range(&r, 0, total - 1);
	for (last = pl->first; pick >= pl->weight[last]; last++)
		pick -= pl->weight[last];
	buf_puts(&b, "builtin.module(");
	for (s = pl->first; s <= last; s++) {
		put_optional(pl, &w, &r, s);
		if (s < last) {
			int v = (int)rng_range(&r, 0, variants(pl, s) - 1);
			for (i = 0; i < pl->nsteps; i++)
				if (pl->steps[i].step == s && pl->steps[i].variant == v)
					put(&w, pl->steps[i].text, pl->steps[i].anchor);
			if (s == pl->nstages - 2)
				for (i = 0; i < pl->ntail; i++)
					put(&w, pl->tail[i].text, pl->tail[i].anchor);
		}
	}
	if (w.in_func)
		buf_puts(&b, ")");
	buf_puts(&b, ")");
	return b.data;
}

int fuzz_pipeline_is_random(const char *target)
{
	return random_target_of(target) != NULL;
}

const char *fuzz_pipeline_dialect(const char *target)
{
	const struct random_target *t = random_target_of(target);

	return t ? t->dialect : "tosa";
}

void fuzz_pipeline_block(gred_buf *out, const char *pipeline)
{
	buf_printf(out, "{-#\n  external_resources: {\n    mlir_reproducer: {\n"
		"      pipeline: \"%s\",\n      disable_threading: true,\n"
		"      verify_each: true\n    }\n  }\n#-}\n", pipeline);
}

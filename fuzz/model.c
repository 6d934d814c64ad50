/*
** The models of a campaign: model k is generated from its own seed, so it
** is the same whatever -j, --shard or --resume, and needs no model before.
*/
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gen.h"
#include "rng.h"

uint64_t fuzz_model_seed(uint64_t seed, long k)
{
	uint64_t x = seed ^ ((uint64_t)k * 0xd1b54a32d192ed03ull);

	return rng_splitmix(&x);
}

int fuzz_guided(const fuzz_options *o)
{
	return o->mcts || o->mutations > 0;
}

int fuzz_gen_options(gen_options *go, const fuzz_options *o, uint64_t seed,
	gred_error *e)
{
	gen_options init = GEN_OPTIONS_INIT;

	*go = init;
	go->seed = seed;
	go->nodes = o->nodes;
	go->ops = o->ops;
	go->mutations = o->mutations;
	go->mcts = o->mcts;
	if (o->skeleton && *o->skeleton) {
		int sk = gen_skeleton_parse(o->skeleton);
		if (sk < 0)
			return gred_errorf(e, "unknown skeleton '%s' (chain, ws or "
				"residual)", o->skeleton);
		go->skeleton = sk;
	}
	return 0;
}

int fuzz_generate(gred_buf *out, const fuzz_options *o, const char *ext,
	long k, gred_error *e)
{
	gen_options go;
	int err;

	if (fuzz_gen_options(&go, o, fuzz_model_seed(o->seed, k), e) < 0)
		return -1;
	if (!strcmp(ext, "mlir")) {
		if (go.max_rank > 4)
			go.max_rank = 4;
		mlir_gen *m;
		if (mlir_gen_new(&m, fuzz_pipeline_dialect(o->target), &go, e) < 0)
			return -1;
		mlir_gen_program(m, out);
		mlir_gen_free(m);
		err = 0;
		if (err == 0 && fuzz_pipeline_is_random(o->target)) {
			char *p = fuzz_pipeline_draw(o->target, go.seed);
			fuzz_pipeline_block(out, p);
			free(p);
		}
		return err;
	} else {
		gen *g;
		if (gen_new(&g, &go, e) < 0)
			return -1;
		err = gen_model(g, out, e);
		gen_free(g);
		return err;
	}
}

/*
** The models of a campaign: model k is generated from its own seed, so it
** is the same whatever -j, --shard or --resume, and needs no model before.
*/
#include <string.h>

#include "fuzz.h"
#include "gen.h"
#include "rng.h"
#include "tosa.h"

uint64_t fuzz_model_seed(uint64_t seed, long k)
{
	uint64_t x = seed ^ ((uint64_t)k * 0xd1b54a32d192ed03ull);

	return rng_splitmix(&x);
}

int fuzz_generate(gred_buf *out, const fuzz_options *o, const char *ext,
	long k, gred_error *e)
{
	gen_options go = GEN_OPTIONS_INIT;
	int err;

	go.seed = fuzz_model_seed(o->seed, k);
	go.nodes = o->nodes;
	go.ops = o->ops;
	if (!strcmp(ext, "mlir")) {
		tosa_gen *t;
		if (go.max_rank > 4)
			go.max_rank = 4;
		if (tosa_gen_new(&t, &go, e) < 0)
			return -1;
		err = tosa_gen_program(t, out, e);
		tosa_gen_free(t);
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

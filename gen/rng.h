/*
** A small seeded PRNG (xoshiro256**, seeded by splitmix64) that callers
** pass around explicitly: the same seed gives the same models.
*/
#ifndef GRED_RNG_H
#define GRED_RNG_H

#include <stdint.h>

typedef struct rng {
	uint64_t s[4];
} rng;

static inline uint64_t rng_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static inline void rng_seed(rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t rng_next(rng *r)
{
	uint64_t *s = r->s, t = s[1] << 17;
	uint64_t x = s[1] * 5, res = ((x << 7) | (x >> 57)) * 9;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return res;
}

/* Uniform in [lo, hi] (hi >= lo). */
static inline int64_t rng_range(rng *r, int64_t lo, int64_t hi)
{
	uint64_t span = (uint64_t)(hi - lo) + 1;

	return lo + (int64_t)(span ? rng_next(r) % span : rng_next(r));
}

/* Uniform in [0, 1). */
static inline double rng_unit(rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

static inline int rng_chance(rng *r, double p)
{
	return rng_unit(r) < p;
}

#endif

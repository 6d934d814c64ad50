/*
** Hash maps of the ONNX bridge: value names to values on import, values
** to names on export (open addressing, keys not owned).
*/
#include <stdlib.h>
#include <string.h>

#include "onnx_internal.h"

static size_t map_hash(const onnx_map *m, const void *key)
{
	if (m->by_ptr) {
		uint64_t x = (uint64_t)(uintptr_t)key;
		x ^= x >> 33;
		x *= 0xff51afd7ed558ccdULL;
		x ^= x >> 33;
		return (size_t)x;
	}
	return (size_t)hash_bytes(key, strlen(key));
}

static int map_eq(const onnx_map *m, const void *a, const void *b)
{
	return m->by_ptr ? a == b : !strcmp(a, b);
}

static onnx_map_ent *map_find(const onnx_map *m, const void *key)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = map_hash(m, key) & (m->cap - 1); m->v[i].key;
	     i = (i + 1) & (m->cap - 1))
		if (map_eq(m, m->v[i].key, key))
			return &m->v[i];
	return &m->v[i];
}

void *onnx_map_get(const onnx_map *m, const void *key)
{
	onnx_map_ent *e = map_find(m, key);
	return e && e->key ? e->val : NULL;
}

void onnx_map_put(onnx_map *m, const void *key, void *val)
{
	onnx_map_ent *e;

	if (2 * (m->n + 1) > m->cap) {
		onnx_map old = *m;
		size_t i;

		m->cap = m->cap ? 2 * m->cap : 64;
		m->v = xcalloc(m->cap, sizeof(*m->v));
		m->n = 0;
		for (i = 0; i < old.cap; i++)
			if (old.v[i].key)
				onnx_map_put(m, old.v[i].key, old.v[i].val);
		free(old.v);
	}
	e = map_find(m, key);
	if (!e->key) {
		e->key = key;
		m->n++;
	}
	e->val = val;
}

void onnx_map_free(onnx_map *m)
{
	free(m->v);
	m->v = NULL;
	m->n = m->cap = 0;
}

/*
** Writing a generated graph as an ONNX ModelProto with protobuf-c, all
** messages in one arena that is reused from model to model.
*/
#ifndef GRED_GEN_WRITE_H
#define GRED_GEN_WRITE_H

#include <stdint.h>

#include "util.h"

struct ggraph;
struct cov;

typedef struct gen_arena_chunk gen_arena_chunk;

typedef struct gen_writer {
	gen_arena_chunk *chunks;
	gen_arena_chunk *cur;
	char **names; /* tensor names of the model being written */
} gen_writer;

void gen_writer_init(gen_writer *w);
void gen_writer_free(gen_writer *w);

/* Serialises g (model number index) and appends the bytes to out; feeds
** the model to c and c2 first when they are not NULL. */
int gen_write(gen_writer *w, struct ggraph *g, uint64_t index,
	struct cov *c, struct cov *c2, gred_buf *out, gred_error *e);

#endif

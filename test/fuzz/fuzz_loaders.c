/*
** Mutation fuzzer for gred's loaders: mutates seed files and feeds each
** result, in process, to the load and write path `gred convert` uses.
*/
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir_file.h"
#include "mlir_io.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define HAVE_DEATH_CALLBACK 1
#endif

static const char usage[] =
	"usage: fuzz_loaders [options] SEED...\n"
	"  --format mlir|onnx  how inputs are loaded (default: each seed's)\n"
	"  --seed S            PRNG seed (default 1)\n"
	"  --start I           first input index (default 0)\n"
	"  --count N           inputs to try (default 10000)\n"
	"  --crash-dir DIR     where a crashing input is written (default .)\n"
	"  --fresh N           a new MLIR context every N inputs (default 500)\n"
	"  --verbose           print why each rejected input was rejected\n"
	"  --direct            MLIR text straight to the in-process parse,\n"
	"                      without the forked check parse before it: fast,\n"
	"                      but MLIR's own heap corruption on some bad text\n"
	"                      can then kill the run later (see ir_file.c)\n"
	"  --save              also write each input to the crash dir, as\n"
	"                      input-I.FORMAT (to reproduce a few)\n"
	"Input I depends only on S, I and the seeds: a run resumed at I+1\n"
	"after a crash at I goes on as if nothing happened. Prints\n"
	"\"inputs N accepted N rejected N\".\n";

/* The largest input made: mutations that would grow past it are skipped. */
#define MAX_INPUT (4u << 20)

typedef struct seed {
	char *data;
	size_t len;
} seed;

/* splitmix64: small, seedable, good enough to pick mutations. */
typedef struct prng {
	uint64_t s;
} prng;

static uint64_t prng_next(prng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A number in [0, n); n > 0. */
static size_t prng_below(prng *r, size_t n)
{
	return (size_t)(prng_next(r) % n);
}

/* The input being built, kept where a crash handler can reach it. */
typedef struct input {
	char *data;
	size_t len, cap;
} input;

static void input_reserve(input *in, size_t len)
{
	if (len + 1 > in->cap) {
		in->cap = (len + 1) * 2;
		in->data = realloc(in->data, in->cap);
		if (!in->data)
			abort();
	}
}

/* Replaces the n bytes at pos with the m bytes at p. */
static void input_splice(input *in, size_t pos, size_t n, const char *p,
	size_t m)
{
	size_t len = in->len - n + m;

	input_reserve(in, len);
	memmove(in->data + pos + m, in->data + pos + n, in->len - pos - n);
	if (m)
		memmove(in->data + pos, p, m);
	in->len = len;
}

/* Nesting the text parser and the protobuf reader see. */
static const char *const mlir_openers[] = {
	"(", "[", "{", "<", "({", "\"test.op\"() ({\n", "tensor<", "[[",
	"!llvm.ptr<", "affine_map<(d0) -> (", "{a = ", "func.func @f() {\n"
};
static const char *const mlir_closers[] = {
	")", "]", "}", ">", "})", "}) : () -> ()\n", ">", "]]", ">", ")>",
	"}", "}\n"
};
/* Length-delimited protobuf field keys, fields 1 to 8. */
static const unsigned char pb_keys[] = {
	0x0a, 0x12, 0x1a, 0x22, 0x2a, 0x32, 0x3a, 0x42
};

static size_t varint_put(unsigned char *p, uint64_t v)
{
	size_t n = 0;

	do {
		p[n++] = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v);
	return n;
}

/* Wraps the bytes [pos, pos+n) k times as a length-delimited field. */
static void pb_wrap(input *in, prng *r, size_t pos, size_t n, int k)
{
	unsigned char head[11];

	while (k-- > 0 && in->len + sizeof(head) <= MAX_INPUT) {
		size_t h = 1;
		head[0] = pb_keys[prng_below(r, sizeof(pb_keys))];
		h += varint_put(head + 1, n);
		input_splice(in, pos, 0, (const char *)head, h);
		n += h;
	}
}

/* Nests count openers (and as many closers, maybe) around pos. */
static void text_nest(input *in, prng *r, size_t pos, int count)
{
	size_t k = prng_below(r, sizeof(mlir_openers) / sizeof(*mlir_openers));
	size_t lo = strlen(mlir_openers[k]), lc = strlen(mlir_closers[k]);
	int closed = prng_below(r, 2) == 0, i;

	for (i = 0; i < count && in->len + lo + lc <= MAX_INPUT; i++) {
		input_splice(in, pos, 0, mlir_openers[k], lo);
		if (closed)
			input_splice(in, pos + lo, 0, mlir_closers[k], lc);
	}
}

/* Interesting values for a byte or a 32-bit field. */
static const int64_t magic[] = {
	0, 1, -1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0xffff, 0x7fffffff,
	(int64_t)0xffffffffu, INT64_MAX, INT64_MIN
};
/* Tokens worth dropping into MLIR text. */
static const char *const tokens[] = {
	"?", "x", "0x", "-1", "999999999999999999999", "\"", "\\", "//", "#",
	"%", "^bb0", "!", "->", ":", ",", "=", "dense<", "dense_resource<",
	"{-#", "#-}", "tensor<", "memref<", "i0", "f8E4M3FN", "complex<",
	"vector<[4]x", "0.0e999", "nan", "loc(", "unit", "@", "\0", "\xff"
};

/* Mutations that keep text mostly well-formed, so that many inputs get
** past the parser into the verifier and the writers: a digit changed, a
** line dropped or repeated. */
static void text_mutate(input *in, prng *r)
{
	size_t pos, end, i;
	char *copy;

	if (!in->len)
		return;
	pos = prng_below(r, in->len);
	switch (prng_below(r, 3)) {
	case 0:
		for (i = 0; i < in->len; i++, pos = (pos + 1) % in->len)
			if (in->data[pos] >= '0' && in->data[pos] <= '9') {
				in->data[pos] = (char)('0' + prng_below(r, 10));
				break;
			}
		break;
	case 1:
	case 2:
		while (pos && in->data[pos - 1] != '\n')
			pos--;
		end = pos;
		while (end < in->len && in->data[end++] != '\n')
			;
		if (prng_below(r, 2)) {
			input_splice(in, pos, end - pos, NULL, 0);
		} else if (in->len + (end - pos) <= MAX_INPUT) {
			copy = malloc(end - pos + 1);
			if (!copy)
				abort();
			memcpy(copy, in->data + pos, end - pos);
			input_splice(in, end, 0, copy, end - pos);
			free(copy);
		}
		break;
	}
}

/* One mutation of in, with the other seeds to splice from. */
static void mutate_once(input *in, prng *r, const seed *seeds, size_t nseeds,
	int text)
{
	size_t pos = in->len ? prng_below(r, in->len + 1) : 0, n;
	const seed *o;

	if (text && prng_below(r, 3) == 0) {
		text_mutate(in, r);
		return;
	}
	switch (prng_below(r, 10)) {
	case 0: /* flip a bit */
		if (in->len)
			in->data[prng_below(r, in->len)] ^=
				(char)(1u << prng_below(r, 8));
		break;
	case 1: /* set a byte */
		if (in->len)
			in->data[prng_below(r, in->len)] = (char)prng_next(r);
		break;
	case 2: { /* write an interesting value, 1 to 8 bytes wide */
		int64_t v = magic[prng_below(r, sizeof(magic) / sizeof(*magic))];
		size_t w = 1 + prng_below(r, 8);
		if (in->len >= w) {
			pos = prng_below(r, in->len - w + 1);
			memcpy(in->data + pos, &v, w);
		}
		break;
	}
	case 3: { /* insert random bytes */
		char b[16];
		size_t i;
		n = 1 + prng_below(r, sizeof(b));
		for (i = 0; i < n; i++)
			b[i] = (char)prng_next(r);
		if (in->len + n <= MAX_INPUT)
			input_splice(in, pos, 0, b, n);
		break;
	}
	case 4: /* delete a range */
		if (in->len > pos) {
			n = 1 + prng_below(r, prng_below(r, 2) ? 8 : in->len - pos);
			if (n > in->len - pos)
				n = in->len - pos;
			input_splice(in, pos, n, NULL, 0);
		}
		break;
	case 5: /* splice in a chunk of another seed, replacing or not */
		o = &seeds[prng_below(r, nseeds)];
		if (o->len) {
			size_t from = prng_below(r, o->len);
			size_t m = 1 + prng_below(r, o->len - from);
			n = prng_below(r, 2) ? 0 : prng_below(r, in->len - pos + 1);
			if (in->len - n + m <= MAX_INPUT)
				input_splice(in, pos, n, o->data + from, m);
		}
		break;
	case 6: /* duplicate a chunk of itself, up to 8 times */
		if (in->len) {
			size_t from = prng_below(r, in->len), k, times;
			char *copy;
			n = 1 + prng_below(r, in->len - from);
			copy = malloc(n);
			if (!copy)
				abort();
			memcpy(copy, in->data + from, n);
			times = 1 + prng_below(r, 8);
			for (k = 0; k < times && in->len + n <= MAX_INPUT; k++)
				input_splice(in, pos, 0, copy, n);
			free(copy);
		}
		break;
	case 7: /* deep nesting, mostly within the limits, sometimes far past */
		n = prng_below(r, 4) ? 1 + prng_below(r, 300) :
			1 + prng_below(r, 5000);
		if (text) {
			text_nest(in, r, pos, (int)n);
		} else if (in->len) {
			size_t m = prng_below(r, in->len - (pos < in->len ? pos : 0) + 1);
			pb_wrap(in, r, pos < in->len ? pos : 0, m, (int)n);
		}
		break;
	case 8: /* a token (text) or a varint (protobuf) */
		if (text) {
			const char *t = tokens[prng_below(r,
				sizeof(tokens) / sizeof(*tokens))];
			n = strlen(t) ? strlen(t) : 1;
			if (in->len + n <= MAX_INPUT)
				input_splice(in, pos, 0, t, n);
		} else {
			unsigned char b[10];
			n = varint_put(b, (uint64_t)magic[prng_below(r,
				sizeof(magic) / sizeof(*magic))]);
			if (in->len + n <= MAX_INPUT)
				input_splice(in, pos, 0, (const char *)b, n);
		}
		break;
	default: /* cut the end */
		in->len = pos;
		break;
	}
}

/* The current input and where to save it, for the crash handlers. */
static struct {
	const input *in;
	char path[4096];
} crash_state;

static void save_crash(void)
{
	int fd;
	size_t off = 0;

	if (!crash_state.in)
		return;
	fd = open(crash_state.path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return;
	while (off < crash_state.in->len) {
		ssize_t w = write(fd, crash_state.in->data + off,
			crash_state.in->len - off);
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	close(fd);
}

#ifndef HAVE_DEATH_CALLBACK
static void on_signal(int sig)
{
	save_crash();
	signal(sig, SIG_DFL);
	raise(sig);
}
#endif

static void discard(void *user, const void *p, size_t n)
{
	(void)user;
	(void)p;
	(void)n;
}

/* Loads in as the file name says, then writes it in both formats: 0 if
** it loaded. */
static int try_input(MlirContext ctx, input *in, const char *name,
	int verbose, int direct)
{
	file_view v;
	ir_file f;
	gred_error e;

	/* Like every buffer gred parses (file_view_open), a NUL follows the
	** bytes: MLIR's lexer stops at it. */
	in->data[in->len] = 0;
	v.data = in->data;
	v.len = in->len;
	v.mapped = 1; /* takes the path big mapped files take too */
	if (direct && name[strlen(name) - 1] == 'r') {
		/* The parse gred does once the child's parse went well. */
		f.format = IR_FORMAT_MLIR;
		if (ir_parse_view(&f.op, ctx, &v, name, &e) < 0) {
			if (verbose)
				fprintf(stderr, "%s\n", e.msg);
			return -1;
		}
	} else if (ir_file_load_view(&f, ctx, &v, name, &e) < 0) {
		if (verbose)
			fprintf(stderr, "%s\n", e.msg);
		return -1;
	}
	ir_serialize_to(f.op, IR_FORMAT_MLIR, discard, NULL, &e);
	ir_serialize_to(f.op, IR_FORMAT_ONNX, discard, NULL, &e);
	ir_file_free(&f);
	return 0;
}

static int read_seed(seed *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) < 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) < 0) {
		fclose(f);
		return -1;
	}
	s->len = (size_t)n;
	s->data = malloc(s->len + 1);
	if (!s->data || fread(s->data, 1, s->len, f) != s->len) {
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	const char *format = NULL, *crash_dir = ".";
	uint64_t seed_value = 1;
	unsigned long long start = 0, count = 10000, i, accepted = 0;
	unsigned long fresh = 500;
	seed *seeds;
	size_t nseeds = 0;
	input in = {0};
	MlirContext ctx = {NULL};
	int a, verbose = 0, save = 0, direct = 0;

	seeds = calloc((size_t)argc, sizeof(*seeds));
	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--format") && a + 1 < argc)
			format = argv[++a];
		else if (!strcmp(argv[a], "--seed") && a + 1 < argc)
			seed_value = strtoull(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--start") && a + 1 < argc)
			start = strtoull(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--count") && a + 1 < argc)
			count = strtoull(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--crash-dir") && a + 1 < argc)
			crash_dir = argv[++a];
		else if (!strcmp(argv[a], "--fresh") && a + 1 < argc)
			fresh = strtoul(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--verbose"))
			verbose = 1;
		else if (!strcmp(argv[a], "--direct"))
			direct = 1;
		else if (!strcmp(argv[a], "--save"))
			save = 1;
		else if (argv[a][0] == '-') {
			fputs(usage, stderr);
			return 2;
		} else if (read_seed(&seeds[nseeds], argv[a]) == 0) {
			nseeds++;
		} else {
			fprintf(stderr, "fuzz_loaders: %s: cannot read\n", argv[a]);
			return 2;
		}
	}
	if (!nseeds || !format || (strcmp(format, "mlir") && strcmp(format, "onnx"))) {
		fputs(usage, stderr);
		return 2;
	}
	if (!fresh)
		fresh = 1;
#ifdef HAVE_DEATH_CALLBACK
	__sanitizer_set_death_callback(save_crash);
#else
	signal(SIGSEGV, on_signal);
	signal(SIGBUS, on_signal);
	signal(SIGABRT, on_signal);
	signal(SIGFPE, on_signal);
	signal(SIGILL, on_signal);
#endif
	crash_state.in = &in;
	for (i = start; i < start + count; i++) {
		prng r = {seed_value * 0x100000001b3ull ^ i};
		const seed *s = &seeds[prng_below(&r, nseeds)];
		int k, times = prng_below(&r, 2) ? 1 : 2 + (int)prng_below(&r, 3);
		char name[64];

		input_reserve(&in, s->len);
		memcpy(in.data, s->data, s->len);
		in.len = s->len;
		for (k = 0; k < times; k++)
			mutate_once(&in, &r, seeds, nseeds, format[0] == 'm');
		snprintf(crash_state.path, sizeof(crash_state.path),
			"%s/crash-%s-%llu.%s", crash_dir, format, i, format);
		snprintf(name, sizeof(name), "input-%llu.%s", i, format);
		if (save) {
			char path[4200];
			FILE *f;
			snprintf(path, sizeof(path), "%s/%s", crash_dir, name);
			f = fopen(path, "wb");
			if (f) {
				fwrite(in.data, 1, in.len, f);
				fclose(f);
			}
		}
		if ((i - start) % fresh == 0) {
			if (ctx.ptr)
				mlirContextDestroy(ctx);
			ctx = ir_context_new();
		}
		if (try_input(ctx, &in, name, verbose, direct) == 0)
			accepted++;
	}
	crash_state.in = NULL;
	if (ctx.ptr)
		mlirContextDestroy(ctx);
	printf("inputs %llu accepted %llu rejected %llu\n", count, accepted,
		count - accepted);
	for (i = 0; i < nseeds; i++)
		free(seeds[i].data);
	free(seeds);
	free(in.data);
	return 0;
}

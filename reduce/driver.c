/*
** The reduction driver: checks the input is interesting, then runs the
** sources' ddmin loops to a fixpoint, keeping the shortlex-smallest best.
*/
#include "reduce.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir_file.h"
#include "mlir_io.h"
#include "pipeline.h"
#include "shortlex.h"
#include "source.h"

typedef struct reducer {
	const reduce_options *o;
	char *output;
	tester *t;
	gred_buf best;
	reduce_stats *st;
	double start;
	const char *pass;    /* for progress */
	/* Text mode: the context to parse the best into, and the module
	** once it parses (the passes then take over). */
	MlirContext ctx;
	MlirOperation parsed;
	int stop_when_parsed;
	int warned_timeouts;
	/* The pass pipeline of an mlir_reproducer input, reduced with it;
	** other sources' candidates get its block appended. */
	pipeline_reducer *pipe;
	/* The loaded input (with the context it lives in) when the output
	** is saved through it: an ONNX model's external data. */
	const ir_file *input;
	MlirContext input_ctx;
	/* The maker of the module the input loaded into, when its loading
	** started it (ir_maker_load). */
	ir_maker maker;
	int maker_loaded;
	/* What was done on the input while its test ran (reduce_run). */
	struct warm_up *warm;
} reducer;

void reduce_options_init(reduce_options *o)
{
	memset(o, 0, sizeof(*o));
	o->jobs = 1;
}

char *reduce_default_output(const char *input)
{
	const char *base = path_base(input), *dot = strrchr(base, '.');

	if (!dot || dot == base)
		return xasprintf("%s.reduced", input);
	return xasprintf("%.*s.reduced%s", (int)(dot - input), input, dot);
}

static reduce_pass_stats *pass_stats(reducer *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->st->npasses; i++)
		if (!strcmp(r->st->passes[i].name, name))
			return &r->st->passes[i];
	if (r->st->npasses == REDUCE_MAX_PASSES)
		return &r->st->passes[REDUCE_MAX_PASSES - 1];
	r->st->passes[r->st->npasses].name = name;
	return &r->st->passes[r->st->npasses++];
}

static void note(reducer *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(reducer *r, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (!r->o->note)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	r->o->note(msg, r->o->user);
}

/* Once, when timeouts become most of at least 10 test runs: with most
** candidates cut short, the reduction is slow and judges by the clock. */
static void check_timeouts(reducer *r)
{
	const tester_stats *ts = tester_get_stats(r->t);

	if (r->warned_timeouts || ts->runs < 10 || 2 * ts->timeouts <= ts->runs)
		return;
	r->warned_timeouts = 1;
	note(r, "most tests time out (%lu of %lu runs so far, timeout %.1f s); "
		"a larger --timeout may help", ts->timeouts, ts->runs,
		r->st->timeout);
}

static void progress(reducer *r)
{
	reduce_progress p;

	if (r->t)
		check_timeouts(r);
	if (!r->o->progress)
		return;
	p.orig_bytes = r->st->orig_bytes;
	p.best_bytes = r->best.len;
	p.pass = r->pass;
	p.runs = tester_get_stats(r->t)->runs;
	p.elapsed = now_seconds() - r->start;
	r->o->progress(&p, r->o->user);
}

/* Makes bytes the best so far: on disk first, atomically (synced to the
** disk only at the end: an fsync would cost more than many a test). */
static int accept_best(reducer *r, const gred_buf *bytes, gred_error *e)
{
	double t0 = now_seconds();
	int err = r->input ? ir_file_save(r->input, r->input_ctx, r->output,
		bytes->data, bytes->len, e) : file_write_atomic_sync(r->output,
		bytes->data, bytes->len, 0, e);

	if (err == 0) {
		r->best.len = 0;
		buf_append(&r->best, bytes->data, bytes->len);
	}
	r->st->accepts++;
	r->st->accept_seconds += now_seconds() - t0;
	return err;
}

/* src's candidate without targets [begin, end), timed. */
static int make(reducer *r, source *src, size_t begin, size_t end,
	gred_buf *out, void **state, gred_error *e)
{
	double t0 = now_seconds();
	int m = src->make(src, begin, end, out, state, e);

	r->st->made++;
	r->st->make_seconds += now_seconds() - t0;
	return m;
}

/* The source's accept, timed with the rest of accepting. */
static void accept_state(reducer *r, source *src, void *state,
	const gred_buf *bytes)
{
	double t0 = now_seconds();

	src->accept(src, state, bytes);
	r->st->accept_seconds += now_seconds() - t0;
}

/* While tests run, the candidates ddmin tries next if none of them is
** interesting: from target k with this chunk, then the next chunk size. */
static void prefetch_next(source *src, size_t n, size_t k, size_t chunk,
	int jobs)
{
	int c;

	for (c = 0; src->prefetch && c < jobs; c++, k += chunk) {
		size_t end;

		if (k >= n) {
			if (chunk <= 1)
				return;
			chunk = (chunk + 1) / 2;
			k = 0;
		}
		end = k + chunk < n ? k + chunk : n;
		if (src->backward)
			src->prefetch(src, n - end, n - k);
		else
			src->prefetch(src, k, end);
	}
}

/* A candidate of src made a whole file: with the current reproducer
** block after the program, unless src makes blocks itself. */
static void with_block(reducer *r, const source *src, gred_buf *cand)
{
	const gred_buf *b;

	if (!r->pipe || (src && pipeline_reducer_owns(r->pipe, src)))
		return;
	b = pipeline_reducer_block(r->pipe);
	buf_append(cand, b->data, b->len);
}

/* A candidate of a program's source that gred's own run of the
** pipeline says is not worth a test (pipeline_reducer_judge). */
static int judged_out(reducer *r, const source *src, const gred_buf *cand)
{
	return r->pipe && !pipeline_reducer_owns(r->pipe, src) &&
		!pipeline_reducer_judge(r->pipe, cand);
}

/* The candidates of one ddmin batch: from target k on, with this chunk,
** up to jobs of them, made one by one (the tester runs the first ones
** while the next are made). */
typedef struct batch {
	reducer *r;
	source *src;
	size_t n, k, chunk, nc;
	int jobs, prefetched;
	void **states;
	size_t *pos;        /* the target each candidate starts at */
} batch;

/* The batch's next candidate that is valid and smaller into cands[i]
** (i is b->nc): 1, 0 if there is none, < 0 on error or interruption.
** Once the batch is complete, the copy is asked for the next one's. */
static int batch_next(void *user, gred_buf *cands, size_t i, gred_error *e)
{
	batch *b = user;
	reducer *r = b->r;
	source *src = b->src;
	int m = 0;

	while (!m && b->nc < (size_t)b->jobs && b->k < b->n) {
		size_t k = b->k, end = k + b->chunk < b->n ? k + b->chunk : b->n;

		b->k += b->chunk;
		/* Candidates not smaller than the best never reach the
		** tester, which would see the flag. */
		if (r->o->cancel && *r->o->cancel) {
			gred_errorf(e, "interrupted");
			return TESTER_CANCELLED;
		}
		cands[i].len = 0;
		b->states[i] = NULL;
		m = src->backward ?
			make(r, src, b->n - end, b->n - k, &cands[i], &b->states[i], e) :
			make(r, src, k, end, &cands[i], &b->states[i], e);
		if (m < 0)
			return -1;
		if (m == 0)
			continue;
		with_block(r, src, &cands[i]);
		if ((!src->grows && !shortlex_less(cands[i].data, cands[i].len,
			    r->best.data, r->best.len)) ||
		    judged_out(r, src, &cands[i])) {
			src->drop(src, b->states[i]);
			m = 0;
			continue;
		}
		b->pos[b->nc++] = k;
	}
	if (!b->prefetched && (!m || b->nc == (size_t)b->jobs || b->k >= b->n)) {
		prefetch_next(src, b->n, b->k, b->chunk, b->jobs);
		b->prefetched = 1;
	}
	return m;
}

/* How many tests run at once. */
static int jobs_of(const reducer *r)
{
	return r->o->jobs < 1 ? 1 : r->o->jobs;
}

/* The chunk ddmin starts with on n targets of src. */
static size_t first_chunk(const source *src, size_t n)
{
	size_t chunk = n / 2 ? n / 2 : 1;

	return src->max_chunk && chunk > src->max_chunk ? src->max_chunk : chunk;
}

/* ddmin over the targets of src: remove chunks of n/2, n/4, ... 1
** targets, left to right (or right to left, the positions then counted
** from the end), keeping each interesting smaller candidate.
** Up to `jobs` candidates are tested at once; the first interesting one
** in order wins, exactly as if they had been tried one by one. Returns 1
** if anything was accepted. */
static int ddmin(reducer *r, source *src, gred_error *e)
{
	int jobs = jobs_of(r);
	gred_buf *cands = xcalloc((size_t)jobs, sizeof(gred_buf));
	void **states = xcalloc((size_t)jobs, sizeof(void *));
	size_t *pos = xcalloc((size_t)jobs, sizeof(size_t));
	tester_result *res = xcalloc((size_t)jobs, sizeof(tester_result));
	reduce_pass_stats *ps = pass_stats(r, src->name);
	unsigned long runs0 = tester_get_stats(r->t)->runs;
	double t0 = now_seconds();
	size_t n = src->count(src), chunk, i, j;
	batch b;
	int changed = 0, err = 0;

	memset(&b, 0, sizeof(b));
	b.r = r;
	b.src = src;
	b.jobs = jobs;
	b.states = states;
	b.pos = pos;
	r->pass = src->name;
	progress(r);
	for (chunk = first_chunk(src, n); n; chunk = (chunk + 1) / 2) {
		for (i = 0; i < n;) {
			size_t first = (size_t)-1;

			b.n = n;
			b.k = i;
			b.chunk = chunk;
			b.nc = 0;
			b.prefetched = 0;
			if ((err = batch_next(&b, cands, 0, e)) < 0)
				goto done;
			if (b.nc == 0)
				break;
			err = tester_run_stream(r->t, res, cands, &b.nc,
				(size_t)jobs, 1, batch_next, &b, e);
			if (err < 0)
				goto done;
			for (j = 0; j < b.nc && first == (size_t)-1; j++) {
				if (r->o->trace)
					r->o->trace(src->name, cands[j].len,
						res[j].interesting, r->o->user);
				if (res[j].interesting)
					first = j;
			}
			for (j = 0; j < b.nc; j++) {
				tester_result_clear(&res[j]);
				if (j != first)
					src->drop(src, states[j]);
			}
			if (first != (size_t)-1) {
				size_t before = r->best.len;

				if ((err = accept_best(r, &cands[first], e)) < 0) {
					src->drop(src, states[first]);
					b.nc = 0;
					goto done;
				}
				accept_state(r, src, states[first], &cands[first]);
				ps->accepted++;
				if (r->best.len < before)
					ps->bytes_removed += before - r->best.len;
				changed = 1;
				n = src->count(src);
				i = pos[first];
			} else {
				i = b.k;
			}
			b.nc = 0;
			progress(r);
		}
		if (chunk <= 1)
			break;
	}
done:
	for (j = 0; j < b.nc; j++)
		src->drop(src, states[j]);
	for (j = 0; j < (size_t)jobs; j++)
		buf_free(&cands[j]);
	free(cands);
	free(states);
	free(pos);
	free(res);
	ps->runs += tester_get_stats(r->t)->runs - runs0;
	ps->seconds += now_seconds() - t0;
	return err < 0 ? err : changed;
}

/* Tests cut candidate cand of src (made by make() as m): 1 if it was
** interesting and is now the best, 0 if not, -1 on error. */
static int try_cut(reducer *r, source *src, int m, gred_buf *cand,
	void *state, size_t next_begin, size_t next_end, gred_error *e)
{
	reduce_pass_stats *ps = pass_stats(r, src->name);
	tester_result res;
	size_t before = r->best.len;
	int err;

	if (m == 0 || !shortlex_less(cand->data, cand->len, r->best.data,
		    r->best.len)) {
		if (m)
			src->drop(src, state);
		return 0;
	}
	/* Meanwhile, the next cut if this one fails. */
	if (src->prefetch && next_begin < next_end)
		src->prefetch(src, next_begin, next_end);
	if ((err = tester_run(r->t, &res, cand->data, cand->len, e)) < 0) {
		src->drop(src, state);
		return err;
	}
	if (r->o->trace)
		r->o->trace(src->name, cand->len, res.interesting, r->o->user);
	if (!res.interesting) {
		tester_result_clear(&res);
		src->drop(src, state);
		return 0;
	}
	tester_result_clear(&res);
	if ((err = accept_best(r, cand, e)) < 0) {
		src->drop(src, state);
		return err;
	}
	accept_state(r, src, state, cand);
	ps->accepted++;
	ps->bytes_removed += before - r->best.len;
	progress(r);
	return 1;
}

/*
** A cut source removes targets from one end only, and a bug that
** survives a cut as a rule survives every smaller one: the most targets
** that can go are found by bisection, each interesting cut kept at once
** and the search going on from it. About log2(n) tests where ddmin would
** try every chunk; a bug that breaks the rule only makes the cut smaller.
** A PASS_CUT_HEAD_FEW source expects its bug in the last few targets: it
** first keeps only the last 1, 2, 4, ... (2 log2(k) tests for a bug in
** the last k), then bisects between the last two tried.
** One candidate at a time, so the result does not depend on -j.
*/
static int bisect(reducer *r, source *src, gred_error *e)
{
	reduce_pass_stats *ps = pass_stats(r, src->name);
	unsigned long runs0 = tester_get_stats(r->t)->runs;
	double t0 = now_seconds();
	size_t n = src->count(src), hi = n, mid, keep;
	gred_buf cand = {0};
	void *state;
	int changed = 0, err = 0, m;

	r->pass = src->name;
	progress(r);
	/* Removing hi targets (all of them, at first) is taken to fail. */
	for (keep = 1; src->cut == PASS_CUT_HEAD_FEW && keep < n; keep *= 2) {
		cand.len = 0;
		state = NULL;
		if ((m = make(r, src, 0, n - keep, &cand, &state, e)) < 0 ||
		    (err = try_cut(r, src, m, &cand, state, 0,
			    2 * keep < n ? n - 2 * keep : 0, e)) < 0) {
			err = -1;
			goto done;
		}
		if (err) {
			err = 0;
			changed = 1;
			hi -= n - keep;
			n = src->count(src);
			if (hi > n)
				hi = n;
			break;
		}
		hi = n - keep;
	}
	while (hi > 1) {
		mid = hi / 2;
		cand.len = 0;
		state = NULL;
		m = src->cut == PASS_CUT_TAIL ?
			make(r, src, n - mid, n, &cand, &state, e) :
			make(r, src, 0, mid, &cand, &state, e);
		if (m < 0) {
			err = -1;
			break;
		}
		err = src->cut == PASS_CUT_TAIL ?
			try_cut(r, src, m, &cand, state, n - mid / 2, n, e) :
			try_cut(r, src, m, &cand, state, 0, mid / 2, e);
		if (err < 0)
			break;
		if (!err) {
			hi = mid;
			continue;
		}
		err = 0;
		changed = 1;
		n = src->count(src);
		hi -= mid;
		if (hi > n)
			hi = n;
	}
done:
	buf_free(&cand);
	ps->runs += tester_get_stats(r->t)->runs - runs0;
	ps->seconds += now_seconds() - t0;
	return err < 0 ? err : changed;
}

/* What bisect asks for first on n targets of a cut: 1 with the targets
** [*begin, *end) it removes, 0 if it tries nothing. */
static int cut_first(const source *src, size_t n, size_t *begin, size_t *end)
{
	size_t mid = n / 2;

	if (n < 2)
		return 0;
	if (src->cut == PASS_CUT_HEAD_FEW) {
		*begin = 0;
		*end = n - 1;
	} else if (src->cut == PASS_CUT_TAIL) {
		*begin = n - mid;
		*end = n;
	} else {
		*begin = 0;
		*end = mid;
	}
	return 1;
}

/* Asks src for its first candidates ahead of need (its pass comes next):
** the copy makes them while the current test runs. */
static void prefetch_first(reducer *r, source *src)
{
	size_t n, begin, end;

	if (!src->prefetch)
		return;
	n = src->count(src);
	if (!src->cut)
		prefetch_next(src, n, 0, first_chunk(src, n), jobs_of(r));
	else if (cut_first(src, n, &begin, &end))
		src->prefetch(src, begin, end);
}

/* One pass over src: bisection for a cut, else ddmin. */
static int reduce_source(reducer *r, source *src, gred_error *e)
{
	return src->cut ? bisect(r, src, e) : ddmin(r, src, e);
}

/*
** Runs sources until a whole round accepts nothing. A source that found
** nothing in k rounds in a row sits out the next 2^(k-1) - 1 rounds (at
** most 7), so passes that keep failing cost fewer tests; a round that
** skipped some and accepted nothing is followed by one that runs them all,
** so the end is still a true fixpoint. Skips depend only on what was
** accepted, never on timing, so the result is the same for any -j.
*/
#define FIXPOINT_MAX_SKIP 7

/* Text mode: does the best parse and verify now? (First in a child:
** this text is not the input, and the parser sees it untested.) */
static int best_parses(reducer *r)
{
	file_view v = {r->best.data, r->best.len, 0};
	gred_error e;

	if (!r->stop_when_parsed)
		return 0;
	return ir_parse_isolated(&r->parsed, r->ctx, &v, "", 1, &e) == 0;
}

static int fixpoint(reducer *r, source **srcs, size_t n, gred_error *e)
{
	unsigned fails[REDUCE_MAX_PASSES] = {0}, skip[REDUCE_MAX_PASSES] = {0};
	int changed, skipped, run_all = 0, c;
	size_t i;

	for (;;) {
		changed = skipped = 0;
		for (i = 0; i < n; i++) {
			if (skip[i] && !run_all) {
				skip[i]--;
				skipped = 1;
				continue;
			}
			if ((c = reduce_source(r, srcs[i], e)) < 0)
				return c;
			if (c && best_parses(r))
				return 0;
			if (c) {
				fails[i] = 0;
				skip[i] = 0;
			} else {
				fails[i]++;
				skip[i] = fails[i] > 3 ? FIXPOINT_MAX_SKIP :
					(1u << (fails[i] - 1)) - 1;
			}
			changed |= c;
		}
		if (changed)
			run_all = 0;
		else if (skipped && !run_all)
			run_all = 1;
		else
			return 0;
	}
}

/*
** Work on the input while its test runs, then while the test of gred's
** print of it runs: the maker's copy is forked and parses the input
** (ir_maker_load_begin); once it parsed it, gred parses it too
** (ir_maker_load_end) and takes the copy's whole print; then the copy
** counts the targets of the passes in order until one has something to
** try, and is asked for that pass's first candidates (prefetch_first).
** Each step is taken as the tester's hook, and only once the copy has
** its answer (ir_maker_ready): a test never waits on this work.
*/
typedef enum warm_step {
	WARM_LOAD, WARM_PARSE, WARM_PRINT, WARM_COUNT, WARM_DONE
} warm_step;

typedef struct warm_up {
	reducer *r;
	ir_file *f;
	MlirContext ctx;
	gred_error *perr;
	warm_step step;
	int result;         /* ir_maker_load_begin's, then ir_maker_load_end's */
	size_t pass;        /* in pass_table: the one counted at WARM_COUNT */
	/* The whole print, once taken (printed): ir_maker_get's answer in
	** printable (1, or 0 if the module does not print), bytes in print. */
	int printed, printable;
	gred_buf print;
} warm_up;

static void warm_init(warm_up *w, reducer *r, warm_step step)
{
	memset(w, 0, sizeof(*w));
	w->r = r;
	w->step = step;
}

/* Takes w's next step, unless (!wait) it would wait for the copy: 1 if
** taken. */
static int warm_take(warm_up *w, int wait)
{
	ir_maker *m = &w->r->maker;
	ir_request whole = {NULL, 0, 0, 0, 0};
	ir_source is;
	repro_block rb;
	gred_error e;
	size_t n;
	int found;

	if (!wait && w->step != WARM_LOAD && w->step != WARM_DONE &&
	    !ir_maker_ready(m))
		return 0;
	switch (w->step) {
	case WARM_LOAD:
		w->result = ir_maker_load_begin(m, w->f, w->ctx,
			w->r->o->input, w->perr);
		w->step = w->result == 1 ? WARM_PARSE : WARM_DONE;
		if (w->result == 1)
			ir_maker_count_ahead(m, pass_table[0]);
		return 1;
	case WARM_PARSE:
		w->result = ir_maker_load_end(m, w->f, w->ctx, w->r->o->input,
			w->perr);
		w->step = w->result == 0 ? WARM_PRINT : WARM_DONE;
		return 1;
	case WARM_PRINT:
		w->printable = ir_maker_get(m, &whole, &w->print, &e);
		w->printed = w->printable >= 0;
		/* A reproducer's pipeline goes first (reduce_ir). */
		found = w->printed ? repro_block_find(&rb, w->r->best.data,
			w->r->best.len, &e) : -1;
		if (found > 0)
			repro_block_free(&rb);
		w->step = found == 0 ? WARM_COUNT : WARM_DONE;
		return 1;
	case WARM_COUNT:
		ir_source_init(&is, pass_table[w->pass], m);
		is.base.cut = pass_cut(pass_table[w->pass]);
		n = ir_maker_count(m, is.p);
		if (is.base.cut ? n >= 2 : n >= 1) {
			prefetch_first(w->r, &is.base);
			w->step = WARM_DONE;
		} else if (pass_table[++w->pass]) {
			ir_maker_count_ahead(m, pass_table[w->pass]);
		} else {
			w->step = WARM_DONE;
		}
		return 1;
	case WARM_DONE:
		break;
	}
	return 0;
}

/* The tester's hook: w's steps that need not wait. No candidate comes
** of it. */
static int warm_more(void *user, gred_buf *cands, size_t i, gred_error *e)
{
	warm_up *w = user;

	(void)cands;
	(void)i;
	(void)e;
	while (warm_take(w, 0))
		;
	return w->step == WARM_DONE ? 0 : TESTER_LATER;
}

/* The input is loaded, whatever w got to during the input's test (the
** copy's parse waited for if need be): 0, or -1 if it did not load. */
static int warm_loaded(warm_up *w)
{
	while (w->step <= WARM_PARSE)
		(void)warm_take(w, 1);
	return w->result == 0 ? 0 : -1;
}

/* The test of the input as gred printed it; meanwhile w goes on. */
static int print_test(reducer *r, warm_up *w, const gred_buf *printed,
	tester_result *res, gred_error *e)
{
	tester_result out[2];
	gred_buf c[2] = {{printed->data, printed->len, printed->len}, {0}};
	size_t n = 1;
	int err;

	err = tester_run_stream(r->t, out, c, &n, 2, 0, warm_more, w, e);
	if (err == 0)
		*res = out[0];
	return err;
}

/* The structured reduction of a parsed module. */
static int reduce_ir(reducer *r, ir_file *f, gred_error *e)
{
	source *srcs[REDUCE_MAX_PASSES];
	ir_source is[REDUCE_MAX_PASSES];
	ir_maker *maker = &r->maker;
	ir_request whole = {NULL, 0, 0, 0, 0};
	gred_buf printed = {0}, late = {0};
	warm_up own, *w = r->warm;
	tester_result res;
	gred_error sub;
	size_t n = 0, np = 0, nl = 0, i;
	int err = 0, printable;

	if (f->format == IR_FORMAT_MLIR &&
	    pipeline_reducer_new(&r->pipe, &r->best, &sub) < 0)
		return gred_errorf(e, "%s: %s", r->o->input, sub.msg);
	if (!r->maker_loaded)
		ir_maker_init(maker, &f->op, f->format);
	r->maker_loaded = 0;
	/* The pipeline's judge runs on the module: gred's own parse must be
	** over (ir_maker_load_end). */
	if (r->pipe && ir_maker_module(maker) < 0) {
		err = gred_errorf(e, "%s: gred could not parse it again",
			r->o->input);
		goto done;
	}
	if (r->pipe)
		pipeline_reducer_set_module(r->pipe, &f->op);
	/* gred's module is read by more than the passes: changes to it are
	** made at once, not in a thread (ir_maker_apply). */
	maker->sync_apply = r->pipe || f->format != IR_FORMAT_MLIR || r->input;
	memset(is, 0, sizeof(is));
	/* The pipeline's cuts ahead of the program's passes in every round
	** (fewer passes make every later test quicker), its other sources
	** after them (a smaller program can free more passes, and what is
	** left then is what ddmin has to try). */
	for (np = 0; r->pipe && np < PIPELINE_LATE; np++)
		srcs[np] = pipeline_reducer_source(r->pipe, (int)np);
	nl = r->pipe ? PIPELINE_LEVELS - PIPELINE_LATE : 0;
	for (n = 0; pass_table[n] && np + n + nl < REDUCE_MAX_PASSES; n++) {
		ir_source_init(&is[n], pass_table[n], maker);
		is[n].base.cut = pass_cut(pass_table[n]);
		srcs[np + n] = &is[n].base;
	}
	for (nl = 0, i = np; r->pipe && i < PIPELINE_LEVELS; i++)
		srcs[np + n + nl++] = pipeline_reducer_source(r->pipe, (int)i);
	/* The input as gred prints it: often smaller already (comments,
	** spacing), and what every later candidate looks like. */
	r->pass = "print";
	if (!w) {
		/* The first pass's first candidates while the print's test
		** runs. */
		w = &own;
		warm_init(w, r, WARM_COUNT);
	}
	if (w->printed) {
		printable = w->printable;
		buf_append(&printed, w->print.data, w->print.len);
	} else if ((printable = ir_maker_get(maker, &whole, &printed, e)) < 0) {
		err = -1;
		goto done;
	}
	/* A reproducer's pipeline goes first: nothing to count ahead. */
	if (r->pipe)
		w->step = WARM_DONE;
	else if (w->step == WARM_PRINT)
		w->step = WARM_COUNT;
	if (printable)
		with_block(r, NULL, &printed);
	if (printable && shortlex_less(printed.data, printed.len, r->best.data, r->best.len)) {
		reduce_pass_stats *ps = pass_stats(r, "print");
		size_t before = r->best.len;

		if ((err = print_test(r, w, &printed, &res, e)) < 0)
			goto done;
		ps->runs++;
		if (res.interesting) {
			if ((err = accept_best(r, &printed, e)) < 0) {
				tester_result_clear(&res);
				goto done;
			}
			ps->accepted++;
			ps->bytes_removed += before - r->best.len;
		}
		tester_result_clear(&res);
	}
	/* Rounds with dead-code elimination cascading from every change, then
	** one without: an op that matters but whose users do not is freed
	** from them only then. Repeat while the second kind finds something.
	** Then the pipeline's other sources, at that fixpoint of the
	** program's (see pipeline.h); while they change the pipeline, all
	** of it again. */
	for (;;) {
		size_t before = r->best.len;
		int c;

		if ((err = fixpoint(r, srcs, np + n, e)) < 0)
			goto done;
		for (i = 0; i < n; i++)
			is[i].flags = PASS_NO_DCE;
		c = 0;
		for (i = 0; i < n; i++) {
			/* A cut leaves no ops unused: nothing new to try. */
			int k = srcs[np + i]->cut ? 0 : ddmin(r, srcs[np + i], e);
			if (k < 0) {
				err = k;
				goto done;
			}
			c |= k;
		}
		for (i = 0; i < n; i++)
			is[i].flags = 0;
		if (c && r->best.len != before)
			continue;
		if (!nl)
			break;
		late.len = 0;
		buf_append(&late, r->best.data, r->best.len);
		if ((err = fixpoint(r, srcs + np + n, nl, e)) < 0)
			goto done;
		if (late.len == r->best.len &&
		    !memcmp(late.data, r->best.data, late.len))
			break;
	}
done:
	r->st->maker_forks += maker->forks;
	r->st->maker_answers += maker->answers;
	r->st->maker_seconds += maker->answers_seconds;
	ir_maker_free(maker);
	buf_free(&printed);
	buf_free(&late);
	pipeline_reducer_free(r->pipe);
	r->pipe = NULL;
	return err;
}

/* Text mode: whole blocks first (a filler function goes in one test),
** then lines, definitions with their uses and groups, to a fixpoint;
** then the same with tokens last, a few at a time: a token sweep costs a
** test per token, so it waits until the coarse units are done. */
static int reduce_text(reducer *r, gred_error *e)
{
	static const text_unit units[] = {
		TEXT_BLOCKS, TEXT_LINES, TEXT_USES, TEXT_REPLACE, TEXT_UNWRAP,
		TEXT_RESULTS, TEXT_GENERIC, TEXT_GROUPS, TEXT_INDENT, TEXT_RENAME,
		TEXT_TOKENS
	};
	enum { NUNITS = sizeof(units) / sizeof(units[0]) };
	text_source ts[NUNITS];
	source *s[NUNITS];
	size_t i;
	int err;

	r->st->text_mode = 1;
	for (i = 0; i < NUNITS; i++) {
		text_source_init(&ts[i], &r->best, units[i]);
		s[i] = &ts[i].base;
	}
	for (i = 0; i < 3; i++)
		ts[i].base.backward = 1;  /* blocks, lines, uses */
	ts[NUNITS - 1].base.max_chunk = 4;
	err = fixpoint(r, s, NUNITS - 1, e);
	if (err == 0 && mlirOperationIsNull(r->parsed))
		err = fixpoint(r, s, NUNITS, e);
	for (i = 0; i < NUNITS; i++)
		text_source_free(&ts[i]);
	return err;
}

/* The first run: the input must be interesting as it is. w, if not
** NULL, is the loading of the input, started while it runs. */
static int check_input(reducer *r, warm_up *w, gred_error *e)
{
	tester_result res[2];
	gred_buf c[2] = {{r->best.data, r->best.len, r->best.len}, {0}};
	gred_buf why = {0};
	size_t n = 1;
	int err;

	r->pass = "check";
	progress(r);
	err = tester_run_stream(r->t, res, c, &n, 2, 0,
		w ? warm_more : NULL, w, e);
	if (w && w->step == WARM_LOAD)
		(void)warm_take(w, 1);
	if (err < 0)
		return err;
	if (!res[0].interesting) {
		const char *tail = res[0].err_len ? res[0].err : res[0].out;
		size_t len = strlen(tail);

		while (len && (tail[len - 1] == '\n' || tail[len - 1] == ' '))
			len--;
		if (len > 600) {
			tail += len - 600;
			len = 600;
		}
		tester_result_describe(&why, &res[0], r->o->timeout);
		gred_errorf(e, "%s: the input is not interesting: the test ended "
			"with %s%s%.*s", r->o->input, why.data,
			len ? "; its output ends with:\n" : " and printed nothing",
			(int)len, tail);
		buf_free(&why);
		tester_result_clear(&res[0]);
		return -1;
	}
	r->st->timeout = r->o->timeout > 0 ? r->o->timeout :
		(10 * res[0].seconds > 10 ? 10 * res[0].seconds : 10);
	tester_set_timeout(r->t, r->st->timeout);
	tester_result_clear(&res[0]);
	return 0;
}

static int same_file(const char *a, const char *b)
{
	char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
	int same = ra && rb && !strcmp(ra, rb);

	free(ra);
	free(rb);
	return same;
}

/* --recorded: the tensor values onto the module, for the passes. */
static int record_values(ir_file *f, const char *path, gred_error *e)
{
	char *data = NULL;
	size_t len, n;
	gred_error sub;
	int err;

	if ((err = file_read(&data, &len, path, 0, e)) < 0)
		return err;
	if ((err = pass_record_values(&n, f->op, data, len, &sub)) < 0)
		gred_errorf(e, "%s: %s", path, sub.msg);
	free(data);
	return err;
}

/* What the loaded (or not) input is reduced as: *text 1 (--text), 2
** (text until it parses) or 0 (IR); an input that is neither is an
** error. */
static int input_kind(reducer *r, ir_file *f, int loaded,
	const gred_error *perr, int *text, gred_error *e)
{
	const char *input = r->o->input;

	if (r->o->as_text) {
		*text = 1;
		if (loaded)
			note(r, "%s: reducing it as text (--text)", input);
		else
			note(r, "%s; reducing it as text (--text)", perr->msg);
		ir_file_free(f);
	} else if (!loaded && ir_format_of(input) == IR_FORMAT_MLIR) {
		/* Text until what stopped the parser is gone, then passes. */
		*text = 2;
		note(r, "%s; reducing it as text until it parses", perr->msg);
	} else if (!loaded) {
		return gred_errorf(e, "%s (--text reduces it as text)", perr->msg);
	}
	return 0;
}

int reduce_run(reduce_stats *out, const reduce_options *o, gred_error *e)
{
	reducer r = {0};
	tester_options to;
	MlirContext ctx = {NULL};
	ir_file f = {0};
	gred_error perr;
	char *data = NULL;
	size_t len;
	warm_up w;
	int err, loaded = 0, text = 0, written = 0, began = 0, later = 0;

	memset(out, 0, sizeof(*out));
	r.o = o;
	r.st = out;
	r.start = now_seconds();
	r.output = o->output ? xstrdup(o->output) : reduce_default_output(o->input);
	if (same_file(r.output, o->input)) {
		err = gred_errorf(e, "%s: the output would overwrite the input",
			r.output);
		goto done;
	}
	if ((err = file_read(&data, &len, o->input, 0, e)) < 0)
		goto done;
	buf_append(&r.best, data, len);
	out->orig_bytes = len;
	/* What the input is, before any test runs on it; but a .mlir file
	** is parsed by the maker's copy once the input's test has started
	** (it needs no links next to it). */
	ctx = ir_context_new();
	warm_init(&w, &r, WARM_LOAD);
	w.f = &f;
	w.ctx = ctx;
	w.perr = &perr;
	if (o->as_text || o->recorded) {
		loaded = ir_file_load(&f, ctx, o->input, &perr) == 0;
	} else if (ir_format_of(o->input) == IR_FORMAT_MLIR) {
		began = later = 1;
	} else {
		began = 1;
		loaded = ir_maker_load_begin(&r.maker, &f, ctx, o->input,
			&perr) == 0;
	}
	if (!later && (err = input_kind(&r, &f, loaded, &perr, &text, e)) < 0)
		goto done;
	if (loaded && !text && f.nlinks) {
		r.input = &f;
		r.input_ctx = ctx;
	}
	if (o->recorded && loaded && !text &&
	    (err = record_values(&f, o->recorded, e)) < 0)
		goto done;
	tester_options_init(&to);
	to.links = f.links;
	to.nlinks = f.nlinks;
	to.argv = o->test_argv;
	to.file_name = path_base(o->input);
	to.timeout = o->timeout;
	to.jobs = o->jobs;
	to.cancel = o->cancel;
	if ((err = tester_new(&r.t, &to, e)) < 0)
		goto done;
	err = check_input(&r, later ? &w : NULL, e);
	/* A test that failed need not wait for the copy's parse. */
	if (later && err == 0)
		loaded = warm_loaded(&w) == 0;
	if (later && err == 0)
		(void)input_kind(&r, &f, loaded, &perr, &text, e);
	r.maker_loaded = began && loaded && !text;
	if (err < 0)
		goto done;
	if ((err = r.input ? ir_file_save(r.input, ctx, r.output, r.best.data,
		    r.best.len, e) : file_write_atomic_sync(r.output, r.best.data,
		    r.best.len, 0, e)) < 0)
		goto done;
	written = 1;
	if (!text) {
		r.warm = later ? &w : NULL;
		err = reduce_ir(&r, &f, e);
		r.warm = NULL;
	} else {
		r.ctx = ctx;
		r.stop_when_parsed = text == 2;
		err = reduce_text(&r, e);
		r.stop_when_parsed = 0;
		if (err == 0 && !mlirOperationIsNull(r.parsed)) {
			ir_file_free(&f);
			f.op = r.parsed;
			f.format = IR_FORMAT_MLIR;
			f.len = r.best.len;
			err = reduce_ir(&r, &f, e);
		}
	}
done:
	if (written && file_write_atomic(r.output, r.best.data, r.best.len,
		    err < 0 ? &perr : e) < 0 && err == 0)
		err = -1;
	if (r.t)
		out->tests = *tester_get_stats(r.t);
	out->final_bytes = r.best.len;
	out->seconds = now_seconds() - r.start;
	out->interrupted = err == TESTER_CANCELLED;
	out->written = written;
	if (began)
		ir_maker_free(&r.maker);
	ir_file_free(&f);
	if (ctx.ptr)
		mlirContextDestroy(ctx);
	tester_free(r.t);
	buf_free(&w.print);
	buf_free(&r.best);
	free(r.output);
	free(data);
	return err;
}

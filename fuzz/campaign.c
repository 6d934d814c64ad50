/*
** A campaign's loop: run the target on models in order, -j at a time,
** file each finding, keep reducers busy on new buckets, and record how
** far it got so that a kill loses nothing --resume cannot redo.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "campaign.h"

/* How often campaign.json is rewritten when nothing was found, and how
** often a progress line goes to a log (a terminal gets one live line). */
#define STATE_EVERY 2.0
#define LOG_PROGRESS_EVERY 10.0
#define TTY_PROGRESS_EVERY 0.25

/* One model in flight. Models finish in any order but are judged and
** filed in order, so -j never changes which case opens a bucket. */
typedef struct fuzz_slot {
	long j;              /* this worker's model number */
	int busy, done;
	proc p;
	proc_result r;
	double started;
	gred_buf model;
	char *path, *err_path;
} fuzz_slot;

static void clear_progress(fuzz_campaign *c)
{
	if (c->progress_shown) {
		fputs("\r\033[K", stderr);
		c->progress_shown = 0;
	}
}

void fuzz_note(fuzz_campaign *c, const char *fmt, ...)
{
	char *path = xasprintf("%s/fuzz.log", c->dir), line[1024];
	va_list ap;
	FILE *f;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if ((f = fopen(path, "a"))) {
		fprintf(f, "%ld %s\n", (long)time(NULL), line);
		fclose(f);
	}
	free(path);
	clear_progress(c);
	fprintf(stderr, "fuzz: %s\n", line);
}

static int make_dir(const char *path, gred_error *e)
{
	if (mkdir(path, 0777) < 0 && errno != EEXIST)
		return gred_errorf(e, "%s: %s", path, strerror(errno));
	return 0;
}

static int make_dirs(fuzz_campaign *c, gred_error *e)
{
	static const char *const sub[] = {"", "/cases", "/buckets", "/.gred",
		"/.gred/tmp"};
	size_t i;

	for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		char *p = xasprintf("%s%s", c->dir, sub[i]);
		int err = make_dir(p, e);
		free(p);
		if (err < 0)
			return -1;
	}
	return 0;
}

/* What a resumed campaign knows from its store: the cases filed (so a
** model run again is not counted twice) and the buckets left unfinished. */
typedef struct resume_scan {
	fuzz_campaign *c;
	int64_t *ids;
	char (*hash)[17];
	size_t n;
} resume_scan;

static int scan_bucket(const triage_bucket *b, void *ctx)
{
	resume_scan *s = ctx;

	s->ids = xrealloc(s->ids, (s->n + 1) * sizeof(*s->ids));
	s->hash = xrealloc(s->hash, (s->n + 1) * sizeof(*s->hash));
	s->ids[s->n] = b->id;
	memcpy(s->hash[s->n], b->hash, 17);
	s->n++;
	return 0;
}

static int scan_member(const char *source, int64_t added, void *ctx)
{
	fuzz_campaign *c = ctx;

	(void)added;
	c->filed = xrealloc(c->filed, (c->nfiled + 1) * sizeof(char *));
	c->filed[c->nfiled++] = xstrdup(source);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int scan_store(fuzz_campaign *c, gred_error *e)
{
	resume_scan s = {c, NULL, NULL, 0};
	size_t i;
	int err;

	if ((err = triage_store_list(c->store, scan_bucket, &s, e)) < 0)
		goto done;
	for (i = 0; i < s.n; i++) {
		char *first = xasprintf("%s/buckets/%s/first.%s", c->dir, s.hash[i],
			c->target.ext);
		if ((err = triage_store_members(c->store, s.ids[i], scan_member, c,
		    e)) < 0) {
			free(first);
			goto done;
		}
		c->buckets++;
		if (access(first, R_OK) < 0) {
			fuzz_note(c, "bucket %s has no first case in %s/buckets", s.hash[i],
				c->dir);
		} else if (fuzz_bucket_incomplete(c, s.hash[i])) {
			c->pending = xrealloc(c->pending, (c->npending + 1) * sizeof(char *));
			c->pending[c->npending++] = xstrdup(s.hash[i]);
		} else
			c->reduced++;
		free(first);
	}
	if (c->nfiled)
		qsort(c->filed, c->nfiled, sizeof(char *), cmp_str);
done:
	free(s.ids);
	free(s.hash);
	return err;
}

static int campaign_open(fuzz_campaign *c, const fuzz_options *o,
	volatile sig_atomic_t *stop, gred_error *e)
{
	char *db;
	int err;

	memset(c, 0, sizeof(*c));
	c->o = o;
	c->stop = stop;
	c->tty = isatty(2);
	if (fuzz_target_parse(&c->target, o->target, o->oracle, o->scripts, e) < 0)
		return -1;
	if (fuzz_guided(o) && strcmp(c->target.ext, "onnx"))
		return gred_errorf(e, "--mcts and --mutate guide the ONNX generator; "
			"target %s takes .%s files", o->target, c->target.ext);
	if (o->cwd)
		c->target.cwd = xstrdup(o->cwd);
	if (make_dir(o->dir, e) < 0)
		return -1;
	if (!(c->dir = realpath(o->dir, NULL)))
		return gred_errorf(e, "%s: %s", o->dir, strerror(errno));
	if (make_dirs(c, e) < 0)
		return -1;
	c->tmp = xasprintf("%s/.gred/tmp", c->dir);
	dir_empty(c->tmp);
	db = xasprintf("%s/.gred/triage.db", c->dir);
	err = triage_store_open(&c->store, db, e);
	free(db);
	if (err < 0)
		return -1;
	return scan_store(c, e);
}

static void campaign_close(fuzz_campaign *c)
{
	size_t i;

	if (c->store)
		triage_store_close(c->store);
	if (c->guide)
		gen_free(c->guide);
	free(c->made_bucket);
	for (i = 0; i < c->npending; i++)
		free(c->pending[i]);
	for (i = 0; i < c->nfiled; i++)
		free(c->filed[i]);
	free(c->pending);
	free(c->filed);
	if (c->tmp)
		dir_remove(c->tmp);
	free(c->tmp);
	free(c->dir);
	fuzz_target_free(&c->target);
}

static char *pop_pending(fuzz_campaign *c)
{
	char *id;

	if (!c->npending)
		return NULL;
	id = c->pending[0];
	memmove(c->pending, c->pending + 1, --c->npending * sizeof(char *));
	return id;
}

static int active_reducers(const fuzz_campaign *c)
{
	int i, n = 0;

	for (i = 0; i < c->nreducers; i++)
		n += c->reducers[i].running;
	return n;
}

/* Seconds since a bucket's first case was written: since its finding. */
static double since_found(const fuzz_campaign *c, const char *id)
{
	char *first = xasprintf("%s/buckets/%s/first.%s", c->dir, id, c->target.ext);
	struct timespec now;
	struct stat st;
	double s = 0;

	if (stat(first, &st) == 0 && clock_gettime(CLOCK_REALTIME, &now) == 0)
		s = (double)(now.tv_sec - st.st_mtim.tv_sec) +
			(double)(now.tv_nsec - st.st_mtim.tv_nsec) / 1e9;
	free(first);
	return s;
}

/* Reaps finished reducers and finishes their buckets; starts new ones. */
static int tend_reducers(fuzz_campaign *c, gred_error *e)
{
	int i;

	for (i = 0; i < c->nreducers; i++) {
		fuzz_reducer *r = &c->reducers[i];
		if (!r->running || !proc_poll(&r->p))
			continue;
		proc_kill(&r->p);
		r->running = 0;
		if (!WIFEXITED(r->p.status) || WEXITSTATUS(r->p.status))
			fuzz_note(c, "bucket %s: the reduction failed (see "
				"buckets/%s/reduce.log); reporting its first case", r->id,
				r->id);
		if (fuzz_bucket_finish(c, r->id, 0, e) < 0)
			return -1;
		fuzz_note(c, "bucket %s: reduced in %.1f s, reported %.1f s after "
			"its finding", r->id, now_seconds() - r->started,
			since_found(c, r->id));
	}
	for (i = 0; i < c->nreducers && c->npending; i++) {
		fuzz_reducer *r = &c->reducers[i];
		char *id;
		int err;
		if (r->running)
			continue;
		id = pop_pending(c);
		err = fuzz_bucket_reduce(c, r, id, 1, e);
		free(id);
		if (err < 0)
			return -1;
	}
	return 0;
}

/* Ctrl-C: every bucket gets its report now, from its best case so far. */
static void interrupt_buckets(fuzz_campaign *c)
{
	gred_error e;
	char *id;
	int i;

	for (i = 0; i < c->nreducers; i++) {
		fuzz_reducer *r = &c->reducers[i];
		if (!r->running)
			continue;
		proc_kill(&r->p);
		r->running = 0;
		if (fuzz_bucket_finish(c, r->id, 1, &e) < 0)
			fuzz_note(c, "bucket %s: %s", r->id, e.msg);
	}
	while ((id = pop_pending(c))) {
		if (fuzz_bucket_finish(c, id, 1, &e) < 0)
			fuzz_note(c, "bucket %s: %s", id, e.msg);
		free(id);
	}
}

/*
** A guided campaign: one generator that learns from the models' results
** (gen_feedback: did the model open a new bucket), fed with a fixed lag
** so the models do not depend on -j. Which models opened a bucket is
** kept in DIR/.gred/guide.bits, written before campaign.json, so that
** --resume replays the generator to where it was.
*/
static char *guide_bits_path(const fuzz_campaign *c)
{
	return xasprintf("%s/.gred/guide.bits", c->dir);
}

static void guide_record(fuzz_campaign *c, long j, int made)
{
	if ((size_t)j >= c->nmade) {
		size_t n = c->nmade ? c->nmade : 64;
		while (n <= (size_t)j)
			n *= 2;
		c->made_bucket = xrealloc(c->made_bucket, n);
		memset(c->made_bucket + c->nmade, 0, n - c->nmade);
		c->nmade = n;
	}
	c->made_bucket[j] = (unsigned char)made;
}

/* Gives the guide the results of models before upto. */
static void guide_feed(fuzz_campaign *c, long upto)
{
	for (; c->fed < upto; c->fed++)
		gen_feedback(c->guide, (size_t)c->fed < c->nmade &&
			c->made_bucket[c->fed]);
}

/* Model j of a guided campaign; models are made in order. */
static int guide_model(fuzz_campaign *c, gred_buf *out, long j, gred_error *e)
{
	guide_feed(c, j - FUZZ_GUIDE_LAG);
	return gen_model(c->guide, out, e);
}

static int guide_open(fuzz_campaign *c, gred_error *e)
{
	gen_options go;
	gred_buf skip = {0};
	char *path, *bits = NULL;
	size_t len = 0;
	long j;

	if (fuzz_gen_options(&go, c->o, fuzz_model_seed(c->o->seed,
	    -1 - (long)c->o->shard_i), e) < 0 || gen_new(&c->guide, &go, e) < 0)
		return -1;
	path = guide_bits_path(c);
	if (c->counts.next > 0 && file_read(&bits, &len, path, 1 << 30, e) < 0) {
		bits = NULL;
		len = 0;
	}
	free(path);
	for (j = 0; j < c->counts.next; j++) {
		guide_record(c, j, (size_t)j < len && bits[j] == '1');
		skip.len = 0;
		if (guide_model(c, &skip, j, e) < 0) {
			free(bits);
			buf_free(&skip);
			return -1;
		}
	}
	free(bits);
	buf_free(&skip);
	return 0;
}

/* campaign.json, after the guide's record when there is a guide. */
static int save_state(fuzz_campaign *c, gred_error *e)
{
	if (c->guide) {
		gred_buf b = {0};
		char *path = guide_bits_path(c);
		long j;
		int err;
		for (j = 0; j < c->counts.next; j++)
			buf_append(&b, (size_t)j < c->nmade && c->made_bucket[j] ? "1" : "0", 1);
		err = file_write_atomic(path, b.data ? b.data : "", b.len, e);
		free(path);
		buf_free(&b);
		if (err < 0)
			return -1;
	}
	return fuzz_state_write(c->dir, c->o, &c->counts, e);
}

static void slot_free(fuzz_slot *s)
{
	if (s->path)
		unlink(s->path);
	if (s->err_path)
		unlink(s->err_path);
	free(s->path);
	free(s->err_path);
	buf_free(&s->model);
	memset(s, 0, sizeof(*s));
}

static long model_index(const fuzz_options *o, long j)
{
	return o->shard_i + (long)o->shard_n * j;
}

static int slot_start(fuzz_campaign *c, fuzz_slot *s, long j, gred_error *e)
{
	long k = model_index(c->o, j);
	proc_options po;
	char **argv;
	int err;

	memset(s, 0, sizeof(*s));
	s->j = j;
	if (c->guide ? guide_model(c, &s->model, j, e) < 0 :
	    fuzz_generate(&s->model, c->o, c->target.ext, k, e) < 0)
		return -1;
	s->path = xasprintf("%s/%08ld.%s", c->tmp, k, c->target.ext);
	s->err_path = xasprintf("%s/%08ld.err", c->tmp, k);
	if (file_write_atomic(s->path, s->model.data, s->model.len, e) < 0)
		return -1;
	argv = fuzz_target_argv(&c->target, s->path);
	proc_options_init(&po);
	po.argv = argv;
	po.err_path = s->err_path;
	po.dir = fuzz_target_needs_cwd(&c->target) ? c->target.cwd : c->tmp;
	err = proc_spawn(&s->p, &po, e);
	fuzz_argv_free(argv);
	if (err < 0)
		return -1;
	s->busy = 1;
	s->started = now_seconds();
	return 0;
}

static void slot_poll(fuzz_campaign *c, fuzz_slot *s)
{
	int timed_out = 0;

	if (!s->busy || s->done)
		return;
	if (!proc_poll(&s->p)) {
		if (now_seconds() - s->started < c->o->timeout)
			return;
		timed_out = 1;
	}
	proc_kill(&s->p);
	memset(&s->r, 0, sizeof(s->r));
	s->r.status = s->p.status;
	s->r.timed_out = timed_out;
	if (!timed_out && WIFEXITED(s->p.status)) {
		s->r.exited = 1;
		s->r.code = WEXITSTATUS(s->p.status);
	} else if (!timed_out && WIFSIGNALED(s->p.status))
		s->r.signal = WTERMSIG(s->p.status);
	s->r.seconds = now_seconds() - s->started;
	s->done = 1;
}

/* Judges a finished model and files what it found. 1 if a finding. */
static int slot_judge(fuzz_campaign *c, fuzz_slot *s, long *ran_errors,
	gred_error *e)
{
	fuzz_verdict v;
	char *log = NULL;
	size_t len = 0;
	int err = 0, found = 0;

	if (file_read(&log, &len, s->err_path, 16 << 20, e) < 0) {
		log = NULL;
		len = 0;
	}
	if (fuzz_verdict_judge(&v, &c->target, &s->r, log, len, e) < 0)
		return -1;
	switch (v.kind) {
	case FUZZ_PASS:
		break;
	case FUZZ_INVALID:
		c->counts.invalid++;
		break;
	case FUZZ_TIMEOUT:
		c->counts.timeouts++;
		break;
	case FUZZ_ERROR:
		c->counts.errors++;
		(*ran_errors)++;
		if (c->counts.errors <= 3)
			fuzz_note(c, "model %ld: the target failed: %s",
				model_index(c->o, s->j), v.what[0] ? v.what : "no message");
		break;
	case FUZZ_FINDING:
		found = 1;
		err = fuzz_finding_file(c, model_index(c->o, s->j), s->model.data,
			s->model.len, &v, e);
		break;
	}
	fuzz_verdict_clear(&v);
	return err < 0 ? -1 : found;
}

static void show_progress(fuzz_campaign *c, double elapsed, long ran,
	double run_seconds, int final)
{
	char line[256];
	int reducing = active_reducers(c);

	snprintf(line, sizeof(line), "%ld models (%.1f/s), %ld findings, "
		"%ld buckets, %ld reduced%s%.0d%s, %.0f s", c->counts.next,
		run_seconds > 0 ? (double)ran / run_seconds : 0.0, c->counts.findings,
		c->buckets, c->reduced, reducing ? ", " : "", reducing,
		reducing ? " reducing" : "", elapsed);
	if (c->tty && !final) {
		fprintf(stderr, "\r\033[Kfuzz: %s", line);
		c->progress_shown = 1;
	} else {
		clear_progress(c);
		fprintf(stderr, "fuzz: %s\n", line);
	}
}

/* --bisect, once no target runs any more: the bisection checks out other
** commits of the repository the target may come from. */
static int bisect_all(fuzz_campaign *c, gred_error *e)
{
	resume_scan s = {c, NULL, NULL, 0};
	size_t i;
	int err;

	err = triage_store_list(c->store, scan_bucket, &s, e);
	for (i = 0; err == 0 && i < s.n && !*c->stop; i++)
		if (!fuzz_bucket_incomplete(c, s.hash[i]))
			err = fuzz_bucket_bisect(c, s.hash[i], e);
	free(s.ids);
	free(s.hash);
	return err;
}

int fuzz_campaign_run(const fuzz_options *o, volatile sig_atomic_t *stop,
	gred_error *e)
{
	fuzz_campaign c;
	fuzz_slot *slots = NULL;
	double t0 = now_seconds(), elapsed0, last_state = t0, last_progress = t0;
	double fuzz_end = 0;
	char bisected[48] = "";
	long next_start, ran = 0, ran_errors = 0;
	int window = o->jobs > 0 ? o->jobs : 1, fuzzing = 1, err = -1, i;

	if (campaign_open(&c, o, stop, e) < 0)
		goto done;
	if (o->resume) {
		char **strings;
		fuzz_options ignored = *o;
		if (fuzz_state_read(&ignored, &c.counts, &strings, c.dir, e) < 0)
			goto done;
		for (i = 0; strings && strings[i]; i++)
			free(strings[i]);
		free(strings);
	}
	if (fuzz_guided(o) && guide_open(&c, e) < 0)
		goto done;
	elapsed0 = c.counts.elapsed;
	c.nreducers = window / 2 > 0 ? window / 2 : 1;
	if (c.nreducers > FUZZ_MAX_REDUCERS)
		c.nreducers = FUZZ_MAX_REDUCERS;
	slots = xcalloc((size_t)window, sizeof(*slots));
	next_start = c.counts.next;
	if (save_state(&c, e) < 0)
		goto done;
	fuzz_note(&c, "%s %s: target %s, oracle %s, seed %llu, %d job%s, in %s",
		o->resume ? "resuming" : "starting", "campaign", o->target, o->oracle,
		(unsigned long long)o->seed, window, window == 1 ? "" : "s", c.dir);

	while (!*stop) {
		double now = now_seconds();
		int busy = 0, room;

		if (tend_reducers(&c, e) < 0)
			goto done;
		if (fuzzing) {
			int limit = (o->models && next_start >= o->models) ||
				(o->seconds && elapsed0 + now - t0 >= o->seconds);
			room = window - active_reducers(&c) + (window == 1);
			for (i = 0; i < window; i++)
				busy += slots[i].busy && !slots[i].done;
			while (!limit && busy < room &&
			       !slots[next_start % window].busy &&
			       (!c.guide || next_start - FUZZ_GUIDE_LAG <= c.counts.next)) {
				if (slot_start(&c, &slots[next_start % window], next_start,
				    e) < 0)
					goto done;
				next_start++;
				busy++;
				limit = o->models && next_start >= o->models;
			}
			for (i = 0; i < window; i++)
				slot_poll(&c, &slots[i]);
			/* judged and filed strictly in order */
			while (slots[c.counts.next % window].busy &&
			       slots[c.counts.next % window].done &&
			       slots[c.counts.next % window].j == c.counts.next) {
				fuzz_slot *s = &slots[c.counts.next % window];
				long had = c.buckets;
				int found = slot_judge(&c, s, &ran_errors, e);
				if (found < 0)
					goto done;
				guide_record(&c, c.counts.next, c.buckets > had);
				slot_free(s);
				c.counts.next++;
				ran++;
				c.counts.elapsed = elapsed0 + now_seconds() - t0;
				if (ran_errors == ran && ran_errors >= 3) {
					gred_errorf(e, "the target failed on every model so "
						"far (see %s/fuzz.log)", c.dir);
					goto done;
				}
				if (found && save_state(&c, e) < 0)
					goto done;
			}
			busy = 0;
			for (i = 0; i < window; i++)
				busy += slots[i].busy;
			if (limit && !busy) {
				fuzzing = 0;
				fuzz_end = now_seconds();
				if (save_state(&c, e) < 0)
					goto done;
			}
		}
		if (!fuzzing && !active_reducers(&c) && !c.npending)
			break;
		now = now_seconds();
		if (fuzzing && now - last_state >= STATE_EVERY) {
			c.counts.elapsed = elapsed0 + now - t0;
			if (save_state(&c, e) < 0)
				goto done;
			last_state = now;
		}
		if (now - last_progress >= (c.tty ? TTY_PROGRESS_EVERY :
		    LOG_PROGRESS_EVERY)) {
			show_progress(&c, elapsed0 + now - t0, ran,
				(fuzzing ? now : fuzz_end) - t0, 0);
			last_progress = now;
		}
		usleep(2000);
	}
	for (i = 0; i < window; i++)
		if (slots[i].busy) {
			if (!slots[i].done)
				proc_kill(&slots[i].p);
			slot_free(&slots[i]);
		}
	if (fuzzing)
		c.counts.elapsed = elapsed0 + now_seconds() - t0;
	if (!*stop && o->bisect && bisect_all(&c, e) < 0)
		goto done;
	if (*stop) {
		clear_progress(&c);
		fuzz_note(&c, "interrupted: reporting every bucket as it is");
		interrupt_buckets(&c);
	}
	if (save_state(&c, e) < 0 ||
	    fuzz_index_write(&c, e) < 0)
		goto done;
	show_progress(&c, elapsed0 + now_seconds() - t0, ran,
		(fuzzing ? now_seconds() : fuzz_end) - t0, 1);
	if (o->bisect)
		snprintf(bisected, sizeof(bisected), ", %ld bisected", c.bisected);
	printf("fuzz: %ld models run, %ld findings (%ld invalid, %ld timeouts, "
		"%ld target errors), %ld buckets, %ld reduced%s%s; %.1f s "
		"(%.1f s fuzzing in all); see %s/index.json\n", c.counts.next,
		c.counts.findings, c.counts.invalid, c.counts.timeouts,
		c.counts.errors, c.buckets, c.reduced, bisected,
		*stop ? " (interrupted)" : "",
		now_seconds() - t0, c.counts.elapsed, c.dir);
	err = *stop ? PROC_CANCELLED : 0;
done:
	if (err == -1) {
		int k;
		for (k = 0; slots && k < window; k++)
			if (slots[k].busy) {
				if (!slots[k].done)
					proc_kill(&slots[k].p);
				slot_free(&slots[k]);
			}
		for (k = 0; k < c.nreducers; k++)
			if (c.reducers[k].running)
				proc_kill(&c.reducers[k].p);
	}
	free(slots);
	campaign_close(&c);
	return err;
}

int fuzz_campaign_report(const fuzz_options *o, gred_error *e)
{
	static volatile sig_atomic_t never;
	resume_scan s;
	fuzz_campaign c;
	size_t i;
	int err = -1;

	memset(&s, 0, sizeof(s));
	if (campaign_open(&c, o, &never, e) < 0)
		goto done;
	c.report_only = 1;
	s.c = &c;
	if ((err = triage_store_list(c.store, scan_bucket, &s, e)) < 0)
		goto done;
	for (i = 0; err == 0 && i < s.n; i++) {
		char *first = xasprintf("%s/buckets/%s/first.%s", c.dir, s.hash[i],
			c.target.ext);
		/* a bucket not reduced to its end stays marked for --resume */
		if (access(first, R_OK) == 0)
			err = fuzz_bucket_finish(&c, s.hash[i],
				fuzz_bucket_incomplete(&c, s.hash[i]), e);
		free(first);
	}
	if (err == 0 && (err = fuzz_index_write(&c, e)) == 0)
		printf("fuzz: %zu buckets reported in %s (index.json, index.sarif)\n",
			s.n, c.dir);
done:
	free(s.ids);
	free(s.hash);
	campaign_close(&c);
	return err;
}

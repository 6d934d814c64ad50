/*
** The work on a new bucket: reduce its first case with its test (a child
** `gred reduce`), re-sign the bucket on the result, then the text form,
** the picture, the report, the optional bisection and the indexes.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <mlir-c/IR.h>

#include "campaign.h"
#include "graph_svg.h"
#include "index.h"
#include "ir_file.h"
#include "mlir_io.h"
#include "report.h"

#ifndef GRED_VERSION
#define GRED_VERSION "0.1.0"
#endif

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static char *bucket_file(const fuzz_campaign *c, const char *id,
	const char *stem)
{
	char *name = xasprintf("%s.%s", stem, c->target.ext);
	char *p = fuzz_bucket_path(c, id, name);

	free(name);
	return p;
}

int fuzz_bucket_incomplete(const fuzz_campaign *c, const char *id)
{
	char *report = fuzz_bucket_path(c, id, "report.md");
	char *mark = fuzz_bucket_path(c, id, ".interrupted");
	int r = !exists(report) || exists(mark);

	free(report);
	free(mark);
	return r;
}

static int copy_file(const char *from, const char *to, gred_error *e)
{
	char *data = NULL;
	size_t len;
	int err = -1;

	if (file_read(&data, &len, from, 0, e) == 0)
		err = file_write_atomic(to, data, len, e);
	free(data);
	return err;
}

int fuzz_bucket_reduce(fuzz_campaign *c, fuzz_reducer *r, const char *id,
	int jobs, gred_error *e)
{
	char *first = bucket_file(c, id, "first"), *out = bucket_file(c, id, "reduced");
	char *start = bucket_file(c, id, "resume"), *test = fuzz_bucket_path(c, id, "test.sh");
	char *log = fuzz_bucket_path(c, id, "reduce.log"), jobs_s[16];
	const char *in = first;
	proc_options po;
	int err = -1;

	/* An interrupted reduction goes on from its best so far. */
	if (exists(out)) {
		if (copy_file(out, start, e) < 0)
			goto done;
		in = start;
	}
	snprintf(jobs_s, sizeof(jobs_s), "%d", jobs);
	{
		char *argv[] = {(char *)c->o->gred, "reduce", "-j", jobs_s,
			"--progress", "10", "-o", out, (char *)in, test, NULL};
		proc_options_init(&po);
		po.argv = argv;
		po.err_path = log;
		po.dir = c->tmp;
		memset(r, 0, sizeof(*r));
		if (proc_spawn(&r->p, &po, e) < 0)
			goto done;
	}
	snprintf(r->id, sizeof(r->id), "%s", id);
	r->running = 1;
	r->started = now_seconds();
	err = 0;
done:
	free(first);
	free(out);
	free(start);
	free(test);
	free(log);
	return err;
}

/* reduced.mlir: the case as MLIR text (ONNX goes through ir/'s import). */
static int write_text_form(const fuzz_campaign *c, const char *best,
	const char *id, gred_error *e)
{
	char *out = fuzz_bucket_path(c, id, "reduced.mlir");
	MlirContext ctx;
	ir_file f;
	gred_buf b = {0};
	int err;

	if (!strcmp(c->target.ext, "mlir")) {
		err = strcmp(best, out) ? copy_file(best, out, e) : 0;
		free(out);
		return err;
	}
	ctx = ir_context_new();
	err = ir_file_load(&f, ctx, best, e);
	if (err == 0) {
		err = ir_serialize(&b, f.op, IR_FORMAT_MLIR, e);
		ir_file_free(&f);
	}
	mlirContextDestroy(ctx);
	if (err == 0)
		err = file_write_atomic(out, b.data, b.len, e);
	buf_free(&b);
	free(out);
	return err;
}

/* The oracle that found a bucket: the runner's first log line names it. */
static char *bucket_oracle(const fuzz_campaign *c, const char *id)
{
	char *path = fuzz_bucket_path(c, id, "log.txt"), *log = NULL, *o;
	size_t len;
	gred_error e;

	if (file_read(&log, &len, path, 1 << 20, &e) == 0 &&
	    !strncmp(log, "gred-oracle: ", 13))
		o = xstrndup(log + 13, strcspn(log + 13, " \r\n"));
	else
		o = xstrdup("crash");
	free(path);
	free(log);
	return o;
}

static char *read_first_bad(const fuzz_campaign *c, const char *id)
{
	char *path = fuzz_bucket_path(c, id, "first_bad.txt"), *text = NULL;
	size_t len;
	gred_error e;

	if (file_read(&text, &len, path, 4096, &e) == 0)
		text[strcspn(text, "\n")] = 0;
	free(path);
	return text;
}

/* Files the reduced case: the bucket's smallest from now on, if the
** target still signs it as the bucket. */
static void file_reduced(fuzz_campaign *c, const char *id, const char *best)
{
	fuzz_verdict v;
	triage_add_result added;
	gred_error e;
	char got[17];

	if (fuzz_target_run(&v, &c->target, best, c->tmp, c->o->timeout, c->stop,
	    &e) < 0) {
		fuzz_note(c, "bucket %s: the reduced case did not run: %s", id, e.msg);
		return;
	}
	if (v.kind != FUZZ_FINDING || strcmp(triage_sig_id(&v.sig, got), id)) {
		fuzz_note(c, "bucket %s: the reduced case no longer shows the bug "
			"on a re-run; it is not filed", id);
	} else if (triage_store_begin(c->store, &e) < 0 ||
	    triage_store_add(&added, c->store, &v.sig, best, best, v.log, v.len,
		&e) < 0 || triage_store_commit(c->store, &e) < 0) {
		triage_store_rollback(c->store);
		fuzz_note(c, "bucket %s: %s", id, e.msg);
	}
	fuzz_verdict_clear(&v);
}

/* gred bisect REPO GOOD..BAD with the bucket's test (bad iff the bug
** shows); the first bad commit goes to first_bad.txt. */
static void bisect_bucket(fuzz_campaign *c, const char *id, const char *best)
{
	char *spec = xstrdup(c->o->bisect), *f[4], *p = spec, *script = NULL;
	char *test = fuzz_bucket_path(c, id, "test.sh");
	char *log = fuzz_bucket_path(c, id, "bisect.log");
	char *out_path = fuzz_bucket_path(c, id, "bisect.out");
	char *fb = fuzz_bucket_path(c, id, "first_bad.txt"), *text = NULL;
	proc_options po;
	proc_result r;
	gred_error e;
	size_t len;
	int i;

	for (i = 0; i < 4; i++) {
		f[i] = p;
		if (i < 3 && (p = strchr(p, ':')))
			*p++ = 0;
		if (!p)
			break;
	}
	if (i < 4) {
		fuzz_note(c, "--bisect %s: want REPO:GOOD:BAD:BUILD", c->o->bisect);
		goto done;
	}
	/* bisect calls a commit good when its test exits 0: invert ours */
	script = xasprintf("! '%s' '%s'", test, best);
	{
		/* a bisection a kill cut short is started again */
		char *reset[] = {(char *)c->o->gred, "bisect", "--reset", "--repo",
			f[0], NULL};
		proc_options_init(&po);
		po.argv = reset;
		po.cancel = c->stop;
		proc_run(&r, NULL, &po, &e);
	}
	{
		char *argv[] = {(char *)c->o->gred, "bisect", "--repo", f[0],
			"--good", f[1], "--bad", f[2], "--build", f[3], "--", "/bin/sh",
			"-c", script, NULL};
		proc_options_init(&po);
		po.argv = argv;
		po.out_path = out_path;
		po.err_path = log;
		po.cancel = c->stop;
		if (proc_run(&r, NULL, &po, &e) < 0) {
			fuzz_note(c, "bucket %s: bisect: %s", id, e.msg);
			goto done;
		}
	}
	if (file_read(&text, &len, out_path, 1 << 20, &e) == 0) {
		char *at = strstr(text, " is the first bad commit");
		if (at) {
			char *start = at;
			while (start > text && start[-1] != '\n')
				start--;
			if (file_write_atomic(fb, start, (size_t)(at - start), &e) == 0)
				c->bisected++;
		} else
			fuzz_note(c, "bucket %s: bisect found no single first bad "
				"commit (see %s)", id, log);
	}
done:
	free(spec);
	free(script);
	free(test);
	free(log);
	free(out_path);
	free(fb);
	free(text);
}

static const char *target_title(const fuzz_target *t, gred_buf *b)
{
	switch (t->kind) {
	case FUZZ_TARGET_ORT:
		buf_printf(b, "onnxruntime-node%s%s (optimisation level %s)",
			t->version ? " " : "", t->version ? t->version : "",
			t->opt ? t->opt : "all");
		break;
	case FUZZ_TARGET_MLIR_OPT:
		buf_printf(b, "mlir-opt-19 %s", t->pipeline);
		break;
	case FUZZ_TARGET_CMD:
		buf_printf(b, "`%s`", t->cmd);
		break;
	}
	return b->data;
}

static void split_lines(char ***out, size_t *n, char *text)
{
	char *p = text;

	*out = NULL;
	*n = 0;
	while (p && *p) {
		char *nl = strchr(p, '\n');
		*out = xrealloc(*out, (*n + 1) * sizeof(char *));
		(*out)[(*n)++] = p;
		if (nl)
			*nl++ = 0;
		p = nl;
	}
}

/* What the target did, by the oracle that saw it, for a report's title. */
static const struct {
	const char *oracle, *verb;
} oracle_verbs[] = {
	{"crash", "crashes"},
	{"verify", "emits IR its verifier rejects"},
	{"diff-opt", "computes other outputs when optimising"},
	{"diff-version", "computes other outputs than another version"},
};

static const char *oracle_verb(const char *oracle)
{
	size_t k;

	for (k = 0; k < sizeof(oracle_verbs) / sizeof(*oracle_verbs); k++)
		if (!strcmp(oracle, oracle_verbs[k].oracle))
			return oracle_verbs[k].verb;
	return "fails";
}

/* report.md of a bucket from the store's record and its files. */
static int write_report(fuzz_campaign *c, const char *id, const char *best,
	int picture, int interrupted, gred_error *e)
{
	triage_bucket b;
	report_case rc;
	gred_buf md = {0}, how = {0}, versions = {0}, title = {0};
	char *text_path = fuzz_bucket_path(c, id, "reduced.mlir"), *text = NULL;
	char *first = bucket_file(c, id, "first"), *oracle = bucket_oracle(c, id);
	char *repro = NULL, *report = fuzz_bucket_path(c, id, "report.md");
	char *first_bad = read_first_bad(c, id), **frames = NULL;
	size_t text_len = 0, nframes = 0;
	int err;

	if ((err = triage_store_get(&b, c->store, id, e)) < 0)
		goto done;
	if (file_read(&text, &text_len, text_path, 1 << 20, e) < 0)
		text = NULL, text_len = 0;
	split_lines(&frames, &nframes, b.frames);
	repro = fuzz_target_command(&c->target, fuzz_target_needs_cwd(&c->target) ?
		best : path_base(best));
	buf_puts(&how, "Found by `gred fuzz --target ");
	fuzz_sh_quote(&how, c->o->target);
	buf_puts(&how, " --oracle ");
	fuzz_sh_quote(&how, c->o->oracle);
	buf_printf(&how, " --seed %llu` with the %s oracle; %lld finding%s in this bucket. The minimal "
		"model is `%s` (%ld bytes, reduced from `%s`, %ld bytes)%s; `%s` is "
		"the same graph as text. `./test.sh %s` exits 0 while the bug "
		"shows with this signature.%s",
		(unsigned long long)c->o->seed, oracle,
		(long long)b.count, b.count == 1 ? "" : "s", path_base(best),
		file_size(best), path_base(first), file_size(first),
		strcmp(c->target.ext, "mlir") ? ", attach it" : "",
		"reduced.mlir", path_base(best),
		interrupted ? " The reduction was interrupted; this is its best "
		"case so far (`gred fuzz --resume` goes on)." : "");
	fuzz_target_versions(&versions, &c->target);
	fuzz_target_case_lines(&versions, &c->target, best);
	buf_printf(&versions, "oracle: %s\n", oracle);
	memset(&rc, 0, sizeof(rc));
	rc.tool = target_title(&c->target, &title);
	rc.verb = oracle_verb(oracle);
	rc.reproduce = repro;
	rc.input_name = "reduced.mlir";
	rc.input = text;
	rc.input_len = text_len;
	rc.orig_bytes = (size_t)(file_size(first) > 0 ? file_size(first) : 0);
	rc.sig_id = id;
	rc.kind = b.kind;
	rc.message = b.message;
	rc.frames = (const char *const *)frames;
	rc.nframes = nframes;
	rc.how = how.data;
	rc.versions = versions.data;
	rc.picture = picture ? "graph.svg" : NULL;
	rc.first_bad = first_bad;
	report_markdown(&md, &rc);
	err = file_write_atomic(report, md.data, md.len, e);
	triage_bucket_free(&b);
done:
	buf_free(&md);
	buf_free(&how);
	buf_free(&versions);
	buf_free(&title);
	free(text_path);
	free(text);
	free(first);
	free(oracle);
	free(repro);
	free(report);
	free(first_bad);
	free(frames);
	return err;
}

int fuzz_bucket_bisect(fuzz_campaign *c, const char *id, gred_error *e)
{
	char *out = fuzz_bucket_path(c, id, "bisect.out");
	char *reduced = bucket_file(c, id, "reduced"), *first = bucket_file(c, id, "first");
	char *svg = fuzz_bucket_path(c, id, "graph.svg");
	const char *best = exists(reduced) ? reduced : first;
	int err = 0;

	if (!exists(out)) {
		fuzz_note(c, "bucket %s: bisecting in %.*s", id,
			(int)strcspn(c->o->bisect, ":"), c->o->bisect);
		bisect_bucket(c, id, best);
		if (!*c->stop && (err = write_report(c, id, best, exists(svg), 0,
		    e)) == 0)
			err = fuzz_index_write(c, e);
	}
	free(out);
	free(reduced);
	free(first);
	free(svg);
	return err;
}

int fuzz_bucket_finish(fuzz_campaign *c, const char *id, int interrupted,
	gred_error *e)
{
	char *reduced = bucket_file(c, id, "reduced"), *first = bucket_file(c, id, "first");
	char *svg = fuzz_bucket_path(c, id, "graph.svg");
	char *mark = fuzz_bucket_path(c, id, ".interrupted");
	char *resume = bucket_file(c, id, "resume");
	const char *best = exists(reduced) ? reduced : first;
	gred_buf pic = {0};
	gred_error pe;
	int err = -1, picture = 0;

	if (best == reduced && !interrupted && !c->report_only)
		file_reduced(c, id, best);
	if (write_text_form(c, best, id, &pe) < 0)
		fuzz_note(c, "bucket %s: no text form: %s", id, pe.msg);
	if (report_graph_svg(&pic, best, &pe) < 0)
		fuzz_note(c, "bucket %s: no picture: %s", id, pe.msg);
	else if (file_write_atomic(svg, pic.data, pic.len, &pe) < 0)
		fuzz_note(c, "bucket %s: %s", id, pe.msg);
	else
		picture = 1;
	if (interrupted && file_write_atomic(mark, "", 0, e) < 0)
		goto done;
	if (write_report(c, id, best, picture, interrupted, e) < 0)
		goto done;
	if (!interrupted) {
		unlink(mark);
		c->reduced++;
	}
	unlink(resume);
	err = fuzz_index_write(c, e);
done:
	buf_free(&pic);
	free(reduced);
	free(first);
	free(svg);
	free(mark);
	free(resume);
	return err;
}

/* The index rows, gathered from the store and the bucket directories. */
typedef struct index_rows {
	fuzz_campaign *c;
	report_bucket_entry *v;
	size_t n;
	char **owned;           /* strings to free */
	size_t nowned;
	char ***frames;         /* per row: pointers into owned strings */
} index_rows;

static char *keep(index_rows *r, char *s)
{
	r->owned = xrealloc(r->owned, (r->nowned + 1) * sizeof(char *));
	r->owned[r->nowned++] = s;
	return s;
}

static int index_row(const triage_bucket *b, void *ctx)
{
	index_rows *r = ctx;
	fuzz_campaign *c = r->c;
	report_bucket_entry *x;
	char *reduced = bucket_file(c, b->hash, "reduced");
	char *first = bucket_file(c, b->hash, "first");
	char *svg = fuzz_bucket_path(c, b->hash, "graph.svg");
	char *frames;
	size_t nframes;
	char **fv;

	r->v = xrealloc(r->v, (r->n + 1) * sizeof(*r->v));
	r->frames = xrealloc(r->frames, (r->n + 1) * sizeof(*r->frames));
	x = &r->v[r->n];
	memset(x, 0, sizeof(*x));
	x->id = keep(r, xstrdup(b->hash));
	x->kind = keep(r, xstrdup(b->kind));
	x->message = keep(r, xstrdup(b->message));
	frames = keep(r, xstrdup(b->frames));
	split_lines(&fv, &nframes, frames);
	r->frames[r->n] = fv;
	x->frames = (const char *const *)fv;
	x->nframes = nframes;
	x->target = c->o->target;
	x->oracle = keep(r, bucket_oracle(c, b->hash));
	x->case_path = keep(r, xasprintf("buckets/%s/%s.%s", b->hash,
		exists(reduced) ? "reduced" : "first", c->target.ext));
	{
		char *abs = xasprintf("%s/%s", c->dir, x->case_path);
		x->command = keep(r, fuzz_target_command(&c->target, abs));
		x->case_bytes = (size_t)(file_size(abs) > 0 ? file_size(abs) : 0);
		free(abs);
	}
	x->report_path = keep(r, xasprintf("buckets/%s/report.md", b->hash));
	if (exists(svg))
		x->svg_path = keep(r, xasprintf("buckets/%s/graph.svg", b->hash));
	x->orig_bytes = (size_t)(file_size(first) > 0 ? file_size(first) : 0);
	x->count = (long)b->count;
	x->first_bad_commit = read_first_bad(c, b->hash);
	if (x->first_bad_commit)
		keep(r, (char *)x->first_bad_commit);
	r->n++;
	free(reduced);
	free(first);
	free(svg);
	return 0;
}

int fuzz_index_write(fuzz_campaign *c, gred_error *e)
{
	index_rows r = {c, NULL, 0, NULL, 0, NULL};
	gred_buf json = {0}, sarif = {0};
	char *jp = xasprintf("%s/index.json", c->dir);
	char *sp = xasprintf("%s/index.sarif", c->dir);
	size_t i;
	int err;

	err = triage_store_list(c->store, index_row, &r, e);
	if (err == 0) {
		report_index_json(&json, r.v, r.n, GRED_VERSION);
		report_index_sarif(&sarif, r.v, r.n, GRED_VERSION);
		err = file_write_atomic(jp, json.data, json.len, e);
		if (err == 0)
			err = file_write_atomic(sp, sarif.data, sarif.len, e);
	}
	for (i = 0; i < r.nowned; i++)
		free(r.owned[i]);
	for (i = 0; i < r.n; i++)
		free(r.frames[i]);
	free(r.owned);
	free(r.frames);
	free(r.v);
	buf_free(&json);
	buf_free(&sarif);
	free(jp);
	free(sp);
	return err;
}

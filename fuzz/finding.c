/*
** Filing a finding: its model goes to DIR/cases/, its log into the triage
** store; the first case of a new bucket gets DIR/buckets/ID/ with its test.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "campaign.h"

char *fuzz_bucket_path(const fuzz_campaign *c, const char *id,
	const char *name)
{
	return xasprintf("%s/buckets/%s/%s", c->dir, id, name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int filed_before(const fuzz_campaign *c, const char *path)
{
	return c->nfiled && bsearch(&path, c->filed, c->nfiled, sizeof(char *),
		cmp_str) != NULL;
}

static int write_file(const char *path, const char *data, size_t len,
	gred_error *e)
{
	return file_write_atomic(path, data, len, e);
}

/* buckets/ID/: first case, its log and the test that recognises the bug.
** Written while the store's transaction is open: a kill before the
** commit leaves at most a directory the next filing overwrites. */
static int bucket_create(fuzz_campaign *c, const char *id, const char *data,
	size_t len, const fuzz_verdict *v, gred_error *e)
{
	char *dir = xasprintf("%s/buckets/%s", c->dir, id);
	char *first = xasprintf("first.%s", c->target.ext), *p = NULL;
	char *script = fuzz_target_test_script(&c->target, c->o->gred, id);
	int err = -1;

	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		gred_errorf(e, "%s: %s", dir, strerror(errno));
		goto done;
	}
	p = fuzz_bucket_path(c, id, first);
	if (write_file(p, data, len, e) < 0)
		goto done;
	free(p);
	p = fuzz_bucket_path(c, id, "log.txt");
	if (write_file(p, v->log, v->len, e) < 0)
		goto done;
	free(p);
	p = fuzz_bucket_path(c, id, "test.sh");
	if (write_file(p, script, strlen(script), e) < 0)
		goto done;
	if (chmod(p, 0755) < 0) {
		gred_errorf(e, "%s: %s", p, strerror(errno));
		goto done;
	}
	err = 0;
done:
	free(dir);
	free(first);
	free(p);
	free(script);
	return err;
}

int fuzz_finding_file(fuzz_campaign *c, long k, const char *data, size_t len,
	const fuzz_verdict *v, gred_error *e)
{
	char *path = xasprintf("%s/cases/%08ld.%s", c->dir, k, c->target.ext);
	char id[17];
	triage_add_result added;
	int err = -1;

	if (write_file(path, data, len, e) < 0)
		goto done;
	/* a model run again after a kill was filed already: not twice */
	if (filed_before(c, path)) {
		err = 0;
		goto done;
	}
	if (triage_store_begin(c->store, e) < 0)
		goto done;
	if (triage_store_add(&added, c->store, &v->sig, path, path, v->log,
	    v->len, e) < 0) {
		triage_store_rollback(c->store);
		goto done;
	}
	triage_sig_id(&v->sig, id);
	if (added.is_new && bucket_create(c, id, data, len, v, e) < 0) {
		triage_store_rollback(c->store);
		goto done;
	}
	if (triage_store_commit(c->store, e) < 0)
		goto done;
	if (!added.duplicate)
		c->counts.findings++;
	if (added.is_new) {
		c->buckets++;
		c->pending = xrealloc(c->pending, (c->npending + 1) * sizeof(char *));
		c->pending[c->npending++] = xstrdup(id);
		fuzz_note(c, "model %ld: new bucket %s (%s: %s%s%s)", k, id,
			v->oracle, v->sig.kind, v->sig.message[0] ? ": " : "",
			v->sig.message);
	}
	err = 0;
done:
	free(path);
	return err;
}

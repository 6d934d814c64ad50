/*
** What bisect asks of libgit2: the good..bad graph, and describing
** commits for the report.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bisect.h"

int bisect_git_error(gred_error *e, const char *what)
{
	const git_error *ge = git_error_last();

	return gred_errorf(e, "%s: %s", what, ge && ge->message ? ge->message :
		"unknown libgit2 error");
}

typedef struct oid_index {
	git_oid oid;
	size_t i;
} oid_index;

static int oid_index_cmp(const void *a, const void *b)
{
	return git_oid_cmp(&((const oid_index *)a)->oid,
		&((const oid_index *)b)->oid);
}

static size_t lookup(const oid_index *map, size_t n, const git_oid *oid)
{
	oid_index key, *hit;

	key.oid = *oid;
	hit = bsearch(&key, map, n, sizeof(*map), oid_index_cmp);
	return hit ? hit->i : SIZE_MAX;
}

/*
** libgit2 lists good..bad with parents first (topological, reversed);
** bisect_search_init checks that order. The first-parent chain is cut
** out of the full set afterwards, so "reachable from good" always means
** through any parent, as in git.
*/
int bisect_search_from_repo(bisect_search *out, git_repository *repo,
	const git_oid *good, size_t ngood, const git_oid *bad,
	int first_parent, gred_error *e)
{
	git_revwalk *walk = NULL;
	git_commit *c = NULL;
	git_oid oid, *oids = NULL, *chain_oid = NULL;
	oid_index *map = NULL;
	size_t n = 0, cap = 0, i, k, np = 0, pcap = 0;
	size_t *poff = NULL, *par = NULL, *fp = NULL, *chain_off = NULL, *chain_par = NULL;
	int err = 0;

	memset(out, 0, sizeof(*out));
	if (git_revwalk_new(&walk, repo) < 0 ||
	    git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE) < 0 ||
	    git_revwalk_push(walk, bad) < 0) {
		err = bisect_git_error(e, "revwalk");
		goto done;
	}
	for (i = 0; i < ngood; i++)
		if (git_revwalk_hide(walk, &good[i]) < 0) {
			err = bisect_git_error(e, "revwalk");
			goto done;
		}
	while ((err = git_revwalk_next(&oid, walk)) == 0) {
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			oids = xrealloc(oids, cap * sizeof(*oids));
		}
		oids[n++] = oid;
	}
	if (err != GIT_ITEROVER) {
		err = bisect_git_error(e, "revwalk");
		goto done;
	}
	err = 0;
	if (n == 0) {
		err = gred_errorf(e, "no commits between good and bad");
		goto done;
	}
	map = xmalloc(n * sizeof(*map));
	for (i = 0; i < n; i++) {
		map[i].oid = oids[i];
		map[i].i = i;
	}
	qsort(map, n, sizeof(*map), oid_index_cmp);
	poff = xmalloc((n + 1) * sizeof(*poff));
	fp = xmalloc(n * sizeof(*fp));
	for (i = 0; i < n; i++) {
		unsigned int j, cnt;
		if (git_commit_lookup(&c, repo, &oids[i]) < 0) {
			err = bisect_git_error(e, "commit");
			goto done;
		}
		poff[i] = np;
		fp[i] = SIZE_MAX;
		cnt = git_commit_parentcount(c);
		for (j = 0; j < cnt; j++) {
			size_t p = lookup(map, n, git_commit_parent_id(c, j));
			if (j == 0)
				fp[i] = p;
			if (p == SIZE_MAX)
				continue;
			if (np == pcap) {
				pcap = pcap ? 2 * pcap : 256;
				par = xrealloc(par, pcap * sizeof(*par));
			}
			par[np++] = p;
		}
		git_commit_free(c);
		c = NULL;
	}
	poff[n] = np;
	if (!git_oid_equal(&oids[n - 1], bad)) {
		err = gred_errorf(e, "revwalk did not list the bad commit last");
		goto done;
	}
	if (!first_parent) {
		err = bisect_search_init(out, n, oids, poff, par, e);
		goto done;
	}
	/* The chain, from bad down, then reversed to parents-first. */
	chain_oid = xmalloc(n * sizeof(*chain_oid));
	chain_off = xmalloc((n + 1) * sizeof(*chain_off));
	chain_par = xmalloc(n * sizeof(*chain_par));
	k = 0;
	for (i = n - 1; i != SIZE_MAX; i = fp[i])
		chain_oid[k++] = oids[i];
	for (i = 0; i < k / 2; i++) {
		git_oid t = chain_oid[i];
		chain_oid[i] = chain_oid[k - 1 - i];
		chain_oid[k - 1 - i] = t;
	}
	for (i = 0; i < k; i++) {
		chain_off[i] = i ? i - 1 : 0;
		if (i)
			chain_par[i - 1] = i - 1;
	}
	chain_off[k] = k ? k - 1 : 0;
	err = bisect_search_init(out, k, chain_oid, chain_off, chain_par, e);
done:
	git_commit_free(c);
	git_revwalk_free(walk);
	free(oids);
	free(map);
	free(poff);
	free(par);
	free(fp);
	free(chain_oid);
	free(chain_off);
	free(chain_par);
	return err < 0 ? -1 : 0;
}

int bisect_describe(gred_buf *out, git_repository *repo, const git_oid *oid,
	int oneline, gred_error *e)
{
	git_commit *c = NULL;
	char hex[GIT_OID_HEXSZ + 1], date[64];
	const git_signature *a;
	const char *summary;
	struct tm tm;
	time_t t;
	int off;

	git_oid_tostr(hex, sizeof(hex), oid);
	if (git_commit_lookup(&c, repo, oid) < 0)
		return bisect_git_error(e, hex);
	summary = git_commit_summary(c);
	if (oneline) {
		buf_printf(out, "%s %s\n", hex, summary ? summary : "");
		git_commit_free(c);
		return 0;
	}
	a = git_commit_author(c);
	off = a->when.offset;
	t = (time_t)a->when.time + (time_t)off * 60;
	gmtime_r(&t, &tm);
	strftime(date, sizeof(date), "%a %b %e %H:%M:%S %Y", &tm);
	buf_printf(out, "commit %s\nAuthor: %s <%s>\nDate:   %s %c%02d%02d\n\n    %s\n",
		hex, a->name, a->email, date, off < 0 ? '-' : '+', abs(off) / 60,
		abs(off) % 60, summary ? summary : "");
	git_commit_free(c);
	return 0;
}

/*
** The saved state of a bisection (.git/gred-bisect.state): options,
** endpoints and every probe so far, one "key value" line each.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisect_session.h"

/* Values are one line: '%', control bytes and edge spaces become %XX. */
static void put_escaped(gred_buf *b, const char *s)
{
	size_t i, n = strlen(s);

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == '%' || c == 0x7f ||
		    (c == ' ' && (i == 0 || i == n - 1)))
			buf_printf(b, "%%%02X", c);
		else
			buf_append(b, &s[i], 1);
	}
}

static char *unescape(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *o = out;
	unsigned v;

	while (*s) {
		if (s[0] == '%' && s[1] && s[2] && sscanf(s + 1, "%2x", &v) == 1) {
			*o++ = (char)v;
			s += 3;
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
	return out;
}

static void put_line(gred_buf *b, const char *key, const char *value)
{
	buf_printf(b, "%s ", key);
	put_escaped(b, value);
	buf_puts(b, "\n");
}

static void put_oid(gred_buf *b, const char *key, const git_oid *oid)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), oid);
	buf_printf(b, "%s %s\n", key, hex);
}

int bisect_state_save(const bisect_saved *st, const char *path, gred_error *e)
{
	gred_buf b = {0};
	size_t i;
	int err;

	buf_puts(&b, "gred-bisect 1\n");
	put_line(&b, "orig-head", st->orig_head ? st->orig_head : "");
	if (st->worktree)
		put_line(&b, "worktree", st->worktree);
	buf_printf(&b, "first-parent %d\nsame-crash %d\nrepeat %d\ntimeout %g\n",
		st->first_parent, st->same_crash, st->repeat, st->timeout);
	if (st->build)
		put_line(&b, "build", st->build);
	for (i = 0; i < st->ntest; i++)
		put_line(&b, "test", st->test[i]);
	for (i = 0; i < st->ngood; i++)
		put_oid(&b, "good", &st->good[i]);
	put_oid(&b, "bad", &st->bad);
	if (st->ref_sig)
		put_line(&b, "ref-sig", st->ref_sig);
	for (i = 0; i < st->nprobe; i++) {
		char hex[GIT_OID_HEXSZ + 1];
		git_oid_tostr(hex, sizeof(hex), &st->probe[i]);
		buf_printf(&b, "probe %s %s\n", hex, bisect_verdict_name(st->verdict[i]));
	}
	err = file_write_atomic(path, b.data, b.len, e);
	buf_free(&b);
	return err;
}

void bisect_saved_add_probe(bisect_saved *st, const git_oid *oid,
	bisect_verdict v)
{
	st->probe = xrealloc(st->probe, (st->nprobe + 1) * sizeof(*st->probe));
	st->verdict = xrealloc(st->verdict, (st->nprobe + 1) * sizeof(*st->verdict));
	st->probe[st->nprobe] = *oid;
	st->verdict[st->nprobe++] = v;
}

static int parse_oid(git_oid *out, const char *hex, const char *path,
	size_t line, gred_error *e)
{
	if (strlen(hex) != GIT_OID_HEXSZ || git_oid_fromstr(out, hex) < 0)
		return gred_errorf(e, "%s:%zu: bad commit id", path, line);
	return 0;
}

int bisect_state_load(bisect_saved *out, const char *path, gred_error *e)
{
	char *text = NULL, *line, *next;
	size_t len, lineno = 0;
	int err = 0, have_bad = 0;

	memset(out, 0, sizeof(*out));
	out->repeat = 1;
	if (file_read(&text, &len, path, 64u << 20, e) < 0)
		return -1;
	if (strncmp(text, "gred-bisect 1\n", 14)) {
		err = gred_errorf(e, "%s: not a gred bisect state file", path);
		goto done;
	}
	for (line = text; line && *line; line = next) {
		char *key = line, *val;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		val = strchr(key, ' ');
		if (!val)
			continue;
		*val++ = '\0';
		if (!strcmp(key, "orig-head")) {
			free(out->orig_head);
			out->orig_head = unescape(val);
		} else if (!strcmp(key, "worktree")) {
			free(out->worktree);
			out->worktree = unescape(val);
		} else if (!strcmp(key, "first-parent")) {
			out->first_parent = atoi(val);
		} else if (!strcmp(key, "same-crash")) {
			out->same_crash = atoi(val);
		} else if (!strcmp(key, "repeat")) {
			out->repeat = atoi(val);
		} else if (!strcmp(key, "timeout")) {
			out->timeout = atof(val);
		} else if (!strcmp(key, "build")) {
			free(out->build);
			out->build = unescape(val);
		} else if (!strcmp(key, "test")) {
			out->test = xrealloc(out->test, (out->ntest + 2) * sizeof(*out->test));
			out->test[out->ntest++] = unescape(val);
			out->test[out->ntest] = NULL;
		} else if (!strcmp(key, "good")) {
			out->good = xrealloc(out->good, (out->ngood + 1) * sizeof(*out->good));
			if ((err = parse_oid(&out->good[out->ngood], val, path, lineno, e)) < 0)
				goto done;
			out->ngood++;
		} else if (!strcmp(key, "bad")) {
			if ((err = parse_oid(&out->bad, val, path, lineno, e)) < 0)
				goto done;
			have_bad = 1;
		} else if (!strcmp(key, "ref-sig")) {
			free(out->ref_sig);
			out->ref_sig = unescape(val);
		} else if (!strcmp(key, "probe")) {
			char *v = strchr(val, ' ');
			git_oid oid;
			bisect_verdict verdict;
			if (!v) {
				err = gred_errorf(e, "%s:%zu: bad probe line", path, lineno);
				goto done;
			}
			*v++ = '\0';
			if ((err = parse_oid(&oid, val, path, lineno, e)) < 0)
				goto done;
			if (bisect_verdict_parse(&verdict, v) < 0) {
				err = gred_errorf(e, "%s:%zu: bad verdict '%s'", path, lineno, v);
				goto done;
			}
			bisect_saved_add_probe(out, &oid, verdict);
		}
	}
	if (!have_bad || out->ngood == 0 || out->ntest == 0 || out->repeat < 1)
		err = gred_errorf(e, "%s: incomplete state file", path);
done:
	free(text);
	if (err < 0)
		bisect_saved_free(out);
	return err;
}

void bisect_saved_free(bisect_saved *st)
{
	size_t i;

	free(st->orig_head);
	free(st->worktree);
	free(st->build);
	for (i = 0; i < st->ntest; i++)
		free(st->test[i]);
	free(st->test);
	free(st->good);
	free(st->ref_sig);
	free(st->probe);
	free(st->verdict);
	memset(st, 0, sizeof(*st));
}

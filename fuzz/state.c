/*
** campaign.json: a campaign's options and how far it got, rewritten
** atomically so that --resume goes on where a kill stopped it.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void fuzz_options_init(fuzz_options *o)
{
	memset(o, 0, sizeof(*o));
	o->oracle = "crash";
	o->seed = 1;
	o->nodes = 10;
	o->shard_n = 1;
	o->timeout = 60;
	o->jobs = 1;
}

static void json_string(gred_buf *b, const char *s)
{
	const unsigned char *p;

	if (!s) {
		buf_puts(b, "null");
		return;
	}
	buf_puts(b, "\"");
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_printf(b, "\\%c", *p);
		else if (*p == '\n')
			buf_puts(b, "\\n");
		else if (*p < 0x20)
			buf_printf(b, "\\u%04x", *p);
		else
			buf_append(b, p, 1);
	}
	buf_puts(b, "\"");
}

int fuzz_state_write(const char *dir, const fuzz_options *o,
	const fuzz_counts *c, gred_error *e)
{
	gred_buf b = {0};
	char *path = xasprintf("%s/campaign.json", dir);
	int err;

	buf_puts(&b, "{\n  \"format\": 1,\n  \"target\": ");
	json_string(&b, o->target);
	buf_puts(&b, ",\n  \"oracle\": ");
	json_string(&b, o->oracle);
	buf_printf(&b, ",\n  \"seed\": %llu,\n  \"models\": %ld,\n"
		"  \"seconds\": %.3f,\n  \"nodes\": %d,\n  \"ops\": ",
		(unsigned long long)o->seed, o->models, o->seconds, o->nodes);
	json_string(&b, o->ops);
	buf_printf(&b, ",\n  \"shard_i\": %d,\n  \"shard_n\": %d,\n  \"bisect\": ",
		o->shard_i, o->shard_n);
	json_string(&b, o->bisect);
	buf_puts(&b, ",\n  \"cwd\": ");
	json_string(&b, o->cwd);
	buf_puts(&b, ",\n  \"skeleton\": ");
	json_string(&b, o->skeleton);
	buf_printf(&b, ",\n  \"mutations\": %d,\n  \"mcts\": %d", o->mutations,
		o->mcts);
	buf_printf(&b, ",\n  \"timeout\": %.3f,\n  \"next\": %ld,\n"
		"  \"findings\": %ld,\n  \"invalid\": %ld,\n  \"timeouts\": %ld,\n"
		"  \"errors\": %ld,\n  \"elapsed\": %.3f\n}\n", o->timeout, c->next,
		c->findings, c->invalid, c->timeouts, c->errors, c->elapsed);
	err = file_write_atomic(path, b.data, b.len, e);
	free(path);
	buf_free(&b);
	return err;
}

/* The text after "KEY": in a flat JSON object, or NULL. */
static const char *json_field(const char *text, const char *key)
{
	char *pat = xasprintf("\"%s\":", key);
	const char *p = strstr(text, pat);

	if (p)
		p += strlen(pat);
	free(pat);
	if (p)
		while (*p == ' ')
			p++;
	return p;
}

/* A JSON string (or null) at p, malloc'd; kept in *strings to free. */
static const char *json_take_string(const char *p, char ***strings,
	size_t *n)
{
	gred_buf b = {0};

	if (!p || *p != '"')
		return NULL;
	for (p++; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			if (*p == 'n')
				buf_puts(&b, "\n");
			else if (*p == 'u' && strlen(p) >= 5) {
				char hex[5] = {p[1], p[2], p[3], p[4], 0};
				char ch = (char)strtol(hex, NULL, 16);
				buf_append(&b, &ch, 1);
				p += 4;
			} else
				buf_append(&b, p, 1);
		} else
			buf_append(&b, p, 1);
	}
	buf_puts(&b, "");
	*strings = xrealloc(*strings, (*n + 2) * sizeof(**strings));
	(*strings)[(*n)++] = b.data;
	(*strings)[*n] = NULL;
	return b.data;
}

static double json_num(const char *text, const char *key)
{
	const char *p = json_field(text, key);

	return p ? strtod(p, NULL) : 0;
}

int fuzz_state_read(fuzz_options *o, fuzz_counts *c, char ***strings,
	const char *dir, gred_error *e)
{
	char *path = xasprintf("%s/campaign.json", dir), *text = NULL;
	size_t len, n = 0;
	const char *p;

	*strings = NULL;
	if (file_read(&text, &len, path, 1 << 20, e) < 0) {
		free(path);
		return -1;
	}
	if (!json_field(text, "format") || !json_field(text, "target") ||
	    !(o->target = json_take_string(json_field(text, "target"), strings, &n))) {
		gred_errorf(e, "%s: not a campaign file of gred fuzz", path);
		free(path);
		free(text);
		return -1;
	}
	o->oracle = json_take_string(json_field(text, "oracle"), strings, &n);
	o->ops = json_take_string(json_field(text, "ops"), strings, &n);
	o->bisect = json_take_string(json_field(text, "bisect"), strings, &n);
	o->cwd = json_take_string(json_field(text, "cwd"), strings, &n);
	o->skeleton = json_take_string(json_field(text, "skeleton"), strings, &n);
	o->mutations = (int)json_num(text, "mutations");
	o->mcts = (int)json_num(text, "mcts");
	if ((p = json_field(text, "seed")))
		o->seed = strtoull(p, NULL, 10);
	o->models = (long)json_num(text, "models");
	o->seconds = json_num(text, "seconds");
	o->nodes = (int)json_num(text, "nodes");
	o->shard_i = (int)json_num(text, "shard_i");
	o->shard_n = (int)json_num(text, "shard_n");
	o->timeout = json_num(text, "timeout");
	memset(c, 0, sizeof(*c));
	c->next = (long)json_num(text, "next");
	c->findings = (long)json_num(text, "findings");
	c->invalid = (long)json_num(text, "invalid");
	c->timeouts = (long)json_num(text, "timeouts");
	c->errors = (long)json_num(text, "errors");
	c->elapsed = json_num(text, "elapsed");
	if (!o->oracle)
		o->oracle = "crash";
	if (o->nodes <= 0)
		o->nodes = 10;
	if (o->shard_n <= 0)
		o->shard_n = 1;
	if (o->timeout <= 0)
		o->timeout = 60;
	free(path);
	free(text);
	return 0;
}

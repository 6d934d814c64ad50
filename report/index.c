/*
** The JSON and SARIF indexes of a campaign's buckets (see index.h).
*/
#include "index.h"

#include <stdlib.h>
#include <string.h>

#include "json_out.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SARIF_ROOT "CAMPAIGNROOT"

void report_index_json(gred_buf *out, const report_bucket_entry *b, size_t n,
	const char *tool_version)
{
	json_out j;
	char *tool = xasprintf("gred %s", tool_version ? tool_version : "");
	size_t i, k;

	json_begin(&j, out);
	json_open(&j, NULL, '{');
	json_string(&j, "tool", tool);
	json_open(&j, "buckets", '[');
	for (i = 0; i < n; i++) {
		json_open(&j, NULL, '{');
		json_string(&j, "id", b[i].id);
		json_string(&j, "kind", b[i].kind);
		json_string(&j, "message", b[i].message);
		json_open(&j, "frames", '[');
		for (k = 0; k < b[i].nframes; k++)
			json_string(&j, NULL, b[i].frames[k]);
		json_close(&j);
		json_string(&j, "target", b[i].target);
		json_string(&j, "oracle", b[i].oracle);
		json_string(&j, "command", b[i].command);
		json_string(&j, "report", b[i].report_path);
		json_string(&j, "case", b[i].case_path);
		json_string(&j, "svg", b[i].svg_path);
		json_int(&j, "case_bytes", (long long)b[i].case_bytes);
		json_int(&j, "orig_bytes", (long long)b[i].orig_bytes);
		json_int(&j, "count", b[i].count);
		json_string(&j, "first_bad_commit", b[i].first_bad_commit);
		json_close(&j);
	}
	json_close(&j);
	json_close(&j);
	json_end(&j);
	free(tool);
}

/* A relative path as a URI reference: bytes outside RFC 3986's
** unreserved, sub-delims, ':', '@' and '/' are percent-encoded. */
static char *uri_of_path(const char *path)
{
	static const char keep[] = "-._~!$&'()*+,;=:@/";
	gred_buf u = {0};
	const unsigned char *p;

	for (p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr(keep, *p))
			buf_printf(&u, "%c", *p);
		else
			buf_printf(&u, "%%%02X", *p);
	}
	buf_puts(&u, "");
	return u.data;
}

/* "kind: message", else "kind in top-frame", else the kind. */
static char *bucket_title(const report_bucket_entry *b)
{
	const char *kind = b->kind && *b->kind ? b->kind : "crash";

	if (b->message && *b->message)
		return xasprintf("%s: %s", kind, b->message);
	if (b->nframes)
		return xasprintf("%s in %s", kind, b->frames[0]);
	return xstrdup(kind);
}

static void sarif_string(json_out *j, const char *key, const char *s)
{
	if (s)
		json_string(j, key, s);
}

/* {"text": text} (and "markdown" when given), under key. */
static void sarif_message(json_out *j, const char *key, const char *text,
	const char *markdown)
{
	json_open(j, key, '{');
	json_string(j, "text", text);
	sarif_string(j, "markdown", markdown);
	json_close(j);
}

/* A location in the campaign directory: a result's own (id < 0), or a
** related one numbered id, described by what. */
static void sarif_location(json_out *j, const char *path, int id,
	const char *what)
{
	char *uri = uri_of_path(path);

	json_open(j, NULL, '{');
	if (id >= 0)
		json_int(j, "id", id);
	json_open(j, "physicalLocation", '{');
	json_open(j, "artifactLocation", '{');
	json_string(j, "uri", uri);
	json_string(j, "uriBaseId", SARIF_ROOT);
	json_close(j);
	if (id < 0) {
		/* GitHub code scanning shows a result only with a start line. */
		json_open(j, "region", '{');
		json_int(j, "startLine", 1);
		json_close(j);
	}
	json_close(j);
	if (what)
		sarif_message(j, "message", what, NULL);
	json_close(j);
	free(uri);
}

static void sarif_rule(json_out *j, const report_bucket_entry *b)
{
	char *title = bucket_title(b);
	gred_buf full = {0}, text = {0}, md = {0};
	size_t k;

	buf_puts(&full, title);
	if (b->nframes)
		buf_puts(&full, ". Top frames:");
	for (k = 0; k < b->nframes; k++)
		buf_printf(&full, "%s %s", k ? "," : "", b->frames[k]);
	if (b->command) {
		buf_printf(&text, "Reproduce with: %s", b->command);
		buf_printf(&md, "Reproduce with:\n\n```sh\n%s\n```\n", b->command);
	} else {
		buf_puts(&text, "No command is known for this bucket.");
		buf_puts(&md, "No command is known for this bucket.\n");
	}
	if (b->report_path) {
		buf_printf(&text, "\nThe full report: %s", b->report_path);
		buf_printf(&md, "\nThe full report: `%s`.\n", b->report_path);
	}
	json_open(j, NULL, '{');
	json_string(j, "id", b->id ? b->id : "unknown");
	sarif_message(j, "shortDescription", title, NULL);
	sarif_message(j, "fullDescription", full.data, NULL);
	sarif_message(j, "help", text.data, md.data);
	json_open(j, "defaultConfiguration", '{');
	json_string(j, "level", "error");
	json_close(j);
	json_open(j, "properties", '{');
	json_open(j, "tags", '[');
	json_string(j, NULL, "gred");
	if (b->oracle)
		json_string(j, NULL, b->oracle);
	json_close(j);
	json_close(j);
	json_close(j);
	free(title);
	buf_free(&full);
	buf_free(&text);
	buf_free(&md);
}

static void sarif_result(json_out *j, const report_bucket_entry *b, size_t index)
{
	char *title = bucket_title(b);
	gred_buf msg = {0};
	const char *where = b->case_path ? b->case_path : b->report_path;
	size_t k;

	buf_printf(&msg, "%s%s%s%s%s", b->target ? b->target : "the target",
		b->oracle ? " (oracle " : "", b->oracle ? b->oracle : "",
		b->oracle ? ")" : "", ": ");
	buf_puts(&msg, title);
	buf_printf(&msg, " (%ld finding%s", b->count, b->count == 1 ? "" : "s");
	if (b->case_bytes)
		buf_printf(&msg, "; minimal case %zu bytes", b->case_bytes);
	if (b->orig_bytes)
		buf_printf(&msg, ", reduced from %zu", b->orig_bytes);
	buf_puts(&msg, ")");
	if (b->first_bad_commit)
		buf_printf(&msg, "; first bad commit %s", b->first_bad_commit);
	buf_puts(&msg, ".");

	json_open(j, NULL, '{');
	json_string(j, "ruleId", b->id ? b->id : "unknown");
	json_int(j, "ruleIndex", (long long)index);
	json_string(j, "level", "error");
	sarif_message(j, "message", msg.data, NULL);
	if (where) {
		json_open(j, "locations", '[');
		sarif_location(j, where, -1, NULL);
		json_close(j);
	}
	if ((b->report_path && b->case_path) || b->svg_path) {
		int id = 1;
		json_open(j, "relatedLocations", '[');
		if (b->report_path && b->case_path)
			sarif_location(j, b->report_path, id++, "the report");
		if (b->svg_path)
			sarif_location(j, b->svg_path, id++, "a picture of the case's graph");
		json_close(j);
	}
	json_open(j, "partialFingerprints", '{');
	json_string(j, "gredSignature/v1", b->id ? b->id : "unknown");
	json_close(j);
	json_open(j, "properties", '{');
	sarif_string(j, "target", b->target);
	sarif_string(j, "oracle", b->oracle);
	sarif_string(j, "command", b->command);
	json_int(j, "count", b->count);
	json_int(j, "caseBytes", (long long)b->case_bytes);
	json_int(j, "originalBytes", (long long)b->orig_bytes);
	sarif_string(j, "firstBadCommit", b->first_bad_commit);
	sarif_string(j, "kind", b->kind);
	if (b->nframes) {
		json_open(j, "frames", '[');
		for (k = 0; k < b->nframes; k++)
			json_string(j, NULL, b->frames[k]);
		json_close(j);
	}
	json_close(j);
	json_close(j);
	free(title);
	buf_free(&msg);
}

void report_index_sarif(gred_buf *out, const report_bucket_entry *b, size_t n,
	const char *tool_version)
{
	json_out j;
	size_t i;

	json_begin(&j, out);
	json_open(&j, NULL, '{');
	json_string(&j, "$schema", SARIF_SCHEMA);
	json_string(&j, "version", "2.1.0");
	json_open(&j, "runs", '[');
	json_open(&j, NULL, '{');
	json_open(&j, "tool", '{');
	json_open(&j, "driver", '{');
	json_string(&j, "name", "gred");
	sarif_string(&j, "version", tool_version);
#ifdef GRED_HOMEPAGE
	json_string(&j, "informationUri", GRED_HOMEPAGE);
#endif
	json_open(&j, "rules", '[');
	for (i = 0; i < n; i++)
		sarif_rule(&j, &b[i]);
	json_close(&j);
	json_close(&j);
	json_close(&j);
	json_open(&j, "originalUriBaseIds", '{');
	json_open(&j, SARIF_ROOT, '{');
	sarif_message(&j, "description", "The fuzzing campaign's directory, "
		"which holds this log.", NULL);
	json_close(&j);
	json_close(&j);
	json_open(&j, "results", '[');
	for (i = 0; i < n; i++)
		sarif_result(&j, &b[i], i);
	json_close(&j);
	json_close(&j);
	json_close(&j);
	json_close(&j);
	json_end(&j);
}

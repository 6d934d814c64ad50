/*
** The Markdown of a crash report, shared by `gred report` and the demo,
** and the version lines it ends with.
*/
#include "report.h"

#include <string.h>

#include "run.h"

#ifndef GRED_VERSION
#define GRED_VERSION "0.1.0"
#endif

/* The fence language of an input by its name: mlir text shows as mlir. */
static const char *fence_lang(const char *name)
{
	const char *dot = name ? strrchr(name, '.') : NULL;

	return dot && !strcmp(dot, ".mlir") ? "mlir" : "";
}

/* Binary data (an .onnx model) is not pasted, only named. */
static int is_text(const char *s, size_t n)
{
	return s && !memchr(s, 0, n);
}

void report_markdown(gred_buf *md, const report_case *c)
{
	size_t k;

	buf_printf(md, "# %s %s (%s in %s)\n\n", c->tool ? c->tool : "the compiler",
		c->verb ? c->verb : "crashes",
		c->kind && *c->kind ? c->kind : "crash",
		c->nframes ? c->frames[0] : "an unknown frame");
	if (c->reproduce)
		buf_printf(md, "## Reproduce\n\n```sh\n%s\n```\n\n", c->reproduce);
	if (c->input && is_text(c->input, c->input_len)) {
		buf_printf(md, "## Minimal input (`%s`, %zu bytes", c->input_name ?
			path_base(c->input_name) : "input", c->input_len);
		if (c->orig_bytes)
			buf_printf(md, ", reduced from %zu", c->orig_bytes);
		buf_printf(md, ")\n\n```%s\n%.*s%s```\n\n", fence_lang(c->input_name),
			(int)c->input_len, c->input, c->input_len &&
			c->input[c->input_len - 1] != '\n' ? "\n" : "");
	} else if (c->input_name) {
		buf_printf(md, "## Minimal input\n\n`%s` (%zu bytes, binary: attach "
			"it)\n\n", c->input_name, c->input_len);
	}
	if (c->picture)
		buf_printf(md, "![graph of the minimal input](%s)\n\n", c->picture);
	if (c->sig_id) {
		buf_printf(md, "## Crash signature `%s`\n\n- kind: %s\n", c->sig_id,
			c->kind ? c->kind : "");
		if (c->message && *c->message)
			buf_printf(md, "- message: `%s`\n", c->message);
		if (c->nframes)
			buf_puts(md, "- top frames:\n");
		for (k = 0; k < c->nframes; k++)
			buf_printf(md, "  %zu. `%s`\n", k + 1, c->frames[k]);
		buf_puts(md, "\n");
	}
	if (c->first_bad)
		buf_printf(md, "## First bad commit\n\n`%s`\n\n", c->first_bad);
	if (c->how)
		buf_printf(md, "## How it was found\n\n%s\n\n", c->how);
	buf_printf(md, "## Versions\n\n- gred %s\n", GRED_VERSION);
	if (c->versions && *c->versions) {
		const char *p = c->versions;
		while (*p) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);
			buf_printf(md, "- %.*s\n", (int)n, p);
			p += n + (nl != NULL);
		}
	}
}

void report_tool_version(gred_buf *out, const char *program)
{
	char *argv[] = {(char *)program, "--version", NULL};
	triage_run_result res;
	gred_buf text = {0};
	gred_error e;
	const char *p;
	size_t n;

	if (triage_run(&res, &text, argv, 10, 1 << 16, &e) < 0 || !text.len) {
		buf_free(&text);
		return;
	}
	/* the first line that says something (LLVM starts with a blank) */
	for (p = text.data; *p == '\n' || *p == ' '; p++)
		;
	n = strcspn(p, "\n");
	while (n && p[n - 1] == ' ')
		n--;
	if (n)
		buf_printf(out, "%s: %.*s\n", path_base(program), (int)n, p);
	buf_free(&text);
}

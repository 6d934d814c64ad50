/*
** Fuzz targets: how to run one on a model, how to read its verdict, and
** the test script that checks a bucket's bug on a candidate file.
*/
#define _GNU_SOURCE  /* sigabbrev_np */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "report.h"

/* The oracles a runner target understands. */
static const char *const runner_oracles[] = {
	"crash", "diff-opt", "diff-version",
};

static const char *const ort_levels[] = {
	"all", "extended", "basic", "disabled",
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static int in_list(const char *s, size_t n, const char *const *list,
	size_t nlist)
{
	size_t i;

	for (i = 0; i < nlist; i++)
		if (strlen(list[i]) == n && !memcmp(list[i], s, n))
			return 1;
	return 0;
}

/* Checks "crash,diff-opt,diff-version:1.19.2" item by item. */
static int check_oracles(const char *oracle, int cmd, gred_error *e)
{
	const char *p = oracle;

	if (!*p)
		return gred_errorf(e, "--oracle: empty");
	while (*p) {
		size_t n = strcspn(p, ","), name = strcspn(p, ":,");
		if (!in_list(p, name, runner_oracles, N(runner_oracles)))
			return gred_errorf(e, "--oracle: unknown oracle '%.*s' "
				"(crash, diff-opt, diff-version[:VERSION])", (int)n, p);
		if (cmd && (name != 5 || memcmp(p, "crash", 5)))
			return gred_errorf(e, "--oracle: a cmd: target has only "
				"the crash oracle");
		if (name < n && (strncmp(p, "diff-version", name) || name + 1 == n))
			return gred_errorf(e, "--oracle: '%.*s': only diff-version "
				"takes a version", (int)n, p);
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

static char *runner_path(const char *scripts, const char *name,
	gred_error *e)
{
	char *p = xasprintf("%s/%s", scripts, name);

	if (access(p, R_OK) < 0) {
		gred_errorf(e, "%s: no such runner (the target needs it)", p);
		free(p);
		return NULL;
	}
	return p;
}

int fuzz_target_parse(fuzz_target *out, const char *spec, const char *oracle,
	const char *scripts, gred_error *e)
{
	memset(out, 0, sizeof(*out));
	out->spec = xstrdup(spec);
	out->oracle = xstrdup(oracle && *oracle ? oracle : "crash");
	out->ext = "onnx";
	if (!strncmp(spec, "cmd:", 4)) {
		out->kind = FUZZ_TARGET_CMD;
		out->cmd = xstrdup(spec + 4);
		if (!strstr(out->cmd, "{}")) {
			gred_errorf(e, "--target %s: the command needs {} where the "
				"file goes", spec);
			goto fail;
		}
		if (check_oracles(out->oracle, 1, e) < 0)
			goto fail;
		return 0;
	}
	if (check_oracles(out->oracle, 0, e) < 0)
		goto fail;
	if (!strncmp(spec, "mlir-opt:", 9)) {
		out->kind = FUZZ_TARGET_MLIR_OPT;
		out->ext = "mlir";
		/* random: each model's own pipeline, in its reproducer block */
		out->pipeline = xstrdup(fuzz_pipeline_is_random(spec) ?
			"--run-reproducer" : spec + 9);
		if (!*out->pipeline) {
			gred_errorf(e, "--target mlir-opt:PIPELINE: no pipeline");
			goto fail;
		}
		if (strcmp(out->oracle, "crash")) {
			gred_errorf(e, "--oracle: an mlir-opt target has only the "
				"crash oracle");
			goto fail;
		}
		if (!(out->runner = runner_path(scripts, "fuzz_mlir_opt.sh", e)))
			goto fail;
		return 0;
	}
	if (!strcmp(spec, "ort") || !strncmp(spec, "ort:", 4)) {
		const char *v = spec[3] ? spec + 4 : "", *colon = strchr(v, ':');
		out->kind = FUZZ_TARGET_ORT;
		if (colon) {
			out->opt = xstrdup(colon + 1);
			if (!in_list(out->opt, strlen(out->opt), ort_levels,
			    N(ort_levels))) {
				gred_errorf(e, "--target %s: unknown optimisation level "
					"'%s' (all, extended, basic, disabled)", spec,
					out->opt);
				goto fail;
			}
		}
		if (colon ? colon > v : *v != 0)
			out->version = colon ? xstrndup(v, (size_t)(colon - v)) :
				xstrdup(v);
		if (!(out->runner = runner_path(scripts, "fuzz_ort.js", e)))
			goto fail;
		return 0;
	}
	gred_errorf(e, "--target %s: unknown target (ort[:VERSION][:OPT], "
		"mlir-opt:PIPELINE, mlir-opt:random, mlir-opt:random-vector or "
		"cmd:'CMD {}')", spec);
fail:
	fuzz_target_free(out);
	return -1;
}

void fuzz_target_free(fuzz_target *t)
{
	free(t->spec);
	free(t->oracle);
	free(t->version);
	free(t->opt);
	free(t->pipeline);
	free(t->cmd);
	free(t->runner);
	free(t->cwd);
	memset(t, 0, sizeof(*t));
}

/* A word for sh: as is when it is plain, else in single quotes. */
void fuzz_sh_quote(gred_buf *b, const char *s)
{
	const char *p;

	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789_-./:=,+@%") == strlen(s)) {
		buf_puts(b, s);
		return;
	}
	buf_puts(b, "'");
	for (p = s; *p; p++)
		if (*p == '\'')
			buf_puts(b, "'\\''");
		else
			buf_append(b, p, 1);
	buf_puts(b, "'");
}

/* The runner's argv before the file: node RUNNER OPTIONS / sh RUNNER ... */
static size_t runner_words(const char **w, const fuzz_target *t)
{
	size_t n = 0;

	if (t->kind == FUZZ_TARGET_ORT) {
		w[n++] = "node";
		w[n++] = t->runner;
		if (t->version)
			w[n++] = "--ort", w[n++] = t->version;
		if (t->opt)
			w[n++] = "--opt", w[n++] = t->opt;
		w[n++] = "--oracle";
		w[n++] = t->oracle;
	} else {
		w[n++] = "sh";
		w[n++] = t->runner;
		w[n++] = "--oracle";
		w[n++] = t->oracle;
		w[n++] = t->pipeline;
	}
	return n;
}

/* The command of a cmd: target with {} as "$1", for sh -c. */
static char *cmd_script(const fuzz_target *t)
{
	gred_buf b = {0};
	const char *p = t->cmd, *q;

	while ((q = strstr(p, "{}"))) {
		buf_append(&b, p, (size_t)(q - p));
		buf_puts(&b, "\"$1\"");
		p = q + 2;
	}
	buf_puts(&b, p);
	return b.data;
}

int fuzz_target_needs_cwd(const fuzz_target *t)
{
	return t->kind == FUZZ_TARGET_CMD && t->cwd && t->cmd[0] != '/';
}

char **fuzz_target_argv(const fuzz_target *t, const char *file)
{
	char **argv = xcalloc(16, sizeof(*argv));
	const char *w[16];
	size_t i, n;

	if (t->kind == FUZZ_TARGET_CMD) {
		argv[0] = xstrdup("/bin/sh");
		argv[1] = xstrdup("-c");
		argv[2] = cmd_script(t);
		argv[3] = xstrdup("sh");
		argv[4] = xstrdup(file);
		return argv;
	}
	n = runner_words(w, t);
	for (i = 0; i < n; i++)
		argv[i] = xstrdup(w[i]);
	argv[n] = xstrdup(file);
	return argv;
}

void fuzz_argv_free(char **argv)
{
	size_t i;

	if (!argv)
		return;
	for (i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
}

char *fuzz_target_command(const fuzz_target *t, const char *file)
{
	gred_buf b = {0};
	const char *w[16];
	size_t i, n;

	if (t->kind == FUZZ_TARGET_CMD) {
		const char *p = t->cmd, *q;
		if (fuzz_target_needs_cwd(t)) {
			buf_puts(&b, "cd ");
			fuzz_sh_quote(&b, t->cwd);
			buf_puts(&b, " && ");
		}
		while ((q = strstr(p, "{}"))) {
			buf_append(&b, p, (size_t)(q - p));
			fuzz_sh_quote(&b, file);
			p = q + 2;
		}
		buf_puts(&b, p);
		return b.data;
	}
	n = runner_words(w, t);
	for (i = 0; i < n; i++) {
		fuzz_sh_quote(&b, w[i]);
		buf_puts(&b, " ");
	}
	fuzz_sh_quote(&b, file);
	return b.data;
}

char *fuzz_target_test_script(const fuzz_target *t, const char *gred,
	const char *sig_id)
{
	const char *LOG = fuzz_target_needs_cwd(t) ? "\"$log\"" : "test.log";
	gred_buf b = {0}, g = {0};
	char *cmd = NULL;

	fuzz_sh_quote(&g, gred);
	buf_printf(&b, "#!/bin/sh\n"
		"# Interesting iff the target still finds the bug with signature %s\n"
		"# in \"$1\": %s, and that signature in its log.\n",
		sig_id, t->kind == FUZZ_TARGET_CMD ? "a crash or a signal" :
		"the runner's exit 1 (a finding) or a signal");
	if (fuzz_target_needs_cwd(t)) {
		/* the command runs where the campaign was started; the
		** candidate's path is absolute, the log stays here */
		buf_puts(&b, "log=$PWD/test.log\n"
			"set -- \"$(cd \"$(dirname \"$1\")\" && pwd)/$(basename \"$1\")\"\ncd ");
		fuzz_sh_quote(&b, t->cwd);
		buf_puts(&b, " || exit 1\n");
	}
	if (t->kind == FUZZ_TARGET_CMD) {
		cmd = cmd_script(t);
		buf_puts(&b, "sh -c ");
		fuzz_sh_quote(&b, cmd);
		buf_puts(&b, " sh");
	} else {
		const char *w[16];
		size_t i, n = runner_words(w, t);
		for (i = 0; i < n; i++) {
			if (i)
				buf_puts(&b, " ");
			fuzz_sh_quote(&b, w[i]);
		}
	}
	buf_printf(&b, " \"$1\" >/dev/null 2>%s\n"
		"st=$?\n"
		"if [ $st -gt 128 ] && ! %s triage sig %s >/dev/null 2>&1; then\n"
		"  echo \"Program terminated with signal SIG$(kill -l $st)\" >>%s\n"
		"fi\n", LOG, g.data, LOG, LOG);
	if (t->kind != FUZZ_TARGET_CMD)
		buf_puts(&b, "[ $st -eq 1 ] || [ $st -gt 128 ] || exit 1\n");
	buf_printf(&b, "[ \"$(%s triage sig %s 2>/dev/null | head -n 1)\" = "
		"\"signature %s\" ]\n", g.data, LOG, sig_id);
	free(cmd);
	buf_free(&g);
	return b.data;
}

/* The version field of an npm package.json, or NULL. */
static char *package_version(const char *dir)
{
	char *path = xasprintf("%s/package.json", dir), *text = NULL, *v = NULL;
	const char *p;
	size_t len;
	gred_error e;

	if (file_read(&text, &len, path, 1 << 20, &e) == 0 &&
	    (p = strstr(text, "\"version\"")) && (p = strchr(p + 9, '"')))
		v = xstrndup(p + 1, strcspn(p + 1, "\""));
	free(path);
	free(text);
	return v;
}

static void ort_version_line(gred_buf *out, const fuzz_target *t,
	const char *version)
{
	const char *env = getenv("GRED_ORT");
	char *top = xstrndup(t->runner, strlen(t->runner) - strlen("/scripts/fuzz_ort.js"));
	char *dir, *v;

	if (env && *env)
		dir = xstrdup(env);
	else if (version)
		dir = xasprintf("%s/.deps/ort-%s/node_modules/onnxruntime-node", top,
			version);
	else
		dir = xasprintf("%s/.deps/ort/node_modules/onnxruntime-node", top);
	v = package_version(dir);
	buf_printf(out, "onnxruntime-node: %s\n", v ? v : version ? version :
		"unknown");
	free(v);
	free(dir);
	free(top);
}

void fuzz_target_versions(gred_buf *out, const fuzz_target *t)
{
	const char *dv;

	switch (t->kind) {
	case FUZZ_TARGET_ORT:
		ort_version_line(out, t, t->version);
		buf_printf(out, "optimisation level: %s\n", t->opt ? t->opt : "all");
		if ((dv = strstr(t->oracle, "diff-version:"))) {
			char *v2 = xstrndup(dv + 13, strcspn(dv + 13, ","));
			buf_printf(out, "compared with onnxruntime-node: %s\n", v2);
			free(v2);
		}
		report_tool_version(out, "node");
		break;
	case FUZZ_TARGET_MLIR_OPT:
		report_tool_version(out, "mlir-opt-19");
		if (fuzz_pipeline_is_random(t->spec))
			buf_puts(out, "pipeline: drawn per model, in the case's "
				"mlir_reproducer block\n");
		else
			buf_printf(out, "pipeline: %s\n", t->pipeline);
		break;
	case FUZZ_TARGET_CMD:
		buf_printf(out, "command: %s\n", t->cmd);
		break;
	}
}

/* The signal a run died of: its own, or the 128+N of a shell. */
static int death_signal(const proc_result *r)
{
	if (r->signal)
		return r->signal;
	if (r->exited && r->code > 128 && r->code < 128 + 65)
		return r->code - 128;
	return 0;
}

void fuzz_verdict_clear(fuzz_verdict *v)
{
	if (v->kind == FUZZ_FINDING)
		triage_sig_free(&v->sig);
	free(v->log);
	memset(v, 0, sizeof(*v));
}

/* Signs the log; with a signal and no crash report in it, first adds the
** line a debugger prints, as the test script does. */
static int sign(fuzz_verdict *v, int signo, gred_error *e)
{
	triage_options o;
	int err;

	triage_options_init(&o);
	err = triage_sig_compute(&v->sig, v->log ? v->log : "", v->len, &o, e);
	if (err == 0 && v->sig.crashed)
		return 1;
	if (err == 0)
		triage_sig_free(&v->sig);
	if (!signo)
		return 0;
	{
		const char *name = sigabbrev_np(signo);
		gred_buf b = {0};
		buf_append(&b, v->log ? v->log : "", v->len);
		buf_printf(&b, "Program terminated with signal SIG%s\n",
			name ? name : "UNKNOWN");
		free(v->log);
		v->log = b.data;
		v->len = b.len;
	}
	if (triage_sig_compute(&v->sig, v->log, v->len, &o, e) < 0)
		return -1;
	if (v->sig.crashed)
		return 1;
	triage_sig_free(&v->sig);
	return 0;
}

static void first_line(char *out, size_t n, const char *log, size_t len)
{
	size_t k = 0;

	while (k < len && log[k] != '\n' && k + 1 < n) {
		out[k] = log[k];
		k++;
	}
	out[k] = 0;
}

int fuzz_verdict_judge(fuzz_verdict *out, const fuzz_target *t,
	const proc_result *r, char *log, size_t len, gred_error *e)
{
	int signo = death_signal(r), found;

	memset(out, 0, sizeof(*out));
	out->log = log;
	out->len = len;
	if (r->timed_out) {
		out->kind = FUZZ_TIMEOUT;
		return 0;
	}
	strcpy(out->oracle, "crash");
	if (t->kind != FUZZ_TARGET_CMD && !signo) {
		if (r->code == 0 || r->code == 2) {
			out->kind = r->code ? FUZZ_INVALID : FUZZ_PASS;
			return 0;
		}
		if (r->code != 1) {
			out->kind = FUZZ_ERROR;
			first_line(out->what, sizeof(out->what), log ? log : "", len);
			return 0;
		}
		if (len > 13 && !memcmp(log, "gred-oracle: ", 13)) {
			size_t n = strcspn(log + 13, " \r\n");
			snprintf(out->oracle, sizeof(out->oracle), "%.*s",
				(int)(n < 31 ? n : 31), log + 13);
		}
	}
	if ((found = sign(out, signo, e)) < 0) {
		out->kind = FUZZ_ERROR;
		snprintf(out->what, sizeof(out->what), "%.200s", e->msg);
		return 0;
	}
	if (found) {
		out->kind = FUZZ_FINDING;
	} else if (t->kind != FUZZ_TARGET_CMD) {
		out->kind = FUZZ_ERROR;
		snprintf(out->what, sizeof(out->what), "the runner reported a "
			"finding whose log has no crash signature");
	} else {
		out->kind = r->exited && r->code == 0 ? FUZZ_PASS : FUZZ_INVALID;
	}
	return 0;
}

int fuzz_target_run(fuzz_verdict *out, const fuzz_target *t, const char *file,
	const char *tmp_dir, double timeout, volatile sig_atomic_t *cancel,
	gred_error *e)
{
	char **argv = fuzz_target_argv(t, file);
	char *err_path = xasprintf("%s/check.err", tmp_dir), *log = NULL;
	proc_options po;
	proc_result r;
	size_t len = 0;
	int err;

	proc_options_init(&po);
	po.argv = argv;
	po.err_path = err_path;
	po.timeout = timeout;
	po.cancel = cancel;
	err = proc_run(&r, NULL, &po, e);
	if (err == 0 && file_read(&log, &len, err_path, 16 << 20, e) < 0)
		err = -1;
	if (err == 0)
		err = fuzz_verdict_judge(out, t, &r, log, len, e);
	else
		free(log);
	unlink(err_path);
	free(err_path);
	fuzz_argv_free(argv);
	return err;
}

/* The pipeline in the mlir_reproducer block at the end of text, or NULL. */
static char *block_pipeline(const char *text)
{
	const char *open = NULL, *p, *q;
	gred_buf b = {0};

	for (p = text; (p = strstr(p, "{-#")); p += 3)
		open = p;
	if (!open || !strstr(open, "mlir_reproducer") ||
	    !(p = strstr(open, "pipeline:")) || !(p = strchr(p, '"')))
		return NULL;
	for (q = p + 1; *q && *q != '"'; q++) {
		if (*q == '\\' && q[1])
			q++;
		buf_append(&b, q, 1);
	}
	return *q == '"' ? (b.data ? b.data : xstrdup("")) : (buf_free(&b), NULL);
}

/* Passes in a pipeline: names not followed by a nested list. */
static int count_passes(const char *p)
{
	int n = 0, in_name = 0, depth = 0;

	for (; *p; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}')
			depth--;
		if (depth)
			continue;
		if (*p == '(')
			n -= in_name, in_name = 0;
		else if (*p == ',' || *p == ')')
			in_name = 0;
		else if (*p != ' ' && *p != '}' && !in_name)
			in_name = 1, n++;
	}
	return n;
}

void fuzz_target_case_lines(gred_buf *out, const fuzz_target *t,
	const char *case_path)
{
	char *text = NULL, *pipeline;
	size_t len;
	gred_error e;

	if (!fuzz_pipeline_is_random(t->spec) ||
	    file_read(&text, &len, case_path, 16 << 20, &e) < 0)
		return;
	if ((pipeline = block_pipeline(text))) {
		int n = count_passes(pipeline);
		buf_printf(out, "pipeline (%d pass%s): %s\n", n, n == 1 ? "" : "es",
			pipeline);
		free(pipeline);
	}
	free(text);
}

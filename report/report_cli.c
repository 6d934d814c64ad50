/*
** `gred report`: the Markdown report of a triage bucket or of a reduced
** case, ready to paste into an issue.
*/
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "cli_opts.h"
#include "graph_svg.h"
#include "report.h"
#include "run.h"
#include "triage.h"

#define DEFAULT_DB ".gred/triage.db"
#define STR(x) #x
#define XSTR(x) STR(x)
#define GRAPH_MAX XSTR(REPORT_GRAPH_MAX_NODES)

typedef struct report_cli {
	const char *db, *output, *svg;
	double timeout;
} report_cli;

#define OFF(field) offsetof(report_cli, field)

static const cli_opt report_opts[] = {
	CLI_OPT_STRING("db", 0, OFF(db), "PATH",
		"the store (default: " DEFAULT_DB " here or in the\n"
		"nearest parent directory that has one)"),
	CLI_OPT_STRING("output", 'o', OFF(output), "FILE",
		"write the report to FILE (default: stdout)"),
	CLI_OPT_NUM(CLI_SECONDS, "timeout", 0, OFF(timeout), 0, 604800, "SEC",
		"stop CMD after SEC seconds (default 120)"),
	CLI_OPT_STRING("svg", 0, OFF(svg), "IN",
		"instead, draw the graph of IN (.onnx or .mlir) as SVG"),
	CLI_OPT_END
};

static const cli_command report_command = {
	"report",
	"report [--db PATH] [-o FILE] BUCKET\n"
	"report [--db PATH] [-o FILE] CASE [-- CMD [ARGS...]]\n"
	"report --svg IN [-o FILE.svg]",
	"Writes a Markdown report for an issue: how to reproduce the crash, the\n"
	"minimal input, its triage signature and top frames, and the versions\n"
	"of gred and of the compiler. BUCKET is a bucket of the triage store (its\n"
	"number or a prefix of its signature); the report shows its smallest\n"
	"case, and reproduces it with the command of a `gred triage run` member.\n"
	"CASE is a file, such as a reduced case: the bucket whose smallest case\n"
	"it is, or, given -- CMD [ARGS...], the crash of `CMD ARGS... CASE`.\n"
	"\n"
	"With --svg, it draws the graph of IN instead, laid out by graphviz: an\n"
	"ONNX model's graph, or an MLIR file's main function, one box per\n"
	"operation and one edge per use, labelled with the tensor's type (the\n"
	"first " GRAPH_MAX " nodes of a bigger graph).\n",
	report_opts,
	NULL,
	"gred report 3 > issue.md\n"
	"gred report -o issue.md crash.reduced.mlir -- mlir-opt-19 --remove-dead-values\n"
	"gred report --db bugs.db b07337f1\n"
	"gred report --svg crash.reduced.onnx -o graph.svg",
	-1,
};

/* Splits text into its lines (in place). */
static char **split_lines(char *text, size_t *n)
{
	char **v = NULL, *p = text;

	*n = 0;
	while (p && *p) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		if (*p) {
			v = xrealloc(v, (*n + 1) * sizeof(*v));
			v[(*n)++] = p;
		}
		p = nl ? nl + 1 : NULL;
	}
	return v;
}

typedef struct find_case {
	const char *want;     /* realpath of the case */
	triage_bucket found;
	int have;
} find_case;

static int match_case(const triage_bucket *b, void *ctx)
{
	find_case *f = ctx;
	char *rp;

	if (!b->smallest_case)
		return 0;
	rp = realpath(b->smallest_case, NULL);
	if (rp && !strcmp(rp, f->want)) {
		f->found = *b;
		f->found.kind = xstrdup(b->kind);
		f->found.message = xstrdup(b->message);
		f->found.frames = xstrdup(b->frames);
		f->found.stack = NULL;
		f->found.sample = NULL;
		f->found.smallest_case = xstrdup(b->smallest_case);
		f->have = 1;
	}
	free(rp);
	return f->have;
}

typedef struct first_run {
	char *cmd;
} first_run;

static int member_run(const char *source, int64_t added, void *ctx)
{
	first_run *r = ctx;

	(void)added;
	if (!r->cmd && !strncmp(source, "run: ", 5))
		r->cmd = xstrdup(source + 5);
	return 0;
}

/* The command of a `triage run` member with its case replaced by the
** smallest one: the last argument that is not an option. */
static char *reproducer(const char *run, const char *smallest)
{
	gred_buf b = {0};
	char *copy = xstrdup(run), *tok, *save = NULL;
	int n = 0, last = -1, i = 0;

	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save), n++)
		if (n > 0 && tok[0] != '-')
			last = n;
	free(copy);
	copy = xstrdup(run);
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++)
		buf_printf(&b, "%s%s", b.len ? " " : "",
			smallest && i == last ? smallest : tok);
	free(copy);
	return b.data ? b.data : xstrdup(run);
}

static char *first_word(const char *cmd)
{
	size_t n = strcspn(cmd, " ");

	return xasprintf("%.*s", (int)n, cmd);
}

/* The report of a bucket: its signature, smallest case and reproducer. */
static int bucket_report(gred_buf *md, triage_store *s, const triage_bucket *b,
	const char *db)
{
	report_case c;
	first_run run = {NULL};
	gred_buf how = {0}, versions = {0};
	char *frames = xstrdup(b->frames ? b->frames : ""), *input = NULL;
	char **fv, *tool = NULL;
	size_t nf, len = 0;
	gred_error e;

	memset(&c, 0, sizeof(c));
	if (triage_store_members(s, b->id, member_run, &run, &e) < 0) {
		free(frames);
		return cli_fail("%s", e.msg);
	}
	fv = split_lines(frames, &nf);
	if (b->smallest_case && file_read(&input, &len, b->smallest_case, 0, &e) == 0) {
		c.input = input;
		c.input_len = len;
	}
	c.input_name = b->smallest_case;
	if (run.cmd) {
		c.reproduce = reproducer(run.cmd, b->smallest_case);
		tool = first_word(run.cmd);
		c.tool = tool;
		report_tool_version(&versions, tool);
	}
	c.sig_id = b->hash;
	c.kind = b->kind;
	c.message = b->message;
	c.frames = (const char *const *)fv;
	c.nframes = nf < 5 ? nf : 5;
	buf_printf(&how, "Bucket %lld of the triage store `%s`: %lld crash log%s "
		"with this signature.", (long long)b->id, db, (long long)b->count,
		b->count == 1 ? "" : "s");
	if (!run.cmd)
		buf_puts(&how, " Filed from logs (`gred triage add`), so no command "
			"line is known; `gred triage run -- CMD ARGS` files one.");
	c.how = how.data;
	c.versions = versions.data;
	report_markdown(md, &c);
	free((char *)c.reproduce);
	free(tool);
	free(run.cmd);
	free(fv);
	free(frames);
	free(input);
	buf_free(&how);
	buf_free(&versions);
	return 0;
}

/* The report of a case run by CMD: its crash, computed now. */
static int case_report(gred_buf *md, const char *path, char **cmd, int ncmd,
	double timeout)
{
	triage_run_result res;
	triage_options topts;
	triage_sig sig;
	report_case c;
	gred_buf out = {0}, repro = {0}, versions = {0};
	gred_error e;
	char **argv = xcalloc((size_t)ncmd + 2, sizeof(char *)), id[17], *input = NULL;
	size_t len = 0;
	int i, rc = 0;

	for (i = 0; i < ncmd; i++) {
		argv[i] = cmd[i];
		buf_printf(&repro, "%s%s", i ? " " : "", cmd[i]);
	}
	argv[ncmd] = (char *)path;
	buf_printf(&repro, " %s", path);
	if (triage_run(&res, &out, argv, timeout, 16 << 20, &e) < 0) {
		rc = cli_fail("%s", e.msg);
		goto done;
	}
	triage_options_init(&topts);
	rc = triage_sig_compute(&sig, out.data ? out.data : "", out.len, &topts, &e);
	if (rc < 0 || (!sig.crashed && !res.signal)) {
		if (rc == 0)
			triage_sig_free(&sig);
		rc = cli_fail("%s: %s does not crash on it", path, cmd[0]);
		goto done;
	}
	file_read(&input, &len, path, 0, &e);
	memset(&c, 0, sizeof(c));
	c.tool = cmd[0];
	c.reproduce = repro.data;
	c.input_name = path;
	c.input = input;
	c.input_len = len;
	c.sig_id = triage_sig_id(&sig, id);
	c.kind = sig.kind;
	c.message = sig.message;
	c.frames = (const char *const *)sig.frames;
	c.nframes = sig.nframes;
	report_tool_version(&versions, cmd[0]);
	c.versions = versions.data;
	report_markdown(md, &c);
	triage_sig_free(&sig);
done:
	free(argv);
	free(input);
	buf_free(&out);
	buf_free(&repro);
	buf_free(&versions);
	return rc;
}

int report_main(int argc, char **argv)
{
	report_cli cl = {NULL, NULL, NULL, 120};
	cli_args args;
	triage_store *s = NULL;
	triage_bucket b;
	gred_buf md = {0};
	gred_error e;
	struct stat st;
	char *found = NULL;
	const char *target, *db;
	int rc = 1, ncmd;

	if (cli_parse(&args, &report_command, &cl, argc, argv) < 0) {
		cli_args_free(&args);
		return args.status;
	}
	if (cl.svg) {
		if (args.noperands) {
			rc = cli_usage_error(&report_command, "--svg takes no BUCKET or CASE");
			goto done;
		}
		if (report_graph_svg(&md, cl.svg, &e) < 0) {
			rc = cli_fail("%s", e.msg);
			goto done;
		}
		goto write;
	}
	ncmd = args.dashdash ? args.noperands - args.tail : 0;
	if (args.noperands - ncmd != 1) {
		rc = cli_usage_error(&report_command, "want one BUCKET or CASE");
		goto done;
	}
	target = args.operands[0];
	db = cl.db ? cl.db : (found = triage_store_find(DEFAULT_DB));
	if (ncmd > 0) {
		if (stat(target, &st) < 0 || !S_ISREG(st.st_mode)) {
			rc = cli_fail("%s: no such file", target);
			goto done;
		}
		rc = case_report(&md, target, args.operands + args.tail, ncmd,
			cl.timeout);
		if (rc)
			goto done;
	} else {
		if (!db || (!triage_store_is_url(db) && stat(db, &st) < 0)) {
			rc = cli_fail("no triage store: %s (gred triage add or run files "
				"crashes into one; --db names one)", db ? db :
				DEFAULT_DB " is not in this directory or a parent");
			goto done;
		}
		if (triage_store_open(&s, db, &e) < 0) {
			rc = cli_fail("%s", e.msg);
			goto done;
		}
		if (stat(target, &st) == 0 && S_ISREG(st.st_mode)) {
			find_case f;
			memset(&f, 0, sizeof(f));
			f.want = realpath(target, NULL);
			if (triage_store_list(s, match_case, &f, &e) < 0) {
				free((char *)f.want);
				rc = cli_fail("%s", e.msg);
				goto done;
			}
			free((char *)f.want);
			if (!f.have) {
				rc = cli_fail("%s: no bucket of %s has it as its smallest "
					"case; give -- CMD [ARGS...] to run it", target, db);
				goto done;
			}
			rc = bucket_report(&md, s, &f.found, db);
			triage_bucket_free(&f.found);
		} else if (triage_store_get(&b, s, target, &e) < 0) {
			rc = cli_fail("%s", e.msg);
			goto done;
		} else {
			rc = bucket_report(&md, s, &b, db);
			triage_bucket_free(&b);
		}
		if (rc)
			goto done;
	}
write:
	if (cl.output) {
		if (file_write_atomic(cl.output, md.data, md.len, &e) < 0) {
			rc = cli_fail("%s", e.msg);
			goto done;
		}
	} else {
		fwrite(md.data, 1, md.len, stdout);
	}
	rc = 0;
done:
	if (s)
		triage_store_close(s);
	free(found);
	buf_free(&md);
	cli_args_free(&args);
	return rc;
}

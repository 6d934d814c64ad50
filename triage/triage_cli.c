/*
** `gred triage`: the command line of crash deduplication (add, run,
** list, show, sig, check, rank, merge, resign), over the library in
** triage.h.
*/
#include <dirent.h>
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "cli.h"
#include "cli_opts.h"
#include "run.h"
#include "triage.h"

#define DEFAULT_DB ".gred/triage.db"
/* What a log without a signature lacked, said on its one line. */
#define NO_CRASH_WHY "no crash report, fatal signal, exception or stack trace in it"

/* The default as a pointer: c->db still pointing here means no --db. */
static const char default_db[] = DEFAULT_DB;
#define BATCH_FILES 512
#define BATCH_SECONDS 0.5

typedef struct tcli {
	const char *db;
	const char *into;     /* merge --into */
	triage_options opts;
	cli_list ignore;       /* --ignore */
	cli_list ignore_files; /* --ignore-file */
	const char *case_path;
	const char *want_sig;  /* check --sig */
	const char *want_match; /* check --match */
	double timeout;
	int json, verbose;
	char **args;          /* operands */
	int nargs;
	char **cmd;           /* after "--" (run, check) */
} tcli;

#define OFF(field) offsetof(tcli, field)

/* Where the store is, for every subcommand: --db and --store are one. */
#define STORE_OPTS \
	CLI_OPT_STRING("store", 0, OFF(db), "PATH|URL", \
		"the store: a SQLite file (default " DEFAULT_DB "),\n" \
		"or a PostgreSQL database as postgresql://..."), \
	CLI_OPT_STRING("db", 0, OFF(db), "PATH|URL", "the same as --store")

static const cli_opt store_opts[] = {STORE_OPTS, CLI_OPT_END};

/* The store and how a log becomes a signature. */
static const cli_opt sig_opts[] = {
	STORE_OPTS,
	CLI_OPT_NUM(CLI_INT, "frames", 0, OFF(opts.frames), 1, 64, "N",
		"frames in a signature (default 3)"),
	CLI_OPT_LIST("ignore", 0, OFF(ignore), "REGEX",
		"also skip frames whose function, module or file\n"
		"matches (PCRE2)"),
	CLI_OPT_LIST("ignore-file", 0, OFF(ignore_files), "F",
		"one such pattern per line ('#' comments); the file\n"
		"triage-ignore next to the store is read if present"),
	CLI_OPT_NUM(CLI_SIZE, "max-bytes", 0, OFF(opts.max_bytes), 1024,
		1099511627776.0, "N",
		"read at most N bytes of a log: its head and tail\n"
		"(default 16777216)"),
	CLI_OPT_END
};

#define JSON_OPT CLI_OPT_FLAG("json", 0, OFF(json), "machine-readable output")
#define CASE_OPT CLI_OPT_STRING("case", 0, OFF(case_path), "FILE", \
	"the input that crashed")
#define TIMEOUT_OPT CLI_OPT_NUM(CLI_SECONDS, "timeout", 0, OFF(timeout), 0, \
	604800, "SEC", "stop CMD after SEC seconds, e.g. 2.5 (default: none)")

static const cli_opt add_opts[] = {
	CLI_OPT_FLAG("verbose", 'v', OFF(verbose),
		"print BUCKET SIGNATURE FILE per log"),
	CASE_OPT, JSON_OPT, CLI_OPT_END
};
static const cli_opt case_opts[] = {CASE_OPT, CLI_OPT_END};
static const cli_opt run_opts[] = {CASE_OPT, TIMEOUT_OPT, JSON_OPT, CLI_OPT_END};
static const cli_opt json_opts[] = {JSON_OPT, CLI_OPT_END};
static const cli_opt merge_opts[] = {
	CLI_OPT_STRING("into", 0, OFF(into), "DEST",
		"the store to merge into (then every operand is a SRC)"),
	CLI_OPT_END
};
static const cli_opt check_opts[] = {
	CLI_OPT_STRING("sig", 0, OFF(want_sig), "ID",
		"interesting iff it crashes with signature ID (16 hex\n"
		"digits), or with that of bucket ID of the store"),
	CLI_OPT_STRING("match", 0, OFF(want_match), "REGEX",
		"interesting iff its output matches the PCRE2 REGEX"),
	TIMEOUT_OPT, CLI_OPT_END
};

static int cmd_add(tcli *c);
static int cmd_run(tcli *c);
static int cmd_list(tcli *c);
static int cmd_show(tcli *c);
static int cmd_sig(tcli *c);
static int cmd_check(tcli *c);
static int cmd_rank(tcli *c);
static int cmd_merge(tcli *c);
static int cmd_resign(tcli *c);

static const struct subcommand {
	int (*run)(tcli *c);
	cli_command cmd;
} subcommands[] = {
	{cmd_add, {"triage add", "triage add [-v] [--case FILE] [OPTIONS] FILE|DIR...",
	 "File crash logs (directories are walked) into buckets by signature.\n"
	 "A log with no crash report, an empty or a binary file is reported as\n"
	 "`gred: FILE: problem` and skipped; the other logs are still filed.\n"
	 "Re-adding the same file is a no-op, and a log skipped before is\n"
	 "skipped again silently (counted as \"skipped before\").\n"
	 "\n"
	 "Exit status: 0 if every log was filed or had been skipped before; 1\n"
	 "if a log not seen before could not be filed, or on errors.\n"
	 "The store is .gred/triage.db in the current directory or the nearest\n"
	 "parent that has one (created here if none has), unless --db names it.\n",
	 add_opts, sig_opts,
	 "gred triage add crashes/                # every log under crashes/\n"
	 "gred triage add -v --db bugs.db a.log b.log --case bug.mlir", -1}},
	{cmd_run, {"triage run", "triage run [--case FILE] [--timeout SEC] [OPTIONS] -- CMD [ARGS...]",
	 "Run CMD (no shell) capturing stdout and stderr, and file its crash.\n"
	 "A death by signal counts as a crash even without a report. The case\n"
	 "defaults to the last argument that names a file. Exit status 1 if\n"
	 "nothing crashed.\n",
	 run_opts, sig_opts,
	 "gred triage run -- mlir-opt-19 --canonicalize bug.mlir\n"
	 "gred triage run --timeout 30 --db bugs.db -- ./compiler bug.mlir", 0}},
	{cmd_list, {"triage list", "triage list [--json] [--store PATH|URL]",
	 "List buckets, most frequent first: id, count, first and last seen,\n"
	 "signature, crash, smallest case. The store is .gred/triage.db in the\n"
	 "current directory or the nearest parent that has one; none is created.\n",
	 json_opts, store_opts,
	 "gred triage list\n"
	 "gred triage list --json --db bugs.db", -1}},
	{cmd_rank, {"triage rank", "triage rank [--json] [--store PATH|URL]",
	 "List one representative per bucket, furthest-point-first: the most\n"
	 "frequent bucket, then each time the one least like all listed before\n"
	 "(distance of their kind, message and frame words), so that the first\n"
	 "lines cover the most distinct bugs.\n",
	 json_opts, store_opts,
	 "gred triage rank | head -20", -1}},
	{cmd_show, {"triage show", "triage show [--json] [--store PATH|URL] ID",
	 "Show one bucket (ID is its number or a prefix of its signature): the\n"
	 "normalised stack, its members and one raw log.\n",
	 json_opts, store_opts,
	 "gred triage show 3\n"
	 "gred triage show b07337f1 --json", -1}},
	{cmd_merge, {"triage merge", "triage merge DEST SRC... | --into DEST SRC...",
	 "Merge the stores SRC (files or postgresql:// URLs) into DEST, e.g. the\n"
	 "shards' DIR/shard-I/.gred/triage.db of a campaign. A bucket joins the\n"
	 "one of DEST with its signature (or a similar one, as an add would);\n"
	 "a log already in DEST (same source, same content) is not counted\n"
	 "again, so merging a store twice, or into itself, adds nothing. First\n"
	 "and last seen widen; the smallest case stays the smallest. The whole\n"
	 "merge is one transaction: if any SRC fails, DEST is left unchanged.\n",
	 merge_opts, NULL,
	 "gred triage merge all.db run/shard-*/.gred/triage.db\n"
	 "gred triage merge --into postgresql://fuzz@db/triage shard-0.db shard-1.db", -1}},
	{cmd_resign, {"triage resign", "triage resign [--case FILE] [OPTIONS] ID LOG",
	 "Re-sign bucket ID (its number or a prefix of its signature) on LOG,\n"
	 "the crash log of its reduced case, whose crash is the cleanest: the\n"
	 "bucket takes LOG's signature and keeps its id, members and count; its\n"
	 "former signature still finds it, and logs that crash the old way still\n"
	 "file into it. If another bucket already has LOG's signature, the two\n"
	 "are one bug: that bucket's members move into bucket ID and it goes\n"
	 "(its id and signature then find bucket ID). --case names the reduced\n"
	 "case, which becomes the smallest case if it is.\n",
	 case_opts, sig_opts,
	 "gred triage resign --case reduced.mlir 3 reduced.log", -1}},
	{cmd_sig, {"triage sig", "triage sig [--json] [OPTIONS] FILE",
	 "Print the signature of one log (FILE may be - for stdin). Exit status\n"
	 "1 if it holds no crash.\n",
	 json_opts, sig_opts,
	 "gred triage sig crash.log\n"
	 "gred triage sig --frames 5 --json - < crash.log", -1}},
	{cmd_check, {"triage check",
	 "triage check [--sig ID | --match REGEX] [--timeout SEC] [OPTIONS] -- CMD [ARGS...]",
	 "Run CMD (no shell) and print the signature of its crash. Exit status 0\n"
	 "if it crashed (with signature ID, given --sig), else 1. With --match,\n"
	 "exit status 0 iff CMD's output (stdout and stderr) matches the PCRE2\n"
	 "REGEX, crash or not. Nothing is filed: this is an interestingness\n"
	 "test (gred reduce --same-crash / --match).\n",
	 check_opts, sig_opts,
	 "gred triage check -- mlir-opt-19 --canonicalize bug.mlir\n"
	 "gred triage check --sig b07337f1a7bc6d59 -- mlir-opt-19 --canonicalize bug.mlir\n"
	 "gred triage check --match 'LLVM ERROR' --timeout 10 -- ./compiler bug.mlir", 0}},
};

#define NSUB (sizeof(subcommands) / sizeof(subcommands[0]))

static void usage(FILE *f)
{
	size_t i;

	fputs("usage:\n", f);
	for (i = 0; i < NSUB; i++)
		fprintf(f, "  gred %s\n", subcommands[i].cmd.usage);
	fputs("\nGroups crash logs (LLVM/MLIR stack dumps, sanitizers, gdb/lldb,\n"
	      "glibc, GCC, Python, Node.js, Rust, Go, Java, .NET, Julia, Zig, Crystal,\n"
	      "ClickHouse, DuckDB, Nim, V, Odin, Paddle, ggml, Valgrind, Android,\n"
	      "CUDA and ROCm kernels, Tenstorrent, Objective-C, the kernel's log)\n"
	      "by signature: crash kind, normalised message and top frames.\n"
	      "`gred triage COMMAND --help` describes each command and its\n"
	      "options.\n", f);
}

/* The parser with the user's ignore patterns: --ignore, --ignore-file,
** and the triage-ignore file next to the store. */
static int make_parser(triage_parser **out, tcli *c)
{
	gred_error e;
	char *dflt, *slash;
	struct stat st;
	size_t i;

	c->opts.ignore = c->ignore.v;
	c->opts.nignore = c->ignore.n;
	if (triage_parser_new(out, &c->opts, &e) < 0)
		return cli_fail("--ignore: %s", e.msg);
	dflt = xstrdup(c->db);
	slash = strrchr(dflt, '/');
	if (slash)
		slash[1] = 0;
	else
		dflt[0] = 0;
	if (!triage_store_is_url(c->db)) {
		char *path = xasprintf("%striage-ignore", dflt);
		if (stat(path, &st) == 0 && triage_parser_load_ignore(*out, path, &e) < 0) {
			free(path);
			free(dflt);
			triage_parser_free(*out);
			return cli_fail("%s", e.msg);
		}
		free(path);
	}
	free(dflt);
	for (i = 0; i < c->ignore_files.n; i++)
		if (triage_parser_load_ignore(*out, c->ignore_files.v[i], &e) < 0) {
			triage_parser_free(*out);
			return cli_fail("%s", e.msg);
		}
	return 0;
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch == '\t')
			fputs("\\t", f);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

/* A '\n'-separated text as a JSON array of strings. */
static void json_lines(FILE *f, const char *text)
{
	const char *p = text;
	int k = 0;

	fputc('[', f);
	while (p && *p) {
		const char *nl = strchr(p, '\n');
		char *line = xstrndup(p, nl ? (size_t)(nl - p) : strlen(p));
		if (k++)
			fputc(',', f);
		json_str(f, line);
		free(line);
		p = nl ? nl + 1 : NULL;
	}
	fputc(']', f);
}

static void json_frames(FILE *f, const triage_sig *sig)
{
	size_t k;

	fputs("\"frames\":[", f);
	for (k = 0; k < sig->nframes; k++) {
		if (k)
			fputc(',', f);
		json_str(f, sig->frames[k]);
	}
	fputs("],\"stack\":[", f);
	for (k = 0; k < sig->nstack; k++) {
		const triage_frame *fr = &sig->stack[k];
		fprintf(f, "%s{\"func\":", k ? "," : "");
		json_str(f, fr->func);
		if (fr->file) {
			fputs(",\"file\":", f);
			json_str(f, fr->file);
			fprintf(f, ",\"line\":%d", fr->line);
		}
		fprintf(f, ",\"ignored\":%s}", fr->ignored ? "true" : "false");
	}
	fputc(']', f);
}

static const char *fmt_time(int64_t t, char buf[32])
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

/* A frame known only by module and address: "mlir-opt@0x8cc", "x@?". */
static int frame_unnamed(const char *f, size_t n)
{
	const char *at = memchr(f, '@', n);
	size_t k;

	if (!at)
		return 0;
	k = (size_t)(at - f) + 1;
	if (n - k == 1 && f[k] == '?')
		return 1;
	if (n - k < 3 || f[k] != '0' || f[k + 1] != 'x')
		return 0;
	for (k += 2; k < n; k++)
		if (!isxdigit((unsigned char)f[k]))
			return 0;
	return 1;
}

/*
** One line: "kind: message in f1 < f2 < f3". Frames with names come
** first: a title that opens with "mlir-opt@? < mlir-opt@0x8cc" says
** nothing a reader can search for; the unnamed ones are counted after.
*/
static void summary(gred_buf *b, const char *kind, const char *message,
	const char *frames_nl)
{
	const char *p, *end;
	int named = 0, unnamed = 0, pass;

	buf_puts(b, kind);
	if (message && *message)
		buf_printf(b, ": %s", message);
	if (!frames_nl || !*frames_nl)
		return;
	for (p = frames_nl; *p; p = *end ? end + 1 : end) {
		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		if (frame_unnamed(p, (size_t)(end - p)))
			unnamed++;
		else
			named++;
	}
	buf_puts(b, " in ");
	for (pass = named ? 0 : 1; pass < 2; pass++) {
		int shown = 0;
		for (p = frames_nl; *p; p = *end ? end + 1 : end) {
			size_t n;
			end = strchr(p, '\n');
			if (!end)
				end = p + strlen(p);
			n = (size_t)(end - p);
			if (frame_unnamed(p, n) != pass)
				continue;
			buf_printf(b, "%s%.*s", shown++ ? " < " : "", (int)n, p);
		}
		if (!pass && unnamed) {
			buf_printf(b, " (and %d unsymbolised frame%s)", unnamed,
				unnamed > 1 ? "s" : "");
			break;
		}
	}
}

/* The log lines the signature was made from. */
static void print_explain(const char *explain)
{
	const char *p = explain;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		int n = nl ? (int)(nl - p) : (int)strlen(p);
		printf("from      %.*s\n", n, p);
		p = nl ? nl + 1 : NULL;
	}
}

/* `show`: which lines of the bucket's first log made its signature. */
static void show_explain(tcli *c, const char *sample)
{
	triage_parser *p;
	triage_sig sig;
	gred_error e;

	c->opts.explain = 1;
	if (!sample || make_parser(&p, c))
		return;
	if (triage_parser_sig(&sig, p, sample, strlen(sample), &e) == 0) {
		if (sig.explain && *sig.explain) {
			printf("\nsignature made from (first member's lines):\n");
			print_explain(sig.explain);
		}
		triage_sig_free(&sig);
	}
	triage_parser_free(p);
}

/* What similarity matching compares, a line each: "similar  NAME  WHERE". */
static void print_similar(const triage_sig *sig)
{
	const char *m = sig->match ? strchr(sig->match, '\n') : NULL;

	if (!m)
		return;
	{
		/* "class<TAB>site<TAB>code": the code on a line of its own */
		const char *t = memchr(sig->match, '\t', (size_t)(m - sig->match));
		const char *c = t ? memchr(t + 1, '\t', (size_t)(m - t - 1)) : NULL;
		/* an assertion's own line ("=f.h:175") on a line of its own */
		const char *a = t && t[1] == '=' ? t + 2 : NULL;
		printf("class     %.*s\n", (int)((a || (c && c == t + 1) ? t : c ? c : m) -
			sig->match), sig->match);
		if (a)
			printf("assert    %.*s\n", (int)((c ? c : m) - a), a);
		if (c)
			printf("code      %.*s\n", (int)(m - c - 1), c + 1);
	}
	m = strchr(m + 1, '\n');
	while (m) {
		const char *next = strchr(m + 1, '\n');
		int n = next ? (int)(next - m - 1) : (int)strlen(m + 1);
		printf("similar   %.*s\n", n, m + 1);
		m = next;
	}
}

static int cmd_sig(tcli *c)
{
	triage_parser *p;
	triage_sig sig;
	gred_error e;
	char *log, id[17];
	size_t len, k;
	int trunc, rc = 0;

	if (c->nargs != 1)
		return cli_fail("triage sig: want one FILE (see gred triage sig --help)");
	if (triage_log_read(&log, &len, &trunc, c->args[0], c->opts.max_bytes, &e) < 0)
		return cli_fail("%s: %s", c->args[0], e.msg);
	c->opts.explain = !c->json;
	if (make_parser(&p, c)) {
		free(log);
		return 1;
	}
	if (triage_parser_sig(&sig, p, log, len, &e) < 0) {
		rc = cli_fail("%s: %s", c->args[0], e.msg);
		goto done;
	}
	if (!sig.crashed) {
		rc = cli_fail("%s: no crash found: %s", c->args[0], NO_CRASH_WHY);
		triage_sig_free(&sig);
		goto done;
	}
	triage_sig_id(&sig, id);
	if (c->json) {
		printf("{\"signature\":\"%s\",\"kind\":", id);
		json_str(stdout, sig.kind);
		fputs(",\"message\":", stdout);
		json_str(stdout, sig.message);
		fputs(",\"format\":", stdout);
		json_str(stdout, sig.format);
		fputc(',', stdout);
		json_frames(stdout, &sig);
		printf(",\"truncated\":%s}\n", trunc ? "true" : "false");
	} else {
		printf("signature %s\nkind      %s\nmessage   %s\nformat    %s\n",
			id, sig.kind, sig.message, sig.format);
		for (k = 0; k < sig.nframes; k++)
			printf("frame     %s\n", sig.frames[k]);
		print_similar(&sig);
		print_explain(sig.explain);
		if (trunc)
			printf("note      log longer than %zu bytes: read its head and tail\n",
				c->opts.max_bytes);
	}
	triage_sig_free(&sig);
done:
	triage_parser_free(p);
	free(log);
	return rc;
}

typedef struct add_state {
	tcli *c;
	triage_parser *p;
	triage_store *s;
	size_t filed, fresh, dup, bad, known_bad, in_batch;
	double batch_start;
	int failed_store, first_json;
	gred_error e;
} add_state;

static int flush_batch(add_state *a)
{
	if (!a->in_batch)
		return 0;
	a->in_batch = 0;
	if (triage_store_commit(a->s, &a->e) < 0) {
		triage_store_rollback(a->s);
		cli_fail("%s", a->e.msg);
		a->failed_store = 1;
		return -1;
	}
	return 0;
}

static int begin_batch(add_state *a)
{
	if (!a->in_batch) {
		if (triage_store_begin(a->s, &a->e) < 0) {
			a->failed_store = 1;
			return cli_fail("%s", a->e.msg);
		}
		a->batch_start = now_seconds();
	}
	a->in_batch++;
	return 0;
}

/*
** A log that cannot be filed: reported, and remembered in the store, so
** that adding the same folder again reports only what is new (the exit
** status is 1 only if something new failed). what is the log's text,
** or the reason it could not be read.
*/
static int reject(add_state *a, const char *path, const char *what,
	size_t len, const char *why)
{
	int seen = 0;

	if (!a->s) {
		cli_fail("%s: %s", path, why);
		a->bad++;
		return 0;
	}
	if (begin_batch(a) < 0)
		return 1;
	if (triage_store_reject(&seen, a->s, path, what, len, &a->e) < 0) {
		triage_store_rollback(a->s);
		a->in_batch = 0;
		a->failed_store = 1;
		return cli_fail("%s", a->e.msg);
	}
	if (seen) {
		a->known_bad++;
		return 0;
	}
	cli_fail("%s: %s", path, why);
	a->bad++;
	return 0;
}

static int file_one(add_state *a, const char *path, const char *log, size_t len,
	int truncated, const char *case_path)
{
	triage_sig sig;
	triage_add_result r;
	char id[17], *abs_case;

	if (triage_parser_sig(&sig, a->p, log, len, &a->e) < 0) {
		char *why = xstrdup(a->e.msg);
		int err = reject(a, path, log, len, why);
		free(why);
		return err;
	}
	if (!sig.crashed) {
		triage_sig_free(&sig);
		return reject(a, path, log, len, "no crash found: " NO_CRASH_WHY);
	}
	if (truncated)
		fprintf(stderr, "gred: %s: longer than %zu bytes, read its head and tail\n",
			path, a->c->opts.max_bytes);
	if (begin_batch(a) < 0) {
		triage_sig_free(&sig);
		return 1;
	}
	/* by its absolute path, so that report finds it from anywhere */
	abs_case = case_path ? realpath(case_path, NULL) : NULL;
	if (triage_store_add(&r, a->s, &sig, path, abs_case ? abs_case : case_path,
	    log, len, &a->e) < 0) {
		free(abs_case);
		triage_sig_free(&sig);
		triage_store_rollback(a->s);
		a->in_batch = 0;
		a->failed_store = 1;
		return cli_fail("%s", a->e.msg);
	}
	free(abs_case);
	triage_sig_id(&sig, id);
	if (r.duplicate)
		a->dup++;
	else
		a->filed++;
	if (r.is_new)
		a->fresh++;
	if (a->c->json) {
		printf("%s{\"path\":", a->first_json ? "" : ",\n");
		a->first_json = 0;
		json_str(stdout, path);
		printf(",\"bucket\":%lld,\"signature\":\"%s\",\"new\":%s,\"duplicate\":%s}",
			(long long)r.bucket, id, r.is_new ? "true" : "false",
			r.duplicate ? "true" : "false");
	} else if (a->c->verbose) {
		printf("%lld %s %s\n", (long long)r.bucket, id, path);
	}
	triage_sig_free(&sig);
	if (a->in_batch >= BATCH_FILES ||
	    now_seconds() - a->batch_start > BATCH_SECONDS)
		return flush_batch(a);
	return 0;
}

static int add_path(add_state *a, const char *path, int top)
{
	struct stat st;
	char *log;
	size_t len;
	int trunc;

	if (stat(path, &st) < 0) {
		cli_fail("%s: %s", path, strerror(errno));
		a->bad++;
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		struct dirent **ents;
		int n, i, err = 0;

		n = scandir(path, &ents, NULL, alphasort);
		if (n < 0) {
			cli_fail("%s: %s", path, strerror(errno));
			a->bad++;
			return 0;
		}
		for (i = 0; i < n; i++) {
			const char *name = ents[i]->d_name;
			if (!err && name[0] != '.') {
				size_t pl = strlen(path);
				char *sub = xasprintf("%s%s%s", path,
					pl && path[pl - 1] == '/' ? "" : "/", name);
				err = add_path(a, sub, 0);
				free(sub);
			}
			free(ents[i]);
		}
		free(ents);
		return err;
	}
	if (!S_ISREG(st.st_mode) && !top)
		return 0;
	if (triage_log_read(&log, &len, &trunc, path, a->c->opts.max_bytes, &a->e) < 0) {
		char *why = xstrdup(a->e.msg);
		int err = reject(a, path, why, strlen(why), why);
		free(why);
		return err;
	}
	{
		int err = file_one(a, path, log, len, trunc, a->c->case_path);
		free(log);
		return err;
	}
}

static int open_store(triage_store **s, tcli *c)
{
	gred_error e;

	if (triage_store_open(s, c->db, &e) < 0)
		return cli_fail("%s", e.msg);
	return 0;
}

static int cmd_add(tcli *c)
{
	add_state a;
	int i, err = 0;

	memset(&a, 0, sizeof(a));
	a.c = c;
	a.first_json = 1;
	if (c->nargs < 1)
		return cli_fail("triage add: want FILE|DIR... (see gred triage add --help)");
	if (make_parser(&a.p, c))
		return 1;
	if (open_store(&a.s, c)) {
		triage_parser_free(a.p);
		return 1;
	}
	if (c->json)
		fputs("[", stdout);
	for (i = 0; i < c->nargs && !err; i++)
		err = add_path(&a, c->args[i], 1);
	if (!err)
		err = flush_batch(&a);
	if (c->json)
		fputs("]\n", stdout);
	else
		printf("filed %zu logs, %zu new buckets, %zu already filed, %zu "
			"skipped, %zu skipped before\n", a.filed, a.fresh, a.dup,
			a.bad, a.known_bad);
	triage_store_close(a.s);
	triage_parser_free(a.p);
	return err || a.failed_store || a.bad ? 1 : 0;
}

static const char *guess_case(char **cmd)
{
	const char *best = NULL;
	struct stat st;
	int i;

	for (i = 1; cmd[i]; i++)
		if (stat(cmd[i], &st) == 0 && S_ISREG(st.st_mode))
			best = cmd[i];
	return best;
}

/* Runs c->cmd capturing its output; a death by signal is noted the way a
** shell prints it, so the log reads the same whether a shell or we ran it. */
static int run_capture(triage_run_result *res, gred_buf *out, tcli *c,
	gred_error *e)
{
	if (triage_run(res, out, c->cmd, c->timeout, c->opts.max_bytes, e) < 0)
		return -1;
	if (res->signal)
		buf_printf(out, "%s%s\n", out->len && out->data[out->len - 1] != '\n' ?
			"\n" : "", strsignal(res->signal));
	return 0;
}

/* 1 if the PCRE2 pattern matches somewhere in out, 0 if not, -1 if the
** pattern does not compile. */
static int output_matches(const char *pattern, const gred_buf *out,
	gred_error *e)
{
	pcre2_code *re;
	pcre2_match_data *md;
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE off;
	int code, rc;

	re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
		PCRE2_MULTILINE, &code, &off, NULL);
	if (!re) {
		pcre2_get_error_message(code, msg, sizeof(msg));
		return gred_errorf(e, "bad regex at offset %zu: %s", (size_t)off,
			(char *)msg);
	}
	pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	md = pcre2_match_data_create_from_pattern(re, NULL);
	rc = pcre2_match(re, (PCRE2_SPTR)(out->data ? out->data : ""), out->len,
		0, 0, md, NULL) >= 0;
	pcre2_match_data_free(md);
	pcre2_code_free(re);
	return rc;
}

/* Why check --match said no, on stderr: how CMD ended and the end of
** what it printed, so a pattern that never matches is seen at once. */
static void no_match(tcli *c, const triage_run_result *res,
	const gred_buf *out)
{
	size_t len = out->len, start;

	while (len && (out->data[len - 1] == '\n' || out->data[len - 1] == ' '))
		len--;
	start = len > 600 ? len - 600 : 0;
	if (res->timed_out)
		fprintf(stderr, "gred: %s: timed out after %g s before its output "
			"matched '%s'", c->cmd[0], c->timeout, c->want_match);
	else
		fprintf(stderr, "gred: %s: the pattern '%s' did not match its output "
			"(%s %d)", c->cmd[0], c->want_match,
			res->signal ? "signal" : "exit status",
			res->signal ? res->signal : res->status);
	if (len)
		fprintf(stderr, "; the output ends with:\n%.*s\n", (int)(len - start),
			out->data + start);
	else
		fputs("; it printed nothing\n", stderr);
}

/* --sig takes a signature (16 hex digits) or a bucket of the store (its
** number or a prefix of its signature), which stands for its signature. */
static int sig_of_bucket(tcli *c, char want[17])
{
	triage_store *s;
	triage_bucket b;
	gred_error e;
	size_t n = strlen(c->want_sig);
	struct stat st;

	if (n == 16 && strspn(c->want_sig, "0123456789abcdef") == 16) {
		memcpy(want, c->want_sig, 17);
		return 0;
	}
	if ((!triage_store_is_url(c->db) && stat(c->db, &st) < 0) ||
	    triage_store_open(&s, c->db, &e) < 0)
		return cli_fail("triage check: --sig %s: expected a signature (16 hex "
			"digits, as gred triage sig prints) or a bucket id, and there is "
			"no store to find bucket %s in", c->want_sig, c->want_sig);
	if (triage_store_get(&b, s, c->want_sig, &e) < 0) {
		triage_store_close(s);
		return cli_fail("triage check: --sig %s: expected a signature (16 hex "
			"digits) or a bucket id of %s: %s", c->want_sig, c->db, e.msg);
	}
	memcpy(want, b.hash, 17);
	triage_bucket_free(&b);
	triage_store_close(s);
	return 0;
}

static int cmd_check(tcli *c)
{
	triage_run_result res;
	triage_parser *p;
	triage_sig sig;
	gred_buf out = {0};
	gred_error e;
	char id[17], want[17];
	int rc = 1;

	if (!c->cmd)
		return cli_fail("triage check: want -- CMD [ARGS...] (see gred triage check --help)");
	if (c->want_sig && (rc = sig_of_bucket(c, want)) != 0)
		return rc;
	rc = 1;
	if (run_capture(&res, &out, c, &e) < 0)
		return cli_fail("%s", e.msg);
	if (c->want_match) {
		rc = res.timed_out ? 0 : output_matches(c->want_match, &out, &e);
		if (rc == 0)
			no_match(c, &res, &out);
		buf_free(&out);
		return rc < 0 ? cli_fail("--match: %s", e.msg) : !rc;
	}
	if (res.timed_out || !out.len) {
		buf_free(&out);
		return 1;
	}
	if (make_parser(&p, c)) {
		buf_free(&out);
		return 1;
	}
	if (triage_parser_sig(&sig, p, out.data, out.len, &e) == 0) {
		if (sig.crashed) {
			triage_sig_id(&sig, id);
			printf("signature %s\n", id);
			rc = c->want_sig && strcmp(want, id) ? 1 : 0;
		}
		triage_sig_free(&sig);
	}
	triage_parser_free(p);
	buf_free(&out);
	return rc;
}

static int cmd_run(tcli *c)
{
	triage_run_result res;
	gred_buf out = {0}, src = {0};
	gred_error e;
	add_state a;
	int i, rc;

	if (!c->cmd)
		return cli_fail("triage run: want -- CMD [ARGS...] (see gred triage run --help)");
	if (run_capture(&res, &out, c, &e) < 0)
		return cli_fail("%s", e.msg);
	buf_puts(&src, "run:");
	for (i = 0; c->cmd[i]; i++)
		buf_printf(&src, " %s", c->cmd[i]);
	if (res.timed_out) {
		rc = cli_fail("%s: timed out after %g s; nothing filed", c->cmd[0], c->timeout);
		buf_free(&out);
		buf_free(&src);
		return rc;
	}
	memset(&a, 0, sizeof(a));
	a.c = c;
	a.first_json = 1;
	if (!out.len) {
		rc = cli_fail("%s: no crash found (exit status %d, no output)",
			c->cmd[0], res.status);
		buf_free(&out);
		buf_free(&src);
		return rc;
	}
	if (make_parser(&a.p, c)) {
		buf_free(&out);
		buf_free(&src);
		return 1;
	}
	if (open_store(&a.s, c)) {
		triage_parser_free(a.p);
		buf_free(&out);
		buf_free(&src);
		return 1;
	}
	c->verbose = 1;
	rc = file_one(&a, src.data, out.data, out.len, res.truncated,
		c->case_path ? c->case_path : guess_case(c->cmd));
	if (!rc)
		rc = flush_batch(&a);
	if (c->json)
		fputs("\n", stdout);
	triage_store_close(a.s);
	triage_parser_free(a.p);
	buf_free(&out);
	buf_free(&src);
	return rc || a.bad || a.failed_store ? 1 : 0;
}

typedef struct list_state {
	tcli *c;
	int first;
} list_state;

static int list_one(const triage_bucket *b, void *ctx)
{
	list_state *l = ctx;
	char t1[32], t2[32];
	gred_buf s = {0};

	if (l->c->json) {
		printf("%s{\"id\":%lld,\"signature\":\"%s\",\"count\":%lld,"
			"\"first_seen\":\"%s\",\"last_seen\":\"%s\",\"kind\":",
			l->first ? "" : ",\n", (long long)b->id, b->hash,
			(long long)b->count, fmt_time(b->first_seen, t1),
			fmt_time(b->last_seen, t2));
		json_str(stdout, b->kind);
		fputs(",\"message\":", stdout);
		json_str(stdout, b->message);
		fputs(",\"frames\":", stdout);
		json_lines(stdout, b->frames);
		fputs(",\"smallest_case\":", stdout);
		if (b->smallest_case)
			json_str(stdout, b->smallest_case);
		else
			fputs("null", stdout);
		fputc('}', stdout);
	} else {
		if (l->first)
			printf("%-5s %-7s %-20s %-20s %-16s  %s\n", "ID", "COUNT",
				"FIRST SEEN", "LAST SEEN", "SIGNATURE", "CRASH");
		summary(&s, b->kind, b->message, b->frames);
		printf("%-5lld %-7lld %-20s %-20s %-16s  %s", (long long)b->id,
			(long long)b->count, fmt_time(b->first_seen, t1),
			fmt_time(b->last_seen, t2), b->hash, s.data);
		if (b->smallest_case)
			printf("  [smallest: %s, %lld bytes]", b->smallest_case,
				(long long)b->smallest_size);
		putchar('\n');
		buf_free(&s);
	}
	l->first = 0;
	return 0;
}

static int cmd_list(tcli *c)
{
	triage_store *s;
	gred_error e;
	list_state l = {c, 1};
	int rc = 0;

	if (c->nargs)
		return cli_fail("triage list: takes no arguments");
	if (open_store(&s, c))
		return 1;
	if (c->json)
		fputs("[", stdout);
	if (triage_store_list(s, list_one, &l, &e) < 0)
		rc = cli_fail("%s", e.msg);
	if (c->json)
		fputs("]\n", stdout);
	else if (l.first && !rc)
		printf("no buckets in %s\n", c->db);
	triage_store_close(s);
	return rc;
}

typedef struct rank_state {
	triage_bucket *b;
	size_t n, cap;
} rank_state;

static int rank_collect(const triage_bucket *b, void *ctx)
{
	rank_state *r = ctx;
	triage_bucket *copy;

	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->b = xrealloc(r->b, r->cap * sizeof(*r->b));
	}
	copy = &r->b[r->n++];
	*copy = *b;
	copy->kind = xstrdup(b->kind);
	copy->message = xstrdup(b->message);
	copy->frames = xstrdup(b->frames);
	copy->stack = copy->sample = NULL;
	copy->smallest_case = b->smallest_case ? xstrdup(b->smallest_case) : NULL;
	return 0;
}

static int cmd_rank(tcli *c)
{
	triage_store *s;
	gred_error e;
	rank_state r = {0};
	size_t i, *order;
	double *dist;
	char **texts;
	int rc = 0;

	if (c->nargs)
		return cli_fail("triage rank: takes no arguments");
	if (open_store(&s, c))
		return 1;
	if (triage_store_list(s, rank_collect, &r, &e) < 0)
		rc = cli_fail("%s", e.msg);
	triage_store_close(s);
	order = xcalloc(r.n + 1, sizeof(*order));
	dist = xcalloc(r.n + 1, sizeof(*dist));
	texts = xcalloc(r.n + 1, sizeof(*texts));
	for (i = 0; i < r.n; i++)
		texts[i] = xasprintf("%s\n%s\n%s", r.b[i].kind, r.b[i].message,
			r.b[i].frames);
	triage_rank(order, dist, (const char *const *)texts, r.n);
	if (c->json)
		fputs("[", stdout);
	else if (r.n && !rc)
		printf("%-5s %-5s %-7s %-8s %-16s  %s\n", "RANK", "ID", "COUNT",
			"DISTANCE", "SIGNATURE", "CRASH");
	for (i = 0; i < r.n && !rc; i++) {
		const triage_bucket *b = &r.b[order[i]];
		gred_buf t = {0};
		summary(&t, b->kind, b->message, b->frames);
		if (c->json) {
			printf("%s{\"rank\":%zu,\"id\":%lld,\"count\":%lld,"
				"\"distance\":%.3f,\"signature\":\"%s\",\"crash\":",
				i ? ",\n" : "", i + 1, (long long)b->id,
				(long long)b->count, dist[i], b->hash);
			json_str(stdout, t.data);
			fputc('}', stdout);
		} else {
			printf("%-5zu %-5lld %-7lld %-8.3f %-16s  %s\n", i + 1,
				(long long)b->id, (long long)b->count, dist[i], b->hash,
				t.data);
		}
		buf_free(&t);
	}
	if (c->json)
		fputs("]\n", stdout);
	else if (!r.n && !rc)
		printf("no buckets in %s\n", c->db);
	for (i = 0; i < r.n; i++) {
		free(texts[i]);
		triage_bucket_free(&r.b[i]);
	}
	free(texts);
	free(order);
	free(dist);
	free(r.b);
	return rc;
}

typedef struct members_state {
	tcli *c;
	int n;
} members_state;

static int member_one(const char *source, int64_t added, void *ctx)
{
	members_state *m = ctx;
	char t[32];

	if (m->c->json) {
		fputs(m->n ? "," : "", stdout);
		json_str(stdout, source);
	} else if (m->n < 20) {
		printf("  %s  %s\n", fmt_time(added, t), source);
	} else if (m->n == 20) {
		printf("  ...\n");
	}
	m->n++;
	return 0;
}

/* `show`: the signatures and ids the bucket had before. */
static int print_alias(const char *hash, int64_t old_id, const char *why,
	int64_t added, void *ctx)
{
	char t[32];

	(void)ctx;
	if (!strcmp(why, "merged"))
		printf("absorbed   bucket %lld (%s) at %s\n", (long long)old_id, hash,
			fmt_time(added, t));
	else
		printf("formerly   %s, re-signed at %s\n", hash, fmt_time(added, t));
	return 0;
}

static int cmd_show(tcli *c)
{
	triage_store *s;
	triage_bucket b;
	gred_error e;
	members_state m = {c, 0};
	char t1[32], t2[32];
	int rc = 0;

	if (c->nargs != 1)
		return cli_fail("triage show: want one bucket ID");
	if (open_store(&s, c))
		return 1;
	if (triage_store_get(&b, s, c->args[0], &e) < 0) {
		triage_store_close(s);
		return cli_fail("%s", e.msg);
	}
	if (c->json) {
		printf("{\"id\":%lld,\"signature\":\"%s\",\"count\":%lld,"
			"\"first_seen\":\"%s\",\"last_seen\":\"%s\",\"kind\":",
			(long long)b.id, b.hash, (long long)b.count,
			fmt_time(b.first_seen, t1), fmt_time(b.last_seen, t2));
		json_str(stdout, b.kind);
		fputs(",\"message\":", stdout);
		json_str(stdout, b.message);
		fputs(",\"frames\":", stdout);
		json_lines(stdout, b.frames);
		fputs(",\"stack\":", stdout);
		json_lines(stdout, b.stack);
		fputs(",\"smallest_case\":", stdout);
		if (b.smallest_case)
			json_str(stdout, b.smallest_case);
		else
			fputs("null", stdout);
		fputs(",\"members\":[", stdout);
		rc = triage_store_members(s, b.id, member_one, &m, &e);
		fputs("],\"log\":", stdout);
		json_str(stdout, b.sample);
		fputs("}\n", stdout);
	} else {
		printf("bucket     %lld\nsignature  %s\nkind       %s\nmessage    %s\n"
			"count      %lld\nfirst seen %s\nlast seen  %s\n",
			(long long)b.id, b.hash, b.kind, b.message, (long long)b.count,
			fmt_time(b.first_seen, t1), fmt_time(b.last_seen, t2));
		if (b.smallest_case)
			printf("smallest   %s (%lld bytes)\n", b.smallest_case,
				(long long)b.smallest_size);
		printf("\nstack (normalised; top frames not ignored make the signature):\n");
		{
			char *p = b.stack;
			while (p && *p) {
				char *nl = strchr(p, '\n');
				int n = nl ? (int)(nl - p) : (int)strlen(p);
				printf("  %.*s\n", n, p);
				p = nl ? nl + 1 : NULL;
			}
		}
		triage_store_aliases(s, b.id, print_alias, NULL, &e);
		show_explain(c, b.sample);
		printf("\nmembers:\n");
		rc = triage_store_members(s, b.id, member_one, &m, &e);
		printf("\nlog (first member):\n%s", b.sample);
		if (b.sample && *b.sample && b.sample[strlen(b.sample) - 1] != '\n')
			putchar('\n');
	}
	if (rc < 0)
		rc = cli_fail("%s", e.msg);
	triage_bucket_free(&b);
	triage_store_close(s);
	return rc ? 1 : 0;
}

/*
** `merge`: the sources are opened first (opening one writes its tables
** if missing, which must not wait on DEST's open transaction when a
** source is DEST itself), then merged in one transaction of DEST.
*/
static int cmd_merge(tcli *c)
{
	const char *dest = c->into ? c->into : c->nargs ? c->args[0] : NULL;
	char **srcs = c->into ? c->args : c->args + 1;
	int nsrcs = c->into ? c->nargs : c->nargs - 1, i, rc = 1;
	triage_store *d = NULL, **src;
	triage_merge_result total, r;
	int64_t nbuckets = 0, nmembers = 0;
	gred_error e;
	struct stat st;
	int fresh = 0;

	if (!dest || nsrcs < 1)
		return cli_fail("triage merge: want DEST SRC... (see gred triage merge --help)");
	for (i = 0; i < nsrcs; i++)
		if (!triage_store_is_url(srcs[i]) && stat(srcs[i], &st) < 0)
			return cli_fail("%s: no such store", srcs[i]);
	src = xcalloc((size_t)nsrcs, sizeof(*src));
	memset(&total, 0, sizeof(total));
	for (i = 0; i < nsrcs; i++)
		if (triage_store_open(&src[i], srcs[i], &e) < 0) {
			cli_fail("%s", e.msg);
			goto done;
		}
	/* a DEST file made here goes again if the merge fails */
	fresh = !triage_store_is_url(dest) && stat(dest, &st) < 0;
	if (open_store(&d, &(tcli){.db = dest}))
		goto done;
	if (triage_store_begin(d, &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	for (i = 0; i < nsrcs; i++) {
		if (triage_store_merge(&r, d, src[i], &e) < 0) {
			triage_store_rollback(d);
			cli_fail("%s: %s; %s left unchanged", srcs[i], e.msg, dest);
			goto done;
		}
		total.buckets += r.buckets;
		total.new_buckets += r.new_buckets;
		total.members += r.members;
		total.duplicates += r.duplicates;
	}
	if (triage_store_commit(d, &e) < 0) {
		triage_store_rollback(d);
		cli_fail("%s; %s left unchanged", e.msg, dest);
		goto done;
	}
	if (triage_store_totals(&nbuckets, &nmembers, d, &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	printf("merged %d store%s: %lld buckets read, %lld new; %lld logs added, "
		"%lld already there; %lld buckets, %lld logs in all\n", nsrcs,
		nsrcs > 1 ? "s" : "", (long long)total.buckets,
		(long long)total.new_buckets, (long long)total.members,
		(long long)total.duplicates, (long long)nbuckets, (long long)nmembers);
	rc = 0;
done:
	for (i = 0; i < nsrcs; i++)
		triage_store_close(src[i]);
	free(src);
	triage_store_close(d);
	if (rc && d && fresh) {
		static const char *const suffixes[] = {"", "-wal", "-shm"};
		for (i = 0; i < 3; i++) {
			char *f = xasprintf("%s%s", dest, suffixes[i]);
			unlink(f);
			free(f);
		}
	}
	return rc;
}

typedef struct alias_state {
	char hash[17];
	int64_t old_id;
} alias_state;

static int last_merged(const char *hash, int64_t old_id, const char *why,
	int64_t added, void *ctx)
{
	alias_state *a = ctx;

	(void)added;
	if (!strcmp(why, "merged")) {
		snprintf(a->hash, sizeof(a->hash), "%s", hash);
		a->old_id = old_id;
	}
	return 0;
}

static int cmd_resign(tcli *c)
{
	triage_parser *p = NULL;
	triage_store *s = NULL;
	triage_sig sig;
	triage_bucket b;
	alias_state merged = {"", 0};
	gred_error e;
	char *log = NULL, *abs_case = NULL, id[17];
	size_t len;
	int trunc, rc = 1, have_sig = 0, res;

	if (c->nargs != 2)
		return cli_fail("triage resign: want ID LOG (see gred triage resign --help)");
	if (triage_log_read(&log, &len, &trunc, c->args[1], c->opts.max_bytes, &e) < 0)
		return cli_fail("%s: %s", c->args[1], e.msg);
	if (make_parser(&p, c))
		goto done;
	if (triage_parser_sig(&sig, p, log, len, &e) < 0) {
		cli_fail("%s: %s", c->args[1], e.msg);
		goto done;
	}
	have_sig = 1;
	if (!sig.crashed) {
		cli_fail("%s: no crash found: %s", c->args[1], NO_CRASH_WHY);
		goto done;
	}
	if (open_store(&s, c))
		goto done;
	if (triage_store_get(&b, s, c->args[0], &e) < 0) {
		cli_fail("%s", e.msg);
		goto done;
	}
	abs_case = c->case_path ? realpath(c->case_path, NULL) : NULL;
	res = triage_store_resign(s, b.id, &sig, abs_case ? abs_case : c->case_path, &e);
	if (res < 0) {
		cli_fail("%s", e.msg);
		triage_bucket_free(&b);
		goto done;
	}
	triage_sig_id(&sig, id);
	printf("bucket %lld: %s -> %s", (long long)b.id, b.hash, id);
	if (res == 1 && triage_store_aliases(s, b.id, last_merged, &merged, &e) == 0)
		printf(", absorbing bucket %lld (%s)", (long long)merged.old_id,
			merged.hash);
	putchar('\n');
	triage_bucket_free(&b);
	rc = 0;
done:
	if (have_sig)
		triage_sig_free(&sig);
	free(abs_case);
	triage_store_close(s);
	triage_parser_free(p);
	free(log);
	return rc;
}

/*
** Which store a command uses. Without --db: .gred/triage.db here or in
** the nearest parent directory that has one, as git finds its
** repository; add and run create it here if none has; list and show
** never create one. check takes it only to look up a bucket id.
*/
static int find_store(tcli *c, int (*run)(tcli *c), char **found)
{
	int files = run == cmd_add || run == cmd_run;
	struct stat st;

	if (run == cmd_merge)
		return 0;  /* names its stores itself */
	if (c->db != default_db) {
		if (!files && run != cmd_check && run != cmd_sig &&
		    !triage_store_is_url(c->db) && stat(c->db, &st) < 0)
			return cli_fail("%s: no such store", c->db);
		return 0;
	}
	*found = triage_store_find(DEFAULT_DB);
	if (*found)
		c->db = *found;
	else if (run == cmd_list || run == cmd_show || run == cmd_resign)
		return cli_fail("no triage store: " DEFAULT_DB " is not in this "
			"directory or a parent (gred triage add makes one; --db names one)");
	return 0;
}

int triage_main(int argc, char **argv)
{
	const struct subcommand *sub = NULL;
	cli_args args;
	tcli c;
	char *found = NULL;
	size_t i;
	int rc;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	for (i = 0; i < NSUB; i++)
		if (!strcmp(argv[1], subcommands[i].cmd.name + strlen("triage ")))
			sub = &subcommands[i];
	if (!sub)
		return cli_fail("triage: unknown subcommand '%s' (see gred triage --help)",
			argv[1]);
	memset(&c, 0, sizeof(c));
	c.db = default_db;
	triage_options_init(&c.opts);
	if (cli_parse(&args, &sub->cmd, &c, argc - 1, argv + 1) < 0) {
		rc = args.status;
	} else if (sub->cmd.operands == 0 && args.noperands && !args.dashdash) {
		rc = cli_usage_error(&sub->cmd, "unexpected argument '%s': CMD goes "
			"after --", args.operands[0]);
	} else if (sub->cmd.operands == 0 && args.dashdash && !args.noperands) {
		rc = cli_fail("%s: no command after '--'", sub->cmd.name);
	} else if (find_store(&c, sub->run, &found) != 0) {
		rc = 1;
	} else {
		if (sub->cmd.operands == 0) {
			c.cmd = args.noperands ? args.operands : NULL;
		} else {
			c.args = args.operands;
			c.nargs = args.noperands;
		}
		rc = sub->run(&c);
	}
	free(found);
	cli_args_free(&args);
	free(c.ignore.v);
	free(c.ignore_files.v);
	return rc;
}

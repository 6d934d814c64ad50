/*
** Table-driven option parsing and --help for every gred command; the
** grammar is described in cli_opts.h.
*/
#include "cli_opts.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

#define HELP_COLUMN 26

static void vsay(const cli_command *cmd, const char *fmt, va_list ap)
{
	fprintf(stderr, "gred: %s: ", cmd->name);
	vfprintf(stderr, fmt, ap);
}

int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(cmd, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see gred %s --help)\n", cmd->name);
	return 2;
}

static int value_error(const cli_command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int value_error(const cli_command *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(cmd, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

/* The row for a long name (len bytes of s) or a letter, in either table. */
static const cli_opt *find_opt(const cli_command *cmd, const char *s,
	size_t len, char letter)
{
	const cli_opt *tables[2] = {cmd->opts, cmd->common};
	const cli_opt *o;
	int t;

	for (t = 0; t < 2; t++)
		for (o = tables[t]; o && o->kind != CLI_END; o++)
			if (s ? o->name && strlen(o->name) == len &&
			    !strncmp(o->name, s, len) : o->letter == letter)
				return o;
	return NULL;
}

static int takes_value(const cli_opt *o)
{
	return o->kind != CLI_FLAG;
}

/* What a number option accepts: "a number from 1 to 64 (whole)" for an
** error, "a whole number from 1 to 64" in --help. */
static void describe_range(char *buf, size_t n, const cli_opt *o, int help)
{
	switch (o->kind) {
	case CLI_INT:
	case CLI_SIZE:
		snprintf(buf, n, help ? "a whole number from %.0f to %.0f" :
			"a number from %.0f to %.0f (whole)", o->min, o->max);
		break;
	case CLI_DOUBLE:
		snprintf(buf, n, "a number from %g to %g", o->min, o->max);
		break;
	case CLI_SECONDS:
		snprintf(buf, n, "seconds, a decimal above 0 and at most %g",
			o->max);
		break;
	case CLI_UINT64:
		snprintf(buf, n, help ? "a whole number, decimal or 0x hex" :
			"a number from 0 to %llu (whole, or 0x hex)",
			(unsigned long long)UINT64_MAX);
		break;
	default:
		snprintf(buf, n, "a value");
	}
}

/* Stores value in the row's destination; 1 (message printed) if bad. */
static int store(const cli_command *cmd, const cli_opt *o, const char *spelled,
	const char *value, void *dest)
{
	char *at = (char *)dest + o->offset, *end, range[96];
	long long ll;
	unsigned long long ull;
	double d;

	errno = 0;
	switch (o->kind) {
	case CLI_FLAG:
		*(int *)at = 1;
		return 0;
	case CLI_STRING:
		*(const char **)at = value;
		return 0;
	case CLI_LIST: {
		cli_list *l = (cli_list *)at;
		l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
		l->v[l->n++] = value;
		return 0;
	}
	case CLI_CALL:
		return o->call(dest, value) < 0 ? 1 : 0;
	case CLI_INT:
	case CLI_SIZE:
		ll = strtoll(value, &end, 10);
		if (*value && !*end && !errno && ll >= o->min && ll <= o->max) {
			if (o->kind == CLI_INT)
				*(int *)at = (int)ll;
			else
				*(size_t *)at = (size_t)ll;
			return 0;
		}
		break;
	case CLI_UINT64:
		ull = strtoull(value, &end, 0);
		if (*value && *value != '-' && !*end && !errno) {
			*(uint64_t *)at = (uint64_t)ull;
			return 0;
		}
		break;
	case CLI_DOUBLE:
	case CLI_SECONDS:
		d = strtod(value, &end);
		if (*value && !*end && !errno && isfinite(d) && d <= o->max &&
		    (o->kind == CLI_SECONDS ? d > 0 : d >= o->min)) {
			*(double *)at = d;
			return 0;
		}
		break;
	case CLI_END:
		break;
	}
	describe_range(range, sizeof(range), o, 0);
	return value_error(cmd, "%s needs %s, not '%s'", spelled, range, value);
}

/* Reads the option at argv[*i] (and its value); returns 0 or the exit
** status of an error. */
static int parse_option(const cli_command *cmd, void *dest, int argc,
	char **argv, int *i)
{
	const char *a = argv[*i], *value = NULL;
	const cli_opt *o;
	char spelled[64];

	if (a[1] == '-') {
		const char *eq = strchr(a + 2, '=');
		size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
		o = find_opt(cmd, a + 2, len, 0);
		snprintf(spelled, sizeof(spelled), "%.*s", (int)len + 2, a);
		if (!o)
			return cli_usage_error(cmd, "unknown option '%s'", spelled);
		if (eq && !takes_value(o))
			return cli_usage_error(cmd, "%s takes no value", spelled);
		if (eq)
			value = eq + 1;
	} else {
		o = find_opt(cmd, NULL, 0, a[1]);
		snprintf(spelled, sizeof(spelled), "-%c", a[1]);
		if (!o || (a[2] && !takes_value(o)))
			return cli_usage_error(cmd, "unknown option '%s'", a);
		if (a[2])
			value = a + 2;
	}
	if (takes_value(o) && !value) {
		if (*i + 1 >= argc)
			return cli_usage_error(cmd, "%s needs %s", spelled,
				o->arg ? o->arg : "a value");
		value = argv[++*i];
	}
	return store(cmd, o, spelled, value, dest);
}

int cli_parse(cli_args *out, const cli_command *cmd, void *dest, int argc,
	char **argv)
{
	int i, rc;

	memset(out, 0, sizeof(*out));
	out->operands = xcalloc((size_t)argc + 1, sizeof(char *));
	out->tail = -1;
	for (i = 1; i < argc; i++) {
		char *a = argv[i];

		if (out->tail >= 0) {
			out->operands[out->noperands++] = a;
		} else if (!strcmp(a, "--")) {
			out->tail = out->noperands;
			out->dashdash = 1;
		} else if (a[0] != '-' || !a[1]) {
			if (out->noperands == cmd->operands)
				out->tail = out->noperands;
			out->operands[out->noperands++] = a;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			cli_help(stdout, cmd);
			out->status = 0;
			return -1;
		} else if ((rc = parse_option(cmd, dest, argc, argv, &i)) != 0) {
			out->status = rc;
			return -1;
		}
	}
	if (out->tail < 0)
		out->tail = out->noperands;
	return 0;
}

void cli_args_free(cli_args *a)
{
	free(a->operands);
	a->operands = NULL;
}

/* Writes s with every line after the first indented to the help column. */
static void put_indented(FILE *f, const char *s)
{
	for (; *s; s++) {
		fputc(*s, f);
		if (*s == '\n' && s[1])
			fprintf(f, "%*s", HELP_COLUMN, "");
	}
}

static void help_rows(FILE *f, const cli_opt *o)
{
	char left[64], range[96];
	int n;

	for (; o && o->kind != CLI_END; o++) {
		if (o->letter && o->name)
			n = snprintf(left, sizeof(left), "  -%c, --%s", o->letter, o->name);
		else if (o->letter)
			n = snprintf(left, sizeof(left), "  -%c", o->letter);
		else
			n = snprintf(left, sizeof(left), "      --%s", o->name);
		if (takes_value(o) && o->arg)
			snprintf(left + n, sizeof(left) - (size_t)n, " %s", o->arg);
		fputs(left, f);
		if (strlen(left) + 2 > HELP_COLUMN)
			fprintf(f, "\n%*s", HELP_COLUMN, "");
		else
			fprintf(f, "%*s", HELP_COLUMN - (int)strlen(left), "");
		put_indented(f, o->help ? o->help : "");
		switch (o->kind) {
		case CLI_INT:
		case CLI_SIZE:
		case CLI_DOUBLE:
		case CLI_SECONDS:
		case CLI_UINT64:
			describe_range(range, sizeof(range), o, 1);
			fprintf(f, "\n%*s(%s)", HELP_COLUMN, "", range);
			break;
		case CLI_LIST:
			fprintf(f, "\n%*s(repeatable)", HELP_COLUMN, "");
			break;
		default:
			break;
		}
		fputc('\n', f);
	}
}

void cli_help(FILE *f, const cli_command *cmd)
{
	const char *p = cmd->usage, *nl;
	int first = 1;

	while (p && *p) {
		nl = strchr(p, '\n');
		fprintf(f, "%sgred %.*s\n", first ? "usage: " : "       ",
			(int)(nl ? nl - p : (long)strlen(p)), p);
		first = 0;
		p = nl ? nl + 1 : NULL;
	}
	if (cmd->about)
		fprintf(f, "\n%s", cmd->about);
	fputs("\noptions:\n", f);
	help_rows(f, cmd->opts);
	help_rows(f, cmd->common);
	fprintf(f, "  -h, --help%*sthis help\n", HELP_COLUMN - 12, "");
	if (cmd->examples) {
		fputs("\nexamples:\n", f);
		for (p = cmd->examples; *p; p = nl ? nl + 1 : p + strlen(p)) {
			nl = strchr(p, '\n');
			fprintf(f, "  %.*s\n", (int)(nl ? nl - p : (long)strlen(p)), p);
		}
	}
}

/* The row an argument would select, if it is spelled like an option. */
static const cli_opt *spelled_like_option(const cli_command *cmd, const char *a)
{
	if (a[0] != '-' || !a[1])
		return NULL;
	if (a[1] == '-') {
		const char *eq = strchr(a + 2, '=');
		return a[2] ? find_opt(cmd, a + 2,
			eq ? (size_t)(eq - a - 2) : strlen(a + 2), 0) : NULL;
	}
	return !a[2] ? find_opt(cmd, NULL, 0, a[1]) : NULL;
}

void cli_warn_misplaced(const cli_command *cmd, char *const *args, int n,
	const char *what)
{
	int i;

	for (i = 0; i < n; i++)
		if (spelled_like_option(cmd, args[i])) {
			fprintf(stderr, "gred: warning: '%s' is passed to %s, not read "
				"by gred: gred's options go before %s (write -- before "
				"%s if it is meant for %s)\n", args[i], what, what, what,
				what);
			return;
		}
}

char *cli_resolve_program(const char *name)
{
	struct stat st;

	if (!strchr(name, '/') && stat(name, &st) == 0 && S_ISREG(st.st_mode))
		return xasprintf("./%s", name);
	return xstrdup(name);
}

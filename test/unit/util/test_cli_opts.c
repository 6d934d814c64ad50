/*
** Unit tests of util/cli_opts: the option grammar every command parses by.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_opts.h"
#include "util.h"

typedef struct fake {
	const char *out;
	int jobs, stats;
	double timeout, rate;
	size_t bytes;
	uint64_t seed;
	cli_list ignore;
} fake;

#define OFF(f) offsetof(fake, f)

static const cli_opt fake_opts[] = {
	CLI_OPT_STRING("output", 'o', OFF(out), "OUT", "where it goes"),
	CLI_OPT_NUM(CLI_INT, "jobs", 'j', OFF(jobs), 0, 1024, "N", "jobs"),
	CLI_OPT_NUM(CLI_SECONDS, "timeout", 0, OFF(timeout), 0, 600, "S", "per run"),
	CLI_OPT_FLAG("stats", 0, OFF(stats), "print stats"),
	CLI_OPT_END
};

static const cli_opt fake_common[] = {
	CLI_OPT_NUM(CLI_DOUBLE, "rate", 0, OFF(rate), 0, 1, "P", "a chance"),
	CLI_OPT_NUM(CLI_SIZE, "max-bytes", 0, OFF(bytes), 1024, 1e12, "N", "cap"),
	CLI_OPT_NUM(CLI_UINT64, "seed", 0, OFF(seed), 0, 0, "S", "seed"),
	CLI_OPT_LIST("ignore", 0, OFF(ignore), "RE", "skip"),
	CLI_OPT_END
};

static const cli_command fake_cmd = {
	"fake", "fake [OPTIONS] IN TEST [ARGS...]", "Does nothing.\n",
	fake_opts, fake_common, "gred fake a b\ngred fake -j 2 a b", 1,
};

/* Parses a NULL-terminated list of arguments after "fake". */
static int parse(cli_args *a, fake *f, const char *const *args)
{
	char *argv[32];
	int argc = 0;

	argv[argc++] = "fake";
	while (*args)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;
	memset(f, 0, sizeof(*f));
	return cli_parse(a, &fake_cmd, f, argc, argv);
}

static void test_cli_opts__every_spelling_before_test(void **state)
{
	const char *args[] = {"-j4", "--timeout=2.5", "in.mlir", "-o", "out",
		"--stats", "--ignore", "a", "--ignore=b", "--seed", "0x10",
		"--max-bytes", "4096", "--rate", "0.5", "t.sh", "-j", "9", NULL};
	cli_args a;
	fake f;

	(void)state;
	assert_int_equal(parse(&a, &f, args), 0);
	assert_int_equal(f.jobs, 4);
	assert_true(f.timeout == 2.5);
	assert_string_equal(f.out, "out");
	assert_int_equal(f.stats, 1);
	assert_int_equal(f.ignore.n, 2);
	assert_string_equal(f.ignore.v[1], "b");
	assert_int_equal(f.seed, 16);
	assert_int_equal(f.bytes, 4096);
	assert_true(f.rate == 0.5);
	/* After TEST, everything is the test's. */
	assert_int_equal(a.noperands, 4);
	assert_int_equal(a.tail, 1);
	assert_int_equal(a.dashdash, 0);
	assert_string_equal(a.operands[1], "t.sh");
	assert_string_equal(a.operands[2], "-j");
	assert_null(a.operands[4]);
	free(f.ignore.v);
	cli_args_free(&a);
}

static void test_cli_opts__dashdash_ends_options(void **state)
{
	const char *args[] = {"in.mlir", "--", "--stats", "-", NULL};
	cli_args a;
	fake f;

	(void)state;
	assert_int_equal(parse(&a, &f, args), 0);
	assert_int_equal(f.stats, 0);
	assert_int_equal(a.noperands, 3);
	assert_int_equal(a.tail, 1);
	assert_int_equal(a.dashdash, 1);
	assert_string_equal(a.operands[1], "--stats");
	cli_args_free(&a);
}

static void test_cli_opts__errors_and_their_status(void **state)
{
	static const struct {
		const char *args[4];
		int status;
	} cases[] = {
		{{"--nope", NULL}, 2},             /* unknown option */
		{{"-x", NULL}, 2},
		{{"-j", NULL}, 2},                 /* missing value */
		{{"--stats=1", NULL}, 2},          /* a flag takes none */
		{{"-j", "99999999999", NULL}, 1},  /* out of range */
		{{"-j", "-1", NULL}, 1},
		{{"-j", "2.5", NULL}, 1},          /* not whole */
		{{"--jobs", "", NULL}, 1},
		{{"--timeout", "0", NULL}, 1},     /* seconds are above 0 */
		{{"--timeout", "nan", NULL}, 1},
		{{"--timeout", "601", NULL}, 1},
		{{"--rate", "1.01", NULL}, 1},
		{{"--max-bytes", "1023", NULL}, 1},
		{{"--seed", "-1", NULL}, 1},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cli_args a;
		fake f;
		assert_int_equal(parse(&a, &f, cases[i].args), -1);
		assert_int_equal(a.status, cases[i].status);
		free(f.ignore.v);
		cli_args_free(&a);
	}
}

static void test_cli_opts__help_from_the_table(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	cli_help(f, &fake_cmd);
	fclose(f);
	assert_non_null(strstr(text, "usage: gred fake [OPTIONS] IN TEST"));
	assert_non_null(strstr(text, "  -o, --output OUT"));
	assert_non_null(strstr(text, "      --timeout S"));
	assert_non_null(strstr(text, "a whole number from 0 to 1024"));
	assert_non_null(strstr(text, "(repeatable)"));
	assert_non_null(strstr(text, "  -h, --help"));
	assert_non_null(strstr(text, "examples:\n  gred fake a b\n  gred fake -j 2 a b\n"));
	free(text);
}

static void test_cli_opts__program_in_current_directory(void **state)
{
	char tmpl[] = "/tmp/gred-test-XXXXXX", old[4096];
	char *dir = mkdtemp(tmpl), *p;
	FILE *f;

	(void)state;
	assert_non_null(dir);
	assert_non_null(getcwd(old, sizeof(old)));
	assert_int_equal(chdir(dir), 0);
	f = fopen("test.sh", "w");
	fclose(f);
	mkdir("sub", 0755);
	p = cli_resolve_program("test.sh");
	assert_string_equal(p, "./test.sh");
	free(p);
	p = cli_resolve_program("sh");        /* not here: PATH decides */
	assert_string_equal(p, "sh");
	free(p);
	p = cli_resolve_program("sub");       /* a directory is no program */
	assert_string_equal(p, "sub");
	free(p);
	p = cli_resolve_program("/bin/sh");
	assert_string_equal(p, "/bin/sh");
	free(p);
	unlink("test.sh");
	rmdir("sub");
	assert_int_equal(chdir(old), 0);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cli_opts__every_spelling_before_test),
		cmocka_unit_test(test_cli_opts__dashdash_ends_options),
		cmocka_unit_test(test_cli_opts__errors_and_their_status),
		cmocka_unit_test(test_cli_opts__help_from_the_table),
		cmocka_unit_test(test_cli_opts__program_in_current_directory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
** Unit tests of report/index.c and its JSON writer: escaping, mended
** UTF-8, and the indexes' shape. `test_report_index --write DIR` writes
** the sample indexes to DIR instead, for test/e2e/report_index.sh to
** check with Python's json and the SARIF 2.1.0 schema.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"
#include "json_out.h"

/* The sample: every kind of string the writer must escape, absent
** fields, no frames. test/e2e/report_index.sh expects the same values. */
static const char *const frames_a[] = {
	"onnxruntime::FuseReluClip::Apply",
	"onnxruntime::optimizer_utils::\"quoted\"<float>",
	"C:\\path\\frame",
};

static const report_bucket_entry sample[] = {
	{
		"0123456789abcdef", "assertion",
		"Expected \"double\"\tgot\nfloat \x01 caf\xc3\xa9 \xff!",
		frames_a, 3, "ort:1.20.1:all", "crash",
		"node scripts/fuzz_ort.js --oracle crash 'buckets/0123456789abcdef/reduced.onnx'",
		"buckets/0123456789abcdef/report.md",
		"buckets/0123456789abcdef/reduced case #1 100%.onnx",
		"buckets/0123456789abcdef/graph.svg",
		412, 8123, 7, "3f2a9c1e5b7d"
	},
	{
		"fedcba9876543210", "diff-opt", NULL, NULL, 0, "mlir-opt:canonicalize",
		"diff-opt", NULL, NULL, "cases/00000002.mlir", NULL, 0, 0, 1, NULL
	},
	{
		"00000000000000ff", NULL, "\xe2\x80\xa8 line separator, \xf0\x9f\x90\x9b",
		NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, NULL
	},
};

#define NSAMPLE (sizeof(sample) / sizeof(*sample))

static char *quoted(const char *s)
{
	gred_buf b = {0};

	json_quote(&b, s);
	return b.data;
}

static void expect_quote(const char *in, const char *want)
{
	char *got = quoted(in);

	assert_string_equal(got, want);
	free(got);
}

static void test_report__json_escapes(void **state)
{
	(void)state;
	expect_quote("plain", "\"plain\"");
	expect_quote("a\"b\\c", "\"a\\\"b\\\\c\"");
	expect_quote("\n\r\t\b\f", "\"\\n\\r\\t\\b\\f\"");
	expect_quote("\x01\x1f", "\"\\u0001\\u001f\"");
	expect_quote("caf\xc3\xa9 \xf0\x9f\x90\x9b", "\"caf\xc3\xa9 \xf0\x9f\x90\x9b\"");
}

static void test_report__json_mends_utf8(void **state)
{
	(void)state;
	expect_quote("\xff", "\"\\ufffd\"");
	expect_quote("a\xc3", "\"a\\ufffd\"");                    /* cut short */
	expect_quote("\xc0\xaf", "\"\\ufffd\\ufffd\"");            /* overlong */
	expect_quote("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\""); /* overlong */
	expect_quote("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""); /* surrogate */
	expect_quote("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* > U+10FFFF */
	expect_quote("\xe2\x82", "\"\\ufffd\\ufffd\"");
	assert_int_equal(utf8_sequence((const unsigned char *)"\xf4\x8f\xbf\xbf", 4), 4);
	assert_int_equal(utf8_sequence((const unsigned char *)"\xef\xbf\xbf", 2), 0);
}

static void test_report__json_nesting(void **state)
{
	gred_buf b = {0};
	json_out j;

	(void)state;
	json_begin(&j, &b);
	json_open(&j, NULL, '{');
	json_open(&j, "empty", '[');
	json_close(&j);
	json_open(&j, "list", '[');
	json_int(&j, NULL, 1);
	json_string(&j, NULL, NULL);
	json_close(&j);
	json_close(&j);
	json_end(&j);
	assert_string_equal(b.data,
		"{\n  \"empty\": [],\n  \"list\": [\n    1,\n    null\n  ]\n}\n");
	buf_free(&b);
}

static void test_report__index_json(void **state)
{
	gred_buf b = {0};

	(void)state;
	report_index_json(&b, sample, NSAMPLE, "0.1.0");
	assert_non_null(strstr(b.data, "\"tool\": \"gred 0.1.0\""));
	assert_non_null(strstr(b.data, "\"id\": \"fedcba9876543210\""));
	assert_non_null(strstr(b.data, "\"first_bad_commit\": null"));
	assert_non_null(strstr(b.data, "\"case_bytes\": 412"));
	assert_null(memchr(b.data, '\xff', b.len));
	buf_free(&b);
	report_index_json(&b, NULL, 0, "0.1.0");
	assert_non_null(strstr(b.data, "\"buckets\": []"));
	buf_free(&b);
}

static void test_report__index_sarif(void **state)
{
	gred_buf b = {0};
	const char *p;
	int results = 0;

	(void)state;
	report_index_sarif(&b, sample, NSAMPLE, "0.1.0");
	assert_non_null(strstr(b.data, "\"version\": \"2.1.0\""));
	/* Paths are URI references: the space, '#' and '%' encoded. */
	assert_non_null(strstr(b.data,
		"\"uri\": \"buckets/0123456789abcdef/reduced%20case%20%231%20100%25.onnx\""));
	for (p = b.data; (p = strstr(p, "\"ruleId\": ")); p++)
		results++;
	assert_int_equal(results, NSAMPLE);
	buf_free(&b);
}

static int write_samples(const char *dir)
{
	gred_buf b = {0};
	gred_error e;
	char *path;
	int rc = 0;

	report_index_json(&b, sample, NSAMPLE, GRED_VERSION);
	path = xasprintf("%s/index.json", dir);
	rc |= file_write_atomic(path, b.data, b.len, &e);
	free(path);
	b.len = 0;
	report_index_sarif(&b, sample, NSAMPLE, GRED_VERSION);
	path = xasprintf("%s/index.sarif", dir);
	rc |= file_write_atomic(path, b.data, b.len, &e);
	free(path);
	b.len = 0;
	report_index_sarif(&b, NULL, 0, GRED_VERSION);
	path = xasprintf("%s/empty.sarif", dir);
	rc |= file_write_atomic(path, b.data, b.len, &e);
	free(path);
	buf_free(&b);
	if (rc)
		fprintf(stderr, "test_report_index: %s\n", e.msg);
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report__json_escapes),
		cmocka_unit_test(test_report__json_mends_utf8),
		cmocka_unit_test(test_report__json_nesting),
		cmocka_unit_test(test_report__index_json),
		cmocka_unit_test(test_report__index_sarif),
	};

	if (argc == 3 && !strcmp(argv[1], "--write"))
		return write_samples(argv[2]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}

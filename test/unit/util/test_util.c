/*
** Unit tests of util/: atomic writes, file reads, buffers, paths.
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

#include "util.h"

static char *tmpdir_new(void)
{
	char tmpl[] = "/tmp/gred-test-XXXXXX";
	char *d = mkdtemp(tmpl);
	assert_non_null(d);
	return xstrdup(d);
}

static void test_util__atomic_write_replaces_whole_file(void **state)
{
	char *dir = tmpdir_new(), *path = xasprintf("%s/out.txt", dir);
	char *data;
	size_t len;
	gred_error e;

	(void)state;
	assert_int_equal(file_write_atomic(path, "first version", 13, &e), 0);
	assert_int_equal(file_write_atomic(path, "v2", 2, &e), 0);
	assert_int_equal(file_read(&data, &len, path, 0, &e), 0);
	assert_int_equal(len, 2);
	assert_string_equal(data, "v2");
	free(data);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

static void test_util__atomic_write_to_missing_dir_fails_cleanly(void **state)
{
	gred_error e;

	(void)state;
	assert_int_equal(file_write_atomic("/nonexistent-dir/x.mlir", "a", 1, &e), -1);
	assert_non_null(strstr(e.msg, "/nonexistent-dir/x.mlir"));
}

static void test_util__read_refuses_large_files(void **state)
{
	char *dir = tmpdir_new(), *path = xasprintf("%s/big", dir);
	char *data = NULL;
	size_t len;
	gred_error e;

	(void)state;
	assert_int_equal(file_write_atomic(path, "0123456789", 10, &e), 0);
	assert_int_equal(file_read(&data, &len, path, 5, &e), -1);
	assert_non_null(strstr(e.msg, "too large"));
	assert_int_equal(file_read(&data, &len, "/nonexistent", 0, &e), -1);
	assert_non_null(strstr(e.msg, "No such file"));
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

static void test_util__buf_and_paths(void **state)
{
	gred_buf b = {0};

	(void)state;
	buf_printf(&b, "%d-%s", 42, "x");
	buf_puts(&b, "!");
	assert_string_equal(b.data, "42-x!");
	assert_int_equal(b.len, 5);
	buf_free(&b);
	assert_string_equal(path_ext("a/b.c/model.onnx"), "onnx");
	assert_string_equal(path_ext("a/b.c/model"), "");
	assert_string_equal(path_ext(".hidden"), "");
	assert_string_equal(path_base("a/b/c.mlir"), "c.mlir");
	assert_true(hash_bytes("a", 1) != hash_bytes("b", 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_util__atomic_write_replaces_whole_file),
		cmocka_unit_test(test_util__atomic_write_to_missing_dir_fails_cleanly),
		cmocka_unit_test(test_util__read_refuses_large_files),
		cmocka_unit_test(test_util__buf_and_paths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

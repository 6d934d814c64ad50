/*
** Unit tests of the shortlex order candidates are accepted in.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "shortlex.h"

#define LESS(a, b) shortlex_less(a, strlen(a), b, strlen(b))

static void test_shortlex__fewer_bytes_first(void **state)
{
	(void)state;
	assert_true(LESS("zz", "aaa"));
	assert_false(LESS("aaa", "zz"));
}

static void test_shortlex__then_fewer_lines(void **state)
{
	(void)state;
	assert_true(LESS("abc", "a\nb"));
	assert_false(LESS("a\nb", "abc"));
}

static void test_shortlex__then_bytes(void **state)
{
	(void)state;
	assert_true(LESS("a\nb", "b\na"));
	assert_true(LESS("\x01", "\xff"));
	assert_false(LESS("same", "same"));
	assert_false(LESS("", ""));
	assert_true(LESS("", "x"));
}

static void test_shortlex__lines_counted(void **state)
{
	(void)state;
	assert_int_equal(shortlex_lines("a\nb\n", 4), 2);
	assert_int_equal(shortlex_lines("", 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shortlex__fewer_bytes_first),
		cmocka_unit_test(test_shortlex__then_fewer_lines),
		cmocka_unit_test(test_shortlex__then_bytes),
		cmocka_unit_test(test_shortlex__lines_counted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

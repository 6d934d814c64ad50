/*
** Unit tests of the triage store: re-signing a bucket on its reduced
** case, merging stores, and buckets linked by a log like both.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "triage.h"

/* A Python traceback ending in `exception`: each one its own bug. */
static char *py_log(const char *exception, const char *where)
{
	return xasprintf("Traceback (most recent call last):\n"
		"  File \"/w/%s.py\", line 9, in <module>\n    main()\n"
		"  File \"/w/%s.py\", line 5, in main\n    run(x)\n%s\n",
		where, where, exception);
}

typedef struct fixture {
	char dir[32];
	triage_store *st;
	triage_sig zero, key, value;   /* three bugs */
	char *zero_log, *key_log, *value_log;
} fixture;

static triage_sig sig_of(const char *log)
{
	triage_options o;
	triage_sig s;
	gred_error e;

	triage_options_init(&o);
	if (triage_sig_compute(&s, log, strlen(log), &o, &e) < 0)
		fail_msg("triage_sig_compute: %s", e.msg);
	assert_true(s.crashed);
	return s;
}

static triage_store *open_in(fixture *f, const char *name)
{
	char *path = xasprintf("%s/%s", f->dir, name);
	triage_store *st;
	gred_error e;

	if (triage_store_open(&st, path, &e) < 0)
		fail_msg("%s", e.msg);
	free(path);
	return st;
}

static int setup(void **state)
{
	fixture *f = xcalloc(1, sizeof(*f));

	strcpy(f->dir, "/tmp/gred-store-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	f->zero_log = py_log("ZeroDivisionError: division by zero", "a");
	f->key_log = py_log("KeyError: 'shape'", "b");
	f->value_log = py_log("ValueError: bad rank", "c");
	f->zero = sig_of(f->zero_log);
	f->key = sig_of(f->key_log);
	f->value = sig_of(f->value_log);
	assert_false(triage_match_similar(f->zero.match, f->key.match));
	assert_false(triage_match_similar(f->key.match, f->value.match));
	assert_false(triage_match_similar(f->zero.match, f->value.match));
	f->st = open_in(f, "t.db");
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	char *cmd = xasprintf("rm -rf %s", f->dir);

	triage_store_close(f->st);
	triage_sig_free(&f->zero);
	triage_sig_free(&f->key);
	triage_sig_free(&f->value);
	free(f->zero_log);
	free(f->key_log);
	free(f->value_log);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(f);
	return 0;
}

/* Files log (of signature sig) as source; returns its bucket. */
static int64_t add(triage_store *st, const triage_sig *sig, const char *source,
	const char *log, const char *case_path)
{
	triage_add_result r;
	gred_error e;

	if (triage_store_add(&r, st, sig, source, case_path, log, strlen(log), &e) < 0)
		fail_msg("add %s: %s", source, e.msg);
	return r.bucket;
}

/* Writes n bytes to DIR/name; returns the malloc'd path. */
static char *make_case(fixture *f, const char *name, size_t n)
{
	char *path = xasprintf("%s/%s", f->dir, name);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	while (n--)
		fputc('x', fp);
	fclose(fp);
	return path;
}

static void get(triage_bucket *b, triage_store *st, const char *id)
{
	gred_error e;

	if (triage_store_get(b, st, id, &e) < 0)
		fail_msg("get %s: %s", id, e.msg);
}

static int count_member(const char *source, int64_t added, void *ctx)
{
	(void)source;
	(void)added;
	(*(int *)ctx)++;
	return 0;
}

static int members(triage_store *st, int64_t bucket)
{
	gred_error e;
	int n = 0;

	assert_int_equal(triage_store_members(st, bucket, count_member, &n, &e), 0);
	return n;
}

static int64_t totals(triage_store *st, int64_t *nmembers)
{
	int64_t nbuckets;
	gred_error e;

	assert_int_equal(triage_store_totals(&nbuckets, nmembers, st, &e), 0);
	return nbuckets;
}

/*
** A bucket re-signed on a signature no other bucket has keeps its id,
** members and count, takes the new kind and message, answers to its old
** signature, and still takes logs that crash the old way.
*/
static void test_store__resign_in_place(void **state)
{
	fixture *f = *state;
	triage_bucket b;
	gred_error e;
	char old[17], now[17];
	char *big = make_case(f, "big.py", 500), *small = make_case(f, "small.py", 40);
	int64_t id, nm;

	assert_int_equal(triage_store_begin(f->st, &e), 0);
	id = add(f->st, &f->zero, "1.log", f->zero_log, big);
	assert_int_equal(add(f->st, &f->zero, "2.log", f->zero_log, NULL), id);
	assert_int_equal(triage_store_commit(f->st, &e), 0);
	triage_sig_id(&f->zero, old);
	triage_sig_id(&f->value, now);

	assert_int_equal(triage_store_resign(f->st, id, &f->value, small, &e), 0);
	get(&b, f->st, now);
	assert_int_equal(b.id, id);
	assert_string_equal(b.hash, now);
	assert_string_equal(b.kind, "python:ValueError");
	assert_string_equal(b.message, "bad rank");
	assert_int_equal(b.count, 2);
	assert_string_equal(b.smallest_case, small);
	assert_int_equal(b.smallest_size, 40);
	triage_bucket_free(&b);
	assert_int_equal(members(f->st, id), 2);
	/* the old signature is an alias; its logs still come here */
	get(&b, f->st, old);
	assert_int_equal(b.id, id);
	triage_bucket_free(&b);
	assert_int_equal(add(f->st, &f->zero, "3.log", f->zero_log, NULL), id);
	assert_int_equal(add(f->st, &f->value, "4.log", f->value_log, NULL), id);
	assert_int_equal(totals(f->st, &nm), 1);
	assert_int_equal(nm, 4);
	/* re-signing on the signature it has changes nothing but the case */
	assert_int_equal(triage_store_resign(f->st, id, &f->value, big, &e), 0);
	get(&b, f->st, now);
	assert_int_equal(b.count, 4);
	assert_int_equal(b.smallest_size, 40);
	triage_bucket_free(&b);
	free(big);
	free(small);
}

/*
** Two buckets that turn out to be one bug: the re-signed one takes the
** other's members, count and smaller case, the other is gone and its id
** and signature lead to the one that remains.
*/
static void test_store__resign_merges_buckets(void **state)
{
	fixture *f = *state;
	triage_bucket b;
	gred_error e;
	char key_id[17], num[24];
	char *tiny = make_case(f, "tiny.py", 10);
	int64_t a, k, nm;

	a = add(f->st, &f->zero, "1.log", f->zero_log, NULL);
	k = add(f->st, &f->key, "2.log", f->key_log, tiny);
	assert_int_equal(add(f->st, &f->key, "3.log", f->key_log, NULL), k);
	assert_int_equal(add(f->st, &f->value, "4.log", f->value_log, NULL),
		k + 1);
	assert_true(a != k);
	assert_int_equal(totals(f->st, &nm), 3);
	triage_sig_id(&f->key, key_id);

	assert_int_equal(triage_store_resign(f->st, a, &f->key, NULL, &e), 1);
	assert_int_equal(totals(f->st, &nm), 2);
	assert_int_equal(nm, 4);
	get(&b, f->st, key_id);
	assert_int_equal(b.id, a);
	assert_int_equal(b.count, 3);
	assert_string_equal(b.kind, "python:KeyError");
	assert_string_equal(b.smallest_case, tiny);
	triage_bucket_free(&b);
	assert_int_equal(members(f->st, a), 3);
	assert_int_equal(members(f->st, k), 0);
	snprintf(num, sizeof(num), "%lld", (long long)k);
	get(&b, f->st, num);
	assert_int_equal(b.id, a);
	triage_bucket_free(&b);
	/* new logs of either signature go to the bucket that remains */
	assert_int_equal(add(f->st, &f->key, "5.log", f->key_log, NULL), a);
	assert_int_equal(add(f->st, &f->zero, "6.log", f->zero_log, NULL), a);
	free(tiny);
}

/* Re-signing inside the caller's transaction rolls back with it; a
** missing bucket or a case that did not crash is an error. */
static void test_store__resign_errors_and_rollback(void **state)
{
	fixture *f = *state;
	triage_sig none;
	gred_error e;
	triage_bucket b;
	char zero_id[17];
	int64_t a, k, nm;

	a = add(f->st, &f->zero, "1.log", f->zero_log, NULL);
	k = add(f->st, &f->key, "2.log", f->key_log, NULL);
	assert_int_equal(triage_store_resign(f->st, 999, &f->key, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "no such bucket"));
	memset(&none, 0, sizeof(none));
	assert_int_equal(triage_store_resign(f->st, a, &none, NULL, &e), -1);

	assert_int_equal(triage_store_begin(f->st, &e), 0);
	assert_int_equal(triage_store_resign(f->st, k, &f->zero, NULL, &e), 1);
	triage_store_rollback(f->st);
	assert_int_equal(totals(f->st, &nm), 2);
	triage_sig_id(&f->zero, zero_id);
	get(&b, f->st, zero_id);
	assert_int_equal(b.id, a);
	assert_int_equal(b.count, 1);
	triage_bucket_free(&b);
	assert_int_equal(add(f->st, &f->zero, "3.log", f->zero_log, NULL), a);
}

typedef struct dump {
	gred_buf text;
} dump;

static int dump_bucket(const triage_bucket *b, void *ctx)
{
	dump *d = ctx;

	buf_printf(&d->text, "%s %lld %lld %lld %s\n", b->hash,
		(long long)b->count, (long long)b->first_seen,
		(long long)b->last_seen, b->smallest_case ? b->smallest_case : "-");
	return 0;
}

static char *dump_store(triage_store *st)
{
	dump d = {{0}};
	gred_error e;

	buf_puts(&d.text, "");
	assert_int_equal(triage_store_list(st, dump_bucket, &d, &e), 0);
	return d.text.data;
}

/*
** Two stores that share a log: merged, the shared log counts once and a
** bucket of one signature is one bucket; merging again, or a store into
** itself, adds nothing.
*/
static void test_store__merge_twice_adds_nothing(void **state)
{
	fixture *f = *state;
	triage_store *b = open_in(f, "b.db");
	triage_merge_result r;
	triage_bucket bk;
	gred_error e;
	char zero_id[17], *before, *after;
	char *c300 = make_case(f, "c300.py", 300), *c30 = make_case(f, "c30.py", 30);
	int64_t nm;

	add(f->st, &f->zero, "1.log", f->zero_log, c300);
	add(f->st, &f->key, "2.log", f->key_log, NULL);
	add(b, &f->zero, "1.log", f->zero_log, NULL);       /* the same log */
	add(b, &f->zero, "3.log", f->zero_log, c30);
	add(b, &f->value, "4.log", f->value_log, NULL);

	assert_int_equal(triage_store_merge(&r, f->st, b, &e), 0);
	assert_int_equal(r.buckets, 2);
	assert_int_equal(r.new_buckets, 1);
	assert_int_equal(r.members, 2);
	assert_int_equal(r.duplicates, 1);
	assert_int_equal(totals(f->st, &nm), 3);
	assert_int_equal(nm, 4);
	triage_sig_id(&f->zero, zero_id);
	get(&bk, f->st, zero_id);
	assert_int_equal(bk.count, 2);
	assert_string_equal(bk.smallest_case, c30);
	triage_bucket_free(&bk);

	before = dump_store(f->st);
	assert_int_equal(triage_store_merge(&r, f->st, b, &e), 0);
	assert_int_equal(r.members, 0);
	assert_int_equal(r.duplicates, 3);
	assert_int_equal(triage_store_merge(&r, f->st, f->st, &e), 0);
	assert_int_equal(r.members, 0);
	{
		triage_store *self = open_in(f, "t.db");
		assert_int_equal(triage_store_merge(&r, f->st, self, &e), 0);
		assert_int_equal(r.members, 0);
		assert_int_equal(r.duplicates, 4);
		triage_store_close(self);
	}
	after = dump_store(f->st);
	assert_string_equal(before, after);
	free(before);
	free(after);
	triage_store_close(b);
	free(c300);
	free(c30);
}

/* An ASan heap overflow in the functions f[0] (innermost) .. f[2], each
** on a line of its own (numbered by its first letter). */
static char *asan_log(const char *const f[3])
{
	return xasprintf("==7==ERROR: AddressSanitizer: heap-buffer-overflow on"
		" address 0x602000000018 at pc 0x5566 bp 0x7ffd sp 0x7ffc\n"
		"READ of size 4 at 0x602000000018 thread T0\n"
		"    #0 0x55d1 in %s /src/k.cpp:%d\n"
		"    #1 0x55d2 in %s /src/k.cpp:%d\n"
		"    #2 0x55d3 in %s /src/k.cpp:%d\n"
		"    #3 0x55d4 in main /src/k.cpp:400\n", f[0], f[0][0], f[1], f[1][0],
		f[2], f[2][0]);
}

/*
** Single linkage: two buckets filed apart (their stacks share no crash
** site nor callers) become one when a log like each of them comes: the
** same crashing function as one, the other's stack with a frame inlined
** away. The oldest bucket stays, with every member; the other's id
** finds it.
*/
static void test_store__similar_log_links_buckets(void **state)
{
	fixture *f = *state;
	static const char *const inl[3] = {"clamp", "tile", "lower"};
	static const char *const other[3] = {"tile", "pack", "emit"};
	static const char *const both[3] = {"tile", "lower", "emit"};
	const char *const *stacks[3] = {inl, other, both};
	char *logs[3], num[24];
	triage_sig sigs[3];
	triage_bucket b;
	int64_t a, o, nm;
	int i;

	for (i = 0; i < 3; i++) {
		logs[i] = asan_log(stacks[i]);
		sigs[i] = sig_of(logs[i]);
	}
	assert_false(triage_match_similar(sigs[0].match, sigs[1].match));
	assert_true(triage_match_similar(sigs[2].match, sigs[0].match));
	assert_true(triage_match_similar(sigs[2].match, sigs[1].match));

	a = add(f->st, &sigs[0], "1.log", logs[0], NULL);
	o = add(f->st, &sigs[1], "2.log", logs[1], NULL);
	assert_true(a < o);
	assert_int_equal(totals(f->st, &nm), 2);
	assert_int_equal(add(f->st, &sigs[2], "3.log", logs[2], NULL), a);
	assert_int_equal(totals(f->st, &nm), 1);
	assert_int_equal(nm, 3);
	assert_int_equal(members(f->st, a), 3);
	snprintf(num, sizeof(num), "%lld", (long long)o);
	get(&b, f->st, num);
	assert_int_equal(b.id, a);
	assert_int_equal(b.count, 3);
	triage_bucket_free(&b);
	/* and logs like the absorbed bucket's still come here */
	assert_int_equal(add(f->st, &sigs[1], "4.log", logs[1], NULL), a);
	for (i = 0; i < 3; i++) {
		triage_sig_free(&sigs[i]);
		free(logs[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_store__resign_in_place, setup, teardown),
		cmocka_unit_test_setup_teardown(test_store__resign_merges_buckets, setup, teardown),
		cmocka_unit_test_setup_teardown(test_store__resign_errors_and_rollback, setup, teardown),
		cmocka_unit_test_setup_teardown(test_store__merge_twice_adds_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_store__similar_log_links_buckets, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

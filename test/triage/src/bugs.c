/*
** Small C program with known, distinct bugs, one per mode: the native
** part of gred triage's crash corpus (built with ASan, UBSan or plain).
*/
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct table {
	int n;
	int *v;
};

static int fill_dims(int n)
{
	int *v = malloc((size_t)n * sizeof(*v)), i, r;

	for (i = 0; i <= n; i++)
		v[i] = i;
	r = v[n / 2];
	free(v);
	return r;
}

static int last_dim(int n)
{
	int *v = calloc((size_t)n, sizeof(*v));

	free(v);
	return v[n - 1];
}

static void release_twice(int n)
{
	char *p = malloc((size_t)n);

	free(p);
	free(p);
}

static int lookup(struct table *t, int k)
{
	return t->v[k];
}

static void copy_name(const char *s)
{
	char buf[8];

	strcpy(buf, s);
	printf("%s\n", buf);
}

static int *make_table(int n)
{
	int *v = malloc((size_t)n * sizeof(*v));

	v[0] = n;
	return NULL;
}

static int shift_bits(int x, int s)
{
	return x << s;
}

static int scale(int x, int k)
{
	return x * k;
}

static int average(int sum, int n)
{
	return sum / n;
}

static int check_rank(int r)
{
	assert(r <= 4 && "rank too large");
	return r;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	const char *arg = argc > 2 ? argv[2] : "1";
	int n = atoi(arg);

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("mode %s input %s\n", mode, arg);
	if (!strcmp(mode, "hbo"))
		return fill_dims(n);
	if (!strcmp(mode, "uaf"))
		return last_dim(n);
	if (!strcmp(mode, "dfree"))
		release_twice(n);
	else if (!strcmp(mode, "null"))
		return lookup(n > 1000 ? malloc(1) : NULL, n);
	else if (!strcmp(mode, "stack"))
		copy_name(arg);
	else if (!strcmp(mode, "leak"))
		return make_table(n) != NULL;
	else if (!strcmp(mode, "shift"))
		return shift_bits(1, n);
	else if (!strcmp(mode, "overflow"))
		return scale(2000000000, n);
	else if (!strcmp(mode, "div"))
		return average(n, 0);
	else if (!strcmp(mode, "assert"))
		return check_rank(n);
	return 0;
}

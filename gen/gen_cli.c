/*
** `gred gen`: the command line of the graph generator; writes N models
** into a directory as .onnx (or .mlir through the ONNX bridge).
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cov.h"
#include "gen.h"
#include "mlir_io.h"
#include "onnx.h"

static const char gen_usage[] =
	"usage: gred gen -n N -o DIR [options]\n"
	"\n"
	"Generates N ONNX models (opset 13) that are valid by construction.\n"
	"\n"
	"  -n N             number of models\n"
	"  -o DIR           output directory (created if missing)\n"
	"  --seed S         seed (default 1); same seed, same bytes\n"
	"  --ops LIST       comma-separated op types (default: the whole table)\n"
	"  --nodes K        ops per model (default 20)\n"
	"  --max-rank R     largest rank of a new tensor (default 5)\n"
	"  --max-dim D      largest new dimension (default 5)\n"
	"  --pick-rate P    chance to reuse an existing tensor (default 0.97)\n"
	"  --format F       onnx (default) or mlir\n"
	"  --coverage       print coverage metrics of the generated models\n"
	"  --guided         favour uncovered ops, edges and input degrees\n"
	"  -q               no summary line\n";

/* Parses a number argument; -1 (message printed) if it is not one. */
static int num_arg(double *out, const char *opt, const char *s, double lo,
	double hi)
{
	char *end;

	errno = 0;
	*out = strtod(s ? s : "", &end);
	if (!s || !*s || *end || errno || *out < lo || *out > hi) {
		cli_fail("gen: %s needs a number in [%g, %g]", opt, lo, hi);
		return -1;
	}
	return 0;
}

static int write_file(int dirfd, const char *name, const void *p, size_t n)
{
	int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	ssize_t w;

	if (fd < 0)
		return -1;
	w = write(fd, p, n);
	if (close(fd) < 0 || w != (ssize_t)n)
		return -1;
	return 0;
}

/* CPU seconds (user + system) used so far by this process. */
static double cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		(double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

int gen_main(int argc, char **argv)
{
	gen_options o = GEN_OPTIONS_INIT;
	const char *dir = NULL, *format = "onnx";
	long long n = -1;
	int coverage = 0, quiet = 0, mlir, i, rc = 1;
	gen *g = NULL;
	cov *c = NULL;
	gred_buf buf = {0}, text = {0};
	gred_error e;
	MlirContext ctx = {0};
	double t0, c0, v;
	char name[64];
	int dirfd = -1;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(gen_usage, stdout);
			return 0;
		} else if (!strcmp(a, "--coverage")) {
			coverage = 1;
		} else if (!strcmp(a, "--guided")) {
			o.guided = 1;
		} else if (!strcmp(a, "-q")) {
			quiet = 1;
		} else if (!next) {
			return cli_fail("gen: unknown option or missing value: %s", a);
		} else {
			i++;
			if (!strcmp(a, "-n")) {
				if (num_arg(&v, a, next, 0, 1e12) < 0)
					return 1;
				n = (long long)v;
			} else if (!strcmp(a, "-o")) {
				dir = next;
			} else if (!strcmp(a, "--seed")) {
				char *end;

				errno = 0;
				o.seed = strtoull(next, &end, 0);
				if (!*next || *end || errno)
					return cli_fail("gen: --seed needs an integer");
			} else if (!strcmp(a, "--ops")) {
				o.ops = next;
			} else if (!strcmp(a, "--nodes")) {
				if (num_arg(&v, a, next, 1, 100000) < 0)
					return 1;
				o.nodes = (int)v;
			} else if (!strcmp(a, "--max-rank")) {
				if (num_arg(&v, a, next, 1, 6) < 0)
					return 1;
				o.max_rank = (int)v;
			} else if (!strcmp(a, "--max-dim")) {
				if (num_arg(&v, a, next, 1, 64) < 0)
					return 1;
				o.max_dim = (int)v;
			} else if (!strcmp(a, "--pick-rate")) {
				if (num_arg(&o.pick_rate, a, next, 0, 1) < 0)
					return 1;
			} else if (!strcmp(a, "--format")) {
				format = next;
			} else {
				return cli_fail("gen: unknown option %s", a);
			}
		}
	}
	if (n < 0 || !dir) {
		fputs(gen_usage, stderr);
		return 2;
	}
	if (strcmp(format, "onnx") && strcmp(format, "mlir"))
		return cli_fail("gen: --format must be onnx or mlir");
	mlir = !strcmp(format, "mlir");
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return cli_fail("gen: %s: %s", dir, strerror(errno));
	if ((dirfd = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
		return cli_fail("gen: %s: %s", dir, strerror(errno));
	if (gen_new(&g, &o, &e) < 0) {
		close(dirfd);
		return cli_fail("%s", e.msg);
	}
	if (coverage) {
		c = cov_new();
		gen_set_coverage(g, c);
	}
	if (mlir)
		ctx = ir_context_new();
	t0 = now_seconds();
	c0 = cpu_seconds();
	for (i = 0; i < n; i++) {
		buf.len = 0;
		if (gen_model(g, &buf, &e) < 0) {
			cli_fail("%s", e.msg);
			goto done;
		}
		if (mlir) {
			MlirOperation op;

			if (onnx_import(&op, ctx, buf.data, buf.len, "generated", &e) < 0) {
				cli_fail("gen: --format mlir: %s", e.msg);
				goto done;
			}
			text.len = 0;
			rc = ir_print(&text, op, IR_PRINT_GENERIC, &e);
			mlirOperationDestroy(op);
			if (rc < 0) {
				rc = 1;
				cli_fail("gen: --format mlir: %s", e.msg);
				goto done;
			}
			rc = 1;
		}
		snprintf(name, sizeof(name), "g%06d.%s", i, format);
		if (write_file(dirfd, name, mlir ? text.data : buf.data,
			    mlir ? text.len : buf.len) < 0) {
			cli_fail("gen: %s/%s: %s", dir, name, strerror(errno));
			goto done;
		}
	}
	if (!quiet)
		printf("gen: %lld models of %d ops in %s (%.0f models/s, %.0f per "
			"CPU second)\n", n, o.nodes, dir,
			n / (now_seconds() - t0 + 1e-9),
			n / (cpu_seconds() - c0 + 1e-9));
	if (c) {
		buf.len = 0;
		cov_report(c, &buf);
		fwrite(buf.data, 1, buf.len, stdout);
	}
	rc = 0;
done:
	close(dirfd);
	if (mlir)
		mlirContextDestroy(ctx);
	buf_free(&buf);
	buf_free(&text);
	cov_free(c);
	gen_free(g);
	return rc;
}

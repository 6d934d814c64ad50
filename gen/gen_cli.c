/*
** `gred gen`: the command line of the graph generator; writes N models
** into a directory as .onnx (or .mlir through the ONNX bridge), or N
** TOSA or linalg programs as .mlir with --dialect tosa or linalg.
*/
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_opts.h"
#include "cov.h"
#include "gen.h"
#include "mlir_io.h"
#include "onnx.h"

/* What the command line asks for, filled in by cli_parse. */
typedef struct gen_cli {
	gen_options o;
	int n;
	const char *dir, *format, *dialect;
	int coverage, quiet;
	const char *skeleton, *kinds;
	int feedback_stdin;
} gen_cli;

#define OFF(field) offsetof(gen_cli, field)

static const cli_opt gen_opts[] = {
	CLI_OPT_NUM(CLI_INT, NULL, 'n', OFF(n), 0, 2147483647, "N",
		"number of models"),
	CLI_OPT_STRING("output", 'o', OFF(dir), "DIR",
		"output directory (created if missing)"),
	CLI_OPT_NUM(CLI_UINT64, "seed", 0, OFF(o.seed), 0, 0, "S",
		"seed (default 1); same seed, same bytes"),
	CLI_OPT_STRING("ops", 0, OFF(o.ops), "LIST",
		"comma-separated op types (default: the whole table)"),
	CLI_OPT_NUM(CLI_INT, "nodes", 0, OFF(o.nodes), 1, 100000, "K",
		"ops per model (default 20)"),
	CLI_OPT_NUM(CLI_INT, "max-rank", 0, OFF(o.max_rank), 1, 6, "R",
		"largest rank of a new tensor (default 5)"),
	CLI_OPT_NUM(CLI_INT, "max-dim", 0, OFF(o.max_dim), 1, 64, "D",
		"largest new dimension (default 5)"),
	CLI_OPT_NUM(CLI_DOUBLE, "pick-rate", 0, OFF(o.pick_rate), 0, 1, "P",
		"chance to reuse an existing tensor (default 0.97)"),
	CLI_OPT_STRING("format", 0, OFF(format), "F",
		"onnx (default) or mlir"),
	CLI_OPT_STRING("dialect", 0, OFF(dialect), "D",
		"onnx (default), tosa, linalg or vector: MLIR 19 programs as .mlir"),
	CLI_OPT_FLAG("coverage", 0, OFF(coverage),
		"print coverage metrics of the generated models"),
	CLI_OPT_FLAG("guided", 0, OFF(o.guided),
		"favour uncovered ops, edges and input degrees"),
	CLI_OPT_STRING("skeleton", 0, OFF(skeleton), "S",
		"chain (default), ws (small world) or residual (shortcuts)"),
	CLI_OPT_NUM(CLI_INT, "mutate", 0, OFF(o.mutations), 0, 1000, "N",
		"30% of the models: N mutations of an earlier finder"),
	CLI_OPT_STRING("mutate-kinds", 0, OFF(kinds), "LIST",
		"edge-add,edge-del,node-add,node-del,shape,param (all)"),
	CLI_OPT_FLAG("mcts", 0, OFF(o.mcts),
		"choose ops and patterns by UCT on new coverage"),
	CLI_OPT_FLAG("feedback-stdin", 0, OFF(feedback_stdin),
		"print each path, read 1 (new bucket) or 0 from stdin"),
	CLI_OPT_FLAG("quiet", 'q', OFF(quiet), "no summary line"),
	CLI_OPT_END
};

static const cli_command gen_command = {
	"gen",
	"gen -n N -o DIR [OPTIONS]",
	"Generates N ONNX models (opset 13) that are valid by construction,\n"
	"named g000000.onnx, g000001.onnx, ... in DIR; with --dialect tosa,\n"
	"linalg or vector, N MLIR programs g000000.mlir, ... that mlir-opt-19\n"
	"verifies with no flags.\n",
	gen_opts,
	NULL,
	"gred gen -n 1000 -o models/ --seed 7\n"
	"gred gen -n 1000 -o models/ --nodes 100 --guided --coverage\n"
	"gred gen -n 10 -o small/ --ops Conv,Relu,Add,Concat --max-rank 4 --max-dim 8\n"
	"gred gen -n 10 -o mlir/ --format mlir     # through the ONNX -> MLIR bridge\n"
	"gred gen -n 1000 -o ws/ --skeleton ws      # or residual\n"
	"gred gen -n 1000 -o mut/ --mcts --mutate 3 --coverage\n"
	"DRIVER | gred gen -n 100000 -o run/ --mcts --mutate 2 --feedback-stdin\n"
	"gred gen -n 1000 -o tosa/ --dialect tosa --nodes 50\n"
	"gred gen -n 1000 -o linalg/ --dialect linalg --nodes 50\n"
	"gred gen -n 1000 -o vector/ --dialect vector --nodes 50",
	-1,
};

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

/* --feedback-stdin: names the model just written on stdout, reads the
** driver's verdict ("1": a new bucket, "0": none) from stdin. Returns -1
** at the end of stdin (the driver is done). */
static int feedback_stdin(gen *g, const char *dir, const char *name)
{
	char line[64];

	printf("%s/%s\n", dir, name);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return -1;
	gen_feedback(g, atoi(line) > 0);
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

/* The closing lines of a run: how many, how fast (unless quiet), and the
** coverage table when one was kept (buf is scratch space). */
static void print_summary(int quiet, const char *what, long long n,
	int nodes, const char *dir, double t0, double c0, cov *c, gred_buf *buf)
{
	if (!quiet)
		printf("gen: %lld %s of %d ops in %s (%.0f/s, %.0f per CPU "
			"second)\n", n, what, nodes, dir,
			(double)n / (now_seconds() - t0 + 1e-9),
			(double)n / (cpu_seconds() - c0 + 1e-9));
	if (c) {
		buf->len = 0;
		cov_report(c, buf);
		fwrite(buf->data, 1, buf->len, stdout);
	}
}

/* gen --dialect tosa|linalg|vector: N programs g000000.mlir, ... printed
** directly. */
static int gen_mlir(const gen_cli *cl)
{
	mlir_gen *g;
	gred_buf buf = {0};
	gred_error e;
	cov *c = NULL;
	double t0, c0;
	char name[64], what[64];
	int dirfd, i, rc = 1;

	if (mkdir(cl->dir, 0777) < 0 && errno != EEXIST)
		return cli_fail("gen: %s: %s", cl->dir, strerror(errno));
	if ((dirfd = open(cl->dir, O_RDONLY | O_DIRECTORY)) < 0)
		return cli_fail("gen: %s: %s", cl->dir, strerror(errno));
	if (mlir_gen_new(&g, cl->dialect, &cl->o, &e) < 0) {
		close(dirfd);
		return cli_fail("%s", e.msg);
	}
	if (cl->coverage)
		c = cov_new();
	t0 = now_seconds();
	c0 = cpu_seconds();
	for (i = 0; i < cl->n; i++) {
		buf.len = 0;
		mlir_gen_program(g, &buf);
		if (c)
			cov_add_mlir(c, buf.data, buf.len);
		snprintf(name, sizeof(name), "g%06d.mlir", i);
		if (write_file(dirfd, name, buf.data, buf.len) < 0) {
			cli_fail("gen: %s/%s: %s", cl->dir, name, strerror(errno));
			goto done;
		}
	}
	snprintf(what, sizeof(what), "%s programs", cl->dialect);
	print_summary(cl->quiet, what, cl->n, cl->o.nodes, cl->dir, t0, c0, c,
		&buf);
	rc = 0;
done:
	close(dirfd);
	buf_free(&buf);
	cov_free(c);
	mlir_gen_free(g);
	return rc;
}

int gen_main(int argc, char **argv)
{
	gen_cli cl = {GEN_OPTIONS_INIT, -1, NULL, "onnx", "onnx", 0, 0, "chain", NULL, 0};
	gen_options o;
	const char *dir, *format;
	cli_args args;
	long long n;
	int mlir, i, rc = 1;
	gen *g = NULL;
	cov *c = NULL;
	gred_buf buf = {0}, text = {0};
	gred_error e;
	MlirContext ctx = {0};
	double t0, c0;
	char name[64];
	int dirfd = -1;

	rc = cli_parse(&args, &gen_command, &cl, argc, argv);
	if (rc == 0 && args.noperands)
		rc = -1, args.status = cli_usage_error(&gen_command,
			"unexpected argument '%s'", args.operands[0]);
	cli_args_free(&args);
	if (rc < 0)
		return args.status;
	if (strcmp(cl.dialect, "onnx") && strcmp(cl.dialect, "tosa") &&
	    strcmp(cl.dialect, "linalg") && strcmp(cl.dialect, "vector"))
		return cli_fail("gen: --dialect must be onnx, tosa, linalg or "
			"vector");
	if (cl.n < 0 || !cl.dir)
		return cli_usage_error(&gen_command, "missing -n N or -o DIR");
	o = cl.o;
	n = cl.n;
	dir = cl.dir;
	format = cl.format;
	rc = 1;
	if (strcmp(format, "onnx") && strcmp(format, "mlir"))
		return cli_fail("gen: --format must be onnx or mlir");
	if ((o.skeleton = gen_skeleton_parse(cl.skeleton)) < 0)
		return cli_fail("gen: --skeleton must be chain, ws or residual");
	if (cl.kinds && gen_mutation_kinds_parse(cl.kinds, &o.mutation_kinds) < 0)
		return cli_fail("gen: --mutate-kinds: unknown mutation in '%s'",
			cl.kinds);
	if (!strcmp(cl.dialect, "tosa") || !strcmp(cl.dialect, "linalg") ||
	    !strcmp(cl.dialect, "vector"))
		return gen_mlir(&cl);
	mlir = !strcmp(format, "mlir");
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return cli_fail("gen: %s: %s", dir, strerror(errno));
	if ((dirfd = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
		return cli_fail("gen: %s: %s", dir, strerror(errno));
	if (gen_new(&g, &o, &e) < 0) {
		close(dirfd);
		return cli_fail("%s", e.msg);
	}
	if (cl.coverage) {
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
		if (cl.feedback_stdin && feedback_stdin(g, dir, name) < 0)
			break;
	}
	if (i < n)
		n = i + 1;
	print_summary(cl.quiet, "models", n, o.nodes, dir, t0, c0, c, &buf);
	if (!cl.quiet && o.mutations > 0)
		printf("gen: %llu of them mutants of earlier models\n",
			(unsigned long long)gen_mutants(g));
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

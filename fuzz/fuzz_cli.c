/*
** `gred fuzz`: the command line of fuzzing campaigns (start, --resume,
** --report); the campaign itself is in campaign.c.
*/
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_opts.h"
#include "fuzz.h"
#include "gen.h"

/* What the command line asks for, filled in by cli_parse. */
typedef struct fuzz_cli {
	const char *target, *oracle, *out, *shard, *bisect, *resume, *report;
	const char *ops, *skeleton;
	uint64_t seed;
	int models, jobs, nodes, seed_set, mutate, mcts;
	double seconds, timeout;
} fuzz_cli;

#define OFF(field) offsetof(fuzz_cli, field)

/* "90", "90s", "10m", "2h", "1d": seconds into the command's seconds
** (a CLI_CALL gets the whole struct). */
static int parse_duration(void *dest, const char *value)
{
	static const struct { char unit; double seconds; } units[] = {
		{'s', 1}, {'m', 60}, {'h', 3600}, {'d', 86400},
	};
	char *end;
	double v = strtod(value, &end);
	size_t i;

	if (end == value || v <= 0) {
		fprintf(stderr, "gred: fuzz: --time %s: want a duration like 90s, "
			"10m or 2h\n", value);
		return -1;
	}
	if (*end) {
		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
			if (end[0] == units[i].unit && !end[1])
				break;
		if (i == sizeof(units) / sizeof(units[0])) {
			fprintf(stderr, "gred: fuzz: --time %s: want a duration like "
				"90s, 10m or 2h\n", value);
			return -1;
		}
		v *= units[i].seconds;
	}
	((struct fuzz_cli *)dest)->seconds = v;
	return 0;
}

static const cli_opt fuzz_opts[] = {
	CLI_OPT_STRING("target", 't', OFF(target), "TARGET",
		"what runs each model: ort[:VERSION][:OPT], mlir-opt:PIPELINE,\n"
		"mlir-opt:random (a pass pipeline drawn per model),\n"
		"mlir-opt:random-vector, mlir-opt:random-linalg (the same for\n"
		"vector, linalg programs)\n"
		"or cmd:'CMD {}' ({} is the model file)"),
	CLI_OPT_STRING("oracle", 0, OFF(oracle), "LIST",
		"crash,diff-opt,diff-version[:VERSION2] (ort), crash,verify\n"
		"(mlir-opt) (default crash)"),
	CLI_OPT_CALL("time", 0, OFF(seconds), "DURATION", parse_duration,
		"fuzz this long in all (90s, 10m, 2h); counts across --resume"),
	CLI_OPT_NUM(CLI_INT, NULL, 'n', OFF(models), 1, 2147483647, "N",
		"run N models (this worker's, with --shard)"),
	CLI_OPT_NUM(CLI_INT, "jobs", 'j', OFF(jobs), 1, 64, "N",
		"processes at once: target runs, and reducers on new buckets\n"
		"(half of N, at least one) (default 1)"),
	CLI_OPT_NUM(CLI_UINT64, "seed", 0, OFF(seed), 0, 0, "S",
		"seed (default 1): same seed, same models, whatever -j"),
	CLI_OPT_STRING("out", 'o', OFF(out), "DIR",
		"the campaign directory (default gred-fuzz)"),
	CLI_OPT_STRING("shard", 0, OFF(shard), "I/N",
		"run models k with k mod N = I, in DIR/shard-I"),
	CLI_OPT_STRING("bisect", 0, OFF(bisect), "REPO:GOOD:BAD:BUILD",
		"bisect each reduced case in REPO between GOOD and BAD,\n"
		"building each probe with the shell command BUILD"),
	CLI_OPT_STRING("resume", 0, OFF(resume), "DIR",
		"go on with the campaign in DIR (after Ctrl-C or a kill)"),
	CLI_OPT_STRING("report", 0, OFF(report), "DIR",
		"rewrite the reports and indexes of the campaign in DIR"),
	CLI_OPT_NUM(CLI_INT, "nodes", 0, OFF(nodes), 1, 100000, "K",
		"ops per generated model (default 10)"),
	CLI_OPT_STRING("ops", 0, OFF(ops), "LIST",
		"the op types models are made of (default: all the generator has)"),
	CLI_OPT_STRING("skeleton", 0, OFF(skeleton), "KIND",
		"how new nodes pick inputs: chain (default), ws (small world)\n"
		"or residual (skip connections)"),
	CLI_OPT_NUM(CLI_INT, "mutate", 0, OFF(mutate), 0, 100, "N",
		"make 30% of the models mutants (N of the six graph mutations\n"
		"each) of earlier models that opened a bucket or new coverage"),
	CLI_OPT_FLAG("mcts", 0, OFF(mcts),
		"choose the next op or pattern by UCT, rewarded by new coverage\n"
		"and new buckets (one generator for the campaign, fed with a lag\n"
		"of 8 models, so -j does not change the models)"),
	CLI_OPT_NUM(CLI_SECONDS, "timeout", 0, OFF(timeout), 0, 86400, "SECONDS",
		"per run of the target (default 60); a timeout is no finding"),
	CLI_OPT_END
};

static const cli_command fuzz_command = {
	"fuzz",
	"fuzz --target TARGET [--oracle LIST] [--time D | -n N] [-j N] [OPTIONS]\n"
	"fuzz --resume DIR [-j N] [--time D | -n N]\n"
	"fuzz --report DIR",
	"Generates models, runs the target on each, and turns every finding\n"
	"into a bug report: it is filed in DIR/.gred/triage.db (gred triage\n"
	"list works in DIR), the first case of each new bucket is reduced with\n"
	"a test that keeps its signature, and DIR/buckets/ID/ gets the case,\n"
	"test.sh, reduced.onnx and reduced.mlir, graph.svg and report.md;\n"
	"DIR/index.json and DIR/index.sarif list the buckets.\n\n"
	"Oracles: crash (a signal, sanitizer report, LLVM ERROR or internal\n"
	"error other than the target's rejection of an invalid input),\n"
	"diff-opt (outputs with optimisation on and off differ), diff-version\n"
	"(two versions of the target differ), verify (mlir-opt: a pass turns\n"
	"valid input into IR the verifier rejects). Without --time or -n a campaign\n"
	"runs until Ctrl-C, which reports every bucket as it is; --resume goes\n"
	"on after Ctrl-C or kill -9 without losing or repeating a bucket.\n",
	fuzz_opts,
	NULL,
	"gred fuzz --target ort --oracle crash,diff-opt --time 10m -j 4 --out ort-run\n"
	"gred fuzz --target ort:1.20.1:basic --oracle diff-version:1.19.2 -n 500\n"
	"gred fuzz --target mlir-opt:--tosa-to-linalg -n 1000 --out tosa-run\n"
	"gred fuzz --target mlir-opt:random --time 30m -j 2 --out mlir-run\n"
	"gred fuzz --target cmd:'./my-compiler {}' --seed 7 -n 200\n"
	"gred fuzz --target ort --mcts --mutate 2 --skeleton residual --time 10m\n"
	"gred fuzz --target ort --shard 3/16 --out /shared/run   # one of 16 workers\n"
	"gred fuzz --resume ort-run\n"
	"gred fuzz --report ort-run",
	-1,
};

static volatile sig_atomic_t fuzz_stop;

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* The runner scripts: $GRED_SCRIPTS, the source tree gred was built
** from, or scripts/ beside the binary's directory. */
static char *scripts_dir(const char *self)
{
	const char *env = getenv("GRED_SCRIPTS");
	char *dir, *slash;

	if (env && *env)
		return xstrdup(env);
#ifdef GRED_SOURCE_DIR
	if (exists(GRED_SOURCE_DIR "/scripts"))
		return xstrdup(GRED_SOURCE_DIR "/scripts");
#endif
	dir = xstrdup(self);
	if ((slash = strrchr(dir, '/')))
		*slash = 0;
	slash = xasprintf("%s/../scripts", dir);
	free(dir);
	return slash;
}

static int parse_shard(fuzz_options *o, const char *s)
{
	char *end;
	long i = strtol(s, &end, 10), n;

	if (end == s || *end != '/')
		return -1;
	n = strtol(end + 1, &end, 10);
	if (*end || n < 1 || n > 1000000 || i < 0 || i >= n)
		return -1;
	o->shard_i = (int)i;
	o->shard_n = (int)n;
	return 0;
}

int fuzz_main(int argc, char **argv)
{
	fuzz_cli cl;
	fuzz_options o;
	fuzz_counts counts;
	cli_args args;
	char exe[PATH_MAX], *scripts = NULL, *dir = NULL, **strings = NULL;
	char *cwd = NULL;
	gred_error e;
	ssize_t n;
	int rc, modes, i;

	memset(&cl, 0, sizeof(cl));
	cl.seed = 1;
	rc = cli_parse(&args, &fuzz_command, &cl, argc, argv);
	if (rc == 0 && args.noperands)
		rc = -1, args.status = cli_usage_error(&fuzz_command,
			"unexpected argument '%s'", args.operands[0]);
	cli_args_free(&args);
	if (rc < 0)
		return args.status;
	modes = (cl.target != NULL) + (cl.resume != NULL) + (cl.report != NULL);
	if (modes != 1)
		return cli_usage_error(&fuzz_command, modes ? "--target, --resume "
			"and --report go alone" : "no --target (or --resume DIR, "
			"--report DIR)");
	if (cl.models && cl.seconds)
		return cli_usage_error(&fuzz_command, "--time or -n, not both");
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return cli_fail("fuzz: cannot find the gred binary: %s", strerror(errno));
	exe[n] = 0;

	fuzz_options_init(&o);
	if (cl.resume || cl.report) {
		const char *d = cl.resume ? cl.resume : cl.report;
		if (fuzz_state_read(&o, &counts, &strings, d, &e) < 0)
			return cli_fail("%s", e.msg);
		o.dir = d;
		o.resume = cl.resume != NULL;
		if (cl.models || cl.seconds) {
			o.models = cl.models;
			o.seconds = cl.seconds;
		}
	} else {
		o.target = cl.target;
		if (cl.oracle)
			o.oracle = cl.oracle;
		o.seed = cl.seed;
		o.models = cl.models;
		o.seconds = cl.seconds;
		if (cl.nodes)
			o.nodes = cl.nodes;
		o.ops = cl.ops;
		o.skeleton = cl.skeleton;
		o.mutations = cl.mutate;
		o.mcts = cl.mcts;
		if (cl.skeleton && gen_skeleton_parse(cl.skeleton) < 0)
			return cli_usage_error(&fuzz_command, "--skeleton %s: want chain, "
				"ws or residual", cl.skeleton);
		o.bisect = cl.bisect;
		if (cl.timeout > 0)
			o.timeout = cl.timeout;
		if (cl.shard && parse_shard(&o, cl.shard) < 0)
			return cli_usage_error(&fuzz_command, "--shard %s: want I/N with "
				"0 <= I < N", cl.shard);
		if (cl.bisect && !strchr(cl.bisect, ':'))
			return cli_usage_error(&fuzz_command, "--bisect %s: want "
				"REPO:GOOD:BAD:BUILD", cl.bisect);
		o.dir = cl.out ? cl.out : "gred-fuzz";
		if (cl.shard) {
			if (mkdir(o.dir, 0777) < 0 && errno != EEXIST)
				return cli_fail("%s: %s", o.dir, strerror(errno));
			dir = xasprintf("%s/shard-%d", o.dir, o.shard_i);
			o.dir = dir;
		}
		{
			char *state = xasprintf("%s/campaign.json", o.dir);
			int taken = exists(state);
			free(state);
			if (taken) {
				free(dir);
				return cli_fail("fuzz: %s holds a campaign already; "
					"`gred fuzz --resume %s` goes on with it", o.dir, o.dir);
			}
		}
	}
	if (cl.target)
		o.cwd = cwd = getcwd(NULL, 0);
	if (cl.jobs)
		o.jobs = cl.jobs;
	o.gred = exe;
	o.scripts = scripts = scripts_dir(exe);

	if (cl.report) {
		rc = fuzz_campaign_report(&o, &e) < 0 ? cli_fail("%s", e.msg) : 0;
	} else {
		cli_catch_stop(&fuzz_stop);
		rc = fuzz_campaign_run(&o, &fuzz_stop, &e);
		rc = rc == PROC_CANCELLED ? 130 : rc < 0 ? cli_fail("%s", e.msg) : 0;
	}
	for (i = 0; strings && strings[i]; i++)
		free(strings[i]);
	free(strings);
	free(scripts);
	free(dir);
	free(cwd);
	return rc;
}

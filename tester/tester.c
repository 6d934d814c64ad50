/*
** The interestingness test: candidates in private directories, N at a
** time, answers cached by content hash, results returned in order.
*/
#define _GNU_SOURCE
#include "tester.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"

#define OUTPUT_CAP (16u << 20)

/* One cached verdict: hash and length of the candidate's bytes. */
typedef struct cache_entry {
	uint64_t hash;
	size_t len;   /* 0 marks an empty slot; stored as len + 1 */
	int interesting;
} cache_entry;

typedef struct slot {
	proc p;
	int busy;
	int running;         /* counted in tester.running */
	size_t index;        /* candidate index in the batch */
	double start;
	double last_count;   /* when the group was last counted */
	char *dir, *file, *out, *err;
	char *tmp;           /* the test's TMPDIR, emptied like dir */
	char *env[2];        /* TMPDIR=tmp */
} slot;

struct tester {
	tester_options o;
	char **argv;         /* argv + the candidate's path */
	size_t argc;
	char *base;
	slot *slots;
	cache_entry *cache;
	size_t cache_cap, cache_used;
	tester_stats stats;
	int running;         /* tests between exec and their end seen */
	double running_since;
};

void tester_options_init(tester_options *o)
{
	memset(o, 0, sizeof(*o));
	o->jobs = 1;
	o->tail_bytes = 4096;
	o->max_procs = 512;
	o->file_name = "candidate";
}

void tester_result_clear(tester_result *r)
{
	free(r->out);
	free(r->err);
	memset(r, 0, sizeof(*r));
}

void tester_result_describe(gred_buf *b, const tester_result *r,
	double timeout)
{
	if (r->timed_out)
		buf_printf(b, "timed out after %.1f s", timeout);
	else if (r->too_many_procs)
		buf_printf(b, "killed: more than the allowed number of processes");
	else if (WIFEXITED(r->status))
		buf_printf(b, "exit status %d", WEXITSTATUS(r->status));
	else if (WIFSIGNALED(r->status))
		buf_printf(b, "killed by signal %d (%s)", WTERMSIG(r->status),
			strsignal(WTERMSIG(r->status)));
	else
		buf_printf(b, "wait status %d", r->status);
}

/* A path the test can still find from its own directory. An argument
** is taken for a path if it names an existing file, or anything existing
** when it is written with a '/': a bare word that happens to name a
** directory here (`gred triage check` run where triage/ is) stays a word. */
static char *absolute(const char *arg, int must_exist)
{
	struct stat st;
	char *r;

	if (arg[0] == '/' || arg[0] == '-')
		return xstrdup(arg);
	if (must_exist && (stat(arg, &st) < 0 ||
	    (!S_ISREG(st.st_mode) && !strchr(arg, '/'))))
		return xstrdup(arg);
	if ((r = realpath(arg, NULL)))
		return r;
	return xstrdup(arg);
}

int tester_new(tester **out, const tester_options *o, gred_error *e)
{
	tester *t = xcalloc(1, sizeof(*t));
	const char *tmp = getenv("TMPDIR");
	size_t i;

	t->o = *o;
	if (t->o.jobs < 1)
		t->o.jobs = 1;
	if (!o->argv || !o->argv[0]) {
		free(t);
		return gred_errorf(e, "no test command");
	}
	for (t->argc = 0; o->argv[t->argc]; t->argc++)
		;
	t->argv = xcalloc(t->argc + 2, sizeof(char *));
	/* The program: made absolute if it names a path; a bare name is
	** looked up in PATH. Arguments naming existing files become absolute
	** as well, so `gred in.mlir sh test.sh` works. */
	t->argv[0] = strchr(o->argv[0], '/') ? absolute(o->argv[0], 0) :
		xstrdup(o->argv[0]);
	for (i = 1; i < t->argc; i++)
		t->argv[i] = absolute(o->argv[i], 1);
	t->base = xasprintf("%s/gred-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(t->base)) {
		gred_errorf(e, "cannot create a directory in %s: %s",
			tmp && *tmp ? tmp : "/tmp", strerror(errno));
		tester_free(t);
		return -1;
	}
	/* If gred dies before tester_free, the watchdog removes it all. */
	if (proc_init(e) < 0 || proc_register_dir(t->base, e) < 0) {
		tester_free(t);
		return -1;
	}
	t->slots = xcalloc((size_t)t->o.jobs, sizeof(slot));
	for (i = 0; i < (size_t)t->o.jobs; i++) {
		slot *s = &t->slots[i];
		s->dir = xasprintf("%s/w%zu", t->base, i);
		s->file = xasprintf("%s/%s", s->dir, o->file_name);
		s->out = xasprintf("%s/out%zu", t->base, i);
		s->err = xasprintf("%s/err%zu", t->base, i);
		/* Temp files of a test (mlir-opt's symbolizer input, say) go
		** where the test's end, killed or not, cleans them up. */
		s->tmp = xasprintf("%s/tmp%zu", t->base, i);
		s->env[0] = xasprintf("TMPDIR=%s", s->tmp);
		if (mkdir(s->dir, 0700) < 0 || mkdir(s->tmp, 0700) < 0) {
			gred_errorf(e, "cannot create %s: %s", s->dir,
				strerror(errno));
			tester_free(t);
			return -1;
		}
	}
	t->cache_cap = 1024;
	t->cache = xcalloc(t->cache_cap, sizeof(cache_entry));
	*out = t;
	return 0;
}

void tester_free(tester *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; t->slots && i < (size_t)t->o.jobs; i++) {
		slot *s = &t->slots[i];
		if (s->busy)
			proc_kill(&s->p);
		free(s->dir);
		free(s->file);
		free(s->out);
		free(s->err);
		free(s->tmp);
		free(s->env[0]);
	}
	if (t->base) {
		dir_remove(t->base);
		proc_unregister_dir(t->base);
	}
	for (i = 0; t->argv && i < t->argc; i++)
		free(t->argv[i]);
	free(t->argv);
	free(t->base);
	free(t->slots);
	free(t->cache);
	free(t);
}

void tester_set_timeout(tester *t, double seconds)
{
	t->o.timeout = seconds;
}

const tester_stats *tester_get_stats(const tester *t)
{
	return &t->stats;
}

/* The cache: open addressing on the content hash, grown at half load. */
static cache_entry *cache_find(tester *t, uint64_t h, size_t len)
{
	size_t i = (size_t)h & (t->cache_cap - 1);

	while (t->cache[i].len &&
	       !(t->cache[i].hash == h && t->cache[i].len == len + 1))
		i = (i + 1) & (t->cache_cap - 1);
	return &t->cache[i];
}

static void cache_put(tester *t, uint64_t h, size_t len, int interesting)
{
	cache_entry *c;

	if (2 * (t->cache_used + 1) > t->cache_cap) {
		cache_entry *old = t->cache;
		size_t i, n = t->cache_cap;

		t->cache_cap *= 2;
		t->cache = xcalloc(t->cache_cap, sizeof(cache_entry));
		for (i = 0; i < n; i++)
			if (old[i].len)
				*cache_find(t, old[i].hash, old[i].len - 1) = old[i];
		free(old);
	}
	c = cache_find(t, h, len);
	if (!c->len)
		t->cache_used++;
	c->hash = h;
	c->len = len + 1;
	c->interesting = interesting;
}

/* Reads the last `tail` bytes of path (all of it, up to a cap, if tail
** is 0). */
static void read_tail(char **out, size_t *out_len, const char *path,
	size_t tail)
{
	gred_buf b = {0};
	char chunk[65536];
	ssize_t k;
	off_t size;
	int fd;

	*out = NULL;
	*out_len = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		*out = xstrdup("");
		return;
	}
	size = lseek(fd, 0, SEEK_END);
	if (tail == 0)
		tail = OUTPUT_CAP;
	lseek(fd, size > (off_t)tail ? size - (off_t)tail : 0, SEEK_SET);
	while ((k = read(fd, chunk, sizeof(chunk))) > 0 && b.len < tail)
		buf_append(&b, chunk, (size_t)k);
	close(fd);
	buf_append(&b, "", 1);
	*out_len = b.len - 1;
	*out = b.data;
}

/* A test began (d = 1) or was seen to end (-1): stats.test_seconds
** grows by the time some test was running. */
static void count_running(tester *t, slot *s, int d)
{
	double now = now_seconds();

	if (s->running == (d > 0))
		return;
	s->running = d > 0;
	if (d > 0 && t->running++ == 0)
		t->running_since = now;
	if (d < 0 && --t->running == 0)
		t->stats.test_seconds += now - t->running_since;
}

/* Starts a test. A test that cannot start (a missing program, say) ends
** at once like one that failed: exit status 127, the reason on stderr. */
static int slot_start(tester *t, slot *s, size_t index, const gred_buf *c,
	gred_error *e)
{
	proc_options po;
	gred_error se;
	size_t i;

	dir_empty(s->dir);
	dir_empty(s->tmp);
	for (i = 0; i < t->o.nlinks; i++) {
		char *at = xasprintf("%s/%s", s->dir, path_base(t->o.links[i]));
		int err = symlink(t->o.links[i], at) < 0 ? errno : 0;
		free(at);
		if (err)
			return gred_errorf(e, "%s: cannot link it next to the "
				"test's copy: %s", t->o.links[i], strerror(err));
	}
	/* (No fsync: the test reads it from the page cache.) */
	if (file_write_atomic_sync(s->file, c->data ? c->data : "", c->len, 0,
		    e) < 0)
		return -1;
	t->argv[t->argc] = s->file;
	proc_options_init(&po);
	po.argv = t->argv;
	po.dir = s->dir;
	po.out_path = s->out;
	po.err_path = s->err;
	po.env = s->env;
	if (proc_spawn(&s->p, &po, &se) < 0) {
		int fd;
		if (!s->p.start_errno)
			return gred_errorf(e, "%s", se.msg);
		fd = open(s->err, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
		if (fd >= 0) {
			dprintf(fd, "gred: %s\n", se.msg);
			close(fd);
		}
	}
	s->busy = 1;
	s->index = index;
	if (s->p.pid > 0 && !s->p.done)
		count_running(t, s, 1);
	s->start = now_seconds();
	s->last_count = s->start;
	t->stats.runs++;
	return 0;
}

static void slot_finish(tester *t, slot *s, tester_result *r, int timed_out,
	int too_many)
{
	double end = now_seconds();

	count_running(t, s, -1);
	proc_kill(&s->p);
	s->busy = 0;
	memset(r, 0, sizeof(*r));
	r->ran = 1;
	r->timed_out = timed_out;
	r->too_many_procs = too_many;
	r->status = s->p.status;
	r->seconds = end - s->start;
	r->interesting = !timed_out && !too_many && WIFEXITED(r->status) &&
		WEXITSTATUS(r->status) == 0;
	if (timed_out)
		t->stats.timeouts++;
	read_tail(&r->out, &r->out_len, s->out,
		t->o.keep_output ? 0 : t->o.tail_bytes);
	read_tail(&r->err, &r->err_len, s->err,
		t->o.keep_output ? 0 : t->o.tail_bytes);
}

/* Kills a speculative run that an earlier interesting candidate made moot. */
static void slot_abandon(tester *t, slot *s, tester_result *r)
{
	count_running(t, s, -1);
	proc_kill(&s->p);
	s->busy = 0;
	memset(r, 0, sizeof(*r));
}

static void kill_all(tester *t)
{
	int i;

	for (i = 0; i < t->o.jobs; i++)
		if (t->slots[i].busy) {
			count_running(t, &t->slots[i], -1);
			proc_kill(&t->slots[i].p);
			t->slots[i].busy = 0;
		}
}

/* Waits until some test may have finished: on the pidfds when the kernel
** has them, at most until the nearest deadline, and never long, so the
** cancel flag and process counts are looked at often. */
static void wait_some(tester *t, double wait)
{
	struct pollfd fds[64];
	double now = now_seconds();
	int i, n = 0, have_fd = 1;

	for (i = 0; i < t->o.jobs; i++) {
		slot *s = &t->slots[i];
		if (!s->busy)
			continue;
		if (t->o.timeout > 0 && s->start + t->o.timeout - now < wait)
			wait = s->start + t->o.timeout - now;
		if (s->p.pidfd < 0 || n == 64)
			have_fd = 0;
		else {
			fds[n].fd = s->p.pidfd;
			fds[n].events = POLLIN;
			n++;
		}
	}
	if (!have_fd && wait > 0.002)
		wait = 0.002;
	if (wait < 0)
		wait = 0;
	poll(fds, (nfds_t)n, (int)(wait * 1000) + 1);
}

int tester_run_stream(tester *t, tester_result *out, gred_buf *cands,
	size_t *count, size_t max, int stop_at_first, tester_more_fn more,
	void *user, gred_error *e)
{
	size_t n = *count, next = 0, first = (size_t)-1;
	int i, busy = 0, err = 0, r, later = 0;
	uint64_t *hashes = xcalloc(max ? max : 1, sizeof(uint64_t));

	memset(out, 0, max * sizeof(*out));
	for (;;) {
		/* Start (or answer from the cache) the next candidates. */
		while (next < n && next < first) {
			cache_entry *c;
			slot *s = NULL;

			hashes[next] = hash_bytes(cands[next].data, cands[next].len);
			c = cache_find(t, hashes[next], cands[next].len);
			if (c->len) {
				out[next].cached = 1;
				out[next].interesting = c->interesting;
				t->stats.cache_hits++;
				if (c->interesting && stop_at_first)
					first = next;
				next++;
				continue;
			}
			for (i = 0; i < t->o.jobs; i++)
				if (!t->slots[i].busy) {
					s = &t->slots[i];
					break;
				}
			if (!s)
				break;
			if ((err = slot_start(t, s, next, &cands[next], e)) < 0)
				goto done;
			busy++;
			next++;
		}
		/* The next candidate is made while the others run. */
		if (more && next == n && n < max && next < first) {
			if ((r = more(user, cands, n, e)) < 0) {
				err = r;
				goto done;
			}
			later = r == TESTER_LATER;
			if (r == 1) {
				n++;
				continue;
			}
			if (!later)
				more = NULL;
		}
		if (!busy)
			break;
		if (t->o.cancel && *t->o.cancel) {
			err = gred_errorf(e, "interrupted");
			err = TESTER_CANCELLED;
			goto done;
		}
		wait_some(t, later ? 0.004 : 0.1);
		for (i = 0; i < t->o.jobs; i++) {
			slot *s = &t->slots[i];
			double now = now_seconds();
			int timed_out = 0, too_many = 0;

			if (!s->busy)
				continue;
			if (!proc_poll(&s->p)) {
				timed_out = t->o.timeout > 0 &&
					now - s->start >= t->o.timeout;
				if (!timed_out && now - s->last_count > 0.05) {
					s->last_count = now;
					too_many = proc_count_group(s->p.pid) >
						t->o.max_procs;
				}
				if (!timed_out && !too_many)
					continue;
			}
			slot_finish(t, s, &out[s->index], timed_out, too_many);
			busy--;
			cache_put(t, hashes[s->index], cands[s->index].len,
				out[s->index].interesting);
			if (out[s->index].interesting && stop_at_first &&
			    s->index < first)
				first = s->index;
		}
		/* Runs overtaken by an earlier interesting candidate. */
		for (i = 0; i < t->o.jobs; i++)
			if (t->slots[i].busy && t->slots[i].index > first) {
				slot_abandon(t, &t->slots[i],
					&out[t->slots[i].index]);
				busy--;
			}
	}
done:
	if (err < 0) {
		kill_all(t);
		for (next = 0; next < n; next++)
			tester_result_clear(&out[next]);
	}
	/* Later candidates that finished before the first interesting one
	** was known are reported as not run, like those it overtook. */
	for (next = first + 1; err >= 0 && first < n && next < n; next++)
		tester_result_clear(&out[next]);
	free(hashes);
	*count = n;
	return err;
}

int tester_run_batch(tester *t, tester_result *out, const gred_buf *cands,
	size_t n, int stop_at_first, gred_error *e)
{
	return tester_run_stream(t, out, (gred_buf *)cands, &n, n,
		stop_at_first, NULL, NULL, e);
}

int tester_run(tester *t, tester_result *out, const void *data, size_t len,
	gred_error *e)
{
	gred_buf c = {(char *)data, len, len};

	return tester_run_batch(t, out, &c, 1, 0, e);
}

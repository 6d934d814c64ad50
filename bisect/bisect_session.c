/*
** A bisection on a real repository: check out each probe, build, test,
** save the state, and put the user's HEAD back at the end.
*/
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bisect_session.h"

#define STATE_FILE "gred-bisect.state"
#define DONE_FILE "gred-bisect.done"   /* the state of the last finished one */
#define OUTPUT_FILE "gred-bisect.out"
#define MAX_OUTPUT ((size_t)4 << 20)

struct bisect_session {
	git_repository *repo;   /* the user's repository */
	git_repository *co;     /* where probes are checked out (repo or worktree) */
	char *state_path, *out_path, *done_path;
	bisect_saved st;
	int check_ends;         /* test good and bad before the first probe */
	bisect_search search;
	int have_search, inited;
};

void bisect_options_init(bisect_options *opts)
{
	bisect_options init = BISECT_OPTIONS_INIT;

	*opts = init;
}

git_repository *bisect_session_repo(bisect_session *s)
{
	return s->repo;
}

static char *git_dir_file(git_repository *repo, const char *name)
{
	const char *dir = git_repository_commondir(repo);
	size_t n = strlen(dir);

	return xasprintf("%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
}

static int open_repo(git_repository **out, const char *path, gred_error *e)
{
	*out = NULL;
	if (git_repository_open_ext(out, path ? path : ".", 0, NULL) < 0)
		return bisect_git_error(e, path ? path : ".");
	if (git_repository_is_bare(*out)) {
		git_repository_free(*out);
		*out = NULL;
		return gred_errorf(e, "%s: a bare repository has no working tree (use --worktree)",
			path ? path : ".");
	}
	return 0;
}

static int resolve(git_oid *out, git_repository *repo, const char *rev,
	gred_error *e)
{
	git_object *obj = NULL, *commit = NULL;
	int err = 0;

	if (git_revparse_single(&obj, repo, rev) < 0 ||
	    git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		err = gred_errorf(e, "invalid revision '%s'", rev);
		goto done;
	}
	git_oid_cpy(out, git_object_id(commit));
done:
	git_object_free(commit);
	git_object_free(obj);
	return err;
}

/* Local changes to tracked files (untracked and ignored files are fine:
** build directories live there). */
static int is_dirty(int *out, git_repository *repo, gred_error *e)
{
	git_status_options so;
	git_status_list *list = NULL;

	git_status_options_init(&so, GIT_STATUS_OPTIONS_VERSION);
	so.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
	so.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
	if (git_status_list_new(&list, repo, &so) < 0)
		return bisect_git_error(e, "status");
	*out = git_status_list_entrycount(list) > 0;
	git_status_list_free(list);
	return 0;
}

static int record_head(char **out, git_repository *repo, gred_error *e)
{
	git_reference *head = NULL, *resolved = NULL;
	char hex[GIT_OID_HEXSZ + 1];
	int err = 0;

	if (git_reference_lookup(&head, repo, "HEAD") < 0)
		return bisect_git_error(e, "HEAD");
	if (git_reference_type(head) == GIT_REFERENCE_SYMBOLIC) {
		*out = xasprintf("ref %s", git_reference_symbolic_target(head));
	} else if (git_reference_resolve(&resolved, head) == 0) {
		git_oid_tostr(hex, sizeof(hex), git_reference_target(resolved));
		*out = xasprintf("oid %s", hex);
	} else {
		err = bisect_git_error(e, "HEAD");
	}
	git_reference_free(resolved);
	git_reference_free(head);
	return err;
}

/* Forced checkout of a commit, HEAD detached at it (as git bisect does). */
static int checkout(git_repository *repo, const git_oid *oid, gred_error *e)
{
	git_checkout_options co;
	git_commit *c = NULL;
	char hex[GIT_OID_HEXSZ + 1];
	int err = 0;

	git_oid_tostr(hex, sizeof(hex), oid);
	git_checkout_options_init(&co, GIT_CHECKOUT_OPTIONS_VERSION);
	co.checkout_strategy = GIT_CHECKOUT_FORCE;
	if (git_commit_lookup(&c, repo, oid) < 0 ||
	    git_checkout_tree(repo, (const git_object *)c, &co) < 0 ||
	    git_repository_set_head_detached(repo, oid) < 0)
		err = bisect_git_error(e, hex);
	git_commit_free(c);
	return err;
}

/*
** --worktree: a linked worktree at dir, so the user's checkout is never
** touched. libgit2 adds one on a new branch; its HEAD is detached and
** the branch ref deleted right away (git_branch_delete would also scan
** the config for the branch's section, and leaks doing so in 1.5). An existing worktree of the same
** repository is reused (its build directory stays warm).
*/
static int open_worktree(git_repository **out, git_repository *repo,
	const char *dir, const git_oid *at, gred_error *e)
{
	git_worktree_add_options wo;
	git_worktree *wt = NULL;
	git_reference *br = NULL;
	struct stat sb;
	char *name = NULL;
	int err = 0;

	*out = NULL;
	if (stat(dir, &sb) == 0) {
		const char *a, *b;
		if (git_repository_open(out, dir) < 0)
			return gred_errorf(e, "%s exists and is not a worktree of the repository", dir);
		a = git_repository_commondir(*out);
		b = git_repository_commondir(repo);
		if (strcmp(a, b) || git_repository_is_bare(*out)) {
			git_repository_free(*out);
			*out = NULL;
			return gred_errorf(e, "%s exists and is not a worktree of the repository", dir);
		}
		return 0;
	}
	git_worktree_add_options_init(&wo, GIT_WORKTREE_ADD_OPTIONS_VERSION);
	name = xasprintf("gred-bisect-%ld", (long)getpid());
	wo.checkout_options.checkout_strategy = GIT_CHECKOUT_FORCE;
	if (git_worktree_add(&wt, repo, name, dir, &wo) < 0 ||
	    git_repository_open_from_worktree(out, wt) < 0) {
		err = bisect_git_error(e, dir);
		goto done;
	}
	if ((err = checkout(*out, at, e)) < 0)
		goto done;
	if (git_branch_lookup(&br, repo, name, GIT_BRANCH_LOCAL) == 0 &&
	    git_reference_delete(br) < 0)
		err = bisect_git_error(e, name);
done:
	if (err < 0 && *out) {
		git_repository_free(*out);
		*out = NULL;
	}
	git_reference_free(br);
	git_worktree_free(wt);
	free(name);
	return err;
}

static void session_free_parts(bisect_session *s)
{
	if (s->have_search)
		bisect_search_free(&s->search);
	if (s->co && s->co != s->repo)
		git_repository_free(s->co);
	git_repository_free(s->repo);
	free(s->state_path);
	free(s->out_path);
	free(s->done_path);
	bisect_saved_free(&s->st);
	if (s->inited)
		git_libgit2_shutdown();
	free(s);
}

void bisect_session_free(bisect_session *s)
{
	if (s)
		session_free_parts(s);
}

/* Builds the search and replays the saved probes into it. */
static int session_search(bisect_session *s, gred_error *e)
{
	size_t i, k;
	int err;

	if ((err = bisect_search_from_repo(&s->search, s->repo, s->st.good,
	    s->st.ngood, &s->st.bad, s->st.first_parent, e)) < 0)
		return err;
	s->have_search = 1;
	for (i = 0; i < s->st.nprobe; i++) {
		if (bisect_search_find(&k, &s->search, &s->st.probe[i]) < 0)
			return gred_errorf(e, "%s: a saved probe is not in good..bad",
				s->state_path);
		if ((err = bisect_search_mark(&s->search, k, s->st.verdict[i], e)) < 0)
			return err;
	}
	return 0;
}

static int session_checkout_repo(bisect_session *s, gred_error *e)
{
	if (!s->st.worktree) {
		s->co = s->repo;
		return 0;
	}
	return open_worktree(&s->co, s->repo, s->st.worktree, &s->st.bad, e);
}

int bisect_session_start(bisect_session **out, const bisect_options *opts,
	gred_error *e)
{
	bisect_session *s = xcalloc(1, sizeof(*s));
	struct stat sb;
	size_t i;
	int err = 0, dirty = 0, fd;

	*out = NULL;
	git_libgit2_init();
	s->inited = 1;
	if (!opts->bad || opts->ngood == 0 || !opts->test || !opts->test[0]) {
		err = gred_errorf(e, "--good, --bad and a test command are required");
		goto done;
	}
	if ((err = open_repo(&s->repo, opts->repo, e)) < 0)
		goto done;
	s->state_path = git_dir_file(s->repo, STATE_FILE);
	s->out_path = git_dir_file(s->repo, OUTPUT_FILE);
	s->done_path = git_dir_file(s->repo, DONE_FILE);
	if (stat(s->state_path, &sb) == 0) {
		err = gred_errorf(e, "a bisection is already in progress "
			"(gred bisect --resume to continue, --reset to abandon it)");
		goto done;
	}
	s->check_ends = !opts->no_check_ends;
	s->st.first_parent = opts->first_parent;
	s->st.same_crash = opts->same_crash;
	s->st.repeat = opts->repeat > 0 ? opts->repeat : 1;
	s->st.timeout = opts->timeout;
	s->st.build = opts->build ? xstrdup(opts->build) : NULL;
	for (i = 0; opts->test[i]; i++)
		;
	s->st.ntest = i;
	s->st.test = xcalloc(i + 1, sizeof(*s->st.test));
	for (i = 0; opts->test[i]; i++)
		s->st.test[i] = xstrdup(opts->test[i]);
	if ((err = resolve(&s->st.bad, s->repo, opts->bad, e)) < 0)
		goto done;
	s->st.good = xcalloc(opts->ngood, sizeof(*s->st.good));
	for (i = 0; i < opts->ngood; i++, s->st.ngood++) {
		if ((err = resolve(&s->st.good[i], s->repo, opts->good[i], e)) < 0)
			goto done;
		if (git_oid_equal(&s->st.good[i], &s->st.bad)) {
			err = gred_errorf(e, "good '%s' and bad '%s' are the same commit",
				opts->good[i], opts->bad);
			goto done;
		}
		if (git_graph_descendant_of(s->repo, &s->st.bad, &s->st.good[i]) != 1) {
			err = gred_errorf(e, "good '%s' is not an ancestor of bad '%s'",
				opts->good[i], opts->bad);
			goto done;
		}
	}
	if (opts->worktree) {
		char *abs = realpath(opts->worktree, NULL);
		if (!abs && opts->worktree[0] != '/') {
			char cwd[4096];
			if (!getcwd(cwd, sizeof(cwd))) {
				err = gred_errorf(e, "getcwd: %s", strerror(errno));
				goto done;
			}
			abs = xasprintf("%s/%s", cwd, opts->worktree);
		}
		s->st.worktree = abs ? abs : xstrdup(opts->worktree);
		s->st.orig_head = xstrdup("");
	} else {
		if ((err = is_dirty(&dirty, s->repo, e)) < 0)
			goto done;
		if (dirty && !opts->force) {
			err = gred_errorf(e, "%s has local changes; commit or stash them, "
				"or use --force to discard them", git_repository_workdir(s->repo));
			goto done;
		}
		if ((err = record_head(&s->st.orig_head, s->repo, e)) < 0)
			goto done;
	}
	if ((err = session_search(s, e)) < 0)
		goto done;
	if ((err = session_checkout_repo(s, e)) < 0)
		goto done;
	if ((err = bisect_state_save(&s->st, s->state_path, e)) < 0)
		goto done;
	unlink(s->done_path);
	if ((fd = open(s->out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) >= 0)
		close(fd);
	*out = s;
	s = NULL;
done:
	if (s)
		session_free_parts(s);
	return err;
}

/* Loads the saved state; with finished, that of the last finished
** bisection if none is in progress (*finished then says which). */
static int session_load(bisect_session **out, const char *path,
	int *finished, gred_error *e)
{
	bisect_session *s = xcalloc(1, sizeof(*s));
	struct stat sb;
	const char *from;
	int err;

	*out = NULL;
	git_libgit2_init();
	s->inited = 1;
	if ((err = open_repo(&s->repo, path, e)) < 0)
		goto done;
	s->state_path = git_dir_file(s->repo, STATE_FILE);
	s->out_path = git_dir_file(s->repo, OUTPUT_FILE);
	s->done_path = git_dir_file(s->repo, DONE_FILE);
	from = s->state_path;
	if (finished)
		*finished = 0;
	if (stat(s->state_path, &sb) < 0) {
		if (finished && stat(s->done_path, &sb) == 0) {
			from = s->done_path;
			*finished = 1;
		} else {
			err = gred_errorf(e, "no bisection in progress in %s",
				git_repository_workdir(s->repo));
			goto done;
		}
	}
	if ((err = bisect_state_load(&s->st, from, e)) < 0)
		goto done;
	*out = s;
	s = NULL;
done:
	if (s)
		session_free_parts(s);
	return err;
}

int bisect_session_resume(bisect_session **out, const char *path,
	gred_error *e)
{
	bisect_session *s;
	int err;

	*out = NULL;
	if ((err = session_load(&s, path, NULL, e)) < 0)
		return err;
	if ((err = session_search(s, e)) < 0 ||
	    (err = session_checkout_repo(s, e)) < 0) {
		session_free_parts(s);
		return err;
	}
	*out = s;
	return 0;
}

static void emit(bisect_progress_cb cb, void *payload, bisect_event *ev,
	bisect_session *s, bisect_event_kind kind, const git_oid *commit)
{
	git_commit *c = NULL;

	if (!cb)
		return;
	ev->kind = kind;
	ev->commit = commit;
	ev->subject = NULL;
	ev->candidates = s->search.left;
	ev->steps = bisect_search_steps_left(&s->search);
	ev->probes = s->search.probes;
	if (commit && git_commit_lookup(&c, s->repo, commit) == 0)
		ev->subject = git_commit_summary(c);
	cb(ev, payload);
	git_commit_free(c);
}

/*
** One probe: check out, build (a failed build is a skip), then run the
** test up to `repeat` times; a single bad run makes the commit bad, so a
** flaky crash is still caught. With reference set, the first bad run's
** signature is stored there instead of being compared.
*/
static int probe(bisect_verdict *out, bisect_session *s, const git_oid *oid,
	int log_fd, char **reference, bisect_progress_cb cb, void *payload,
	gred_error *e)
{
	char hex[GIT_OID_HEXSZ + 1], *env[2] = {NULL, NULL};
	const char *dir;
	bisect_exit ex;
	bisect_event ev;
	gred_buf output = {0};
	int err, run;

	memset(&ev, 0, sizeof(ev));
	git_oid_tostr(hex, sizeof(hex), oid);
	if ((err = checkout(s->co, oid, e)) < 0)
		return err;
	dir = git_repository_workdir(s->co);
	env[0] = xasprintf("GRED_BISECT_COMMIT=%s", hex);
	if (s->st.build) {
		char *argv[] = {"/bin/sh", "-c", s->st.build, NULL};
		emit(cb, payload, &ev, s, BISECT_EV_BUILD, oid);
		if (log_fd >= 0)
			dprintf(log_fd, "=== %s: build: %s\n", hex, s->st.build);
		if ((err = bisect_proc_run(&ex, argv, dir, 0, NULL, 0, log_fd, env, e)) < 0)
			goto done;
		if (ex.signaled || ex.code != 0) {
			*out = BISECT_SKIP;
			goto done;
		}
	}
	*out = BISECT_GOOD;
	for (run = 0; run < s->st.repeat; run++) {
		bisect_verdict v;
		output.len = 0;
		if (log_fd >= 0)
			dprintf(log_fd, "=== %s: test run %d\n", hex, run + 1);
		if ((err = bisect_proc_run(&ex, s->st.test, dir, s->st.timeout,
		    &output, MAX_OUTPUT, log_fd, env, e)) < 0)
			goto done;
		if ((err = bisect_classify(&v, &ex, output.data, output.len,
		    reference ? NULL : s->st.ref_sig, reference, e)) < 0) {
			char *msg = xstrdup(e->msg);
			gred_errorf(e, "%s on %.12s", msg, hex);
			free(msg);
			goto done;
		}
		if (v != BISECT_GOOD) {
			*out = v;
			break;
		}
	}
done:
	buf_free(&output);
	free(env[0]);
	return err;
}

size_t bisect_session_probes(const bisect_session *s)
{
	return s->st.nprobe;
}

/* The ends, before anything is bisected: bad must be bad and each good
** good, else the answer would be meaningless. (With --same-crash, bad
** was just tested for its signature.) */
static int check_ends(bisect_session *s, int log_fd, bisect_progress_cb cb,
	void *payload, gred_error *e)
{
	bisect_event ev;
	bisect_verdict v;
	char hex[GIT_OID_HEXSZ + 1];
	size_t i;
	int err;

	memset(&ev, 0, sizeof(ev));
	if (!s->st.same_crash) {
		git_oid_tostr(hex, sizeof(hex), &s->st.bad);
		emit(cb, payload, &ev, s, BISECT_EV_ENDPOINT, &s->st.bad);
		if ((err = probe(&v, s, &s->st.bad, log_fd, NULL, cb, payload, e)) < 0)
			return err;
		if (v != BISECT_BAD)
			return gred_errorf(e, "bad %.12s is not bad: %s (--no-check-ends "
				"skips this check)", hex, v == BISECT_GOOD ?
				"the test passes on it" : "it cannot be tested (the build "
				"failed or the test exited 125)");
	}
	for (i = 0; i < s->st.ngood; i++) {
		git_oid_tostr(hex, sizeof(hex), &s->st.good[i]);
		emit(cb, payload, &ev, s, BISECT_EV_ENDPOINT, &s->st.good[i]);
		if ((err = probe(&v, s, &s->st.good[i], log_fd, NULL, cb, payload, e)) < 0)
			return err;
		if (v != BISECT_GOOD)
			return gred_errorf(e, "good %.12s is not good: %s (--no-check-ends "
				"skips this check)", hex, v == BISECT_BAD ?
				"the test fails on it" : "it cannot be tested (the build "
				"failed or the test exited 125)");
	}
	s->check_ends = 0;
	return 0;
}

int bisect_session_run(bisect_result *out, bisect_session *s,
	bisect_progress_cb progress, void *payload, gred_error *e)
{
	bisect_event ev;
	bisect_verdict v;
	size_t i, *ans = NULL, nans = 0;
	int err = 0, log_fd;

	memset(out, 0, sizeof(*out));
	memset(&ev, 0, sizeof(ev));
	log_fd = open(s->out_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (s->st.same_crash && !s->st.ref_sig) {
		char *sig = NULL;
		emit(progress, payload, &ev, s, BISECT_EV_REFERENCE, &s->st.bad);
		if ((err = probe(&v, s, &s->st.bad, log_fd, &sig, progress, payload, e)) < 0)
			goto done;
		if (v != BISECT_BAD || !sig) {
			free(sig);
			err = gred_errorf(e, "the test does not fail on the bad commit (%s)",
				bisect_verdict_name(v));
			goto done;
		}
		s->st.ref_sig = sig;
		if ((err = bisect_state_save(&s->st, s->state_path, e)) < 0)
			goto done;
	}
	if (s->check_ends && s->st.nprobe == 0 &&
	    (err = check_ends(s, log_fd, progress, payload, e)) < 0)
		goto done;
	emit(progress, payload, &ev, s, BISECT_EV_START, NULL);
	while (bisect_search_next(&i, &s->search)) {
		git_oid oid = s->search.oid[i];
		emit(progress, payload, &ev, s, BISECT_EV_PROBE, &oid);
		if ((err = probe(&v, s, &oid, log_fd, NULL, progress, payload, e)) < 0)
			goto done;
		if ((err = bisect_search_mark(&s->search, i, v, e)) < 0)
			goto done;
		bisect_saved_add_probe(&s->st, &oid, v);
		if ((err = bisect_state_save(&s->st, s->state_path, e)) < 0)
			goto done;
		ev.verdict = v;
		emit(progress, payload, &ev, s, BISECT_EV_VERDICT, &oid);
	}
	bisect_search_answer(&ans, &nans, &s->search);
	out->commit = xmalloc(nans * sizeof(*out->commit));
	for (i = 0; i < nans; i++)
		out->commit[i] = s->search.oid[ans[i]];
	out->ncommit = nans;
	out->probes = s->search.probes;
	out->skips = s->search.skips;
	out->candidates = s->search.n;
done:
	free(ans);
	if (log_fd >= 0)
		close(log_fd);
	return err;
}

void bisect_result_free(bisect_result *r)
{
	free(r->commit);
	memset(r, 0, sizeof(*r));
}

static int restore_head(git_repository *repo, const char *orig, gred_error *e)
{
	git_checkout_options co;
	git_reference *ref = NULL;
	git_object *target = NULL;
	git_oid oid;
	int err = 0;

	git_checkout_options_init(&co, GIT_CHECKOUT_OPTIONS_VERSION);
	co.checkout_strategy = GIT_CHECKOUT_FORCE;
	if (!strncmp(orig, "ref ", 4)) {
		if (git_reference_lookup(&ref, repo, orig + 4) < 0 ||
		    git_reference_peel(&target, ref, GIT_OBJECT_COMMIT) < 0 ||
		    git_checkout_tree(repo, target, &co) < 0 ||
		    git_repository_set_head(repo, orig + 4) < 0)
			err = bisect_git_error(e, orig + 4);
	} else if (!strncmp(orig, "oid ", 4)) {
		if (git_oid_fromstr(&oid, orig + 4) < 0 ||
		    git_object_lookup(&target, repo, &oid, GIT_OBJECT_COMMIT) < 0 ||
		    git_checkout_tree(repo, target, &co) < 0 ||
		    git_repository_set_head_detached(repo, &oid) < 0)
			err = bisect_git_error(e, orig + 4);
	}
	git_object_free(target);
	git_reference_free(ref);
	return err;
}

int bisect_session_finish(bisect_session *s, int remove_state, gred_error *e)
{
	int err = 0;

	if (!s->st.worktree && s->st.orig_head &&
	    (err = restore_head(s->repo, s->st.orig_head, e)) < 0)
		return err;
	if (remove_state && unlink(s->state_path) < 0 && errno != ENOENT)
		return gred_errorf(e, "%s: %s", s->state_path, strerror(errno));
	return 0;
}

int bisect_session_done(bisect_session *s, gred_error *e)
{
	int err;

	if ((err = bisect_session_finish(s, 0, e)) < 0)
		return err;
	if (rename(s->state_path, s->done_path) < 0)
		return gred_errorf(e, "%s: %s", s->state_path, strerror(errno));
	return 0;
}

int bisect_reset(const char *path, gred_error *e)
{
	bisect_session *s;
	int err, finished;

	if ((err = session_load(&s, path, &finished, e)) < 0)
		return err;
	if (finished)
		err = unlink(s->done_path) < 0 ? gred_errorf(e, "%s: %s",
			s->done_path, strerror(errno)) : 0;
	else
		err = bisect_session_finish(s, 1, e);
	session_free_parts(s);
	return err;
}

int bisect_log(gred_buf *out, const char *path, gred_error *e)
{
	bisect_session *s;
	size_t i;
	int err = 0, finished;

	if ((err = session_load(&s, path, &finished, e)) < 0)
		return err;
	if (finished)
		buf_puts(out, "# finished; gred bisect --reset drops this log\n");
	for (i = 0; i < s->st.ngood && err == 0; i++) {
		buf_puts(out, "good  ");
		err = bisect_describe(out, s->repo, &s->st.good[i], 1, e);
	}
	if (err == 0) {
		buf_puts(out, "bad   ");
		err = bisect_describe(out, s->repo, &s->st.bad, 1, e);
	}
	for (i = 0; i < s->st.nprobe && err == 0; i++) {
		buf_printf(out, "%-5s ", bisect_verdict_name(s->st.verdict[i]));
		err = bisect_describe(out, s->repo, &s->st.probe[i], 1, e);
	}
	/* a finished one ends with its answer, as git bisect log does */
	if (err == 0 && finished && (err = session_search(s, e)) == 0) {
		size_t *ans, nans;
		bisect_search_answer(&ans, &nans, &s->search);
		buf_puts(out, nans == 1 ? "# first bad commit: " :
			"# first bad commit, or a skipped one before it: ");
		err = bisect_describe(out, s->repo, &s->search.oid[ans[0]], 1, e);
		free(ans);
	}
	session_free_parts(s);
	return err;
}

/*
** Candidates from a pass: a forked copy of gred clones the current module,
** lets the pass change a chunk of its targets, verifies and serialises;
** invalid ones never run.
*/
#define _GNU_SOURCE
#include "source.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mlir_io.h"

/* `module {` ... `}` around top-level ops is implicit in MLIR syntax: the
** parser adds it back. Dropped (and the body dedented) unless the module
** has a name or attributes or holds a single module of its own. */
static void strip_module(gred_buf *b)
{
	static const char head[] = "module {\n";
	size_t hl = sizeof(head) - 1, i, o, tops = 0, end;
	const char *close;
	int nested = 0;

	if (b->len < hl || memcmp(b->data, head, hl))
		return;
	close = memmem(b->data, b->len, "\n}\n", 3);
	if (!close)
		return;
	end = (size_t)(close - b->data) + 1;  /* the closing line */
	for (i = hl; i < end; i = (size_t)((char *)memchr(b->data + i, '\n', end - i) - b->data) + 1) {
		if (b->data[i] == ' ' && b->data[i + 1] == ' ' && b->data[i + 2] != ' ' &&
		    b->data[i + 2] != '}' && b->data[i + 2] != '\n') {
			tops++;
			nested |= !strncmp(b->data + i + 2, "module", 6) ||
				!strncmp(b->data + i + 2, "builtin.module", 14);
		}
	}
	if (nested && tops == 1)
		return;
	/* Copy the body without its first two columns, then the rest. */
	for (i = hl, o = 0; i < end; ) {
		if (b->data[i] == ' ' && i + 1 < end && b->data[i + 1] == ' ')
			i += 2;
		while (i < end && b->data[i] != '\n')
			b->data[o++] = b->data[i++];
		if (i < end)
			b->data[o++] = b->data[i++];
	}
	i = end + 2;  /* past "}\n" */
	memmove(b->data + o, b->data + i, b->len - i);
	b->len = o + b->len - i;
}

/* The file the user gets from a module's whole MLIR print: no implicit
** module, no blank lines at the end. */
static void finish_mlir(gred_buf *out)
{
	strip_module(out);
	while (out->len >= 2 && out->data[out->len - 1] == '\n' &&
	       out->data[out->len - 2] == '\n')
		out->len--;
}

/* The file the user gets for op: verified (unless it is as the parser
** verified it), then serialised. raw, if not NULL, gets the MLIR print
** as it was before finish_mlir. */
static int serialize(gred_buf *out, MlirOperation op, ir_format format,
	int verified, gred_buf *raw)
{
	gred_error e;

	if (format != IR_FORMAT_MLIR && !verified && ir_verify(op, &e) < 0)
		return -1;
	if (format == IR_FORMAT_MLIR && verified ?
	    ir_print(out, op, IR_PRINT_VERIFIED, &e) < 0 :
	    ir_serialize(out, op, format, &e) < 0)
		return -1;
	if (format == IR_FORMAT_MLIR) {
		if (raw)
			buf_append(raw, out->data, out->len);
		finish_mlir(out);
	}
	return 0;
}

typedef struct serialize_job {
	MlirOperation op;
	ir_format format;
} serialize_job;

static int serialize_fn(gred_buf *out, void *arg)
{
	serialize_job *j = arg;

	return serialize(out, j->op, j->format, 0, NULL);
}

/* Verification runs in a forked copy: release MLIR verifiers dereference
** null on some malformed IR (linalg contraction bodies). */
int ir_source_serialize(gred_buf *out, MlirOperation op, ir_format format,
	gred_error *e)
{
	serialize_job j = {op, format};

	return proc_call(out, serialize_fn, &j, e);
}

/* A request as sent: q (a candidate to make, or with q.count the number
** of targets of q.p), or (apply) a change to make to the copy's own
** module, as gred made it to its own. */
typedef struct ir_wire {
	ir_request q;
	int apply;
} ir_wire;

/* What the copy sends back for a candidate: made or not, how long it
** took, the count of its pass's targets in it (if known), then the
** bytes; for a count, the count. */
typedef struct ir_answer {
	int32_t made;
	double seconds;
	uint64_t len, count;
} ir_answer;

static int send_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t k = send(fd, c, n, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		c += k;
		n -= (size_t)k;
	}
	return 0;
}

static int recv_all(int fd, void *p, size_t n)
{
	char *c = p;

	while (n) {
		ssize_t k = recv(fd, c, n, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		c += k;
		n -= (size_t)k;
	}
	return 0;
}

static int same_request(const ir_request *a, const ir_request *b)
{
	return a->p == b->p && a->begin == b->begin && a->end == b->end &&
		a->flags == b->flags && a->count == b->count;
}

/* The whole prints of the last candidates the copy made by cloning: an
** accepted one is the module's print after its change. The last
** IR_MAKER_KEEP keep their module too, which becomes the copy's own
** when gred accepts them. */
typedef struct made_print {
	ir_request q;
	gred_buf raw;
	int made;
	MlirOperation module;
} made_print;

#define IR_MAKER_KEEP 4

/* Requests read ahead by the copy, oldest first. */
typedef struct wire_queue {
	ir_wire v[64];
	size_t head, n;
} wire_queue;

static int wire_next(int fd, wire_queue *wq, ir_wire *w)
{
	if (!wq->n)
		return recv_all(fd, w, sizeof(*w));
	*w = wq->v[wq->head];
	wq->head = (wq->head + 1) % 64;
	wq->n--;
	return 0;
}

/* Whether gred has sent a change already, behind the requests before
** it: it reads their answers only to throw them away (ir_maker_changed),
** so the copy need not make them. What has come is read ahead. */
static int change_queued(int fd, wire_queue *wq)
{
	int avail = 0;
	size_t i;

	while (wq->n < 64 && ioctl(fd, FIONREAD, &avail) == 0 &&
	       (size_t)avail >= sizeof(ir_wire)) {
		if (recv_all(fd, &wq->v[(wq->head + wq->n) % 64],
		    sizeof(ir_wire)) < 0)
			break;
		wq->n++;
	}
	for (i = 0; i < wq->n; i++)
		if (wq->v[(wq->head + i) % 64].apply)
			return 1;
	return 0;
}

static void drop_module(MlirOperation *op)
{
	if (!mlirOperationIsNull(*op))
		mlirOperationDestroy(*op);
	op->ptr = NULL;
}

/* Modules the copy no longer needs: they go one by one while no
** request waits (a big one takes a while). */
typedef struct module_trash {
	MlirOperation v[2 * IR_MAKER_AHEAD];
	size_t n;
} module_trash;

static void trash_put(module_trash *t, MlirOperation *op)
{
	if (mlirOperationIsNull(*op))
		return;
	if (t->n == sizeof(t->v) / sizeof(t->v[0]))
		drop_module(&t->v[--t->n]);
	t->v[t->n++] = *op;
	op->ptr = NULL;
}

static void trash_empty(module_trash *t, int fd, const wire_queue *wq)
{
	int avail = 0;

	while (t->n && !wq->n && ioctl(fd, FIONREAD, &avail) == 0 && !avail)
		drop_module(&t->v[--t->n]);
}

/* The copy: answers requests in order until gred closes its end. */
static void helper_loop(ir_maker *m, int fd)
{
	made_print recent[IR_MAKER_AHEAD];
	wire_queue wq;
	gred_buf b = {0}, raw = {0};
	ir_wire w;
	ir_request q;
	ir_answer a;
	gred_error e;
	MlirOperation clone = {NULL};
	module_trash trash;
	ir_splice *sp = m->format == IR_FORMAT_MLIR ? ir_splice_new() : NULL;
	size_t nrecent = 0, i;
	double t0;
	int r;

	memset(recent, 0, sizeof(recent));
	memset(&a, 0, sizeof(a));
	memset(&wq, 0, sizeof(wq));
	memset(&trash, 0, sizeof(trash));
	ir_splice_stale(sp, m->file.data, m->file.len, 1);
	for (;;) {
		trash_empty(&trash, fd, &wq);
		if (wire_next(fd, &wq, &w) < 0)
			break;
		q = w.q;
		if (q.count) {
			/* A change gred sent makes it stale. */
			a.made = change_queued(fd, &wq) ? -1 : 1;
			a.len = 0;
			a.count = a.made > 0 ? pass_count(q.p, m->op) : 0;
			if (send_all(fd, &a, sizeof(a)) < 0)
				break;
			continue;
		}
		if (w.apply) {
			MlirOperation kept = {NULL};

			m->parsed = 0;
			raw.len = 0;
			/* The candidate's own module, if kept, is the module
			** after the change; the others kept are of no use. */
			for (i = 0; i < IR_MAKER_AHEAD; i++) {
				if (mlirOperationIsNull(kept) && recent[i].made &&
				    same_request(&recent[i].q, &q)) {
					kept = recent[i].module;
					recent[i].module.ptr = NULL;
				}
				trash_put(&trash, &recent[i].module);
			}
			if (!mlirOperationIsNull(kept)) {
				trash_put(&trash, &m->op);
				m->op = kept;
			} else if (ir_splice_make(sp, m->op, &q, 1, &raw) != -2) {
				continue;
			} else {
				(void)pass_apply(q.p, m->op, q.begin, q.end,
					q.flags, &e);
			}
			for (i = 0; i < IR_MAKER_AHEAD; i++)
				if (recent[i].made && same_request(&recent[i].q, &q))
					break;
			if (i < IR_MAKER_AHEAD)
				ir_splice_stale(sp, recent[i].raw.data,
					recent[i].raw.len, 0);
			else
				ir_splice_stale(sp, NULL, 0, 0);
			continue;
		}
		t0 = now_seconds();
		b.len = 0;
		raw.len = 0;
		a.count = IR_COUNT_UNKNOWN;
		if (change_queued(fd, &wq)) {
			a.made = -1;  /* skipped */
		} else if (!q.p) {
			/* The module as the parser left it: the whole print
			** comes first, before any change. */
			a.made = serialize(&b, m->op, m->format,
				m->parsed, &raw) == 0;
		} else if ((r = ir_splice_make(sp, m->op, &q, 0, &b)) != -2) {
			a.made = r == 1;
			if (a.made)
				finish_mlir(&b);
		} else {
			made_print *mp = &recent[nrecent++ % IR_MAKER_AHEAD];

			trash_put(&trash, &mp->module);
			if (nrecent > IR_MAKER_KEEP)
				trash_put(&trash, &recent[(nrecent - 1 -
					IR_MAKER_KEEP) % IR_MAKER_AHEAD].module);
			clone = mlirOperationClone(m->op);
			mp->raw.len = 0;
			a.made = pass_apply(q.p, clone, q.begin, q.end, q.flags,
				&e) > 0;
			/* Its pass's count once the candidate is accepted. */
			if (a.made > 0)
				a.count = pass_count(q.p, clone);
			/* Between steps, a change gred sent makes it stale. */
			if (a.made && change_queued(fd, &wq))
				a.made = -1;
			else if (a.made && m->format == IR_FORMAT_MLIR)
				a.made = ir_verify(clone, &e) == 0;
			if (a.made > 0 && m->format == IR_FORMAT_MLIR &&
			    change_queued(fd, &wq))
				a.made = -1;
			else if (a.made > 0)
				a.made = serialize(&b, clone, m->format,
					m->format == IR_FORMAT_MLIR,
					sp ? &mp->raw : NULL) == 0;
			mp->q = q;
			mp->made = a.made > 0 && sp;
			if (mp->made) {
				mp->module = clone;
				clone.ptr = NULL;
			}
		}
		a.len = a.made > 0 ? b.len : 0;
		a.seconds = now_seconds() - t0;
		if (send_all(fd, &a, sizeof(a)) < 0 ||
		    send_all(fd, b.data, (size_t)a.len) < 0)
			break;
		/* Once gred has the answer: the whole print is cut for
		** splicing. */
		trash_put(&trash, &clone);
		if (!q.p && a.made > 0)
			ir_splice_set_print(sp, m->op, raw.data, raw.len);
	}
	_exit(0);
}

static void helper_stop(ir_maker *m)
{
	if (m->fd < 0)
		return;
	close(m->fd);
	proc_kill(&m->helper);
	m->fd = -1;
	m->npending = 0;
}

/* Forks the copy, which runs body(m, fd, arg) and never returns. */
static int helper_fork(ir_maker *m, void (*body)(ir_maker *, int, void *),
	void *arg, gred_error *e)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return gred_errorf(e, "cannot make a socket pair: %s",
			strerror(errno));
	switch (proc_fork(&m->helper, e)) {
	case 0:
		close(sv[0]);
		body(m, sv[1], arg);
		_exit(0);
	case 1:
		close(sv[1]);
		m->fd = sv[0];
		m->npending = 0;
		m->forks++;
		return 0;
	default:
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
}

/* arg, if not NULL, is a change gred accepted and makes to its own
** module as the copy starts: the copy makes it to its own first. */
static void helper_body(ir_maker *m, int fd, void *arg)
{
	const ir_request *q = arg;
	gred_error e;

	m->parsed = 0;
	if (q)
		(void)pass_apply(q->p, m->op, q->begin, q->end, q->flags, &e);
	helper_loop(m, fd);
}

static int helper_start(ir_maker *m, gred_error *e)
{
	if (m->fd >= 0)
		return 0;
	/* The new copy is of gred's module. */
	if (ir_maker_module(m) < 0)
		return gred_errorf(e, "gred could not parse the input again");
	return helper_fork(m, helper_body, NULL, e);
}

static int send_request(ir_maker *m, const ir_request *q, gred_error *e)
{
	ir_wire w;

	memset(&w, 0, sizeof(w));
	w.q = *q;
	if (helper_start(m, e) < 0)
		return -1;
	if (send_all(m->fd, &w, sizeof(w)) < 0) {
		/* It died while idle: start again once. */
		m->crashes++;
		helper_stop(m);
		if (helper_start(m, e) < 0)
			return -1;
		if (send_all(m->fd, &w, sizeof(w)) < 0) {
			helper_stop(m);
			return gred_errorf(e, "cannot reach the forked copy of gred");
		}
	}
	m->pending[m->npending++] = *q;
	return 0;
}

/* The count of p's targets, if known: 1 with *n. */
static int count_known(const ir_maker *m, const pass *p, size_t *n)
{
	size_t i;

	for (i = 0; i < m->ncounts; i++)
		if (m->counts[i].p == p) {
			*n = m->counts[i].n;
			return 1;
		}
	return 0;
}

/* Where p's count waits among the requests sent, or npending. */
static size_t count_pending(const ir_maker *m, const pass *p)
{
	size_t i;

	for (i = 0; i < m->npending; i++)
		if (m->pending[i].count && m->pending[i].p == p)
			break;
	return i;
}

static void count_keep(ir_maker *m, const pass *p, size_t n)
{
	size_t i;

	if (count_known(m, p, &i))
		return;
	if (m->ncounts == IR_MAKER_COUNTS)
		m->ncounts--;
	memmove(m->counts + 1, m->counts, m->ncounts * sizeof(m->counts[0]));
	m->counts[0].p = p;
	m->counts[0].n = n;
	m->ncounts++;
}

/* Reads the answer to the oldest request; out NULL: thrown away. Returns
** made (1 or 0); a copy that dies mid-way crashed on that request. */
static int read_answer(ir_maker *m, gred_buf *out)
{
	ir_answer a;
	ir_request q;
	char chunk[65536];
	uint64_t left;
	size_t start = out ? out->len : 0;

	if (m->fd < 0 || !m->npending)
		return 0;
	q = m->pending[0];
	memmove(m->pending, m->pending + 1,
		--m->npending * sizeof(m->pending[0]));
	if (recv_all(m->fd, &a, sizeof(a)) < 0)
		goto crashed;
	if (q.count) {
		/* A count is kept whenever it is read. */
		if (a.made > 0)
			count_keep(m, q.p, (size_t)a.count);
		return 0;
	}
	if (a.made >= 0) {
		m->answers++;
		m->answers_seconds += a.seconds;
	}
	m->made_count = a.count;
	if (out && a.len) {
		buf_grow(out, (size_t)a.len);
		if (recv_all(m->fd, out->data + out->len, (size_t)a.len) < 0)
			goto crashed;
		out->len += (size_t)a.len;
	}
	for (left = out ? 0 : a.len; left;) {
		size_t k = left < sizeof(chunk) ? (size_t)left : sizeof(chunk);

		if (recv_all(m->fd, chunk, k) < 0)
			goto crashed;
		left -= k;
	}
	return a.made > 0;
crashed:
	if (out)
		out->len = start;
	m->crashes++;
	helper_stop(m);
	return 0;
}

void ir_maker_init(ir_maker *m, MlirOperation *cur, ir_format format)
{
	memset(m, 0, sizeof(*m));
	m->cur = cur;
	m->op = *cur;
	m->format = format;
	m->fd = -1;
}

void ir_maker_free(ir_maker *m)
{
	(void)ir_maker_module(m);
	buf_free(&m->file);
	if (m->loading) {
		file_view_close(&m->load_view);
		m->loading = 0;
	}
	helper_stop(m);
}

/* When the module was replaced, the copy of the old one is of no use. */
static void maker_follow(ir_maker *m)
{
	if (m->own_busy || m->op.ptr == m->cur->ptr)
		return;
	helper_stop(m);
	m->op = *m->cur;
	m->file.len = 0;
	m->ncounts = 0;
}

/* Asks the copy for p's count, answered after what was asked before
** and kept by read_answer: 1 if asked. */
static int count_ask(ir_maker *m, const pass *p)
{
	ir_wire w;

	if (m->fd < 0 || m->npending == IR_MAKER_AHEAD)
		return 0;
	memset(&w, 0, sizeof(w));
	w.q.p = p;
	w.q.count = 1;
	if (send_all(m->fd, &w, sizeof(w)) < 0)
		return 0;
	m->pending[m->npending++] = w.q;
	return 1;
}

/*
** The copy takes the change too: told at once, it skips what it was
** asked before (see change_queued), whose answers are thrown away, and
** takes the candidate's own module if it kept it. A copy that is gone
** is forked again at once, from gred's module as it still is, and makes
** the change itself while gred makes it to its own. Either way, the same
** module; then the copy is asked for the count of the change's pass,
** which ddmin needs next, unless the candidate came with it.
*/
void ir_maker_changed(ir_maker *m, const ir_request *applied,
	uint64_t count)
{
	ir_wire w;
	ir_request q = *applied;
	gred_error e;
	int had = 0, told = 0;

	maker_follow(m);
	if (m->fd >= 0) {
		had = 1;
		memset(&w, 0, sizeof(w));
		w.q = q;
		w.apply = 1;
		told = send_all(m->fd, &w, sizeof(w)) == 0;
		while (told && m->npending && m->fd >= 0)
			(void)read_answer(m, NULL);
		told = told && m->fd >= 0;
	}
	/* A count read there was of the module before the change. */
	m->ncounts = 0;
	if (count != IR_COUNT_UNKNOWN)
		count_keep(m, q.p, (size_t)count);
	if (had && !told) {
		helper_stop(m);
		/* The new copy is forked from gred's module as it is once its
		** own work is over, before this change. */
		told = ir_maker_module(m) == 0 && !mlirOperationIsNull(m->op) &&
			helper_fork(m, helper_body, &q, &e) == 0;
	}
	if (told && count == IR_COUNT_UNKNOWN)
		(void)count_ask(m, q.p);
}

void ir_maker_prefetch(ir_maker *m, const ir_request *q)
{
	gred_error e;
	size_t i;

	maker_follow(m);
	for (i = 0; i < m->npending; i++)
		if (same_request(&m->pending[i], q))
			return;
	if (m->npending < IR_MAKER_AHEAD)
		(void)send_request(m, q, &e);
}

int ir_maker_get(ir_maker *m, const ir_request *q, gred_buf *out,
	gred_error *e)
{
	size_t i, start;
	int made;

	maker_follow(m);
	for (i = 0; i < m->npending; i++)
		if (same_request(&m->pending[i], q))
			break;
	if (i == m->npending) {
		/* Not asked for: what was asked is of no use now, but counts
		** are kept as they come. */
		for (i = 0; i < m->npending && m->pending[i].count; i++)
			;
		if (i < m->npending)
			helper_stop(m);
		while (m->npending && m->fd >= 0)
			(void)read_answer(m, NULL);
		if (send_request(m, q, e) < 0)
			return -1;
		i = 0;
	}
	while (i-- && m->fd >= 0)
		(void)read_answer(m, NULL);
	/* The copy crashed on one of those: ask again. */
	if (m->fd < 0 && send_request(m, q, e) < 0)
		return -1;
	start = out->len;
	made = read_answer(m, out);
	/* The module's own file, for the splice of a copy forked later. */
	if (!q->p && made == 1) {
		m->file.len = 0;
		buf_append(&m->file, out->data + start, out->len - start);
	}
	return made;
}

/* What the copy parses at its start, and how it tells gred. */
typedef struct parse_job {
	MlirContext ctx;
	const file_view *v;
	const char *path;
} parse_job;

/* The copy parses (and so verifies) the text; it sends the length of
** the parser's message (0: parsed), the message, then serves requests
** on its own module. */
static void helper_parse(ir_maker *m, int fd, void *arg)
{
	parse_job *j = arg;
	gred_error e;
	uint64_t n = 0;

	if (ir_parse_view(&m->op, j->ctx, j->v, j->path, &e) < 0) {
		n = strlen(e.msg);
		(void)send_all(fd, &n, sizeof(n));
		(void)send_all(fd, e.msg, (size_t)n);
		_exit(0);
	}
	if (send_all(fd, &n, sizeof(n)) < 0)
		_exit(0);
	m->parsed = 1;
	helper_loop(m, fd);
}

/*
** The input is parsed first by the copy (MLIR 19's parser may corrupt
** the heap on bad text, see ir_parse_isolated), which then holds it:
** gred asks for the whole print at once, so the copy prints while gred
** parses the same text. Anything but plain .mlir text goes through
** ir_file_load_view at once.
*/
int ir_maker_load_begin(ir_maker *m, ir_file *out, MlirContext ctx,
	const char *path, gred_error *e)
{
	parse_job j;
	ir_request whole = {NULL, 0, 0, 0, 0};
	ir_wire w;
	size_t at;
	file_view *v = &m->load_view;
	int err;

	memset(out, 0, sizeof(*out));
	ir_maker_init(m, &out->op, ir_format_of(path));
	if (file_view_open(v, path, e) < 0)
		return -1;
	j.ctx = ctx;
	j.v = v;
	j.path = path;
	if (m->format != IR_FORMAT_MLIR ||
	    memchr(v->data, 0, v->len < (1u << 20) ? v->len : (1u << 20)) ||
	    ir_nest_depth(v->data, v->len, IR_MAX_NEST, &at) < 0 ||
	    helper_fork(m, helper_parse, &j, e) < 0) {
		err = ir_file_load_view(out, ctx, v, path, e);
		m->op = out->op;
		file_view_close(v);
		return err;
	}
	memset(&w, 0, sizeof(w));
	w.q = whole;
	if (send_all(m->fd, &w, sizeof(w)) == 0)
		m->pending[m->npending++] = whole;
	m->loading = 1;
	return 1;
}

/* A piece of gred's own work on its module, in a thread of its own: the
** parse of the text the copy parsed, or a change the copy made. A piece
** started while another runs waits for it first, so gred never waits
** to hand over a change. */
typedef struct own_job {
	ir_maker *m;
	int parse;
	ir_request change;
	int after;          /* prev is the piece before, still to be joined */
	pthread_t prev;
} own_job;

static void *own_work(void *arg)
{
	own_job *j = arg;
	ir_maker *m = j->m;
	gred_error e;

	/* Behind the copy and the tests when they want the cores. */
	(void)setpriority(PRIO_PROCESS, (id_t)gettid(), 10);
	if (j->after)
		pthread_join(j->prev, NULL);
	if (j->parse)
		m->own_lost = ir_parse_view_flags(m->cur, m->load_ctx,
			&m->load_view, m->load_path, IR_PARSE_VERIFIED, &e) < 0;
	else if (!m->own_lost && !mlirOperationIsNull(*m->cur))
		(void)pass_apply(j->change.p, *m->cur, j->change.begin,
			j->change.end, j->change.flags, &e);
	free(j);
	return NULL;
}

/* Starts own_work on a parse (q NULL) or change q, with every signal
** blocked (they go to gred's main thread): 0, or -1 if no thread could
** start. */
static int own_start(ir_maker *m, const ir_request *q)
{
	own_job *j = xcalloc(1, sizeof(*j));
	sigset_t all, old;
	pthread_t t;
	int err;

	j->m = m;
	j->parse = !q;
	if (q)
		j->change = *q;
	j->after = m->own_busy;
	j->prev = m->own_thread;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(&t, NULL, own_work, j);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		free(j);
		return -1;
	}
	m->own_thread = t;
	m->own_busy = 1;
	m->own_parses |= !q;
	return 0;
}

int ir_maker_module(ir_maker *m)
{
	if (m->own_busy) {
		pthread_join(m->own_thread, NULL);
		m->own_busy = 0;
		if (m->own_parses) {
			m->op = *m->cur;
			file_view_close(&m->load_view);
			m->own_parses = 0;
		}
	}
	return m->own_lost ? -1 : 0;
}

void ir_maker_apply(ir_maker *m, const ir_request *q)
{
	gred_error e;

	if (!m->sync_apply && own_start(m, q) == 0)
		return;
	if (ir_maker_module(m) < 0 || mlirOperationIsNull(m->op))
		return;
	(void)pass_apply(q->p, m->op, q->begin, q->end, q->flags, &e);
}

int ir_maker_load_end(ir_maker *m, ir_file *out, MlirContext ctx,
	const char *path, gred_error *e)
{
	file_view *v = &m->load_view;
	uint64_t n;
	char msg[sizeof(e->msg)];
	int err = -1, st;

	m->loading = 0;
	if (recv_all(m->fd, &n, sizeof(n)) < 0) {
		while (waitpid(m->helper.pid, &st, 0) < 0 && errno == EINTR)
			;
		m->helper.status = st;
		m->helper.done = 1;
		helper_stop(m);
		if (WIFSIGNALED(st))
			gred_errorf(e, "%s: the MLIR parser crashed with signal %d "
				"on this file", path, WTERMSIG(st));
		else
			gred_errorf(e, "%s: the MLIR parser failed on this file", path);
		goto done;
	}
	if (n) {
		if (n >= sizeof(msg))
			n = sizeof(msg) - 1;
		msg[recv_all(m->fd, msg, (size_t)n) < 0 ? 0 : n] = 0;
		helper_stop(m);
		gred_errorf(e, "%s", msg);
		goto done;
	}
	out->format = IR_FORMAT_MLIR;
	out->len = v->len;
	out->path = xstrdup(path);
	m->load_ctx = ctx;
	m->load_path = path;
	if (own_start(m, NULL) == 0)
		return 0;
	if ((err = ir_parse_view(&out->op, ctx, v, path, e)) < 0) {
		helper_stop(m);
		goto done;
	}
done:
	m->op = out->op;
	file_view_close(v);
	return err;
}

/* The copy counts while gred parses the input or makes a change, and
** after a change (see ir_maker_changed); what it counted is kept. */
size_t ir_maker_count(ir_maker *m, const pass *p)
{
	size_t i, n;

	maker_follow(m);
	if (count_known(m, p, &n))
		return n;
	i = count_pending(m, p);
	if (i == m->npending && m->own_busy && count_ask(m, p))
		i = m->npending - 1;
	/* What was asked before the count is of no use now. */
	if (i < m->npending)
		for (i++; i-- && m->fd >= 0;)
			(void)read_answer(m, NULL);
	if (count_known(m, p, &n))
		return n;
	if (ir_maker_module(m) < 0)
		return 0;
	maker_follow(m);
	n = pass_count(p, m->op);
	count_keep(m, p, n);
	return n;
}

void ir_maker_count_ahead(ir_maker *m, const pass *p)
{
	size_t n;

	if (!count_known(m, p, &n) && count_pending(m, p) == m->npending)
		(void)count_ask(m, p);
}

int ir_maker_ready(const ir_maker *m)
{
	struct pollfd pf;

	if (m->fd < 0 || (!m->loading && !m->npending))
		return 1;
	pf.fd = m->fd;
	pf.events = POLLIN;
	pf.revents = 0;
	return poll(&pf, 1, 0) > 0;
}

/* A candidate made: its request, and its pass's count in it
** (IR_COUNT_UNKNOWN if the copy did not count). */
typedef struct ir_made {
	ir_request q;
	uint64_t count;
} ir_made;

static size_t ir_count(source *s)
{
	ir_source *is = (ir_source *)s;

	return ir_maker_count(is->maker, is->p);
}

static int ir_make(source *s, size_t begin, size_t end, gred_buf *out,
	void **state, gred_error *e)
{
	ir_source *is = (ir_source *)s;
	ir_request q = {is->p, begin, end, is->flags, 0};
	int r = ir_maker_get(is->maker, &q, out, e);

	if (r == 1) {
		ir_made *keep = xmalloc(sizeof(*keep));
		keep->q = q;
		keep->count = is->maker->made_count;
		*state = keep;
	}
	return r;
}

static void ir_prefetch(source *s, size_t begin, size_t end)
{
	ir_source *is = (ir_source *)s;
	ir_request q = {is->p, begin, end, is->flags, 0};

	ir_maker_prefetch(is->maker, &q);
}

/* The change the copy made is made again, in place: passes are
** deterministic, so the module is the one whose bytes were accepted.
** The copy is told first, so both make it at once (a copy forked anew
** for it makes it itself, see ir_maker_changed). */
static void ir_accept(source *s, void *state, const gred_buf *bytes)
{
	ir_source *is = (ir_source *)s;
	ir_made *made = state;

	is->maker->file.len = 0;
	buf_append(&is->maker->file, bytes->data, bytes->len);
	ir_maker_changed(is->maker, &made->q, made->count);
	ir_maker_apply(is->maker, &made->q);
	free(made);
}

static void ir_drop(source *s, void *state)
{
	(void)s;
	free(state);
}

void ir_source_init(ir_source *s, const pass *p, ir_maker *m)
{
	memset(s, 0, sizeof(*s));
	s->base.name = p->name;
	s->base.count = ir_count;
	s->base.make = ir_make;
	s->base.accept = ir_accept;
	s->base.drop = ir_drop;
	s->base.prefetch = ir_prefetch;
	s->p = p;
	s->maker = m;
	s->flags = 0;
}

/*
** The triage store: buckets and members in one SQLite file, written in
** WAL mode with a busy timeout so kill -9 and concurrent adds are safe.
*/
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "triage.h"

#define BUSY_TIMEOUT_MS 60000
#define SAMPLE_BYTES 65536
#define STORE_VERSION 1

enum { ST_FIND_MEMBER, ST_UPSERT, ST_MEMBER, ST_SMALLEST, ST_REJECT,
	ST_FIND_SHAPE, ST_ADD_SHAPE, ST_COUNT, ST_SHAPES, ST_N };

static const char *statements[ST_N] = {
	"SELECT bucket FROM members WHERE source = ?1 AND content = ?2",
	"INSERT INTO buckets(hash, key, kind, message, frames, stack, sample,"
	" count, first_seen, last_seen) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8, ?8)"
	" ON CONFLICT(hash) DO UPDATE SET count = count + 1,"
	" last_seen = max(last_seen, excluded.last_seen)"
	" RETURNING id, count",
	"INSERT INTO members(bucket, source, content, case_path, added)"
	" VALUES(?1, ?2, ?3, ?4, ?5)",
	"UPDATE buckets SET smallest_case = ?2, smallest_size = ?3"
	" WHERE id = ?1 AND (smallest_size IS NULL OR smallest_size > ?3)",
	"INSERT OR IGNORE INTO rejected(source, content, added) VALUES(?1, ?2, ?3)",
	"SELECT bucket FROM shapes WHERE hash = ?1",
	"INSERT OR IGNORE INTO shapes(hash, bucket, match_text) VALUES(?1, ?2, ?3)",
	"UPDATE buckets SET count = count + 1, last_seen = max(last_seen, ?2)"
	" WHERE id = ?1",
	"SELECT id, bucket, match_text FROM shapes WHERE id > ?1 ORDER BY id",
};

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS buckets("
	" id INTEGER PRIMARY KEY,"
	" hash TEXT NOT NULL UNIQUE,"
	" key TEXT NOT NULL,"
	" kind TEXT NOT NULL,"
	" message TEXT NOT NULL,"
	" frames TEXT NOT NULL,"
	" stack TEXT NOT NULL,"
	" sample TEXT NOT NULL,"
	" count INTEGER NOT NULL,"
	" first_seen INTEGER NOT NULL,"
	" last_seen INTEGER NOT NULL,"
	" smallest_case TEXT,"
	" smallest_size INTEGER);"
	"CREATE TABLE IF NOT EXISTS members("
	" id INTEGER PRIMARY KEY,"
	" bucket INTEGER NOT NULL REFERENCES buckets(id),"
	" source TEXT NOT NULL,"
	" content TEXT NOT NULL,"
	" case_path TEXT,"
	" added INTEGER NOT NULL,"
	" UNIQUE(source, content));"
	"CREATE INDEX IF NOT EXISTS members_bucket ON members(bucket);"
	/* logs that could not be filed, so that adding them again is known */
	"CREATE TABLE IF NOT EXISTS rejected("
	" source TEXT NOT NULL,"
	" content TEXT NOT NULL,"
	" added INTEGER NOT NULL,"
	" PRIMARY KEY(source, content));"
	/* Every signature filed and the bucket it went to: a signature
	** unlike any seen before joins the bucket of a similar one. */
	"CREATE TABLE IF NOT EXISTS shapes("
	" id INTEGER PRIMARY KEY,"
	" hash TEXT NOT NULL UNIQUE,"
	" bucket INTEGER NOT NULL REFERENCES buckets(id),"
	" match_text TEXT NOT NULL);";

/* A signature already filed, kept in memory for similarity search. */
typedef struct shape {
	int64_t bucket;
	char *match;
} shape;

struct triage_store {
	sqlite3 *db;
	sqlite3_stmt *st[ST_N];
	char *path;
	int in_tx;
	shape *shapes;         /* rows of `shapes` read so far */
	size_t nshapes, cshapes;
	int64_t shapes_upto;   /* highest shapes.id read */
};

static void forget_shapes(triage_store *s)
{
	size_t i;

	for (i = 0; i < s->nshapes; i++)
		free(s->shapes[i].match);
	free(s->shapes);
	s->shapes = NULL;
	s->nshapes = s->cshapes = 0;
	s->shapes_upto = 0;
}

static int db_error(triage_store *s, gred_error *e, const char *what)
{
	return gred_errorf(e, "%s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
}

static int exec(triage_store *s, const char *sql, gred_error *e)
{
	char *msg = NULL;

	if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		gred_errorf(e, "%s: %s", s->path, msg ? msg : "database error");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* mkdir -p of the directory holding path. */
static int make_parent(const char *path, gred_error *e)
{
	char *dir = xstrdup(path), *p;
	int err = 0;

	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
			err = gred_errorf(e, "%s: cannot create directory %s: %s",
				path, dir, strerror(errno));
			break;
		}
		*p = '/';
	}
	free(dir);
	return err;
}

int triage_store_open(triage_store **out, const char *path, gred_error *e)
{
	triage_store *s = xcalloc(1, sizeof(*s));
	int i, tries;

	s->path = xstrdup(path);
	if (make_parent(path, e) < 0)
		goto fail;
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		db_error(s, e, "cannot open");
		goto fail;
	}
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	/* Switching to WAL takes a lock the busy handler does not always
	** wait for; another process doing the same is the only contender. */
	for (tries = 0;; tries++) {
		int rc = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			break;
		if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || tries > 600) {
			db_error(s, e, "cannot use");
			goto fail;
		}
		usleep(50000);
	}
	if (exec(s, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", e) < 0 ||
	    exec(s, "BEGIN IMMEDIATE", e) < 0)
		goto fail;
	if (exec(s, schema, e) < 0) {
		exec(s, "ROLLBACK", NULL);
		goto fail;
	}
	{
		char sql[64];
		snprintf(sql, sizeof(sql), "PRAGMA user_version=%d", STORE_VERSION);
		if (exec(s, sql, e) < 0 || exec(s, "COMMIT", e) < 0) {
			exec(s, "ROLLBACK", NULL);
			goto fail;
		}
	}
	for (i = 0; i < ST_N; i++)
		if (sqlite3_prepare_v3(s->db, statements[i], -1,
		    SQLITE_PREPARE_PERSISTENT, &s->st[i], NULL) != SQLITE_OK) {
			db_error(s, e, "cannot prepare");
			goto fail;
		}
	*out = s;
	return 0;
fail:
	triage_store_close(s);
	return -1;
}

void triage_store_close(triage_store *s)
{
	int i;

	if (!s)
		return;
	if (s->in_tx)
		triage_store_rollback(s);
	for (i = 0; i < ST_N; i++)
		sqlite3_finalize(s->st[i]);
	forget_shapes(s);
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

int triage_store_begin(triage_store *s, gred_error *e)
{
	if (exec(s, "BEGIN IMMEDIATE", e) < 0)
		return -1;
	s->in_tx = 1;
	return 0;
}

int triage_store_commit(triage_store *s, gred_error *e)
{
	if (exec(s, "COMMIT", e) < 0)
		return -1;
	s->in_tx = 0;
	return 0;
}

void triage_store_rollback(triage_store *s)
{
	exec(s, "ROLLBACK", NULL);
	s->in_tx = 0;
	forget_shapes(s);  /* may name buckets the rollback took back */
}

static void bind_text(sqlite3_stmt *st, int i, const char *t, size_t n)
{
	sqlite3_bind_text(st, i, t, (int)n, SQLITE_TRANSIENT);
}

static char *frames_text(const triage_sig *sig, int full)
{
	gred_buf b = {0};
	size_t k;

	buf_puts(&b, "");
	if (!full) {
		for (k = 0; k < sig->nframes; k++)
			buf_printf(&b, "%s%s", k ? "\n" : "", sig->frames[k]);
		return b.data;
	}
	for (k = 0; k < sig->nstack; k++) {
		const triage_frame *f = &sig->stack[k];
		buf_printf(&b, "%s#%zu %s", k ? "\n" : "", k, f->func);
		if (f->file)
			buf_printf(&b, " %s:%d", f->file, f->line);
		if (f->ignored)
			buf_puts(&b, " (ignored)");
	}
	return b.data;
}

/* The raw log kept per bucket for `show` is its first 64 KiB. */
static size_t sample_len(size_t len)
{
	return len > SAMPLE_BYTES ? SAMPLE_BYTES : len;
}

static void content_id(char out[17], const char *log, size_t len)
{
	uint64_t h = hash_bytes(log, len);
	int i;

	for (i = 0; i < 16; i++)
		out[i] = "0123456789abcdef"[(h >> (60 - 4 * i)) & 15];
	out[16] = 0;
}

int triage_store_reject(int *seen, triage_store *s, const char *source,
	const char *log, size_t len, gred_error *e)
{
	sqlite3_stmt *st = s->st[ST_REJECT];
	char content[17];
	int rc;

	content_id(content, log, len);
	sqlite3_reset(st);
	bind_text(st, 1, source, strlen(source));
	bind_text(st, 2, content, 16);
	sqlite3_bind_int64(st, 3, (int64_t)time(NULL));
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_error(s, e, "cannot write");
	*seen = sqlite3_changes(s->db) == 0;
	return 0;
}

char *triage_store_find(const char *name)
{
	char *dir = getcwd(NULL, 0), *p;
	struct stat st;

	while (dir) {
		char *path = xasprintf("%s%s%s", dir, dir[1] ? "/" : "", name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			free(dir);
			return path;
		}
		free(path);
		p = strrchr(dir, '/');
		if (!p || !dir[1])
			break;
		p[p == dir] = 0;
	}
	free(dir);
	return NULL;
}

static void remember_shape(triage_store *s, int64_t bucket, const char *match)
{
	if (s->nshapes == s->cshapes) {
		s->cshapes = s->cshapes ? 2 * s->cshapes : 64;
		s->shapes = xrealloc(s->shapes, s->cshapes * sizeof(*s->shapes));
	}
	s->shapes[s->nshapes].bucket = bucket;
	s->shapes[s->nshapes].match = xstrdup(match);
	s->nshapes++;
}

/* Reads the shapes other processes (or earlier runs) have filed. */
static int read_shapes(triage_store *s, gred_error *e)
{
	sqlite3_stmt *st = s->st[ST_SHAPES];
	int rc;

	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, s->shapes_upto);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const unsigned char *m = sqlite3_column_text(st, 2);
		s->shapes_upto = sqlite3_column_int64(st, 0);
		remember_shape(s, sqlite3_column_int64(st, 1), m ? (const char *)m : "");
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_error(s, e, "cannot read");
}

/* The bucket of this signature or of one similar to it, or 0. */
static int find_bucket(int64_t *out, triage_store *s, const triage_sig *sig,
	const char *id, gred_error *e)
{
	sqlite3_stmt *st = s->st[ST_FIND_SHAPE];
	size_t i;
	int rc;

	*out = 0;
	sqlite3_reset(st);
	bind_text(st, 1, id, 16);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_error(s, e, "cannot read");
	if (*out || !sig->match)
		return 0;
	if (read_shapes(s, e) < 0)
		return -1;
	for (i = 0; i < s->nshapes; i++)
		if (triage_match_similar(sig->match, s->shapes[i].match)) {
			*out = s->shapes[i].bucket;
			break;
		}
	return 0;
}

static int add_shape(triage_store *s, int64_t bucket, const triage_sig *sig,
	const char *id, gred_error *e)
{
	sqlite3_stmt *st = s->st[ST_ADD_SHAPE];
	const char *m = sig->match ? sig->match : "";
	int rc;

	sqlite3_reset(st);
	bind_text(st, 1, id, 16);
	sqlite3_bind_int64(st, 2, bucket);
	bind_text(st, 3, m, strlen(m));
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_error(s, e, "cannot write");
	if (sqlite3_changes(s->db)) {
		s->shapes_upto = sqlite3_last_insert_rowid(s->db);
		remember_shape(s, bucket, m);
	}
	return 0;
}

int triage_store_add(triage_add_result *out, triage_store *s,
	const triage_sig *sig, const char *source, const char *case_path,
	const char *log, size_t len, gred_error *e)
{
	sqlite3_stmt *st;
	char content[17], id[17], *frames = NULL, *stack = NULL;
	uint64_t h = hash_bytes(log, len);
	int64_t now = (int64_t)time(NULL), count = 0;
	int i, rc, err = -1;
	struct stat cst;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < 16; i++)
		content[i] = "0123456789abcdef"[(h >> (60 - 4 * i)) & 15];
	content[16] = 0;
	triage_sig_id(sig, id);

	st = s->st[ST_FIND_MEMBER];
	sqlite3_reset(st);
	bind_text(st, 1, source, strlen(source));
	bind_text(st, 2, content, 16);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		out->bucket = sqlite3_column_int64(st, 0);
		out->duplicate = 1;
		sqlite3_reset(st);
		return 0;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_error(s, e, "cannot read");

	if (find_bucket(&out->bucket, s, sig, id, e) < 0)
		return -1;
	if (out->bucket) {
		st = s->st[ST_COUNT];
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, out->bucket);
		sqlite3_bind_int64(st, 2, now);
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc != SQLITE_DONE || add_shape(s, out->bucket, sig, id, e) < 0)
			return db_error(s, e, "cannot write");
		goto member;
	}
	frames = frames_text(sig, 0);
	stack = frames_text(sig, 1);
	st = s->st[ST_UPSERT];
	sqlite3_reset(st);
	bind_text(st, 1, id, 16);
	bind_text(st, 2, sig->key, strlen(sig->key));
	bind_text(st, 3, sig->kind, strlen(sig->kind));
	bind_text(st, 4, sig->message, strlen(sig->message));
	bind_text(st, 5, frames, strlen(frames));
	bind_text(st, 6, stack, strlen(stack));
	bind_text(st, 7, log, sample_len(len));
	sqlite3_bind_int64(st, 8, now);
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		db_error(s, e, "cannot write");
		goto done;
	}
	out->bucket = sqlite3_column_int64(st, 0);
	count = sqlite3_column_int64(st, 1);
	out->is_new = count == 1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		;
	sqlite3_reset(st);
	if (add_shape(s, out->bucket, sig, id, e) < 0)
		goto done;

member:
	st = s->st[ST_MEMBER];
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, out->bucket);
	bind_text(st, 2, source, strlen(source));
	bind_text(st, 3, content, 16);
	if (case_path)
		bind_text(st, 4, case_path, strlen(case_path));
	else
		sqlite3_bind_null(st, 4);
	sqlite3_bind_int64(st, 5, now);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		db_error(s, e, "cannot write");
		goto done;
	}

	if (case_path && stat(case_path, &cst) == 0) {
		st = s->st[ST_SMALLEST];
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, out->bucket);
		bind_text(st, 2, case_path, strlen(case_path));
		sqlite3_bind_int64(st, 3, (int64_t)cst.st_size);
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc != SQLITE_DONE) {
			db_error(s, e, "cannot write");
			goto done;
		}
	}
	err = 0;
done:
	free(frames);
	free(stack);
	return err;
}

static char *col_dup(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return t ? xstrdup((const char *)t) : NULL;
}

#define BUCKET_COLUMNS "id, hash, kind, message, frames, stack, sample," \
	" smallest_case, count, first_seen, last_seen, smallest_size"

static void read_bucket(triage_bucket *b, sqlite3_stmt *st)
{
	const unsigned char *h;

	memset(b, 0, sizeof(*b));
	b->id = sqlite3_column_int64(st, 0);
	h = sqlite3_column_text(st, 1);
	snprintf(b->hash, sizeof(b->hash), "%s", h ? (const char *)h : "");
	b->kind = col_dup(st, 2);
	b->message = col_dup(st, 3);
	b->frames = col_dup(st, 4);
	b->stack = col_dup(st, 5);
	b->sample = col_dup(st, 6);
	b->smallest_case = col_dup(st, 7);
	b->count = sqlite3_column_int64(st, 8);
	b->first_seen = sqlite3_column_int64(st, 9);
	b->last_seen = sqlite3_column_int64(st, 10);
	b->smallest_size = sqlite3_column_type(st, 11) == SQLITE_NULL ? -1 :
		sqlite3_column_int64(st, 11);
}

void triage_bucket_free(triage_bucket *b)
{
	free(b->kind);
	free(b->message);
	free(b->frames);
	free(b->stack);
	free(b->sample);
	free(b->smallest_case);
	memset(b, 0, sizeof(*b));
}

int triage_store_list(triage_store *s,
	int (*fn)(const triage_bucket *b, void *ctx), void *ctx, gred_error *e)
{
	sqlite3_stmt *st;
	triage_bucket b;
	int rc, stop = 0;

	if (sqlite3_prepare_v2(s->db, "SELECT " BUCKET_COLUMNS " FROM buckets"
	    " ORDER BY count DESC, id", -1, &st, NULL) != SQLITE_OK)
		return db_error(s, e, "cannot read");
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		read_bucket(&b, st);
		stop = fn(&b, ctx);
		triage_bucket_free(&b);
	}
	if (!stop && rc != SQLITE_DONE) {
		db_error(s, e, "cannot read");
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	return 0;
}

int triage_store_get(triage_bucket *out, triage_store *s, const char *id,
	gred_error *e)
{
	sqlite3_stmt *st;
	char *like = xasprintf("%s%%", id);
	int rc, err = 0;

	if (sqlite3_prepare_v2(s->db, "SELECT " BUCKET_COLUMNS " FROM buckets"
	    " WHERE CAST(id AS TEXT) = ?1 OR hash LIKE ?2"
	    " ORDER BY CAST(id AS TEXT) = ?1 DESC, id LIMIT 2",
	    -1, &st, NULL) != SQLITE_OK) {
		free(like);
		return db_error(s, e, "cannot read");
	}
	bind_text(st, 1, id, strlen(id));
	bind_text(st, 2, like, strlen(like));
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		read_bucket(out, st);
		if (out->id != strtoll(id, NULL, 10) &&
		    sqlite3_step(st) == SQLITE_ROW) {
			triage_bucket_free(out);
			err = gred_errorf(e, "%s: ambiguous bucket id", id);
		}
	} else if (rc == SQLITE_DONE) {
		err = gred_errorf(e, "%s: no such bucket", id);
	} else {
		err = db_error(s, e, "cannot read");
	}
	sqlite3_finalize(st);
	free(like);
	return err;
}

int triage_store_members(triage_store *s, int64_t bucket,
	int (*fn)(const char *source, int64_t added, void *ctx), void *ctx,
	gred_error *e)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (sqlite3_prepare_v2(s->db, "SELECT source, added FROM members"
	    " WHERE bucket = ?1 ORDER BY id", -1, &st, NULL) != SQLITE_OK)
		return db_error(s, e, "cannot read");
	sqlite3_bind_int64(st, 1, bucket);
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
		stop = fn((const char *)sqlite3_column_text(st, 0),
			sqlite3_column_int64(st, 1), ctx);
	sqlite3_finalize(st);
	if (!stop && rc != SQLITE_DONE)
		return db_error(s, e, "cannot read");
	return 0;
}

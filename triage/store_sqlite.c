/*
** The triage store's SQLite engine: one file in WAL mode with a busy
** timeout, so that kill -9 and concurrent adds are safe.
*/
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_db.h"

#define BUSY_TIMEOUT_MS 60000
#define NCACHE 48

/* A prepared statement kept for the next query of the same text. */
typedef struct cached {
	const char *sql;      /* the caller's (static) text, by address */
	sqlite3_stmt *st;
	int busy;             /* its rows are being read */
} cached;

struct store_db {
	sqlite3 *db;
	char *path;
	cached cache[NCACHE];
	int ncache;
};

struct store_rows {
	store_db *db;
	sqlite3_stmt *st;
	cached *slot;         /* NULL: a one-off statement, finalized at done */
	int rc;               /* the last step's result, not yet read */
	int fresh;            /* rc is a row next() has not handed out */
};

static int db_error(store_db *db, gred_error *e, const char *what)
{
	return gred_errorf(e, "%s: %s: %s", db->path, what, sqlite3_errmsg(db->db));
}

static int sq_exec(store_db *db, const char *sql, gred_error *e)
{
	char *msg = NULL;

	if (sqlite3_exec(db->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		gred_errorf(e, "%s: %s", db->path, msg ? msg : "database error");
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

static void sq_close(store_db *db)
{
	int i;

	if (!db)
		return;
	for (i = 0; i < db->ncache; i++)
		sqlite3_finalize(db->cache[i].st);
	sqlite3_close(db->db);
	free(db->path);
	free(db);
}

static int sq_open(store_db **out, const char *path, gred_error *e)
{
	store_db *db = xcalloc(1, sizeof(*db));
	int tries;

	db->path = xstrdup(path);
	if (make_parent(path, e) < 0)
		goto fail;
	if (sqlite3_open_v2(path, &db->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		db_error(db, e, "cannot open");
		goto fail;
	}
	sqlite3_busy_timeout(db->db, BUSY_TIMEOUT_MS);
	/* Switching to WAL takes a lock the busy handler does not always
	** wait for; another process doing the same is the only contender. */
	for (tries = 0;; tries++) {
		int rc = sqlite3_exec(db->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			break;
		if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || tries > 600) {
			db_error(db, e, "cannot use");
			goto fail;
		}
		usleep(50000);
	}
	if (sq_exec(db, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", e) < 0)
		goto fail;
	*out = db;
	return 0;
fail:
	sq_close(db);
	return -1;
}

static int sq_begin(store_db *db, gred_error *e)
{
	return sq_exec(db, "BEGIN IMMEDIATE", e);
}

static int sq_commit(store_db *db, gred_error *e)
{
	return sq_exec(db, "COMMIT", e);
}

static void sq_rollback(store_db *db)
{
	sq_exec(db, "ROLLBACK", NULL);
}

/* The text with $N parameters written ?N, as SQLite numbers them. */
static char *sqlite_params(const char *sql)
{
	char *s = xstrdup(sql), *p;

	for (p = s; *p; p++)
		if (*p == '$' && p[1] >= '0' && p[1] <= '9')
			*p = '?';
	return s;
}

static int prepare(sqlite3_stmt **st, cached **slot, store_db *db,
	const char *sql, gred_error *e)
{
	char *text;
	int i, rc;

	*slot = NULL;
	for (i = 0; i < db->ncache; i++)
		if (db->cache[i].sql == sql && !db->cache[i].busy) {
			*slot = &db->cache[i];
			*st = (*slot)->st;
			return 0;
		}
	text = sqlite_params(sql);
	rc = sqlite3_prepare_v3(db->db, text, -1, SQLITE_PREPARE_PERSISTENT, st, NULL);
	free(text);
	if (rc != SQLITE_OK)
		return db_error(db, e, "cannot prepare");
	for (i = 0; i < db->ncache; i++)
		if (db->cache[i].sql == sql)
			return 0;  /* in use by an open cursor: a one-off */
	if (db->ncache < NCACHE) {
		*slot = &db->cache[db->ncache++];
		(*slot)->sql = sql;
		(*slot)->st = *st;
	}
	return 0;
}

static void release(sqlite3_stmt *st, cached *slot)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	if (slot)
		slot->busy = 0;
	else
		sqlite3_finalize(st);
}

static int sq_query(store_rows **out, store_db *db, const char *sql,
	const store_arg *args, int nargs, int64_t *changes, gred_error *e)
{
	sqlite3_stmt *st;
	cached *slot;
	int i, rc;

	if (out)
		*out = NULL;
	if (prepare(&st, &slot, db, sql, e) < 0)
		return -1;
	for (i = 0; i < nargs; i++) {
		if (args[i].is_int)
			sqlite3_bind_int64(st, i + 1, args[i].num);
		else if (!args[i].text)
			sqlite3_bind_null(st, i + 1);
		else
			sqlite3_bind_text(st, i + 1, args[i].text, (int)args[i].len,
				SQLITE_TRANSIENT);
	}
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		db_error(db, e, "cannot run a query");
		release(st, slot);
		return -1;
	}
	if (!out) {
		while (rc == SQLITE_ROW)
			rc = sqlite3_step(st);
		if (rc != SQLITE_DONE) {
			db_error(db, e, "cannot run a query");
			release(st, slot);
			return -1;
		}
		if (changes)
			*changes = sqlite3_changes(db->db);
		release(st, slot);
		return 0;
	}
	if (changes)
		*changes = rc == SQLITE_DONE ? sqlite3_changes(db->db) : 0;
	if (slot)
		slot->busy = 1;
	*out = xcalloc(1, sizeof(**out));
	(*out)->db = db;
	(*out)->st = st;
	(*out)->slot = slot;
	(*out)->rc = rc;
	(*out)->fresh = 1;
	return 0;
}

static int sq_next(store_rows *r, gred_error *e)
{
	if (!r->fresh)
		r->rc = sqlite3_step(r->st);
	r->fresh = 0;
	if (r->rc == SQLITE_ROW)
		return 1;
	if (r->rc == SQLITE_DONE)
		return 0;
	return db_error(r->db, e, "cannot read");
}

static const char *sq_text(store_rows *r, int col)
{
	return (const char *)sqlite3_column_text(r->st, col);
}

static int64_t sq_num(store_rows *r, int col)
{
	return sqlite3_column_int64(r->st, col);
}

static void sq_done(store_rows *r)
{
	if (!r)
		return;
	release(r->st, r->slot);
	free(r);
}

const store_engine store_sqlite = {
	"sqlite", sq_open, sq_close, sq_exec, sq_begin, sq_commit, sq_rollback,
	sq_query, sq_next, sq_text, sq_num, sq_done,
};

/*
** The triage store's PostgreSQL engine (libpq), for many workers filing
** into one database: writers take one advisory lock per transaction.
*/
#include <inttypes.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_db.h"
#include "triage.h"

/* The advisory lock every writing transaction holds: writers go one at
** a time, as in SQLite, so a batch's similarity search sees every
** signature committed before it. Its key is "gredtrg\0" in ASCII. */
#define WRITER_LOCK "SELECT pg_advisory_xact_lock(7454359119626954496)"

struct store_db {
	PGconn *conn;
	char *name;   /* the URL without its password, for messages */
};

struct store_rows {
	PGresult *res;
	int row, nrows;
};

int triage_store_is_url(const char *where)
{
	return !strncmp(where, "postgresql://", 13) ||
		!strncmp(where, "postgres://", 11);
}

/* postgresql://user:secret@host/db -> postgresql://user@host/db */
static char *without_password(const char *url)
{
	const char *rest = strstr(url, "://") + 3;
	const char *at = strchr(rest, '@'), *colon = strchr(rest, ':');
	const char *slash = strchr(rest, '/');

	if (!at || (slash && slash < at) || !colon || colon > at)
		return xstrdup(url);
	return xasprintf("%.*s%s", (int)(colon - url), url, at);
}

/* The server's words, on one line. */
static int pg_error(store_db *db, gred_error *e, const char *what,
	const char *msg)
{
	size_t n = strlen(msg);

	while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		n--;
	return gred_errorf(e, "%s: %s: %.*s", db->name, what, (int)n, msg);
}

/* Invalid UTF-8 (a log's stray bytes) made '?': the server refuses it. */
static void make_utf8(char *s)
{
	unsigned char *p = (unsigned char *)s;

	while (*p) {
		int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 && *p >= 0xc2 ? 1 :
			(*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 && *p <= 0xf4 ? 3 : -1;
		int k;

		for (k = 1; k <= n; k++)
			if ((p[k] & 0xc0) != 0x80)
				break;
		if (n < 0 || k <= n ||
		    (n == 2 && ((*p == 0xe0 && p[1] < 0xa0) || (*p == 0xed && p[1] >= 0xa0))) ||
		    (n == 3 && ((*p == 0xf0 && p[1] < 0x90) || (*p == 0xf4 && p[1] >= 0x90)))) {
			*p++ = '?';
			continue;
		}
		p += n + 1;
	}
}

static void quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;  /* NOTICEs such as "relation already exists" */
}

static void pg_close(store_db *db)
{
	if (!db)
		return;
	PQfinish(db->conn);
	free(db->name);
	free(db);
}

static int pg_open(store_db **out, const char *url, gred_error *e)
{
	store_db *db = xcalloc(1, sizeof(*db));

	db->name = without_password(url);
	db->conn = PQconnectdb(url);
	if (!db->conn || PQstatus(db->conn) != CONNECTION_OK) {
		pg_error(db, e, "cannot connect", db->conn ?
			PQerrorMessage(db->conn) : "out of memory");
		pg_close(db);
		return -1;
	}
	PQsetNoticeProcessor(db->conn, quiet, NULL);
	*out = db;
	return 0;
}

static int pg_exec(store_db *db, const char *sql, gred_error *e)
{
	PGresult *res = PQexec(db->conn, sql);
	ExecStatusType st = PQresultStatus(res);
	int err = 0;

	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		err = pg_error(db, e, "cannot run", PQresultErrorMessage(res));
	PQclear(res);
	return err;
}

static int pg_begin(store_db *db, gred_error *e)
{
	if (pg_exec(db, "BEGIN", e) < 0)
		return -1;
	if (pg_exec(db, WRITER_LOCK, e) < 0) {
		pg_exec(db, "ROLLBACK", NULL);
		return -1;
	}
	return 0;
}

static int pg_commit(store_db *db, gred_error *e)
{
	return pg_exec(db, "COMMIT", e);
}

static void pg_rollback(store_db *db)
{
	pg_exec(db, "ROLLBACK", NULL);
}

static int pg_query(store_rows **out, store_db *db, const char *sql,
	const store_arg *args, int nargs, int64_t *changes, gred_error *e)
{
	const char **values = xcalloc((size_t)nargs + 1, sizeof(*values));
	int *lengths = xcalloc((size_t)nargs + 1, sizeof(*lengths));
	int *formats = xcalloc((size_t)nargs + 1, sizeof(*formats));
	char (*nums)[24] = xcalloc((size_t)nargs + 1, sizeof(*nums));
	char **copies = xcalloc((size_t)nargs + 1, sizeof(*copies));
	PGresult *res;
	ExecStatusType st;
	int i, err = 0;

	if (out)
		*out = NULL;
	for (i = 0; i < nargs; i++) {
		if (args[i].is_int) {
			snprintf(nums[i], sizeof(nums[i]), "%" PRId64, args[i].num);
			values[i] = nums[i];
		} else if (args[i].text) {
			/* text parameters end at their length, and hold no NUL */
			copies[i] = xstrndup(args[i].text, args[i].len);
			make_utf8(copies[i]);
			values[i] = copies[i];
		}
	}
	res = PQexecParams(db->conn, sql, nargs, NULL, values, lengths, formats, 0);
	st = PQresultStatus(res);
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		err = pg_error(db, e, "cannot run a query", PQresultErrorMessage(res));
		PQclear(res);
	} else {
		if (changes)
			*changes = strtoll(PQcmdTuples(res), NULL, 10);
		if (out) {
			*out = xcalloc(1, sizeof(**out));
			(*out)->res = res;
			(*out)->row = -1;
			(*out)->nrows = PQntuples(res);
		} else {
			PQclear(res);
		}
	}
	for (i = 0; i < nargs; i++)
		free(copies[i]);
	free(copies);
	free(nums);
	free(formats);
	free(lengths);
	free(values);
	return err;
}

static int pg_next(store_rows *r, gred_error *e)
{
	(void)e;
	if (r->row + 1 >= r->nrows)
		return 0;
	r->row++;
	return 1;
}

static const char *pg_text(store_rows *r, int col)
{
	if (PQgetisnull(r->res, r->row, col))
		return NULL;
	return PQgetvalue(r->res, r->row, col);
}

static int64_t pg_num(store_rows *r, int col)
{
	const char *t = pg_text(r, col);

	if (!t)
		return 0;
	if (!strcmp(t, "t"))
		return 1;  /* a boolean */
	return strtoll(t, NULL, 10);
}

static void pg_done(store_rows *r)
{
	if (!r)
		return;
	PQclear(r->res);
	free(r);
}

const store_engine store_pg = {
	"postgresql", pg_open, pg_close, pg_exec, pg_begin, pg_commit, pg_rollback,
	pg_query, pg_next, pg_text, pg_num, pg_done,
};

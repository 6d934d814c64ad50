/*
** The triage store's thin SQL layer: one interface over SQLite and
** PostgreSQL, so that store.c writes its queries once.
*/
#ifndef GRED_STORE_DB_H
#define GRED_STORE_DB_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "util.h"

/*
** Queries are written once, in the SQL both engines speak: parameters
** are $1, $2, ... (the SQLite side reads them as ?1, ?2), upserts are
** ON CONFLICT, new ids come back through RETURNING, and the larger of
** two values is a CASE (SQLite has no GREATEST, PostgreSQL no 2-argument
** max). Only the schema differs, and how a write transaction begins:
** both let one writer at a time in, which is what makes the similarity
** search in store.c see every signature filed before it.
*/
typedef struct store_db store_db;
typedef struct store_rows store_rows;

/* A query parameter: text (len bytes, or NULL for SQL NULL) or integer. */
typedef struct store_arg {
	int is_int;
	const char *text;
	size_t len;
	int64_t num;
} store_arg;

static inline store_arg arg_text(const char *s)
{
	return (store_arg){0, s, s ? strlen(s) : 0, 0};
}

#define ARG_TEXT(s) arg_text(s)
#define ARG_TEXTN(s, n) ((store_arg){0, (s), (n), 0})
#define ARG_INT(i) ((store_arg){1, NULL, 0, (int64_t)(i)})
#define ARG_NULL ((store_arg){0, NULL, 0, 0})

/* The operations one engine provides. */
typedef struct store_engine {
	const char *name;
	/* opens (creating if need be) the database where: a path or a URL */
	int (*open)(store_db **out, const char *where, gred_error *e);
	void (*close)(store_db *db);
	/* runs statements without parameters or rows (the schema) */
	int (*exec)(store_db *db, const char *sql, gred_error *e);
	/* BEGIN as the one writer; COMMIT; ROLLBACK */
	int (*begin)(store_db *db, gred_error *e);
	int (*commit)(store_db *db, gred_error *e);
	void (*rollback)(store_db *db);
	/* Runs one statement; its rows are read with next/text/num, and
	** *changes (if not NULL) is the number of rows it wrote. */
	int (*query)(store_rows **out, store_db *db, const char *sql,
		const store_arg *args, int nargs, int64_t *changes, gred_error *e);
	/* 1 with a row, 0 at the end, -1 on error */
	int (*next)(store_rows *r, gred_error *e);
	const char *(*text)(store_rows *r, int col);  /* NULL for NULL */
	int64_t (*num)(store_rows *r, int col);
	void (*done)(store_rows *r);
} store_engine;

extern const store_engine store_sqlite;
extern const store_engine store_pg;

#endif

/*
** A small writer of indented JSON for the indexes: strings escaped, and
** text that is not UTF-8 mended, so the output always parses.
*/
#ifndef GRED_JSON_OUT_H
#define GRED_JSON_OUT_H

#include <stddef.h>

#include "util.h"

#define JSON_MAX_DEPTH 32

/* Writes into out. Members are named (key) inside objects and unnamed
** (key NULL) inside arrays; commas, newlines and indents are added. */
typedef struct json_out {
	gred_buf *out;
	int depth;
	int count[JSON_MAX_DEPTH];  /* members written at each depth */
	char close[JSON_MAX_DEPTH]; /* the bracket that ends each depth */
} json_out;

void json_begin(json_out *j, gred_buf *out);
/* Opens an object ('{') or an array ('['); json_close ends the last one.
** Nesting deeper than JSON_MAX_DEPTH is a bug of the caller (abort). */
void json_open(json_out *j, const char *key, char bracket);
void json_close(json_out *j);
/* A string member; a NULL s is written as null. */
void json_string(json_out *j, const char *key, const char *s);
void json_int(json_out *j, const char *key, long long v);
/* Ends the document with a newline. */
void json_end(json_out *j);

/* Appends s as a JSON string literal (quotes included): control
** characters, quotes and backslashes escaped, bytes that are not UTF-8
** replaced by U+FFFD. */
void json_quote(gred_buf *out, const char *s);

/* The length of the UTF-8 sequence s starts with (1 to 4; at most n
** bytes read), or 0 if it is not valid UTF-8 (overlong forms,
** surrogates and code points past U+10FFFF are not). */
size_t utf8_sequence(const unsigned char *s, size_t n);

#endif

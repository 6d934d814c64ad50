/*
** Reports for an issue tracker: one crash as Markdown, with how to
** reproduce it, the minimal input, its signature, top frames, versions.
*/
#ifndef GRED_REPORT_H
#define GRED_REPORT_H

#include <stddef.h>

#include "util.h"

/* What a report says; any field may be NULL (or 0) when unknown. */
typedef struct report_case {
	const char *tool;          /* what crashed, for the title */
	const char *verb;          /* what it did, for the title; NULL:
	                           ** "crashes" */
	const char *reproduce;     /* a shell command line */
	const char *input_name;    /* the minimal input's path */
	const char *input;         /* its bytes */
	size_t input_len;
	size_t orig_bytes;         /* the size it was reduced from */
	const char *sig_id;        /* 16 hex digits */
	const char *kind, *message;
	const char *const *frames; /* top frames of the signature */
	size_t nframes;
	const char *how;           /* a paragraph on how it was found */
	const char *versions;      /* lines "name: version" */
	const char *picture;       /* an image of the input's graph (a path
	                              relative to the report), or NULL */
	const char *first_bad;     /* the first bad commit, when bisected */
} report_case;

/* Appends the Markdown report of c to out. */
void report_markdown(gred_buf *out, const report_case *c);

/* The first line that `argv[0] --version` prints (10 s at most), as
** "NAME: LINE"; appended to out. Nothing if it prints nothing. */
void report_tool_version(gred_buf *out, const char *program);

#endif

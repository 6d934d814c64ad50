/*
** Indexes of the buckets of a fuzzing campaign: JSON for scripts, and
** SARIF 2.1.0, which GitHub code scanning reads.
*/
#ifndef GRED_REPORT_INDEX_H
#define GRED_REPORT_INDEX_H

#include <stddef.h>

#include "util.h"

/* One bucket as the index lists it; any string may be NULL. Paths are
** relative to the campaign directory. */
typedef struct report_bucket_entry {
	const char *id;                /* signature hash, 16 hex digits */
	const char *kind, *message;
	const char *const *frames;     /* top frames of the signature */
	size_t nframes;
	const char *target;            /* "ort:1.20.1:all", "mlir-opt:PIPELINE" */
	const char *oracle;            /* "crash", "diff-opt", "diff-version" */
	const char *command;           /* the shell command that reproduces it */
	const char *report_path;       /* report.md */
	const char *case_path;         /* the reduced (else first) case */
	const char *svg_path;          /* picture of the case's graph */
	size_t case_bytes, orig_bytes;
	long count;                    /* findings filed in the bucket */
	const char *first_bad_commit;  /* when bisected */
} report_bucket_entry;

/* Appends {"tool":..., "buckets":[...]} to out. */
void report_index_json(gred_buf *out, const report_bucket_entry *b, size_t n,
	const char *tool_version);

/* Appends a SARIF 2.1.0 log with one result per bucket to out. */
void report_index_sarif(gred_buf *out, const report_bucket_entry *b, size_t n,
	const char *tool_version);

#endif

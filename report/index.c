/*
** The JSON and SARIF indexes of a campaign's buckets (see index.h).
*/
#include "index.h"

void report_index_json(gred_buf *out, const report_bucket_entry *b, size_t n,
	const char *tool_version)
{
	(void)b;
	(void)n;
	buf_printf(out, "{\"tool\": \"gred %s\", \"buckets\": []}\n", tool_version);
}

void report_index_sarif(gred_buf *out, const report_bucket_entry *b, size_t n,
	const char *tool_version)
{
	(void)b;
	(void)n;
	(void)tool_version;
	buf_puts(out, "{\"version\": \"2.1.0\", \"runs\": []}\n");
}

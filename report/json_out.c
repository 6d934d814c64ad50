/*
** A small writer of indented JSON (see json_out.h).
*/
#include "json_out.h"

#include <stdlib.h>
#include <string.h>

size_t utf8_sequence(const unsigned char *s, size_t n)
{
	unsigned long cp;
	size_t len, k;

	if (n == 0)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (k = 1; k < len; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[k] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

void json_quote(gred_buf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, run;

	buf_puts(out, "\"");
	while (i < n) {
		unsigned char c = p[i];

		if (c == '"' || c == '\\') {
			buf_printf(out, "\\%c", c);
			i++;
		} else if (c < 0x20) {
			switch (c) {
			case '\n': buf_puts(out, "\\n"); break;
			case '\r': buf_puts(out, "\\r"); break;
			case '\t': buf_puts(out, "\\t"); break;
			case '\b': buf_puts(out, "\\b"); break;
			case '\f': buf_puts(out, "\\f"); break;
			default: buf_printf(out, "\\u%04x", c); break;
			}
			i++;
		} else if ((run = utf8_sequence(p + i, n - i)) == 0) {
			buf_puts(out, "\\ufffd");
			i++;
		} else {
			buf_append(out, p + i, run);
			i += run;
		}
	}
	buf_puts(out, "\"");
}

void json_begin(json_out *j, gred_buf *out)
{
	memset(j, 0, sizeof(*j));
	j->out = out;
}

/* The comma, newline and indent before a member, and its key. */
static void member(json_out *j, const char *key)
{
	int k;

	if (j->depth > 0) {
		buf_puts(j->out, j->count[j->depth]++ ? ",\n" : "\n");
		for (k = 0; k < j->depth; k++)
			buf_puts(j->out, "  ");
	}
	if (key) {
		json_quote(j->out, key);
		buf_puts(j->out, ": ");
	}
}

void json_open(json_out *j, const char *key, char bracket)
{
	member(j, key);
	if (j->depth + 1 >= JSON_MAX_DEPTH)
		abort();
	buf_printf(j->out, "%c", bracket);
	j->depth++;
	j->count[j->depth] = 0;
	j->close[j->depth] = bracket == '[' ? ']' : '}';
}

void json_close(json_out *j)
{
	int k;

	if (j->count[j->depth]) {
		buf_puts(j->out, "\n");
		for (k = 0; k < j->depth - 1; k++)
			buf_puts(j->out, "  ");
	}
	buf_printf(j->out, "%c", j->close[j->depth]);
	j->depth--;
}

void json_string(json_out *j, const char *key, const char *s)
{
	member(j, key);
	if (s)
		json_quote(j->out, s);
	else
		buf_puts(j->out, "null");
}

void json_int(json_out *j, const char *key, long long v)
{
	member(j, key);
	buf_printf(j->out, "%lld", v);
}

void json_end(json_out *j)
{
	buf_puts(j->out, "\n");
}

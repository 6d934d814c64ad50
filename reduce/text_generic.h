/*
** Text mode's generic-form rewrite: an op written in the custom syntax
** of a dialect gred cannot load, turned into MLIR's generic form, which
** gred parses with unknown dialects allowed.
*/
#ifndef GRED_TEXT_GENERIC_H
#define GRED_TEXT_GENERIC_H

#include <stddef.h>

#include <mlir-c/IR.h>

#include "util.h"

/* The lexer text mode shares (text.c): the length of the token at p (a
** word, a %name, a string, `->`, `::` or one mark); of the bracketed
** group opening at p through its match (0 if none); the braces a line
** opens minus those it closes. */
size_t text_token_len(const char *p, size_t len);
size_t text_group_len(const char *p, size_t len);
long text_line_braces(const char *p, size_t len);

/* The types a text gives its SSA names where it says them plainly: a
** name followed by `: TYPE` (arguments, block arguments, and the last
** operand of most custom syntax), and a single result whose op ends in
** `-> TYPE`, `to TYPE` or `: TYPE` (a compare gives i1). Spans into the
** text scanned, which must outlive it. */
typedef struct text_types text_types;

text_types *text_types_scan(const char *p, size_t len);
/* The type the last mention of SSA name [name, name + n) before byte
** `before` of the text gave it (names are reused from function to
** function), or NULL; *len gets its length. */
const char *text_types_find(const text_types *t, const char *name, size_t n,
	const char *before, size_t *len);
void text_types_free(text_types *t);

/*
** Rewrites the op line [p, p + len) (its newline included, if any), in
** custom syntax `[%r, ... =] dialect.op OPERANDS [{attrs}] [: TYPES]`,
** into generic form `[%r, ... =] "dialect.op"(OPERANDS) [{attrs}] :
** (T...) -> R`, appended to line. The operands are the %names outside
** the attribute dictionary; other words and values of the custom syntax
** are dropped. Types come from the trailing list: `(A, B) -> R`,
** `A -> R` and `A to R` split operands from results; a plain list gives
** the operands' types, the results' or both in turn, a single type
** stands for all of them; what the list leaves open comes from types
** (may be NULL). A line ending in `{` opens the op's regions: it ends in
** ` ({` and close gets what follows the `}` closing them. Returns 0, or
** -1 if the line is no such op or its types cannot be told.
*/
int text_generic_rewrite(gred_buf *line, gred_buf *close, const char *p,
	size_t len, const text_types *types);

/* One op rewritten: line `line` (and for regions, line `close`, else
** close == line) becomes text [at, at + open_len) of the rewrites, and
** line close [at + open_len, at + open_len + close_len). */
typedef struct text_rewrite {
	size_t line, close;
	size_t at, open_len, close_len;
} text_rewrite;

typedef struct text_rewrites {
	text_rewrite *v;
	size_t n, cap;
	gred_buf text;
} text_rewrites;

/* Every op of text p in custom syntax of a dialect ctx does not know,
** with its rewrite, in order of lines (line k being bytes line[k] ..
** line[k + 1], nline lines). */
void text_rewrites_find(text_rewrites *out, const char *p,
	const size_t *line, size_t nline, MlirContext ctx);
void text_rewrites_free(text_rewrites *r);

#endif

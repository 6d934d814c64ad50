/*
** MLIR loading and printing: a context with every dialect (unknown ones
** allowed), parsing with the first error kept as file:line:col, and
** printing of verified IR only.
*/
#include "mlir_io.h"

#include <mlir-c/Diagnostics.h>
#include <mlir-c/RegisterEverything.h>
#include <string.h>

MlirContext ir_context_new(void)
{
	MlirDialectRegistry reg = mlirDialectRegistryCreate();
	MlirContext ctx = mlirContextCreateWithThreading(false);

	mlirRegisterAllDialects(reg);
	mlirContextAppendDialectRegistry(ctx, reg);
	mlirDialectRegistryDestroy(reg);
	mlirContextSetAllowUnregisteredDialects(ctx, true);
	return ctx;
}

char *ir_strdup(MlirStringRef s)
{
	return xstrndup(s.length ? s.data : "", s.length);
}

static void append_cb(MlirStringRef s, void *user)
{
	if (s.length)
		buf_append(user, s.data, s.length);
}

/* Collects the first error diagnostic as "file:line:col: message". */
typedef struct diag_sink {
	gred_buf text;
	int seen;
	const char *name; /* replaces an empty source name in locations */
} diag_sink;

/* Turns `loc("f.mlir":3:7)` (possibly nested in callsite/fused forms)
** into `f.mlir:3:7`; anything else is kept as printed. */
static void append_location(gred_buf *b, MlirLocation loc, const char *name)
{
	gred_buf raw = {0};
	const char *s, *q, *end;

	mlirLocationPrint(loc, append_cb, &raw);
	s = raw.data ? raw.data : "";
	q = strchr(s, '"');
	end = q ? strchr(q + 1, '"') : NULL;
	if (q && end && end[1] == ':') {
		const char *tail = end + 2;
		size_t n = strspn(tail, "0123456789:");
		if (name && (end == q + 1 || (end == q + 2 && q[1] == '-')))
			buf_puts(b, name);
		else
			buf_append(b, q + 1, (size_t)(end - q - 1));
		buf_puts(b, ":");
		buf_append(b, tail, n);
	} else {
		buf_puts(b, s);
	}
	buf_free(&raw);
}

static MlirLogicalResult diag_cb(MlirDiagnostic d, void *user)
{
	diag_sink *sink = user;

	if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError || sink->seen)
		return mlirLogicalResultSuccess();
	sink->seen = 1;
	append_location(&sink->text, mlirDiagnosticGetLocation(d), sink->name);
	buf_puts(&sink->text, ": ");
	mlirDiagnosticPrint(d, append_cb, &sink->text);
	return mlirLogicalResultSuccess();
}

/*
** MLIR's parser is recursive: each nested region, attribute, type or
** parenthesis takes stack, and about 2,100 nested regions overflow the
** default 8 MB stack inside the parser (mlir::Lexer::lexToken), killing
** the process where no diagnostic can report it. So text is scanned for
** bracket depth first, outside strings and `//` comments: ( [ { count
** always, < only until its > (a > that closes nothing is `->`, `>=` or
** an error the parser reports). IR_MAX_NEST is far below any crash (the
** shallowest, regions, needs over 4,000 brackets) and far above what
** real programs use.
*/
long ir_nest_depth(const char *text, size_t len, size_t limit,
	size_t *at)
{
	unsigned char angle[(IR_MAX_NEST + 8) / 8] = {0};
	size_t depth = 0, top = 0, i;

	if (limit > IR_MAX_NEST)
		limit = IR_MAX_NEST;
	for (i = 0; i < len; i++) {
		char c = text[i];

		if (c == '"') {
			for (i++; i < len && text[i] != '"'; i++)
				if (text[i] == '\\')
					i++;
		} else if (c == '/' && i + 1 < len && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
		} else if (c == '(' || c == '[' || c == '{' || c == '<') {
			if (depth == limit) {
				if (at)
					*at = i;
				return -1;
			}
			if (c == '<')
				angle[depth / 8] |= (unsigned char)(1u << depth % 8);
			else
				angle[depth / 8] &= (unsigned char)~(1u << depth % 8);
			depth++;
			if (depth > top)
				top = depth;
		} else if (c == '>') {
			if (depth && angle[(depth - 1) / 8] & 1u << (depth - 1) % 8)
				depth--;
		} else if (c == ')' || c == ']' || c == '}') {
			/* An unclosed < before it (a stray one) ends with it. */
			while (depth && angle[(depth - 1) / 8] & 1u << (depth - 1) % 8)
				depth--;
			if (depth)
				depth--;
		}
	}
	return (long)top;
}

/* Where byte at falls in text, as line:col. */
static void line_col(const char *text, size_t at, size_t *line, size_t *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < at; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int ir_parse(MlirOperation *out, MlirContext ctx, const char *text,
	size_t len, const char *name, gred_error *e)
{
	return ir_parse_flags(out, ctx, text, len, name, 0, e);
}

int ir_parse_flags(MlirOperation *out, MlirContext ctx, const char *text,
	size_t len, const char *name, int flags, gred_error *e)
{
	diag_sink sink = {0};
	MlirDiagnosticHandlerID id;
	MlirModule mod;
	size_t at, line, col;

	/* (Bytecode, with its magic number, is not text.) */
	if (!(len >= 4 && !memcmp(text, "ML\xefR", 4)) &&
	    ir_nest_depth(text, len, IR_MAX_NEST, &at) < 0) {
		line_col(text, at, &line, &col);
		return gred_errorf(e, "%s:%zu:%zu: nesting deeper than %d brackets, "
			"past what the MLIR parser survives", name, line, col, IR_MAX_NEST);
	}

	/* The module parser wraps several top-level ops in an implicit
	** module, as mlir-opt does; its locations carry no file name, so
	** diagnostics get ours. */
	sink.name = name;
	id = mlirContextAttachDiagnosticHandler(ctx, diag_cb, &sink, NULL);
	mod = flags & IR_PARSE_VERIFIED ?
		ir_module_parse_unverified(ctx, mlirStringRefCreate(text, len)) :
		mlirModuleCreateParse(ctx, mlirStringRefCreate(text, len));
	mlirContextDetachDiagnosticHandler(ctx, id);
	if (mlirModuleIsNull(mod)) {
		gred_errorf(e, "%s", sink.seen ? sink.text.data :
			"cannot parse MLIR");
		buf_free(&sink.text);
		return -1;
	}
	buf_free(&sink.text);
	*out = mlirModuleGetOperation(mod);
	return 0;
}

int ir_verify(MlirOperation op, gred_error *e)
{
	MlirContext ctx = mlirOperationGetContext(op);
	diag_sink sink = {0};
	MlirDiagnosticHandlerID id;
	bool ok;

	id = mlirContextAttachDiagnosticHandler(ctx, diag_cb, &sink, NULL);
	ok = mlirOperationVerify(op);
	mlirContextDetachDiagnosticHandler(ctx, id);
	if (!ok)
		gred_errorf(e, "%s", sink.seen ? sink.text.data :
			"verification failed");
	buf_free(&sink.text);
	return ok ? 0 : -1;
}

int ir_print_to(MlirOperation op, int flags, gred_write_fn *write, void *user,
	gred_error *e)
{
	MlirOpPrintingFlags pf;

	if (!(flags & IR_PRINT_VERIFIED) && ir_verify(op, e) < 0)
		return -1;
	pf = mlirOpPrintingFlagsCreate();
	if (flags & IR_PRINT_GENERIC)
		mlirOpPrintingFlagsPrintGenericOpForm(pf);
	if (flags & IR_PRINT_LOCATIONS)
		mlirOpPrintingFlagsEnableDebugInfo(pf, true, false);
	if (flags & IR_PRINT_LOCAL)
		mlirOpPrintingFlagsUseLocalScope(pf);
	mlirOpPrintingFlagsAssumeVerified(pf);
	ir_print_buffered(op, pf, write, user);
	mlirOpPrintingFlagsDestroy(pf);
	write(user, "\n", 1);
	return 0;
}

int ir_print(gred_buf *out, MlirOperation op, int flags, gred_error *e)
{
	return ir_print_to(op, flags, buf_write, out, e);
}

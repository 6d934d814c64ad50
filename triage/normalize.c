/*
** Normalisation: what must not make two reports of one bug differ
** (addresses, template arguments, lambda numbers, build paths, numbers).
*/
#include <ctype.h>
#include <string.h>

#include "parse.h"

#define MAX_MESSAGE 200

const char *tri_basename(const char *s, size_t n, size_t *outn)
{
	size_t i = n;

	while (i > 0 && s[i - 1] != '/' && s[i - 1] != '\\')
		i--;
	*outn = n - i;
	return s + i;
}

static int ends_with(const gred_buf *b, const char *w)
{
	size_t n = strlen(w);

	return b->len >= n && !memcmp(b->data + b->len - n, w, n);
}

static int starts(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	return n >= k && !memcmp(s, w, k);
}

/* Skips a balanced group starting at s[i] (one of "<({["); returns the
** index after it, or n if it never closes (a truncated name). */
static size_t skip_group(const char *s, size_t n, size_t i)
{
	int depth = 0;

	for (; i < n; i++) {
		char c = s[i];
		if (c == '<' || c == '(' || c == '{' || c == '[')
			depth++;
		else if ((c == '>' || c == ')' || c == '}' || c == ']') && --depth == 0)
			return i + 1;
	}
	return n;
}

/* Rust's symbol hash, "::h0123456789abcdef", off the end of the name
** b holds from start on. */
static void drop_rust_hash(gred_buf *b, size_t start)
{
	size_t k;

	if (b->len - start <= 19 || memcmp(b->data + b->len - 19, "::h", 3))
		return;
	for (k = b->len - 16; k < b->len && isxdigit((unsigned char)b->data[k]); k++)
		;
	if (k == b->len)
		b->len -= 19;
}

/*
** Turns a demangled C++ or Rust symbol into a stable name:
** "void mlir::detail::walk<mlir::ForwardIterator>(mlir::Operation*, ...)"
** becomes "mlir::detail::walk", "(anonymous namespace)::Foo::bar(int) const"
** becomes "Foo::bar", "{lambda(int)#2}" becomes "{lambda}", "$_12" "$_",
** and Rust's "::h0123456789abcdef" hash suffix goes.
*/
void tri_norm_func(gred_buf *out, const char *s, size_t n)
{
	gred_buf b = {0};
	size_t i, start, last_space = 0;
	int have_space = 0;

	if (n > 1024)
		n = 1024;
	buf_grow(&b, n + 16);
	for (i = 0; i < n;) {
		char c = s[i];

		if (starts(s + i, n - i, "(anonymous namespace)::")) {
			i += 23;
		} else if (starts(s + i, n - i, "{anonymous}::")) {
			i += 13;
		} else if (starts(s + i, n - i, "`anonymous namespace'::")) {
			i += 23;
		} else if (ends_with(&b, "operator") &&
			   (c == '<' || c == '>' || c == '(' || c == '[' ||
			    c == '-' || c == '=' || c == '!')) {
			/* operator<<, operator(), operator[], operator-> ... */
			size_t k = i;
			if (c == '(' && k + 1 < n && s[k + 1] == ')')
				k += 2;
			else if (c == '[' && k + 1 < n && s[k + 1] == ']')
				k += 2;
			else
				while (k < n && strchr("<>=!-", s[k]))
					k++;
			buf_append(&b, s + i, k - i);
			i = k;
		} else if (c == '<' || c == '(') {
			i = skip_group(s, n, i);
		} else if (c == '[') {
			/* [abi:cxx11], [clone .cold] */
			size_t k = skip_group(s, n, i);
			while (b.len && b.data[b.len - 1] == ' ')
				b.len--;
			i = k;
		} else if (c == '{') {
			/* {lambda(int)#1}, {{closure}}: keep the word only */
			size_t k = i, end = skip_group(s, n, i);
			while (k < end && !isalpha((unsigned char)s[k]))
				k++;
			buf_puts(&b, "{");
			while (k < end && (isalnum((unsigned char)s[k]) || s[k] == '_'))
				buf_append(&b, &s[k++], 1);
			buf_puts(&b, "}");
			i = end;
		} else if (c == '$' && i + 1 < n && s[i + 1] == '_') {
			buf_puts(&b, "$_");
			i += 2;
			while (i < n && isdigit((unsigned char)s[i]))
				i++;
		} else if (c == '\'' && starts(s + i, n - i, "'lambda")) {
			buf_puts(&b, "'lambda'");
			i = i + 7;
			while (i < n && s[i] != '\'')
				i++;
			i++;
		} else if (c == ' ' && ends_with(&b, " ")) {
			i++;
		} else {
			buf_append(&b, &c, 1);
			i++;
		}
	}
	/* Trailing qualifiers. */
	for (;;) {
		while (b.len && (b.data[b.len - 1] == ' ' || b.data[b.len - 1] == '&'))
			b.len--;
		if (ends_with(&b, " const"))
			b.len -= 6;
		else if (ends_with(&b, " volatile"))
			b.len -= 9;
		else
			break;
	}
	if (b.data)
		b.data[b.len] = 0;
	/* Return type: keep what follows the last space, unless that space
	** belongs to "operator new" and the like. */
	for (i = 0; i < b.len; i++) {
		if (b.data[i] != ' ')
			continue;
		if (i >= 8 && !memcmp(b.data + i - 8, "operator", 8))
			continue;
		last_space = i;
		have_space = 1;
	}
	start = have_space ? last_space + 1 : 0;
	/* Clang spells a reference or pointer return type "T &f", GCC
	** "T& f": neither is part of the name. */
	while (start < b.len && (b.data[start] == '&' || b.data[start] == '*'))
		start++;
	drop_rust_hash(&b, start);
	/* Compiler clones and PLT stubs: foo.cold, foo.isra.0, foo@plt. */
	{
		size_t k, comp = start;
		for (k = start; k + 1 < b.len; k++)
			if (b.data[k] == ':' && b.data[k + 1] == ':')
				comp = k + 2;
		for (k = comp; k < b.len; k++)
			if ((b.data[k] == '.' && k > comp) || b.data[k] == '@') {
				b.len = k;
				break;
			}
	}
	if (b.len - start > TRI_MAX_NAME)
		b.len = start + TRI_MAX_NAME;
	if (b.len > start)
		buf_append(out, b.data + start, b.len - start);
	buf_free(&b);
}

static int is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
** A Rust method on a type or trait, "<rustc_x[3527dd3ab8e93e18]::T as
** core::ops::Fn>::call::h0123456789abcdef": kept whole (the type names
** the method), without the crate hashes and the symbol hash, which each
** build has its own of.
*/
void tri_norm_rust_qualified(gred_buf *out, const char *s, size_t n)
{
	size_t i = 0, k, start = out->len;

	while (i < n) {
		if (s[i] == '[' && i > 0 && is_word(s[i - 1])) {
			for (k = i + 1; k < n && isxdigit((unsigned char)s[k]); k++)
				;
			if (k < n && s[k] == ']' && k - i - 1 >= 4) {
				i = k + 1;
				continue;
			}
		}
		buf_append(out, s + i, 1);
		i++;
	}
	drop_rust_hash(out, start);
}

/* GCC spells integer types out where Clang does not. */
static const char *const int_spellings[][2] = {
	{"long long unsigned int", "unsigned long long"},
	{"long long int", "long long"},
	{"long unsigned int", "unsigned long"},
	{"short unsigned int", "unsigned short"},
	{"long int", "long"},
	{"short int", "short"},
	{"std::__cxx11::", "std::"},
	{"std::__1::", "std::"},
	{"> >", ">>"},
};

/* Appends type s the same way from GCC and Clang: integer names, inline
** namespaces of the standard library, spacing. */
static void norm_type(gred_buf *out, const char *s, size_t n)
{
	size_t i = 0, k;

	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	while (i < n) {
		for (k = 0; k < sizeof(int_spellings) / sizeof(int_spellings[0]); k++) {
			const char *w = int_spellings[k][0];
			size_t wn = strlen(w);
			if (starts(s + i, n - i, w) &&
			    (!is_word(w[0]) || i == 0 || !is_word(s[i - 1])) &&
			    (!is_word(w[wn - 1]) || i + wn == n || !is_word(s[i + wn])))
				break;
		}
		if (k < sizeof(int_spellings) / sizeof(int_spellings[0])) {
			buf_puts(out, int_spellings[k][1]);
			i += strlen(int_spellings[k][0]);
			/* "> > >": the last '>' may close another pair */
			if (s[i - 1] == '>' && i < n && s[i] == ' ' && i + 1 < n &&
			    s[i + 1] == '>')
				i++;
		} else {
			buf_append(out, &s[i], 1);
			i++;
		}
	}
}

/*
** The template arguments a pretty function name (__PRETTY_FUNCTION__)
** lists at its end, " [with T = long int; reference = ...]" from GCC,
** " [T = long]" from Clang, as " [T = long]": only the bindings of
** template parameters (names from an upper-case letter, as T, _Tp, To;
** not the typedefs GCC adds nor its unnamed parameters), types spelled
** alike. Nothing if there are none.
*/
void tri_norm_template_args(gred_buf *out, const char *s, size_t n)
{
	size_t i, open = n, start, nb = 0;
	int depth = 0;

	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (!n || s[n - 1] != ']')
		return;
	for (i = n; i-- > 0;) {
		if (s[i] == ']' || s[i] == '>' || s[i] == ')')
			depth++;
		else if ((s[i] == '[' || s[i] == '<' || s[i] == '(') && --depth == 0) {
			open = i;
			break;
		}
	}
	if (open == n || s[open] != '[')
		return;
	start = open + 1;
	if (starts(s + start, n - 1 - start, "with "))
		start += 5;
	for (i = start, depth = 0; i <= n - 1; i++) {
		const char *eq, *name;
		size_t k, nn;

		if (i < n - 1 && (s[i] == '<' || s[i] == '(' || s[i] == '['))
			depth++;
		else if (i < n - 1 && (s[i] == '>' || s[i] == ')' || s[i] == ']'))
			depth--;
		if (i < n - 1 && (depth > 0 || (s[i] != ';' && s[i] != ',')))
			continue;
		/* one binding: s[start, i) is "[type] NAME = value" */
		eq = memchr(s + start, '=', i - start);
		if (eq) {
			k = (size_t)(eq - s);
			while (k > start && s[k - 1] == ' ')
				k--;
			nn = 0;
			while (k > start && is_word(s[k - 1])) {
				k--;
				nn++;
			}
			name = s + k;
			if (nn && (isupper((unsigned char)name[0]) || (name[0] == '_' &&
			    nn > 1 && isupper((unsigned char)name[1])))) {
				buf_puts(out, nb++ ? ", " : " [");
				buf_append(out, name, nn);
				buf_puts(out, " = ");
				norm_type(out, eq + 1, (size_t)(s + i - eq - 1));
			}
		}
		start = i + 1;
	}
	if (nb)
		buf_puts(out, "]");
}

/* A run of 12 or more hex digits, digits and letters, that is a word of
** its own: a 64-bit address (an HRESULT, 8 digits, is an error code). */
static int long_hex(const char *s, size_t n)
{
	size_t k = 0;
	int digit = 0, letter = 0;

	for (; k < n && isxdigit((unsigned char)s[k]); k++) {
		digit |= isdigit((unsigned char)s[k]);
		letter |= isalpha((unsigned char)s[k]);
	}
	return k >= 12 && digit && letter && (k == n || !is_word(s[k]));
}

/* A Windows path: "D:\a\_work\1\s\onnxruntime\core/graph/model.cc". */
static int drive_path(const char *s, size_t n)
{
	return n > 3 && isalpha((unsigned char)s[0]) && s[1] == ':' &&
		(s[2] == '\\' || s[2] == '/') && !isspace((unsigned char)s[3]);
}

/* "[0d8e]::" or "[c49fdc62f524f5ae]::": a Rust crate's hash, 4 or 16
** hex digits, before a path's next name. */
static int crate_hash(const char *s, size_t n)
{
	size_t k = 1;

	while (k < n && k <= 17 && isxdigit((unsigned char)s[k]))
		k++;
	return (k == 5 || k == 17) && k + 2 < n && s[k] == ']' &&
		s[k + 1] == ':' && s[k + 2] == ':';
}

/* The length of a relative source path with a line after it
** ("src/ir/verify.cc:88", "compiler\rustc_x\src\lib.rs:9"): a name
** with a directory and an extension, then a colon and a digit; else 0. */
static size_t source_path(const char *s, size_t n)
{
	size_t k = 0, dot = 0;
	int dir = 0;

	for (; k < n && (is_word(s[k]) || (s[k] && strchr("./\\-", s[k]))); k++) {
		if (s[k] == '/' || s[k] == '\\') {
			dir = 1;
			dot = 0;
		} else if (s[k] == '.') {
			dot = k;
		}
	}
	return dir && dot && dot + 1 < k && k + 1 < n && s[k] == ':' &&
		isdigit((unsigned char)s[k + 1]) ? k : 0;
}

/* The length of a URL's "scheme://" that starts s, or 0. */
static size_t url_scheme(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && k < 12 && (isalnum((unsigned char)s[k]) || s[k] == '+' ||
	       s[k] == '-' || s[k] == '.'))
		k++;
	return k >= 2 && k + 3 <= n && !memcmp(s + k, "://", 3) ? k + 3 : 0;
}

/*
** Messages keep their words and drop what varies between runs of one
** bug: hex and decimal numbers that stand alone (sizes, addresses, pids;
** "i32", "4x3" stay), the shaped IR types of the input ("memref<?>"),
** directories of paths (a Windows drive's too), URLs, colour codes, extra
** spaces. NORM_VERBATIM keeps all but colour and spacing (assertion expressions
** are source text); NORM_VALUES also blanks quoted values, which Python
** and JavaScript messages copy from the input ("KeyError: 'x'");
** NORM_CODE the code rustc quotes from the program it compiles;
** NORM_NAMES blanks them too but keeps a quoted name or type ("The getter
** 'isEof'", "type 'List<int>'"), which Dart's messages quote.
*/
/* Whether a quoted piece is a name or a type as a program spells it:
** "isEof", "_Map<String, dynamic>", "Null?". */
static int is_quoted_name(const char *s, size_t n)
{
	size_t i;
	int depth = 0;

	if (!n || !(isalpha((unsigned char)s[0]) || s[0] == '_' || s[0] == '$'))
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '<')
			depth++;
		else if (s[i] == '>')
			depth--;
		else if (!is_word(s[i]) && !strchr("$.?", s[i]) &&
			 !(depth > 0 && (s[i] == ',' || s[i] == ' ')))
			return 0;
	}
	return depth == 0;
}

/* A message cut at its limit ends where a character ends: the bytes of
** a UTF-8 sequence the cut split (after start) go. */
static void utf8_trim(gred_buf *out, size_t start)
{
	size_t k = out->len, back;
	unsigned char lead;

	for (back = 0; back < 4 && k > start; back++) {
		lead = (unsigned char)out->data[--k];
		if ((lead & 0xC0) == 0x80)
			continue;  /* a continuation byte */
		if (lead >= 0xC0 && back + 1 < (size_t)(lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2)) {
			out->len = k;
			out->data[k] = 0;
		}
		return;
	}
}

void tri_norm_message(gred_buf *out, const char *s, size_t n, int mode)
{
	size_t i = 0, k, start = out->len;
	int space = 0;

	while (i < n && isspace((unsigned char)s[i]))
		i++;
	while (i < n && out->len - start < MAX_MESSAGE) {
		char c = s[i];
		int tokstart = i == 0 || strchr(" \t'\"`(=:,[", s[i - 1]);

		if (c == 0x1b) {
			i++;
			if (i < n && s[i] == '[') {
				while (i < n && !isalpha((unsigned char)s[i]))
					i++;
				i++;
			}
			continue;
		}
		if (isspace((unsigned char)c)) {
			space = 1;
			i++;
			continue;
		}
		if (space) {
			buf_puts(out, " ");
			space = 0;
		}
		if ((((mode == NORM_VALUES || mode == NORM_NAMES) && (c == '\'' || c == '"')) ||
		     (mode == NORM_CODE && c == '`')) && tokstart) {
			/* a quoted value: 'shape', "nope" */
			const char *q = memchr(s + i + 1, c, n - i - 1);
			if (q && q - (s + i) <= 80 && !(mode == NORM_NAMES &&
			    is_quoted_name(s + i + 1, (size_t)(q - s - i - 1)))) {
				buf_append(out, &c, 1);
				buf_puts(out, "?");
				buf_append(out, &c, 1);
				i = (size_t)(q - s) + 1;
				continue;
			}
		}
		if (mode == NORM_VALUES && tokstart && (starts(s + i, n - i, "name (") ||
		    starts(s + i, n - i, "Node ("))) {
			/* a node name copied from the model: onnxruntime's "Op with
			** name (n4/MatmulTransposeFusion/) domain (...)", "Node (n6)
			** Op (MatMul)" */
			const char *q = memchr(s + i, ')', n - i);
			if (q && q - (s + i) <= 200 && !memchr(s + i + 6, ' ',
			    (size_t)(q - (s + i + 6)))) {
				buf_append(out, s + i, 6);
				buf_puts(out, "?)");
				i = (size_t)(q - s) + 1;
				continue;
			}
		}
		if (mode != NORM_VERBATIM && i > 0 && s[i - 1] == '\'' &&
		    (starts(s + i, n - i, "struct ") || starts(s + i, n - i, "class ") ||
		     starts(s + i, n - i, "union ") || starts(s + i, n - i, "enum "))) {
			/* GCC's "type 'struct Node'" is Clang's "type 'Node'" */
			while (s[i] != ' ')
				i++;
			i++;
			continue;
		}
		if (mode == NORM_VERBATIM) {
			buf_append(out, &c, 1);
			i++;
			continue;
		}
		if ((i == 0 || !is_word(s[i - 1])) && (starts(s + i, n - i, "memref<") ||
		    starts(s + i, n - i, "tensor<") || starts(s + i, n - i, "vector<"))) {
			/* an IR type copied from the input, like a number:
			** "memref<1xf32>", "memref<2xmemref<3xf32>>" */
			size_t k = (size_t)(strchr(s + i, '<') - s), depth = 0;
			for (; k < n; k++) {
				if (s[k] == '<')
					depth++;
				else if (s[k] == '>' && !--depth)
					break;
			}
			if (k < n) {
				buf_append(out, s + i, (size_t)(strchr(s + i, '<') - (s + i)));
				buf_puts(out, "<?>");
				i = k + 1;
				continue;
			}
		}
		if ((i == 0 || !is_word(s[i - 1])) && starts(s + i, n - i, "DefId(")) {
			/* the item of the user's crate a Rust compiler's report
			** names: "DefId(28:2987 ~ wgpu_core[0d8e]::track::f)" */
			buf_puts(out, "DefId(?)");
			i = skip_group(s, n, i + 5);
			continue;
		}
		if (isalpha((unsigned char)c) && (i == 0 || !is_word(s[i - 1])) &&
		    (k = url_scheme(s + i, n - i))) {
			/* a URL: the input's or the user's, not the bug's
			** ("https://deno.land/x/mod.ts", "file:///F:/a.ts") */
			for (k += i; k < n && !strchr(" \t'\"`()<>,;]", s[k]); k++)
				;
			buf_puts(out, "<url>");
			i = k;
			continue;
		}
		if (c == '[' && i > 0 && is_word(s[i - 1]) && crate_hash(s + i, n - i)) {
			/* a Rust crate's disambiguator: "std[c49fdc62f524f5ae]::",
			** "wgpu_core[0d8e]::" */
			buf_puts(out, "[?]");
			i = (size_t)((const char *)memchr(s + i, ']', n - i) - s) + 1;
			continue;
		}
		if (tokstart && is_word(c) && (k = source_path(s + i, n - i))) {
			/* a source file named from its tree, as a compiler's own
			** report gives it: "compiler/rustc_middle/src/ty/sty.rs:12:",
			** with Windows' separators in a Windows build */
			size_t bn;
			const char *base = tri_basename(s + i, k, &bn);
			buf_append(out, base, bn);
			i += k;
			continue;
		}
		if (c == '0' && i + 2 < n && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
		    isxdigit((unsigned char)s[i + 2]) && (i == 0 || !is_word(s[i - 1]))) {
			i += 2;
			while (i < n && isxdigit((unsigned char)s[i]))
				i++;
			buf_puts(out, "0x?");
			continue;
		}
		if (i >= 4 && !memcmp(s + i - 4, "tid(", 4) && isxdigit((unsigned char)c)) {
			/* a Windows exception's thread: "Exception(3) tid(1b6c)" */
			while (i < n && isxdigit((unsigned char)s[i]))
				i++;
			buf_puts(out, "N");
			continue;
		}
		if (isxdigit((unsigned char)c) && (i == 0 || !is_word(s[i - 1])) &&
		    long_hex(s + i, n - i)) {
			/* an address printed without "0x": "DLL!00007FF9AB78E70A" */
			while (i < n && isxdigit((unsigned char)s[i]))
				i++;
			buf_puts(out, "0x?");
			continue;
		}
		if (isdigit((unsigned char)c) && (i == 0 || !is_word(s[i - 1]))) {
			size_t k = i;
			while (k < n && isdigit((unsigned char)s[k]))
				k++;
			if (k == n || !(isalpha((unsigned char)s[k]) || s[k] == '_')) {
				buf_puts(out, "N");
				i = k;
				/* a list of numbers copied from the input is as
				** long as the input's: "[1, 1]" and "[1]" alike */
				while (mode == NORM_VALUES && i + 2 < n && s[i] == ',' &&
				       s[i + 1] == ' ' && isdigit((unsigned char)s[i + 2])) {
					k = i + 2;
					while (k < n && isdigit((unsigned char)s[k]))
						k++;
					if (k < n && (isalpha((unsigned char)s[k]) || s[k] == '_'))
						break;
					i = k;
				}
				continue;
			}
		}
		if (tokstart && (c == '/' || (c == '.' && i + 1 < n && s[i + 1] == '/') ||
		    drive_path(s + i, n - i))) {
			size_t k = drive_path(s + i, n - i) ? i + 2 : i, bn;
			const char *base;
			while (k < n && !strchr(" \t'\"`():,;]", s[k]))
				k++;
			base = tri_basename(s + i, k - i, &bn);
			buf_append(out, base, bn);
			i = k;
			continue;
		}
		buf_append(out, &c, 1);
		i++;
	}
	if (i < n)
		utf8_trim(out, start);
}

/*
** LLVM's instruction selector names the nodes of its selection DAG by
** number in new releases ("Cannot select: t117: v8i64 = X86ISD::PCMPEQ
** t100, t99") and by address in old ones ("0x7f8f9e8b17d0: v8i64 = ...
** 0x7f8f9e8839a0, ..."): each reference becomes "t?", the node's type
** and opcode stay. Appends s so changed to out.
*/
void tri_norm_dag_nodes(gred_buf *out, const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n) {
		int tok = i == 0 || !is_word(s[i - 1]);

		k = i;
		if (tok && s[i] == 't' && i + 1 < n && isdigit((unsigned char)s[i + 1]))
			for (k = i + 1; k < n && isdigit((unsigned char)s[k]); k++)
				;
		else if (tok && s[i] == '0' && i + 2 < n && s[i + 1] == 'x' &&
			 isxdigit((unsigned char)s[i + 2]))
			for (k = i + 2; k < n && isxdigit((unsigned char)s[k]); k++)
				;
		if (k > i && (k == n || !is_word(s[k]))) {
			buf_puts(out, "t?");
			i = k;
		} else {
			buf_append(out, &s[i], 1);
			i++;
		}
	}
}

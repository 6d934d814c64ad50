# gred reduce --same-crash and --match: no script, and no slipping to
# another bug. The target segfaults in one function while the file has a
# mulf, and else aborts in another while it has an addf: a plain "it
# crashes" test would let the reduction trade the first bug for the second.
. "$(dirname "$0")/../lib/e2e.sh"
cat >"$T/target.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char text[1 << 20];
static int *volatile nowhere;
__attribute__((noinline)) static void mulf_bug(void) { *nowhere = 1; }
__attribute__((noinline)) static void addf_bug(void) { abort(); }
int main(int argc, char **argv) {
	FILE *f = fopen(argv[argc - 1], "r");
	size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
	text[n] = 0;
	if (strstr(text, "arith.mulf")) mulf_bug();
	if (strstr(text, "arith.addf")) addf_bug();
	return 0;
}
C
cc -g -O1 -o "$T/target" "$T/target.c"
cp "$GRED_SRC/test/cases/mulf_feeds_addf/input.mlir" "$T/in.mlir"

"$GRED" reduce -j 2 -o "$T/same.mlir" "$T/in.mlir" --same-crash -- "$T/target" 2>"$T/err" || fail "--same-crash: $(cat "$T/err")"
if grep -q "arith.mulf" "$T/same.mlir" && ! grep -q "arith.addf" "$T/same.mlir" && [ "$(grep -c arith "$T/same.mlir")" -eq 1 ]; then pass; else fail "--same-crash kept: $(cat "$T/same.mlir")"; fi
if grep -q "keeping crash signature [0-9a-f]\{16\}" "$T/err"; then pass; else fail "no signature message: $(cat "$T/err")"; fi

# The -j 1 result is the same file.
"$GRED" reduce -j 1 -o "$T/same1.mlir" "$T/in.mlir" --same-crash -- "$T/target" 2>/dev/null
if cmp -s "$T/same.mlir" "$T/same1.mlir"; then pass; else fail "-j 1 and -j 2 differ"; fi

# --match: interesting iff the output matches; here, cat's output names addf.
"$GRED" reduce -o "$T/match.mlir" "$T/in.mlir" --match 'arith\.addf' -- cat 2>"$T/err" || fail "--match: $(cat "$T/err")"
if grep -q "arith.addf" "$T/match.mlir" && [ "$(grep -c arith "$T/match.mlir")" -eq 1 ]; then pass; else fail "--match kept: $(cat "$T/match.mlir")"; fi

expect_error "no crash to keep" "does not crash" "$GRED" reduce -o "$T/x.mlir" "$T/in.mlir" --same-crash -- cat
expect_error "missing command" "wants -- CMD" "$GRED" reduce "$T/in.mlir" --same-crash
if cmp -s "$T/in.mlir" "$GRED_SRC/test/cases/mulf_feeds_addf/input.mlir"; then pass; else fail "input modified"; fi
finish

# gred report: the Markdown of a bucket (filed by triage run) and of a
# reduced case given with its command: reproducer, minimal input,
# signature and top frames, versions. The reproducer is run and its crash
# signed independently; versions are compared with mlir-opt-19 --version.
. "$(dirname "$0")/../lib/e2e.sh"
CASE="$GRED_SRC/test/cases/mlir_opt_remove_dead_values"
mkdir -p "$T/p/sub"
cd "$T/p"
cp "$CASE/input.mlir" crash.mlir
cp "$CASE/expected.mlir" small.mlir
"$GRED" triage run -- mlir-opt-19 --remove-dead-values crash.mlir >/dev/null 2>&1 || true
# The crash, signed from a log written here (not by gred).
mlir-opt-19 --remove-dead-values crash.mlir >/dev/null 2>"$T/log" || true
sig=$("$GRED" triage sig "$T/log" | sed -n 's/^signature //p')
version=$(mlir-opt-19 --version | sed -n '/[^ ]/{s/^ *//;p;q;}')

# A bucket, from a subdirectory (the store is found above).
cd sub
if "$GRED" report 1 >"$T/r1.md" 2>"$T/err"; then pass; else fail "report 1: $(cat "$T/err")"; fi
cd ..
if grep -q "^## Crash signature \`$sig\`" "$T/r1.md" && grep -q "^  1\. \`mlir::CallOpInterface::getArgOperands\`" "$T/r1.md"; then pass
else fail "bucket report: signature $sig or top frame missing: $(cat "$T/r1.md")"; fi
if grep -q "^- gred " "$T/r1.md" && grep -qF -- "- mlir-opt-19: $version" "$T/r1.md"; then pass
else fail "bucket report: versions: $(grep -A3 Versions "$T/r1.md")"; fi
if grep -q '^  "test.symbol_user"' "$T/r1.md"; then pass; else fail "bucket report lacks the input"; fi
# Its reproducer, run as written, crashes with the same signature.
sed -n '/^```sh$/,/^```$/p' "$T/r1.md" | sed '1d;$d' >"$T/repro.sh"
sh "$T/repro.sh" >/dev/null 2>"$T/log2" || true
if [ -s "$T/repro.sh" ] && [ "$("$GRED" triage sig "$T/log2" | sed -n 's/^signature //p')" = "$sig" ]; then pass
else fail "the reproducer does not crash the same way: $(cat "$T/repro.sh")"; fi

# The same bucket named by its smallest case.
if "$GRED" report crash.mlir -o "$T/r2.md" && cmp -s "$T/r1.md" "$T/r2.md"; then pass
else fail "report CASE (the bucket's smallest case) differs from report 1"; fi

# A reduced case with its command: the minimal input in full.
if "$GRED" report small.mlir -- mlir-opt-19 --remove-dead-values >"$T/r3.md" 2>"$T/err"; then pass
else fail "report small.mlir -- CMD: $(cat "$T/err")"; fi
sed -n '/^```mlir$/,/^```$/p' "$T/r3.md" | sed '1d;$d' >"$T/shown.mlir"
if cmp -s "$T/shown.mlir" small.mlir && grep -q "^## Crash signature \`$sig\`" "$T/r3.md" &&
   grep -q "^mlir-opt-19 --remove-dead-values small.mlir$" "$T/r3.md"; then pass
else fail "case report: $(cat "$T/r3.md")"; fi
expect_error "a case no bucket has" "no bucket" "$GRED" report "$CASE/test.sh"
expect_error "a case that does not crash" "does not crash" "$GRED" report small.mlir -- cat
finish

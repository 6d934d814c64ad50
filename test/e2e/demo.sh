# `gred demo`: the bundled mlir-opt-19 crash is filed, reduced with its
# signature kept, and reported.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 setarch
"$GRED" demo --dir "$T/d" -j 2 >"$T/out" 2>"$T/err" || { cat "$T/err"; fail "demo exited $?"; finish; exit 1; }
sig=$(sed -n 's/^\[2\/4\] triage   signature \([0-9a-f]*\):.*/\1/p' "$T/out")
if [ -n "$sig" ]; then pass; else fail "no signature line: $(cat "$T/out")"; fi
# The reduced case still crashes the same way.
setarch -R env -i "$(command -v mlir-opt-19)" --remove-dead-values <"$T/d/reduced.mlir" >/dev/null 2>"$T/log" || true
got=$("$GRED" triage sig "$T/log" | sed -n 's/^signature //p')
if [ "$got" = "$sig" ]; then pass; else fail "reduced case has signature '$got', want '$sig'"; fi
size=$(wc -c <"$T/d/reduced.mlir")
if [ "$size" -le 120 ] && [ "$size" -lt "$(wc -c <"$T/d/crash.mlir")" ]; then pass; else fail "reduced to $size bytes"; fi
if grep -q "^## Crash signature \`$sig\`" "$T/d/report.md" && grep -q "^func.func private @[a-z]*(index) -> (memref<?x?xf32>, f32)" "$T/d/report.md"; then pass; else fail "report lacks the signature or the case"; fi
if "$GRED" triage list --db "$T/d/.gred/triage.db" | grep "$sig" | grep -q "smallest: .*reduced.mlir"; then pass; else fail "crash not in the triage store with the reduced case as smallest"; fi
finish

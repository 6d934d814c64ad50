# Op deletion scales: a function of 10,000 same-typed arith.addf ops in a
# chain with one arith.mulf in the middle reduces to the mulf alone in at
# most 80 test runs (counted by the test script itself, so no timing
# plays a part). Deleting a chunk rewires its users through the whole
# chunk to the value feeding it; one op at a time would take thousands.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 awk
n=10000
awk -v n=$n 'BEGIN {
  print "func.func @f(%a: f32) -> f32 {"
  prev = "%a"
  for (i = 0; i < n; i++) {
    printf "  %%v%d = arith.%s %s, %%a : f32\n", i, (i == n / 2 ? "mulf" : "addf"), prev
    prev = "%v" i
  }
  printf "  return %s : f32\n}\n", prev
}' >"$T/chain.mlir"
mlir-opt-19 "$T/chain.mlir" -o /dev/null || fail "the generated chain does not parse"
cat >"$T/test.sh" <<EOS
#!/bin/sh
echo >>"$T/runs"
grep -q arith.mulf "\$1"
EOS
: >"$T/runs"
if "$GRED" reduce -j 2 -o "$T/out.mlir" "$T/chain.mlir" sh "$T/test.sh" 2>"$T/err"; then
  pass
else
  fail "gred: $(cat "$T/err")"
fi
runs=$(wc -l <"$T/runs")
if [ "$runs" -le 80 ]; then pass; else fail "$runs test runs for a $n-op chain, want <= 80"; fi
# judged by mlir-opt-19: valid, and exactly one op left besides the return
ops=$(mlir-opt-19 --mlir-print-op-generic "$T/out.mlir" | grep -c '^ *%[^ ]* = "' || true)
if [ "$ops" -eq 1 ] && grep -q arith.mulf "$T/out.mlir"; then pass; else
  fail "want the mulf alone, got $ops ops: $(cat "$T/out.mlir")"
fi
echo "$n-op chain: $runs test runs, $(wc -c <"$T/out.mlir") bytes"
finish

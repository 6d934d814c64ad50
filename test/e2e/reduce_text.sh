# Text mode on a file gred cannot parse (the custom syntax of a made-up
# dialect `foo`, in one function among 40 filler functions, ~300 lines):
# the result keeps the needed lines only, judged one-minimal by
# test/lib/one_minimal.py, and gred needs no more tests and ends with no
# more bytes than a plain line ddmin (bench/reduce_text_ddmin.py) on the
# same file and test: gred, at -j 1, reaches the line ddmin's final size
# (then goes further) within as many tests as the line ddmin runs in all.
# The test script itself logs each run's size and verdict.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 awk
awk 'BEGIN {
  for (k = 0; k < 40; k++) {
    if (k == 27) {
      print "func.func @victim(%arg0: f32) -> f32 {"
      print "  %0 = arith.addf %arg0, %arg0 : f32"
      print "  %1 = arith.mulf %0, %arg0 : f32"
      print "  foo.setup %1, %0 {level = 2} : f32"
      print "  %2 = arith.subf %1, %0 : f32"
      print "  foo.crash_here %2 then %1 : f32"
      print "  return %2 : f32"
      print "}"
    }
    printf "func.func @fill%d(%%arg0: f32, %%arg1: index) -> f32 {\n", k
    print "  %0 = arith.addf %arg0, %arg0 : f32"
    if (k % 3 == 0) {
      print "  %c0 = arith.constant 0 : index"
      print "  %c1 = arith.constant 1 : index"
      print "  %1 = scf.for %i = %c0 to %arg1 step %c1 iter_args(%x = %0) -> (f32) {"
      print "    %y = arith.mulf %x, %x : f32"
      print "    scf.yield %y : f32"
      print "  }"
    } else {
      print "  %1 = arith.mulf %0, %arg0 : f32"
    }
    print "  return %1 : f32"
    print "}"
  }
}' >"$T/input.mlir"
# stands for a compiler that knows foo (bench/reduce_text_test.sh): both
# foo lines, whole, taking defined values, and the rest parses and verifies
mkdir "$T/case"
cat >"$T/case/test.sh" <<EOS
#!/bin/sh
sh "$GRED_SRC/bench/reduce_text_test.sh" "\$1"
rc=\$?
echo "\$(wc -c <"\$1") \$rc" >>"$T/runs"
exit \$rc
EOS
cp "$T/input.mlir" "$T/case/input.mlir"
if mlir-opt-19 --allow-unregistered-dialect "$T/input.mlir" -o /dev/null 2>/dev/null; then
  fail "the input parses: text mode would not run"
fi
: >"$T/runs"
if "$GRED" reduce --stats -j 1 -o "$T/case/expected.mlir" "$T/input.mlir" \
    sh "$T/case/test.sh" 2>"$T/err"; then pass; else fail "gred: $(cat "$T/err")"; fi
grep -q 'text mode' "$T/err" && pass || fail "not reduced in text mode: $(cat "$T/err")"
gred_runs=$(wc -l <"$T/runs")
cp "$T/runs" "$T/gred.runs"
gred_bytes=$(wc -c <"$T/case/expected.mlir")
if "$PY" "$GRED_SRC/test/lib/one_minimal.py" "$T/case" >"$T/min" 2>&1 &&
   grep -q ', 0 removable$' "$T/min"; then pass; else
  fail "not one-minimal: $(cat "$T/min")"; cat "$T/case/expected.mlir" >&2
fi
: >"$T/runs"
"$PY" "$GRED_SRC/bench/reduce_text_ddmin.py" "$T/input.mlir" "$T/ddmin.mlir" \
  sh "$T/case/test.sh"
ddmin_runs=$(wc -l <"$T/runs")
ddmin_bytes=$(wc -c <"$T/ddmin.mlir")
# the first interesting run of gred's as small as the line ddmin's result
reach=$(awk -v b="$ddmin_bytes" '$2 == 0 && $1 <= b { print NR; exit }' "$T/gred.runs")
echo "gred: $gred_bytes bytes in $gred_runs tests ($ddmin_bytes bytes after ${reach:-?});" \
  "line ddmin: $ddmin_bytes bytes in $ddmin_runs tests"
[ -n "$reach" ] && [ "$reach" -le "$ddmin_runs" ] && pass ||
  fail "gred needed ${reach:-more than all its} tests to reach $ddmin_bytes bytes, line ddmin $ddmin_runs"
[ "$gred_bytes" -le "$ddmin_bytes" ] && pass || fail "gred left $gred_bytes bytes, line ddmin $ddmin_bytes"
finish

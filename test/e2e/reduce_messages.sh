# What gred reduce tells the user: a malformed .onnx is refused before any
# test runs (or cut as text with --text), a --match that never matches
# shows what the compiler printed, most tests timing out is said during
# the run and at the end, a finished reduction ends with one summary line,
# a .mlir file that does not parse is named where mlir-opt-19 names it,
# and in a pipe a progress line comes every --progress seconds.
. "$(dirname "$0")/../lib/e2e.sh"
CASES="$GRED_SRC/test/cases"
mkdir "$T/w"
cd "$T/w"

# A text file named .onnx: one clear line, the test never runs, no output.
echo "hello, not a model" >fake.onnx
printf '#!/bin/sh\ntouch "%s/ran"\nexit 0\n' "$T/w" >t.sh
chmod +x t.sh
expect_error "non-ONNX .onnx" "fake.onnx: not an ONNX model" "$GRED" fake.onnx ./t.sh
if [ -e ran ]; then fail "the test ran on a file that is not a model"; else pass; fi
if [ -e fake.reduced.onnx ]; then fail "fake.reduced.onnx written"; else pass; fi
# The same file cut as text with --text: a note, and a smaller file the
# test (a grep) still accepts.
printf 'line one\nkeep me\nline three\n' >bad.onnx
printf '#!/bin/sh\ngrep -q keep "$1"\n' >keep.sh
chmod +x keep.sh
if "$GRED" --text bad.onnx ./keep.sh 2>"$T/err" &&
   grep -q "^gred: bad.onnx: .*reducing it as text" "$T/err" &&
   grep -q keep bad.reduced.onnx && [ "$(wc -c <bad.reduced.onnx)" -lt "$(wc -c <bad.onnx)" ]; then
  pass; else fail "--text on a malformed .onnx: $(cat "$T/err")"; fi

# --match that never matches: the end of the compiler's output, and that
# the pattern did not match.
cp "$CASES/mulf_feeds_addf/input.mlir" in.mlir
set +e
"$GRED" reduce --match 'no such words' in.mlir -- mlir-opt-19 >"$T/out" 2>"$T/err"
rc=$?
set -e
if [ "$rc" -eq 1 ] && grep -q "^gred: in.mlir: mlir-opt-19: the pattern 'no such words' did not match" "$T/err" &&
   grep -q "arith.addf" "$T/err" && ! grep -q "printed nothing" "$T/err"; then
  pass; else fail "--match never matching: rc $rc: $(cat "$T/err")"; fi

# A finished reduction: one summary line with the real sizes and the path.
cp "$CASES/mulf_feeds_addf/test.sh" mt.sh
chmod +x mt.sh
"$GRED" -j 1 in.mlir ./mt.sh -o small.mlir 2>"$T/err" </dev/null
before=$(wc -c <in.mlir); after=$(wc -c <small.mlir)
last=$(tail -1 "$T/err")
case "$last" in
  "gred: in.mlir: $before -> $after bytes ("*"%), "*" test runs, "*" s; wrote small.mlir") pass ;;
  *) fail "summary line: '$last' (want $before -> $after bytes)" ;;
esac
if mlir-opt-19 --allow-unregistered-dialect small.mlir >/dev/null 2>&1; then pass; else fail "small.mlir does not verify"; fi
# In a pipe: progress lines every --progress seconds, before the summary.
"$GRED" --progress 0.001 in.mlir ./mt.sh -o piped.mlir 2>&1 </dev/null | cat >"$T/log"
if [ "$(grep -c '^gred: [0-9]* s: [0-9]*/'"$before"' bytes' "$T/log")" -ge 2 ] &&
   tail -1 "$T/log" | grep -q "wrote piped.mlir"; then
  pass; else fail "progress lines in a pipe: $(cat "$T/log")"; fi

# A .mlir file that does not parse: the parser's first error, at the
# line and column mlir-opt-19 gives, then text mode.
printf 'func.func @f(%%a: f32) -> f32 {\n  %%0 = arith.addf %%a, %%a : f32\n  %%1 = arith.mulf %%0, %%b : f32\n  return %%1 : f32\n}\n' >undef.mlir
printf '#!/bin/sh\ngrep -q arith.mulf "$1"\n' >mulf.sh
chmod +x mulf.sh
where=$(mlir-opt-19 undef.mlir 2>&1 >/dev/null | sed -n 's/^\(undef.mlir:[0-9]*:[0-9]*\): error: .*/\1/p' | head -1)
"$GRED" -j 2 undef.mlir ./mulf.sh 2>"$T/err" </dev/null || true
if [ -n "$where" ] && grep -q "^gred: $where: .*; reducing it as text until it parses" "$T/err" &&
   grep -q arith.mulf undef.reduced.mlir &&
   [ "$(wc -c <undef.reduced.mlir)" -lt "$(wc -c <undef.mlir)" ]; then
  pass; else fail "unparsable .mlir (mlir-opt-19: '$where'): $(cat "$T/err")"; fi

# Most tests time out: every candidate but the input itself sleeps.
printf "a\nb\nc\nd\ne\nf\n" >slow.txt.mlir
printf '#!/bin/sh\ncmp -s "$1" "%s/w/slow.txt.mlir" && exit 0\nsleep 30\n' "$T" >slow.sh
chmod +x slow.sh
"$GRED" -j 4 --timeout 1 slow.txt.mlir ./slow.sh 2>"$T/err" </dev/null || true
if grep -q "^gred: most tests time out ([0-9]* of [0-9]* runs so far" "$T/err" &&
   grep -q "^gred: most tests timed out: [0-9]* of [0-9]* runs" "$T/err" &&
   [ "$(grep -c 'most tests time out (' "$T/err")" -eq 1 ]; then
  pass; else fail "timeouts: $(cat "$T/err")"; fi
finish

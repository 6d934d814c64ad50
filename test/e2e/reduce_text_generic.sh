# Text mode's generic-form rewrite: the two ops of a made-up dialect `foo`
# in custom syntax stop gred's parser, and the test needs both, so no
# removal makes the file parse. Rewritten in generic form, the file
# parses, and the IR passes take it over (--stats shows them accepting
# changes). Judged by mlir-opt-19 (the output parses as it is: its foo
# ops are generic) and test/lib/one_minimal.py (no op can go).
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 awk sed
mkdir "$T/case"
{
  for k in 0 1 2 3 4 5; do
    printf 'func.func @fill%d(%%arg0: f32) -> f32 {\n' "$k"
    echo '  %0 = arith.mulf %arg0, %arg0 : f32'
    echo '  return %0 : f32'
    echo '}'
  done
  cat <<'EOF'
func.func @victim(%arg0: f32, %arg1: f32) -> f32 {
  %0 = arith.addf %arg0, %arg1 : f32
  %1 = arith.mulf %0, %arg0 : f32
  %2 = foo.mix %1, %0 {mode = 3} : f32
  %3 = arith.subf %2, %arg1 : f32
  foo.crash %2 : f32
  return %3 : f32
}
EOF
} >"$T/case/input.mlir"
# stands for a compiler that knows foo's syntax: its ops read into generic
# form; interesting iff the crash op's operand is a foo.mix result and the
# file parses and verifies
cat >"$T/case/test.sh" <<'EOF'
#!/bin/sh
sed -E \
  -e 's/^( *)(%[0-9a-z_]+) = foo\.mix (%[0-9a-z_]+), (%[0-9a-z_]+)( \{[^}]*\})? : f32$/\1\2 = "foo.mix"(\3, \4)\5 : (f32, f32) -> f32/' \
  -e 's/^( *)foo\.crash (%[0-9a-z_]+) : f32$/\1"foo.crash"(\2) : (f32) -> ()/' \
  "$1" >"$1.generic" || exit 1
awk '
  match($0, /^ *%[0-9a-z_]+ = "foo\.mix"\(/) { s = $1; mix[s] = 1 }
  match($0, /"foo\.crash"\(%[0-9a-z_]+\)/) { c = substr($0, RSTART + 12, RLENGTH - 13) }
  END { exit !(c != "" && (c in mix)) }' "$1.generic" || exit 1
mlir-opt-19 --allow-unregistered-dialect -o /dev/null "$1.generic" 2>/dev/null
EOF
if mlir-opt-19 --allow-unregistered-dialect "$T/case/input.mlir" -o /dev/null 2>/dev/null; then
  fail "the input parses: text mode would not run"
fi
sh "$T/case/test.sh" "$T/case/input.mlir" && pass || fail "the input is not interesting"
if "$GRED" reduce --stats -j 2 -o "$T/case/expected.mlir" "$T/case/input.mlir" \
    sh "$T/case/test.sh" >"$T/out" 2>"$T/err"; then pass; else fail "gred: $(cat "$T/err")"; fi
grep -q 'reducing it as text until it parses' "$T/err" && pass ||
  fail "not reduced as text first: $(cat "$T/err")"
# the stats table: pass, runs, accepted, ...
accepted() { awk -v p="$1" '$1 == p { n += $3 } END { print n + 0 }' "$T/err"; }
[ "$(accepted generic)" -ge 1 ] && pass ||
  fail "the generic pass accepted nothing: $(cat "$T/err")"
ir=0
for p in ops operands args outputs attrs functions; do ir=$((ir + $(accepted "$p"))); done
[ "$ir" -gt 0 ] && pass || fail "no IR pass accepted anything: $(cat "$T/err")"
if mlir-opt-19 --allow-unregistered-dialect "$T/case/expected.mlir" -o /dev/null 2>"$T/opt"; then
  pass; else fail "the output does not parse: $(cat "$T/opt")"; fi
grep -q '"foo.crash"' "$T/case/expected.mlir" && grep -q '"foo.mix"' "$T/case/expected.mlir" &&
  pass || fail "the foo ops are not in generic form: $(cat "$T/case/expected.mlir")"
if "$PY" "$GRED_SRC/test/lib/one_minimal.py" "$T/case" >"$T/min" 2>&1 &&
   grep -q ', 0 removable$' "$T/min"; then pass; else
  fail "not one-minimal: $(cat "$T/min")"; cat "$T/case/expected.mlir" >&2
fi
echo "$(wc -c <"$T/case/input.mlir") -> $(wc -c <"$T/case/expected.mlir") bytes:"
cat "$T/case/expected.mlir"
finish

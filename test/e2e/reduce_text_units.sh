# Text mode's rewriting units on a file gred cannot parse: a callee and a
# caller in the custom syntax of MLIR's test dialect (which gred lacks and
# mlir-opt-19 has), among filler functions that call each other, and a
# call that gred cannot verify inside a test.format_region_a_op, so text
# mode does it all. The test is mlir-opt-19 --inline itself
# (bench/reduce_text_inline_test.sh): the call is inlined into the
# region. Each unit must take its part, and mlir-opt-19 judges the
# output: blocks (a filler function goes with its callers), replace (a
# value's uses take an argument of its type, so its line goes), unwrap
# (the module and an scf.if around the region op go, their bodies stay),
# results (the functions lose their results), indent and rename.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 awk
mkdir "$T/case"
{
  echo 'module {'
  for k in 0 1 2 3 4 5 6 7; do
    printf 'func.func @fill%d(%%arg0: f32) -> f32 {\n' "$k"
    echo '  %0 = arith.mulf %arg0, %arg0 : f32'
    if [ "$k" -gt 0 ]; then
      printf '  %%1 = func.call @fill%d(%%0) : (f32) -> f32\n' $((k - 1))
      echo '  return %1 : f32'
    else
      echo '  return %0 : f32'
    fi
    echo '}'
    [ "$k" -eq 3 ] && cat <<'EOF'
func.func private @callee(%arg0: i64, %arg1: memref<1xf64>) -> i64 {
  %0 = test.format_types_match_var %arg0 : i64
  %1 = test.format_all_types_match_var %0, %arg0 : i64
  test.format_operand_a_op %1, %arg1 : i64, memref<1xf64>
  %2 = arith.addi %1, %0 : i64
  return %2 : i64
}
func.func @caller(%arg0: i64, %arg1: memref<1xf64>) -> i64 {
  %c1 = arith.constant 1 : i64
  %0 = arith.addi %arg0, %c1 : i64
  %true = arith.constant true
  scf.if %true {
    test.format_region_a_op {
      %1 = func.call @callee(%0, %arg1) : (i64, memref<1xf64>) -> i64
      "test.return"() : () -> ()
    }
  }
  %2 = test.format_types_match_var %0 : i64
  return %2 : i64
}
EOF
  done
  echo '}'
} >"$T/case/input.mlir"
cat >"$T/case/test.sh" <<EOS
#!/bin/sh
echo >>"$T/runs"
exec sh "$GRED_SRC/bench/reduce_text_inline_test.sh" "\$1"
EOS
: >"$T/runs"
sh "$T/case/test.sh" "$T/case/input.mlir" && pass || fail "the input is not interesting"
if "$GRED" reduce --stats -j 2 -o "$T/case/expected.mlir" "$T/case/input.mlir" \
    sh "$T/case/test.sh" >"$T/out" 2>"$T/err"; then pass; else fail "gred: $(cat "$T/err")"; fi
grep -q 'text mode' "$T/err" && pass || fail "not reduced in text mode: $(cat "$T/err")"
out=$T/case/expected.mlir
echo "$(wc -c <"$T/case/input.mlir") -> $(wc -c <"$out") bytes in $(wc -l <"$T/runs") tests:"
cat "$out"
# the judge: the output still holds (mlir-opt-19 parses it, and --inline
# moves the callee's op into the region)
cp "$out" "$T/judged.mlir"
sh "$GRED_SRC/bench/reduce_text_inline_test.sh" "$T/judged.mlir" && pass ||
  fail "the output does not hold"
# the stats table: pass, runs, accepted, ...
accepted() { awk -v p="$1" '$1 == p { n += $3 } END { print n + 0 }' "$T/err"; }
for unit in blocks replace unwrap results indent rename; do
  [ "$(accepted "$unit")" -ge 1 ] && pass || fail "$unit accepted nothing: $(cat "$T/err")"
done
# what mlir-opt-19 reads in the output: two functions without results,
# no filler, no value defined: the ops left are the callee's
# test.format_operand_a_op, the caller's region op with its call and
# terminator (and the returns, without a dot)
mlir-opt-19 --allow-unregistered-dialect "$out" >"$T/printed" 2>"$T/opt" ||
  fail "mlir-opt-19 does not parse the output: $(cat "$T/opt")"
ops=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^"?[a-z_]+\.[a-z_.]+"?(\(|$)/) { sub(/\(.*/, "", $i); print $i } }' \
  "$T/printed" | grep -v '^"\?builtin' | sort | tr '\n' ' ')
[ "$ops" = '"test.return" func.call func.func func.func test.format_operand_a_op test.format_region_a_op ' ] &&
  pass || fail "ops left: $ops"
[ "$(grep -c ' = ' "$T/printed")" -eq 0 ] && pass || fail "values defined: $(cat "$T/printed")"
awk '/func.func/ && /->/' "$T/printed" | grep -q . && fail "a function keeps results" || pass
# unwrapped: neither the module nor the scf.if is left in the text
grep -q 'module\|scf.if' "$out" && fail "a region op was not unwrapped" || pass
# indent and rename: no line starts with a blank; no name is longer than
# two characters
grep -q '^[[:space:]]' "$out" && fail "indentation left" || pass
grep -q '[%@][A-Za-z0-9_]\{2,\}' "$out" && fail "a long name left" || pass
# one-minimal: no op (from its line to the one closing its regions) can go
if "$PY" "$GRED_SRC/test/lib/one_minimal.py" "$T/case" >"$T/min" 2>&1 &&
   grep -q ', 0 removable$' "$T/min"; then pass; else
  fail "not one-minimal: $(cat "$T/min")"
fi
finish

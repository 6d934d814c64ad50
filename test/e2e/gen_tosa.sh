# gred gen --dialect tosa: the programs verify in mlir-opt-19 (no flags,
# empty environment) and lower to the LLVM dialect through the TOSA
# pipeline of scripts/mlir_tosa_check.sh, except where mlir-opt-19 itself
# crashes; same seed, same bytes; gred cov counts the .mlir ops as grep does.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 bash xargs awk

. "$GRED_SRC/test/lib/gen_seeds.sh"
gen_same_seed mlir --dialect tosa --nodes 25

# 300 programs: all verify, all lower unless mlir-opt-19 crashes
"$GRED" gen -q --dialect tosa -n 300 -o "$T/p" --seed 1 --nodes 30
"$GRED_SRC/scripts/mlir_tosa_check.sh" "$T/p" >"$T/check"
summary=$(tail -1 "$T/check")
set -- $summary
if [ "$2" -eq 300 ] && [ "$4" -eq 300 ]; then pass; else fail "verify: $summary; $(head -3 "$T/check")"; fi
if [ $(($6 + $8)) -eq 300 ]; then pass; else fail "lower: $summary; $(grep '^lower' "$T/check" | head -3)"; fi
grep '^crash' "$T/check" >&2 || true

# the language features are there
cat "$T"/p/*.mlir >"$T/all"
for w in 'func.call @f' 'scf.if' 'scf.for' 'tensor.dim' '?x' 'dense<\[' 'tosa.conv2d' 'tosa.transpose' 'tosa.matmul'; do
  if grep -q -- "$w" "$T/all"; then pass; else fail "no '$w' in 300 programs"; fi
done

# no UB by construction: every shift amount is (x & 31), every divisor
# (x & 7) | 1, so in [0, 31] and [1, 7] as the TOSA spec requires
bad=$(awk '
  FNR == 1 { delete def }
  $2 == "=" { def[$1] = $3 }
  $3 ~ /^tosa\.(logical_left_shift|logical_right_shift|arithmetic_right_shift|int_div)$/ {
    rhs = $5; sub(/[:,]$/, "", rhs)
    want = $3 == "tosa.int_div" ? "tosa.bitwise_or" : "tosa.bitwise_and"
    n++; if (def[rhs] != want) { print FILENAME ": " $0; bad++ }
  }
  END { print n + 0, bad + 0 }' "$T"/p/*.mlir | tail -1)
set -- $bad
if [ "$1" -gt 50 ] && [ "$2" -eq 0 ]; then pass; else fail "unguarded shift/div operands: $bad"; fi

# gred cov reads .mlir: its op counts are grep's
"$GRED" cov "$T/p" >"$T/cov"
if grep -q "^mlir programs 300$" "$T/cov"; then pass; else fail "cov: $(head -2 "$T/cov")"; fi
for op in tosa.add tosa.conv2d scf.for func.call; do
  want=$(grep -c -- "= $op " "$T/all" || true)
  if grep -q "^op $op $want$" "$T/cov"; then pass; else fail "cov $op: $(grep "^op $op " "$T/cov"), grep $want"; fi
done
"$GRED" gen -q --dialect tosa -n 20 -o "$T/cv" --seed 3 --coverage >"$T/gencov"
"$GRED" cov "$T/cv" >"$T/dircov"
if diff "$T/gencov" "$T/dircov" >/dev/null; then pass; else fail "gen --coverage and cov differ"; fi

# --ops restricts the tosa ops
"$GRED" gen -q --dialect tosa -n 10 -o "$T/ops" --ops conv2d,add --seed 2
others=$(cat "$T"/ops/*.mlir | grep -o 'tosa\.[a-z_0-9]*' | sort -u | grep -v -x -e tosa.conv2d -e tosa.add -e tosa.const || true)
if [ -z "$others" ]; then pass; else fail "--ops: also $others"; fi

expect_error "bad dialect" "dialect" "$GRED" gen -n 1 -o "$T/x" --dialect foo
expect_error "unknown tosa op" "unknown tosa op" "$GRED" gen -n 1 -o "$T/x" --dialect tosa --ops conv3
finish

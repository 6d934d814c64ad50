# scripts/mlir_tosa_meta.sh, the metamorphic oracle: on equivalent
# rewrites (an op moved into a called function, commutative operands
# swapped, x + 0 / x * 1 / a transpose pair, an elementwise op split in
# halves) of generated TOSA and linalg programs, mlir-cpu-runner-19 prints
# the same numbers for the original and the rewrite, and every rewrite
# verifies in mlir-opt-19; on the controls (a result of @main + 1, the
# operands of a non-commutative op swapped) the same oracle reports a
# mismatch, so it can fail.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 mlir-cpu-runner-19 bash xargs awk cksum

"$GRED" gen -q --dialect tosa -n 8 -o "$T/p" --seed 3 --nodes 15
for f in "$T"/p/*.mlir; do mv "$f" "$T/p/tosa_$(basename "$f")"; done
"$GRED" gen -q --dialect linalg -n 8 -o "$T/p" --seed 3 --nodes 15

# equivalent rewrites: three each, any kind
# (mlir-opt-19 may fail on a rewrite: a bug of its own, as a split slice
# passed to a call makes one-shot-bufferize emit an invalid memref.cast,
# bench/gen_linalg_findings; the oracle reports it apart, as failed)
VERBOSE=1 KIND=any REWRITES=3 "$GRED_SRC/scripts/mlir_tosa_meta.sh" "$T/p" >"$T/any"
set -- $(tail -1 "$T/any")
if [ "$2" -eq 16 ] && [ "$6" -eq 0 ] && [ "${12}" -eq 0 ] && [ "$4" -ge 14 ]; then pass; else fail "equivalent rewrites: $(tail -1 "$T/any"); $(grep -v '^same' "$T/any" | head -3)"; fi
others=$(grep -E '^(failed|crash) ' "$T/any" | grep -v ': mlir-opt-19 on the cur program' || true)
if [ -z "$others" ]; then pass; else fail "not mlir-opt-19 on a rewrite: $others"; fi
grep -E '^(failed|crash) ' "$T/any" >&2 || true
for k in call swap identity split; do
  if grep -q "^same .*$k: " "$T/any"; then pass; else fail "no '$k' rewrite among $(grep -c '^same' "$T/any") programs"; fi
done
if grep -q "^same .*tosa_g" "$T/any" && grep -q "^same .*/g0" "$T/any"; then pass; else fail "not both dialects rewritten"; fi

# the control: + 1 on a result of @main: every program differs
KIND=broken-add REWRITES=1 "$GRED_SRC/scripts/mlir_tosa_meta.sh" "$T/p" >"$T/broken"
set -- $(tail -1 "$T/broken")
if [ "$2" -eq 16 ] && [ "$6" -eq 16 ]; then pass; else fail "broken-add: $(tail -1 "$T/broken")"; fi

# the other control: sub, div or pow operands swapped, where a program has
# one; a weak control (the op may be dead, its operands equal), so only
# that it runs and verifies is asserted, and that it can differ
KIND=broken-swap REWRITES=1 "$GRED_SRC/scripts/mlir_tosa_meta.sh" "$T/p" >"$T/swap"
set -- $(tail -1 "$T/swap")
if [ "${12}" -eq 0 ] && [ "${10}" -eq 0 ] && [ $(($4 + $6 + ${14})) -eq 16 ]; then pass; else fail "broken-swap: $(tail -1 "$T/swap")"; fi

# a program written by hand: tosa.add split in two halves of dim 0
mkdir "$T/bad"
cat >"$T/bad/g.mlir" <<'MLIR'
func.func @main(%v0: tensor<2x3xf32>) -> (tensor<2x3xf32>) {
  %v1 = tosa.add %v0, %v0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %v1 : tensor<2x3xf32>
}
MLIR
VERBOSE=1 KIND=split REWRITES=1 "$GRED_SRC/scripts/mlir_tosa_meta.sh" "$T/bad" >"$T/one"
if grep -q "^same .*split: tosa.add at 1 of dim 0 (2)" "$T/one"; then pass; else fail "split of tosa.add: $(cat "$T/one")"; fi
finish

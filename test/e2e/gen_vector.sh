# gred gen --dialect vector: 200 programs all verify in mlir-opt-19 (no
# flags, empty environment); same seed, same bytes; the vector ops, 0-d and
# scalable vectors, masks and transfers are there. Each reduced
# reproducer in bench/gen_vector_findings/PASS.mlir (found by `gred fuzz
# --target mlir-opt:random-vector`) still crashes mlir-opt-19, and
# mlir-opt-19 itself says the pass running then is PASS (the last
# "IR Dump Before" of --mlir-print-ir-before-all). Each input in
# bench/gen_vector_findings/verify/PASS.mlir verifies, and PASS turns it
# into IR that mlir-opt-19's own verifier rejects (the verify oracle of
# scripts/fuzz_mlir_opt.sh).
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 setarch

"$GRED" gen -q --dialect vector -n 200 -o "$T/a" --seed 3 --nodes 30
"$GRED" gen -q --dialect vector -n 200 -o "$T/b" --seed 3 --nodes 30
"$GRED" gen -q --dialect vector -n 30 -o "$T/c" --seed 4 --nodes 30
same=0; differ=0
for f in "$T"/a/*.mlir; do
  cmp -s "$f" "$T/b/$(basename "$f")" && same=$((same + 1))
done
for f in "$T"/c/*.mlir; do
  cmp -s "$f" "$T/a/$(basename "$f")" || differ=$((differ + 1))
done
if [ "$same" -eq 200 ]; then pass; else fail "same seed: only $same of 200 identical"; fi
if [ "$differ" -eq 30 ]; then pass; else fail "other seed: only $differ of 30 differ"; fi

ok=0
for f in "$T"/a/*.mlir; do
  if env -i /usr/bin/mlir-opt-19 "$f" >/dev/null 2>"$T/err"; then
    ok=$((ok + 1))
  else
    echo "$f: $(head -3 "$T/err")" >&2
  fi
done
if [ "$ok" -eq 200 ]; then pass; else fail "verify: $ok of 200"; fi

cat "$T"/a/*.mlir >"$T/all"
for w in vector.broadcast vector.shape_cast 'vector.extract %' vector.insert \
    vector.extract_strided_slice vector.insert_strided_slice vector.transpose \
    'vector.reduction <' vector.multi_reduction vector.contract vector.outerproduct \
    vector.fma vector.splat vector.transfer_read vector.transfer_write \
    'in_bounds = \[' 'vector.mask %' vector.create_mask vector.constant_mask \
    vector.scan vector.bitcast vector.from_elements 'arith.addf' 'math.' \
    'vector<f32>' 'vector<\[' 'x\[' 'memref<' 'tensor<' 'func.call @f' 'scf.if' \
    'scf.for'; do
  if grep -q -- "$w" "$T/all"; then pass; else fail "no '$w' in 200 programs"; fi
done

# --ops restricts the table
"$GRED" gen -q --dialect vector -n 10 -o "$T/ops" --ops contract,addf --seed 2
got=$(cat "$T"/ops/*.mlir | grep -o -E '= (vector|arith|math)\.[a-z_]+' | cut -d' ' -f2 | sort -u |
  grep -v -x -e vector.contract -e arith.addf -e arith.constant -e arith.xori -e arith.cmpi || true)
if [ -z "$got" ]; then pass; else fail "--ops: also $got"; fi

# the reduced crashes: the same pass, judged by mlir-opt-19
n=0
for f in "$GRED_SRC"/bench/gen_vector_findings/*.mlir; do
  want=$(basename "$f" .mlir)
  n=$((n + 1))
  rc=0
  setarch -R env -i /usr/bin/mlir-opt-19 --mlir-disable-threading --run-reproducer \
    --mlir-print-ir-before-all <"$f" >/dev/null 2>"$T/log" || rc=$?
  got=$(sed -n 's/^\/\/ -----\/\/ IR Dump Before [^ ]* (\([^)]*\)).*/\1/p' "$T/log" | tail -n 1)
  if [ "$rc" -gt 128 ] && grep -q '^Stack dump:' "$T/log"; then pass; else fail "$want: exit $rc, no crash"; fi
  if [ "$got" = "$want" ]; then pass; else fail "$want: the crash is in '$got'"; fi
done
if [ "$n" -ge 1 ]; then pass; else fail "no reproducer in bench/gen_vector_findings"; fi

# The verify findings: mlir-opt-19 verifies the input alone; its pipeline
# fails in PASS (the "IR Dump After ... Failed (PASS)" of
# --mlir-print-ir-after-failure), and the IR PASS left behind fails
# mlir-opt-19's verifier alone with the run's own first error.
first_error() { sed -n 's/^.*error: //p' "$1" | head -n 1; }
n=0
for f in "$GRED_SRC"/bench/gen_vector_findings/verify/*.mlir; do
  want=$(basename "$f" .mlir)
  n=$((n + 1))
  if env -i /usr/bin/mlir-opt-19 <"$f" >/dev/null 2>"$T/log"; then pass
  else fail "$want: input does not verify: $(head -2 "$T/log")"; fi
  rc=0
  setarch -R env -i /usr/bin/mlir-opt-19 --mlir-disable-threading --run-reproducer \
    --mlir-print-ir-after-failure --mlir-print-ir-module-scope <"$f" >/dev/null 2>"$T/log" || rc=$?
  got=$(sed -n 's/^\/\/ -----\/\/ IR Dump After .* Failed (\([^)]*\)).*/\1/p' "$T/log" | tail -n 1)
  if [ "$rc" -eq 1 ] && [ "$got" = "$want" ]; then pass; else fail "$want: exit $rc, failed in '$got'"; fi
  sed -n '/^\/\/ -----\/\/ IR Dump After .* Failed (/,$p' "$T/log" | sed 1d >"$T/after.mlir"
  rc=0
  env -i /usr/bin/mlir-opt-19 <"$T/after.mlir" >/dev/null 2>"$T/after.log" || rc=$?
  e1=$(first_error "$T/log"); e2=$(first_error "$T/after.log")
  if [ "$rc" -eq 1 ] && [ -n "$e1" ] && [ "$e1" = "$e2" ]; then pass
  else fail "$want: the IR after the pass: exit $rc, '$e2', not the run's '$e1'"; fi
  # the runner files it as a verify finding of that pass
  rc=0
  sh "$GRED_SRC/scripts/fuzz_mlir_opt.sh" --oracle crash,verify --run-reproducer "$f" 2>"$T/log" || rc=$?
  if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$T/log")" = "gred-oracle: verify" ] &&
     grep -q "^    at $want (fuzz_mlir_opt.sh" "$T/log"; then pass
  else fail "$want: runner exit $rc, $(head -n 1 "$T/log")"; fi
  rc=0
  sh "$GRED_SRC/scripts/fuzz_mlir_opt.sh" --oracle crash --run-reproducer "$f" 2>/dev/null || rc=$?
  if [ "$rc" -eq 2 ]; then pass; else fail "$want: crash oracle alone: exit $rc, want 2"; fi
done
if [ "$n" -ge 4 ]; then pass; else fail "$n verify findings in bench/gen_vector_findings/verify"; fi

expect_error "unknown vector op" "unknown vector op" "$GRED" gen -n 1 -o "$T/x" --dialect vector --ops contract,frobnicate
finish

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
. "$GRED_SRC/test/lib/gen_findings.sh"
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

# the reduced findings: crashes in their pass, and passes whose output
# the verifier rejects (test/lib/gen_findings.sh)
findings_crash "$GRED_SRC/bench/gen_vector_findings" 4
findings_verify "$GRED_SRC/bench/gen_vector_findings/verify" 4

expect_error "unknown vector op" "unknown vector op" "$GRED" gen -n 1 -o "$T/x" --dialect vector --ops contract,frobnicate
finish

# gred gen --dialect linalg: the programs verify in mlir-opt-19 (no flags,
# empty environment) and lower to LLVM IR through one-shot-bufferize,
# convert-linalg-to-loops and the LLVM conversions of
# scripts/mlir_linalg_check.sh (mlir-translate-19 judges the result), except
# where mlir-opt-19 itself crashes; same seed, same bytes. The reduced
# findings of `gred fuzz --target mlir-opt:random-linalg` still hold, judged
# by mlir-opt-19: each bench/gen_linalg_findings/crash/PASS.mlir crashes in
# PASS, and PASS turns each verify/PASS.mlir into IR the verifier rejects.
. "$(dirname "$0")/../lib/e2e.sh"
. "$GRED_SRC/test/lib/gen_findings.sh"
need_cmd mlir-opt-19 mlir-translate-19 bash xargs awk

. "$GRED_SRC/test/lib/gen_seeds.sh"
gen_same_seed mlir --dialect linalg --nodes 25

# 300 programs: all verify, all lower unless mlir-opt-19 crashes
"$GRED" gen -q --dialect linalg -n 300 -o "$T/p" --seed 1 --nodes 30
"$GRED_SRC/scripts/mlir_linalg_check.sh" "$T/p" >"$T/check"
summary=$(tail -1 "$T/check")
set -- $summary
if [ "$2" -eq 300 ] && [ "$4" -eq 300 ]; then pass; else fail "verify: $summary; $(head -3 "$T/check")"; fi
if [ $(($6 + $8)) -eq 300 ]; then pass; else fail "lower: $summary; $(grep '^lower' "$T/check" | head -3)"; fi
grep '^crash' "$T/check" >&2 || true

# the ops and language features are there
cat "$T"/p/*.mlir >"$T/all"
for w in 'func.call @f' 'scf.if' 'scf.for' 'tensor.dim' '?x' 'dense<\[' \
    'linalg.generic' '"reduction"' 'linalg.map {' 'linalg.reduce {' 'linalg.matmul' \
    'linalg.batch_matmul' 'linalg.conv_2d_nhwc_hwcf' 'linalg.pooling_nhwc_max' \
    'linalg.fill' 'linalg.transpose' 'linalg.broadcast' 'tensor.empty' \
    'tensor.extract_slice' 'tensor.insert_slice' 'tensor.pad' \
    'tensor.collapse_shape' 'tensor.expand_shape'; do
  if grep -q -- "$w" "$T/all"; then pass; else fail "no '$w' in 300 programs"; fi
done

# no dialect outside the registered upstream ones a lowering knows
others=$(grep -o -E '= [a-z_]+\.[a-z_0-9]+' "$T/all" | cut -d' ' -f2 | cut -d. -f1 | sort -u | tr '\n' ' ')
if [ "$others" = "arith linalg math scf tensor " ] || [ "$others" = "arith func linalg math scf tensor " ]; then pass; else fail "dialects: $others"; fi

# --ops restricts the linalg and tensor ops
"$GRED" gen -q --dialect linalg -n 10 -o "$T/ops" --ops matmul,pad --seed 2
got=$(cat "$T"/ops/*.mlir | grep -o -E '= (linalg|tensor)\.[a-z_0-9]+' | cut -d' ' -f2 | sort -u |
  grep -v -x -e linalg.matmul -e tensor.pad -e tensor.empty -e linalg.fill -e linalg.map \
    -e tensor.dim -e tensor.cast || true)
if [ -z "$got" ]; then pass; else fail "--ops: also $got"; fi
if grep -q 'linalg.matmul' "$T"/ops/*.mlir && grep -q 'tensor.pad' "$T"/ops/*.mlir; then pass; else fail "--ops: matmul or pad missing"; fi

# gred cov reads them
"$GRED" cov "$T/p" >"$T/cov"
want=$(grep -c -- "= linalg.matmul " "$T/all" || true)
if grep -q "^op linalg.matmul $want$" "$T/cov"; then pass; else fail "cov matmul: $(grep "^op linalg.matmul " "$T/cov"), grep $want"; fi

findings_crash "$GRED_SRC/bench/gen_linalg_findings/crash" 3
findings_verify "$GRED_SRC/bench/gen_linalg_findings/verify" 8

expect_error "bad dialect" "dialect" "$GRED" gen -n 1 -o "$T/x" --dialect foo
expect_error "unknown linalg op" "unknown linalg op" "$GRED" gen -n 1 -o "$T/x" --dialect linalg --ops matmul,conv3
finish

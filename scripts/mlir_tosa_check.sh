#!/bin/bash
# Verifies and lowers every .mlir program in DIR with mlir-opt-19: first
# `mlir-opt-19` with no flags (file on stdin, empty environment), then the
# TOSA -> linalg -> bufferized -> LLVM dialect pipeline below, whose output
# must translate to LLVM IR (mlir-translate-19 --mlir-to-llvmir). Prints one
# line per program that fails (verify / lower / crash, with the first error
# or the crashing pass) and a summary line:
#   programs N verified V lowered L crashed C
# A crash (signal, "Stack dump") is mlir-opt-19's own bug, not a lowering
# failure; with KEEP=DIR the crashing inputs and their stderr are copied there.
# usage: mlir_tosa_check.sh DIR   (JOBS=2 parallel runs by default; with
# LOG=FILE the per-program lines go there as they come; LOWER_PIPELINE=P
# lowers with P instead, as scripts/mlir_linalg_check.sh does)
set -eu
DIR=$1
MLIR_OPT=${MLIR_OPT:-/usr/bin/mlir-opt-19}
TOSA_PIPELINE="builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},convert-linalg-to-loops,expand-strided-metadata,lower-affine,convert-scf-to-cf,convert-math-to-llvm,convert-math-to-libm,finalize-memref-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-index-to-llvm,reconcile-unrealized-casts)"
LOWER_PIPELINE=${LOWER_PIPELINE:-$TOSA_PIPELINE}
export MLIR_OPT LOWER_PIPELINE
KEEP=${KEEP:-}
export KEEP

one() {
  f=$1
  err=$(mktemp)
  if ! env -i "$MLIR_OPT" <"$f" >/dev/null 2>"$err"; then
    echo "verify $f: $(grep -m1 'error' "$err" || head -c 200 "$err")"
    rm -f "$err"; return 0
  fi
  set +e
  env -i "$MLIR_OPT" --pass-pipeline="$LOWER_PIPELINE" <"$f" 2>"$err" |
    env -i /usr/bin/mlir-translate-19 --mlir-to-llvmir >/dev/null 2>"$err.t"
  rc=${PIPESTATUS[0]} trc=${PIPESTATUS[1]}
  set -e
  if [ "$rc" -eq 0 ] && [ "$trc" -ne 0 ]; then
    echo "lower $f: not all LLVM: $(grep -m1 'error' "$err.t")"
  elif [ "$rc" -eq 0 ]; then
    echo "ok $f"
  elif [ "$rc" -gt 128 ] || grep -q "Stack dump" "$err"; then
    echo "crash $f: $(grep -m1 -o ' mlir::[^(]*' "$err" || echo signal $rc)"
    if [ -n "$KEEP" ]; then mkdir -p "$KEEP"; cp "$f" "$KEEP/"; cp "$err" "$KEEP/$(basename "$f").stderr"; fi
  else
    echo "lower $f: $(grep -m1 'error' "$err" || head -c 200 "$err")"
  fi
  rm -f "$err" "$err.t"
}
export -f one 2>/dev/null || true

if [ -n "${LOG:-}" ]; then
  OUT=$LOG
else
  OUT=$(mktemp)
  trap 'rm -f "$OUT"' EXIT
fi
ls "$DIR"/*.mlir | xargs -P "${JOBS:-2}" -n 1 bash -c 'one "$0"' >"$OUT" 2>&1 || true
grep -E '^(verify|lower|crash) ' "$OUT" | sort || true
awk '/^(ok|verify|lower|crash) /{ n++ } /^ok /{ v++; l++ } /^lower /{ v++ } /^crash /{ v++; c++ }
  END { printf "programs %d verified %d lowered %d crashed %d\n", n, v, l, c }' "$OUT"

#!/bin/bash
# Verifies and lowers every .mlir program in DIR with mlir-opt-19, through
# scripts/mlir_tosa_check.sh with another pipeline: first `mlir-opt-19` with no
# flags (file on stdin, empty environment), then the linalg-on-tensors
# pipeline below (one-shot-bufferize, linalg to loops, the usual
# conversions to the LLVM dialect), whose output must translate to LLVM IR
# with mlir-translate-19 --mlir-to-llvmir. Prints one line per program that
# fails (verify / lower / crash, with the first error or the crashing pass)
# and a summary line:
#   programs N verified V lowered L crashed C
# A crash (signal, "Stack dump") is mlir-opt-19's own bug; with KEEP=DIR the
# crashing inputs and their stderr are copied there.
# usage: mlir_linalg_check.sh DIR   (JOBS=2 parallel runs; LOG=FILE keeps
# the per-program lines)
set -eu
LINALG_PIPELINE="builtin.module(one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},convert-linalg-to-loops,expand-strided-metadata,lower-affine,convert-scf-to-cf,convert-math-to-llvm,convert-math-to-libm,finalize-memref-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-index-to-llvm,reconcile-unrealized-casts)"
export LOWER_PIPELINE="$LINALG_PIPELINE"
exec "$(dirname "$0")/mlir_tosa_check.sh" "$@"

# The lowering and the run shared by the TOSA oracles (sourced by
# scripts/mlir_tosa_diff.sh and scripts/mlir_tosa_meta.sh): the pipelines
# that take a TOSA or linalg program to LLVM without (O0) and with (O1)
# optimisation passes, and two functions, exported for their xargs
# workers:
#   lower_to PIPELINE IN OUT ERR  mlir-opt-19 in a fixed environment;
#                                 its exit status
#   run_entry IN OUT ERR          mlir-cpu-runner-19 on @entry (30 s at
#                                 most), buffer addresses cut from the
#                                 printed numbers; the runner's status
LIB=${MLIR_LIB:-/usr/lib/llvm-19/lib}
LOW="one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map},convert-linalg-to-loops,expand-strided-metadata,lower-affine,convert-scf-to-cf,convert-math-to-llvm,convert-math-to-libm,finalize-memref-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-index-to-llvm,reconcile-unrealized-casts"
TOSA="func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),convert-elementwise-to-linalg"
O0="builtin.module($TOSA,$LOW)"
O1="builtin.module(func.func(tosa-optional-decompositions,tosa-layerwise-constant-fold,canonicalize,cse),$TOSA,canonicalize,cse,linalg-fuse-elementwise-ops,canonicalize,cse,$LOW,canonicalize,cse)"
export LIB O0 O1

lower_to() {
  env -i /usr/bin/mlir-opt-19 --pass-pipeline="$1" "$2" -o "$3" 2>"$4"
}

run_entry() {
  timeout 30 env -i /usr/bin/mlir-cpu-runner-19 -e entry -entry-point-result=void \
    -shared-libs="$LIB/libmlir_c_runner_utils.so,$LIB/libmlir_runner_utils.so" \
    "$1" 2>"$3" | sed 's/base@ = 0x[0-9a-f]*//' >"$2"
  return "${PIPESTATUS[0]}"
}
export -f lower_to run_entry

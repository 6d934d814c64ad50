func.func @a() {
  %cst = arith.constant dense<0> : tensor<i32>
  %c0 = arith.constant 0 : index
  %0 = scf.for %arg0 = %c0 to %c0 step %c0 iter_args(%arg1 = %cst) -> (tensor<i32>) {
    scf.yield %cst : tensor<i32>
  }
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize{bufferize-function-boundaries copy-before-write},canonicalize)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

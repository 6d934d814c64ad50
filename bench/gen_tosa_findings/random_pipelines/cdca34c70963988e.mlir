func.func @a() -> (tensor<1x1x1x1xi32>, tensor<1x1x1x1xi32>) {
  %cst = arith.constant dense<0> : tensor<1x1x1x1xi32>
  return %cst, %cst : tensor<1x1x1x1xi32>, tensor<1x1x1x1xi32>
}
func.func @b() {
  %0:2 = call @a() : () -> (tensor<1x1x1x1xi32>, tensor<1x1x1x1xi32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1:2 = scf.for %arg0 = %c0 to %c1 step %c0 iter_args(%arg1 = %0#0, %arg2 = %0#0) -> (tensor<1x1x1x1xi32>, tensor<1x1x1x1xi32>) {
    scf.yield %0#0, %0#0 : tensor<1x1x1x1xi32>, tensor<1x1x1x1xi32>
  }
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

func.func @a() {
  %cst = arith.constant dense<true> : tensor<i1>
  %0 = tosa.logical_not %cst : (tensor<i1>) -> tensor<i1>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(tosa-to-linalg),remove-dead-values)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

func.func @a() -> tensor<1xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<2xf32>
  %0 = tosa.reduce_sum %cst {axis = 0 : i32} : (tensor<2xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(tosa-to-linalg),linalg-generalize-named-ops,linalg-inline-scalar-operands)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

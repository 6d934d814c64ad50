func.func @a(%arg0: tensor<4x1xf32>) {
  %cst = arith.constant dense<0.000000e+00> : tensor<1x5x3x2xf32>
  %0 = tosa.max_pool2d %cst {kernel = array<i64: 1, 2>, pad = array<i64: 0, 0, 1, 1>, stride = array<i64: 2, 1>} : (tensor<1x5x3x2xf32>) -> tensor<1x3x4x2xf32>
  %1 = tosa.reciprocal %0 : (tensor<1x3x4x2xf32>) -> tensor<1x3x4x2xf32>
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<2x1xf32>
  %2 = "tosa.const"() <{value = dense<2.000000e+00> : tensor<2xf32>}> : () -> tensor<2xf32>
  %3 = tosa.fully_connected %arg0, %cst_0, %2 : (tensor<4x1xf32>, tensor<2x1xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith),one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-affine-loops),affine-loop-fusion{mode=producer})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

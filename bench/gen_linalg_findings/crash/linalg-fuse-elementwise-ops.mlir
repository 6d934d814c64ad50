func.func @a() -> tensor<2x2x1x2xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<4x1x2xf32>
  %mapped = linalg.map { math.exp } ins(%cst : tensor<4x1x2xf32>) outs(%cst : tensor<4x1x2xf32>)
  %expanded = tensor.expand_shape %mapped [[0, 1], [2], [3]] output_shape [2, 2, 1, 2] : tensor<4x1x2xf32> into tensor<2x2x1x2xf32>
  return %expanded : tensor<2x2x1x2xf32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(linalg-fuse-elementwise-ops)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

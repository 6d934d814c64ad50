func.func @a(%arg0: tensor<1x1xf32>) {
  %cst = arith.constant dense<0.000000e+00> : tensor<1x1x1x1xf32>
  %cst_0 = arith.constant -1.000000e+00 : f32
  %0 = linalg.fill ins(%cst_0 : f32) outs(%cst : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %1 = linalg.pooling_nhwc_max ins(%cst, %arg0 : tensor<1x1x1x1xf32>, tensor<1x1xf32>) outs(%0 : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %cst_1 = arith.constant dense<1.000000e+00> : tensor<1x1x1x1xf32>
  %2 = linalg.max ins(%1, %cst_1 : tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) outs(%0 : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize,func.func(convert-linalg-to-affine-loops),affine-loop-fusion{mode=producer})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

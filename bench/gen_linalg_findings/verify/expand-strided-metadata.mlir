func.func @main(%a: tensor<2x5x3xf32>) -> tensor<1x3xf32> {
  %s = tensor.extract_slice %a[1, 0, 0] [1, 3, 1] [1, 1, 1] : tensor<2x5x3xf32> to tensor<1x3xf32>
  %e = tensor.empty() : tensor<1x3xf32>
  %r = linalg.ceil ins(%s : tensor<1x3xf32>) outs(%e : tensor<1x3xf32>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize{bufferize-function-boundaries},expand-strided-metadata)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

// mlir-opt-19 --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},expand-strided-metadata)'
// error: expected result type with size = 3 instead of 1 in dim = 0
// The rank-reducing slice drops the last unit dim (1x3x1 -> 1x3); on a
// buffer with a dynamic layout expand-strided-metadata drops the first one
// and builds an invalid memref.reinterpret_cast. Valid input, invalid IR
// out of a pass.
func.func @main(%a: tensor<2x5x3xf32>) -> tensor<1x3xf32> {
  %s = tensor.extract_slice %a[1, 0, 0] [1, 3, 1] [1, 1, 1] : tensor<2x5x3xf32> to tensor<1x3xf32>
  %e = tensor.empty() : tensor<1x3xf32>
  %r = linalg.ceil ins(%s : tensor<1x3xf32>) outs(%e : tensor<1x3xf32>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

func.func private @f(%a: tensor<2x1xi32>) -> tensor<2x1xi32> {
  %r = tosa.negate %a : (tensor<2x1xi32>) -> tensor<2x1xi32>
  return %r : tensor<2x1xi32>
}
func.func @main(%b: tensor<4x1xi32>) -> tensor<2x1xi32> {
  %c = tosa.negate %b : (tensor<4x1xi32>) -> tensor<4x1xi32>
  %s = tensor.extract_slice %c[2, 0] [2, 1] [1, 1] : tensor<4x1xi32> to tensor<2x1xi32>
  %r = func.call @f(%s) : (tensor<2x1xi32>) -> tensor<2x1xi32>
  return %r : tensor<2x1xi32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(tosa-to-linalg),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

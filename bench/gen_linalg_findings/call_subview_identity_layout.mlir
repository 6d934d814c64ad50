// mlir-opt-19 --pass-pipeline='builtin.module(func.func(tosa-to-linalg),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})'
// error: 'memref.cast' op operand type 'memref<2x1xi32, strided<[1, 1], offset: 2>>'
//        and result type 'memref<2x1xi32>' are cast incompatible
// A call passes a slice (a subview with an offset) to a function whose
// argument bufferizes to an identity-layout memref; one-shot-bufferize casts
// instead of copying, and the cast is invalid. Found by the metamorphic
// oracle (scripts/mlir_tosa_meta.sh): a `split` then a `call` rewrite of
// `gred gen --dialect tosa -n 8 --seed 3 --nodes 15` g000006, reduced by hand.
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

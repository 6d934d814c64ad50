// linalg-inline-scalar-operands of MLIR 19 crashes on the linalg.generic
// that tosa-to-linalg-named and linalg-generalize-named-ops make of a
// batched matmul by a zero constant, next to TOSA code no pass needs.
func.func @a(%arg0: tensor<5x3x1xf32>) -> tensor<5x3x2xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<5x1x2xf32>
  %0 = tosa.matmul %arg0, %cst : (tensor<5x3x1xf32>, tensor<5x1x2xf32>) -> tensor<5x3x2xf32>
  %1 = tosa.abs %0 : (tensor<5x3x2xf32>) -> tensor<5x3x2xf32>
  %2 = tosa.negate %1 : (tensor<5x3x2xf32>) -> tensor<5x3x2xf32>
  %3 = tosa.add %1, %2 : (tensor<5x3x2xf32>, tensor<5x3x2xf32>) -> tensor<5x3x2xf32>
  %4 = tosa.exp %3 : (tensor<5x3x2xf32>) -> tensor<5x3x2xf32>
  %5 = tosa.mul %4, %3 {shift = 0 : i8} : (tensor<5x3x2xf32>, tensor<5x3x2xf32>) -> tensor<5x3x2xf32>
  return %0 : tensor<5x3x2xf32>
}
func.func @b(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tosa.add %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = tosa.clamp %0 {max_fp = 6.0 : f32, max_int = 6 : i64, min_fp = 0.0 : f32, min_int = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = tosa.sub %1, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

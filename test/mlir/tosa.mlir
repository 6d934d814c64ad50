// tosa: a small network of elementwise, reduction and shape ops.
func.func @net(%x: tensor<1x8x8x4xf32>, %y: tensor<1x8x8x4xf32>) -> tensor<1x8x8x1xf32> {
  %0 = tosa.add %x, %y : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %1 = tosa.clamp %0 {min_fp = 0.0 : f32, max_fp = 6.0 : f32, min_int = 0 : i64, max_int = 6 : i64} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %2 = tosa.mul %1, %y {shift = 0 : i8} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %3 = tosa.tanh %2 : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %4 = tosa.reduce_sum %3 {axis = 3 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x1xf32>
  return %4 : tensor<1x8x8x1xf32>
}

// tosa.int_div of constants by a zero constant: the folder of MLIR 19 divides
// by zero (SIGFPE) in any pass that folds; next to TOSA code that lowers.
func.func @a() {
  %0 = "tosa.const"() <{value = dense<1> : tensor<3x2x3xi32>}> : () -> tensor<3x2x3xi32>
  %cst = arith.constant dense<0> : tensor<3x2x3xi32>
  %1 = tosa.int_div %0, %cst : (tensor<3x2x3xi32>, tensor<3x2x3xi32>) -> tensor<3x2x3xi32>
  return
}
func.func @relu(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tosa.add %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = tosa.clamp %0 {max_fp = 6.0 : f32, max_int = 6 : i64, min_fp = 0.0 : f32, min_int = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = tosa.mul %1, %x {shift = 0 : i8} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
func.func @f0(%v0: tensor<2x4x2x4xf32>, %v2: tensor<5x1xi32>, %v13: tensor<2x1x3xi1>) -> (tensor<1x1xi32>, tensor<1x1xi32>) {
  %v1 = tosa.floor %v0 : (tensor<2x4x2x4xf32>) -> tensor<2x4x2x4xf32>
  %v3 = "tosa.const"() {value = dense<[[31]]> : tensor<1x1xi32>} : () -> tensor<1x1xi32>
  %v4 = tosa.bitwise_and %v2, %v3 : (tensor<5x1xi32>, tensor<1x1xi32>) -> tensor<5x1xi32>
  %v5 = tosa.logical_left_shift %v2, %v4 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
  %v6 = tosa.sigmoid %v0 : (tensor<2x4x2x4xf32>) -> tensor<2x4x2x4xf32>
  %v7 = tosa.cast %v3 : (tensor<1x1xi32>) -> tensor<1x1xf32>
  %v8 = tosa.reduce_max %v6 {axis = 2 : i32} : (tensor<2x4x2x4xf32>) -> tensor<2x4x1x4xf32>
  %v9 = tensor.cast %v2 : tensor<5x1xi32> to tensor<?x1xi32>
  %v10 = arith.constant 1 : index
  %v11 = tensor.dim %v9, %v10 : tensor<?x1xi32>
  %v12 = tosa.clamp %v5 {max_fp = 5.0 : f32, max_int = 5 : i64, min_fp = 1.0 : f32, min_int = 1 : i64} : (tensor<5x1xi32>) -> tensor<5x1xi32>
  %v14 = tosa.logical_xor %v13, %v13 : (tensor<2x1x3xi1>, tensor<2x1x3xi1>) -> tensor<2x1x3xi1>
  %v15 = "tosa.const"() {value = dense<[[7]]> : tensor<1x1xi32>} : () -> tensor<1x1xi32>
  %v16 = tosa.bitwise_and %v3, %v15 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi32>
  %v17 = "tosa.const"() {value = dense<[[1]]> : tensor<1x1xi32>} : () -> tensor<1x1xi32>
  %v18 = tosa.bitwise_or %v16, %v17 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi32>
  %v19 = tosa.int_div %v12, %v18 : (tensor<5x1xi32>, tensor<1x1xi32>) -> tensor<5x1xi32>
  %v20 = tosa.reduce_all %v13 {axis = 1 : i32} : (tensor<2x1x3xi1>) -> tensor<2x1x3xi1>
  %v21 = tosa.bitwise_xor %v12, %v2 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
  %v22 = tosa.exp %v7 : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %v23 = tosa.rsqrt %v8 : (tensor<2x4x1x4xf32>) -> tensor<2x4x1x4xf32>
  %v24 = tosa.add %v17, %v18 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi32>
  %v25 = tosa.bitwise_not %v3 : (tensor<1x1xi32>) -> tensor<1x1xi32>
  return %v25, %v24 : tensor<1x1xi32>, tensor<1x1xi32>
}

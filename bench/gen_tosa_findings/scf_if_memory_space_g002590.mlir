func.func @f0(%v7: tensor<3x2xi1>, %v17: tensor<1x1xi1>) -> (tensor<2x3x1x3xf32>, tensor<3x1x1xi32>, tensor<3x2xi1>) {
  %v0 = "tosa.const"() {value = dense<0> : tensor<3x1x4xi32>} : () -> tensor<3x1x4xi32>
  %v1 = tosa.reduce_sum %v0 {axis = 1 : i32} : (tensor<3x1x4xi32>) -> tensor<3x1x4xi32>
  %v2 = "tosa.const"() {value = dense<-0.25> : tensor<5xf32>} : () -> tensor<5xf32>
  %v3 = tosa.exp %v2 : (tensor<5xf32>) -> tensor<5xf32>
  %v4 = tosa.reduce_min %v2 {axis = 0 : i32} : (tensor<5xf32>) -> tensor<1xf32>
  %v5 = "tosa.const"() {value = dense<[[1, 0], [2, 1], [0, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %v6 = tosa.pad %v1, %v5 : (tensor<3x1x4xi32>, tensor<3x2xi32>) -> tensor<4x4x6xi32>
  %v8 = tosa.logical_not %v7 : (tensor<3x2xi1>) -> tensor<3x2xi1>
  %v9 = tosa.logical_right_shift %v6, %v6 : (tensor<4x4x6xi32>, tensor<4x4x6xi32>) -> tensor<4x4x6xi32>
  %v10 = tosa.log %v4 : (tensor<1xf32>) -> tensor<1xf32>
  %v11 = "tosa.const"() {value = dense<1.00> : tensor<2x4x2x3xf32>} : () -> tensor<2x4x2x3xf32>
  %v12 = "tosa.const"() {value = dense<1.75> : tensor<1x2x3x1xf32>} : () -> tensor<1x2x3x1xf32>
  %v13 = "tosa.const"() {value = dense<[-0.50, -1.25, 1.00]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v14 = tosa.depthwise_conv2d %v11, %v12, %v13 {dilation = array<i64: 1, 2>, pad = array<i64: 1, 0, 0, 1>, stride = array<i64: 2, 1>} : (tensor<2x4x2x3xf32>, tensor<1x2x3x1xf32>, tensor<3xf32>) -> tensor<2x3x1x3xf32>
  %v15 = tosa.negate %v5 : (tensor<3x2xi32>) -> tensor<3x2xi32>
  %v16 = tosa.slice %v1 {start = array<i64: 0, 0, 3>, size = array<i64: 3, 1, 1>} : (tensor<3x1x4xi32>) -> tensor<3x1x1xi32>
  %v18 = tosa.logical_or %v8, %v17 : (tensor<3x2xi1>, tensor<1x1xi1>) -> tensor<3x2xi1>
  %v19 = tosa.bitwise_not %v16 : (tensor<3x1x1xi32>) -> tensor<3x1x1xi32>
  %v20 = tosa.sub %v14, %v14 : (tensor<2x3x1x3xf32>, tensor<2x3x1x3xf32>) -> tensor<2x3x1x3xf32>
  return %v20, %v19, %v18 : tensor<2x3x1x3xf32>, tensor<3x1x1xi32>, tensor<3x2xi1>
}
func.func @f1(%v0: tensor<5x3x5x3xi1>, %v12: tensor<3x1x5x2xf32>, %v17: tensor<3x2xi1>) -> (tensor<3x3x4x3xf32>, tensor<8x2x6x1xi32>, tensor<3x2xi1>) {
  %v1 = tosa.reduce_all %v0 {axis = 2 : i32} : (tensor<5x3x5x3xi1>) -> tensor<5x3x1x3xi1>
  %v2 = tosa.reduce_any %v1 {axis = 0 : i32} : (tensor<5x3x1x3xi1>) -> tensor<1x3x1x3xi1>
  %v3 = "tosa.const"() {value = dense<0> : tensor<4x2x3x1xi32>} : () -> tensor<4x2x3x1xi32>
  %v4 = tosa.bitwise_not %v3 : (tensor<4x2x3x1xi32>) -> tensor<4x2x3x1xi32>
  %v5 = tosa.clz %v3 : (tensor<4x2x3x1xi32>) -> tensor<4x2x3x1xi32>
  %v6 = tosa.argmax %v4 {axis = 2 : i32} : (tensor<4x2x3x1xi32>) -> tensor<4x2x1xi32>
  %v7 = "tosa.const"() {value = dense<0.25> : tensor<3x4x1xf32>} : () -> tensor<3x4x1xf32>
  %v8 = tosa.erf %v7 : (tensor<3x4x1xf32>) -> tensor<3x4x1xf32>
  %v9 = "tosa.const"() {value = dense<false> : tensor<4x2x3x1xi1>} : () -> tensor<4x2x3x1xi1>
  %v10 = tosa.select %v9, %v4, %v5 : (tensor<4x2x3x1xi1>, tensor<4x2x3x1xi32>, tensor<4x2x3x1xi32>) -> tensor<4x2x3x1xi32>
  %v11 = tosa.bitwise_or %v4, %v4 : (tensor<4x2x3x1xi32>, tensor<4x2x3x1xi32>) -> tensor<4x2x3x1xi32>
  %v13 = tosa.max_pool2d %v12 {kernel = array<i64: 3, 2>, pad = array<i64: 1, 1, 1, 0>, stride = array<i64: 2, 1>} : (tensor<3x1x5x2xf32>) -> tensor<3x1x5x2xf32>
  %v14 = "tosa.const"() {value = dense<1.00> : tensor<3x2x2x2xf32>} : () -> tensor<3x2x2x2xf32>
  %v15 = "tosa.const"() {value = dense<-0.50> : tensor<4xf32>} : () -> tensor<4xf32>
  %v16 = tosa.depthwise_conv2d %v12, %v14, %v15 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 0, 0>, stride = array<i64: 1, 1>} : (tensor<3x1x5x2xf32>, tensor<3x2x2x2xf32>, tensor<4xf32>) -> tensor<3x1x4x4xf32>
  %v18 = "tosa.const"() {value = dense<false> : tensor<1x1xi1>} : () -> tensor<1x1xi1>
  %v19, %v20, %v21 = func.call @f0(%v17, %v18) : (tensor<3x2xi1>, tensor<1x1xi1>) -> (tensor<2x3x1x3xf32>, tensor<3x1x1xi32>, tensor<3x2xi1>)
  %v22 = tosa.tile %v4 {multiples = array<i64: 2, 1, 2, 1>} : (tensor<4x2x3x1xi32>) -> tensor<8x2x6x1xi32>
  %v23 = "tosa.const"() {value = dense<-2.00> : tensor<3x1x3x2xf32>} : () -> tensor<3x1x3x2xf32>
  %v24 = "tosa.const"() {value = dense<1.50> : tensor<3xf32>} : () -> tensor<3xf32>
  %v25 = tosa.conv2d %v13, %v23, %v24 {dilation = array<i64: 2, 1>, pad = array<i64: 1, 1, 1, 0>, stride = array<i64: 1, 1>} : (tensor<3x1x5x2xf32>, tensor<3x1x3x2xf32>, tensor<3xf32>) -> tensor<3x3x4x3xf32>
  return %v25, %v22, %v21 : tensor<3x3x4x3xf32>, tensor<8x2x6x1xi32>, tensor<3x2xi1>
}
func.func @f2(%v1: tensor<1x1xi1>, %v6: tensor<3x4xi32>, %v8: i1, %v12: tensor<5x3x5x3xi1>, %v13: tensor<3x1x5x2xf32>) -> (tensor<3x1x1xi32>) {
  %v0 = "tosa.const"() {value = dense<[[true, true], [true, true], [false, true]]> : tensor<3x2xi1>} : () -> tensor<3x2xi1>
  %v2, %v3, %v4 = func.call @f0(%v0, %v1) : (tensor<3x2xi1>, tensor<1x1xi1>) -> (tensor<2x3x1x3xf32>, tensor<3x1x1xi32>, tensor<3x2xi1>)
  %v5 = tosa.equal %v2, %v2 : (tensor<2x3x1x3xf32>, tensor<2x3x1x3xf32>) -> tensor<2x3x1x3xi1>
  %v7 = tosa.reduce_sum %v6 {axis = 0 : i32} : (tensor<3x4xi32>) -> tensor<1x4xi32>
  %v9, %v10 = scf.if %v8 -> (tensor<3x1x1xi32>, tensor<2x3x1x3xf32>) {
    %v11 = tosa.logical_left_shift %v7, %v7 : (tensor<1x4xi32>, tensor<1x4xi32>) -> tensor<1x4xi32>
    %v14, %v15, %v16 = func.call @f1(%v12, %v13, %v0) : (tensor<5x3x5x3xi1>, tensor<3x1x5x2xf32>, tensor<3x2xi1>) -> (tensor<3x3x4x3xf32>, tensor<8x2x6x1xi32>, tensor<3x2xi1>)
    %v17 = tosa.tanh %v2 : (tensor<2x3x1x3xf32>) -> tensor<2x3x1x3xf32>
    %v18 = tosa.negate %v3 : (tensor<3x1x1xi32>) -> tensor<3x1x1xi32>
    %v19 = tosa.exp %v17 : (tensor<2x3x1x3xf32>) -> tensor<2x3x1x3xf32>
    scf.yield %v18, %v19 : tensor<3x1x1xi32>, tensor<2x3x1x3xf32>
  } else {
    %v20 = tosa.reciprocal %v2 : (tensor<2x3x1x3xf32>) -> tensor<2x3x1x3xf32>
    scf.yield %v3, %v20 : tensor<3x1x1xi32>, tensor<2x3x1x3xf32>
  }
  %v21 = tosa.mul %v9, %v3 {shift = 0 : i8} : (tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x1x1xi32>
  %v22 = tosa.slice %v2 {start = array<i64: 0, 0, 0, 1>, size = array<i64: 2, 1, 1, 2>} : (tensor<2x3x1x3xf32>) -> tensor<2x1x1x2xf32>
  %v23 = tosa.reshape %v9 {new_shape = array<i64: 1, 3, 1, 1>} : (tensor<3x1x1xi32>) -> tensor<1x3x1x1xi32>
  %v24 = "tosa.const"() {value = dense<2> : tensor<5x4x1x5xi32>} : () -> tensor<5x4x1x5xi32>
  %v25 = "tosa.const"() {value = dense<4> : tensor<5x4x1x5xi32>} : () -> tensor<5x4x1x5xi32>
  %v26 = tosa.logical_left_shift %v25, %v24 : (tensor<5x4x1x5xi32>, tensor<5x4x1x5xi32>) -> tensor<5x4x1x5xi32>
  %v27 = tosa.logical_xor %v4, %v0 : (tensor<3x2xi1>, tensor<3x2xi1>) -> tensor<3x2xi1>
  %v28 = arith.constant 0 : index
  %v29 = arith.constant 1 : index
  %v30 = arith.constant 1 : index
  %v31, %v32 = scf.for %v33 = %v28 to %v29 step %v30 iter_args(%v34 = %v24, %v35 = %v9) -> (tensor<5x4x1x5xi32>, tensor<3x1x1xi32>) {
    %v36 = tosa.abs %v3 : (tensor<3x1x1xi32>) -> tensor<3x1x1xi32>
    scf.yield %v26, %v36 : tensor<5x4x1x5xi32>, tensor<3x1x1xi32>
  }
  return %v32 : tensor<3x1x1xi32>
}
func.func @main(%v0: tensor<3x5x5xi1>, %v8: tensor<2x1x2x1xi1>, %v13: tensor<3x4xf32>) -> (tensor<1x25xi32>, tensor<1x2x2x1xf32>, tensor<3x8x1x4xf32>) {
  %v1 = tosa.logical_not %v0 : (tensor<3x5x5xi1>) -> tensor<3x5x5xi1>
  %v2 = "tosa.const"() {value = dense<4> : tensor<5x5xi32>} : () -> tensor<5x5xi32>
  %v3 = tosa.reduce_sum %v2 {axis = 1 : i32} : (tensor<5x5xi32>) -> tensor<5x1xi32>
  %v4 = tosa.argmax %v3 {axis = 1 : i32} : (tensor<5x1xi32>) -> tensor<5xi32>
  %v5 = "tosa.const"() {value = dense<0.75> : tensor<3x4x1x2xf32>} : () -> tensor<3x4x1x2xf32>
  %v6 = tosa.max_pool2d %v5 {kernel = array<i64: 3, 1>, pad = array<i64: 1, 0, 0, 0>, stride = array<i64: 2, 1>} : (tensor<3x4x1x2xf32>) -> tensor<3x2x1x2xf32>
  %v7 = tosa.int_div %v2, %v3 : (tensor<5x5xi32>, tensor<5x1xi32>) -> tensor<5x5xi32>
  %v9 = tosa.reduce_all %v8 {axis = 2 : i32} : (tensor<2x1x2x1xi1>) -> tensor<2x1x1x1xi1>
  %v10 = tosa.reshape %v2 {new_shape = array<i64: 1, 25>} : (tensor<5x5xi32>) -> tensor<1x25xi32>
  %v11 = tosa.reduce_sum %v5 {axis = 2 : i32} : (tensor<3x4x1x2xf32>) -> tensor<3x4x1x2xf32>
  %v12 = tosa.bitwise_and %v2, %v7 : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi32>
  %v14 = "tosa.const"() {value = dense<[[-0.75, 0.00, 1.25, 1.50]]> : tensor<1x4xf32>} : () -> tensor<1x4xf32>
  %v15 = "tosa.const"() {value = dense<[1.75]> : tensor<1xf32>} : () -> tensor<1xf32>
  %v16 = tosa.fully_connected %v13, %v14, %v15 : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<1xf32>) -> tensor<3x1xf32>
  %v17 = tosa.tile %v11 {multiples = array<i64: 1, 2, 1, 2>} : (tensor<3x4x1x2xf32>) -> tensor<3x8x1x4xf32>
  %v18 = tosa.reshape %v14 {new_shape = array<i64: 1, 2, 2, 1>} : (tensor<1x4xf32>) -> tensor<1x2x2x1xf32>
  %v19 = tosa.arithmetic_right_shift %v10, %v10 {round = true} : (tensor<1x25xi32>, tensor<1x25xi32>) -> tensor<1x25xi32>
  return %v19, %v18, %v17 : tensor<1x25xi32>, tensor<1x2x2x1xf32>, tensor<3x8x1x4xf32>
}

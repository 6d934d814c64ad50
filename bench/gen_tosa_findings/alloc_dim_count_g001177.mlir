func.func @f0(%v9: tensor<3xi32>, %v12: tensor<2x1x1xf32>) -> (tensor<?xi32>) {
  %v0 = "tosa.const"() {value = dense<1.75> : tensor<1x1x2x3xf32>} : () -> tensor<1x1x2x3xf32>
  %v1 = arith.constant 0 : index
  %v2 = arith.constant 1 : index
  %v3 = arith.constant 1 : index
  %v4, %v5 = scf.for %v6 = %v1 to %v2 step %v3 iter_args(%v7 = %v0, %v8 = %v0) -> (tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>) {
    scf.yield %v0, %v8 : tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>
  }
  %v10 = tosa.logical_left_shift %v9, %v9 : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %v11 = tosa.identity %v4 : (tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %v13 = tosa.matmul %v12, %v12 : (tensor<2x1x1xf32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %v14 = tosa.negate %v11 : (tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %v15 = "tosa.const"() {value = dense<[[1, 1]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %v16 = tosa.pad %v10, %v15 : (tensor<3xi32>, tensor<1x2xi32>) -> tensor<5xi32>
  %v17 = tensor.cast %v0 : tensor<1x1x2x3xf32> to tensor<1x?x?x?xf32>
  %v18 = arith.constant 2 : index
  %v19 = tensor.dim %v17, %v18 : tensor<1x?x?x?xf32>
  %v20 = tosa.clz %v15 : (tensor<1x2xi32>) -> tensor<1x2xi32>
  %v21 = tosa.floor %v0 : (tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %v22 = tosa.matmul %v12, %v12 : (tensor<2x1x1xf32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %v23 = tosa.log %v13 : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %v24 = tosa.floor %v4 : (tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %v25 = "tosa.const"() {value = dense<false> : tensor<1x5x5x2xi1>} : () -> tensor<1x5x5x2xi1>
  %v26 = tosa.logical_and %v25, %v25 : (tensor<1x5x5x2xi1>, tensor<1x5x5x2xi1>) -> tensor<1x5x5x2xi1>
  %v27 = tosa.reverse %v22 {axis = 1 : i32} : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %v28 = tosa.reverse %v9 {axis = 0 : i32} : (tensor<3xi32>) -> tensor<3xi32>
  %v29 = "tosa.const"() {value = dense<-1.50> : tensor<4x2x3x2xf32>} : () -> tensor<4x2x3x2xf32>
  %v30 = tensor.cast %v29 : tensor<4x2x3x2xf32> to tensor<?x?x?x2xf32>
  %v31 = arith.constant 1 : index
  %v32 = tensor.dim %v30, %v31 : tensor<?x?x?x2xf32>
  %v33 = arith.constant 0 : index
  %v34 = arith.constant 1 : index
  %v35, %v36 = scf.for %v37 = %v33 to %v19 step %v34 iter_args(%v38 = %v14, %v39 = %v14) -> (tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>) {
    %v40 = "tosa.const"() {value = dense<[2, 3, 0, 1]> : tensor<4xi32>} : () -> tensor<4xi32>
    %v41 = tosa.transpose %v4, %v40 : (tensor<1x1x2x3xf32>, tensor<4xi32>) -> tensor<2x3x1x1xf32>
    %v42 = tosa.slice %v41 {start = array<i64: 0, 0, 0, 0>, size = array<i64: 2, 2, 1, 1>} : (tensor<2x3x1x1xf32>) -> tensor<2x2x1x1xf32>
    scf.yield %v14, %v24 : tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>
  }
  %v43 = "tosa.const"() {value = dense<[[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]> : tensor<2x5xi32>} : () -> tensor<2x5xi32>
  %v44 = tosa.gather %v23, %v43 : (tensor<2x1x1xf32>, tensor<2x5xi32>) -> tensor<2x5x1xf32>
  %v45 = "tosa.const"() {value = dense<[[[[true], [true], [false], [false], [true]]]]> : tensor<1x1x5x1xi1>} : () -> tensor<1x1x5x1xi1>
  %v46 = tosa.logical_and %v25, %v45 : (tensor<1x5x5x2xi1>, tensor<1x1x5x1xi1>) -> tensor<1x5x5x2xi1>
  %v47 = "tosa.const"() {value = dense<[[[[-0.75]]]]> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %v48 = tosa.maximum %v4, %v47 : (tensor<1x1x2x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x3xf32>
  %v49 = "tosa.const"() {value = dense<-0.75> : tensor<2x3x3x1xf32>} : () -> tensor<2x3x3x1xf32>
  %v50 = "tosa.const"() {value = dense<[-1.25, -1.00, -1.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v51 = tosa.depthwise_conv2d %v36, %v49, %v50 {dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 1, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x2x3xf32>, tensor<2x3x3x1xf32>, tensor<3xf32>) -> tensor<1x1x1x3xf32>
  %v52 = tosa.bitwise_not %v20 : (tensor<1x2xi32>) -> tensor<1x2xi32>
  %v53 = tensor.cast %v9 : tensor<3xi32> to tensor<?xi32>
  %v54 = arith.constant 0 : index
  %v55 = tensor.dim %v53, %v54 : tensor<?xi32>
  return %v53 : tensor<?xi32>
}
func.func @main(%v0: tensor<2x1x5xf32>, %v2: tensor<3xi32>, %v18: tensor<2x1x2xf32>, %v21: tensor<5x4x1x2xf32>, %v27: i1) -> (tensor<1x1x1xi1>, tensor<?xi32>, tensor<1xi32>) {
  %v1 = tosa.sub %v0, %v0 : (tensor<2x1x5xf32>, tensor<2x1x5xf32>) -> tensor<2x1x5xf32>
  %v3 = "tosa.const"() {value = dense<[[[1.00]], [[-1.00]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %v4 = func.call @f0(%v2, %v3) : (tensor<3xi32>, tensor<2x1x1xf32>) -> (tensor<?xi32>)
  %v5 = tosa.rsqrt %v3 : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %v6 = arith.constant 0 : index
  %v7 = arith.constant 3 : index
  %v8 = arith.constant 2 : index
  %v9, %v10 = scf.for %v11 = %v6 to %v7 step %v8 iter_args(%v12 = %v5, %v13 = %v4) -> (tensor<2x1x1xf32>, tensor<?xi32>) {
    %v14 = tosa.sigmoid %v3 : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
    scf.yield %v14, %v13 : tensor<2x1x1xf32>, tensor<?xi32>
  }
  %v15 = "tosa.const"() {value = dense<true> : tensor<1x2x3xi1>} : () -> tensor<1x2x3xi1>
  %v16 = tosa.logical_and %v15, %v15 : (tensor<1x2x3xi1>, tensor<1x2x3xi1>) -> tensor<1x2x3xi1>
  %v17 = tosa.argmax %v3 {axis = 0 : i32} : (tensor<2x1x1xf32>) -> tensor<1x1xi32>
  %v19 = tosa.matmul %v3, %v18 : (tensor<2x1x1xf32>, tensor<2x1x2xf32>) -> tensor<2x1x2xf32>
  %v20 = tosa.add %v18, %v18 : (tensor<2x1x2xf32>, tensor<2x1x2xf32>) -> tensor<2x1x2xf32>
  %v22 = "tosa.const"() {value = dense<[[[[-0.25, -2.00], [-1.25, -0.75]]], [[[-1.75, -1.25], [2.00, -1.75]]], [[[1.75, -1.75], [-2.00, 0.25]]], [[[0.00, 2.00], [0.25, 0.50]]]]> : tensor<4x1x2x2xf32>} : () -> tensor<4x1x2x2xf32>
  %v23 = "tosa.const"() {value = dense<1.50> : tensor<4xf32>} : () -> tensor<4xf32>
  %v24 = tosa.conv2d %v21, %v22, %v23 {dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 1, 0>, stride = array<i64: 2, 2>} : (tensor<5x4x1x2xf32>, tensor<4x1x2x2xf32>, tensor<4xf32>) -> tensor<5x3x1x4xf32>
  %v25 = tosa.exp %v9 : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %v26 = func.call @f0(%v2, %v3) : (tensor<3xi32>, tensor<2x1x1xf32>) -> (tensor<?xi32>)
  %v28 = scf.if %v27 -> (tensor<2x1x1xf32>) {
    scf.yield %v25 : tensor<2x1x1xf32>
  } else {
    %v29 = "tosa.const"() {value = dense<-1.00> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
    %v30 = tosa.greater %v29, %v22 : (tensor<1x1x1x2xf32>, tensor<4x1x2x2xf32>) -> tensor<4x1x2x2xi1>
    scf.yield %v25 : tensor<2x1x1xf32>
  }
  %v31 = "tosa.const"() {value = dense<[0]> : tensor<1xi32>} : () -> tensor<1xi32>
  %v32 = tosa.transpose %v23, %v31 : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  %v33 = tosa.argmax %v19 {axis = 0 : i32} : (tensor<2x1x2xf32>) -> tensor<1x2xi32>
  %v34 = tosa.identity %v23 : (tensor<4xf32>) -> tensor<4xf32>
  %v35 = "tosa.const"() {value = dense<[[0, 0]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %v36 = tosa.pad %v34, %v35 : (tensor<4xf32>, tensor<1x2xi32>) -> tensor<4xf32>
  %v37 = tosa.clz %v26 : (tensor<?xi32>) -> tensor<?xi32>
  %v38 = tosa.negate %v31 : (tensor<1xi32>) -> tensor<1xi32>
  %v39 = tosa.logical_or %v15, %v15 : (tensor<1x2x3xi1>, tensor<1x2x3xi1>) -> tensor<1x2x3xi1>
  %v40 = tosa.logical_or %v16, %v16 : (tensor<1x2x3xi1>, tensor<1x2x3xi1>) -> tensor<1x2x3xi1>
  %v41 = tosa.bitwise_or %v31, %v31 : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %v42 = func.call @f0(%v2, %v3) : (tensor<3xi32>, tensor<2x1x1xf32>) -> (tensor<?xi32>)
  %v43 = tosa.slice %v5 {start = array<i64: 1, 0, 0>, size = array<i64: 1, 1, 1>} : (tensor<2x1x1xf32>) -> tensor<1x1x1xf32>
  %v44 = tosa.greater %v43, %v43 : (tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xi1>
  return %v44, %v42, %v41 : tensor<1x1x1xi1>, tensor<?xi32>, tensor<1xi32>
}

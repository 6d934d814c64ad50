// gred gen --dialect tosa -n 300 --seed 1 --nodes 30: g000172.mlir. The TOSA
// lowering of scripts/mlir_tosa_check.sh crashes mlir-opt-19 in one-shot-bufferize
// (bench/gen_tosa_findings/bufferize_loop_yields_call_result.mlir).
func.func @f0(%v10: tensor<4x5x3xf32>) -> (tensor<1x1x1x1xf32>, tensor<1x5x3xi32>, tensor<1x1x1x1xf32>) {
  %v0 = "tosa.const"() {value = dense<[[[true, false, false], [true, false, true]], [[true, false, false], [false, false, false]]]> : tensor<2x2x3xi1>} : () -> tensor<2x2x3xi1>
  %v1 = tosa.reverse %v0 {axis = 0 : i32} : (tensor<2x2x3xi1>) -> tensor<2x2x3xi1>
  %v2 = "tosa.const"() {value = dense<[[[[-3, 0, 4], [0, -3, 2], [4, -2, 3]]]]> : tensor<1x1x3x3xi32>} : () -> tensor<1x1x3x3xi32>
  %v3 = "tosa.const"() {value = dense<[[[[2]]]]> : tensor<1x1x1x1xi32>} : () -> tensor<1x1x1x1xi32>
  %v4 = tosa.add %v2, %v3 : (tensor<1x1x3x3xi32>, tensor<1x1x1x1xi32>) -> tensor<1x1x3x3xi32>
  %v5 = tosa.bitwise_and %v4, %v4 : (tensor<1x1x3x3xi32>, tensor<1x1x3x3xi32>) -> tensor<1x1x3x3xi32>
  %v6 = tosa.logical_or %v1, %v1 : (tensor<2x2x3xi1>, tensor<2x2x3xi1>) -> tensor<2x2x3xi1>
  %v7 = tosa.reduce_prod %v4 {axis = 2 : i32} : (tensor<1x1x3x3xi32>) -> tensor<1x1x1x3xi32>
  %v8 = tosa.argmax %v2 {axis = 2 : i32} : (tensor<1x1x3x3xi32>) -> tensor<1x1x3xi32>
  %v9 = tosa.reduce_prod %v2 {axis = 1 : i32} : (tensor<1x1x3x3xi32>) -> tensor<1x1x3x3xi32>
  %v11 = tosa.exp %v10 : (tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
  %v12 = tosa.reshape %v9 {new_shape = array<i64: 3, 3>} : (tensor<1x1x3x3xi32>) -> tensor<3x3xi32>
  %v13 = tosa.cast %v3 : (tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xf32>
  %v14 = tosa.abs %v5 : (tensor<1x1x3x3xi32>) -> tensor<1x1x3x3xi32>
  %v15 = tosa.logical_and %v1, %v0 : (tensor<2x2x3xi1>, tensor<2x2x3xi1>) -> tensor<2x2x3xi1>
  %v16 = tosa.max_pool2d %v13 {kernel = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 1>, stride = array<i64: 1, 2>} : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %v17 = "tosa.const"() {value = dense<[[0, 0, 0, 0, 0]]> : tensor<1x5xi32>} : () -> tensor<1x5xi32>
  %v18 = tosa.gather %v8, %v17 : (tensor<1x1x3xi32>, tensor<1x5xi32>) -> tensor<1x5x3xi32>
  %v19 = tosa.rsqrt %v13 : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %v19, %v18, %v16 : tensor<1x1x1x1xf32>, tensor<1x5x3xi32>, tensor<1x1x1x1xf32>
}
func.func @main(%v12: tensor<4x5x3xi1>) -> (tensor<1x5x3xi32>) {
  %v0 = "tosa.const"() {value = dense<0.00> : tensor<4x5x3xf32>} : () -> tensor<4x5x3xf32>
  %v1, %v2, %v3 = func.call @f0(%v0) : (tensor<4x5x3xf32>) -> (tensor<1x1x1x1xf32>, tensor<1x5x3xi32>, tensor<1x1x1x1xf32>)
  %v4 = tosa.bitwise_not %v2 : (tensor<1x5x3xi32>) -> tensor<1x5x3xi32>
  %v5 = "tosa.const"() {value = dense<[[1.75, 0.75]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %v6 = "tosa.const"() {value = dense<2.00> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %v7 = "tosa.const"() {value = dense<-1.50> : tensor<2xf32>} : () -> tensor<2xf32>
  %v8 = tosa.fully_connected %v5, %v6, %v7 : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %v9 = tensor.cast %v7 : tensor<2xf32> to tensor<?xf32>
  %v10 = arith.constant 0 : index
  %v11 = tensor.dim %v9, %v10 : tensor<?xf32>
  %v13 = tosa.select %v12, %v0, %v0 : (tensor<4x5x3xi1>, tensor<4x5x3xf32>, tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
  %v14 = tosa.sigmoid %v13 : (tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
  %v15 = tensor.cast %v8 : tensor<1x2xf32> to tensor<1x?xf32>
  %v16 = arith.constant 0 : index
  %v17 = tensor.dim %v15, %v16 : tensor<1x?xf32>
  %v18 = arith.constant 0 : index
  %v19 = arith.constant 2 : index
  %v20 = scf.for %v21 = %v18 to %v11 step %v19 iter_args(%v22 = %v6) -> (tensor<2x2xf32>) {
    %v23 = tensor.cast %v22 : tensor<2x2xf32> to tensor<2x?xf32>
    %v24 = arith.constant 0 : index
    %v25 = tensor.dim %v23, %v24 : tensor<2x?xf32>
    scf.yield %v22 : tensor<2x2xf32>
  }
  %v26 = arith.constant 0 : index
  %v27 = arith.constant 2 : index
  %v28 = arith.constant 2 : index
  %v29, %v30 = scf.for %v31 = %v26 to %v27 step %v28 iter_args(%v32 = %v2, %v33 = %v2) -> (tensor<1x5x3xi32>, tensor<1x5x3xi32>) {
    %v34 = tosa.log %v14 : (tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
    %v35 = tosa.reciprocal %v14 : (tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
    %v36 = tosa.negate %v2 : (tensor<1x5x3xi32>) -> tensor<1x5x3xi32>
    %v37 = tosa.abs %v4 : (tensor<1x5x3xi32>) -> tensor<1x5x3xi32>
    scf.yield %v36, %v37 : tensor<1x5x3xi32>, tensor<1x5x3xi32>
  }
  %v38 = "tosa.const"() {value = dense<[[[7]]]> : tensor<1x1x1xi32>} : () -> tensor<1x1x1xi32>
  %v39 = tosa.bitwise_and %v29, %v38 : (tensor<1x5x3xi32>, tensor<1x1x1xi32>) -> tensor<1x5x3xi32>
  %v40 = "tosa.const"() {value = dense<[[[1]]]> : tensor<1x1x1xi32>} : () -> tensor<1x1x1xi32>
  %v41 = tosa.bitwise_or %v39, %v40 : (tensor<1x5x3xi32>, tensor<1x1x1xi32>) -> tensor<1x5x3xi32>
  %v42 = tosa.int_div %v29, %v41 : (tensor<1x5x3xi32>, tensor<1x5x3xi32>) -> tensor<1x5x3xi32>
  %v43 = "tosa.const"() {value = dense<[[[31]]]> : tensor<1x1x1xi32>} : () -> tensor<1x1x1xi32>
  %v44 = tosa.bitwise_and %v42, %v43 : (tensor<1x5x3xi32>, tensor<1x1x1xi32>) -> tensor<1x5x3xi32>
  %v45 = tosa.arithmetic_right_shift %v2, %v44 {round = false} : (tensor<1x5x3xi32>, tensor<1x5x3xi32>) -> tensor<1x5x3xi32>
  %v46 = tosa.abs %v42 : (tensor<1x5x3xi32>) -> tensor<1x5x3xi32>
  return %v46 : tensor<1x5x3xi32>
}

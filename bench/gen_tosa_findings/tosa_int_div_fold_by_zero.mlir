func.func @a() {
  %0 = "tosa.const"() <{value = dense<1> : tensor<3x2x3xi32>}> : () -> tensor<3x2x3xi32>
  %cst = arith.constant dense<0> : tensor<3x2x3xi32>
  %1 = tosa.int_div %0, %cst : (tensor<3x2x3xi32>, tensor<3x2x3xi32>) -> tensor<3x2x3xi32>
  return
}

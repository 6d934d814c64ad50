func.func @a() {
  %cst = arith.constant dense<0.000000e+00> : tensor<f32>
  %0 = arith.divf %cst, %cst : tensor<f32>
  return
}

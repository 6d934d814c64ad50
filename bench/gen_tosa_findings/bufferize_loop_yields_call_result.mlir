func.func @a() -> tensor<1xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<1xf32>
  return %cst : tensor<1xf32>
}
func.func @b() {
  %0 = call @a() : () -> tensor<1xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = scf.for %i = %c0 to %c1 step %c1 iter_args(%arg = %0) -> (tensor<1xf32>) {
    scf.yield %0 : tensor<1xf32>
  }
  return
}

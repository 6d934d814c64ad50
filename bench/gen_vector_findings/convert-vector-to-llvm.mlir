func.func @a(%arg0: tensor<1xi32>) -> tensor<1xi32> {
  %cst = arith.constant dense<0> : vector<4xi32>
  %c0 = arith.constant 0 : index
  %0 = vector.transfer_write %cst, %arg0[%c0] : vector<4xi32>, tensor<1xi32>
  return %0 : tensor<1xi32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(convert-vector-to-llvm)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

func.func @a(%arg0: memref<5xi32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<0> : vector<4xi32>
  %cst_0 = arith.constant dense<0> : vector<i32>
  %0 = vector.insert %cst_0, %cst [2] : vector<i32> into vector<4xi32>
  %1 = vector.constant_mask [1] : vector<4xi1>
  vector.maskedstore %arg0[%c0], %1, %0 : memref<5xi32>, vector<4xi1>, vector<4xi32>
  return
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

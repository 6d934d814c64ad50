func.func @a() -> vector<i32> {
  %cst = arith.constant dense<0> : vector<i32>
  %c0_i32 = arith.constant 0 : i32
  %0 = vector.insert %c0_i32, %cst [] : i32 into vector<i32>
  return %0 : vector<i32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(convert-vector-to-scf)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

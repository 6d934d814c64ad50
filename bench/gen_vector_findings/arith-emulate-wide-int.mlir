func.func @a() {
  %cst = arith.constant dense<0> : vector<i32>
  %0 = arith.xori %cst, %cst : vector<i32>
  %1 = arith.minsi %cst, %0 : vector<i32>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(arith-emulate-wide-int{widest-int-supported=16})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

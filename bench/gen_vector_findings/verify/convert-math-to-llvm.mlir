func.func @a(%arg0: vector<i32>) {
  %0 = math.absi %arg0 : vector<i32>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(convert-math-to-llvm)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

func.func @a(%arg0: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  affine.store %cst, %arg0[%c0] : memref<1xf32>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(convert-func-to-llvm)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

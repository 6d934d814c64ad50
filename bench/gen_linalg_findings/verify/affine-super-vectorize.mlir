func.func @a(%arg0: memref<1x1x1x1xi32>) {
  %c0 = arith.constant 0 : index
  affine.for %arg1 = 0 to 1 {
    affine.for %arg2 = 0 to 1 {
      %c0_i32 = arith.constant 0 : i32
      affine.store %c0_i32, %arg0[%c0, %c0, %c0, %c0] : memref<1x1x1x1xi32>
    }
  }
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(affine-super-vectorize{virtual-vector-size=2,2}))",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

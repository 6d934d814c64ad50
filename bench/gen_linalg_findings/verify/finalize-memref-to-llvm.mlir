func.func @a(%arg0: memref<1x1x1x1xf32, 1>) {
  memref.dealloc %arg0 : memref<1x1x1x1xf32, 1>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(finalize-memref-to-llvm)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

func.func @a(%arg0: tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %0 = scf.for %arg1 = %c0 to %c0 step %c0 iter_args(%arg2 = %arg0) -> (tensor<?x4xf32>) {
    %1 = linalg.ceil ins(%arg2 : tensor<?x4xf32>) outs(%arg0 : tensor<?x4xf32>) -> tensor<?x4xf32>
    scf.yield %1 : tensor<?x4xf32>
  }
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize{allow-return-allocs-from-loops},func.func(convert-linalg-to-affine-loops))",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

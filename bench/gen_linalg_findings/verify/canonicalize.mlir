func.func @a(%arg0: i1) -> tensor<2xi32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<3x1x3x4xf32>
  %cst_0 = arith.constant dense<0> : tensor<2xi32>
  %c0_i32 = arith.constant 0 : i32
  %0 = linalg.fill ins(%c0_i32 : i32) outs(%cst_0 : tensor<2xi32>) -> tensor<2xi32>
  llvm.cond_br %arg0, ^bb1, ^bb2
^bb1:  // pred: ^bb0
  cf.br ^bb3(%cst, %0 : tensor<3x1x3x4xf32>, tensor<2xi32>)
^bb2:  // pred: ^bb0
  cf.br ^bb3(%cst, %cst_0 : tensor<3x1x3x4xf32>, tensor<2xi32>)
^bb3(%1: tensor<3x1x3x4xf32>, %2: tensor<2xi32>):  // 2 preds: ^bb1, ^bb2
  llvm.br ^bb4
^bb4:  // pred: ^bb3
  return %2 : tensor<2xi32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize{region-simplify=aggressive})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

func.func @a(%arg0: tensor<1x1xi32>, %arg1: tensor<1x5x1xf32>) -> (tensor<1x1xi1>, tensor<1x?x?xf32>) {
  %cst = arith.constant dense<true> : tensor<1x1xi1>
  %cast = tensor.cast %arg1 : tensor<1x5x1xf32> to tensor<1x?x?xf32>
  return %cst, %cast : tensor<1x1xi1>, tensor<1x?x?xf32>
}
func.func @b(%arg0: tensor<5xi32>, %arg1: i1, %arg2: tensor<1x5x1xf32>, %arg3: tensor<5x1xf32>) -> (tensor<5x5xf32>, tensor<1x1xi1>, tensor<1x?x?xf32>) {
  %cst = arith.constant dense<0> : tensor<1x1xi32>
  %0:2 = call @a(%cst, %arg2) : (tensor<1x1xi32>, tensor<1x5x1xf32>) -> (tensor<1x1xi1>, tensor<1x?x?xf32>)
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<5x5xf32>
  return %cst_0, %0#0, %0#1 : tensor<5x5xf32>, tensor<1x1xi1>, tensor<1x?x?xf32>
}
func.func @c(%arg0: i1) {
  %cst = arith.constant dense<0> : tensor<5xi32>
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<1x5x1xf32>
  %cst_1 = arith.constant dense<0.000000e+00> : tensor<5x1xf32>
  %0:3 = call @b(%cst, %arg0, %cst_0, %cst_1) : (tensor<5xi32>, i1, tensor<1x5x1xf32>, tensor<5x1xf32>) -> (tensor<5x5xf32>, tensor<1x1xi1>, tensor<1x?x?xf32>)
  %c0 = arith.constant 0 : index
  %1:2 = scf.for %arg1 = %c0 to %c0 step %c0 iter_args(%arg2 = %0#0, %arg3 = %0#2) -> (tensor<5x5xf32>, tensor<1x?x?xf32>) {
    scf.yield %0#0, %0#2 : tensor<5x5xf32>, tensor<1x?x?xf32>
  }
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops})",
      disable_threading: false,
      verify_each: true
    }
  }
#-}

func.func @a(%arg0: tensor<1x1xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  %0 = vector.transfer_read %arg0[%c0, %c0], %cst : tensor<1x1xf32>, vector<4x4xf32>
  %1 = vector.insert %cst, %0 [3, 3] : f32 into vector<4x4xf32>
  %2 = vector.multi_reduction <minimumf>, %1, %cst [0, 1] : vector<4x4xf32> to f32
  return %2 : f32
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize,convert-vector-to-scf{full-unroll})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

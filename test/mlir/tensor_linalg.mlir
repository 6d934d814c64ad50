// tensor and linalg on tensors: empty, fill, matmul, generic, reshape.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @mm(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>)
                     outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x16xf32>
  %s = tensor.extract_slice %g[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> to tensor<4x16xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<4x16xf32> into tensor<64xf32>
  return %c : tensor<64xf32>
}

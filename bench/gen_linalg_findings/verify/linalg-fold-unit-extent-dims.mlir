#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
module {
  func.func @a() -> tensor<2x1x1x1xf32> {
    %cst = arith.constant dense<0.000000e+00> : tensor<2x4x1x1xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<2x1xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<2x1x1x1xf32>
    %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%cst, %cst_0 : tensor<2x4x1x1xf32>, tensor<2x1xf32>) outs(%cst_1 : tensor<2x1x1x1xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x1x1xf32>
    return %0 : tensor<2x1x1x1xf32>
  }
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(linalg-fold-unit-extent-dims)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

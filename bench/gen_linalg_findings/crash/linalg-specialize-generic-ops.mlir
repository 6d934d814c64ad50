#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0)>
module {
  func.func @a(%arg0: tensor<1x1x1xi32>) {
    %cst = arith.constant dense<0> : tensor<1xi32>
    %0 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["parallel", "reduction", "reduction"]} ins(%arg0, %arg0 : tensor<1x1x1xi32>, tensor<1x1x1xi32>) outs(%cst : tensor<1xi32>) {
    ^bb0(%in: i32, %in_0: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<1xi32>
    return
  }
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(one-shot-bufferize,linalg-specialize-generic-ops)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

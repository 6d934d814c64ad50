// A tensor computation whose "bug" needs an arith.divf by a constant:
// shapes, the constant's values and the attributes can all go.
module attributes {test.origin = "gred fixture"} {
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {llvm.emit_c_interface} {
    %cst = arith.constant dense<[[0.5, 1.25, 2.0, 3.5, 4.25, 5.0, 6.75, 7.5], [8.0, 9.25, 10.5, 11.0, 12.75, 13.5, 14.0, 15.25], [16.5, 17.0, 18.75, 19.5, 20.0, 21.25, 22.5, 23.0], [24.75, 25.5, 26.0, 27.25, 28.5, 29.0, 30.75, 31.5]]> : tensor<4x8xf32>
    %0 = arith.addf %arg0, %cst fastmath<fast> : tensor<4x8xf32>
    %1 = arith.mulf %0, %arg1 fastmath<nnan,ninf> : tensor<4x8xf32>
    %2 = arith.divf %1, %cst fastmath<fast> : tensor<4x8xf32>
    %3 = math.exp %2 : tensor<4x8xf32>
    %4 = arith.subf %3, %arg0 : tensor<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

module {
  func.func @main(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.mulf %arg0, %arg1 : f32
    %1 = arith.addf %0, %0 : f32
    return %1 : f32
  }
}


func.func @a(%arg0: f32) {
  %0 = arith.mulf %arg0, %arg0 : f32
  %1 = arith.addf %0, %0 : f32
  return
}

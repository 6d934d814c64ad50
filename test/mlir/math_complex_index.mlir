// math, complex and index dialects.
func.func @f(%x: f32, %z: complex<f32>, %i: index) -> (f32, complex<f32>, index) {
  %0 = math.exp %x : f32
  %1 = math.sqrt %0 : f32
  %2 = math.fma %1, %x, %0 : f32
  %3 = complex.mul %z, %z : complex<f32>
  %4 = complex.abs %3 : complex<f32>
  %5 = arith.addf %2, %4 : f32
  %c2 = index.constant 2
  %6 = index.mul %i, %c2
  return %5, %3, %6 : f32, complex<f32>, index
}

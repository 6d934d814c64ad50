// vector: broadcast, fma, reduction, transfer reads and writes.
func.func @dot(%m: memref<8xf32>, %a: vector<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0], %pad : memref<8xf32>, vector<8xf32>
  %two = arith.constant 2.0 : f32
  %b = vector.broadcast %two : f32 to vector<8xf32>
  %f = vector.fma %v, %a, %b : vector<8xf32>
  vector.transfer_write %f, %m[%c0] : vector<8xf32>, memref<8xf32>
  %e = vector.extract %f[3] : f32 from vector<8xf32>
  %r = vector.reduction <add>, %f, %e : vector<8xf32> into f32
  return %r : f32
}

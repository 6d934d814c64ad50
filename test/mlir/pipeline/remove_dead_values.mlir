// The remove-dead-values crash of MLIR 19 (gred demo) next to TOSA code, for
// a long pipeline of which only remove-dead-values matters.
func.func private @lookup(index) -> (memref<?x?xf32>, f32)
func.func @scale(%buf: memref<?x?xf32>, %k: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %buf, %c0 : memref<?x?xf32>
  %m = memref.dim %buf, %c1 : memref<?x?xf32>
  %init = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %row = scf.for %j = %c0 to %m step %c1 iter_args(%r = %acc) -> (f32) {
      %v = memref.load %buf[%i, %j] : memref<?x?xf32>
      %s = arith.mulf %v, %k : f32
      memref.store %s, %buf[%i, %j] : memref<?x?xf32>
      %r2 = arith.addf %r, %s : f32
      scf.yield %r2 : f32
    }
    scf.yield %row : f32
  }
  return %sum : f32
}
func.func @relu(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tosa.add %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = tosa.clamp %0 {max_fp = 6.0 : f32, max_int = 6 : i64, min_fp = 0.0 : f32, min_int = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = tosa.mul %1, %x {shift = 0 : i8} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
func.func @main(%idx: index, %x: tensor<4x8xf32>) -> (f32, tensor<4x8xf32>) {
  %buf, %k = call @lookup(%idx) : (index) -> (memref<?x?xf32>, f32)
  %a = call @scale(%buf, %k) : (memref<?x?xf32>, f32) -> f32
  %b = arith.mulf %a, %a : f32
  %c = math.sqrt %b : f32
  %t = call @relu(%x, %x) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %c, %t : f32, tensor<4x8xf32>
}

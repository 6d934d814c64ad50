// memref and affine: alloc, loads and stores in affine loops, subview.
func.func @scale(%buf: memref<16x16xf32>, %k: f32) -> memref<4x4xf32, strided<[16, 1], offset: 34>> {
  %tmp = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %buf[%i, %j] : memref<16x16xf32>
      %w = arith.mulf %v, %k : f32
      affine.store %w, %buf[%i, %j] : memref<16x16xf32>
    }
    %d = affine.load %buf[%i, %i] : memref<16x16xf32>
    affine.store %d, %tmp[%i] : memref<16xf32>
  }
  %c0 = arith.constant 0 : index
  %x = memref.load %tmp[%c0] : memref<16xf32>
  memref.store %x, %buf[%c0, %c0] : memref<16x16xf32>
  memref.dealloc %tmp : memref<16xf32>
  %sv = memref.subview %buf[2, 2] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 34>>
  return %sv : memref<4x4xf32, strided<[16, 1], offset: 34>>
}

// mlir-opt-19 --remove-dead-values crashes when a function that is called
// is also referenced by an op that is not a call.
module {
  func.func private @helper(%x: i64, %y: i64) -> (i64, i64, i64) {
    %c3 = arith.constant 3 : i64
    %s = arith.addi %x, %y : i64
    %m = arith.muli %s, %c3 : i64
    %d = arith.subi %m, %x : i64
    return %s, %m, %d : i64, i64, i64
  }
  func.func @unrelated(%a: f32) -> f32 {
    %0 = arith.mulf %a, %a : f32
    %1 = arith.addf %0, %a : f32
    return %1 : f32
  }
  func.func @entry(%p: i64) -> (i64, i64) {
    %c7 = arith.constant 7 : i64
    %q = arith.addi %p, %c7 : i64
    %r:3 = call @helper(%q, %p) : (i64, i64) -> (i64, i64, i64)
    %t = arith.xori %r#0, %r#2 : i64
    return %t, %r#1 : i64, i64
  }
  "test.symbol_user"() {refs = [@helper, @unrelated]} : () -> ()
  func.func @loop(%n: index, %buf: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = arith.constant 1.5 : f32
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %buf[%i] : memref<?xf32>
      %w = arith.mulf %v, %f : f32
      memref.store %w, %buf[%i] : memref<?xf32>
    }
    return
  }
}

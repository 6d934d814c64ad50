// func and arith: calls, integer and float arithmetic, comparisons, casts.
func.func private @ext(i32) -> i32

func.func @mix(%a: i32, %b: i32, %x: f32) -> (i32, f32) {
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %c3 : i32
  %2 = arith.divsi %1, %b : i32
  %3 = arith.cmpi slt, %2, %a : i32
  %4 = arith.select %3, %2, %a : i32
  %5 = func.call @ext(%4) : (i32) -> i32
  %6 = arith.sitofp %5 : i32 to f32
  %7 = arith.mulf %6, %x : f32
  %8 = arith.negf %7 : f32
  %9 = arith.maximumf %8, %x : f32
  return %5, %9 : i32, f32
}

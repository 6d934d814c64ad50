// A function with some noise around a mulf feeding an addf.
func.func @noise(%a: f32) -> f32 {
  %0 = arith.negf %a : f32
  return %0 : f32
}
func.func @main(%a: f32, %b: f32, %c: i32) -> (f32, i32) {
  %0 = arith.subf %a, %b : f32
  %1 = arith.mulf %0, %b : f32
  %2 = arith.divf %1, %a : f32
  %3 = arith.addf %2, %1 : f32
  %4 = arith.addi %c, %c : i32
  %5 = arith.muli %4, %c : i32
  %true = arith.constant true
  %6 = scf.if %true -> f32 {
    scf.yield %3 : f32
  } else {
    scf.yield %a : f32
  }
  return %6, %5 : f32, i32
}

// scf: for with loop-carried values, if with results, while.
func.func @sum(%n: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %odd = arith.remui %i, %c1 : index
    %z = arith.cmpi eq, %odd, %c0 : index
    %v = scf.if %z -> (f32) {
      %s = arith.addf %acc, %one : f32
      scf.yield %s : f32
    } else {
      %s = arith.subf %acc, %one : f32
      scf.yield %s : f32
    }
    scf.yield %v : f32
  }
  %w = scf.while (%arg = %c0) : (index) -> index {
    %lt = arith.cmpi ult, %arg, %n : index
    scf.condition(%lt) %arg : index
  } do {
  ^bb0(%arg: index):
    %next = arith.addi %arg, %c1 : index
    scf.yield %next : index
  }
  return %r : f32
}

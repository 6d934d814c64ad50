// bench/gen_vector_findings/arith-emulate-wide-int.mlir: mlir-opt-19
// --arith-emulate-wide-int=widest-int-supported=16 segfaults on i32
// vectors of rank 0.
func.func @a() {
  %cst = arith.constant dense<0> : vector<i32>
  %0 = arith.xori %cst, %cst : vector<i32>
  %1 = arith.minsi %cst, %0 : vector<i32>
  return
}

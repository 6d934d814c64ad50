// This file does not parse (the `test` dialect's custom syntax and a
// missing brace), so gred falls back to cutting lines.
func.func @f(%arg0: i32) -> i32 {
  %0 = test.op_with_custom_syntax %arg0 : i32
  %1 = arith.addi %0, %arg0 : i32
  %2 = "foo.crash_here"(%1) : (i32) -> i32
  %3 = arith.muli %2, %2 : i32
  return %3 : i32

func.func @g() {
  return
}

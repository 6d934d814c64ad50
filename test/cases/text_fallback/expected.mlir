func.func @f(%arg0: i32) -> i32 {
  %2 = "foo.crash_here"(%1) : (i32) -> i32

"x.outer"() ({
  %c0_i32 = arith.constant 0 : i32
  "x.keep"(%c0_i32) : (i32) -> ()
}) : () -> ()

// An op in the custom syntax of a dialect gred does not know stops its
// parser, so reduction starts on the text; once that line is gone, the
// passes take over.
"x.outer"() ({
  %0 = "x.make"() {note = "not needed"} : () -> i32
  foo.custom_syntax %0 then %0
  "x.keep"(%0) : (i32) -> ()
  "x.other"() {attr = 1} : () -> ()
}) : () -> ()
"x.tail"() : () -> ()

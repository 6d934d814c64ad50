// cf: unstructured control flow with block arguments and a switch.
func.func @pick(%c: i1, %sel: i32, %a: i64, %b: i64) -> i64 {
  cf.cond_br %c, ^left(%a : i64), ^right
^left(%v: i64):
  cf.br ^done(%v : i64)
^right:
  cf.switch %sel : i32, [
    default: ^done(%b : i64),
    1: ^done(%a : i64)
  ]
^done(%r: i64):
  cf.assert %c, "reached with c false"
  return %r : i64
}

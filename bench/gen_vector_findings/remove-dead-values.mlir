func.func @a() {
  %true = arith.constant true
  scf.if %true {
    vector.print
  }
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(remove-dead-values)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

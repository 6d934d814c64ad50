func.func private @a() {
  return
}
"test.symbol_user"() {refs = [@a, @unrelated]} : () -> ()

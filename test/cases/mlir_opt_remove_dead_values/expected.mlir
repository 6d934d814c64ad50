func.func private @helper() {
  return
}
"test.symbol_user"() {refs = [@helper, @unrelated]} : () -> ()

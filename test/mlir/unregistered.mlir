// Ops of a dialect nobody registered, in generic form, with regions and
// successors; mlir-opt accepts them with --allow-unregistered-dialect.
func.func @g(%x: f32) -> f32 {
  %0 = "acme.scale"(%x) {factor = 2.5 : f32, tag = "hot"} : (f32) -> f32
  %1 = "acme.region"(%0) ({
  ^bb0(%a: f32):
    %s = arith.addf %a, %a : f32
    "acme.yield"(%s) : (f32) -> ()
  }) : (f32) -> f32
  "acme.sink"(%1) : (f32) -> ()
  return %1 : f32
}

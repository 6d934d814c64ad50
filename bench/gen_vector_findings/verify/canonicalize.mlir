func.func @a(%s: f32, %v: vector<f32>) -> vector<f32> {
  %i = vector.insert %s, %v[] : f32 into vector<f32>
  return %i : vector<f32>
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(canonicalize))",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

func.func @a(%arg0: tensor<2xi1>) {
  %0 = tosa.reduce_any %arg0 {axis = 0 : i32} : (tensor<2xi1>) -> tensor<1xi1>
  return
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(tosa-to-linalg),remove-dead-values)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

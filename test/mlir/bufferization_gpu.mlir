// bufferization and gpu: to_tensor/to_memref and a kernel launch.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<32xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<32xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %m[%t] : memref<32xf32>
      gpu.return
    }
  }
  func.func @launch(%t: tensor<32xf32>) -> tensor<32xf32> {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %m = bufferization.to_memref %t : memref<32xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%m : memref<32xf32>)
    %r = bufferization.to_tensor %m : memref<32xf32>
    return %r : tensor<32xf32>
  }
}

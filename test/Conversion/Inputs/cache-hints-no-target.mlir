// A kernel with a launch contract and a load read twice, in a module that
// records no target (input of cache-hints.mlir).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @no_target(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %m = arith.index_cast %arg3 : i64 to index
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %x = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %v = vector.load %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      gpu.barrier
      %again = vector.load %x[%r, %c] {alignment = 16 : i64, rownorm.reload} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      gpu.return
    }
  }
}

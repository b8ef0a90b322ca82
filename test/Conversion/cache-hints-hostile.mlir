// rownorm-cache-hints on loads it must leave alone, in kernels whose x
// parameter is such a buffer: no crash, no rewrite, and the IR stays valid.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-cache-hints=loads=all | FileCheck %s --implicit-check-not=llvm.inline_asm
// RUN: rmsnorm-opt %s --split-input-file --rownorm-cache-hints | FileCheck %s --implicit-check-not=llvm.inline_asm

// A 16-byte load of the kernel's workgroup buffer (an entry-block argument past the parameters).
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @workgroup
    // CHECK: vector.load
    gpu.func @workgroup(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c = gpu.thread_id x
      %v = vector.load %s[%c] {alignment = 16 : i64} : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// Elements without a bit width (index).
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @index_elements
    // CHECK: vector.load
    gpu.func @index_elements(%arg0: memref<64xindex>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c = gpu.thread_id x
      %v = vector.load %arg0[%c] {alignment = 16 : i64} : memref<64xindex>, vector<2xindex>
      gpu.return
    }
  }
}

// -----

// A memref of vectors.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @vector_elements
    // CHECK: vector.load
    gpu.func @vector_elements(%arg0: memref<16xvector<4xf32>>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c = gpu.thread_id x
      %v = vector.load %arg0[%c] {alignment = 16 : i64} : memref<16xvector<4xf32>>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// Elements narrower than a byte.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @sub_byte
    // CHECK: vector.load
    gpu.func @sub_byte(%arg0: memref<256xi4>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c = gpu.thread_id x
      %v = vector.load %arg0[%c] {alignment = 16 : i64} : memref<256xi4>, vector<32xi4>
      gpu.return
    }
  }
}

// -----

// An argument of unknown strides and offset read directly.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @dynamic_layout
    // CHECK: vector.load
    gpu.func @dynamic_layout(%arg0: memref<?x64xf32, strided<[?, 1], offset: ?>>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c = gpu.thread_id x
      %v = vector.load %arg0[%c, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// An argument in another memory space.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @shared_space
    // CHECK: vector.load
    gpu.func @shared_space(%arg0: memref<64xf32, 3>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c = gpu.thread_id x
      %v = vector.load %arg0[%c] {alignment = 16 : i64} : memref<64xf32, 3>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// A 2-D vector.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @two_d
    // CHECK: vector.load
    gpu.func @two_d(%arg0: memref<4x64xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c = gpu.thread_id x
      %v = vector.load %arg0[%c, %c] {alignment = 16 : i64} : memref<4x64xf32>, vector<2x2xf32>
      gpu.return
    }
  }
}

// -----

// A scalable vector: no fixed 16 bytes, so neither hinted nor (with its
// re-read) rewritten.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @scalable
    // CHECK-COUNT-2: vector.load {{.*}} vector<[4]xf32>
    gpu.func @scalable(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %m = arith.index_cast %arg3 : i64 to index
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %x = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %v = vector.load %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<[4]xf32>
      gpu.barrier
      %again = vector.load %x[%r, %c] {alignment = 16 : i64, rownorm.reload} : memref<?x64xf32, strided<[64, 1]>>, vector<[4]xf32>
      gpu.return
    }
  }
}

// rownorm-cache-hints with loads=all: in a kernel with a launch contract,
// each aligned 16-byte load of x becomes the target's load evicted first (a
// row is read once) and each of w one evicted last (every block reads it),
// at the byte address of the loaded element. Loads that are not 16 bytes,
// carry no 16-byte alignment, or read an in-place buffer (role "xy") keep
// the plain load, as does every load on a target without hinted loads
// (gfx942).
// RUN: rmsnorm-opt %s --split-input-file --rownorm-cache-hints=loads=all | FileCheck %s
// Without the pass the loads stay plain:
// RUN: rmsnorm-opt %s --split-input-file | not FileCheck %s
// The default (loads=reread) hints only x's loads that are read again
// (@reread's first load); loads=none changes nothing:
// RUN: rmsnorm-opt %s --split-input-file --rownorm-cache-hints | FileCheck %s --check-prefix=REREAD
// RUN: rmsnorm-opt %s --split-input-file --rownorm-cache-hints=loads=none | FileCheck %s --check-prefix=NONE
// NONE-NOT: llvm.inline_asm
// A module without a target has nothing to hint for: no error, no change
// (with loads=none too).
// RUN: rmsnorm-opt %S/Inputs/cache-hints-no-target.mlir --rownorm-cache-hints | FileCheck %s --check-prefix=NONE
// RUN: rmsnorm-opt %S/Inputs/cache-hints-no-target.mlir --rownorm-cache-hints=loads=none | FileCheck %s --check-prefix=NONE

module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @rows
    // REREAD-LABEL: gpu.func @rows
    // REREAD-NOT: llvm.inline_asm
    // x[r, c]: base + (r * 64 + c) * 4 bytes.
    // CHECK: %[[ROW:.*]] = arith.muli %block_id_x, %c64
    // CHECK: %[[E0:.*]] = arith.addi %c0, %[[ROW]]
    // CHECK: %[[COL:.*]] = arith.muli %thread_id_x, %c1
    // CHECK: %[[E:.*]] = arith.addi %[[E0]], %[[COL]]
    // CHECK: %[[XP:.*]] = memref.extract_aligned_pointer_as_index %arg0
    // CHECK: %[[B:.*]] = arith.muli %[[E]], %c4
    // CHECK: %[[A:.*]] = arith.addi %[[XP]], %[[B]]
    // CHECK: %[[A64:.*]] = arith.index_cast %[[A]] : index to i64
    // CHECK: %[[P:.*]] = llvm.inline_asm "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;"
    // CHECK: llvm.inline_asm has_side_effects {{.*}}ld.global.L1::evict_first.L2::cache_hint.v4.b32 {{.*}} %[[A64]], %[[P]]
    // CHECK: vector.bitcast {{.*}} : vector<4xi32> to vector<4xf32>
    // CHECK: memref.extract_aligned_pointer_as_index %arg1
    // CHECK: llvm.inline_asm has_side_effects {{.*}}ld.global.L1::evict_last.L2::cache_hint.v4.b32
    // The weight read at x's phase (no alignment) and a scalar stay plain.
    // CHECK: vector.load %arg1[%{{.*}}] : memref<64xf32>, vector<4xf32>
    // CHECK: vector.load %arg1[%{{.*}}] {alignment = 4 : i64} : memref<64xf32>, vector<1xf32>
    // CHECK-NOT: vector.load
    gpu.func @rows(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %m = arith.index_cast %arg3 : i64 to index
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %x = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %y = memref.reinterpret_cast %arg2 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %v = vector.load %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      %w = vector.load %arg1[%c] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
      %u = vector.load %arg1[%c] : memref<64xf32>, vector<4xf32>
      %s = vector.load %arg1[%c] {alignment = 4 : i64} : memref<64xf32>, vector<1xf32>
      %p = arith.mulf %v, %w : vector<4xf32>
      %q = arith.mulf %p, %u : vector<4xf32>
      vector.store %q, %y[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      vector.store %s, %y[%r, %c] : memref<?x64xf32, strided<[64, 1]>>, vector<1xf32>
      gpu.return
    }
  }
}

// -----

// An element of x read again later (the copy for rows of unknown alignment
// re-reads x in its scaling pass, a `rownorm.reload` load of the same
// indices) is kept by its first load; with loads=all, the re-read and
// another element's load stream. By default only the first load is hinted.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @reread
    // CHECK: ld.global.L1::evict_last
    // CHECK: ld.global.L1::evict_first
    // CHECK: gpu.barrier
    // CHECK: ld.global.L1::evict_first
    // REREAD-LABEL: gpu.func @reread
    // REREAD: memref.extract_aligned_pointer_as_index %arg0
    // REREAD: llvm.inline_asm has_side_effects {{.*}}ld.global.L1::evict_last.L2::cache_hint.v4.b32
    // REREAD-NEXT: llvm.extractvalue
    // REREAD-NOT: llvm.inline_asm
    // REREAD: vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64}
    // REREAD: gpu.barrier
    // REREAD: vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64, rownorm.reload}
    // REREAD-NOT: llvm.inline_asm
    gpu.func @reread(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c32 = arith.constant 32 : index
      %m = arith.index_cast %arg3 : i64 to index
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %d = arith.addi %c, %c32 : index
      %x = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %y = memref.reinterpret_cast %arg2 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %v = vector.load %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      %u = vector.load %x[%r, %d] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      gpu.barrier
      %again = vector.load %x[%r, %c] {alignment = 16 : i64, rownorm.reload} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      %p = arith.mulf %v, %u : vector<4xf32>
      %q = arith.mulf %p, %again : vector<4xf32>
      vector.store %q, %y[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// A kernel that re-reads its rows on purpose (RowReread.h: four vectors per
// thread, its rows fit the cache): by default too, the first read is kept,
// the re-read streams and the weight is kept.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @rows_reread
    // CHECK: ld.global.L1::evict_last
    // CHECK: gpu.barrier
    // CHECK: ld.global.L1::evict_first
    // CHECK: ld.global.L1::evict_last
    // REREAD-LABEL: gpu.func @rows_reread
    // REREAD: ld.global.L1::evict_last
    // REREAD-NOT: llvm.inline_asm
    // REREAD: gpu.barrier
    // REREAD: memref.extract_aligned_pointer_as_index %arg0
    // REREAD: ld.global.L1::evict_first
    // REREAD: memref.extract_aligned_pointer_as_index %arg1
    // REREAD: ld.global.L1::evict_last
    // REREAD-NOT: vector.load
    gpu.func @rows_reread(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 4, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 4, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 4, vector_width = 4 : i64, vectors_per_thread = 4 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %m = arith.index_cast %arg3 : i64 to index
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %x = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %y = memref.reinterpret_cast %arg2 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %v = vector.load %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      gpu.barrier
      %again = vector.load %x[%r, %c] {alignment = 16 : i64, rownorm.reload} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      %w = vector.load %arg1[%c] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
      %p = arith.mulf %v, %again : vector<4xf32>
      %q = arith.mulf %p, %w : vector<4xf32>
      vector.store %q, %y[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// In place: the rows are read and written through one buffer; only the
// weight's load is hinted (with loads=all). Four vectors per thread, but an
// in-place kernel never re-reads its rows: by default nothing is hinted.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @in_place
    // REREAD-LABEL: gpu.func @in_place
    // REREAD-NOT: llvm.inline_asm
    // CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
    // CHECK: ld.global.L1::evict_last
    gpu.func @in_place(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: i64) kernel attributes {known_block_size = array<i32: 4, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 4, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read-write", kind = "pointer", name = "xy", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["xy", "w"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 4 : i64, vector_width = 4 : i64, vectors_per_thread = 4 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {xy = 64 : i64}}} {
      %m = arith.index_cast %arg2 : i64 to index
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %x = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %v = vector.load %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      %w = vector.load %arg1[%c] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
      %p = arith.mulf %v, %w : vector<4xf32>
      vector.store %p, %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// gfx942 describes no hinted loads: nothing changes.
module attributes {gpu.container_module, rownorm.target = #rocdl.target<chip = "gfx942">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @amdgpu
    // CHECK-NOT: llvm.inline_asm
    // CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64}
    // CHECK: vector.load %arg1[%{{.*}}] {alignment = 16 : i64}
    gpu.func @amdgpu(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %m = arith.index_cast %arg3 : i64 to index
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %x = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%m, 64], strides: [64, 1] : memref<1xf32> to memref<?x64xf32, strided<[64, 1]>>
      %v = vector.load %x[%r, %c] {alignment = 16 : i64} : memref<?x64xf32, strided<[64, 1]>>, vector<4xf32>
      %w = vector.load %arg1[%c] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
      %p = arith.mulf %v, %w : vector<4xf32>
      gpu.return
    }
  }
}

// -----

// Each kernel is hinted for its own module's target: in one input, the
// gfx942 kernel stays plain whichever module comes first.
module {
  module attributes {gpu.container_module, rownorm.target = #rocdl.target<chip = "gfx942">} {
    gpu.module @k {
      // CHECK-LABEL: gpu.func @amd_first
      // CHECK-NOT: llvm.inline_asm
      // REREAD-LABEL: gpu.func @amd_first
      // REREAD-NOT: llvm.inline_asm
    gpu.func @amd_first(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
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
  module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
    gpu.module @k {
      // CHECK-LABEL: gpu.func @nvidia_second
      // CHECK: ld.global.L1::evict_last
      // REREAD-LABEL: gpu.func @nvidia_second
      // REREAD: ld.global.L1::evict_last
    gpu.func @nvidia_second(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
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
  module attributes {gpu.container_module, rownorm.target = #rocdl.target<chip = "gfx942">} {
    gpu.module @k {
      // CHECK-LABEL: gpu.func @amd_third
      // CHECK-NOT: llvm.inline_asm
      // REREAD-LABEL: gpu.func @amd_third
      // REREAD-NOT: llvm.inline_asm
    gpu.func @amd_third(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
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
}

// rownorm-hoist-row-loads issues a phase's global loads back to back: each
// load moves up its block, with the pure operations computing its indices,
// past the stores that cannot write it, and stops at a barrier or shuffle
// (the end of the previous phase; w's loads cross it where the launch
// contract names w), at a branch that holds loads, at a store that may
// write it, and below the load before it. Batches hold at most 24
// registers on sm_90 (three quarters of 65536 / 2048). Kernels without a
// barrier (rows within one subgroup), or with blocks of at least half a
// processor's 2048 threads, are left alone, but for w's loads in a kernel
// for few rows (the last case).
// RUN: rmsnorm-opt %s --split-input-file --rownorm-hoist-row-loads | FileCheck %s
// Without the pass each load of w waits behind the previous store of y:
// RUN: rmsnorm-opt %s --split-input-file | not FileCheck %s

module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // The scaling phase: w's loads go above y's stores, guarded or not, with
    // their index computations; the load of x before the barrier stays in
    // its phase.
    // CHECK-LABEL: gpu.func @scaling
    // CHECK: vector.load %arg0
    // CHECK: gpu.barrier
    // CHECK-NEXT: vector.load %arg1[%[[T:.*]]]
    // CHECK-NEXT: %[[C1:.*]] = arith.addi %[[T]], %c8
    // CHECK-NEXT: vector.load %arg1[%[[C1]]]
    // CHECK-NEXT: %[[C2:.*]] = arith.addi %[[T]], %c16
    // CHECK-NEXT: vector.load %arg1[%[[C2]]]
    // CHECK-NOT: vector.load
    // CHECK: vector.store
    // CHECK: scf.if
    // CHECK: vector.store
    // CHECK: vector.store
    gpu.func @scaling(%x: memref<64xf32>, %w: memref<64xf32>, %y: memref<64xf32>, %guard: i1) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %v = vector.load %x[%t] : memref<64xf32>, vector<4xf32>
      gpu.barrier
      %w0 = vector.load %w[%t] : memref<64xf32>, vector<4xf32>
      %s0 = arith.mulf %v, %w0 : vector<4xf32>
      vector.store %s0, %y[%t] : memref<64xf32>, vector<4xf32>
      %c1 = arith.addi %t, %c8 : index
      %w1 = vector.load %w[%c1] : memref<64xf32>, vector<4xf32>
      %s1 = arith.mulf %v, %w1 : vector<4xf32>
      scf.if %guard {
        vector.store %s1, %y[%c1] : memref<64xf32>, vector<4xf32>
      }
      %c2 = arith.addi %t, %c16 : index
      %w2 = vector.load %w[%c2] : memref<64xf32>, vector<4xf32>
      %s2 = arith.mulf %v, %w2 : vector<4xf32>
      vector.store %s2, %y[%c2] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
    // A shuffle ends a phase too (a reduction within a subgroup).
    // CHECK-LABEL: gpu.func @after_shuffle
    // CHECK: gpu.shuffle
    // CHECK-NEXT: vector.load %arg1
    gpu.func @after_shuffle(%x: memref<64xf32>, %w: memref<64xf32>, %y: memref<64xf32>, %s: f32) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %t = gpu.thread_id x
      gpu.barrier
      %r, %valid = gpu.shuffle xor %s, %c1, %c32 : f32
      %w0 = vector.load %w[%t] : memref<64xf32>, vector<4xf32>
      %b = vector.broadcast %r : f32 to vector<4xf32>
      %s0 = arith.mulf %b, %w0 : vector<4xf32>
      vector.store %s0, %y[%t] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// In place (one buffer): a load passes a store whose column provably
// differs, not one whose column may be the same.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @in_place
    // CHECK: gpu.barrier
    // CHECK-NEXT: vector.load %arg0[%[[T:.*]]]
    // CHECK-NEXT: arith.addi %[[T]], %c8
    // CHECK-NEXT: vector.load %arg0
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: vector.load %arg0[%arg1]
    gpu.func @in_place(%xy: memref<64xf32>, %other: index) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      gpu.barrier
      %a = vector.load %xy[%t] : memref<64xf32>, vector<4xf32>
      vector.store %a, %xy[%t] : memref<64xf32>, vector<4xf32>
      %c1 = arith.addi %t, %c8 : index
      %b = vector.load %xy[%c1] : memref<64xf32>, vector<4xf32>
      vector.store %b, %xy[%c1] : memref<64xf32>, vector<4xf32>
      %c = vector.load %xy[%other] : memref<64xf32>, vector<4xf32>
      vector.store %c, %xy[%other] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// Batches of at most 24 registers: vector<8xf32> is 8, so three loads
// move together and the fourth starts the next batch where it is (the fifth
// joins it). A load does not pass a branch that holds a load, nor a
// barrier.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @batches
    // CHECK: gpu.barrier
    // CHECK-NEXT: vector.load %arg0[%c0]
    // CHECK-NEXT: vector.load %arg0[%c8]
    // CHECK-NEXT: vector.load %arg0[%c16]
    // CHECK-NEXT: vector.store {{.*}} %arg1[%c0]
    // CHECK-NEXT: vector.store {{.*}} %arg1[%c8]
    // CHECK-NEXT: vector.store {{.*}} %arg1[%c16]
    // CHECK-NEXT: vector.load %arg0[%c24]
    // CHECK-NEXT: vector.load %arg0[%c32]
    // CHECK-NEXT: vector.store {{.*}} %arg1[%c24]
    // CHECK-NEXT: scf.if
    // CHECK-NEXT: vector.load %arg0[%c40]
    // CHECK: }
    // CHECK-NEXT: vector.load %arg0[%c48]
    // CHECK-NEXT: vector.store {{.*}} %arg1[%c32]
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: vector.load %arg0[%c56]
    gpu.func @batches(%w: memref<64xf32>, %y: memref<64xf32>, %guard: i1) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c24 = arith.constant 24 : index
      %c32 = arith.constant 32 : index
      %c40 = arith.constant 40 : index
      %c48 = arith.constant 48 : index
      %c56 = arith.constant 56 : index
      gpu.barrier
      %a = vector.load %w[%c0] : memref<64xf32>, vector<8xf32>
      vector.store %a, %y[%c0] : memref<64xf32>, vector<8xf32>
      %b = vector.load %w[%c8] : memref<64xf32>, vector<8xf32>
      vector.store %b, %y[%c8] : memref<64xf32>, vector<8xf32>
      %c = vector.load %w[%c16] : memref<64xf32>, vector<8xf32>
      vector.store %c, %y[%c16] : memref<64xf32>, vector<8xf32>
      %d = vector.load %w[%c24] : memref<64xf32>, vector<8xf32>
      vector.store %d, %y[%c24] : memref<64xf32>, vector<8xf32>
      %e = vector.load %w[%c32] : memref<64xf32>, vector<8xf32>
      scf.if %guard {
        %f = vector.load %w[%c40] : memref<64xf32>, vector<8xf32>
        vector.store %f, %y[%c40] : memref<64xf32>, vector<8xf32>
      }
      vector.store %e, %y[%c32] : memref<64xf32>, vector<8xf32>
      %g = vector.load %w[%c48] : memref<64xf32>, vector<8xf32>
      gpu.barrier
      %h = vector.load %w[%c56] : memref<64xf32>, vector<8xf32>
      vector.store %g, %y[%c48] : memref<64xf32>, vector<8xf32>
      vector.store %h, %y[%c56] : memref<64xf32>, vector<8xf32>
      gpu.return
    }
  }
}

// -----

// Rows within one subgroup (no barrier): the kernel is left as it is.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @one_subgroup
    // CHECK: vector.load
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: vector.load
    // CHECK-NEXT: vector.store
    gpu.func @one_subgroup(%w: memref<64xf32>, %y: memref<64xf32>) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %a = vector.load %w[%c0] : memref<64xf32>, vector<4xf32>
      vector.store %a, %y[%c0] : memref<64xf32>, vector<4xf32>
      %b = vector.load %w[%c8] : memref<64xf32>, vector<4xf32>
      vector.store %b, %y[%c8] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// Blocks of 1024 threads (at most two per processor): left as they are.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @big_blocks
    // CHECK: gpu.barrier
    // CHECK-NEXT: vector.load
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: vector.load
    // CHECK-NEXT: vector.store
    gpu.func @big_blocks(%w: memref<64xf32>, %y: memref<64xf32>) kernel attributes {known_block_size = array<i32: 1024, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      gpu.barrier
      %a = vector.load %w[%c0] : memref<64xf32>, vector<4xf32>
      vector.store %a, %y[%c0] : memref<64xf32>, vector<4xf32>
      %b = vector.load %w[%c8] : memref<64xf32>, vector<4xf32>
      vector.store %b, %y[%c8] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// In a kernel whose launch contract names w (role "w"), w's loads leave
// their phase too: the first joins x's batch before the reduction (8 + 8 + 8
// registers), the second, for which that batch has no room, goes up its own
// phase (below the barrier), and x's re-read stays below the barrier.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @weight
    // CHECK: vector.load %arg0[%thread_id_x]
    // CHECK: vector.load %arg0[%c8]
    // CHECK-NEXT: vector.load %arg1[%thread_id_x]
    // CHECK-NOT: vector.load
    // CHECK: vector.reduction
    // CHECK-NEXT: gpu.shuffle
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: vector.load %arg1[%c8]
    // CHECK-NEXT: vector.load %arg0[%c16]
    // CHECK-NEXT: arith.mulf
    // CHECK-NEXT: vector.store {{.*}} %arg2[%thread_id_x]
    gpu.func @weight(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %t = gpu.thread_id x
      %v0 = vector.load %arg0[%t] : memref<64xf32>, vector<8xf32>
      %v1 = vector.load %arg0[%c8] : memref<64xf32>, vector<8xf32>
      %s = vector.reduction <add>, %v0 : vector<8xf32> into f32
      %r, %valid = gpu.shuffle xor %s, %c1, %c32 : f32
      gpu.barrier
      %w0 = vector.load %arg1[%t] : memref<64xf32>, vector<8xf32>
      %p0 = arith.mulf %v0, %w0 : vector<8xf32>
      vector.store %p0, %arg2[%t] : memref<64xf32>, vector<8xf32>
      %w1 = vector.load %arg1[%c8] : memref<64xf32>, vector<8xf32>
      %p1 = arith.mulf %v1, %w1 : vector<8xf32>
      vector.store %p1, %arg2[%c8] : memref<64xf32>, vector<8xf32>
      %xr = vector.load %arg0[%c16] : memref<64xf32>, vector<8xf32>
      vector.store %xr, %arg2[%c16] : memref<64xf32>, vector<8xf32>
      gpu.return
    }
  }
}

// -----

// Where w's loads stay in their own phase although the contract names w:
// x's batch is full (24 registers), so the first three go up to the barrier
// together, leaving w's index (also used before the barrier) where it was,
// and the fourth, past the budget, stays below the stores; x's load is
// inside a branch (or there is no load before the barrier), so there is no
// batch of loads to join; w's index comes
// from a shuffle, which ends a phase and never moves.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @weight_full_batch
    // CHECK: %[[I:.*]] = arith.addi %thread_id_x, %c24
    // CHECK: memref.store {{.*}}[%[[I]]]
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: vector.load %arg1[%[[I]]]
    // CHECK-NEXT: vector.load %arg1[%c32]
    // CHECK-NEXT: vector.load %arg1[%c40]
    // CHECK-NEXT: arith.mulf
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: arith.mulf
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: arith.mulf
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: vector.load %arg1[%c48]
    gpu.func @weight_full_batch(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) workgroup(%ws : memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c24 = arith.constant 24 : index
      %c32 = arith.constant 32 : index
      %c40 = arith.constant 40 : index
      %c48 = arith.constant 48 : index
      %t = gpu.thread_id x
      %v0 = vector.load %arg0[%t] : memref<64xf32>, vector<8xf32>
      %v1 = vector.load %arg0[%c8] : memref<64xf32>, vector<8xf32>
      %v2 = vector.load %arg0[%c16] : memref<64xf32>, vector<8xf32>
      %i = arith.addi %t, %c24 : index
      %e = vector.extract %v0[0] : f32 from vector<8xf32>
      memref.store %e, %ws[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w0 = vector.load %arg1[%i] : memref<64xf32>, vector<8xf32>
      %p0 = arith.mulf %v0, %w0 : vector<8xf32>
      vector.store %p0, %arg2[%t] : memref<64xf32>, vector<8xf32>
      %w1 = vector.load %arg1[%c32] : memref<64xf32>, vector<8xf32>
      %p1 = arith.mulf %v1, %w1 : vector<8xf32>
      vector.store %p1, %arg2[%c8] : memref<64xf32>, vector<8xf32>
      %w2 = vector.load %arg1[%c40] : memref<64xf32>, vector<8xf32>
      %p2 = arith.mulf %v2, %w2 : vector<8xf32>
      vector.store %p2, %arg2[%c16] : memref<64xf32>, vector<8xf32>
      %w3 = vector.load %arg1[%c48] : memref<64xf32>, vector<8xf32>
      %p3 = arith.mulf %v0, %w3 : vector<8xf32>
      vector.store %p3, %arg2[%c24] : memref<64xf32>, vector<8xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @weight_no_batch
    // CHECK: gpu.barrier
    // CHECK-NEXT: vector.load %arg1
    gpu.func @weight_no_batch(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %zero = arith.constant dense<0.0> : vector<8xf32>
      %t = gpu.thread_id x
      %in = arith.cmpi ult, %t, %c8 : index
      %v = scf.if %in -> vector<8xf32> {
        %l = vector.load %arg0[%t] : memref<64xf32>, vector<8xf32>
        scf.yield %l : vector<8xf32>
      } else {
        scf.yield %zero : vector<8xf32>
      }
      %s = vector.reduction <add>, %v : vector<8xf32> into f32
      %r, %valid = gpu.shuffle xor %s, %c1, %c32 : f32
      gpu.barrier
      %w0 = vector.load %arg1[%t] : memref<64xf32>, vector<8xf32>
      %p0 = arith.mulf %v, %w0 : vector<8xf32>
      vector.store %p0, %arg2[%t] : memref<64xf32>, vector<8xf32>
      gpu.return
    }
    // No load at all before the barrier: the start of the block is no batch
    // either.
    // CHECK-LABEL: gpu.func @weight_block_start
    // CHECK: gpu.barrier
    // CHECK-NEXT: vector.load %arg1
    gpu.func @weight_block_start(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) workgroup(%ws : memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %one = arith.constant 1.0 : f32
      %t = gpu.thread_id x
      memref.store %one, %ws[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w0 = vector.load %arg1[%t] : memref<64xf32>, vector<8xf32>
      vector.store %w0, %arg2[%t] : memref<64xf32>, vector<8xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @weight_index_shuffle
    // CHECK: gpu.barrier
    // CHECK-NEXT: gpu.shuffle
    // CHECK-NEXT: arith.index_cast
    // CHECK-NEXT: vector.load %arg1
    gpu.func @weight_index_shuffle(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %t = gpu.thread_id x
      %v = vector.load %arg0[%t] : memref<64xf32>, vector<8xf32>
      %ti = arith.index_cast %t : index to i32
      gpu.barrier
      %r, %valid = gpu.shuffle xor %ti, %c1, %c32 : i32
      %ri = arith.index_cast %r : i32 to index
      %w0 = vector.load %arg1[%ri] : memref<64xf32>, vector<8xf32>
      %p0 = arith.mulf %v, %w0 : vector<8xf32>
      vector.store %p0, %arg2[%t] : memref<64xf32>, vector<8xf32>
      gpu.return
    }
  }
}

// -----

// Rows within one subgroup (shuffles, no barrier): in a kernel for few rows
// (its contract names a kernel for many rows in `variants`, as
// rownorm-tile-rows makes for such rows) w's loads, and only those, join
// x's batch before the reduction; x's load after the shuffle stays. The
// kernel for many rows (`from_rows`) and a kernel with neither keep w after
// the reduction.
module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @few_rows
    // CHECK: vector.load %arg0[%thread_id_x]
    // CHECK-NEXT: vector.load %arg0[%c8]
    // CHECK-NEXT: vector.load %arg1[%thread_id_x]
    // CHECK-NEXT: vector.reduction
    // CHECK-NEXT: gpu.shuffle
    // CHECK-NEXT: vector.broadcast
    // CHECK-NEXT: arith.mulf
    // CHECK-NEXT: vector.store
    // CHECK-NEXT: vector.load %arg0[%c8]
    gpu.func @few_rows(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}, variants = ["few_rows_many_rows"]}} {
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : i32
      %c8i = arith.constant 8 : i32
      %t = gpu.thread_id x
      %v0 = vector.load %arg0[%t] : memref<64xf32>, vector<4xf32>
      %v1 = vector.load %arg0[%c8] : memref<64xf32>, vector<4xf32>
      %s = vector.reduction <add>, %v0 : vector<4xf32> into f32
      %r, %valid = gpu.shuffle xor %s, %c1, %c8i : f32
      %b = vector.broadcast %r : f32 to vector<4xf32>
      %w0 = vector.load %arg1[%t] : memref<64xf32>, vector<4xf32>
      %p0 = arith.mulf %b, %w0 : vector<4xf32>
      vector.store %p0, %arg2[%t] : memref<64xf32>, vector<4xf32>
      %xr = vector.load %arg0[%c8] : memref<64xf32>, vector<4xf32>
      %p1 = arith.mulf %xr, %v1 : vector<4xf32>
      vector.store %p1, %arg2[%c8] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @few_rows_many_rows
    // CHECK: gpu.shuffle
    // CHECK-NEXT: vector.broadcast
    // CHECK-NEXT: vector.load %arg1
    gpu.func @few_rows_many_rows(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}, from_rows = 2112 : i64}} {
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : i32
      %c8i = arith.constant 8 : i32
      %t = gpu.thread_id x
      %v0 = vector.load %arg0[%t] : memref<64xf32>, vector<4xf32>
      %v1 = vector.load %arg0[%c8] : memref<64xf32>, vector<4xf32>
      %s = vector.reduction <add>, %v0 : vector<4xf32> into f32
      %r, %valid = gpu.shuffle xor %s, %c1, %c8i : f32
      %b = vector.broadcast %r : f32 to vector<4xf32>
      %w0 = vector.load %arg1[%t] : memref<64xf32>, vector<4xf32>
      %p0 = arith.mulf %b, %w0 : vector<4xf32>
      vector.store %p0, %arg2[%t] : memref<64xf32>, vector<4xf32>
      %xr = vector.load %arg0[%c8] : memref<64xf32>, vector<4xf32>
      %p1 = arith.mulf %xr, %v1 : vector<4xf32>
      vector.store %p1, %arg2[%c8] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @all_rows
    // CHECK: gpu.shuffle
    // CHECK-NEXT: vector.broadcast
    // CHECK-NEXT: vector.load %arg1
    gpu.func @all_rows(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : i32
      %c8i = arith.constant 8 : i32
      %t = gpu.thread_id x
      %v0 = vector.load %arg0[%t] : memref<64xf32>, vector<4xf32>
      %v1 = vector.load %arg0[%c8] : memref<64xf32>, vector<4xf32>
      %s = vector.reduction <add>, %v0 : vector<4xf32> into f32
      %r, %valid = gpu.shuffle xor %s, %c1, %c8i : f32
      %b = vector.broadcast %r : f32 to vector<4xf32>
      %w0 = vector.load %arg1[%t] : memref<64xf32>, vector<4xf32>
      %p0 = arith.mulf %b, %w0 : vector<4xf32>
      vector.store %p0, %arg2[%t] : memref<64xf32>, vector<4xf32>
      %xr = vector.load %arg0[%c8] : memref<64xf32>, vector<4xf32>
      %p1 = arith.mulf %xr, %v1 : vector<4xf32>
      vector.store %p1, %arg2[%c8] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
  }
}

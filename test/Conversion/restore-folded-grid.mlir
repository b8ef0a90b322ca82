// convert-rownorm-to-gpu restores a grid loop that canonicalization folded
// (M = 1 fixed, one row per block): thread loops left at the top of a kernel
// function are wrapped back into a grid of one block. Hand-written bodies
// (stores only) with the kernel description of f32 N = 64 over 32 threads.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-nvptx-attach-target --convert-rownorm-to-gpu | FileCheck %s

// The folded form: a thread loop of the schedule's 32 at the top.
// CHECK-LABEL: gpu.func @folded
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: gpu.thread_id  x
// CHECK: memref.store
func.func @folded(%x: memref<1x64xf32>, %w: memref<64xf32>, %y: memref<1x64xf32>, %eps: f32) attributes {rownorm.kernel = {dtype = f32, n = 64 : i64, op = "rms_norm", roles = ["x", "w", "y", "epsilon"], schedule = {rows_per_block = 1 : i64, threads_per_row = 32 : i64, vector_width = 1 : i64, vectors_per_thread = 2 : i64}, static_rows = 1 : i64, weight_dtype = f32}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  scf.parallel (%t) = (%c0) to (%c32) step (%c1) {
    memref.store %eps, %y[%c0, %t] : memref<1x64xf32>
    scf.reduce
  }
  return
}

// -----

// A thread loop under another op is not what the fold leaves: not wrapped,
// and (no grid loop) not a kernel.
// CHECK-LABEL: func.func @buried
// CHECK-NOT: gpu.func
// CHECK: scf.for
func.func @buried(%x: memref<1x64xf32>, %w: memref<64xf32>, %y: memref<1x64xf32>, %eps: f32) attributes {rownorm.kernel = {dtype = f32, n = 64 : i64, op = "rms_norm", roles = ["x", "w", "y", "epsilon"], schedule = {rows_per_block = 1 : i64, threads_per_row = 32 : i64, vector_width = 1 : i64, vectors_per_thread = 2 : i64}, static_rows = 1 : i64, weight_dtype = f32}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  scf.for %i = %c0 to %c1 step %c1 {
    scf.parallel (%t) = (%c0) to (%c32) step (%c1) {
      memref.store %eps, %y[%i, %t] : memref<1x64xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Row strides given at launch: rownorm-version-rows' scf.if on their
// alignment is left at the top, the thread loops in its branches; the whole
// body is wrapped (before, no kernel came out and rmsnorm-emit reported
// "expected one kernel with a launch contract ..., found 0").
// CHECK-LABEL: gpu.func @versioned
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: gpu.thread_id  x
// CHECK: scf.if
// CHECK: memref.store
// CHECK: } else {
// CHECK: memref.store
func.func @versioned(%x: memref<1x64xf32, strided<[?, 1]>>, %w: memref<64xf32>, %y: memref<1x64xf32, strided<[?, 1]>>, %eps: f32) attributes {rownorm.kernel = {dtype = f32, n = 64 : i64, op = "rms_norm", roles = ["x", "w", "y", "epsilon"], schedule = {rows_per_block = 1 : i64, threads_per_row = 32 : i64, vector_width = 1 : i64, vectors_per_thread = 2 : i64}, static_rows = 1 : i64, weight_dtype = f32}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %x : memref<1x64xf32, strided<[?, 1]>> -> memref<f32>, index, index, index, index, index
  %aligned = arith.cmpi eq, %strides#0, %c32 : index
  scf.if %aligned {
    scf.parallel (%t) = (%c0) to (%c32) step (%c1) {
      memref.store %eps, %y[%c0, %t] : memref<1x64xf32, strided<[?, 1]>>
      scf.reduce
    }
  } else {
    scf.parallel (%t) = (%c0) to (%c32) step (%c1) {
      memref.store %eps, %y[%c0, %t] : memref<1x64xf32, strided<[?, 1]>>
      scf.reduce
    }
  }
  return
}

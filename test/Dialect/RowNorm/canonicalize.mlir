// The canonicalizer keeps rownorm.rms_norm: it writes its output, so it is
// never dead, even when nothing reads that output afterwards.
// RUN: rmsnorm-opt %s --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @kept_for_its_write
// CHECK: rownorm.rms_norm
// CHECK-SAME: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 8, vectors_per_thread = 1>
func.func @kept_for_its_write(%x: memref<?x256xf16>, %w: memref<256xf16>, %y: memref<?x256xf16>) {
  rownorm.rms_norm ins(%x : memref<?x256xf16>) weight(%w : memref<256xf16>) outs(%y : memref<?x256xf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 8, vectors_per_thread = 1>}
  return
}

// Two identical ops are not merged by CSE: the second one writes again.
// CHECK-LABEL: func.func @not_merged
// CHECK-COUNT-2: rownorm.rms_norm
func.func @not_merged(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

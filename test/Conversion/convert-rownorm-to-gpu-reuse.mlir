// A thread reads each of its row elements once: the scaling pass reuses the
// loads of the sum-of-squares pass (ReuseRowLoads), also when the rows of a
// block are guarded (the guarded load becomes a load of a clamped row and a
// select) and when the normalization is in place (x and y are one buffer).
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline --convert-rownorm-to-gpu | FileCheck %s

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// Two vectors per thread and two rows per block: per copy of the body, two
// loads of x and two of w, not four of x.
// CHECK-LABEL: gpu.func @guarded_rows
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK: %[[ROW:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-COUNT-2: vector.load %[[X]][%[[ROW]], %{{.*}}] {alignment = 16 : i64}
// CHECK-NOT: vector.load %[[X]]
// CHECK: gpu.block_id  x
// CHECK-COUNT-2: vector.load %[[X]]
// CHECK-NOT: vector.load %[[X]]
// CHECK: gpu.return
func.func @guarded_rows(%x: memref<?x512xbf16, strided<[?, 1]>>, %w: memref<512xbf16>, %y: memref<?x512xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x512xbf16, strided<[?, 1]>>) weight(%w : memref<512xbf16>) outs(%y : memref<?x512xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 32, vector_width = 8, vectors_per_thread = 2>}
  return
}

// In place: the stores to the row write the columns just read, never one
// still to be reused, so reuse stays.
// CHECK-LABEL: gpu.func @in_place
// CHECK: %[[XY:.*]] = memref.reinterpret_cast %arg0
// CHECK-COUNT-2: vector.load %[[XY]]
// CHECK-NOT: vector.load %[[XY]]
// CHECK: gpu.block_id  x
// CHECK-COUNT-2: vector.load %[[XY]]
// CHECK-NOT: vector.load %[[XY]]
// CHECK: gpu.return
func.func @in_place(%xy: memref<?x512xf32, strided<[?, 1]>>, %w: memref<512xf32>) {
  rownorm.rms_norm ins(%xy : memref<?x512xf32, strided<[?, 1]>>) weight(%w : memref<512xf32>) outs(%xy : memref<?x512xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 64, vector_width = 4, vectors_per_thread = 2>}
  return
}

}

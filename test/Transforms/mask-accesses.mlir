// rownorm-mask-accesses on rownorm's expansion with a ragged row (N = 104
// under a tile of 4 threads x 4 vectors x 8 = 128 columns) and rows past M
// (2 rows per block): the last vector iteration is peeled and masked, the
// others keep full vectors; rows past M read zeros and store nothing.
// RUN: rmsnorm-opt %s --rownorm-expand-ops --rownorm-mask-accesses | FileCheck %s

// CHECK-LABEL: func.func @ragged_rows_and_columns
// CHECK-SAME: (%[[X:.*]]: memref<?x104xbf16, strided<[?, 1]>>, %[[W:.*]]: memref<104xf32>, %[[Y:.*]]: memref<?x104xbf16, strided<[?, 1]>>)
// CHECK: %[[ROW:.*]] = arith.addi
// Sum of squares, full iterations: a row guard, no column mask.
// CHECK: %[[PEEL:.*]] = arith.constant 3 : index
// CHECK: %[[PART:.*]] = scf.for %{{.*}} = %{{.*}} to %[[PEEL]]
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK: %[[INROW:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : index
// CHECK: scf.if %[[INROW]] -> (vector<8xbf16>)
// CHECK: vector.load %[[X]]
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : vector<8xbf16>
// Sum of squares, last iteration: masked by the columns left, none past M.
// CHECK: scf.for %{{.*}} = %[[PEEL]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[PART]])
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: %[[COL:.*]] = arith.muli
// CHECK: %[[INROW2:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// CHECK: %[[N:.*]] = memref.dim %[[X]], %c1{{.*}}
// CHECK: %[[LEFT:.*]] = arith.subi %[[N]], %[[COL]] : index
// CHECK: %[[COUNT:.*]] = arith.select %[[INROW2]], %[[LEFT]], %{{.*}} : index
// CHECK: %[[MASK:.*]] = vector.create_mask %[[COUNT]] : vector<8xi1>
// CHECK: vector.maskedload %[[X]][%[[ROW]], %[[COL]]], %[[MASK]], %{{.*}} : memref<?x104xbf16, strided<[?, 1]>>, vector<8xi1>, vector<8xbf16> into vector<8xbf16>
// Scaling, full iterations: guarded store.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step
// CHECK: vector.load %[[W]]
// CHECK: %[[OUTROWS:.*]] = memref.dim %[[Y]], %{{.*}}
// CHECK: %[[STORE_OK:.*]] = arith.cmpi ult, %[[ROW]], %[[OUTROWS]] : index
// CHECK: scf.if %[[STORE_OK]] {
// CHECK-NEXT: vector.store
// Scaling, last iteration: masked weight load and masked store.
// CHECK: scf.for
// CHECK: vector.maskedload %[[X]]
// CHECK: vector.maskedload %[[W]]
// CHECK: vector.maskedstore %[[Y]]
// CHECK-NOT: vector.store
// CHECK: return
func.func @ragged_rows_and_columns(%x: memref<?x104xbf16, strided<[?, 1]>>, %w: memref<104xf32>, %y: memref<?x104xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x104xbf16, strided<[?, 1]>>) weight(%w : memref<104xf32>) outs(%y : memref<?x104xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 4, vector_width = 8, vectors_per_thread = 4>}
  return
}

// One row per block and a tile that divides N: input accesses are provably in
// bounds (the row loop stops at M = dim(x, 0)); only the output store, whose
// row count is another memref's, keeps a guard.
// CHECK-LABEL: func.func @exact_tile
// CHECK-NOT: vector.maskedload
// CHECK-NOT: vector.create_mask
// CHECK-NOT: scf.if {{.*}} -> (vector
// CHECK: scf.if
// CHECK-NEXT: vector.store
// CHECK-NOT: vector.maskedstore
func.func @exact_tile(%x: memref<?x256xf16>, %w: memref<256xf16>, %y: memref<?x256xf16>) {
  rownorm.rms_norm ins(%x : memref<?x256xf16>) weight(%w : memref<256xf16>) outs(%y : memref<?x256xf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 8, vectors_per_thread = 1>}
  return
}

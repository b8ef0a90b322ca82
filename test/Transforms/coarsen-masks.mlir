// rownorm-coarsen-masks: a per-element mask that is provably all-true or
// all-false (its count a multiple of the vector length) becomes one
// predicate: the load reads in bounds (index 0 when outside) and a select
// keeps the pass-through; the store sits under scf.if. Masks it cannot prove
// uniform stay.
// RUN: rmsnorm-opt %s --rownorm-coarsen-masks | FileCheck %s

// CHECK-LABEL: func.func @whole_vectors
// CHECK-SAME: (%[[BUF:.*]]: memref<?x64xf32>, %[[ROW:.*]]: index, %[[T:.*]]: index, %[[PASS:.*]]: vector<4xf32>)
// CHECK: %[[COL:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK: %[[LEFT:.*]] = arith.subi %{{.*}}, %[[COL]] : index
// CHECK: %[[IN:.*]] = arith.cmpi sgt, %[[LEFT]], %{{.*}} : index
// CHECK: %[[R:.*]] = arith.select %[[IN]], %[[ROW]], %{{.*}} : index
// CHECK: %[[C:.*]] = arith.select %[[IN]], %[[COL]], %{{.*}} : index
// CHECK: %[[V:.*]] = vector.load %[[BUF]][%[[R]], %[[C]]] : memref<?x64xf32>, vector<4xf32>
// CHECK: %[[SEL:.*]] = arith.select %[[IN]], %[[V]], %[[PASS]] : vector<4xf32>
// CHECK: %[[IN2:.*]] = arith.cmpi sgt, %[[LEFT]], %{{.*}} : index
// CHECK: scf.if %[[IN2]] {
// CHECK-NEXT: vector.store %[[SEL]], %[[BUF]][%[[ROW]], %[[COL]]] : memref<?x64xf32>, vector<4xf32>
// CHECK-NOT: vector.create_mask
// CHECK: return
func.func @whole_vectors(%buf: memref<?x64xf32>, %row: index, %t: index, %pass: vector<4xf32>) {
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %col = arith.muli %t, %c4 : index
  %left = arith.subi %c64, %col : index
  %mask = vector.create_mask %left : vector<4xi1>
  %v = vector.maskedload %buf[%row, %col], %mask, %pass : memref<?x64xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %buf[%row, %col], %mask, %v : memref<?x64xf32>, vector<4xi1>, vector<4xf32>
  return
}

// A row guard folded into the count (select with 0) keeps it a multiple.
// CHECK-LABEL: func.func @guarded
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK: arith.cmpi sgt
// CHECK-NOT: vector.create_mask
// CHECK: return
func.func @guarded(%buf: memref<?x64xf32>, %row: index, %t: index, %in_row: i1, %pass: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %col = arith.muli %t, %c8 : index
  %left = arith.subi %c64, %col : index
  %count = arith.select %in_row, %left, %c0 : index
  %mask = vector.create_mask %count : vector<4xi1>
  %v = vector.maskedload %buf[%row, %col], %mask, %pass : memref<?x64xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %v : vector<4xf32>
}

// 62 is not a multiple of 4: the last vector is partial, the mask stays.
// CHECK-LABEL: func.func @partial_vector
// CHECK: vector.create_mask
// CHECK: vector.maskedload
// CHECK: vector.maskedstore
func.func @partial_vector(%buf: memref<?x62xf32>, %row: index, %t: index, %pass: vector<4xf32>) {
  %c4 = arith.constant 4 : index
  %c62 = arith.constant 62 : index
  %col = arith.muli %t, %c4 : index
  %left = arith.subi %c62, %col : index
  %mask = vector.create_mask %left : vector<4xi1>
  %v = vector.maskedload %buf[%row, %col], %mask, %pass : memref<?x62xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %buf[%row, %col], %mask, %v : memref<?x62xf32>, vector<4xi1>, vector<4xf32>
  return
}

// A column that is not provably a multiple of 4 (any %col) keeps the mask.
// CHECK-LABEL: func.func @unknown_column
// CHECK: vector.create_mask
func.func @unknown_column(%buf: memref<?x64xf32>, %row: index, %col: index, %pass: vector<4xf32>) -> vector<4xf32> {
  %c64 = arith.constant 64 : index
  %left = arith.subi %c64, %col : index
  %mask = vector.create_mask %left : vector<4xi1>
  %v = vector.maskedload %buf[%row, %col], %mask, %pass : memref<?x64xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %v : vector<4xf32>
}

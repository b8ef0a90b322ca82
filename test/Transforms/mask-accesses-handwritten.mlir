// rownorm-mask-accesses on hand-written vector accesses: what the interval
// analysis proves in bounds is left alone, the rest is masked or guarded.
// RUN: rmsnorm-opt %s --rownorm-mask-accesses | FileCheck %s

// In bounds: i in [0, 12], i + 4 <= 16.
// CHECK-LABEL: func.func @proven_in_bounds
// CHECK: vector.load
// CHECK-NOT: vector.maskedload
func.func @proven_in_bounds(%m: memref<16xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %s = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %zero) -> (vector<4xf32>) {
    %v = vector.load %m[%i] : memref<16xf32>, vector<4xf32>
    %n = arith.addf %acc, %v : vector<4xf32>
    scf.yield %n : vector<4xf32>
  }
  return %s : vector<4xf32>
}

// A constant index whose vector runs past the end: masked, no loop to peel.
// CHECK-LABEL: func.func @constant_tail
// CHECK: %[[N:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<10xf32>
// CHECK: %[[LEFT:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK: %[[MASK:.*]] = vector.create_mask %[[LEFT]] : vector<4xi1>
// CHECK: vector.maskedstore %{{.*}}[%{{.*}}], %[[MASK]], %{{.*}} : memref<10xf32>, vector<4xi1>, vector<4xf32>
func.func @constant_tail(%m: memref<10xf32>, %v: vector<4xf32>) {
  %c8 = arith.constant 8 : index
  vector.store %v, %m[%c8] : memref<10xf32>, vector<4xf32>
  return
}

// An index the analysis cannot bound: the inner dimension is masked, the outer
// one guarded.
// CHECK-LABEL: func.func @unknown_indices
// CHECK-SAME: (%[[M:.*]]: memref<?x?xf16>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[ROWS:.*]] = memref.dim %[[M]], %c0
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[ROWS]] : index
// CHECK: %[[COLS:.*]] = memref.dim %[[M]], %c1
// CHECK: %[[LEFT:.*]] = arith.subi %[[COLS]], %[[J]] : index
// CHECK: %[[COUNT:.*]] = arith.select %[[OK]], %[[LEFT]], %{{.*}} : index
// CHECK: %[[MASK:.*]] = vector.create_mask %[[COUNT]] : vector<8xi1>
// CHECK: vector.maskedload %[[M]][%[[I]], %[[J]]], %[[MASK]]
func.func @unknown_indices(%m: memref<?x?xf16>, %i: index, %j: index) -> vector<8xf16> {
  %v = vector.load %m[%i, %j] : memref<?x?xf16>, vector<8xf16>
  return %v : vector<8xf16>
}

// A loop over a dynamic dimension bounded by that dimension needs no guard.
// CHECK-LABEL: func.func @loop_to_dim
// CHECK-NOT: scf.if
// CHECK: vector.load
func.func @loop_to_dim(%m: memref<?x8xf32>) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %s = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %zero) -> (vector<8xf32>) {
    %v = vector.load %m[%i, %c0] : memref<?x8xf32>, vector<8xf32>
    %n = arith.addf %acc, %v : vector<8xf32>
    scf.yield %n : vector<8xf32>
  }
  return %s : vector<8xf32>
}

// A loop whose last iteration runs past the end is peeled: 0..2 unmasked,
// 3 masked (i in [0, 3], 3 * 4 + 4 = 16 > 14).
// CHECK-LABEL: func.func @peel_last_iteration
// CHECK: %[[LAST:.*]] = arith.constant 3 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[LAST]] step
// CHECK: vector.load
// CHECK: scf.for %{{.*}} = %[[LAST]] to
// CHECK: vector.maskedload
func.func @peel_last_iteration(%m: memref<14xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
    %col = arith.muli %i, %c4 : index
    %v = vector.load %m[%col] : memref<14xf32>, vector<4xf32>
    %n = arith.addf %acc, %v : vector<4xf32>
    scf.yield %n : vector<4xf32>
  }
  return %s : vector<4xf32>
}

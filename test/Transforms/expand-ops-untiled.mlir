// Without a schedule, rownorm-expand-ops uses one row per block, one thread
// per row and one element per access: correct, slow, and free of any tail.
// RUN: rmsnorm-opt %s --rownorm-expand-ops | FileCheck %s

// CHECK-LABEL: func.func @untiled
// CHECK-DAG: %[[N:.*]] = arith.constant 7 : index
// CHECK: %[[M:.*]] = memref.dim
// CHECK-NOT: arith.ceildivui
// CHECK: scf.parallel (%[[ROW:.*]]) = (%{{.*}}) to (%[[M]])
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c1{{.*}})
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c1{{.*}}) step (%{{.*}}) init (%{{.*}}) -> f16
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step
// CHECK: vector.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<?x7xf16>, vector<1xf16>
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}] : memref<?x7xf16>, vector<1xf16>
func.func @untiled(%x: memref<?x7xf16>, %w: memref<7xf16>, %y: memref<?x7xf16>) {
  rownorm.rms_norm ins(%x : memref<?x7xf16>) weight(%w : memref<7xf16>) outs(%y : memref<?x7xf16>) {epsilon = 1.0e-05 : f32}
  return
}

// The optimize pipeline forwards its tiling options to rownorm-tile-rows.
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline="rows-per-block=1 threads-per-row=128 vector-width=4" | FileCheck %s

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
// CHECK-LABEL: func.func @forwarded
// CHECK-DAG: %[[T:.*]] = arith.constant 128 : index
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[T]]) step (%{{.*}}) init
// CHECK: vector.load {{.*}} vector<4xf16>
// CHECK-NOT: arith.ceildivui
func.func @forwarded(%x: memref<?x1024xf16>, %w: memref<1024xf16>, %y: memref<?x1024xf16>) {
  rownorm.rms_norm ins(%x : memref<?x1024xf16>) weight(%w : memref<1024xf16>) outs(%y : memref<?x1024xf16>) {epsilon = 1.0e-05 : f32}
  return
}
}

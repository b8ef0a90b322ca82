// rownorm-fuse-rsqrt on rownorm's expansion (whose sqrt and division carry
// afn): one rsqrt per row, computed before the scaling loop; no sqrt, no
// division left.
// RUN: rmsnorm-opt %s --rownorm-expand-ops --rownorm-fuse-rsqrt | FileCheck %s

// CHECK-LABEL: func.func @one_rsqrt_per_row
// CHECK: scf.reduce.return
// CHECK: %[[MS:.*]] = arith.addf %{{.*}}, %{{.*}} : f16
// CHECK-NEXT: %[[R:.*]] = math.rsqrt %[[MS]] fastmath<afn> : f16
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK: %[[RV:.*]] = vector.broadcast %[[R]] : f16 to vector<8xf16>
// CHECK: arith.mulf %{{.*}}, %[[RV]] fastmath<afn> : vector<8xf16>
// CHECK-NOT: math.sqrt
// CHECK-NOT: arith.divf {{.*}}vector
// CHECK-NOT: math.rsqrt
// CHECK: return
func.func @one_rsqrt_per_row(%x: memref<?x256xf16>, %w: memref<256xf16>, %y: memref<?x256xf16>) {
  rownorm.rms_norm ins(%x : memref<?x256xf16>) weight(%w : memref<256xf16>) outs(%y : memref<?x256xf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 1>}
  return
}

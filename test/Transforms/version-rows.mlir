// rownorm-version-rows on rownorm's expansion: the row body is cloned under
// a uniform test of the buffers' offsets and strides, and only the copy
// where the test holds says its vector accesses are aligned; a layout known
// aligned is marked in place, one known misaligned is left unmarked.
// RUN: rmsnorm-opt %s --rownorm-expand-ops --rownorm-version-rows | FileCheck %s
// Without the pass nothing says aligned:
// RUN: rmsnorm-opt %s --rownorm-expand-ops | FileCheck %s --check-prefix=NONE
// NONE-NOT: alignment

// Dynamic strides: x's and y's row strides, in bf16 elements, multiples of
// 8 (16 bytes); the weight's offset is static 0.
// CHECK-LABEL: func.func @dynamic
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[XS:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK: arith.andi %[[XS]]#0, %c7
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[YS:.*]]:2 = memref.extract_strided_metadata %arg2
// CHECK: arith.andi %[[YS]]#0, %c7
// CHECK: %[[TEST:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: scf.if %[[TEST]] {
// CHECK: vector.load %arg0{{.*}} {alignment = 16 : i64}
// CHECK: vector.load %arg1{{.*}} {alignment = 16 : i64}
// CHECK: vector.store {{.*}} %arg2{{.*}} {alignment = 16 : i64}
// CHECK: } else {
// CHECK-NOT: alignment
// CHECK: vector.store
// CHECK-LABEL: func.func @static_aligned
// CHECK-NOT: scf.if
// CHECK: vector.load %arg0{{.*}} {alignment = 16 : i64}
// CHECK-LABEL: func.func @static_misaligned
// CHECK-NOT: scf.if
// CHECK-NOT: alignment
// CHECK: return
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @dynamic(%x: memref<?x64xbf16, strided<[?, 1]>>, %w: memref<64xbf16>, %y: memref<?x64xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x64xbf16, strided<[?, 1]>>) weight(%w : memref<64xbf16>) outs(%y : memref<?x64xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 1>}
  return
}
func.func @static_aligned(%x: memref<?x64xbf16>, %w: memref<64xbf16>, %y: memref<?x64xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x64xbf16>) weight(%w : memref<64xbf16>) outs(%y : memref<?x64xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 1>}
  return
}
func.func @static_misaligned(%x: memref<?x67xbf16>, %w: memref<67xbf16>, %y: memref<?x67xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x67xbf16>) weight(%w : memref<67xbf16>) outs(%y : memref<?x67xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 1>}
  return
}
}

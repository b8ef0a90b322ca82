// Round trip of rownorm ops through the custom and the generic form.
// RUN: rmsnorm-opt %s | rmsnorm-opt | FileCheck %s
// RUN: rmsnorm-opt %s --mlir-print-op-generic | rmsnorm-opt | FileCheck %s
// RUN: rmsnorm-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: rmsnorm-opt %s --emit-bytecode | rmsnorm-opt | FileCheck %s

// CHECK-LABEL: func.func @dynamic_rows_and_strides
// CHECK-SAME: (%[[X:.*]]: memref<?x4096xbf16, strided<[?, 1]>>, %[[W:.*]]: memref<4096xbf16>, %[[Y:.*]]: memref<?x4096xbf16, strided<[?, 1]>>)
// CHECK: rownorm.rms_norm ins(%[[X]] : memref<?x4096xbf16, strided<[?, 1]>>) weight(%[[W]] : memref<4096xbf16>) outs(%[[Y]] : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 9.99999997E-7 : f32}
// GENERIC-LABEL: sym_name = "dynamic_rows_and_strides"
// GENERIC: "rownorm.rms_norm"(%{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 9.99999997E-7 : f32}> : (memref<?x4096xbf16, strided<[?, 1]>>, memref<4096xbf16>, memref<?x4096xbf16, strided<[?, 1]>>) -> ()
func.func @dynamic_rows_and_strides(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32}
  return
}

// CHECK-LABEL: func.func @f32_weight_for_f16_rows
// CHECK: rownorm.rms_norm ins(%{{.*}} : memref<?x5120xf16>) weight(%{{.*}} : memref<5120xf32>) outs(%{{.*}} : memref<?x5120xf16>) {epsilon = 9.99999974E-6 : f32}
func.func @f32_weight_for_f16_rows(%x: memref<?x5120xf16>, %w: memref<5120xf32>, %y: memref<?x5120xf16>) {
  rownorm.rms_norm ins(%x : memref<?x5120xf16>) weight(%w : memref<5120xf32>) outs(%y : memref<?x5120xf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Static M, a static row stride wider than the row, an offset, and in-place
// normalization (input and output are the same buffer).
// CHECK-LABEL: func.func @static_stride_in_place
// CHECK-SAME: (%[[XY:.*]]: memref<8x100xf32, strided<[128, 1], offset: ?>>
// CHECK: rownorm.rms_norm ins(%[[XY]] : memref<8x100xf32, strided<[128, 1], offset: ?>>) weight(%{{.*}} : memref<100xf32>) outs(%[[XY]] : memref<8x100xf32, strided<[128, 1], offset: ?>>)
func.func @static_stride_in_place(%xy: memref<8x100xf32, strided<[128, 1], offset: ?>>, %w: memref<100xf32>) {
  rownorm.rms_norm ins(%xy : memref<8x100xf32, strided<[128, 1], offset: ?>>) weight(%w : memref<100xf32>) outs(%xy : memref<8x100xf32, strided<[128, 1], offset: ?>>) {epsilon = 1.0e-05 : f32}
  return
}

// N = 1, the smallest row.
// CHECK-LABEL: func.func @single_column
// CHECK: rownorm.rms_norm ins(%{{.*}} : memref<?x1xf16>)
func.func @single_column(%x: memref<?x1xf16>, %w: memref<1xf16>, %y: memref<?x1xf16>) {
  rownorm.rms_norm ins(%x : memref<?x1xf16>) weight(%w : memref<1xf16>) outs(%y : memref<?x1xf16>) {epsilon = 1.0e-05 : f32}
  return
}

// A schedule survives the round trip.
// CHECK-LABEL: func.func @with_schedule
// CHECK: schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>
func.func @with_schedule(%x: memref<?x128xbf16>, %w: memref<128xbf16>, %y: memref<?x128xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x128xbf16>) weight(%w : memref<128xbf16>) outs(%y : memref<?x128xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>}
  return
}

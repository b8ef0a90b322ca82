// Names that can name a kernel pass rownorm-check-kernels unchanged: the
// longest (200 characters), digits and '_' after the first letter.
// RUN: rmsnorm-opt %s --rownorm-check-kernels | FileCheck %s
// CHECK: func.func @{{k{200}[(]}}
// CHECK: func.func @Rms_norm_2(
func.func @kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @Rms_norm_2(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// rownorm-widen-reductions on rownorm's expansion: the sum of squares, the
// mean, epsilon, the square root and the scaling move to f32; the output is
// rounded once, right before the store.
// RUN: rmsnorm-opt %s --rownorm-expand-ops --rownorm-widen-reductions | FileCheck %s

// CHECK-LABEL: func.func @bf16_rows_f32_weight
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SUM:.*]] = scf.parallel {{.*}} init (%[[ZERO]]) -> f32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<8xf32>)
// CHECK: %[[X:.*]] = vector.load {{.*}} vector<8xbf16>
// CHECK: %[[XA:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// CHECK: %[[XB:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// CHECK: %[[SQ:.*]] = arith.mulf %[[XB]], %[[XA]] : vector<8xf32>
// CHECK: arith.addf %[[ACC]], %[[SQ]] : vector<8xf32>
// CHECK: vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<8xf32> into f32
// CHECK: scf.reduce(%{{.*}} : f32)
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// N and epsilon keep their exact f32 values.
// CHECK: %[[N:.*]] = arith.constant 1.040000e+02 : f32
// CHECK: %[[MEAN:.*]] = arith.divf %[[SUM]], %[[N]] fastmath<arcp> : f32
// CHECK: %[[EPS:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK: %[[MS:.*]] = arith.addf %[[MEAN]], %[[EPS]] : f32
// CHECK: %[[RMS:.*]] = math.sqrt %[[MS]] fastmath<afn> : f32
// CHECK: %[[XS:.*]] = vector.load {{.*}} vector<8xbf16>
// CHECK: %[[XW:.*]] = arith.extf %[[XS]] : vector<8xbf16> to vector<8xf32>
// The f32 weight is used as it is, not rounded to bf16 and back.
// CHECK: %[[W:.*]] = vector.load {{.*}} : memref<104xf32>, vector<8xf32>
// CHECK: %[[RMSV:.*]] = vector.broadcast %[[RMS]] : f32 to vector<8xf32>
// CHECK: %[[NORM:.*]] = arith.divf %[[XW]], %[[RMSV]] fastmath<afn> : vector<8xf32>
// CHECK: %[[YW:.*]] = arith.mulf %[[NORM]], %[[W]] : vector<8xf32>
// CHECK: %[[Y:.*]] = arith.truncf %[[YW]] : vector<8xf32> to vector<8xbf16>
// CHECK: vector.store %[[Y]]
// No bf16 arithmetic is left.
// CHECK-NOT: arith.{{(add|mul|div)}}f {{.*}}bf16
func.func @bf16_rows_f32_weight(%x: memref<?x104xbf16, strided<[?, 1]>>, %w: memref<104xf32>, %y: memref<?x104xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x104xbf16, strided<[?, 1]>>) weight(%w : memref<104xf32>) outs(%y : memref<?x104xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 4, vector_width = 8, vectors_per_thread = 4>}
  return
}

// An f16 weight is widened where it is used.
// CHECK-LABEL: func.func @f16_rows_f16_weight
// CHECK: %[[W16:.*]] = vector.load %{{.*}} : memref<64xf16>, vector<4xf16>
// CHECK: %[[W32:.*]] = arith.extf %[[W16]] : vector<4xf16> to vector<4xf32>
// CHECK: arith.mulf %{{.*}}, %[[W32]] : vector<4xf32>
// CHECK: arith.truncf %{{.*}} : vector<4xf32> to vector<4xf16>
// CHECK-NOT: arith.{{(add|mul|div)}}f {{.*}}xf16>
func.func @f16_rows_f16_weight(%x: memref<?x64xf16>, %w: memref<64xf16>, %y: memref<?x64xf16>) {
  rownorm.rms_norm ins(%x : memref<?x64xf16>) weight(%w : memref<64xf16>) outs(%y : memref<?x64xf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 16, vector_width = 4, vectors_per_thread = 1>}
  return
}

// f32 rows are already f32: nothing to do.
// CHECK-LABEL: func.func @f32_rows
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf %{{.*}} : vector
// CHECK: return
func.func @f32_rows(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 16, vector_width = 4, vectors_per_thread = 1>}
  return
}

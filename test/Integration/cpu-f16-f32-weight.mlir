// Executes the optimized IR on the CPU and checks it against an fp64
// reference. Numerics contract: f16 output within 1 ULP (2^-10 relative).
// An f32 weight scales f16 rows in f32: the weight is not rounded to f16
// first (weights around 3.3e-3 with 24 significant bits).
// REQUIRES: mlir-runner
// RUN: cat %s %S/Inputs/harness.mlir | rmsnorm-opt --rownorm-nvptx-attach-target --rownorm-optimize-pipeline 2>/dev/null \
// RUN:   | mlir-opt %{lower_to_cpu} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils,%rmsnorm_runtime_lib \
// RUN:   | FileCheck %s

// CHECK: rmsnorm_check: 0 mismatches of {{[1-9][0-9]*}} checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0

func.func @rms_norm_f16_520(%x: memref<?x520xf16, strided<[?, 1]>>, %w: memref<520xf32>, %y: memref<?x520xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x520xf16, strided<[?, 1]>>) weight(%w : memref<520xf32>) outs(%y : memref<?x520xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm = arith.constant 9 : index
  %cn = arith.constant 520 : index
  %sentinel = arith.constant 7.0 : f16
  %sentinel32 = arith.constant 7.0 : f32
  %scale = arith.constant 0.3 : f32
  %wscale = arith.constant 0.00011 : f32
  // 9 rows of 520 in buffers of 160 rows of 528: guard columns
  // and rows, enough to hold every access of an unmasked schedule, so that a
  // missing mask shows as clobbered guards, not as a crash.
  %xbuf = memref.alloc() : memref<160x528xf16>
  %ybuf = memref.alloc() : memref<160x528xf16>
  %wbuf = memref.alloc() : memref<1x1544xf32>
  %xall = memref.cast %xbuf : memref<160x528xf16> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<160x528xf16> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  func.call @splat_f16(%xall, %sentinel) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f16) -> ()
  func.call @splat_f16(%yall, %sentinel) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f16) -> ()
  %xs = memref.subview %xbuf[0, 0] [9, 520] [1, 1] : memref<160x528xf16> to memref<9x520xf16, strided<[528, 1]>>
  %ys = memref.subview %ybuf[0, 0] [9, 520] [1, 1] : memref<160x528xf16> to memref<9x520xf16, strided<[528, 1]>>
  %xv = memref.cast %xs : memref<9x520xf16, strided<[528, 1]>> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<9x520xf16, strided<[528, 1]>> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 520] [1, 1] : memref<1x1544xf32> to memref<1x520xf32, strided<[1544, 1]>>
  %wv = memref.cast %ws : memref<1x520xf32, strided<[1544, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @fill_f16(%xv, %scale) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_f32(%wv, %wscale) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()

  %x = memref.cast %xs : memref<9x520xf16, strided<[528, 1]>> to memref<?x520xf16, strided<[?, 1]>>
  %y = memref.cast %ys : memref<9x520xf16, strided<[528, 1]>> to memref<?x520xf16, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 520] [1, 1] : memref<1x1544xf32> to memref<520xf32, strided<[1]>>
  %w = memref.cast %w1 : memref<520xf32, strided<[1]>> to memref<520xf32>
  func.call @rms_norm_f16_520(%x, %w, %y) : (memref<?x520xf16, strided<[?, 1]>>, memref<520xf32>, memref<?x520xf16, strided<[?, 1]>>) -> ()

  %eps32 = arith.constant 1.0e-05 : f32
  %eps = arith.extf %eps32 : f32 to f64
  %bad = func.call @check_f16_f32(%xv, %wv, %yv, %eps) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf16, strided<[?, ?], offset: ?>>, f64) -> i64
  %xall32 = func.call @widen_f16(%xall) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %yall32 = func.call @widen_f16(%yall) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %cx = func.call @count_clobbered(%xall32, %cm, %cn, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  %cy = func.call @count_clobbered(%yall32, %cm, %cn, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  vector.print str "clobbered x: "
  vector.print %cx : index
  vector.print str "clobbered y: "
  vector.print %cy : index
  return
}

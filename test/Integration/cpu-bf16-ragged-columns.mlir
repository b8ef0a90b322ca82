// Executes the optimized IR on the CPU and checks it against an fp64
// reference. Numerics contract: bf16 output within 1 ULP (2^-7 relative).
// N = 13 is ragged under 16-column tiles (two 8-wide vectors): without
// masking, the guard columns' 7.0s are read into the sum of squares of rows
// whose values are below 0.3 (mismatches) and the tail stores clobber them;
// M = 3 under 128 rows per block clobbers the guard rows.
// REQUIRES: mlir-runner
// RUN: cat %s %S/Inputs/harness.mlir | rmsnorm-opt --rownorm-nvptx-attach-target --rownorm-optimize-pipeline 2>/dev/null \
// RUN:   | mlir-opt %{lower_to_cpu} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils,%rmsnorm_runtime_lib \
// RUN:   | FileCheck %s

// CHECK: rmsnorm_check: 0 mismatches of {{[1-9][0-9]*}} checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0

func.func @rms_norm_bf16_13(%x: memref<?x13xbf16, strided<[?, 1]>>, %w: memref<13xbf16>, %y: memref<?x13xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x13xbf16, strided<[?, 1]>>) weight(%w : memref<13xbf16>) outs(%y : memref<?x13xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm = arith.constant 3 : index
  %cn = arith.constant 13 : index
  %sentinel = arith.constant 7.0 : bf16
  %sentinel32 = arith.constant 7.0 : f32
  %scale = arith.constant 0.01 : f32
  %wscale = arith.constant 0.05 : f32
  // 3 rows of 13 in buffers of 160 rows of 16: guard columns
  // and rows, enough to hold every access of an unmasked schedule, so that a
  // missing mask shows as clobbered guards, not as a crash.
  %xbuf = memref.alloc() : memref<160x16xbf16>
  %ybuf = memref.alloc() : memref<160x16xbf16>
  %wbuf = memref.alloc() : memref<1x1037xbf16>
  %xall = memref.cast %xbuf : memref<160x16xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<160x16xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @splat_bf16(%xall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  func.call @splat_bf16(%yall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  %xs = memref.subview %xbuf[0, 0] [3, 13] [1, 1] : memref<160x16xbf16> to memref<3x13xbf16, strided<[16, 1]>>
  %ys = memref.subview %ybuf[0, 0] [3, 13] [1, 1] : memref<160x16xbf16> to memref<3x13xbf16, strided<[16, 1]>>
  %xv = memref.cast %xs : memref<3x13xbf16, strided<[16, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<3x13xbf16, strided<[16, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 13] [1, 1] : memref<1x1037xbf16> to memref<1x13xbf16, strided<[1037, 1]>>
  %wv = memref.cast %ws : memref<1x13xbf16, strided<[1037, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @fill_bf16(%xv, %scale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_bf16(%wv, %wscale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  // Row 1 is all zeros: the epsilon path.
  %zero = arith.constant 0.0 : bf16
  %zr = arith.constant 1 : index
  scf.for %j = %c0 to %cn step %c1 {
    memref.store %zero, %xs[%zr, %j] : memref<3x13xbf16, strided<[16, 1]>>
  }

  %x = memref.cast %xs : memref<3x13xbf16, strided<[16, 1]>> to memref<?x13xbf16, strided<[?, 1]>>
  %y = memref.cast %ys : memref<3x13xbf16, strided<[16, 1]>> to memref<?x13xbf16, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 13] [1, 1] : memref<1x1037xbf16> to memref<13xbf16, strided<[1]>>
  %w = memref.cast %w1 : memref<13xbf16, strided<[1]>> to memref<13xbf16>
  func.call @rms_norm_bf16_13(%x, %w, %y) : (memref<?x13xbf16, strided<[?, 1]>>, memref<13xbf16>, memref<?x13xbf16, strided<[?, 1]>>) -> ()

  %eps32 = arith.constant 1.0e-05 : f32
  %eps = arith.extf %eps32 : f32 to f64
  %bad = func.call @check_bf16_bf16(%xv, %wv, %yv, %eps) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, memref<?x?xbf16, strided<[?, ?], offset: ?>>, memref<?x?xbf16, strided<[?, ?], offset: ?>>, f64) -> i64
  %xall32 = func.call @widen_bf16(%xall) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %yall32 = func.call @widen_bf16(%yall) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %cx = func.call @count_clobbered(%xall32, %cm, %cn, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  %cy = func.call @count_clobbered(%yall32, %cm, %cn, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  vector.print str "clobbered x: "
  vector.print %cx : index
  vector.print str "clobbered y: "
  vector.print %cy : index
  return
}

// Executes the optimized IR on the CPU and checks it against an fp64
// reference. Numerics contract: f32 output within 8 ULP (2^-20 relative).
// N = 64 fits the tile exactly (4 threads x 4 vectors x 4); M = 37 under 32
// rows per block leaves 27 rows of the last block past M, which must neither
// read nor write (the guard rows hold 7.0s).
// REQUIRES: mlir-runner
// RUN: cat %s %S/Inputs/harness.mlir | rmsnorm-opt --rownorm-nvptx-attach-target --rownorm-optimize-pipeline 2>/dev/null \
// RUN:   | mlir-opt %{lower_to_cpu} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils,%rmsnorm_runtime_lib \
// RUN:   | FileCheck %s

// CHECK: rmsnorm_check: 0 mismatches of {{[1-9][0-9]*}} checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0

func.func @rms_norm_f32_64(%x: memref<?x64xf32, strided<[?, 1]>>, %w: memref<64xf32>, %y: memref<?x64xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x64xf32, strided<[?, 1]>>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32}
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm = arith.constant 37 : index
  %cn = arith.constant 64 : index
  %sentinel = arith.constant 7.0 : f32
  %sentinel32 = arith.constant 7.0 : f32
  %scale = arith.constant 0.5 : f32
  %wscale = arith.constant 0.1 : f32
  // 37 rows of 64 in buffers of 160 rows of 64: guard columns
  // and rows, enough to hold every access of an unmasked schedule, so that a
  // missing mask shows as clobbered guards, not as a crash.
  %xbuf = memref.alloc() : memref<160x64xf32>
  %ybuf = memref.alloc() : memref<160x64xf32>
  %wbuf = memref.alloc() : memref<1x1088xf32>
  %xall = memref.cast %xbuf : memref<160x64xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<160x64xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @splat_f32(%xall, %sentinel) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @splat_f32(%yall, %sentinel) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
  %xs = memref.subview %xbuf[0, 0] [37, 64] [1, 1] : memref<160x64xf32> to memref<37x64xf32, strided<[64, 1]>>
  %ys = memref.subview %ybuf[0, 0] [37, 64] [1, 1] : memref<160x64xf32> to memref<37x64xf32, strided<[64, 1]>>
  %xv = memref.cast %xs : memref<37x64xf32, strided<[64, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<37x64xf32, strided<[64, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 64] [1, 1] : memref<1x1088xf32> to memref<1x64xf32, strided<[1088, 1]>>
  %wv = memref.cast %ws : memref<1x64xf32, strided<[1088, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @fill_f32(%xv, %scale) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_f32(%wv, %wscale) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
  // Row 36 is all zeros: the epsilon path.
  %zero = arith.constant 0.0 : f32
  %zr = arith.constant 36 : index
  scf.for %j = %c0 to %cn step %c1 {
    memref.store %zero, %xs[%zr, %j] : memref<37x64xf32, strided<[64, 1]>>
  }

  %x = memref.cast %xs : memref<37x64xf32, strided<[64, 1]>> to memref<?x64xf32, strided<[?, 1]>>
  %y = memref.cast %ys : memref<37x64xf32, strided<[64, 1]>> to memref<?x64xf32, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 64] [1, 1] : memref<1x1088xf32> to memref<64xf32, strided<[1]>>
  %w = memref.cast %w1 : memref<64xf32, strided<[1]>> to memref<64xf32>
  func.call @rms_norm_f32_64(%x, %w, %y) : (memref<?x64xf32, strided<[?, 1]>>, memref<64xf32>, memref<?x64xf32, strided<[?, 1]>>) -> ()

  %eps32 = arith.constant 1.0e-06 : f32
  %eps = arith.extf %eps32 : f32 to f64
  %bad = func.call @check_f32_f32(%xv, %wv, %yv, %eps) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, f64) -> i64
  %xall32 = func.call @widen_f32(%xall) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %yall32 = func.call @widen_f32(%yall) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %cx = func.call @count_clobbered(%xall32, %cm, %cn, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  %cy = func.call @count_clobbered(%yall32, %cm, %cn, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  vector.print str "clobbered x: "
  vector.print %cx : index
  vector.print str "clobbered y: "
  vector.print %cy : index
  return
}

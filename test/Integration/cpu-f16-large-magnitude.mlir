// Executes the optimized IR on the CPU (lowered by upstream mlir-opt, run by
// mlir-runner) and checks it against an fp64 reference.
// Numerics contract: f16 output within 1 ULP (2^-10 relative) of the fp64
// result, plus an absolute floor of 1e-7 for results near zero.
// Inputs that prove two passes matter: |x| up to 3000, whose squares overflow
// f16 (an f16 accumulator gives Inf and all-zero rows: widen-reductions);
// N = 1000 under a tile of 1024 columns and M = 6 under 4 rows per block
// (stray writes into the guard band: mask-accesses).
// REQUIRES: mlir-runner
// RUN: cat %s %S/Inputs/harness.mlir | rmsnorm-opt --rownorm-nvptx-attach-target --rownorm-optimize-pipeline 2>/dev/null \
// RUN:   | mlir-opt %{lower_to_cpu} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils,%rmsnorm_runtime_lib \
// RUN:   | FileCheck %s

// CHECK: rmsnorm_check: 0 mismatches of {{[1-9][0-9]*}} checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0

func.func @rms_norm_f16_1000(%x: memref<?x1000xf16, strided<[?, 1]>>, %w: memref<1000xf16>, %y: memref<?x1000xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x1000xf16, strided<[?, 1]>>) weight(%w : memref<1000xf16>) outs(%y : memref<?x1000xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c1000 = arith.constant 1000 : index
  %sentinel = arith.constant 7.0 : f16
  %sentinel32 = arith.constant 7.0 : f32
  %zero = arith.constant 0.0 : f16
  %big = arith.constant 100.0 : f32
  %small = arith.constant 0.01 : f32
  // 6 rows of 1000 in buffers of 8 rows of 1024: guard columns and rows.
  %xbuf = memref.alloc() : memref<8x1024xf16>
  %ybuf = memref.alloc() : memref<8x1024xf16>
  %wbuf = memref.alloc() : memref<1x2024xf16>
  %xall = memref.cast %xbuf : memref<8x1024xf16> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<8x1024xf16> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  func.call @splat_f16(%xall, %sentinel) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f16) -> ()
  func.call @splat_f16(%yall, %sentinel) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f16) -> ()
  %xs = memref.subview %xbuf[0, 0] [6, 1000] [1, 1] : memref<8x1024xf16> to memref<6x1000xf16, strided<[1024, 1]>>
  %ys = memref.subview %ybuf[0, 0] [6, 1000] [1, 1] : memref<8x1024xf16> to memref<6x1000xf16, strided<[1024, 1]>>
  %xv = memref.cast %xs : memref<6x1000xf16, strided<[1024, 1]>> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<6x1000xf16, strided<[1024, 1]>> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 1000] [1, 1] : memref<1x2024xf16> to memref<1x1000xf16, strided<[2024, 1]>>
  %wv = memref.cast %ws : memref<1x1000xf16, strided<[2024, 1]>> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  func.call @fill_f16(%xv, %big) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_f16(%wv, %small) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f32) -> ()
  // Row 3 is all zeros: the epsilon path.
  scf.for %j = %c0 to %c1000 step %c1 {
    memref.store %zero, %xs[%c3, %j] : memref<6x1000xf16, strided<[1024, 1]>>
  }

  %x = memref.cast %xs : memref<6x1000xf16, strided<[1024, 1]>> to memref<?x1000xf16, strided<[?, 1]>>
  %y = memref.cast %ys : memref<6x1000xf16, strided<[1024, 1]>> to memref<?x1000xf16, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 1000] [1, 1] : memref<1x2024xf16> to memref<1000xf16, strided<[1]>>
  %w = memref.cast %w1 : memref<1000xf16, strided<[1]>> to memref<1000xf16>
  func.call @rms_norm_f16_1000(%x, %w, %y) : (memref<?x1000xf16, strided<[?, 1]>>, memref<1000xf16>, memref<?x1000xf16, strided<[?, 1]>>) -> ()

  %eps32 = arith.constant 1.0e-05 : f32
  %eps = arith.extf %eps32 : f32 to f64
  %bad = func.call @check_f16_f16(%xv, %wv, %yv, %eps) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, memref<?x?xf16, strided<[?, ?], offset: ?>>, memref<?x?xf16, strided<[?, ?], offset: ?>>, f64) -> i64
  %xall32 = func.call @widen_f16(%xall) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %yall32 = func.call @widen_f16(%yall) : (memref<?x?xf16, strided<[?, ?], offset: ?>>) -> memref<?x?xf32>
  %cx = func.call @count_clobbered(%xall32, %c6, %c1000, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  %cy = func.call @count_clobbered(%yall32, %c6, %c1000, %sentinel32) : (memref<?x?xf32>, index, index, f32) -> index
  vector.print str "clobbered x: "
  vector.print %cx : index
  vector.print str "clobbered y: "
  vector.print %cy : index
  return
}

// Rows that do not start on a 16-byte boundary, executed on the CPU and
// checked against the fp64 reference, with guard bands around every buffer:
// rownorm-align-rows' head, aligned body and tail for every row phase.
// - bf16, N = 37 (4 body vectors of 8 at most): x rows 43 apart and y rows
//   41 apart, so x's head takes every value 0..7 over the rows and y's
//   phase differs from x's in most of them (y written element by element
//   there);
// - bf16, N = 83 (10 body vectors, 3 elements over) with 8 threads per
//   row: x rows 89 apart (every head 0..7), y rows 85 apart; the weight in
//   8-byte units, a word-select stage and a funnel shift (the default
//   schedule for N = 37 has 2 threads per row, too few to realign);
// - bf16, N = 256 (whole vectors) with 8 threads per row, x rows 259 apart
//   (every head) and y rows 257 apart: the copy for rows of unknown
//   alignment beside the aligned one, the weight in 16-byte units moved by
//   three select stages;
// - f16 rows with an f32 weight, N = 45, both strides 47: y at x's phase
//   (one thread per row under the default schedule: the weight read by
//   element).
// Numerics contract: 1 ULP of the 16-bit output type.
// REQUIRES: mlir-runner
// RUN: cat %s %S/Inputs/harness.mlir | rmsnorm-opt --rownorm-nvptx-attach-target --rownorm-optimize-pipeline 2>/dev/null \
// RUN:   | mlir-opt %{lower_to_cpu} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils,%rmsnorm_runtime_lib \
// RUN:   | FileCheck %s
// Planted faults it catches: head elements skipped (2026-11-30: 215
// mismatches); the funnel shift's two words swapped (2026-12-01: 567 of 747
// in N = 83); the last select stage of the 16-byte realignment dropped
// (2026-12-01: 756 of 2304 in N = 256).

// CHECK: rmsnorm_check: 0 mismatches of 333 checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0
// CHECK: rmsnorm_check: 0 mismatches of 747 checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0
// CHECK: rmsnorm_check: 0 mismatches of 2304 checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0
// CHECK: rmsnorm_check: 0 mismatches of 495 checked
// CHECK: clobbered x: 0
// CHECK: clobbered y: 0

func.func @rms_norm_bf16_37(%x: memref<?x37xbf16, strided<[?, 1]>>, %w: memref<37xbf16>, %y: memref<?x37xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x37xbf16, strided<[?, 1]>>) weight(%w : memref<37xbf16>) outs(%y : memref<?x37xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

func.func @rms_norm_bf16_83_eight_threads(%x: memref<?x83xbf16, strided<[?, 1]>>, %w: memref<83xbf16>, %y: memref<?x83xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x83xbf16, strided<[?, 1]>>) weight(%w : memref<83xbf16>) outs(%y : memref<?x83xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>}
  return
}

func.func @rms_norm_bf16_256_eight_threads(%x: memref<?x256xbf16, strided<[?, 1]>>, %w: memref<256xbf16>, %y: memref<?x256xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x256xbf16, strided<[?, 1]>>) weight(%w : memref<256xbf16>) outs(%y : memref<?x256xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 8, vector_width = 8, vectors_per_thread = 4>}
  return
}

func.func @rms_norm_f16_45(%x: memref<?x45xf16, strided<[?, 1]>>, %w: memref<45xf32>, %y: memref<?x45xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x45xf16, strided<[?, 1]>>) weight(%w : memref<45xf32>) outs(%y : memref<?x45xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

func.func @bf16_case() {
  %c0 = arith.constant 0 : index
  %cm = arith.constant 9 : index
  %cn = arith.constant 37 : index
  %sentinel = arith.constant 7.0 : bf16
  %sentinel32 = arith.constant 7.0 : f32
  %scale = arith.constant 0.01 : f32
  %wscale = arith.constant 0.05 : f32
  // 9 rows of 37 in rows of 43 (x) and 41 (y), 3 guard rows each; the
  // weight inside a longer buffer.
  %xbuf = memref.alloc() : memref<12x43xbf16>
  %ybuf = memref.alloc() : memref<12x41xbf16>
  %wbuf = memref.alloc() : memref<1x64xbf16>
  %xall = memref.cast %xbuf : memref<12x43xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<12x41xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @splat_bf16(%xall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  func.call @splat_bf16(%yall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  %xs = memref.subview %xbuf[0, 0] [9, 37] [1, 1] : memref<12x43xbf16> to memref<9x37xbf16, strided<[43, 1]>>
  %ys = memref.subview %ybuf[0, 0] [9, 37] [1, 1] : memref<12x41xbf16> to memref<9x37xbf16, strided<[41, 1]>>
  %xv = memref.cast %xs : memref<9x37xbf16, strided<[43, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<9x37xbf16, strided<[41, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 37] [1, 1] : memref<1x64xbf16> to memref<1x37xbf16, strided<[64, 1]>>
  %wv = memref.cast %ws : memref<1x37xbf16, strided<[64, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @fill_bf16(%xv, %scale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_bf16(%wv, %wscale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  %x = memref.cast %xs : memref<9x37xbf16, strided<[43, 1]>> to memref<?x37xbf16, strided<[?, 1]>>
  %y = memref.cast %ys : memref<9x37xbf16, strided<[41, 1]>> to memref<?x37xbf16, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 37] [1, 1] : memref<1x64xbf16> to memref<37xbf16, strided<[1]>>
  %w = memref.cast %w1 : memref<37xbf16, strided<[1]>> to memref<37xbf16>
  func.call @rms_norm_bf16_37(%x, %w, %y) : (memref<?x37xbf16, strided<[?, 1]>>, memref<37xbf16>, memref<?x37xbf16, strided<[?, 1]>>) -> ()
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

func.func @bf16_wide_case() {
  %c0 = arith.constant 0 : index
  %cm = arith.constant 9 : index
  %cn = arith.constant 83 : index
  %sentinel = arith.constant 7.0 : bf16
  %sentinel32 = arith.constant 7.0 : f32
  %scale = arith.constant 0.01 : f32
  %wscale = arith.constant 0.05 : f32
  // 9 rows of 83 in rows of 89 (x: every head 0..7) and 85 (y), 3 guard
  // rows each; the weight inside a longer buffer.
  %xbuf = memref.alloc() : memref<12x89xbf16>
  %ybuf = memref.alloc() : memref<12x85xbf16>
  %wbuf = memref.alloc() : memref<1x96xbf16>
  %xall = memref.cast %xbuf : memref<12x89xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<12x85xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @splat_bf16(%xall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  func.call @splat_bf16(%yall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  %xs = memref.subview %xbuf[0, 0] [9, 83] [1, 1] : memref<12x89xbf16> to memref<9x83xbf16, strided<[89, 1]>>
  %ys = memref.subview %ybuf[0, 0] [9, 83] [1, 1] : memref<12x85xbf16> to memref<9x83xbf16, strided<[85, 1]>>
  %xv = memref.cast %xs : memref<9x83xbf16, strided<[89, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<9x83xbf16, strided<[85, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 83] [1, 1] : memref<1x96xbf16> to memref<1x83xbf16, strided<[96, 1]>>
  %wv = memref.cast %ws : memref<1x83xbf16, strided<[96, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @fill_bf16(%xv, %scale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_bf16(%wv, %wscale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  %x = memref.cast %xs : memref<9x83xbf16, strided<[89, 1]>> to memref<?x83xbf16, strided<[?, 1]>>
  %y = memref.cast %ys : memref<9x83xbf16, strided<[85, 1]>> to memref<?x83xbf16, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 83] [1, 1] : memref<1x96xbf16> to memref<83xbf16, strided<[1]>>
  %w = memref.cast %w1 : memref<83xbf16, strided<[1]>> to memref<83xbf16>
  func.call @rms_norm_bf16_83_eight_threads(%x, %w, %y) : (memref<?x83xbf16, strided<[?, 1]>>, memref<83xbf16>, memref<?x83xbf16, strided<[?, 1]>>) -> ()
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

func.func @bf16_whole_case() {
  %c0 = arith.constant 0 : index
  %cm = arith.constant 9 : index
  %cn = arith.constant 256 : index
  %sentinel = arith.constant 7.0 : bf16
  %sentinel32 = arith.constant 7.0 : f32
  %scale = arith.constant 0.01 : f32
  %wscale = arith.constant 0.05 : f32
  // 9 rows of 256 in rows of 259 (x: every head 0..7) and 257 (y), 3
  // guard rows each; the weight inside a longer buffer.
  %xbuf = memref.alloc() : memref<12x259xbf16>
  %ybuf = memref.alloc() : memref<12x257xbf16>
  %wbuf = memref.alloc() : memref<1x264xbf16>
  %xall = memref.cast %xbuf : memref<12x259xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<12x257xbf16> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @splat_bf16(%xall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  func.call @splat_bf16(%yall, %sentinel) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, bf16) -> ()
  %xs = memref.subview %xbuf[0, 0] [9, 256] [1, 1] : memref<12x259xbf16> to memref<9x256xbf16, strided<[259, 1]>>
  %ys = memref.subview %ybuf[0, 0] [9, 256] [1, 1] : memref<12x257xbf16> to memref<9x256xbf16, strided<[257, 1]>>
  %xv = memref.cast %xs : memref<9x256xbf16, strided<[259, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<9x256xbf16, strided<[257, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 256] [1, 1] : memref<1x264xbf16> to memref<1x256xbf16, strided<[264, 1]>>
  %wv = memref.cast %ws : memref<1x256xbf16, strided<[264, 1]>> to memref<?x?xbf16, strided<[?, ?], offset: ?>>
  func.call @fill_bf16(%xv, %scale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_bf16(%wv, %wscale) : (memref<?x?xbf16, strided<[?, ?], offset: ?>>, f32) -> ()
  %x = memref.cast %xs : memref<9x256xbf16, strided<[259, 1]>> to memref<?x256xbf16, strided<[?, 1]>>
  %y = memref.cast %ys : memref<9x256xbf16, strided<[257, 1]>> to memref<?x256xbf16, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 256] [1, 1] : memref<1x264xbf16> to memref<256xbf16, strided<[1]>>
  %w = memref.cast %w1 : memref<256xbf16, strided<[1]>> to memref<256xbf16>
  func.call @rms_norm_bf16_256_eight_threads(%x, %w, %y) : (memref<?x256xbf16, strided<[?, 1]>>, memref<256xbf16>, memref<?x256xbf16, strided<[?, 1]>>) -> ()
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

func.func @f16_case() {
  %cm = arith.constant 11 : index
  %cn = arith.constant 45 : index
  %sentinel = arith.constant 7.0 : f16
  %sentinel32 = arith.constant 7.0 : f32
  %scale = arith.constant 0.3 : f32
  %wscale = arith.constant 0.00011 : f32
  %xbuf = memref.alloc() : memref<14x47xf16>
  %ybuf = memref.alloc() : memref<14x47xf16>
  %wbuf = memref.alloc() : memref<1x48xf32>
  %xall = memref.cast %xbuf : memref<14x47xf16> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %yall = memref.cast %ybuf : memref<14x47xf16> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  func.call @splat_f16(%xall, %sentinel) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f16) -> ()
  func.call @splat_f16(%yall, %sentinel) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f16) -> ()
  %xs = memref.subview %xbuf[0, 0] [11, 45] [1, 1] : memref<14x47xf16> to memref<11x45xf16, strided<[47, 1]>>
  %ys = memref.subview %ybuf[0, 0] [11, 45] [1, 1] : memref<14x47xf16> to memref<11x45xf16, strided<[47, 1]>>
  %xv = memref.cast %xs : memref<11x45xf16, strided<[47, 1]>> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %yv = memref.cast %ys : memref<11x45xf16, strided<[47, 1]>> to memref<?x?xf16, strided<[?, ?], offset: ?>>
  %ws = memref.subview %wbuf[0, 0] [1, 45] [1, 1] : memref<1x48xf32> to memref<1x45xf32, strided<[48, 1]>>
  %wv = memref.cast %ws : memref<1x45xf32, strided<[48, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @fill_f16(%xv, %scale) : (memref<?x?xf16, strided<[?, ?], offset: ?>>, f32) -> ()
  func.call @fill_f32(%wv, %wscale) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
  %x = memref.cast %xs : memref<11x45xf16, strided<[47, 1]>> to memref<?x45xf16, strided<[?, 1]>>
  %y = memref.cast %ys : memref<11x45xf16, strided<[47, 1]>> to memref<?x45xf16, strided<[?, 1]>>
  %w1 = memref.subview %wbuf[0, 0] [1, 45] [1, 1] : memref<1x48xf32> to memref<45xf32, strided<[1]>>
  %w = memref.cast %w1 : memref<45xf32, strided<[1]>> to memref<45xf32>
  func.call @rms_norm_f16_45(%x, %w, %y) : (memref<?x45xf16, strided<[?, 1]>>, memref<45xf32>, memref<?x45xf16, strided<[?, 1]>>) -> ()
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

func.func @main() {
  func.call @bf16_case() : () -> ()
  func.call @bf16_wide_case() : () -> ()
  func.call @bf16_whole_case() : () -> ()
  func.call @f16_case() : () -> ()
  return
}

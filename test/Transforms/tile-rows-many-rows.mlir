// rownorm-tile-rows' kernels for many rows (option many-rows; the GPU
// pipelines set it unless cache-hints=none): a long row of whole vectors that
// the target re-reads gets a second function, `<name>_many_rows`, with four
// vectors per thread and up to four rows per block, preferred from
// ceil(2 x 50 MiB / row bytes) rows (rownorm.from_rows); the first names it
// (rownorm.variants). A first kernel that re-reads four vectors a thread
// for any M, whose schedule is already the one for many rows, gets a twin
// of that schedule from ceil(5 x 50 MiB / row bytes) rows: the first then
// serves few rows and holds x (shouldRereadRows). Every other case keeps
// one kernel.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="many-rows=1" 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=SPREAD < %t.remarks
// Without the option (the optimize pipeline, cache-hints=none) no function
// is added and none names a variant.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows 2>/dev/null | FileCheck %s --check-prefixes=OFF,SHARED
// Nor with a schedule option set (the cost model's choice only).
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="many-rows=1 threads-per-row=256" 2>/dev/null | FileCheck %s --check-prefix=OFF
// OFF-NOT: rownorm.variants = ["bf16_8192_many_rows"]
// OFF-NOT: func.func @bf16_8192_many_rows
// OFF-NOT: func.func @f32_2048_many_rows

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// 1024 vectors: 512 threads x 2 for any M; for many rows 256 x 4 (re-read),
// two rows per block of 512 threads, from 104857600 / 16384 = 6400 rows.
// CHECK-LABEL: func.func @bf16_8192(
// CHECK-SAME: attributes {rownorm.variants = ["bf16_8192_many_rows"]}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 2>
// CHECK-LABEL: func.func @bf16_8192_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 6400 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 256, vector_width = 8, vectors_per_thread = 4>
// REMARK: remark: kernel for many rows @bf16_8192_many_rows: schedule #rownorm.schedule<rows_per_block = 2, threads_per_row = 256, vector_width = 8, vectors_per_thread = 4> (x re-read), preferred from 6400 rows (x over 2x the shared cache)
func.func @bf16_8192(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// f32 2048: 512 vectors, 128 threads x 4, four rows per block.
// CHECK-LABEL: func.func @f32_2048_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 12800 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 128, vector_width = 4, vectors_per_thread = 4>
func.func @f32_2048(%x: memref<?x2048xf32>, %w: memref<2048xf32>, %y: memref<?x2048xf32>) {
  rownorm.rms_norm ins(%x : memref<?x2048xf32>) weight(%w : memref<2048xf32>) outs(%y : memref<?x2048xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// 320 vectors: 64 threads x 5; blocks stop at four rows (256 threads), not
// at a quarter of a processor (8 rows of 64 were 6.5% slower at 16-bit 2880).
// The first kernel, now for few rows only, takes one row per block instead
// of two (the rows spread over the processors); without a kernel for many
// rows it keeps two (SHARED).
// CHECK-LABEL: func.func @bf16_2560(
// CHECK-SAME: attributes {rownorm.variants = ["bf16_2560_many_rows"]}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5>
// SPREAD: remark: kernel for few rows: schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5> (one row per block, spread over the processors)
// SHARED-LABEL: func.func @bf16_2560(
// SHARED: schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5>
// CHECK-LABEL: func.func @bf16_2560_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 20480 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5>
func.func @bf16_2560(%x: memref<?x2560xbf16>, %w: memref<2560xbf16>, %y: memref<?x2560xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x2560xbf16>) weight(%w : memref<2560xbf16>) outs(%y : memref<?x2560xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 448 vectors: from ceil(104857600 / 7168) = 14629 rows (rounded up).
// CHECK-LABEL: func.func @bf16_3584_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 14629 : i64}
func.func @bf16_3584(%x: memref<?x3584xbf16>, %w: memref<3584xbf16>, %y: memref<?x3584xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x3584xbf16>) weight(%w : memref<3584xbf16>) outs(%y : memref<?x3584xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// A row count fixed at compile time: the first kernel serves it; none.
// CHECK-LABEL: func.func @static_8192(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @static_8192_many_rows
func.func @static_8192(%x: memref<4x8192xbf16>, %w: memref<8192xbf16>, %y: memref<4x8192xbf16>) {
  rownorm.rms_norm ins(%x : memref<4x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<4x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Two rownorm ops in one function: not a kernel; none.
// CHECK-LABEL: func.func @two_ops(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @two_ops_many_rows
func.func @two_ops(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  rownorm.rms_norm ins(%y : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%x : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// A function that already is a kernel for many rows, or already names one
// (an earlier run's output, scheduled again), gets none.
// CHECK-LABEL: func.func @again_8192(
// CHECK-SAME: attributes {rownorm.variants = ["again_8192_many_rows"]}
// CHECK-LABEL: func.func @again_8192_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 6400 : i64}
// CHECK-NOT: func.func @again_8192_many_rows_many_rows
func.func @again_8192(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.variants = ["again_8192_many_rows"]} {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @again_8192_many_rows(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.from_rows = 6400 : i64} {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// The same where a row fits a subgroup (where rownorm-tile-rows would give a
// twin that reads w late and keep the first kernel's schedule): no twin is
// made here, so the first kernel is spread as every first kernel is.
// CHECK-LABEL: func.func @again_768(
// CHECK-SAME: attributes {rownorm.variants = ["again_768_many_rows"]}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3>
// CHECK-NOT: func.func @again_768_many_rows_many_rows
// SPREAD: remark: kernel for few rows: schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3> (one row per block, spread over the processors)
func.func @again_768(%x: memref<?x768xbf16>, %w: memref<768xbf16>, %y: memref<?x768xbf16>) attributes {rownorm.variants = ["again_768_many_rows"]} {
  rownorm.rms_norm ins(%x : memref<?x768xbf16>) weight(%w : memref<768xbf16>) outs(%y : memref<?x768xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @again_768_many_rows(%x: memref<?x768xbf16>, %w: memref<768xbf16>, %y: memref<?x768xbf16>) attributes {rownorm.from_rows = 528 : i64} {
  rownorm.rms_norm ins(%x : memref<?x768xbf16>) weight(%w : memref<768xbf16>) outs(%y : memref<?x768xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// A name that would be too long for a kernel: a remark, none.
// CHECK-LABEL: func.func @kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(
// CHECK-NOT: rownorm.variants
// REMARK: remark: no kernel for many rows: {{.*}}200
func.func @kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 256 vectors are not enough (measured 1% slower).
// CHECK-LABEL: func.func @bf16_2048(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @bf16_2048_many_rows
func.func @bf16_2048(%x: memref<?x2048xbf16>, %w: memref<2048xbf16>, %y: memref<?x2048xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x2048xbf16>) weight(%w : memref<2048xbf16>) outs(%y : memref<?x2048xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 360 vectors over 64 threads leave a partial last round: none.
// CHECK-LABEL: func.func @bf16_2880(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @bf16_2880_many_rows
func.func @bf16_2880(%x: memref<?x2880xbf16>, %w: memref<2880xbf16>, %y: memref<?x2880xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x2880xbf16>) weight(%w : memref<2880xbf16>) outs(%y : memref<?x2880xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Tail elements (N not a multiple of the vector width): none.
// CHECK-LABEL: func.func @bf16_4099(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @bf16_4099_many_rows
func.func @bf16_4099(%x: memref<?x4099xbf16>, %w: memref<4099xbf16>, %y: memref<?x4099xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x4099xbf16>) weight(%w : memref<4099xbf16>) outs(%y : memref<?x4099xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// In place: the rows cannot be re-read after a store; none.
// CHECK-LABEL: func.func @inplace_8192(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @inplace_8192_many_rows
func.func @inplace_8192(%xy: memref<?x8192xbf16>, %w: memref<8192xbf16>) {
  rownorm.rms_norm ins(%xy : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%xy : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// The cost model's schedule is already the one for many rows, and eight
// vectors a thread are re-read for few rows too: none.
// CHECK-LABEL: func.func @bf16_32768(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @bf16_32768_many_rows
func.func @bf16_32768(%x: memref<?x32768xbf16>, %w: memref<32768xbf16>, %y: memref<?x32768xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x32768xbf16>) weight(%w : memref<32768xbf16>) outs(%y : memref<?x32768xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 2048 vectors: 512 threads x 4 for any M, the many-rows schedule too; x
// re-read there, so a twin of the same schedule from 262144000 / 32768 =
// 8000 rows, below which the first kernel holds x.
// CHECK-LABEL: func.func @bf16_16384(
// CHECK-SAME: attributes {rownorm.variants = ["bf16_16384_many_rows"]}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 4>
// CHECK-LABEL: func.func @bf16_16384_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 8000 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 4>
// REMARK: remark: kernel for many rows @bf16_16384_many_rows: schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 4> (x re-read), preferred from 8000 rows (x over 5x the shared cache)
func.func @bf16_16384(%x: memref<?x16384xbf16>, %w: memref<16384xbf16>, %y: memref<?x16384xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x16384xbf16>) weight(%w : memref<16384xbf16>) outs(%y : memref<?x16384xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// f16 16384: the same schedule, but x is held for any M (a conversion to
// widen it again); f32 16384: eight vectors a thread, re-read for any M
// (a held row would cost a block per processor): none.
// CHECK-LABEL: func.func @f16_16384(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @f16_16384_many_rows
// CHECK-LABEL: func.func @f32_16384(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @f32_16384_many_rows
func.func @f16_16384(%x: memref<?x16384xf16>, %w: memref<16384xf16>, %y: memref<?x16384xf16>) {
  rownorm.rms_norm ins(%x : memref<?x16384xf16>) weight(%w : memref<16384xf16>) outs(%y : memref<?x16384xf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_16384(%x: memref<?x16384xf32>, %w: memref<16384xf32>, %y: memref<?x16384xf32>) {
  rownorm.rms_norm ins(%x : memref<?x16384xf32>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// f32 8192: 2048 vectors, 512 threads x 4 too; from 262144000 / 32768 =
// 8000 rows.
// CHECK-LABEL: func.func @f32_8192(
// CHECK-SAME: attributes {rownorm.variants = ["f32_8192_many_rows"]}
// CHECK-LABEL: func.func @f32_8192_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 8000 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 4>
func.func @f32_8192(%x: memref<?x8192xf32>, %w: memref<8192xf32>, %y: memref<?x8192xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8192xf32>) weight(%w : memref<8192xf32>) outs(%y : memref<?x8192xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// The same-schedule twin has the other rules' limits: none in place (no
// re-read), for a row count fixed at compile time, or for a schedule
// written in the input.
// CHECK-LABEL: func.func @inplace_16384(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @inplace_16384_many_rows
// CHECK-LABEL: func.func @static_16384(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @static_16384_many_rows
// CHECK-LABEL: func.func @given_16384(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @given_16384_many_rows
func.func @inplace_16384(%xy: memref<?x16384xbf16>, %w: memref<16384xbf16>) {
  rownorm.rms_norm ins(%xy : memref<?x16384xbf16>) weight(%w : memref<16384xbf16>) outs(%xy : memref<?x16384xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @static_16384(%x: memref<4x16384xbf16>, %w: memref<16384xbf16>, %y: memref<4x16384xbf16>) {
  rownorm.rms_norm ins(%x : memref<4x16384xbf16>) weight(%w : memref<16384xbf16>) outs(%y : memref<4x16384xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @given_16384(%x: memref<?x16384xbf16>, %w: memref<16384xbf16>, %y: memref<?x16384xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x16384xbf16>) weight(%w : memref<16384xbf16>) outs(%y : memref<?x16384xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 4>}
  return
}

// A schedule written in the input is kept alone.
// CHECK-LABEL: func.func @given_8192(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @given_8192_many_rows
func.func @given_8192(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 2>}
  return
}

// The name is taken: a remark, no clone, the existing function untouched.
// CHECK-LABEL: func.func @taken_8192(
// CHECK-NOT: rownorm.variants
// CHECK-LABEL: func.func @taken_8192_many_rows(
// CHECK-NOT: rownorm.from_rows
// CHECK: return
// REMARK: remark: no kernel for many rows: the name @taken_8192_many_rows is taken
func.func @taken_8192(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @taken_8192_many_rows() {
  return
}

// The same with two rows per block: without its kernel for many rows the
// first kernel keeps them.
// CHECK-LABEL: func.func @taken_2560(
// CHECK-NOT: rownorm.variants
// CHECK: schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5>
// REMARK: remark: no kernel for many rows: the name @taken_2560_many_rows is taken
func.func @taken_2560(%x: memref<?x2560xbf16>, %w: memref<2560xbf16>, %y: memref<?x2560xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x2560xbf16>) weight(%w : memref<2560xbf16>) outs(%y : memref<?x2560xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @taken_2560_many_rows() {
  return
}

// An earlier run's output whose ops are scheduled again: the function that
// names its kernel for many rows is the first kernel, one row per block
// (without the option too, the SHARED run); that kernel keeps the cost model's
// schedule.
// CHECK-LABEL: func.func @again_2560(
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5>
// CHECK-LABEL: func.func @again_2560_many_rows(
// CHECK: schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5>
// SHARED-LABEL: func.func @again_2560(
// SHARED: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 64, vector_width = 8, vectors_per_thread = 5>
func.func @again_2560(%x: memref<?x2560xbf16>, %w: memref<2560xbf16>, %y: memref<?x2560xbf16>) attributes {rownorm.variants = ["again_2560_many_rows"]} {
  rownorm.rms_norm ins(%x : memref<?x2560xbf16>) weight(%w : memref<2560xbf16>) outs(%y : memref<?x2560xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @again_2560_many_rows(%x: memref<?x2560xbf16>, %w: memref<2560xbf16>, %y: memref<?x2560xbf16>) attributes {rownorm.from_rows = 20480 : i64} {
  rownorm.rms_norm ins(%x : memref<?x2560xbf16>) weight(%w : memref<2560xbf16>) outs(%y : memref<?x2560xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
}

// -----

// A target without hinted loads (gfx942) never re-reads: no kernel for many
// rows, of either kind.
// CHECK-LABEL: func.func @amd_8192(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: many_rows
// CHECK-LABEL: func.func @amd_16384(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: many_rows
module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
func.func @amd_8192(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @amd_16384(%x: memref<?x16384xbf16>, %w: memref<16384xbf16>, %y: memref<?x16384xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x16384xbf16>) weight(%w : memref<16384xbf16>) outs(%y : memref<?x16384xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
}

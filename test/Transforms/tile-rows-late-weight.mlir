// rownorm-tile-rows (option many-rows) where a row of whole vectors fits one
// subgroup's threads and M is given at launch: a twin `<name>_many_rows` of
// the same schedule, preferred from the rows that give each processor one
// block (132 x rows per block on sm_90). The first kernel keeps its
// schedule (not spread to one row per block) and, naming the twin in
// rownorm.variants, runs only few rows: rownorm-hoist-row-loads loads w with
// x there, the twin reads w after the reduction.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="many-rows=1" 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// Without the option no twin.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows 2>/dev/null | FileCheck %s --check-prefix=OFF
// OFF-NOT: rownorm.variants
// OFF-NOT: _many_rows

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// 96 vectors: 32 threads x 3, four rows per block: from 132 x 4 = 528 rows.
// CHECK-LABEL: func.func @bf16_768(
// CHECK-SAME: attributes {rownorm.variants = ["bf16_768_many_rows"]}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3>
// CHECK-LABEL: func.func @bf16_768_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 528 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3>
// REMARK: remark: kernel for many rows @bf16_768_many_rows: schedule #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3> (w read late), preferred from 528 rows (1 block a processor)
// REMARK-NOT: kernel for few rows: schedule
func.func @bf16_768(%x: memref<?x768xbf16>, %w: memref<768xbf16>, %y: memref<?x768xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x768xbf16>) weight(%w : memref<768xbf16>) outs(%y : memref<?x768xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// f32 128: 32 vectors, 16 threads x 2, eight rows per block: from 1056.
// CHECK-LABEL: func.func @f32_128_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 1056 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 8, threads_per_row = 16, vector_width = 4, vectors_per_thread = 2>
func.func @f32_128(%x: memref<?x128xf32>, %w: memref<128xf32>, %y: memref<?x128xf32>) {
  rownorm.rms_norm ins(%x : memref<?x128xf32>) weight(%w : memref<128xf32>) outs(%y : memref<?x128xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// A row count fixed at compile time: none.
// CHECK-LABEL: func.func @static_768(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @static_768_many_rows
func.func @static_768(%x: memref<64x768xbf16>, %w: memref<768xbf16>, %y: memref<64x768xbf16>) {
  rownorm.rms_norm ins(%x : memref<64x768xbf16>) weight(%w : memref<768xbf16>) outs(%y : memref<64x768xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Tail elements (N not a multiple of the vector width): none.
// CHECK-LABEL: func.func @bf16_770(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @bf16_770_many_rows
func.func @bf16_770(%x: memref<?x770xbf16>, %w: memref<770xbf16>, %y: memref<?x770xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x770xbf16>) weight(%w : memref<770xbf16>) outs(%y : memref<?x770xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 128 vectors over 64 threads, more than a subgroup: none.
// CHECK-LABEL: func.func @bf16_1024(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @bf16_1024_many_rows
func.func @bf16_1024(%x: memref<?x1024xbf16>, %w: memref<1024xbf16>, %y: memref<?x1024xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x1024xbf16>) weight(%w : memref<1024xbf16>) outs(%y : memref<?x1024xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

}

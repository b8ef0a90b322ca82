// rownorm-tile-rows (option many-rows) where a row of whole vectors fits one
// subgroup's threads and M is given at launch: a twin `<name>_many_rows` of
// the same schedule, preferred from the rows that give each processor one
// block (132 x rows per block on sm_90), or, where a thread holds three
// or four vectors and a row spans half a subgroup or more, from x over
// twice the shared cache (ceil(2 x 50 MiB / row bytes) on sm_90); from five
// vectors there, and at four where the twin would re-read x, none
// (TargetInfo.h's keepsFewRowsForm: the first kernel runs every row
// count). The first kernel keeps its schedule (not spread to one row per
// block) and, naming the twin in rownorm.variants, runs only the
// rows below: rownorm-hoist-row-loads loads w with x there, the twin reads w
// after the reduction.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="many-rows=1" 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// Without the option no twin.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows 2>/dev/null | FileCheck %s --check-prefix=OFF
// OFF-NOT: rownorm.variants
// OFF-NOT: _many_rows

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// 96 vectors: 32 threads x 3, four rows per block; three vectors a thread:
// from ceil(2 x 50 MiB / 1536 bytes) = 68267 rows.
// CHECK-LABEL: func.func @bf16_768(
// CHECK-SAME: attributes {rownorm.variants = ["bf16_768_many_rows"]}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3>
// CHECK-LABEL: func.func @bf16_768_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 68267 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3>
// REMARK: remark: kernel for many rows @bf16_768_many_rows: schedule #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 3> (w read late), preferred from 68267 rows (x over 2x the shared cache)
// REMARK-NOT: kernel for few rows: schedule
func.func @bf16_768(%x: memref<?x768xbf16>, %w: memref<768xbf16>, %y: memref<?x768xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x768xbf16>) weight(%w : memref<768xbf16>) outs(%y : memref<?x768xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 120 vectors: 32 threads x 4. f16's twin holds x as its first kernel does
// (four vectors of eight f16 values widened by a conversion): from
// ceil(2 x 50 MiB / 1920 bytes) = 54614. bf16's would re-read x: none. In
// place, x cannot be re-read: bf16's twin from 54614 too.
// CHECK-LABEL: func.func @f16_960(
// CHECK-SAME: attributes {rownorm.variants = ["f16_960_many_rows"]}
// CHECK-LABEL: func.func @f16_960_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 54614 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 4>
// CHECK-LABEL: func.func @bf16_960(
// CHECK-NOT: rownorm.variants
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 4>
// CHECK-NOT: func.func @bf16_960_many_rows
// CHECK-LABEL: func.func @bf16_960_in_place(
// CHECK-SAME: attributes {rownorm.variants = ["bf16_960_in_place_many_rows"]}
// CHECK-LABEL: func.func @bf16_960_in_place_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 54614 : i64}
// REMARK-NOT: kernel for many rows @bf16_960_many_rows
func.func @f16_960(%x: memref<?x960xf16>, %w: memref<960xf16>, %y: memref<?x960xf16>) {
  rownorm.rms_norm ins(%x : memref<?x960xf16>) weight(%w : memref<960xf16>) outs(%y : memref<?x960xf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_960(%x: memref<?x960xbf16>, %w: memref<960xbf16>, %y: memref<?x960xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x960xbf16>) weight(%w : memref<960xbf16>) outs(%y : memref<?x960xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_960_in_place(%x: memref<?x960xbf16>, %w: memref<960xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x960xbf16>) weight(%w : memref<960xbf16>) outs(%x : memref<?x960xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// f32 480: 120 vectors of four, 32 threads x 4, re-read by a twin: none.
// CHECK-LABEL: func.func @f32_480(
// CHECK-NOT: rownorm.variants
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 4, vectors_per_thread = 4>
// CHECK-NOT: func.func @f32_480_many_rows
func.func @f32_480(%x: memref<?x480xf32>, %w: memref<480xf32>, %y: memref<?x480xf32>) {
  rownorm.rms_norm ins(%x : memref<?x480xf32>) weight(%w : memref<480xf32>) outs(%y : memref<?x480xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// In place at five vectors: none either (a twin could not re-read x, but
// from five vectors the first kernel's form runs every M).
// CHECK-LABEL: func.func @bf16_1280_in_place(
// CHECK-NOT: rownorm.variants
// CHECK-NOT: func.func @bf16_1280_in_place_many_rows
func.func @bf16_1280_in_place(%x: memref<?x1280xbf16>, %w: memref<1280xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x1280xbf16>) weight(%w : memref<1280xbf16>) outs(%x : memref<?x1280xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 160 vectors: 32 threads x 5, and 112 over 16 x 7 (896): none.
// CHECK-LABEL: func.func @bf16_1280(
// CHECK-NOT: rownorm.variants
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 5>
// CHECK-NOT: func.func @bf16_1280_many_rows
// CHECK-LABEL: func.func @bf16_896(
// CHECK-NOT: rownorm.variants
// CHECK: schedule = #rownorm.schedule<rows_per_block = 8, threads_per_row = 16, vector_width = 8, vectors_per_thread = 7>
// CHECK-NOT: func.func @bf16_896_many_rows
// REMARK-NOT: kernel for many rows @bf16_1280_many_rows
// REMARK-NOT: kernel for many rows @bf16_896_many_rows
func.func @bf16_1280(%x: memref<?x1280xbf16>, %w: memref<1280xbf16>, %y: memref<?x1280xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x1280xbf16>) weight(%w : memref<1280xbf16>) outs(%y : memref<?x1280xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_896(%x: memref<?x896xbf16>, %w: memref<896xbf16>, %y: memref<?x896xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x896xbf16>) weight(%w : memref<896xbf16>) outs(%y : memref<?x896xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 40 vectors: 8 threads x 5, 16 rows per block: five vectors but rows
// narrower than half a subgroup: a twin from 132 x 16 = 2112 rows.
// CHECK-LABEL: func.func @bf16_320_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 2112 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 8, vectors_per_thread = 5>
func.func @bf16_320(%x: memref<?x320xbf16>, %w: memref<320xbf16>, %y: memref<?x320xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x320xbf16>) weight(%w : memref<320xbf16>) outs(%y : memref<?x320xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 64 vectors: 32 threads x 2, four rows per block; two vectors a thread:
// from 132 x 4 = 528 rows (one block a processor).
// CHECK-LABEL: func.func @bf16_512_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 528 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 2>
// REMARK: remark: kernel for many rows @bf16_512_many_rows: {{.*}} (w read late), preferred from 528 rows (1 block a processor)
func.func @bf16_512(%x: memref<?x512xbf16>, %w: memref<512xbf16>, %y: memref<?x512xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x512xbf16>) weight(%w : memref<512xbf16>) outs(%y : memref<?x512xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 12 vectors: 4 threads x 3, 32 rows per block; three vectors a thread but
// rows narrower than half a subgroup: from 132 x 32 = 4224 rows.
// CHECK-LABEL: func.func @bf16_96_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 4224 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 32, threads_per_row = 4, vector_width = 8, vectors_per_thread = 3>
func.func @bf16_96(%x: memref<?x96xbf16>, %w: memref<96xbf16>, %y: memref<?x96xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x96xbf16>) weight(%w : memref<96xbf16>) outs(%y : memref<?x96xbf16>) {epsilon = 1.0e-05 : f32}
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

// -----

// gfx942 (304 processors, subgroups of 64, 32 MiB shared cache): 128
// vectors over 64 threads x 2, four rows per block: from 304 x 4 = 1216
// rows; 192 vectors over 64 x 3: from ceil(2 x 32 MiB / 3072) = 21846.
module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
// CHECK-LABEL: func.func @gfx942_bf16_1024(
// CHECK-SAME: attributes {rownorm.variants = ["gfx942_bf16_1024_many_rows"]}
// CHECK-LABEL: func.func @gfx942_bf16_1024_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 1216 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 64, vector_width = 8, vectors_per_thread = 2>
// CHECK-LABEL: func.func @gfx942_bf16_1536_many_rows(
// CHECK-SAME: attributes {rownorm.from_rows = 21846 : i64}
// CHECK: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 64, vector_width = 8, vectors_per_thread = 3>
func.func @gfx942_bf16_1024(%x: memref<?x1024xbf16>, %w: memref<1024xbf16>, %y: memref<?x1024xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x1024xbf16>) weight(%w : memref<1024xbf16>) outs(%y : memref<?x1024xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @gfx942_bf16_1536(%x: memref<?x1536xbf16>, %w: memref<1536xbf16>, %y: memref<?x1536xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x1536xbf16>) weight(%w : memref<1536xbf16>) outs(%y : memref<?x1536xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
}

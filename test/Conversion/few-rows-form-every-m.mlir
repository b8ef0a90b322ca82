// Rows of whole vectors within one subgroup, over half of it or more, at
// five vectors a thread or more, or at four where the twin would re-read x
// (TargetInfo.h's keepsFewRowsForm), keep the form of a kernel for few rows
// at every row count: rownorm-tile-rows makes them no twin for many rows,
// and the lone kernel is still shaped for few rows (RowReread.h's
// rowsServed): rownorm-hoist-row-loads loads its vectors of w with x's,
// before the reduction's first shuffle, and rownorm-reuse-row-loads holds x
// instead of reading it again (a re-read would be marked rownorm.reload,
// then an evict_first load). At four vectors of f16 (held by the twin too)
// the first kernel has that form and its twin, from x over twice the shared
// cache, reads w after the reduction.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-gpu-pipeline | FileCheck %s
// With cache-hints=none (no second kernel anywhere) the same form:
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-gpu-pipeline="cache-hints=none" | FileCheck %s --check-prefix=NONE
// NONE-LABEL: gpu.func @bf16_1280(
// NONE-NOT: variants
// NONE: scf.if
// NONE-COUNT-5: vector.load %arg1[
// NONE: gpu.shuffle
// At four vectors too, where a twin would re-read x (bf16), though none is
// made here; f16 (a twin would hold x) and rows in place (x cannot be
// re-read) are kernels for all rows: w after the reduction.
// NONE-LABEL: gpu.func @bf16_960(
// NONE-NOT: variants
// NONE: scf.if
// NONE-COUNT-4: vector.load %arg1[
// NONE: gpu.shuffle
// NONE-LABEL: gpu.func @f16_960(
// NONE: scf.if
// NONE-NOT: vector.load %arg1[
// NONE: gpu.shuffle
// NONE: vector.load %arg1[
// NONE-LABEL: gpu.func @bf16_960_in_place(
// NONE: scf.if
// NONE-NOT: vector.load %arg1[
// NONE: gpu.shuffle
// NONE: vector.load %arg1[

// CHECK-LABEL: gpu.func @bf16_1280(
// CHECK-SAME: schedule = {rows_per_block = 4 : i64, threads_per_row = 32 : i64, vector_width = 8 : i64, vectors_per_thread = 5 : i64}
// CHECK-NOT: variants
// CHECK: scf.if
// CHECK-COUNT-5: vector.load %arg1[
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: gpu.shuffle
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: } else {
// CHECK-NOT: gpu.func @bf16_1280_many_rows
// CHECK-LABEL: gpu.func @bf16_960(
// CHECK-SAME: vectors_per_thread = 4
// CHECK-NOT: variants
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %arg1[
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: gpu.shuffle
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: } else {
// CHECK-NOT: gpu.func @bf16_960_many_rows
// CHECK-LABEL: gpu.func @f16_960(
// CHECK-SAME: variants = ["f16_960_many_rows"]
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %arg1[
// CHECK: gpu.shuffle
// CHECK: } else {
// CHECK-LABEL: gpu.func @f16_960_many_rows(
// CHECK-SAME: from_rows = 54614
// CHECK: scf.if
// CHECK-NOT: vector.load %arg1[
// CHECK: gpu.shuffle
// CHECK: vector.load %arg1[
// CHECK: } else {
// CHECK-LABEL: gpu.func @bf16_960_in_place(
// CHECK-SAME: variants = ["bf16_960_in_place_many_rows"]
// CHECK-LABEL: gpu.func @bf16_960_in_place_many_rows(
// CHECK-SAME: from_rows = 54614
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @bf16_1280(%x: memref<?x1280xbf16, strided<[?, 1]>>, %w: memref<1280xbf16>, %y: memref<?x1280xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1280xbf16, strided<[?, 1]>>) weight(%w : memref<1280xbf16>) outs(%y : memref<?x1280xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @bf16_960(%x: memref<?x960xbf16, strided<[?, 1]>>, %w: memref<960xbf16>, %y: memref<?x960xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x960xbf16, strided<[?, 1]>>) weight(%w : memref<960xbf16>) outs(%y : memref<?x960xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @f16_960(%x: memref<?x960xf16, strided<[?, 1]>>, %w: memref<960xf16>, %y: memref<?x960xf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x960xf16, strided<[?, 1]>>) weight(%w : memref<960xf16>) outs(%y : memref<?x960xf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @bf16_960_in_place(%x: memref<?x960xbf16, strided<[?, 1]>>, %w: memref<960xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x960xbf16, strided<[?, 1]>>) weight(%w : memref<960xbf16>) outs(%x : memref<?x960xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
}

// -----

// f32 rows of 896, seven vectors of 32 threads: one kernel, x held, six of
// w's seven vectors loaded with x's (the seventh starts a batch of its own:
// rownorm-hoist-row-loads' register budget).
// CHECK-LABEL: gpu.func @f32_896(
// CHECK-NOT: variants
// CHECK: scf.if
// CHECK-COUNT-6: vector.load %arg1[
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: gpu.shuffle
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: } else {
// CHECK-NOT: gpu.func @f32_896_many_rows
// f32 480, four vectors of 32 threads, whose twin would re-read x: one
// kernel, x held, w's four vectors with x's.
// CHECK-LABEL: gpu.func @f32_480(
// CHECK-SAME: vectors_per_thread = 4
// CHECK-NOT: variants
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %arg1[
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: gpu.shuffle
// CHECK-NOT: {{rownorm.reload|evict_first}}
// CHECK: } else {
// CHECK-NOT: gpu.func @f32_480_many_rows
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @f32_896(%x: memref<?x896xf32, strided<[?, 1]>>, %w: memref<896xf32>, %y: memref<?x896xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x896xf32, strided<[?, 1]>>) weight(%w : memref<896xf32>) outs(%y : memref<?x896xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @f32_480(%x: memref<?x480xf32, strided<[?, 1]>>, %w: memref<480xf32>, %y: memref<?x480xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x480xf32, strided<[?, 1]>>) weight(%w : memref<480xf32>) outs(%y : memref<?x480xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}
}

// -----

// Not for a fixed row count, nor for rows with tail elements (no twin was
// made for those before either): the form for all rows, x re-read and w
// loaded after the reduction, as before.
// CHECK-LABEL: gpu.func @static_1280(
// CHECK: scf.if
// CHECK-NOT: vector.load %arg1[
// CHECK: gpu.shuffle
// CHECK: evict_first
// CHECK: } else {
// CHECK-LABEL: gpu.func @bf16_1284(
// CHECK-SAME: vectors_per_thread = 5
// CHECK: scf.if
// CHECK-NOT: vector.load %arg1[
// CHECK: gpu.shuffle
// CHECK: evict_first
// CHECK: } else {
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @static_1280(%x: memref<4096x1280xbf16, strided<[?, 1]>>, %w: memref<1280xbf16>, %y: memref<4096x1280xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<4096x1280xbf16, strided<[?, 1]>>) weight(%w : memref<1280xbf16>) outs(%y : memref<4096x1280xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @bf16_1284(%x: memref<?x1284xbf16, strided<[?, 1]>>, %w: memref<1284xbf16>, %y: memref<?x1284xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1284xbf16, strided<[?, 1]>>) weight(%w : memref<1284xbf16>) outs(%y : memref<?x1284xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
}

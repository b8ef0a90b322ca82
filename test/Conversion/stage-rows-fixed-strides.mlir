// Rows whose strides the source fixes at N (contiguous rows, e.g.
// memref<?x127xbf16>) are never all aligned, so rownorm-version-rows has no
// aligned copy to make for them; with staging-template (set by the GPU
// pipelines with stage-rows) it still clones the row body, under a test
// that never holds (the base of x misaligned, which the launch contract
// rules out) and marked rownorm.staging_template, where rownorm-stage-rows
// could stage the rows (a target with bulk copies, rows within its limit).
// rownorm-stage-rows stages from that
// body and drops its branch, so the kernel holds the staged copy and the
// copy for rows of unknown alignment (the last, partial block).
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 \
// RUN:   --rownorm-tile-rows=staged-rows=true --rownorm-expand-ops \
// RUN:   --rownorm-version-rows=staging-template=true | FileCheck %s --check-prefix=TEMPLATE
// Without the option: no clone, as before.
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 \
// RUN:   --rownorm-tile-rows=staged-rows=true --rownorm-expand-ops \
// RUN:   --rownorm-version-rows | FileCheck %s --check-prefix=NOTEMPLATE
// The GPU pipeline (stage-rows on by default) stages it; with
// stage-rows=false nothing is staged and no template is kept.
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 \
// RUN:   --rownorm-to-gpu-pipeline 2>/dev/null | FileCheck %s
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 \
// RUN:   --rownorm-to-gpu-pipeline=stage-rows=false 2>/dev/null | FileCheck %s --check-prefix=OFF
// A target without bulk copies keeps no template either.
// RUN: rmsnorm-opt %s --rownorm-amdgpu-attach-target=chip=gfx942 \
// RUN:   --rownorm-tile-rows=staged-rows=true --rownorm-expand-ops \
// RUN:   --rownorm-version-rows=staging-template=true | FileCheck %s --check-prefix=NOTEMPLATE

// TEMPLATE-LABEL: func.func @bf16_127_identity
// TEMPLATE: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %arg0 : memref<?x127xbf16> -> index
// TEMPLATE: %[[PHASE:.*]] = arith.andi %[[BASE]], %c15
// TEMPLATE: %[[NEVER:.*]] = arith.cmpi ne, %[[PHASE]], %c0
// TEMPLATE: scf.if %[[NEVER]] {
// TEMPLATE: vector.load %arg0{{.*}} {alignment = 16 : i64}
// TEMPLATE: } else {
// TEMPLATE: } {rownorm.staging_template, rownorm.versioned_rows}
// NOTEMPLATE-NOT: rownorm.staging_template
// CHECK-LABEL: gpu.func @bf16_127_identity(
// CHECK-SAME: workgroup(
// CHECK-SAME: static_shared_bytes = 8168
// CHECK-NOT: rownorm.staging_template
// CHECK-NOT: rownorm.versioned_rows
// CHECK: gpu.return
// OFF-LABEL: gpu.func @bf16_127_identity(
// OFF-NOT: workgroup(
// OFF-SAME: static_shared_bytes = 0
// OFF-NOT: rownorm.staging_template
// OFF: gpu.return
func.func @bf16_127_identity(%x: memref<?x127xbf16>, %w: memref<127xbf16>, %y: memref<?x127xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16>) epsilon(%eps)
  return
}

// x's row stride fixed at N, y's given at launch: the same template; the
// staged copy's test compares y's stride with N at run time. The test of
// y's alignment made before x's fixed stride was seen is moot, removed: the
// template's test comes first.
// TEMPLATE-LABEL: func.func @bf16_127_x_identity
// TEMPLATE-NEXT: memref.extract_aligned_pointer_as_index %arg0
// TEMPLATE: } {rownorm.staging_template, rownorm.versioned_rows}
// CHECK-LABEL: gpu.func @bf16_127_x_identity(
// CHECK-SAME: workgroup(
// CHECK-SAME: static_shared_bytes = 8168
// CHECK-NOT: rownorm.staging_template
// CHECK-NOT: rownorm.versioned_rows
// CHECK: gpu.return
func.func @bf16_127_x_identity(%x: memref<?x127xbf16>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// A template rownorm-stage-rows cannot stage from (y's stride fixed at
// 136: a block's rows of y are never one run) is dropped all the same.
// TEMPLATE-LABEL: func.func @bf16_127_y_stride_136
// TEMPLATE: } {rownorm.staging_template, rownorm.versioned_rows}
// CHECK-LABEL: gpu.func @bf16_127_y_stride_136(
// CHECK-NOT: workgroup(
// CHECK-SAME: static_shared_bytes = 0
// CHECK-NOT: rownorm.staging_template
// CHECK-NOT: rownorm.versioned_rows
// CHECK: gpu.return
func.func @bf16_127_y_stride_136(%x: memref<?x127xbf16>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[136, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[136, 1]>>) epsilon(%eps)
  return
}

// No template where staging cannot apply: a fixed stride other than N
// (129), rows past the staged limit (4099).
// TEMPLATE-LABEL: func.func @bf16_127_stride_129
// TEMPLATE-NOT: rownorm.staging_template
// TEMPLATE: {{^ *}}return{{$}}
// CHECK-LABEL: gpu.func @bf16_127_stride_129(
// CHECK-NOT: workgroup(
// CHECK-SAME: static_shared_bytes = 0
func.func @bf16_127_stride_129(%x: memref<?x127xbf16, strided<[129, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[129, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[129, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[129, 1]>>) epsilon(%eps)
  return
}

// M fixed by the source too (a type with no dynamic size): the same
// template (a test of M < 0 would fold away there), staged.
// TEMPLATE-LABEL: func.func @bf16_127_static_rows
// TEMPLATE: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %arg0 : memref<1000x127xbf16> -> index
// TEMPLATE: } {rownorm.staging_template, rownorm.versioned_rows}
// CHECK-LABEL: gpu.func @bf16_127_static_rows(
// CHECK-SAME: workgroup(
// CHECK-SAME: static_shared_bytes = 8168
// CHECK-NOT: rownorm.staging_template
// CHECK-NOT: rownorm.versioned_rows
// CHECK: gpu.return
func.func @bf16_127_static_rows(%x: memref<1000x127xbf16>, %w: memref<127xbf16>, %y: memref<1000x127xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<1000x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<1000x127xbf16>) epsilon(%eps)
  return
}

// One row, fixed (a grid of one block, never staged): the template is
// made and dropped.
// TEMPLATE-LABEL: func.func @bf16_127_one_row
// TEMPLATE: } {rownorm.staging_template, rownorm.versioned_rows}
// CHECK-LABEL: gpu.func @bf16_127_one_row(
// CHECK-NOT: workgroup(
// CHECK-SAME: static_shared_bytes = 0
// CHECK-NOT: rownorm.staging_template
// CHECK-NOT: rownorm.versioned_rows
// CHECK: gpu.return
func.func @bf16_127_one_row(%x: memref<1x127xbf16>, %w: memref<127xbf16>, %y: memref<1x127xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<1x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<1x127xbf16>) epsilon(%eps)
  return
}

// TEMPLATE-LABEL: func.func @bf16_4099_identity
// TEMPLATE-NOT: rownorm.staging_template
// TEMPLATE: {{^ *}}return{{$}}
func.func @bf16_4099_identity(%x: memref<?x4099xbf16>, %w: memref<4099xbf16>, %y: memref<?x4099xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x4099xbf16>) weight(%w : memref<4099xbf16>) outs(%y : memref<?x4099xbf16>) epsilon(%eps)
  return
}

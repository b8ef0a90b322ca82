// rownorm-stage-rows on the kernels convert-rownorm-to-gpu makes: where rows
// are short (<= 512 bytes) and not whole 16-byte units, on a target with bulk
// copies (sm_90), the unaligned copy's branch gets a third version under a
// uniform test (both row strides N, the block's rows all present): one
// thread copies the block's run into a workgroup buffer (created with its
// completion word; the contract's static shared bytes count both), every
// thread waits, the aligned copy runs with x's and y's accesses on the
// buffer at (row in block) * N + column (loads at their own column even where masked: the buffer is padded to the last vector slot), and the run goes out after a fence
// and a block barrier. Not staged: rows of whole units (128), long rows
// (1025 bf16: 2050 bytes), a target without bulk copies (gfx942).
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 --rownorm-optimize-pipeline \
// RUN:   --convert-rownorm-to-gpu --rownorm-stage-rows | FileCheck %s
// Without the pass nothing is staged:
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 --rownorm-optimize-pipeline \
// RUN:   --convert-rownorm-to-gpu | not FileCheck %s
// RUN: rmsnorm-opt %s --rownorm-amdgpu-attach-target=chip=gfx942 --rownorm-optimize-pipeline \
// RUN:   --convert-rownorm-to-gpu --rownorm-stage-rows | FileCheck %s --check-prefix=NONE
// NONE-NOT: workgroup(
// NONE-NOT: llvm.inline_asm

// CHECK-LABEL: gpu.func @bf16_127(
// CHECK-SAME: %[[X:arg0]]: memref<1xbf16>, %{{.*}}: memref<127xbf16>, %[[Y:arg2]]: memref<1xbf16>, %{{.*}}: f32, %[[ROWS:arg4]]: i64, %[[XS:arg5]]: i64, %[[YS:arg6]]: i64)
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<2048xbf16, #gpu.address_space<workgroup>>, %[[BAR:.*]] : memref<1xi64, #gpu.address_space<workgroup>>)
// CHECK-SAME: static_shared_bytes = 4104
// CHECK: %[[XN:.*]] = arith.cmpi eq, %[[XS]], %c127_i64
// CHECK: %[[YN:.*]] = arith.cmpi eq, %[[YS]], %c127_i64
// CHECK: %[[BOTH:.*]] = arith.andi %[[XN]], %[[YN]]
// CHECK: %[[FULL:.*]] = arith.cmpi sle, %{{.*}}, %[[ROWS]] : i64
// CHECK: %[[TEST:.*]] = arith.andi %[[BOTH]], %[[FULL]]
// The aligned copy first, untouched:
// CHECK: scf.if
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?x127xbf16
// CHECK: scf.if %[[TEST]] {
// CHECK: scf.if
// CHECK: memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: llvm.inline_asm has_side_effects {{.*}}cp.async.bulk.shared::cluster.global
// CHECK: gpu.barrier
// CHECK: llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: vector.load %[[BUF]][%{{.*}}] : memref<2048xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: rsqrt
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: vector.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<2048xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK-NOT: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: llvm.inline_asm has_side_effects "fence.proxy.async.shared::cta;"
// CHECK-NEXT: gpu.barrier
// CHECK: memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK: llvm.inline_asm has_side_effects {{.*}}cp.async.bulk.global.shared::cta
// CHECK: } else {
// The unaligned copy (rownorm-align-rows), as before:
// CHECK: {{vector\.(masked)?(load|store) .*memref<\?x127xbf16}}
// CHECK: gpu.return
func.func @bf16_127(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// In place: one buffer, one stride.
// CHECK-LABEL: gpu.func @f32_127_in_place(
// CHECK-SAME: workgroup(%{{.*}} : memref<1024xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<1xi64, #gpu.address_space<workgroup>>)
// CHECK: cp.async.bulk.shared::cluster.global
// CHECK: cp.async.bulk.global.shared::cta
// CHECK: gpu.return
func.func @f32_127_in_place(%xy: memref<?x127xf32, strided<[?, 1]>>, %w: memref<127xf32>, %eps: f32) {
  rownorm.rms_norm ins(%xy : memref<?x127xf32, strided<[?, 1]>>) weight(%w : memref<127xf32>) outs(%xy : memref<?x127xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}

// CHECK-LABEL: gpu.func @bf16_128(
// CHECK-NOT: workgroup(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_128(%x: memref<?x128xbf16, strided<[?, 1]>>, %w: memref<128xbf16>, %y: memref<?x128xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x128xbf16, strided<[?, 1]>>) weight(%w : memref<128xbf16>) outs(%y : memref<?x128xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// CHECK-LABEL: gpu.func @bf16_1025(
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
func.func @bf16_1025(%x: memref<?x1025xbf16, strided<[?, 1]>>, %w: memref<1025xbf16>, %y: memref<?x1025xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1025xbf16, strided<[?, 1]>>) weight(%w : memref<1025xbf16>) outs(%y : memref<?x1025xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// On gfx942 the generic conversion asks TargetInfo for wave64 shuffles and the
// AMDGPU rsq intrinsic.
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline --convert-rownorm-to-gpu --rownorm-lower-rsqrt | FileCheck %s

module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
// CHECK: gpu.module @rownorm_kernels [#rocdl.target<chip = "gfx942">]
// CHECK-LABEL: gpu.func @wave64
// The grid's limit is on work-items along x: (2^32 - 1) / 64 blocks 64
// threads wide, however many rows (4) a block holds.
// CHECK-SAME: max_blocks = 67108863 : i64
// A row of 64 threads is one wavefront: six shuffle steps, no barrier.
// CHECK-COUNT-6: gpu.shuffle  xor %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NOT: gpu.barrier
// CHECK: llvm.call_intrinsic "llvm.amdgcn.rsq"
func.func @wave64(%x: memref<?x2048xbf16>, %w: memref<2048xbf16>, %y: memref<?x2048xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x2048xbf16>) weight(%w : memref<2048xbf16>) outs(%y : memref<?x2048xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 64, vector_width = 8, vectors_per_thread = 4>}
  return
}
}

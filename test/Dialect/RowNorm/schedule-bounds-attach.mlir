// A scheduled static M that a grid of the target cannot hold is accepted
// while the module records no target, and refused as soon as a target is
// attached: the verifier runs after the attach pass, so no later pass sees
// it.
// RUN: not rmsnorm-opt %s --rownorm-nvptx-attach-target=chip=sm_90 2>&1 | FileCheck %s
// RUN: rmsnorm-opt %s | FileCheck %s --check-prefix=NOTARGET

// CHECK: error: 'rownorm.rms_norm' op expects a static M that a grid can hold: 34359738353 rows need 2147483648 blocks of 16 rows, more than the 2147483647 blocks 8 threads wide that sm_90 launches (a schedule with rows_per_block = 17 would
// NOTARGET: rownorm.rms_norm
func.func @too_many_rows(%x: memref<34359738353x64xf32>, %w: memref<64xf32>, %y: memref<34359738353x64xf32>) {
  rownorm.rms_norm ins(%x : memref<34359738353x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<34359738353x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}

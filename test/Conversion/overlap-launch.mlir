// rownorm-overlap-launch: on a target whose kernels can overlap their launch
// with the previous kernel's end (sm_90), each kernel with a launch contract
// begins, before any access to memory, with the wait for the kernels before
// it (griddepcontrol.wait, a compiler barrier), then the signal that lets the
// next one launch; its contract records launch_overlap, which tells a loader
// to launch it so. A kernel already recorded so is left alone (no second
// wait); a target without it (gfx942) and a module without a target change
// nothing.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-overlap-launch | FileCheck %s
// Without the pass no kernel waits and no contract claims the overlap (a
// loader would then launch plainly):
// RUN: rmsnorm-opt %s --split-input-file | not FileCheck %s
// RUN: rmsnorm-opt %S/Inputs/cache-hints-no-target.mlir --rownorm-overlap-launch | FileCheck %s --check-prefix=NONE
// NONE-NOT: griddepcontrol
// NONE-NOT: launch_overlap

module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @plain
    // CHECK-SAME: launch_overlap
    // CHECK-NEXT: llvm.inline_asm has_side_effects "griddepcontrol.wait;", "~{memory}"  : () -> ()
    // CHECK-NEXT: llvm.inline_asm has_side_effects "griddepcontrol.launch_dependents;", "~{memory}"  : () -> ()
    // CHECK-NEXT: gpu.block_id
    gpu.func @plain(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %r = gpu.block_id x
      %v = vector.load %arg0[%r] {alignment = 16 : i64} : memref<1xf32>, vector<1xf32>
      vector.store %v, %arg2[%r] : memref<1xf32>, vector<1xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @already
    // CHECK-NEXT: llvm.inline_asm has_side_effects "griddepcontrol.wait;"
    // CHECK-NEXT: gpu.block_id
    gpu.func @already(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}, launch_overlap}} {
      llvm.inline_asm has_side_effects "griddepcontrol.wait;", "~{memory}" : () -> ()
      %r = gpu.block_id x
      %v = vector.load %arg0[%r] {alignment = 16 : i64} : memref<1xf32>, vector<1xf32>
      vector.store %v, %arg2[%r] : memref<1xf32>, vector<1xf32>
      gpu.return
    }
    // A function without a launch contract is not a kernel of ours.
    // CHECK-LABEL: gpu.func @other
    // CHECK-NEXT: gpu.return
    gpu.func @other() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, rownorm.target = #rocdl.target<chip = "gfx942">} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @amdgpu
    // CHECK-NOT: launch_overlap
    // CHECK-NEXT: gpu.block_id
    gpu.func @amdgpu(%arg0: memref<1xf32>, %arg1: memref<64xf32>, %arg2: memref<1xf32>, %arg3: i64) kernel attributes {known_block_size = array<i32: 8, 16, 1>, rownorm.launch = {max_blocks = 2147483647 : i64, base_pointer_alignment = 16 : i64, block = array<i64: 8, 16, 1>, dtype = f32, dynamic_shared_bytes = 0 : i64, epsilon = 9.99999974E-6 : f32, n = 64 : i64, op = "rms_norm", params = [{access = "read", kind = "pointer", name = "x", type = f32}, {access = "read", kind = "pointer", name = "w", type = f32}, {access = "write", kind = "pointer", name = "y", type = f32}, {kind = "scalar", name = "rows", type = i64}], roles = ["x", "w", "y"], row_alignment = 16 : i64, rows_per_block = 16 : i64, schedule = {rows_per_block = 16 : i64, threads_per_row = 8 : i64, vector_width = 4 : i64, vectors_per_thread = 2 : i64}, static_shared_bytes = 0 : i64, weight_dtype = f32, static_row_strides = {x = 64 : i64, y = 64 : i64}}} {
      %r = gpu.block_id x
      %v = vector.load %arg0[%r] {alignment = 16 : i64} : memref<1xf32>, vector<1xf32>
      vector.store %v, %arg2[%r] : memref<1xf32>, vector<1xf32>
      gpu.return
    }
  }
}

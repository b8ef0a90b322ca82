// A schedule written in the input, or chosen through options, is checked
// against the target's limits like one the cost model picks (regressions:
// hand-written schedules bypassed every target limit; a huge rows-per-block
// option overflowed the block-size check).
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows --verify-diagnostics
// RUN: not rmsnorm-opt %S/Inputs/plain-f32-64.mlir --rownorm-nvptx-attach-target --rownorm-tile-rows=rows-per-block=9223372036854775807 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: option 'rows-per-block' must be at most 1024, got 9223372036854775807
// RUN: not rmsnorm-opt %S/Inputs/plain-f32-64.mlir --rownorm-nvptx-attach-target --rownorm-tile-rows="vector-width=128" 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: error: option 'vector-width' must be at most 64, got 128

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @too_wide(%x: memref<?x64xf16>, %w: memref<64xf16>, %y: memref<?x64xf16>) {
    // expected-error @+1 {{schedule vector_width 16 of 'f16' is 32 bytes, wider than sm_90's 16-byte accesses}}
    rownorm.rms_norm ins(%x : memref<?x64xf16>) weight(%w : memref<64xf16>) outs(%y : memref<?x64xf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 4, vector_width = 16, vectors_per_thread = 1>}
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @too_many_vectors(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
    // expected-error @+1 {{schedule vectors_per_thread 64 exceeds the 16 vectors a thread keeps in registers}}
    rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1, vector_width = 1, vectors_per_thread = 64>}
    return
  }
}

// -----

// A schedule within the target's limits is kept as written.
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @fine(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
    rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 8, threads_per_row = 16, vector_width = 4, vectors_per_thread = 1>}
    return
  }
}

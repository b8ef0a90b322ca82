// Pass options override the cost model one choice at a time; an op that has a
// schedule keeps it.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="rows-per-block=4 threads-per-row=32 vector-width=4" | FileCheck %s --check-prefix=ALL
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="threads-per-row=64" | FileCheck %s --check-prefix=THREADS
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="rows-per-block=2" | FileCheck %s --check-prefix=ROWS

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // ALL-LABEL: func.func @overridden
  // ALL: schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 4, vectors_per_thread = 32>
  // THREADS-LABEL: func.func @overridden
  // THREADS: schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 64, vector_width = 8, vectors_per_thread = 8>
  // ROWS-LABEL: func.func @overridden
  // ROWS: schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 256, vector_width = 8, vectors_per_thread = 2>
  func.func @overridden(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
    rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
    return
  }
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  // ALL-LABEL: func.func @kept
  // ALL: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 1>
  // THREADS-LABEL: func.func @kept
  // THREADS: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 1>
  // ROWS-LABEL: func.func @kept
  // ROWS: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 1>
  func.func @kept(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
    rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 1>}
    return
  }
}

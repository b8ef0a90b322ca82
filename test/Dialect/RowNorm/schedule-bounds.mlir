// Schedule values no target can run are refused by the verifier, with
// overflow-safe arithmetic: a threads_per_row of 2^62 made the product
// threads_per_row * vector_width wrap and the verifier divide by zero
// (SIGFPE while parsing). A static M of 0 is refused too (regression: it was
// accepted and compiled to nothing).
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics | FileCheck %s

func.func @wrapping_threads(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  // expected-error @+1 {{expects threads_per_row to be at most 1024 (no target runs more), got 4611686018427387904}}
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 4611686018427387904, vector_width = 4, vectors_per_thread = 1>}
  return
}

// -----

func.func @block_over_1024(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  // expected-error @+1 {{expects rows_per_block * threads_per_row to be at most 1024 (no target runs more), got 4096}}
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 64, threads_per_row = 64, vector_width = 1, vectors_per_thread = 1>}
  return
}

// -----

func.func @huge_rows_per_block(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  // expected-error @+1 {{expects rows_per_block to be at most 1024 (no target runs more), got 9223372036854775807}}
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 9223372036854775807, threads_per_row = 1, vector_width = 4, vectors_per_thread = 16>}
  return
}

// -----

func.func @wide_vectors(%x: memref<?x256xf32>, %w: memref<256xf32>, %y: memref<?x256xf32>) {
  // expected-error @+1 {{expects vector_width to be at most 64 (no target runs more), got 256}}
  rownorm.rms_norm ins(%x : memref<?x256xf32>) weight(%w : memref<256xf32>) outs(%y : memref<?x256xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1, vector_width = 256, vectors_per_thread = 1>}
  return
}

// -----

func.func @many_vectors(%x: memref<?x131072xf32>, %w: memref<131072xf32>, %y: memref<?x131072xf32>) {
  // expected-error @+1 {{expects vectors_per_thread to be at most 65536 (no target runs more), got 131072}}
  rownorm.rms_norm ins(%x : memref<?x131072xf32>) weight(%w : memref<131072xf32>) outs(%y : memref<?x131072xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1, vector_width = 1, vectors_per_thread = 131072>}
  return
}

// -----

func.func @no_rows(%x: memref<0x64xf32>, %w: memref<64xf32>, %y: memref<0x64xf32>) {
  // expected-error @+1 {{expects at least one row (a static M of 0 has nothing to normalize)}}
  rownorm.rms_norm ins(%x : memref<0x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<0x64xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// A static M that needs more blocks than a grid holds (2^31 - 1), once
// scheduled: refused here, not at a launch that could never run (regression:
// M = 2^63 - 1 was emitted, and its manifest unreadable)
func.func @grid_overflow(%x: memref<34359738353x64xf32>, %w: memref<64xf32>, %y: memref<34359738353x64xf32>) {
  // expected-error @+1 {{expects a static M that a grid can hold: 34359738353 rows need 2147483648 blocks of 16 rows, more than 2^31 - 1}}
  rownorm.rms_norm ins(%x : memref<34359738353x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<34359738353x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}

// -----

// The most a grid holds: 2^31 - 1 blocks of 16 rows
// CHECK-LABEL: func.func @grid_full
func.func @grid_full(%x: memref<34359738352x64xf32>, %w: memref<64xf32>, %y: memref<34359738352x64xf32>) {
  rownorm.rms_norm ins(%x : memref<34359738352x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<34359738352x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}

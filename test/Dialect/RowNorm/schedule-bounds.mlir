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

// A static M that needs more blocks than one grid of the module's target
// holds, once scheduled: refused here, not at a launch that could never run
// (regression: M = 2^63 - 1 was emitted, and its manifest unreadable). sm_90
// launches 2^31 - 1 blocks of any size: 2^31 blocks of 16 rows are too many;
// the error names the fewest rows per block that fit (17).
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @grid_overflow(%x: memref<34359738353x64xf32>, %w: memref<64xf32>, %y: memref<34359738353x64xf32>) {
  // expected-error @+1 {{expects a static M that a grid can hold: 34359738353 rows need 2147483648 blocks of 16 rows, more than the 2147483647 blocks 8 threads wide that sm_90 launches (a schedule with rows_per_block = 17 would; a pipeline's rows-per-block option sets it where the pipeline chooses the schedule)}}
  rownorm.rms_norm ins(%x : memref<34359738353x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<34359738353x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}
}

// -----

// The most an sm_90 grid holds: 2^31 - 1 blocks of 16 rows.
// CHECK-LABEL: func.func @grid_full
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @grid_full(%x: memref<34359738352x64xf32>, %w: memref<64xf32>, %y: memref<34359738352x64xf32>) {
  rownorm.rms_norm ins(%x : memref<34359738352x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<34359738352x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}
}

// -----

// Two rows of 1024 threads make no block: no hint.
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @grid_overflow_largest_block(%x: memref<2147483648x8192xf32>, %w: memref<8192xf32>, %y: memref<2147483648x8192xf32>) {
  // expected-error-re @+1 {{expects a static M that a grid can hold: 2147483648 rows need 2147483648 blocks of one row, more than the 2147483647 blocks 1024 threads wide that sm_90 launches{{$}}}}
  rownorm.rms_norm ins(%x : memref<2147483648x8192xf32>) weight(%w : memref<8192xf32>) outs(%y : memref<2147483648x8192xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 4, vectors_per_thread = 2>}
  return
}
}

// -----

// Two rows of 512 threads are the largest block there is, and fit.
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @grid_overflow_block_of_1024(%x: memref<2147483648x4096xf32>, %w: memref<4096xf32>, %y: memref<2147483648x4096xf32>) {
  // expected-error @+1 {{expects a static M that a grid can hold: 2147483648 rows need 2147483648 blocks of one row, more than the 2147483647 blocks 512 threads wide that sm_90 launches (a schedule with rows_per_block = 2 would; a pipeline's rows-per-block option sets it where the pipeline chooses the schedule)}}
  rownorm.rms_norm ins(%x : memref<2147483648x4096xf32>) weight(%w : memref<4096xf32>) outs(%y : memref<2147483648x4096xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 2>}
  return
}
}

// -----

// gfx942 launches at most 2^32 - 1 work-items along x: (2^32 - 1) / 8 =
// 536870911 blocks 8 threads wide (16 rows each) hold 8589934576 rows; one
// more is refused, and taller blocks hold more.
// CHECK-LABEL: func.func @amd_grid_full
module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
func.func @amd_grid_full(%x: memref<8589934576x64xf32>, %w: memref<64xf32>, %y: memref<8589934576x64xf32>) {
  rownorm.rms_norm ins(%x : memref<8589934576x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<8589934576x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}
}

// -----

module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
func.func @amd_grid_overflow(%x: memref<8589934577x64xf32>, %w: memref<64xf32>, %y: memref<8589934577x64xf32>) {
  // expected-error @+1 {{expects a static M that a grid can hold: 8589934577 rows need 536870912 blocks of 16 rows, more than the 536870911 blocks 8 threads wide that gfx942 launches (a schedule with rows_per_block = 17 would; a pipeline's rows-per-block option sets it where the pipeline chooses the schedule)}}
  rownorm.rms_norm ins(%x : memref<8589934577x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<8589934577x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}
}

// -----

// One thread wide: HIP's 2^31 - 1 blocks bind, not the work-items.
module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
func.func @amd_one_thread_rows(%x: memref<2147483648x4xf32>, %w: memref<4xf32>, %y: memref<2147483648x4xf32>) {
  // expected-error @+1 {{expects a static M that a grid can hold: 2147483648 rows need 2147483648 blocks of one row, more than the 2147483647 blocks one thread wide that gfx942 launches (a schedule with rows_per_block = 2 would; a pipeline's rows-per-block option sets it where the pipeline chooses the schedule)}}
  rownorm.rms_norm ins(%x : memref<2147483648x4xf32>) weight(%w : memref<4xf32>) outs(%y : memref<2147483648x4xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1, vector_width = 4, vectors_per_thread = 1>}
  return
}
}

// -----

// Without a target there is no limit to check yet (nothing is compiled
// without one; the verifier asks again once a target is attached, see
// schedule-bounds-attach.mlir).
// CHECK-LABEL: func.func @no_target_yet
func.func @no_target_yet(%x: memref<34359738353x64xf32>, %w: memref<64xf32>, %y: memref<34359738353x64xf32>) {
  rownorm.rms_norm ins(%x : memref<34359738353x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<34359738353x64xf32>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 4, vectors_per_thread = 2>}
  return
}

// The gfx942 description (wave64) drives rownorm-tile-rows: blocks are sized
// in subgroups of 64, so short rows pack twice as many rows per block as on
// sm_90.
// RUN: rmsnorm-opt %s --rownorm-tile-rows --verify-diagnostics | FileCheck %s

module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {

// wave64: two rows of 128 threads fill 4 waves of 64 (one row on sm_90).
// CHECK-LABEL: func.func @bf16_2048
// CHECK: schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 128, vector_width = 8, vectors_per_thread = 2>
func.func @bf16_2048(%x: memref<?x2048xbf16>, %w: memref<2048xbf16>, %y: memref<?x2048xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 2, threads_per_row = 128, vector_width = 8, vectors_per_thread = 2> for N = 2048 'bf16' on gfx942: widest access (16 bytes); 256 vectors per row over 128 threads keeps 2 in registers per thread; 2 row(s) per block fill 256 threads (4 subgroups of 64 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x2048xbf16>) weight(%w : memref<2048xbf16>) outs(%y : memref<?x2048xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Short rows: 32 rows of 8 threads per block (16 on sm_90).
// CHECK-LABEL: func.func @bf16_128
// CHECK: schedule = #rownorm.schedule<rows_per_block = 32, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>
func.func @bf16_128(%x: memref<?x128xbf16>, %w: memref<128xbf16>, %y: memref<?x128xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 32, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2> for N = 128 'bf16' on gfx942: widest access (16 bytes); 16 vectors per row over 8 threads keeps 2 in registers per thread; 32 row(s) per block fill 256 threads (4 subgroups of 64 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x128xbf16>) weight(%w : memref<128xbf16>) outs(%y : memref<?x128xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// The longest rows: 1024 threads of 8 vectors, as on sm_90 (2048 threads per
// compute unit here too, and the same limit of 64 row values per thread).
// CHECK-LABEL: func.func @bf16_65536
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 8, vectors_per_thread = 8>
func.func @bf16_65536(%x: memref<?x65536xbf16>, %w: memref<65536xbf16>, %y: memref<?x65536xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 8, vectors_per_thread = 8> for N = 65536 'bf16' on gfx942: widest access (16 bytes); 8192 vectors per row over 1024 threads keeps 8 in registers per thread; one row per block of 1024 threads}}
  rownorm.rms_norm ins(%x : memref<?x65536xbf16>) weight(%w : memref<65536xbf16>) outs(%y : memref<?x65536xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// An odd short row.
// CHECK-LABEL: func.func @f16_13
// CHECK: schedule = #rownorm.schedule<rows_per_block = 256, threads_per_row = 1, vector_width = 8, vectors_per_thread = 2>
func.func @f16_13(%x: memref<?x13xf16>, %w: memref<13xf16>, %y: memref<?x13xf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 256, threads_per_row = 1, vector_width = 8, vectors_per_thread = 2> for N = 13 'f16' on gfx942: widest access (16 bytes); 2 vectors per row over 1 threads keeps 2 in registers per thread; 256 row(s) per block fill 256 threads (4 subgroups of 64 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x13xf16>) weight(%w : memref<13xf16>) outs(%y : memref<?x13xf16>) {epsilon = 1.0e-05 : f32}
  return
}

// A ragged f32 row.
// CHECK-LABEL: func.func @f32_100
// CHECK: schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 16, vector_width = 4, vectors_per_thread = 2>
func.func @f32_100(%x: memref<?x100xf32>, %w: memref<100xf32>, %y: memref<?x100xf32>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 16, threads_per_row = 16, vector_width = 4, vectors_per_thread = 2> for N = 100 'f32' on gfx942: widest access (16 bytes); 25 vectors per row over 16 threads keeps 2 in registers per thread; 16 row(s) per block fill 256 threads (4 subgroups of 64 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x100xf32>) weight(%w : memref<100xf32>) outs(%y : memref<?x100xf32>) {epsilon = 1.0e-05 : f32}
  return
}

}

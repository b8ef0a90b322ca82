// rownorm-tile-rows on sm_90 (subgroup 32, 1024 threads per block, 2048 per
// processor, 16-byte accesses): the schedule chosen for each N and element
// type, and the remark that explains it.
// RUN: rmsnorm-opt %s --rownorm-tile-rows --verify-diagnostics | FileCheck %s

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {

// A Llama-class row: 16-byte vectors, 2 per thread (a shorter chain of loads
// before the reduction than 4), one row per block.
// CHECK-LABEL: func.func @bf16_4096
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 2>
func.func @bf16_4096(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 2> for N = 4096 'bf16' on sm_90: widest access (16 bytes); 512 vectors per row over 256 threads keeps 2 in registers per thread; one row per block of 256 threads}}
  rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Short rows share a block: 8 threads per row, 16 rows fill 4 warps.
// CHECK-LABEL: func.func @bf16_128
// CHECK: schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>
func.func @bf16_128(%x: memref<?x128xbf16>, %w: memref<128xbf16>, %y: memref<?x128xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2> for N = 128 'bf16' on sm_90: widest access (16 bytes); 16 vectors per row over 8 threads keeps 2 in registers per thread; 16 row(s) per block fill 128 threads (4 subgroups of 32 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x128xbf16>) weight(%w : memref<128xbf16>) outs(%y : memref<?x128xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Longer rows take more threads, still 2 vectors each, up to a quarter of a
// processor's threads (512 of 2048).
// CHECK-LABEL: func.func @bf16_8192
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 2>
func.func @bf16_8192(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 2> for N = 8192 'bf16' on sm_90: widest access (16 bytes); 1024 vectors per row over 512 threads keeps 2 in registers per thread; one row per block of 512 threads}}
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Beyond 512 threads x 2, threads hold more vectors rather than the block
// growing to half a processor: 512 threads x 16 vectors.
// CHECK-LABEL: func.func @f32_32768
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 16>
func.func @f32_32768(%x: memref<?x32768xf32>, %w: memref<32768xf32>, %y: memref<?x32768xf32>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 16> for N = 32768 'f32' on sm_90: widest access (16 bytes); 8192 vectors per row over 512 threads keeps 16 in registers per thread; one row per block of 512 threads}}
  rownorm.rms_norm ins(%x : memref<?x32768xf32>) weight(%w : memref<32768xf32>) outs(%y : memref<?x32768xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// The longest bf16 rows: 512 threads would hold 16 vectors of 8 values (128
// registers, which spill); 1024 threads hold 8 each.
// CHECK-LABEL: func.func @bf16_65536
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 8, vectors_per_thread = 8>
func.func @bf16_65536(%x: memref<?x65536xbf16>, %w: memref<65536xbf16>, %y: memref<?x65536xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 8, vectors_per_thread = 8> for N = 65536 'bf16' on sm_90: widest access (16 bytes); 8192 vectors per row over 1024 threads keeps 8 in registers per thread; one row per block of 1024 threads}}
  rownorm.rms_norm ins(%x : memref<?x65536xbf16>) weight(%w : memref<65536xbf16>) outs(%y : memref<?x65536xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Longer than 512 x 16 vectors: the threads grow until 16 vectors each fit.
// CHECK-LABEL: func.func @f32_65536
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 4, vectors_per_thread = 16>
func.func @f32_65536(%x: memref<?x65536xf32>, %w: memref<65536xf32>, %y: memref<?x65536xf32>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 1024, vector_width = 4, vectors_per_thread = 16> for N = 65536 'f32' on sm_90: widest access (16 bytes); 16384 vectors per row over 1024 threads keeps 16 in registers per thread; one row per block of 1024 threads}}
  rownorm.rms_norm ins(%x : memref<?x65536xf32>) weight(%w : memref<65536xf32>) outs(%y : memref<?x65536xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// A single column: scalar accesses, 128 rows per block.
// CHECK-LABEL: func.func @f16_1
// CHECK: schedule = #rownorm.schedule<rows_per_block = 128, threads_per_row = 1, vector_width = 1, vectors_per_thread = 1>
func.func @f16_1(%x: memref<?x1xf16>, %w: memref<1xf16>, %y: memref<?x1xf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 128, threads_per_row = 1, vector_width = 1, vectors_per_thread = 1> for N = 1 'f16' on sm_90: row shorter than the widest access (2 bytes); 1 vectors per row over 1 threads keeps 1 in registers per thread; 128 row(s) per block fill 128 threads (4 subgroups of 32 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x1xf16>) weight(%w : memref<1xf16>) outs(%y : memref<?x1xf16>) {epsilon = 1.0e-05 : f32}
  return
}

// An odd row shorter than two vectors: the tail is masked later.
// CHECK-LABEL: func.func @f16_13
// CHECK: schedule = #rownorm.schedule<rows_per_block = 128, threads_per_row = 1, vector_width = 8, vectors_per_thread = 2>
func.func @f16_13(%x: memref<?x13xf16>, %w: memref<13xf16>, %y: memref<?x13xf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 128, threads_per_row = 1, vector_width = 8, vectors_per_thread = 2> for N = 13 'f16' on sm_90: widest access (16 bytes); 2 vectors per row over 1 threads keeps 2 in registers per thread; 128 row(s) per block fill 128 threads (4 subgroups of 32 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x13xf16>) weight(%w : memref<13xf16>) outs(%y : memref<?x13xf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 640 vectors do not split evenly over 512 threads (1.25 each); 128 threads
// hold 5 whole vectors each, so no thread owns a vector past the row.
// CHECK-LABEL: func.func @f16_5120
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 5>
func.func @f16_5120(%x: memref<?x5120xf16>, %w: memref<5120xf16>, %y: memref<?x5120xf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 5> for N = 5120 'f16' on sm_90: widest access (16 bytes); 640 vectors per row over 512 threads keeps 2 in registers per thread, but 128 threads hold 5 whole vectors each; one row per block of 128 threads}}
  rownorm.rms_norm ins(%x : memref<?x5120xf16>) weight(%w : memref<5120xf16>) outs(%y : memref<?x5120xf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 896 vectors: 512 and 256 threads leave a partial round, 128 threads hold 7
// whole vectors each.
// CHECK-LABEL: func.func @bf16_7168
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 7>
func.func @bf16_7168(%x: memref<?x7168xbf16>, %w: memref<7168xbf16>, %y: memref<?x7168xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 7> for N = 7168 'bf16' on sm_90: widest access (16 bytes); 896 vectors per row over 512 threads keeps 2 in registers per thread, but 128 threads hold 7 whole vectors each; one row per block of 128 threads}}
  rownorm.rms_norm ins(%x : memref<?x7168xbf16>) weight(%w : memref<7168xbf16>) outs(%y : memref<?x7168xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 360 vectors (N = 2880) split evenly over no power of two near 256 threads
// with at most 8 vectors each: the last round stays partial (whole vectors,
// which rownorm-coarsen-masks predicates as wholes), over 128 threads, which
// leave 24 slots empty where 256 leave 152.
// CHECK-LABEL: func.func @bf16_2880
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 3>
func.func @bf16_2880(%x: memref<?x2880xbf16>, %w: memref<2880xbf16>, %y: memref<?x2880xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 3> for N = 2880 'bf16' on sm_90: widest access (16 bytes); 360 vectors per row over 256 threads keeps 2 in registers per thread, but 128 threads leave 24 slots empty (256 leave 152); one row per block of 128 threads}}
  rownorm.rms_norm ins(%x : memref<?x2880xbf16>) weight(%w : memref<2880xbf16>) outs(%y : memref<?x2880xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// 1376 vectors over 512 or 256 threads leave the same 160 slots empty: the
// half, with more vectors in flight per block.
// CHECK-LABEL: func.func @bf16_11008
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 6>
func.func @bf16_11008(%x: memref<?x11008xbf16>, %w: memref<11008xbf16>, %y: memref<?x11008xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 6> for N = 11008 'bf16' on sm_90: widest access (16 bytes); 1376 vectors per row over 512 threads keeps 3 in registers per thread, but 256 threads leave 160 slots empty (512 leave 160); one row per block of 256 threads}}
  rownorm.rms_norm ins(%x : memref<?x11008xbf16>) weight(%w : memref<11008xbf16>) outs(%y : memref<?x11008xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// Tail elements (N not a multiple of 8): the unaligned copy's per-thread
// head and tail work is shared by 4 vectors per thread.
// CHECK-LABEL: func.func @bf16_4099
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 4>
func.func @bf16_4099(%x: memref<?x4099xbf16>, %w: memref<4099xbf16>, %y: memref<?x4099xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 4> for N = 4099 'bf16' on sm_90: widest access (16 bytes); 512 whole vectors per row over 128 threads keeps 4 in registers per thread (4 wanted with tail elements); one row per block of 128 threads}}
  rownorm.rms_norm ins(%x : memref<?x4099xbf16>) weight(%w : memref<4099xbf16>) outs(%y : memref<?x4099xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// A tail row within a subgroup's reach keeps 2 vectors per thread.
// CHECK-LABEL: func.func @bf16_127
// CHECK: schedule = #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>
func.func @bf16_127(%x: memref<?x127xbf16>, %w: memref<127xbf16>, %y: memref<?x127xbf16>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 16, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2> for N = 127 'bf16' on sm_90: widest access (16 bytes); 15 whole vectors per row over 8 threads keeps 2 in registers per thread; 16 row(s) per block fill 128 threads (4 subgroups of 32 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// f32 rows: 16 bytes are 4 elements.
// CHECK-LABEL: func.func @f32_4096
// CHECK: schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 2>
func.func @f32_4096(%x: memref<?x4096xf32>, %w: memref<4096xf32>, %y: memref<?x4096xf32>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 2> for N = 4096 'f32' on sm_90: widest access (16 bytes); 1024 vectors per row over 512 threads keeps 2 in registers per thread; one row per block of 512 threads}}
  rownorm.rms_norm ins(%x : memref<?x4096xf32>) weight(%w : memref<4096xf32>) outs(%y : memref<?x4096xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// A ragged f32 row: 25 vectors over 16 or 8 threads leave 7 slots empty;
// 8 threads would not span a subgroup, so the 16 stay.
// CHECK-LABEL: func.func @f32_100
// CHECK: schedule = #rownorm.schedule<rows_per_block = 8, threads_per_row = 16, vector_width = 4, vectors_per_thread = 2>
func.func @f32_100(%x: memref<?x100xf32>, %w: memref<100xf32>, %y: memref<?x100xf32>) {
  // expected-remark @+1 {{schedule #rownorm.schedule<rows_per_block = 8, threads_per_row = 16, vector_width = 4, vectors_per_thread = 2> for N = 100 'f32' on sm_90: widest access (16 bytes); 25 vectors per row over 16 threads keeps 2 in registers per thread; 8 row(s) per block fill 128 threads (4 subgroups of 32 wanted)}}
  rownorm.rms_norm ins(%x : memref<?x100xf32>) weight(%w : memref<100xf32>) outs(%y : memref<?x100xf32>) {epsilon = 1.0e-05 : f32}
  return
}

}

// Where holding x is dear, the scaling reads x's vectors again instead of
// reusing them (rownorm-reuse-row-loads with RowReread.h's rule): each
// thread holds at least four 16-byte vectors, the target has hinted loads
// (rownorm-cache-hints keeps the first read in the cache), and the rows of
// the blocks a chip holds at once fit its shared cache (sm_90: 132 SMs of
// 2048 threads, 50 MiB); except f16 kernels not for many rows (or for many
// rows that fit a subgroup: rownorm-tile-rows' late-weight twins) with at
// most 32 values per thread, and kernels for few rows whose blocks fit a
// processor at least 8 times or whose threads hold four vectors (the fewest
// re-read), which hold x. The re-reads are marked rownorm.reload,
// like the copy for rows of unknown alignment's.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-optimize-pipeline --convert-rownorm-to-gpu --rownorm-unroll-row-loops --rownorm-reuse-row-loads | FileCheck %s
// With reread-rows=false (the pipelines' cache-hints=none) x is held:
// RUN: rmsnorm-opt %s --split-input-file --rownorm-optimize-pipeline --convert-rownorm-to-gpu --rownorm-unroll-row-loops --rownorm-reuse-row-loads=reread-rows=false | FileCheck %s --check-prefix=HELD
// The GPU pipeline passes its cache-hints option on: none holds x, the
// default re-reads (the re-reads then are hinted loads that stream).
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-gpu-pipeline="cache-hints=none" | FileCheck %s --check-prefix=HELD
// RUN: rmsnorm-opt %s --split-input-file --rownorm-to-gpu-pipeline | FileCheck %s --check-prefix=PIPE
// PIPE-LABEL: gpu.func @four_vectors
// PIPE: scf.if
// PIPE-NOT: } else {
// PIPE: ld.global.L1::evict_first
// PIPE: } else {
// The held kernel for few rows streams nothing; its twin's re-read does
// (rownorm-cache-hints agrees with rownorm-reuse-row-loads).
// PIPE-LABEL: gpu.func @few_rows_four_vectors(
// PIPE-NOT: evict_first
// PIPE-LABEL: gpu.func @few_rows_four_vectors_many_rows(
// PIPE: ld.global.L1::evict_first
// PIPE-LABEL: gpu.func @narrow_vectors
// PIPE: scf.if
// PIPE-NOT: llvm.inline_asm
// PIPE: } else {
// HELD-LABEL: gpu.func @four_vectors
// HELD: scf.if
// HELD-NOT: rownorm.reload
// HELD: } else {
// HELD-LABEL: gpu.func @f16_for_many_rows
// HELD: scf.if
// HELD-NOT: rownorm.reload
// HELD: } else {
// HELD-LABEL: gpu.func @rows_fit_the_cache
// HELD: scf.if
// HELD-NOT: rownorm.reload
// HELD: } else {

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
// Four vectors per thread: in the aligned copy (the first), four loads of x
// before the reduction and the same four again, marked, after it.
// CHECK-LABEL: gpu.func @four_vectors
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x4096xbf16, strided<[?, 1]>>, vector<8xbf16>
// CHECK-NOT: vector.load %[[X]]
// CHECK: gpu.shuffle
// CHECK-NOT: vector.load %[[X]]
// CHECK: gpu.barrier
// CHECK-NOT: } else {
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64, rownorm.reload}
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
// In the copy for rows of unknown alignment a thread's two single elements
// (head and tail) stay in registers; its vectors are re-read as before.
// CHECK-COUNT-2: vector.load %[[X]]{{.*}} : {{.*}}, vector<1xbf16>
// CHECK-NOT: vector.load %[[X]]{{.*}}vector<1xbf16>
// CHECK: gpu.return
func.func @four_vectors(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 4>}
  return
}

// Two vectors per thread: reused (held in registers).
// CHECK-LABEL: gpu.func @two_vectors
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-2: vector.load %[[X]]
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @two_vectors(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 2>}
  return
}

// f16 widens by a conversion per element, which a re-read would repeat: a
// kernel not for many rows holds its four vectors (32 values per thread,
// kMaxHeldConvertedValues), where bf16's (@four_vectors) are re-read.
// CHECK-LABEL: gpu.func @f16_four_vectors
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x4096xf16, strided<[?, 1]>>, vector<8xf16>
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @f16_four_vectors(%x: memref<?x4096xf16, strided<[?, 1]>>, %w: memref<4096xf16>, %y: memref<?x4096xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xf16, strided<[?, 1]>>) weight(%w : memref<4096xf16>) outs(%y : memref<?x4096xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 4>}
  return
}

// Eight f16 vectors per thread (64 values) are more than it holds: re-read.
// CHECK-LABEL: gpu.func @f16_eight_vectors
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-8: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x16384xf16, strided<[?, 1]>>, vector<8xf16>
// CHECK: gpu.barrier
// CHECK-NOT: } else {
// CHECK-COUNT-8: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64, rownorm.reload}
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @f16_eight_vectors(%x: memref<?x16384xf16, strided<[?, 1]>>, %w: memref<16384xf16>, %y: memref<?x16384xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x16384xf16, strided<[?, 1]>>) weight(%w : memref<16384xf16>) outs(%y : memref<?x16384xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 8>}
  return
}

// A kernel for many rows (rownorm-tile-rows' second kernel, its from_rows)
// keeps the re-read its schedule was chosen for, f16 too. (The copy for rows
// of unknown alignment re-reads its vectors either way: the re-reads must
// come before its `else`.)
// CHECK-LABEL: gpu.func @f16_for_many_rows
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x4096xf16, strided<[?, 1]>>, vector<8xf16>
// CHECK: gpu.barrier
// CHECK-NOT: } else {
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64, rownorm.reload}
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @f16_for_many_rows(%x: memref<?x4096xf16, strided<[?, 1]>>, %w: memref<4096xf16>, %y: memref<?x4096xf16, strided<[?, 1]>>) attributes {rownorm.from_rows = 12800 : i64} {
  rownorm.rms_norm ins(%x : memref<?x4096xf16, strided<[?, 1]>>) weight(%w : memref<4096xf16>) outs(%y : memref<?x4096xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 4>}
  return
}

// A kernel for many rows whose rows fit a subgroup is rownorm-tile-rows'
// twin that reads w late, of its first kernel's schedule (chosen for any M):
// it holds as a kernel for every M does (f16, 32 values per thread).
// CHECK-LABEL: gpu.func @f16_late_weight_twin
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x1024xf16, strided<[?, 1]>>, vector<8xf16>
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @f16_late_weight_twin(%x: memref<?x1024xf16, strided<[?, 1]>>, %w: memref<1024xf16>, %y: memref<?x1024xf16, strided<[?, 1]>>) attributes {rownorm.from_rows = 528 : i64} {
  rownorm.rms_norm ins(%x : memref<?x1024xf16, strided<[?, 1]>>) weight(%w : memref<1024xf16>) outs(%y : memref<?x1024xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 4, threads_per_row = 32, vector_width = 8, vectors_per_thread = 4>}
  return
}

// A kernel for few rows (it names a kernel for many rows, which takes over
// above its from_rows) holds its rows where a processor takes at least
// kMinBlocksToHoldRows = 8 of its blocks: blocks of 128 threads, 16 per SM,
// though each thread holds eight vectors (more than the four that the rule
// below holds for any block). Its kernel for many rows keeps the re-read,
// though its blocks (2 rows of 128 threads) fit 8 times too. (Each is
// checked through its copy for aligned rows, the first.)
// CHECK-LABEL: gpu.func @few_rows
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-8: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x8192xbf16, strided<[?, 1]>>, vector<8xbf16>
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
// CHECK-LABEL: gpu.func @few_rows_many_rows
// CHECK: scf.if
// CHECK-NOT: } else {
// CHECK-COUNT-8: vector.load %{{.*}} {alignment = 16 : i64, rownorm.reload}
// CHECK: } else {
func.func @few_rows(%x: memref<?x8192xbf16, strided<[?, 1]>>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16, strided<[?, 1]>>) attributes {rownorm.variants = ["few_rows_many_rows"]} {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16, strided<[?, 1]>>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 8>}
  return
}
func.func @few_rows_many_rows(%x: memref<?x8192xbf16, strided<[?, 1]>>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16, strided<[?, 1]>>) attributes {rownorm.from_rows = 6400 : i64} {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16, strided<[?, 1]>>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 128, vector_width = 8, vectors_per_thread = 8>}
  return
}

// Blocks of 512 threads (4 per SM) are too large for a held row of eight
// vectors: a kernel for few rows with them re-reads.
// CHECK-LABEL: gpu.func @few_rows_large_blocks
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-8: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x16384xf32, strided<[?, 1]>>, vector<4xf32>
// CHECK: gpu.barrier
// CHECK-NOT: } else {
// CHECK-COUNT-8: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64, rownorm.reload}
// CHECK: } else {
func.func @few_rows_large_blocks(%x: memref<?x16384xf32, strided<[?, 1]>>, %w: memref<16384xf32>, %y: memref<?x16384xf32, strided<[?, 1]>>) attributes {rownorm.variants = ["few_rows_large_blocks_many_rows"]} {
  rownorm.rms_norm ins(%x : memref<?x16384xf32, strided<[?, 1]>>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 8>}
  return
}
func.func @few_rows_large_blocks_many_rows(%x: memref<?x16384xf32, strided<[?, 1]>>, %w: memref<16384xf32>, %y: memref<?x16384xf32, strided<[?, 1]>>) attributes {rownorm.from_rows = 3200 : i64} {
  rownorm.rms_norm ins(%x : memref<?x16384xf32, strided<[?, 1]>>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 8>}
  return
}

// With four vectors a thread (kMinVectorsToReread, the fewest re-read) a
// kernel for few rows holds its row whatever its blocks: bf16 16384 over
// 512 threads, the kernel rownorm-tile-rows pairs with a kernel for many
// rows of the same schedule, which re-reads.
// CHECK-LABEL: gpu.func @few_rows_four_vectors
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x16384xbf16, strided<[?, 1]>>, vector<8xbf16>
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
// CHECK-LABEL: gpu.func @few_rows_four_vectors_many_rows
// CHECK: scf.if
// CHECK-NOT: } else {
// CHECK-COUNT-4: vector.load %{{.*}} {alignment = 16 : i64, rownorm.reload}
// CHECK: } else {
func.func @few_rows_four_vectors(%x: memref<?x16384xbf16, strided<[?, 1]>>, %w: memref<16384xbf16>, %y: memref<?x16384xbf16, strided<[?, 1]>>) attributes {rownorm.variants = ["few_rows_four_vectors_many_rows"]} {
  rownorm.rms_norm ins(%x : memref<?x16384xbf16, strided<[?, 1]>>) weight(%w : memref<16384xbf16>) outs(%y : memref<?x16384xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 4>}
  return
}
func.func @few_rows_four_vectors_many_rows(%x: memref<?x16384xbf16, strided<[?, 1]>>, %w: memref<16384xbf16>, %y: memref<?x16384xbf16, strided<[?, 1]>>) attributes {rownorm.from_rows = 8000 : i64} {
  rownorm.rms_norm ins(%x : memref<?x16384xbf16, strided<[?, 1]>>) weight(%w : memref<16384xbf16>) outs(%y : memref<?x16384xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 8, vectors_per_thread = 4>}
  return
}

// The cache bound: f32 rows of 64 KiB. Blocks of 512 threads: 4 per SM,
// 132 x 4 x 64 KiB = 33 MiB fit 50 MiB: re-read.
// CHECK-LABEL: gpu.func @rows_fit_the_cache
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-8: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x16384xf32, strided<[?, 1]>>, vector<4xf32>
// CHECK: gpu.barrier
// CHECK-NOT: } else {
// CHECK-COUNT-8: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64, rownorm.reload}
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @rows_fit_the_cache(%x: memref<?x16384xf32, strided<[?, 1]>>, %w: memref<16384xf32>, %y: memref<?x16384xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x16384xf32, strided<[?, 1]>>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 512, vector_width = 4, vectors_per_thread = 8>}
  return
}

// Blocks of 256 threads: 8 per SM, 132 x 8 x 64 KiB = 66 MiB do not fit:
// held.
// CHECK-LABEL: gpu.func @rows_exceed_the_cache
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-16: vector.load %[[X]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x16384xf32, strided<[?, 1]>>, vector<4xf32>
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @rows_exceed_the_cache(%x: memref<?x16384xf32, strided<[?, 1]>>, %w: memref<16384xf32>, %y: memref<?x16384xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x16384xf32, strided<[?, 1]>>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 4, vectors_per_thread = 16>}
  return
}

// Two rows of 256 threads per block: 4 blocks per SM, 132 x 4 x 2 x 64 KiB
// = 66 MiB do not fit: held (the rows per block count).
// CHECK-LABEL: gpu.func @rows_per_block_count
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-NOT: rownorm.reload
// CHECK: } else {
func.func @rows_per_block_count(%x: memref<?x16384xf32, strided<[?, 1]>>, %w: memref<16384xf32>, %y: memref<?x16384xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x16384xf32, strided<[?, 1]>>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 2, threads_per_row = 256, vector_width = 4, vectors_per_thread = 16>}
  return
}

// The row bytes are x's: bf16 x with an f32 weight, 8 blocks of 256 threads
// per SM, 132 x 8 x 32 KiB = 33 MiB fit (f32 rows would not): re-read.
// CHECK-LABEL: gpu.func @x_row_bytes
// CHECK: scf.if
// CHECK-NOT: } else {
// CHECK: rownorm.reload
// CHECK: } else {
func.func @x_row_bytes(%x: memref<?x16384xbf16, strided<[?, 1]>>, %w: memref<16384xf32>, %y: memref<?x16384xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x16384xbf16, strided<[?, 1]>>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 8>}
  return
}

// Vectors narrower than the widest access (bf16 x 4: 8 bytes), eight per
// thread: the rule counts 16-byte vectors only, so x is held, and its f32
// weight's 16-byte loads get no hint either (PIPE).
// CHECK-LABEL: gpu.func @narrow_vectors
// CHECK: scf.if
// CHECK-NOT: rownorm.reload
// CHECK: } else {
func.func @narrow_vectors(%x: memref<?x8192xbf16, strided<[?, 1]>>, %w: memref<8192xf32>, %y: memref<?x8192xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16, strided<[?, 1]>>) weight(%w : memref<8192xf32>) outs(%y : memref<?x8192xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 4, vectors_per_thread = 8>}
  return
}

// In place (x and y one buffer): held.
// CHECK-LABEL: gpu.func @in_place
// CHECK: %[[XY:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %[[XY]]
// CHECK-NOT: vector.load %[[XY]]
// CHECK: } else {
func.func @in_place(%xy: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>) {
  rownorm.rms_norm ins(%xy : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%xy : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 4>}
  return
}
}

// -----

// A target without hinted loads (gfx942): the first read could not be kept
// in the cache, so x is held, although the rows would fit its cache (three
// rows of 256 threads: 2 blocks per CU, 304 x 2 x 3 x 16 KiB = 28.5 MiB of
// 32 MiB).
module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
// CHECK-LABEL: gpu.func @no_hinted_loads
// CHECK: %[[X:.*]] = memref.reinterpret_cast %arg0
// CHECK: scf.if
// CHECK-COUNT-4: vector.load %[[X]]
// CHECK-NOT: vector.load %[[X]]
// CHECK: } else {
func.func @no_hinted_loads(%x: memref<?x8192xbf16, strided<[?, 1]>>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16, strided<[?, 1]>>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 3, threads_per_row = 256, vector_width = 8, vectors_per_thread = 4>}
  return
}
}

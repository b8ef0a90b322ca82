// The `cache-hints` option of the NVPTX pipeline (rownorm-cache-hints).
// By default (reread), in a kernel that holds x in registers (bf16 4096:
// two vectors per thread) only the copy for rows of unknown alignment,
// which reads x twice, has hinted loads: its first 16-byte loads of x are
// kept (evict-last) for the re-read in the scaling pass, which is a plain
// load; the aligned copy has none. With `all`, x's other 16-byte loads are
// evicted first and w's evicted last, in both copies; with `none`, no load
// carries a hint.
// RUN: rm -rf %t && rmsnorm-emit %s --target=nvptx --ptxas=none -o %t > /dev/null
// RUN: FileCheck %s --check-prefix=REREAD --input-file=%t/bf16_4096.sm_90.ptx
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t/f32_16384.sm_90.ptx
// RUN: FileCheck %s --check-prefix=HELD --input-file=%t/f32_32768.sm_90.ptx
// RUN: rm -rf %t.all && rmsnorm-emit %s --target=nvptx --ptxas=none --nvptx-pipeline="chip=sm_90 cache-hints=all" -o %t.all > /dev/null
// RUN: FileCheck %s --input-file=%t.all/bf16_4096.sm_90.ptx
// RUN: rm -rf %t.off && rmsnorm-emit %s --target=nvptx --ptxas=none --nvptx-pipeline="chip=sm_90 cache-hints=none" -o %t.off > /dev/null
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off/bf16_4096.sm_90.ptx
// Kernels for many rows re-read x, which needs the hints: made by default
// (bf16 4096), never with cache-hints=none.
// RUN: ls %t | FileCheck %s --check-prefix=MANY
// RUN: ls %t.off | FileCheck %s --check-prefix=NO-MANY
// MANY: bf16_4096_many_rows.sm_90.json
// NO-MANY-NOT: many_rows
// An unknown value (the option was a boolean before) is an error naming
// the option and the value:
// RUN: not rmsnorm-emit %s --target=nvptx --ptxas=none --nvptx-pipeline="chip=sm_90 cache-hints=true" -o %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --cache-hints option: Cannot find option named 'true'!
// BAD: error: invalid --nvptx-pipeline 'chip=sm_90 cache-hints=true' (see above){{$}}

func.func @bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32}
  return
}

// f32 16384 (512 threads x 8 vectors): the rows are re-read on purpose
// (RowReread.h) in both copies: x's first reads kept, the re-reads after the
// reduction streamed, and in the aligned copy (second) w's loads kept.
func.func @f32_16384(%x: memref<?x16384xf32, strided<[?, 1]>>, %w: memref<16384xf32>, %y: memref<?x16384xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x16384xf32, strided<[?, 1]>>) weight(%w : memref<16384xf32>) outs(%y : memref<?x16384xf32, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32}
  return
}
// ROWS-LABEL: .visible .entry f32_16384(
// ROWS-COUNT-8: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// ROWS-NOT: evict_first
// ROWS: bar.sync
// ROWS: rsqrt.approx.f32
// ROWS: ld.global.L1::evict_first.L2::cache_hint.v4.b32
// ROWS-NOT: ld.global.v4
// ROWS-COUNT-8: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// ROWS-NOT: evict_first
// ROWS: bar.sync
// ROWS-COUNT-16: ld.global.L1::evict_{{first|last}}.L2::cache_hint.v4.b32
// ROWS-NOT: ld.global.v4

// f32 32768 (512 threads x 16 vectors): 132 x 4 blocks' rows of 128 KiB
// exceed the 50 MiB cache, so x is held in registers and nothing streams.
func.func @f32_32768(%x: memref<?x32768xf32, strided<[?, 1]>>, %w: memref<32768xf32>, %y: memref<?x32768xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x32768xf32, strided<[?, 1]>>) weight(%w : memref<32768xf32>) outs(%y : memref<?x32768xf32, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32}
  return
}
// HELD-LABEL: .visible .entry f32_32768(
// HELD-NOT: evict_first

// REREAD-LABEL: .visible .entry bf16_4096(
// REREAD: createpolicy.fractional.L2::evict_last.b64
// REREAD-COUNT-2: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// REREAD-NOT: cache_hint
// REREAD: bar.sync
// REREAD: ld.global.v4.b32
// REREAD-NOT: cache_hint
// REREAD: rsqrt.approx.f32
// REREAD-NOT: cache_hint

// The copy for rows of unknown alignment (first) keeps x for its re-read in
// the scaling pass, which streams; the aligned copy streams x at once. w is
// kept in both (in the aligned copy loaded with x, before the reduction:
// rownorm-hoist-row-loads).
// CHECK-LABEL: .visible .entry bf16_4096(
// CHECK: createpolicy.fractional.L2::evict_last.b64
// CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// CHECK: bar.sync
// CHECK: ld.global.L1::evict_first.L2::cache_hint.v4.b32
// CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// CHECK: createpolicy.fractional.L2::evict_first.b64
// CHECK: ld.global.L1::evict_first.L2::cache_hint.v4.b32
// CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// CHECK: bar.sync
// OFF-NOT: cache_hint

// The `cache-hints` option of the NVPTX pipeline (rownorm-cache-hints, off
// by default until measured faster) emits x's 16-byte loads with the
// evict-first policy and w's with evict-last, in both copies of the row
// (aligned, and unknown alignment). Without the option no load carries a
// hint.
// RUN: rm -rf %t && rmsnorm-emit %s --target=nvptx --ptxas=none --nvptx-pipeline="chip=sm_90 cache-hints=true" -o %t > /dev/null
// RUN: FileCheck %s --input-file=%t/bf16_4096.sm_90.ptx
// RUN: rm -rf %t.off && rmsnorm-emit %s --target=nvptx --ptxas=none -o %t.off > /dev/null
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off/bf16_4096.sm_90.ptx

func.func @bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32}
  return
}

// The copy for rows of unknown alignment (first) keeps x for its re-read in
// the scaling pass, which streams; the aligned copy streams x at once. w is
// kept in both.
// CHECK-LABEL: .visible .entry bf16_4096(
// CHECK: createpolicy.fractional.L2::evict_last.b64
// CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// CHECK: bar.sync
// CHECK: ld.global.L1::evict_first.L2::cache_hint.v4.b32
// CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// CHECK: createpolicy.fractional.L2::evict_first.b64
// CHECK: ld.global.L1::evict_first.L2::cache_hint.v4.b32
// CHECK: bar.sync
// CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32
// OFF-NOT: cache_hint

// rownorm-hoist-row-loads in the emitted PTX: after the reduction (its
// rsqrt.approx.f32) a thread issues its weight vectors' 16-byte loads before
// its first store of y, in both copies of the row (aligned, and unknown
// alignment, where the body's x is re-read with them); ptxas keeps that
// order. Without the pass each load of w waits behind the previous store
// (one memory round trip per vector, exposed at small M: tools/gpu/PERFLOG.md).
// The schedule is given (4 vectors per thread) so that four loads follow the
// reduction whatever the cost model picks; cache-hints=none holds x in
// registers (four vectors would otherwise re-read it: RowReread.h).
// RUN: rm -rf %t && rmsnorm-emit %s --target=nvptx --ptxas=none --nvptx-pipeline="chip=sm_90 cache-hints=none" -o %t > /dev/null
// RUN: FileCheck %s --input-file=%t/bf16_4096.sm_90.ptx

func.func @bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 4>}
  return
}

// CHECK: rsqrt.approx.f32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32

// rownorm-hoist-row-loads in the emitted PTX. In the copy for rows of
// unknown alignment (first), after the reduction (its rsqrt.approx.f32) a
// thread issues its 16-byte loads of w (realigned) and of x (re-read)
// before its first store of y. In the aligned copy, w's first two vectors
// load with x's four, before the reduction (a batch of 24 registers), and
// the other two right after it, still before the first store; ptxas keeps
// that order. Without the pass each load of w waits behind the previous
// store (one memory round trip per vector, exposed at small M) and none
// comes before the reduction (tools/gpu/PERFLOG.md). The schedule is given
// (4 vectors per thread) so that the batch overflows whatever the cost model
// picks; cache-hints=none holds x in registers (four vectors would otherwise
// re-read it: RowReread.h).
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
// The aligned copy (after the other's last store): x's four loads, then
// w's first two.
// CHECK: st.global.v4.b32 [{{%rd[0-9]+}}+6144]
// CHECK-NEXT: bra.uni
// CHECK: ld.global.v4.b32 {{.*}}, [[[X:%rd[0-9]+]]];
// CHECK: ld.global.v4.b32 {{.*}}, [[[X]]+2048];
// CHECK: ld.global.v4.b32 {{.*}}, [[[X]]+4096];
// CHECK: ld.global.v4.b32 {{.*}}, [[[X]]+6144];
// CHECK-NOT: st.global
// CHECK: ld.global.v4.b32 {{.*}}, [[[W0:%rd[0-9]+]]];
// CHECK-NEXT: ld.global.v4.b32 {{.*}}, [[[W0]]+2048];
// CHECK-NOT: st.global
// CHECK: bar.sync
// CHECK-NOT: st.global
// CHECK: rsqrt.approx.f32
// CHECK-NOT: st.global
// CHECK-DAG: ld.global.v4.b32 {{.*}}, [[[W0]]+4096];
// CHECK-DAG: ld.global.v4.b32 {{.*}}, [[[W0]]+6144];
// CHECK-NOT: ld.global
// CHECK: st.global.v4.b32

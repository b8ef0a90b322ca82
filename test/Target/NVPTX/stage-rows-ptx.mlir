// rownorm-stage-rows (pipeline option stage-rows=true) in the emitted PTX of a
// kernel of short odd rows (bf16 N = 127, 16 rows of 254 bytes a block: a
// 4064-byte run): the copy in (mbarrier initialized, its transaction bytes
// expected, cp.async.bulk from global), w's loads issued, a block barrier
// (after them: s24d), every thread waiting on the mbarrier, x read from shared
// memory as the 32-bit words that hold each vector joined by funnel shifts (a
// row starts at any phase there), y written as words (an odd phase's first and
// last elements alone) to a second region of the buffer (4096 bytes in: x's
// 4064, a vector and 16 bytes of padding), so no thread writes what another
// reads, the shared writes fenced for the copy engine before the block barrier,
// and the copy out from that region, waited for before the thread exits (its
// buffer must outlive the read). ptxas assembles it without spills; the
// manifest counts the buffer and its completion word in static_shared_bytes.
// The default pipeline stages it too (the same PTX); with stage-rows=false
// nothing is staged.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/default
// RUN: rmsnorm-emit %s --target=nvptx --nvptx-pipeline="chip=sm_90 stage-rows=true" -o %t > %t.lines
// RUN: FileCheck %s --input-file=%t/bf16_127.sm_90.ptx
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/bf16_127.sm_90.json
// x held between the sum of squares and the scaling: a thread's two vectors
// read from shared memory once (2 x 5 word loads and its tail element).
// RUN: FileCheck %s --check-prefix=HELD --input-file=%t/bf16_127.sm_90.ptx --implicit-check-not=ld.shared
// RUN: rmsnorm-emit %s --target=nvptx -o %t/default > /dev/null
// RUN: diff %t/bf16_127.sm_90.ptx %t/default/bf16_127.sm_90.ptx
// RUN: rmsnorm-emit %s --target=nvptx --nvptx-pipeline="chip=sm_90 stage-rows=false" -o %t/off > /dev/null
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/off/bf16_127.sm_90.ptx
// The same rows with strides fixed at N by the type (memref<?x127xbf16>):
// staged from rownorm-version-rows' template, in the same buffer: between
// the copy in and the copy out the only 16-byte global loads are w's two (x
// is read from shared memory); the template's test (M < 0, a signed
// comparison of the row count with 0 or -1) is nowhere in the kernel.
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/bf16_127_identity.sm_90.ptx \
// RUN:   --implicit-check-not='{{setp\.[lg]t\.s64 .*, (0|-1);}}'
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/bf16_127_identity.sm_90.json

// CHECK-LABEL: .visible .entry bf16_127(
// CHECK: .shared .align 16 .b8 __wg_bf16_127_{{[0-9]+}}[8160];
// CHECK: mbarrier.init.shared::cta.b64 [[[BAR:%r[0-9]+]]], 1;
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK-NEXT: mbarrier.arrive.expect_tx.shared::cta.b64 _, [[[BAR]]], [[BYTES:%r[0-9]+]];
// CHECK-NEXT: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [g], [[BYTES]], [[[BAR]]];
// CHECK-NOT: bar.sync
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK: ld.global.b16
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: ld.global
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-NOT: ld.global
// CHECK: ld.shared.b32 [[LO:%r[0-9]+]], [[[AT:%rd[0-9]+]]];
// CHECK-NEXT: ld.shared.b32 [[HI:%r[0-9]+]], [[[AT]]+4];
// CHECK: shf.r.wrap.b32 %r{{[0-9]+}}, [[LO]], [[HI]], %r{{[0-9]+}};
// CHECK-NOT: ld.global
// CHECK: rsqrt.approx.f32
// CHECK-NOT: ld.global
// CHECK: st.shared.b32
// CHECK: fence.proxy.async.shared::cta;
// CHECK: bar.sync 0;
// CHECK: add.s32 [[YROWS:%r[0-9]+]], %r{{[0-9]+}}, 4096;
// CHECK: cp.async.bulk.global.shared::cta.bulk_group [g], [[[YROWS]]], %r{{[0-9]+}};
// CHECK-NEXT: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// HELD-COUNT-10: ld.shared.b32
// HELD: ld.shared.b16
// MANIFEST: "spill_load_bytes": 0
// MANIFEST: "spill_store_bytes": 0
// MANIFEST: "static_shared_bytes": 8168
// OFF: .visible .entry bf16_127(
// OFF-NOT: cp.async.bulk
// OFF-NOT: .shared
// OFF: ret;

func.func @bf16_127(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// FIXED-LABEL: .visible .entry bf16_127_identity(
// FIXED: .shared .align 16 .b8 __wg_bf16_127_identity_{{[0-9]+}}[8160];
// FIXED: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// FIXED-COUNT-2: ld.global.v4.b32
// FIXED-NOT: ld.global.v4.b32
// FIXED: cp.async.bulk.global.shared::cta.bulk_group
func.func @bf16_127_identity(%x: memref<?x127xbf16>, %w: memref<127xbf16>, %y: memref<?x127xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16>) epsilon(%eps)
  return
}

// rownorm-widen-bf16-pairs in the emitted PTX: every bf16 element of x and
// w reaches f32 by a shift (first of a 32-bit pair) or a mask (second),
// never by cvt.f32.bf16, in the aligned copy and in the copy for rows of
// unknown alignment; rows past the end select whole words, which are then
// shifted and masked. Without the pass each element is unpacked to 16 bits
// and converted (on sm_90 ptxas spends two instructions on each second
// element: tools/gpu/PERFLOG.md). f16 has no such identity: its kernel keeps
// cvt.f32.f16. With rownorm-stage-rows (the default), bf16 N = 127 also
// reads x from shared memory as words joined by funnel shifts: those words
// are widened the same way (STAGED); its global copies are checked without
// the staged version (stage-rows=false), whose code comes first otherwise.
// RUN: rm -rf %t && rmsnorm-emit %s --target=nvptx --ptxas=none -o %t > /dev/null
// RUN: FileCheck %s --input-file=%t/bf16_1024.sm_90.ptx
// RUN: FileCheck %s --check-prefix=STAGED --implicit-check-not=cvt.f32.bf16 --input-file=%t/bf16_127.sm_90.ptx
// RUN: FileCheck %s --check-prefix=F16 --input-file=%t/f16_1024.sm_90.ptx
// RUN: rmsnorm-emit %s --target=nvptx --nvptx-pipeline="chip=sm_90 stage-rows=false" --ptxas=none -o %t/unstaged > /dev/null
// RUN: FileCheck %s --input-file=%t/unstaged/bf16_127.sm_90.ptx

func.func @bf16_1024(%x: memref<?x1024xbf16, strided<[?, 1]>>, %w: memref<1024xbf16>, %y: memref<?x1024xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1024xbf16, strided<[?, 1]>>) weight(%w : memref<1024xbf16>) outs(%y : memref<?x1024xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

func.func @f16_1024(%x: memref<?x1024xf16, strided<[?, 1]>>, %w: memref<1024xf16>, %y: memref<?x1024xf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x1024xf16, strided<[?, 1]>>) weight(%w : memref<1024xf16>) outs(%y : memref<?x1024xf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

func.func @bf16_127(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// CHECK: .visible .entry
// CHECK-NOT: cvt.f32.bf16
// CHECK: ld.global{{.*}}.v4.b32 {[[A:%r[0-9]+]],
// CHECK-NOT: cvt.f32.bf16
// CHECK: selp.b32 [[S:%r[0-9]+]], [[A]], 0, %p
// CHECK-NOT: cvt.f32.bf16
// CHECK: shl.b32 {{%r[0-9]+}}, [[S]], 16;
// CHECK-NOT: cvt.f32.bf16
// CHECK: and.b32 {{%r[0-9]+}}, [[S]], -65536;
// CHECK-NOT: cvt.f32.bf16
// CHECK: rsqrt.approx.f32
// CHECK-NOT: cvt.f32.bf16
// CHECK: cvt.rn.bf16x2.f32
// CHECK-NOT: cvt.f32.bf16

// F16: .visible .entry
// F16: ld.global{{.*}}.v4.b32
// F16: cvt.f32.f16

// STAGED: .visible .entry
// STAGED: ld.shared.b32
// STAGED: shf.r.wrap.b32 [[J:%r[0-9]+]],
// STAGED: shl.b32 {{%r[0-9]+}}, [[J]], 16;
// STAGED: and.b32 {{%r[0-9]+}}, [[J]], -65536;
// STAGED: selp.b32 [[S:%r[0-9]+]], 0, {{%r[0-9]+}}, %p
// STAGED: shl.b32 {{%r[0-9]+}}, [[S]], 16;
// STAGED: and.b32 {{%r[0-9]+}}, [[S]], -65536;
// STAGED: rsqrt.approx.f32
// STAGED: cvt.rn.bf16x2.f32

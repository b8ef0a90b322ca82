// rownorm-to-ptx-pipeline end to end: one rmsnorm-opt command from rownorm
// ops to PTX (in a gpu.binary), for the default chip and sm_90a. The kernel
// takes epsilon as an f32 parameter after the three pointers, reduces with a
// shfl.sync butterfly, uses the hardware rsqrt and 16-byte accesses, and has
// no sqrt, division, local memory or call anywhere.
// DEFINE: %{bans} = --implicit-check-not='{{sqrt\.r|div\.r|\.local|call|\.extern|(add|mul|fma)\.rn\.b?f16}}'
// RUN: rmsnorm-opt %s --rownorm-to-ptx-pipeline 2>/dev/null | %python %S/Inputs/extract_assembly.py | FileCheck %s %{bans} -DCHIP=sm_90
// RUN: rmsnorm-opt %s --rownorm-to-ptx-pipeline=chip=sm_90a 2>/dev/null | %python %S/Inputs/extract_assembly.py | FileCheck %s %{bans} -DCHIP=sm_90a
// The kernel waits for the previous one first (rownorm-overlap-launch),
// unless the pipeline's launch-overlap=false:
// RUN: rmsnorm-opt %s --rownorm-to-ptx-pipeline 2>/dev/null | %python %S/Inputs/extract_assembly.py | FileCheck %s --check-prefix=OVERLAP
// RUN: rmsnorm-opt %s --rownorm-to-ptx-pipeline="chip=sm_90 launch-overlap=false" 2>/dev/null | %python %S/Inputs/extract_assembly.py | FileCheck %s %{bans} -DCHIP=sm_90 --implicit-check-not=griddepcontrol
// OVERLAP: .visible .entry rms_norm_bf16_4096(
// OVERLAP-NOT: {{(ld|st)\.global}}
// OVERLAP: griddepcontrol.wait;

// CHECK: .target [[CHIP]]{{$}}
// CHECK-LABEL: .visible .entry rms_norm_bf16_4096(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-NEXT: .param .f32 rms_norm_bf16_4096_param_3,
// CHECK-NEXT: .param .u64 rms_norm_bf16_4096_param_4,
// CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK: bar.sync 0;
// CHECK: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK: ret;

func.func @rms_norm_bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

// rownorm-to-amdgcn-pipeline end to end: one rmsnorm-opt command from
// rownorm ops to AMDGCN (in a gpu.binary) for gfx942: a wave64 reduction by
// ds_swizzle and a cross-half ds_bpermute, the hardware v_rsq_f32, 16-byte
// global accesses, and no calls, ocml/ockl, scratch, sqrt or division.
// RUN: rmsnorm-opt %s --rownorm-to-amdgcn-pipeline 2>/dev/null | %python %S/Inputs/extract_assembly.py | FileCheck %s --implicit-check-not='{{s_swappc|__ocml|__ockl|scratch_|v_sqrt|v_div}}'
// RUN: rmsnorm-opt %s --rownorm-to-amdgcn-pipeline="chip=gfx942 rows-per-block=2" 2>/dev/null | %python %S/Inputs/extract_assembly.py | FileCheck %s --check-prefix=TWO-ROWS

// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// CHECK-LABEL: {{^}}rms_norm_bf16_4096:
// CHECK: global_load_dwordx4
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32
// CHECK: v_rsq_f32
// CHECK: global_store_dwordx4
// CHECK: .end_amdhsa_kernel
// CHECK: {{^}}amdhsa.kernels:
// CHECK: .name: rms_norm_bf16_4096
// CHECK: .wavefront_size: 64

// The pipeline's options reach the schedule: two rows per block of 256 threads
// (the cost model picks one).
// TWO-ROWS: .max_flat_workgroup_size: 512

func.func @rms_norm_bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

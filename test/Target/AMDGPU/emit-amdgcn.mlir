// The emitted AMDGCN of every N class in f32, f16 and bf16 (Inputs/kernels.mlir)
// assembles, links with ld.lld into a gfx942 code object, and has the
// properties code generation promises, per kernel in file order:
// - 16-byte global loads and stores (global_load/store_dwordx4);
// - the in-wave reduction by ds_swizzle / ds_bpermute (wave64; none for N < 32,
//   one thread per row), f32 throughout;
// - exactly one v_rsq_f32 per code path, no sqrt or division;
// - no scratch, no calls, no ocml/ockl; LDS within 64 KB.
// REQUIRES: ld.lld
// RUN: rm -rf %t && rmsnorm-emit %S/../Inputs/kernels.mlir --target=amdgpu -o %t > %t.lines
// RUN: cat %t/bf16_*.s %t/f16_*.s %t/f32_*.s | FileCheck %s
// RUN: cat %t/*.s | FileCheck %s --check-prefix=WHOLE
// RUN: cat %t/bf16_*.s %t/f16_*.s %t/f32_*.s | FileCheck %s --check-prefix=RSQ
// RUN: cat %t/*.json | FileCheck %s --check-prefix=MANIFEST
// RUN: llvm-readelf --notes %t/bf16_4096.gfx942.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: llvm-readelf --notes %t/f32_32768.gfx942.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=LINES < %t.lines

// WHOLE-NOT: {{s_swappc|s_setpc|__ocml|__ockl|scratch_|buffer_store|v_sqrt|v_div}}
// WHOLE: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"

// MANIFEST-NOT: "scratch_bytes": {{[1-9-]}}
// MANIFEST-NOT: "lds_bytes": {{[0-9]{6}|6[6-9][0-9]{3}|65[6-9][0-9]{2}|655[4-9][0-9]|6553[7-9]}}
// MANIFEST-COUNT-15: "wavefront_size": 64

// NOTES: .group_segment_fixed_size: {{[0-9]+}}
// NOTES: .private_segment_fixed_size: 0
// NOTES: .wavefront_size: 64
// NOTES: amdhsa.target: amdgcn-amd-amdhsa--gfx942

// CHECK-LABEL: {{^}}bf16_1001:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}bf16_1001:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}bf16_13:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}bf16_13:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}bf16_32768:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}bf16_32768:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}bf16_4096:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}bf16_4096:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}bf16_5120:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}bf16_5120:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f16_1001:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f16_1001:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f16_13:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f16_13:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f16_32768:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f16_32768:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f16_4096:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f16_4096:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f16_5120:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f16_5120:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f32_1001:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f32_1001:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f32_13:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f32_13:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f32_32768:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f32_32768:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f32_4096:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f32_4096:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// CHECK-LABEL: {{^}}f32_5120:
// CHECK-DAG: global_load_dwordx4
// CHECK-DAG: global_store_dwordx4
// CHECK-DAG: {{ds_swizzle_b32|ds_bpermute_b32|row_}}
// CHECK: .end_amdhsa_kernel
// RSQ-LABEL: {{^}}f32_5120:
// RSQ-COUNT-2: v_rsq_f32
// RSQ-NOT: v_rsq_f32
// RSQ: .end_amdhsa_kernel

// One line per kernel written: path, registers, vector width, rows per block, threads.
// LINES: bf16_13.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_1001.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_4096.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_5120.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_32768.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_13.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_1001.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_4096.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_5120.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_32768.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_13.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_1001.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_4096.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_5120.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_32768.gfx942.hsaco: registers {{[0-9]+}}, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}

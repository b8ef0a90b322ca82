// The emitted AMDGCN of every N class in f32, f16 and bf16 (Inputs/kernels.mlir)
// assembles, links with ld.lld into a gfx942 code object, and has the
// properties code generation promises, per kernel in file order:
// - 16-byte global loads and stores (global_load/store_dwordx4), and no more
//   16-byte loads than x's and w's vectors (x is read once);
// - the in-wave reduction, per code path: ds_swizzle SWAP over offsets 1, 2,
//   4, 8, 16, then lane ^ 32 by ds_bpermute (address ^ 0x80, computed once)
//   when a row spans the wave64's halves; none for one thread per row; f32
//   throughout;
// - exactly one v_rsq_f32 per code path;
// - nowhere (--implicit-check-not, the whole output): calls, ocml/ockl,
//   scratch, sqrt or division;
// - manifests: no scratch, LDS within 64 KB, wavefront 64, for every kernel.
// REQUIRES: ld.lld
// DEFINE: %{bans} = --implicit-check-not='{{s_swappc|s_setpc|__ocml|__ockl|scratch_|buffer_store|v_sqrt|v_div}}'
// RUN: rm -rf %t && rmsnorm-emit %S/../Inputs/kernels.mlir --target=amdgpu -o %t > %t.lines
// RUN: cat %t/bf16_*.s %t/f16_*.s %t/f32_*.s > %t.all
// RUN: FileCheck %s --input-file=%t.all %{bans}
// RUN: FileCheck %s --input-file=%t.all --check-prefix=LOADS --implicit-check-not=global_load_dwordx4
// RUN: cat %t/bf16_*.json %t/f16_*.json %t/f32_*.json > %t.manifests
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=SCRATCH --implicit-check-not=scratch_bytes
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=LDS --implicit-check-not=lds_bytes
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=WAVE --implicit-check-not=wavefront_size
// RUN: llvm-readelf --notes %t/bf16_4096.gfx942.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: llvm-readelf --notes %t/f32_32768.gfx942.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=LINES < %t.lines

// Negative controls: each check rejects a planted fault, and says so.
// RUN: sed -e '0,/v_rsq_f32/s//v_sqrt_f32/' %t.all > %t.sqrt
// RUN: not FileCheck %s --input-file=%t.sqrt %{bans} 2>&1 | FileCheck %s --check-prefix=CAUGHT-EXCLUDED
// RUN: sed -e '$a s_swappc_b64 s[30:31], s[16:17]' %t.all > %t.call
// RUN: not FileCheck %s --input-file=%t.call %{bans} 2>&1 | FileCheck %s --check-prefix=CAUGHT-EXCLUDED
// RUN: sed -e '0,/swizzle(SWAP,4)/s//swizzle(SWAP,8)/' %t.all > %t.offsets
// RUN: not FileCheck %s --input-file=%t.offsets %{bans} 2>&1 | FileCheck %s --check-prefix=CAUGHT-MISSING
// RUN: sed -e '0,/\(global_load_dwordx4.*\)$/s//\1\n\1/' %t.all > %t.reload
// RUN: not FileCheck %s --input-file=%t.reload --check-prefix=LOADS --implicit-check-not=global_load_dwordx4 2>&1 | FileCheck %s --check-prefix=CAUGHT-EXCLUDED
// The last manifest, not only the first, is checked.
// RUN: %python -c "import sys; t = open(sys.argv[1]).read(); i = t.rindex('\"scratch_bytes\": 0'); open(sys.argv[2], 'w').write(t[:i] + '\"scratch_bytes\": 16' + t[i + 18:])" %t.manifests %t.scratch
// RUN: not FileCheck %s --input-file=%t.scratch --check-prefix=SCRATCH --implicit-check-not=scratch_bytes 2>&1 | FileCheck %s --check-prefix=CAUGHT-MISSING
// RUN: %python -c "import sys; t = open(sys.argv[1]).read(); i = t.rindex('\"lds_bytes\": '); j = t.index(',', i); open(sys.argv[2], 'w').write(t[:i] + '\"lds_bytes\": 65600' + t[j:])" %t.manifests %t.lds
// RUN: not FileCheck %s --input-file=%t.lds --check-prefix=LDS --implicit-check-not=lds_bytes 2>&1 | FileCheck %s --check-prefix=CAUGHT-MISSING
// CAUGHT-EXCLUDED: error: {{.*}}excluded string found in input
// CAUGHT-MISSING: error: {{.*}}expected string not found in input

// SCRATCH-COUNT-15: "scratch_bytes": 0,
// LDS-COUNT-15: "lds_bytes": {{([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-6])}},
// WAVE-COUNT-15: "wavefront_size": 64

// NOTES: .group_segment_fixed_size: {{[0-9]+}}
// NOTES: .private_segment_fixed_size: 0
// NOTES: .wavefront_size: 64
// NOTES: amdhsa.target: amdgcn-amd-amdhsa--gfx942

// CHECK-LABEL: {{^}}bf16_1001:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}bf16_1001:
// LOADS-COUNT-12: global_load_dwordx4

// One thread per row: nothing to exchange.
// CHECK-LABEL: {{^}}bf16_13:
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}bf16_13:
// LOADS-COUNT-3: global_load_dwordx4

// CHECK-LABEL: {{^}}bf16_32768:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}bf16_32768:
// LOADS-COUNT-16: global_load_dwordx4

// CHECK-LABEL: {{^}}bf16_4096:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}bf16_4096:
// LOADS-COUNT-16: global_load_dwordx4

// CHECK-LABEL: {{^}}bf16_5120:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}bf16_5120:
// LOADS-COUNT-8: global_load_dwordx4

// CHECK-LABEL: {{^}}f16_1001:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f16_1001:
// LOADS-COUNT-12: global_load_dwordx4

// One thread per row: nothing to exchange.
// CHECK-LABEL: {{^}}f16_13:
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f16_13:
// LOADS-COUNT-3: global_load_dwordx4

// CHECK-LABEL: {{^}}f16_32768:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f16_32768:
// LOADS-COUNT-16: global_load_dwordx4

// CHECK-LABEL: {{^}}f16_4096:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f16_4096:
// LOADS-COUNT-16: global_load_dwordx4

// CHECK-LABEL: {{^}}f16_5120:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f16_5120:
// LOADS-COUNT-8: global_load_dwordx4

// CHECK-LABEL: {{^}}f32_1001:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f32_1001:
// LOADS-COUNT-12: global_load_dwordx4

// One thread per row: nothing to exchange.
// CHECK-LABEL: {{^}}f32_13:
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f32_13:
// LOADS-COUNT-10: global_load_dwordx4

// CHECK-LABEL: {{^}}f32_32768:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f32_32768:
// LOADS-COUNT-32: global_load_dwordx4

// CHECK-LABEL: {{^}}f32_4096:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f32_4096:
// LOADS-COUNT-16: global_load_dwordx4

// CHECK-LABEL: {{^}}f32_5120:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: v_xor_b32_e32 {{v[0-9]+}}, 0x80, {{v[0-9]+}}
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,1)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,2)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// CHECK: ds_bpermute_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}
// CHECK-NOT: {{ds_swizzle|ds_bpermute}}
// CHECK: v_rsq_f32
// CHECK-NOT: v_rsq_f32
// CHECK: .end_amdhsa_kernel
// LOADS-LABEL: {{^}}f32_5120:
// LOADS-COUNT-8: global_load_dwordx4

// Stores are 16 bytes wide too.
// RUN: FileCheck %s --input-file=%t.all --check-prefix=STORES
// STORES-LABEL: {{^}}bf16_1001:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}bf16_13:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}bf16_32768:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}bf16_4096:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}bf16_5120:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f16_1001:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f16_13:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f16_32768:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f16_4096:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f16_5120:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f32_1001:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f32_13:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f32_32768:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f32_4096:
// STORES: global_store_dwordx4
// STORES-LABEL: {{^}}f32_5120:
// STORES: global_store_dwordx4

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

// The emitted PTX of every N class in f32, f16 and bf16 (Inputs/kernels.mlir)
// has the properties code generation promises; checked per kernel, in file
// order (the files are concatenated in name order):
// - 16-byte global loads and stores (ld/st.global.v4.b32) on the aligned path;
// - the in-warp reduction is a shfl.sync.bfly butterfly over offsets 1, 2, 4,
//   ... up to the row's threads in a warp, whole-warp clamp (31) and mask
//   (-1), f32 throughout;
// - exactly one rsqrt.approx.f32 per code path (aligned, element-aligned);
// - nowhere: f16/bf16 arithmetic, sqrt, division, local memory, calls,
//   external symbols (libdevice) (--implicit-check-not: the whole output);
// - each thread reads x once: the 16-byte loads are x's and w's vectors,
//   no more (LOADS; a lost load reuse adds a second read of x).
// DEFINE: %{bans} = --implicit-check-not='{{(add|sub|mul|fma)(\.rn)?\.(bf16|f16)}}' --implicit-check-not='{{sqrt\.r|div\.r|\.local|call|\.extern}}'
// RUN: rm -rf %t && rmsnorm-emit %S/../Inputs/kernels.mlir --target=nvptx --ptxas=none -o %t > %t.lines
// RUN: cat %t/bf16_*.ptx %t/f16_*.ptx %t/f32_*.ptx > %t.all
// RUN: FileCheck %s --input-file=%t.all %{bans}
// RUN: FileCheck %s --input-file=%t.all --check-prefix=LOADS --implicit-check-not=ld.global.v4 --implicit-check-not=ld.global.nc.v4
// RUN: FileCheck %s --check-prefix=LINES < %t.lines

// Negative controls: each check above rejects a planted fault, and says so
// (a misspelt prefix would fail differently).
// RUN: sed -e '0,/rsqrt.approx.f32/s//sqrt.rn.f32/' %t.all > %t.sqrt
// RUN: not FileCheck %s --input-file=%t.sqrt %{bans} 2>&1 | FileCheck %s --check-prefix=CAUGHT-EXCLUDED
// RUN: sed -e '$a\tadd.rn.bf16 %rs1, %rs2, %rs3;' %t.all > %t.bf16
// RUN: not FileCheck %s --input-file=%t.bf16 %{bans} 2>&1 | FileCheck %s --check-prefix=CAUGHT-EXCLUDED
// RUN: sed -e '0,/bfly.b32\(.*\), 4, 31, -1;/s//bfly.b32\1, 8, 31, -1;/' %t.all > %t.offsets
// RUN: not FileCheck %s --input-file=%t.offsets %{bans} 2>&1 | FileCheck %s --check-prefix=CAUGHT-MISSING
// RUN: sed -e '0,/\(ld.global.v4.b32.*\)$/s//\1\n\t\1/' %t.all > %t.reload
// RUN: not FileCheck %s --input-file=%t.reload --check-prefix=LOADS --implicit-check-not=ld.global.v4 2>&1 | FileCheck %s --check-prefix=CAUGHT-EXCLUDED
// CAUGHT-EXCLUDED: error: {{.*}}excluded string found in input
// CAUGHT-MISSING: error: {{.*}}expected string not found in input

// CHECK-LABEL: .visible .entry bf16_1001(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_1001_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry bf16_1001(
// LOADS-COUNT-6: ld.global.v4.b32

// One thread per row: nothing to shuffle.
// CHECK-LABEL: .visible .entry bf16_13(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_13_param_
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry bf16_13(
// LOADS-COUNT-2: ld.global.v4.b32

// CHECK-LABEL: .visible .entry bf16_32768(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_32768_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry bf16_32768(
// LOADS-COUNT-8: ld.global.v4.b32

// CHECK-LABEL: .visible .entry bf16_4096(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_4096_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry bf16_4096(
// LOADS-COUNT-8: ld.global.v4.b32

// CHECK-LABEL: .visible .entry bf16_5120(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_5120_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry bf16_5120(
// LOADS-COUNT-4: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f16_1001(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_1001_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f16_1001(
// LOADS-COUNT-6: ld.global.v4.b32

// One thread per row: nothing to shuffle.
// CHECK-LABEL: .visible .entry f16_13(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_13_param_
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f16_13(
// LOADS-COUNT-2: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f16_32768(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_32768_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f16_32768(
// LOADS-COUNT-8: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f16_4096(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_4096_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f16_4096(
// LOADS-COUNT-8: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f16_5120(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_5120_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f16_5120(
// LOADS-COUNT-4: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f32_1001(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_1001_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f32_1001(
// LOADS-COUNT-6: ld.global.v4.b32

// One thread per row: nothing to shuffle.
// CHECK-LABEL: .visible .entry f32_13(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_13_param_
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f32_13(
// LOADS-COUNT-6: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f32_32768(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_32768_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f32_32768(
// LOADS-COUNT-16: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f32_4096(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_4096_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f32_4096(
// LOADS-COUNT-8: ld.global.v4.b32

// CHECK-LABEL: .visible .entry f32_5120(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_5120_param_
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32
// LOADS-LABEL: .visible .entry f32_5120(
// LOADS-COUNT-4: ld.global.v4.b32

// One line per kernel written: path, registers, vector width, rows per block, threads.
// LINES: bf16_13.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_1001.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_4096.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_5120.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: bf16_32768.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_13.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_1001.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_4096.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_5120.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f16_32768.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_13.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_1001.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_4096.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_5120.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}
// LINES: f32_32768.sm_90.ptx: registers ?, vector width {{[0-9]+}}, rows per block {{[0-9]+}}, threads {{[0-9]+}}

// All of a thread's loads are issued before its reduction: on the aligned
// path of bf16_4096 (4 vectors per thread), the 4 loads of x come before the
// first shuffle, with no load in between.
// RUN: FileCheck %s --check-prefix=SCHED --input-file=%t/bf16_4096.sm_90.ptx
// SCHED-LABEL: .visible .entry bf16_4096(
// SCHED: rsqrt.approx.f32
// SCHED-COUNT-4: ld.global.v4.b32
// SCHED-NOT: ld.global
// SCHED: shfl.sync.bfly.b32

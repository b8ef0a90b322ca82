// The emitted PTX of every N class in f32, f16 and bf16 (Inputs/kernels.mlir)
// has the properties code generation promises; checked per kernel, in file
// order (the files are concatenated in name order):
// - 16-byte global loads and stores (ld/st.global.v4.b32) on the aligned path;
// - the in-warp reduction by shfl.sync.bfly, f32 throughout (no f16/bf16
//   arithmetic anywhere);
// - exactly one rsqrt.approx.f32 per code path (aligned, element-aligned) and
//   no sqrt or division;
// - no local memory, no calls, no external symbols (no libdevice).
// RUN: rm -rf %t && rmsnorm-emit %S/../Inputs/kernels.mlir --target=nvptx --ptxas=none -o %t > %t.lines
// RUN: cat %t/bf16_*.ptx %t/f16_*.ptx %t/f32_*.ptx | FileCheck %s
// RUN: cat %t/*.ptx | FileCheck %s --check-prefix=WHOLE
// RUN: FileCheck %s --check-prefix=LINES < %t.lines

// WHOLE-NOT: {{(add|sub|mul|fma)(\.rn)?\.(bf16|f16)}}
// WHOLE-NOT: {{sqrt\.r|div\.r|\.local|call|\.extern}}
// WHOLE: .target sm_90

// CHECK-LABEL: .visible .entry bf16_1001(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_1001_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// N < 32: one thread per row (128 rows per block), so nothing to shuffle.
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

// CHECK-LABEL: .visible .entry bf16_32768(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_32768_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry bf16_4096(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_4096_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry bf16_5120(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 bf16_5120_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry f16_1001(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_1001_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// N < 32: one thread per row (128 rows per block), so nothing to shuffle.
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

// CHECK-LABEL: .visible .entry f16_32768(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_32768_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry f16_4096(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_4096_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry f16_5120(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f16_5120_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry f32_1001(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_1001_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// N < 32: one thread per row (128 rows per block), so nothing to shuffle.
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

// CHECK-LABEL: .visible .entry f32_32768(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_32768_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry f32_4096(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_4096_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

// CHECK-LABEL: .visible .entry f32_5120(
// CHECK-COUNT-3: .param .u64 .ptr
// CHECK-COUNT-3: .param .u64 f32_5120_param_
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: rsqrt.approx.f32
// CHECK-NOT: rsqrt.approx.f32
// CHECK: st.global.v4.b32
// CHECK-NOT: rsqrt.approx.f32

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

// The README's example (tools/examples/rms_norm.mlir) optimizes for both
// targets; the schedules are the ones the README quotes.
// RUN: rmsnorm-opt %rmsnorm_src_root/tools/examples/rms_norm.mlir --rownorm-nvptx-attach-target --rownorm-optimize-pipeline --mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=PTX
// RUN: rmsnorm-opt %rmsnorm_src_root/tools/examples/rms_norm.mlir --rownorm-amdgpu-attach-target --rownorm-optimize-pipeline --mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=AMDGCN
// RUN: rmsnorm-opt %rmsnorm_src_root/tools/examples/rms_norm.mlir --rownorm-nvptx-attach-target --rownorm-optimize-pipeline 2>/dev/null | FileCheck %s --check-prefix=IR

// PTX: remark: schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 2> for N = 4096 'bf16' on sm_90
// PTX: remark: schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 3> for N = 5128 'f16' on sm_90
// AMDGCN: remark: schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 2> for N = 4096 'bf16' on gfx942
// AMDGCN: remark: schedule #rownorm.schedule<rows_per_block = 1, threads_per_row = 256, vector_width = 8, vectors_per_thread = 3> for N = 5128 'f16' on gfx942
// IR-LABEL: func.func @rms_norm_bf16_4096
// IR: math.rsqrt
// 5128 is a multiple of 8: the tail is whole vectors, one predicate each.
// IR-LABEL: func.func @rms_norm_f16_5128
// IR: %[[IN:.*]] = arith.cmpi sgt
// IR: arith.select %[[IN]], %{{.*}}, %{{.*}} : vector<8xf16>
// IR: math.rsqrt
// IR: scf.if
// IR-NEXT: vector.store

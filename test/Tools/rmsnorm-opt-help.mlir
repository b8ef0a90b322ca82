// rmsnorm-opt --help lists every rownorm pass and pipeline with its summary,
// and registers only the dialects it must parse.
// RUN: rmsnorm-opt --help | FileCheck %s

// CHECK: Available Dialects: arith, builtin, cf, func, gpu, index, llvm, math, memref, nvvm, rocdl, rownorm, scf, ub, vector
// CHECK-DAG: --rownorm-amdgpu-attach-target {{.*}}-{{ +}}Record an AMDGPU chip as the module's rownorm.target (#rocdl.target)
// CHECK-DAG: --rownorm-expand-ops {{.*}}-{{ +}}Expand rownorm ops into explicit, tiled reduction IR
// CHECK-DAG: --rownorm-fuse-rsqrt {{.*}}-{{ +}}Rewrite divisions by a square root into reciprocal square roots
// CHECK-DAG: --rownorm-mask-accesses {{.*}}-{{ +}}Make vector accesses that may leave their memref safe
// CHECK-DAG: --rownorm-nvptx-attach-target {{.*}}-{{ +}}Record an NVPTX chip as the module's rownorm.target (#nvvm.target)
// CHECK-DAG: --rownorm-tile-rows {{.*}}-{{ +}}Choose the multi-row tiling (schedule) of every rownorm op
// CHECK-DAG: --rownorm-widen-reductions {{.*}}-{{ +}}Accumulate f16/bf16 reductions in f32
// CHECK-DAG: --rownorm-optimize-pipeline {{.*}}-{{ +}}Target-agnostic rownorm optimization
// CHECK-DAG: --convert-rownorm-to-gpu {{.*}}-{{ +}}Turn tiled rownorm loop nests into GPU kernels (gpu dialect)
// CHECK-DAG: --rownorm-to-gpu-pipeline {{.*}}-{{ +}}rownorm-optimize-pipeline, then convert-rownorm-to-gpu
// CHECK-DAG: --rownorm-to-ptx-pipeline {{.*}}-{{ +}}Compile rownorm ops to PTX
// CHECK-DAG: --rownorm-to-amdgcn-pipeline {{.*}}-{{ +}}Compile rownorm ops to AMDGCN

// rmsnorm-opt --help lists every rownorm pass and pipeline with its summary,
// and registers only the dialects it must parse.
// RUN: rmsnorm-opt --help | FileCheck %s

// CHECK: Available Dialects: arith, builtin, func, math, memref, nvvm, rocdl, rownorm, scf, vector
// CHECK-DAG: --rownorm-amdgpu-attach-target {{.*}}-{{ +}}Record an AMDGPU chip as the module's rownorm.target (#rocdl.target)
// CHECK-DAG: --rownorm-expand-ops {{.*}}-{{ +}}Expand rownorm ops into explicit, tiled reduction IR
// CHECK-DAG: --rownorm-fuse-rsqrt {{.*}}-{{ +}}Rewrite divisions by a square root into reciprocal square roots
// CHECK-DAG: --rownorm-mask-accesses {{.*}}-{{ +}}Make vector accesses that may leave their memref safe
// CHECK-DAG: --rownorm-nvptx-attach-target {{.*}}-{{ +}}Record an NVPTX chip as the module's rownorm.target (#nvvm.target)
// CHECK-DAG: --rownorm-tile-rows {{.*}}-{{ +}}Choose the multi-row tiling (schedule) of every rownorm op
// CHECK-DAG: --rownorm-widen-reductions {{.*}}-{{ +}}Accumulate f16/bf16 reductions in f32
// CHECK-DAG: --rownorm-optimize-pipeline {{.*}}-{{ +}}Target-agnostic rownorm optimization

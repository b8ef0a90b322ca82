// Target features go to LLVM only once checked (regressions:
// features=-wavefrontsize64 crashed the AMDGPU backend, "Cannot select:
// intrinsic %llvm.amdgcn.ds.bpermute"; +wavefrontsize32 produced a binary
// without the kernel; unknown names were ignored with a warning). Each
// refusal names the attribute and why.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-amdgpu-attach-target="features=-wavefrontsize64" --verify-diagnostics
// RUN: not rmsnorm-opt %s --rownorm-amdgpu-attach-target="features=+wavefrontsize32" 2>&1 | FileCheck %s --check-prefix=W32
// RUN: not rmsnorm-opt %s --rownorm-amdgpu-attach-target="features=+nosuchfeature" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not rmsnorm-opt %s --rownorm-amdgpu-attach-target="features=xnack" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not rmsnorm-opt %s --rownorm-to-amdgcn-pipeline="features=-wavefrontsize64" 2>&1 | FileCheck %s --check-prefix=PIPELINE
// A feature LLVM knows and the description allows is kept.
// RUN: rmsnorm-opt %s --rownorm-amdgpu-attach-target="features=-xnack" | FileCheck %s --check-prefix=KEPT

// W32: error: cannot compile for #rocdl.target<O = 3, chip = "gfx942", features = "+wavefrontsize32">: features may not change the wavefront size: rownorm's gfx942 description is wave64, got '+wavefrontsize32'
// UNKNOWN: error: cannot compile for #rocdl.target<O = 3, chip = "gfx942", features = "+nosuchfeature">: 'nosuchfeature' is not a feature of gfx942 that LLVM knows
// SYNTAX: error: cannot compile for #rocdl.target<O = 3, chip = "gfx942", features = "xnack">: features are '+name' or '-name' separated by commas, got 'xnack'
// PIPELINE: error: cannot compile for #rocdl.target<O = 3, chip = "gfx942", features = "-wavefrontsize64">: features may not change the wavefront size
// PIPELINE-NOT: LLVM ERROR
// KEPT: rownorm.target = #rocdl.target<O = 3, chip = "gfx942", features = "-xnack">

// expected-error @+1 {{cannot compile for #rocdl.target<O = 3, chip = "gfx942", features = "-wavefrontsize64">: features may not change the wavefront size: rownorm's gfx942 description is wave64, got '-wavefrontsize64'}}
module {
  func.func @k(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
    rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
    return
  }
}

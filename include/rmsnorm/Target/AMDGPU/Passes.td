//===- Passes.td - AMDGPU-only passes ----------------------*- tablegen -*-===//

#ifndef RMSNORM_TARGET_AMDGPU_PASSES_TD
#define RMSNORM_TARGET_AMDGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def AMDGPUAttachTarget : Pass<"rownorm-amdgpu-attach-target", "::mlir::ModuleOp"> {
  let summary = "Record an AMDGPU chip as the module's rownorm.target (#rocdl.target)";
  let description = [{
    Sets the module's `rownorm.target` attribute to
    `#rocdl.target<chip = ..., features = ...>` when the module records no
    target. A module that already records the same chip is left alone; one
    that records another chip, or another vendor's target, is an error, so a
    pipeline option can never silently retarget IR.

    Example: `rmsnorm-opt --rownorm-amdgpu-attach-target=chip=gfx942 in.mlir`
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx942\"",
           "Target chip">,
    Option<"features", "features", "std::string", /*default=*/"\"\"",
           "Target features">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
}

#endif // RMSNORM_TARGET_AMDGPU_PASSES_TD

//===- Passes.td - NVPTX-only passes -----------------------*- tablegen -*-===//

#ifndef RMSNORM_TARGET_NVPTX_PASSES_TD
#define RMSNORM_TARGET_NVPTX_PASSES_TD

include "mlir/Pass/PassBase.td"

def NVPTXAttachTarget : Pass<"rownorm-nvptx-attach-target", "::mlir::ModuleOp"> {
  let summary = "Record an NVPTX chip as the module's rownorm.target (#nvvm.target)";
  let description = [{
    Sets the module's `rownorm.target` attribute to
    `#nvvm.target<chip = ..., features = ...>` when the module records no
    target. A module that already records the same chip is left alone; one
    that records another chip, or another vendor's target, is an error, so a
    pipeline option can never silently retarget IR.

    Example: `rmsnorm-opt --rownorm-nvptx-attach-target=chip=sm_90 in.mlir`
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip">,
    Option<"features", "features", "std::string",
           /*default=*/"::mlir::rmsnorm::kDefaultPTXFeature.str()",
           "Target features">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

#endif // RMSNORM_TARGET_NVPTX_PASSES_TD

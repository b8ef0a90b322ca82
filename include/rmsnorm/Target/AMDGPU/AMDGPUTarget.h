//===- AMDGPUTarget.h -------------------------------------------*- C++ -*-===//

#ifndef RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H
#define RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "rmsnorm/Pipelines/Pipelines.h"

namespace mlir::rmsnorm {

/// Options of `rownorm-to-amdgcn-pipeline`.
struct ToAMDGCNPipelineOptions
    : public GPUPipelineOptions<ToAMDGCNPipelineOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target chip"),
                           llvm::cl::init("gfx942")};
  Option<std::string> features{
      *this, "features", llvm::cl::desc("Target features"), llvm::cl::init("")};
};

/// Records the chip (attach-target) and runs the generic optimization and
/// conversion to gpu.func kernels.
void buildToAMDGCNKernelsPipeline(OpPassManager &pm,
                                  const ToAMDGCNPipelineOptions &options);
/// Lowers gpu.func kernels to the target's dialect and serializes each
/// gpu.module into a gpu.binary holding AMDGCN text.
void buildAMDGCNLoweringPipeline(OpPassManager &pm, StringRef chip);
/// The whole compile: the two above.
void buildToAMDGCNPipeline(OpPassManager &pm,
                           const ToAMDGCNPipelineOptions &options);
void registerToAMDGCNPipeline();

/// Attaches the rownorm target description to #rocdl.target.
/// Also registers what lowering to the target and serializing need: the
/// dialect, its LLVM IR translation and its gpu target interface.
void registerAMDGPUTargetDescription(DialectRegistry &registry);

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rmsnorm/Target/AMDGPU/Passes.h.inc"

} // namespace mlir::rmsnorm

#endif // RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H

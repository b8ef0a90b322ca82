//===- NVPTXTarget.h - the NVPTX target description -------------*- C++ -*-===//

#ifndef RMSNORM_TARGET_NVPTX_NVPTXTARGET_H
#define RMSNORM_TARGET_NVPTX_NVPTXTARGET_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "rmsnorm/Pipelines/Pipelines.h"

namespace mlir::rmsnorm {

/// The PTX version rownorm's NVPTX code needs (bulk copies: 8.0), as LLVM's
/// feature: the default of the pipelines' and the attach pass's `features`
/// option (Passes.td names this constant), and what a target naming no PTX
/// version is compiled for.
inline constexpr llvm::StringLiteral kDefaultPTXFeature = "+ptx80";

/// Options of `rownorm-to-ptx-pipeline`.
struct ToPTXPipelineOptions
    : public GPUPipelineOptions<ToPTXPipelineOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target chip"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("Target features"),
                               llvm::cl::init(kDefaultPTXFeature.str())};
};

/// Records the chip (attach-target) and runs the generic optimization and
/// conversion to gpu.func kernels.
void buildToPTXKernelsPipeline(OpPassManager &pm,
                               const ToPTXPipelineOptions &options);
/// Lowers gpu.func kernels to the target's dialect and serializes each
/// gpu.module into a gpu.binary holding PTX text.
void buildPTXLoweringPipeline(OpPassManager &pm);
/// The whole compile: the two above.
void buildToPTXPipeline(OpPassManager &pm, const ToPTXPipelineOptions &options);
void registerToPTXPipeline();

/// Attaches the rownorm target description to #nvvm.target.
/// Also registers what lowering to the target and serializing need: the
/// dialect, its LLVM IR translation and its gpu target interface.
void registerNVPTXTargetDescription(DialectRegistry &registry);

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rmsnorm/Target/NVPTX/Passes.h.inc"

} // namespace mlir::rmsnorm

#endif // RMSNORM_TARGET_NVPTX_NVPTXTARGET_H

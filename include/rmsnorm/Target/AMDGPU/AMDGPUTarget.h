//===- AMDGPUTarget.h - the AMDGPU target description -------------*- C++
//-*-===//

#ifndef RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H
#define RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::rmsnorm {

/// Options of `rownorm-to-amdgcn-pipeline`.
struct ToAMDGCNPipelineOptions
    : public PassPipelineOptions<ToAMDGCNPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target chip"), llvm::cl::init("gfx942")};
  PassOptions::Option<std::string> features{
      *this, "features", llvm::cl::desc("Target features"), llvm::cl::init("")};
  PassOptions::Option<int64_t> rowsPerBlock{
      *this, "rows-per-block",
      llvm::cl::desc("Rows of one thread block (0: cost model)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> threadsPerRow{
      *this, "threads-per-row",
      llvm::cl::desc("Threads that share one row (0: cost model)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Elements per access (0: cost model)"), llvm::cl::init(0)};
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

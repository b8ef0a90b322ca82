//===- NVPTXTarget.h - the NVPTX target description -------------*- C++ -*-===//

#ifndef RMSNORM_TARGET_NVPTX_NVPTXTARGET_H
#define RMSNORM_TARGET_NVPTX_NVPTXTARGET_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::rmsnorm {

/// Options of `rownorm-to-ptx-pipeline`.
struct ToPTXPipelineOptions : public PassPipelineOptions<ToPTXPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target chip"), llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{*this, "features",
                                            llvm::cl::desc("Target features"),
                                            llvm::cl::init("+ptx80")};
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

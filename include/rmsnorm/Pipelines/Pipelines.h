//===- Pipelines.h - named rownorm pipelines ----------------------*- C++
//-*-===//

#ifndef RMSNORM_PIPELINES_PIPELINES_H
#define RMSNORM_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::rmsnorm {

/// Options of `rownorm-optimize-pipeline`; each overrides one choice of the
/// tiling cost model (0: the cost model's).
struct OptimizePipelineOptions
    : public PassPipelineOptions<OptimizePipelineOptions> {
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

/// Target-agnostic optimization of rownorm ops into tiled, f32-accumulating,
/// masked loops: tile-rows, expand-ops, widen-reductions, fuse-rsqrt,
/// mask-accesses, then canonicalize and cse. Needs `rownorm.target`.
void buildOptimizePipeline(OpPassManager &pm,
                           const OptimizePipelineOptions &options);

/// The optimize pipeline, then convert-rownorm-to-gpu, canonicalize and cse:
/// rownorm ops become gpu.func kernels in the upstream dialects, ready for a
/// target's lowering (see the target libraries' to-ptx / to-amdgcn
/// pipelines).
void buildRowNormToGPUPipeline(OpPassManager &pm,
                               const OptimizePipelineOptions &options);

void registerPipelines();

} // namespace mlir::rmsnorm

#endif // RMSNORM_PIPELINES_PIPELINES_H

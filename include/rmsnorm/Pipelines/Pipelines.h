//===- Pipelines.h ----------------------------------------------*- C++ -*-===//

#ifndef RMSNORM_PIPELINES_PIPELINES_H
#define RMSNORM_PIPELINES_PIPELINES_H

#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::rmsnorm {

/// The schedule overrides of every pipeline that runs rownorm-tile-rows; each
/// replaces one choice of the cost model (0: the cost model's).
template <typename Derived>
struct TilingPipelineOptions : public PassPipelineOptions<Derived> {
  mlir::detail::PassOptions::Option<int64_t> rowsPerBlock{
      *this, "rows-per-block",
      llvm::cl::desc("Rows of one thread block (0: cost model)"),
      llvm::cl::init(0)};
  mlir::detail::PassOptions::Option<int64_t> threadsPerRow{
      *this, "threads-per-row",
      llvm::cl::desc("Threads that share one row (0: cost model)"),
      llvm::cl::init(0)};
  mlir::detail::PassOptions::Option<int64_t> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Elements per access (0: cost model)"), llvm::cl::init(0)};

  /// The same choices as options of rownorm-tile-rows.
  TileRowsOptions getTileRowsOptions() const {
    TileRowsOptions options;
    options.rowsPerBlock = rowsPerBlock;
    options.threadsPerRow = threadsPerRow;
    options.vectorWidth = vectorWidth;
    return options;
  }
};

/// Options of `rownorm-optimize-pipeline`.
struct OptimizePipelineOptions
    : public TilingPipelineOptions<OptimizePipelineOptions> {};

/// The schedule overrides, and the code-generation choices of every pipeline
/// that ends in gpu kernels.
template <typename Derived>
struct GPUPipelineOptions : public TilingPipelineOptions<Derived> {
  mlir::detail::PassOptions::Option<CacheHintLoads> cacheHints{
      *this, "cache-hints",
      llvm::cl::desc("Which row loads get cache-eviction hints "
                     "(rownorm-cache-hints' `loads`)"),
      llvm::cl::init(CacheHintLoads::Reread),
      llvm::cl::values(
          clEnumValN(CacheHintLoads::None, "none",
                     "no hints, and x held in registers everywhere "
                     "(rownorm-reuse-row-loads{reread-rows=false})"),
          clEnumValN(CacheHintLoads::Reread, "reread",
                     "x read again later: kept until then; where rows are "
                     "re-read on purpose also the re-read streamed and w "
                     "kept"),
          clEnumValN(CacheHintLoads::All, "all",
                     "also x read once streamed, w kept (measured slower "
                     "on aligned rows)"))};
  mlir::detail::PassOptions::Option<bool> launchOverlap{
      *this, "launch-overlap",
      llvm::cl::desc("Kernels wait for the previous kernel at their start, "
                     "so a loader may overlap their launch with its end "
                     "(rownorm-overlap-launch; where the target can)"),
      llvm::cl::init(true)};
  mlir::detail::PassOptions::Option<bool> stageRows{
      *this, "stage-rows",
      llvm::cl::desc("Short rows of unknown alignment staged through "
                     "workgroup memory by bulk copies when contiguous "
                     "(rownorm-stage-rows; where the target can)"),
      llvm::cl::init(true)};
};

/// Options of `rownorm-to-gpu-pipeline`.
struct ToGPUPipelineOptions : public GPUPipelineOptions<ToGPUPipelineOptions> {};

/// Target-agnostic optimization of rownorm ops into tiled, f32-accumulating,
/// masked loops: tile-rows, expand-ops, widen-reductions, fuse-rsqrt,
/// version-rows, align-rows, mask-accesses, coarsen-masks, then canonicalize
/// and cse. Needs `rownorm.target`.
void buildOptimizePipeline(OpPassManager &pm, const TileRowsOptions &tiling);

/// rownorm-check-kernels, the optimize pipeline, convert-rownorm-to-gpu, then
/// the kernel passes (unroll-row-loops, reuse-row-loads, hoist-row-loads,
/// stage-rows, cache-hints, lower-rsqrt, materialize-masks,
/// widen-bf16-pairs, overlap-launch), canonicalize and cse:
/// rownorm ops become gpu.func kernels in the upstream dialects, ready for a
/// target's lowering (see the target libraries' to-ptx / to-amdgcn
/// pipelines).
/// rownorm-cache-hints runs after rownorm-hoist-row-loads unless
/// `cacheHints` is None; rownorm-overlap-launch runs when `launchOverlap`,
/// rownorm-stage-rows when `stageRows`.
/// No defaults here: GPUPipelineOptions holds them, and every caller passes
/// its options.
void buildRowNormToGPUPipeline(OpPassManager &pm, const TileRowsOptions &tiling,
                               CacheHintLoads cacheHints, bool launchOverlap,
                               bool stageRows);

void registerPipelines();

} // namespace mlir::rmsnorm

#endif // RMSNORM_PIPELINES_PIPELINES_H

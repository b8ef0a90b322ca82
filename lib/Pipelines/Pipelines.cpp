//===- Pipelines.cpp - named rownorm pipelines ----------------------------===//

#include "rmsnorm/Pipelines/Pipelines.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::rmsnorm;

void mlir::rmsnorm::buildOptimizePipeline(OpPassManager &pm,
                                          const TileRowsOptions &tiling) {
  pm.addPass(createTileRows(tiling));
  pm.addPass(createExpandOps());
  pm.addPass(createWidenReductions());
  pm.addPass(createFuseRsqrt());
  // The aligned body kept for rownorm-stage-rows where strides fixed at N
  // would drop it.
  pm.addPass(createVersionRows(VersionRowsOptions{tiling.stagedRows}));
  pm.addPass(createAlignRows());
  pm.addPass(createMaskAccesses());
  pm.addPass(createCoarsenMasks());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::rmsnorm::buildRowNormToGPUPipeline(OpPassManager &pm,
                                              const TileRowsOptions &tiling,
                                              CacheHintLoads cacheHints,
                                              bool launchOverlap,
                                              bool stageRows) {
  pm.addPass(createCheckKernels());
  // A second kernel for many rows where its schedule re-reads x, which
  // needs the cache hints.
  TileRowsOptions gpuTiling = tiling;
  gpuTiling.manyRows = cacheHints != CacheHintLoads::None;
  // Rows rownorm-stage-rows will stage are scheduled for it.
  gpuTiling.stagedRows = stageRows;
  buildOptimizePipeline(pm, gpuTiling);
  pm.addPass(createConvertRowNormToGPU());
  pm.addPass(createUnrollRowLoops());
  // Re-reading x pays only with the cache hints that keep the first read.
  pm.addPass(createReuseRowLoads(
      ReuseRowLoadsOptions{cacheHints != CacheHintLoads::None}));
  pm.addPass(createHoistRowLoads());
  // After rownorm-hoist-row-loads, which changes only kernels with barriers
  // (rows across subgroups): the staged copy's barriers would select the
  // kernels it stages, whose rows fit a subgroup. Braces:
  // tools/pass-removal.sh deletes the addPass line alone.
  if (stageRows) {
    pm.addPass(createStageRows());
  }
  if (cacheHints != CacheHintLoads::None)
    pm.addPass(createCacheHints(CacheHintsOptions{cacheHints}));
  pm.addPass(createLowerRsqrt());
  pm.addPass(createMaterializeMasks());
  pm.addPass(createWidenBF16Pairs());
  if (launchOverlap)
    pm.addPass(createOverlapLaunch());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::rmsnorm::registerPipelines() {
  PassPipelineRegistration<OptimizePipelineOptions>(
      "rownorm-optimize-pipeline",
      "Target-agnostic rownorm optimization: tile rows, expand, accumulate in "
      "f32, fuse rsqrt, version and align rows, mask out-of-bounds accesses "
      "per vector",
      [](OpPassManager &pm, const OptimizePipelineOptions &options) {
        buildOptimizePipeline(pm, options.getTileRowsOptions());
      });
  PassPipelineRegistration<ToGPUPipelineOptions>(
      "rownorm-to-gpu-pipeline",
      "rownorm-optimize-pipeline, then convert-rownorm-to-gpu: rownorm ops "
      "to gpu.func kernels in upstream dialects",
      [](OpPassManager &pm, const ToGPUPipelineOptions &options) {
        buildRowNormToGPUPipeline(pm, options.getTileRowsOptions(),
                                  options.cacheHints, options.launchOverlap,
                                  options.stageRows);
      });
}

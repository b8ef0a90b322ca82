//===- Pipelines.cpp - named rownorm pipelines ----------------------------===//

#include "rmsnorm/Pipelines/Pipelines.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::rmsnorm;

void mlir::rmsnorm::buildOptimizePipeline(
    OpPassManager &pm, const OptimizePipelineOptions &options) {
  TileRowsOptions tiling;
  tiling.rowsPerBlock = options.rowsPerBlock;
  tiling.threadsPerRow = options.threadsPerRow;
  tiling.vectorWidth = options.vectorWidth;
  pm.addPass(createTileRows(tiling));
  pm.addPass(createExpandOps());
  pm.addPass(createWidenReductions());
  pm.addPass(createFuseRsqrt());
  pm.addPass(createMaskAccesses());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::rmsnorm::buildRowNormToGPUPipeline(
    OpPassManager &pm, const OptimizePipelineOptions &options) {
  buildOptimizePipeline(pm, options);
  pm.addPass(createConvertRowNormToGPU());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::rmsnorm::registerPipelines() {
  PassPipelineRegistration<OptimizePipelineOptions>(
      "rownorm-optimize-pipeline",
      "Target-agnostic rownorm optimization: tile rows, expand, accumulate in "
      "f32, fuse rsqrt, mask out-of-bounds accesses",
      buildOptimizePipeline);
  PassPipelineRegistration<OptimizePipelineOptions>(
      "rownorm-to-gpu-pipeline",
      "rownorm-optimize-pipeline, then convert-rownorm-to-gpu: rownorm ops "
      "to gpu.func kernels in upstream dialects",
      buildRowNormToGPUPipeline);
}

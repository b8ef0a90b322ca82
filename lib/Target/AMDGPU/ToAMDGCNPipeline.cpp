//===- ToAMDGCNPipeline.cpp -----------------------------------------------===//

#include "rmsnorm/Pipelines/Pipelines.h"
#include "rmsnorm/Target/AMDGPU/AMDGPUTarget.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::rmsnorm;

void mlir::rmsnorm::buildToAMDGCNKernelsPipeline(
    OpPassManager &pm, const ToAMDGCNPipelineOptions &options) {
  AMDGPUAttachTargetOptions attach;
  attach.chip = options.chip;
  attach.features = options.features;
  pm.addPass(createAMDGPUAttachTarget(attach));
  buildRowNormToGPUPipeline(pm, options.getTileRowsOptions(),
                            options.cacheHints, options.launchOverlap,
                            options.stageRows);
}

void mlir::rmsnorm::buildAMDGCNLoweringPipeline(OpPassManager &pm,
                                                StringRef chip) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToROCDLOpsOptions toROCDL;
  toROCDL.chipset = chip;
  toROCDL.indexBitwidth = 64;
  toROCDL.useBarePtrCallConv = true;
  toROCDL.runtime = gpu::amd::Runtime::HIP;
  kernels.addPass(createConvertGpuOpsToROCDLOps(toROCDL));
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::rmsnorm::buildToAMDGCNPipeline(
    OpPassManager &pm, const ToAMDGCNPipelineOptions &options) {
  buildToAMDGCNKernelsPipeline(pm, options);
  buildAMDGCNLoweringPipeline(pm, options.chip);
}

void mlir::rmsnorm::registerToAMDGCNPipeline() {
  PassPipelineRegistration<ToAMDGCNPipelineOptions>(
      "rownorm-to-amdgcn-pipeline",
      "Compile rownorm ops to AMDGCN: attach the AMDGPU target (chip, default "
      "gfx942), optimize, convert to gpu kernels, lower to ROCDL, serialize",
      buildToAMDGCNPipeline);
}

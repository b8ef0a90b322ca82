//===- ToPTXPipeline.cpp --------------------------------------------------===//

#include "rmsnorm/Pipelines/Pipelines.h"
#include "rmsnorm/Target/NVPTX/NVPTXTarget.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::rmsnorm;

void mlir::rmsnorm::buildToPTXKernelsPipeline(
    OpPassManager &pm, const ToPTXPipelineOptions &options) {
  NVPTXAttachTargetOptions attach;
  attach.chip = options.chip;
  attach.features = options.features;
  pm.addPass(createNVPTXAttachTarget(attach));
  buildRowNormToGPUPipeline(pm, options.getTileRowsOptions(),
                            options.cacheHints, options.launchOverlap,
                            options.stageRows);
}

void mlir::rmsnorm::buildPTXLoweringPipeline(OpPassManager &pm) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.indexBitwidth = 64;
  toNVVM.useBarePtrCallConv = true;
  kernels.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::rmsnorm::buildToPTXPipeline(OpPassManager &pm,
                                       const ToPTXPipelineOptions &options) {
  buildToPTXKernelsPipeline(pm, options);
  buildPTXLoweringPipeline(pm);
}

void mlir::rmsnorm::registerToPTXPipeline() {
  PassPipelineRegistration<ToPTXPipelineOptions>(
      "rownorm-to-ptx-pipeline",
      "Compile rownorm ops to PTX: attach the NVPTX target (chip, default "
      "sm_90), optimize, convert to gpu kernels, lower to NVVM, serialize",
      buildToPTXPipeline);
}

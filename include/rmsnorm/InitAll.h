//===- InitAll.h - everything rownorm tools register --------------*- C++
//-*-===//
//
// The one list of dialects, target descriptions, passes and pipelines. Only
// what rmsnorm-opt must parse or run is registered.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_INITALL_H
#define RMSNORM_INITALL_H

#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Pipelines/Pipelines.h"
#include "rmsnorm/Target/AMDGPU/AMDGPUTarget.h"
#include "rmsnorm/Target/NVPTX/NVPTXTarget.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::rmsnorm {

inline void registerAllDialects(DialectRegistry &registry) {
  registry.insert<rownorm::RowNormDialect, func::FuncDialect,
                  arith::ArithDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect, vector::VectorDialect>();
  registerNVPTXTargetDescription(registry);
  registerAMDGPUTargetDescription(registry);
}

inline void registerAllPasses() {
  registerRowNormTransformsPasses();
  registerRowNormNVPTXPasses();
  registerRowNormAMDGPUPasses();
  registerPipelines();
  // Upstream cleanups the pipelines use, for running them one by one.
  registerCanonicalizerPass();
  registerCSEPass();
}

} // namespace mlir::rmsnorm

#endif // RMSNORM_INITALL_H

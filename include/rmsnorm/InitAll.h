//===- InitAll.h ------------------------------------------------*- C++ -*-===//
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

#include "rmsnorm/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::rmsnorm {

inline void registerAllDialects(DialectRegistry &registry) {
  registry
      .insert<rownorm::RowNormDialect, func::FuncDialect, arith::ArithDialect,
              math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
              vector::VectorDialect, gpu::GPUDialect, LLVM::LLVMDialect,
              cf::ControlFlowDialect, ub::UBDialect, index::IndexDialect>();
  // Lowering the kernels to LLVM and serializing them.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVPTXTargetDescription(registry);
  registerAMDGPUTargetDescription(registry);
}

inline void registerAllPasses() {
  registerRowNormTransformsPasses();
  registerRowNormConversionPasses();
  registerToPTXPipeline();
  registerToAMDGCNPipeline();
  registerRowNormNVPTXPasses();
  registerRowNormAMDGPUPasses();
  registerPipelines();
  // Upstream cleanups the pipelines use, for running them one by one.
  registerCanonicalizerPass();
  registerCSEPass();
  // The serialization step of the target pipelines, for running it alone.
  registerGpuModuleToBinaryPass();
}

} // namespace mlir::rmsnorm

#endif // RMSNORM_INITALL_H

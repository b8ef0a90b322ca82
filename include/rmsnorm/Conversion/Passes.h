//===- Passes.h -------------------------------------------------*- C++ -*-===//

#ifndef RMSNORM_CONVERSION_PASSES_H
#define RMSNORM_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rmsnorm {

/// Name of the gpu.module that holds the kernels.
constexpr llvm::StringLiteral kKernelModuleName = "rownorm_kernels";

/// Which row loads rownorm-cache-hints gives an eviction hint.
enum class CacheHintLoads {
  /// None: the plain loads.
  None,
  /// Loads of x whose elements are read again later (kept until then); in
  /// kernels that re-read their rows on purpose, also the re-read (streamed)
  /// and the weight (kept).
  Reread,
  /// Those, and every other aligned 16-byte load of x (streamed) and w (kept).
  All,
};

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rmsnorm/Conversion/Passes.h.inc"

} // namespace mlir::rmsnorm

#endif // RMSNORM_CONVERSION_PASSES_H

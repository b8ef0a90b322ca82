//===- Passes.h -------------------------------------------------*- C++ -*-===//

#ifndef RMSNORM_TRANSFORMS_PASSES_H
#define RMSNORM_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rmsnorm {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rmsnorm/Transforms/Passes.h.inc"

} // namespace mlir::rmsnorm

#endif // RMSNORM_TRANSFORMS_PASSES_H

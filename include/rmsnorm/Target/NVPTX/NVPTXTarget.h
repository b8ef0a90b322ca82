//===- NVPTXTarget.h - the NVPTX target description -------------*- C++ -*-===//

#ifndef RMSNORM_TARGET_NVPTX_NVPTXTARGET_H
#define RMSNORM_TARGET_NVPTX_NVPTXTARGET_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rmsnorm {

/// Attaches the rownorm target description to #nvvm.target.
void registerNVPTXTargetDescription(DialectRegistry &registry);

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rmsnorm/Target/NVPTX/Passes.h.inc"

} // namespace mlir::rmsnorm

#endif // RMSNORM_TARGET_NVPTX_NVPTXTARGET_H

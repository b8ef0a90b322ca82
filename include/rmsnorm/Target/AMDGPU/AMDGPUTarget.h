//===- AMDGPUTarget.h - the AMDGPU target description -------------*- C++
//-*-===//

#ifndef RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H
#define RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rmsnorm {

/// Attaches the rownorm target description to #rocdl.target.
void registerAMDGPUTargetDescription(DialectRegistry &registry);

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rmsnorm/Target/AMDGPU/Passes.h.inc"

} // namespace mlir::rmsnorm

#endif // RMSNORM_TARGET_AMDGPU_AMDGPUTARGET_H

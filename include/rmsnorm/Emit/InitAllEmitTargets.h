//===- InitAllEmitTargets.h - the targets rmsnorm-emit knows ----*- C++ -*-===//

#ifndef RMSNORM_EMIT_INITALLEMITTARGETS_H
#define RMSNORM_EMIT_INITALLEMITTARGETS_H

#include "rmsnorm/Emit/AMDGPU/AMDGPUEmitTarget.h"
#include "rmsnorm/Emit/NVPTX/NVPTXEmitTarget.h"

namespace mlir::rmsnorm::emit {
/// In --target order; each declares its options when created.
inline std::vector<std::unique_ptr<EmitTarget>> createAllEmitTargets() {
  std::vector<std::unique_ptr<EmitTarget>> targets;
  targets.push_back(createNVPTXEmitTarget());
  targets.push_back(createAMDGPUEmitTarget());
  return targets;
}
} // namespace mlir::rmsnorm::emit

#endif // RMSNORM_EMIT_INITALLEMITTARGETS_H

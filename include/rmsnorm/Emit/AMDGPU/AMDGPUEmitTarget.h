//===- AMDGPUEmitTarget.h ---------------------------------------*- C++ -*-===//

#ifndef RMSNORM_EMIT_AMDGPU_AMDGPUEMITTARGET_H
#define RMSNORM_EMIT_AMDGPU_AMDGPUEMITTARGET_H

#include "rmsnorm/Emit/EmitTarget.h"

namespace mlir::rmsnorm::emit {
/// AMDGCN assembly and an hsaco linked with LLVM's llvm-mc and ld.lld
/// (option --llvm-tools). Create it before the command line is parsed: it
/// declares its options.
std::unique_ptr<EmitTarget> createAMDGPUEmitTarget();
} // namespace mlir::rmsnorm::emit

#endif // RMSNORM_EMIT_AMDGPU_AMDGPUEMITTARGET_H

//===- KernelFiles.h - a kernel's manifest and C header ---------*- C++ -*-===//
//
// Both are written from the launch contract alone (rownorm.launch), never
// from the source.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_EMIT_KERNELFILES_H
#define RMSNORM_EMIT_KERNELFILES_H

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Emit/EmitTarget.h"

namespace mlir::rmsnorm::emit {

/// Which kernel, for which target.
struct KernelIdentity {
  std::string kernel, symbol, target, chip;
};

/// The JSON manifest (rmsnorm/Runtime/ManifestSchema.h). `testPasses` lists
/// passes a test tool ran on the kernel (recorded, so that no broken kernel
/// passes for a product one).
std::string writeManifest(const rownorm::LaunchContract &contract,
                          const KernelIdentity &id,
                          const KernelPackage &package,
                          ArrayRef<std::string> testPasses);

/// A C header embedding the image, with the launch constants as an enum.
std::string writeCHeader(const rownorm::LaunchContract &contract,
                         const KernelIdentity &id, const KernelPackage &package,
                         StringRef stem);

} // namespace mlir::rmsnorm::emit

#endif // RMSNORM_EMIT_KERNELFILES_H

//===- EmitMain.h - the rmsnorm-emit driver ---------------------*- C++ -*-===//
//
// The command line of rmsnorm-emit, shared by the product tool and the
// test-only tool that may run test passes on the kernels (negative controls).
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_EMIT_EMITMAIN_H
#define RMSNORM_EMIT_EMITMAIN_H

#include "rmsnorm/Emit/EmitTarget.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir::rmsnorm::emit {

struct EmitMainConfig {
  /// The tool's name, for messages.
  std::string toolName = "rmsnorm-emit";
  /// Test tools only: offer --test-kernel-passes, a pass pipeline run on the
  /// gpu.func kernels before they are lowered (the passes must be
  /// registered).
  bool allowTestPasses = false;
};

/// Parses the command line (after the targets have declared their options)
/// and emits; returns the exit status.
int emitMain(int argc, char **argv, DialectRegistry &registry,
             std::vector<std::unique_ptr<EmitTarget>> targets,
             const EmitMainConfig &config);

} // namespace mlir::rmsnorm::emit

#endif // RMSNORM_EMIT_EMITMAIN_H

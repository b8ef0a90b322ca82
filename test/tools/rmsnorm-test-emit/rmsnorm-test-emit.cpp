//===- rmsnorm-test-emit.cpp - rmsnorm-emit with test passes --------------===//
//
// rmsnorm-emit plus --test-kernel-passes and the test passes: emits kernels
// broken on purpose, the negative controls of the GPU test suite. A test
// tool: not installed, never shipped.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"
#include "rmsnorm/Emit/EmitMain.h"
#include "rmsnorm/Emit/InitAllEmitTargets.h"
#include "rmsnorm/InitAll.h"

int main(int argc, char **argv) {
  mlir::rmsnorm::test::registerTestBreakKernelsPasses();
  mlir::DialectRegistry registry;
  mlir::rmsnorm::registerAllDialects(registry);
  mlir::rmsnorm::emit::EmitMainConfig config;
  config.toolName = "rmsnorm-test-emit";
  config.allowTestPasses = true;
  return mlir::rmsnorm::emit::emitMain(
      argc, argv, registry, mlir::rmsnorm::emit::createAllEmitTargets(),
      config);
}

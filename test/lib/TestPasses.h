//===- TestPasses.h - passes for tests only ---------------------*- C++ -*-===//

#ifndef RMSNORM_TEST_LIB_TESTPASSES_H
#define RMSNORM_TEST_LIB_TESTPASSES_H

namespace mlir::rmsnorm::test {
/// test-rownorm-skip-last-row, test-rownorm-drop-masks,
/// test-rownorm-f16-accumulate: kernels broken on purpose.
void registerTestBreakKernelsPasses();
} // namespace mlir::rmsnorm::test

#endif // RMSNORM_TEST_LIB_TESTPASSES_H

//===- UnrollRowLoops.cpp - unroll a thread's short loops in kernels ------===//

#include "rmsnorm/Conversion/Passes.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/Matchers.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_UNROLLROWLOOPS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;

namespace {
// Loops up to this trip count are unrolled: a thread's loads of one row are
// then all issued before its reduction.
constexpr int64_t kMaxUnroll = 16;

struct UnrollRowLoops final
    : public rmsnorm::impl::UnrollRowLoopsBase<UnrollRowLoops> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    });
    for (scf::ForOp loop : loops) {
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (lb && ub && step && *step > 0 &&
          (*ub - *lb + *step - 1) / *step <= kMaxUnroll)
        (void)loopUnrollFull(loop);
    }
  }
};
} // namespace

//===- LowerRsqrt.cpp - math.rsqrt to the target's approximate rsqrt ------===//

#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_LOWERRSQRT
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
struct LowerRsqrt final : public rmsnorm::impl::LowerRsqrtBase<LowerRsqrt> {
  void runOnOperation() override {
    SmallVector<math::RsqrtOp> rsqrts;
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      kernel.walk([&](math::RsqrtOp op) {
        if (op.getType().isF32())
          rsqrts.push_back(op);
      });
    });
    if (rsqrts.empty())
      return;
    std::unique_ptr<TargetInfo> target = getTargetInfo(rsqrts.front());
    if (!target)
      return signalPassFailure();
    for (math::RsqrtOp op : rsqrts) {
      OpBuilder builder(op);
      op.replaceAllUsesWith(
          target->createApproxRsqrt(builder, op.getLoc(), op.getOperand()));
      op.erase();
    }
  }
};
} // namespace

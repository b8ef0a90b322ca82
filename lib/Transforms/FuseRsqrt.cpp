//===- FuseRsqrt.cpp - a / sqrt(b) -> a * rsqrt(b) ------------------------===//

#include "rmsnorm/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_FUSERSQRT
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
bool allowsApproximation(arith::FastMathFlags flags) {
  return arith::bitEnumContainsAny(flags, arith::FastMathFlags::afn |
                                              arith::FastMathFlags::arcp);
}

bool isOne(Value value) { return matchPattern(value, m_OneFloat()); }

struct FuseRsqrt final : public rmsnorm::impl::FuseRsqrtBase<FuseRsqrt> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    // One rsqrt per square root, one broadcast per broadcast of it.
    DenseMap<Operation *, Value> replacements;
    auto rsqrtOf = [&](math::SqrtOp sqrt, arith::FastMathFlags flags) -> Value {
      Value &rsqrt = replacements[sqrt];
      if (!rsqrt) {
        builder.setInsertionPointAfter(sqrt);
        rsqrt = math::RsqrtOp::create(builder, sqrt.getLoc(), sqrt.getOperand(),
                                      flags);
      }
      return rsqrt;
    };

    getOperation()->walk([&](arith::DivFOp div) {
      Value divisor = div.getRhs();
      auto broadcast = divisor.getDefiningOp<vector::BroadcastOp>();
      if (broadcast)
        divisor = broadcast.getSource();
      auto sqrt = divisor.getDefiningOp<math::SqrtOp>();
      if (!sqrt)
        return;
      arith::FastMathFlags flags = div.getFastmath() | sqrt.getFastmath();
      if (!allowsApproximation(flags))
        return;
      Value rsqrt = rsqrtOf(sqrt, flags);
      if (broadcast) {
        Value &splat = replacements[broadcast];
        if (!splat) {
          builder.setInsertionPointAfter(broadcast);
          splat = vector::BroadcastOp::create(builder, broadcast.getLoc(),
                                              broadcast.getType(), rsqrt);
        }
        rsqrt = splat;
      }
      if (isOne(div.getLhs())) {
        div.replaceAllUsesWith(rsqrt);
      } else {
        builder.setInsertionPoint(div);
        div.replaceAllUsesWith(arith::MulFOp::create(builder, div.getLoc(),
                                                     div.getLhs(), rsqrt,
                                                     div.getFastmathAttr())
                                   .getResult());
      }
      div.erase();
    });

    // The square roots and their broadcasts are usually dead now.
    // Broadcasts first: they use the square roots.
    SmallVector<Operation *> replaced;
    for (auto &entry : replacements)
      replaced.push_back(entry.first);
    std::stable_partition(replaced.begin(), replaced.end(), [](Operation *op) {
      return isa<vector::BroadcastOp>(op);
    });
    for (Operation *op : replaced)
      if (op->use_empty())
        op->erase();
  }
};
} // namespace

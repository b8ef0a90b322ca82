//===- WidenReductions.cpp - accumulate f16/bf16 reductions in f32 --------===//
//
// Types are changed in place (block arguments, results) and every remaining
// narrow use is given an explicit arith.truncf, so the IR is valid after each
// step. The truncations are then sunk through the element-wise arithmetic
// that consumes them, so a widened value is rounded once, where it leaves.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Transforms/Passes.h"

#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_WIDENREDUCTIONS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
bool isNarrowFloat(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isF16() || element.isBF16();
}

/// `type` with its float element type replaced by f32.
Type widened(Type type) {
  Type f32 = Float32Type::get(type.getContext());
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(f32);
  return f32;
}

class Widener {
public:
  explicit Widener(MLIRContext *ctx) : builder(ctx) {}

  /// The f32 version of narrow value `value`, created right after it.
  Value widen(Value value) {
    if (auto trunc = value.getDefiningOp<arith::TruncFOp>())
      if (trunc.getIn().getType() == widened(value.getType()))
        return trunc.getIn();
    builder.setInsertionPointAfterValue(value);
    Location loc = value.getLoc();
    Attribute constant;
    if (matchPattern(value, m_Constant(&constant))) {
      if (auto floatAttr = dyn_cast<FloatAttr>(constant))
        return arith::ConstantOp::create(
            builder, loc,
            builder.getF32FloatAttr(floatAttr.getValueAsDouble()));
      if (auto splat = dyn_cast<SplatElementsAttr>(constant))
        return arith::ConstantOp::create(
            builder, loc,
            SplatElementsAttr::get(
                cast<ShapedType>(widened(value.getType())),
                builder.getF32FloatAttr(
                    splat.getSplatValue<APFloat>().convertToDouble())));
    }
    // A product feeding a reduction is formed in f32 too: an f16 square
    // overflows long before the sum does.
    if (auto mul = value.getDefiningOp<arith::MulFOp>()) {
      Value lhs = widen(mul.getLhs()), rhs = widen(mul.getRhs());
      builder.setInsertionPointAfter(mul);
      return arith::MulFOp::create(builder, loc, lhs, rhs,
                                   mul.getFastmathAttr());
    }
    return arith::ExtFOp::create(builder, loc, widened(value.getType()), value);
  }

  /// Gives `value` (now f32) back its narrow type for every use but `except`.
  void truncateOtherUses(Value value, Type narrowType, Operation *except) {
    if (llvm::all_of(value.getUsers(),
                     [&](Operation *user) { return user == except; }))
      return;
    builder.setInsertionPointAfterValue(value);
    auto trunc =
        arith::TruncFOp::create(builder, value.getLoc(), narrowType, value);
    value.replaceAllUsesExcept(trunc,
                               SmallPtrSet<Operation *, 2>{except, trunc});
    truncations.push_back(trunc);
  }

  /// scf.for: iter_arg updated by `addf(iter_arg, addend)`.
  void widenLoopCarried(scf::ForOp loop) {
    for (auto [index, iterArg] : llvm::enumerate(loop.getRegionIterArgs())) {
      Type narrowType = iterArg.getType();
      if (!isNarrowFloat(narrowType))
        continue;
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      auto add = yield.getOperand(index).getDefiningOp<arith::AddFOp>();
      if (!add || (add.getLhs() != iterArg && add.getRhs() != iterArg))
        continue;
      Value addend = add.getLhs() == iterArg ? add.getRhs() : add.getLhs();
      OpOperand &init = loop.getInitArgsMutable()[index];
      init.set(widen(init.get()));
      iterArg.setType(widened(narrowType));
      Value wideAddend = widen(addend);
      builder.setInsertionPointAfter(add);
      auto wideAdd = arith::AddFOp::create(builder, add.getLoc(), iterArg,
                                           wideAddend, add.getFastmathAttr());
      add.replaceAllUsesWith(wideAdd.getResult());
      add.erase();
      yield.setOperand(index, wideAdd);
      truncateOtherUses(wideAdd, narrowType, yield);
      truncateOtherUses(iterArg, narrowType, wideAdd);
      Value result = loop.getResult(index);
      result.setType(widened(narrowType));
      truncateOtherUses(result, narrowType, nullptr);
    }
  }

  /// vector.reduction <add> of a narrow vector.
  void widenVectorReduction(vector::ReductionOp reduction) {
    if (reduction.getKind() != vector::CombiningKind::ADD ||
        !isNarrowFloat(reduction.getType()))
      return;
    Type narrowType = reduction.getType();
    Value source = widen(reduction.getVector());
    Value acc = reduction.getAcc() ? widen(reduction.getAcc()) : Value();
    builder.setInsertionPoint(reduction);
    auto wide = vector::ReductionOp::create(builder, reduction.getLoc(),
                                            vector::CombiningKind::ADD, source,
                                            acc, reduction.getFastmath());
    auto trunc =
        arith::TruncFOp::create(builder, reduction.getLoc(), narrowType, wide);
    reduction.replaceAllUsesWith(trunc.getResult());
    reduction.erase();
    truncations.push_back(trunc);
  }

  /// scf.parallel reductions combined by a single addf.
  void widenParallelReduction(scf::ParallelOp loop) {
    auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
    for (auto [index, region] : llvm::enumerate(reduce.getReductions())) {
      Value result = loop.getResult(index);
      Type narrowType = result.getType();
      if (!isNarrowFloat(narrowType))
        continue;
      Block &combine = region.front();
      auto ret = cast<scf::ReduceReturnOp>(combine.getTerminator());
      auto add = ret.getResult().getDefiningOp<arith::AddFOp>();
      if (!add || &combine.front() != add.getOperation() ||
          !llvm::is_contained(add->getOperands(), combine.getArgument(0)) ||
          !llvm::is_contained(add->getOperands(), combine.getArgument(1)))
        continue;
      OpOperand &init = loop.getInitValsMutable()[index];
      init.set(widen(init.get()));
      OpOperand &operand = reduce->getOpOperand(index);
      operand.set(widen(operand.get()));
      for (BlockArgument arg : combine.getArguments())
        arg.setType(widened(narrowType));
      add.getResult().setType(widened(narrowType));
      result.setType(widened(narrowType));
      truncateOtherUses(result, narrowType, nullptr);
    }
  }

  /// Moves each truncation past the element-wise ops that consume it.
  void sinkTruncations() {
    while (!truncations.empty()) {
      arith::TruncFOp trunc = truncations.pop_back_val();
      for (Operation *user : llvm::make_early_inc_range(trunc->getUsers())) {
        if (!isElementwiseNarrowArithmetic(user))
          continue;
        builder.setInsertionPoint(user);
        IRMapping mapping;
        for (Value operand : user->getOperands())
          mapping.map(operand, widen(operand));
        builder.setInsertionPoint(user);
        Operation *wide = builder.clone(*user, mapping);
        Value wideResult = wide->getResult(0);
        wideResult.setType(widened(wideResult.getType()));
        auto narrow = arith::TruncFOp::create(
            builder, user->getLoc(), user->getResult(0).getType(), wideResult);
        user->getResult(0).replaceAllUsesWith(narrow.getResult());
        truncations.push_back(narrow);
      }
    }
  }

private:
  /// A narrow float op whose operands and result share one type and whose
  /// f32 clone means the same computation at higher precision.
  static bool isElementwiseNarrowArithmetic(Operation *op) {
    if (op->getNumResults() != 1 || !isNarrowFloat(op->getResult(0).getType()))
      return false;
    if (isa<vector::BroadcastOp>(op))
      return true;
    StringRef dialect =
        op->getDialect() ? op->getDialect()->getNamespace() : "";
    if (dialect != "arith" && dialect != "math")
      return false;
    if (op->getNumRegions() != 0 || isa<arith::ConstantOp>(op))
      return false;
    return llvm::all_of(op->getOperandTypes(), [&](Type type) {
      return type == op->getResult(0).getType();
    });
  }

  OpBuilder builder;
  SmallVector<arith::TruncFOp> truncations;
};

struct WidenReductions final
    : public rmsnorm::impl::WidenReductionsBase<WidenReductions> {
  void runOnOperation() override {
    Widener widener(&getContext());
    SmallVector<Operation *> candidates;
    getOperation()->walk([&](Operation *op) {
      if (isa<scf::ForOp, vector::ReductionOp, scf::ParallelOp>(op))
        candidates.push_back(op);
    });
    for (Operation *op : candidates) {
      if (auto loop = dyn_cast<scf::ForOp>(op))
        widener.widenLoopCarried(loop);
      else if (auto reduction = dyn_cast<vector::ReductionOp>(op))
        widener.widenVectorReduction(reduction);
      else
        widener.widenParallelReduction(cast<scf::ParallelOp>(op));
    }
    widener.sinkTruncations();
    // The narrow originals are dead now; drop them so the result reads clean.
    IRRewriter rewriter(&getContext());
    (void)eraseUnreachableBlocks(rewriter, getOperation()->getRegions());
    getOperation()->walk<WalkOrder::PostOrder, ReverseIterator>(
        [&](Operation *op) {
          if (op != getOperation() && isOpTriviallyDead(op))
            op->erase();
        });
  }
};
} // namespace

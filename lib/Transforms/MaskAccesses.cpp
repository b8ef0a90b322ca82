//===- MaskAccesses.cpp - make possibly out-of-bounds accesses safe -------===//
//
// Bounds are proven with a small interval analysis rather than upstream's
// ValueBoundsOpInterface: the indices rownorm produces are sums and products
// of constants and loop induction variables, and intervals over those are
// exact, cheap and easy to reason about in a test.
//
//===----------------------------------------------------------------------===//

#include "RowLayout.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_MASKACCESSES
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// What an access needs to be safe.
struct Need {
  bool tailMask = false;        // innermost dimension may run past the end
  SmallVector<unsigned> guards; // outer dimensions that may be out of bounds
  bool any() const { return tailMask || !guards.empty(); }
};

/// True when `index` is the induction variable of a loop that starts at a
/// non-negative constant and stops at `memref.dim %memref, dim`: the usual
/// shape of a loop over a dynamic dimension.
bool boundedByDim(Value index, Value memref, unsigned dim) {
  auto arg = dyn_cast<BlockArgument>(index);
  if (!arg)
    return false;
  Value lb, ub;
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto loop = dyn_cast<scf::ForOp>(owner);
      loop && arg == loop.getInductionVar()) {
    lb = loop.getLowerBound();
    ub = loop.getUpperBound();
  } else if (auto loop = dyn_cast<scf::ParallelOp>(owner)) {
    lb = loop.getLowerBound()[arg.getArgNumber()];
    ub = loop.getUpperBound()[arg.getArgNumber()];
  } else {
    return false;
  }
  std::optional<int64_t> start = getConstantIntValue(lb);
  auto size = ub.getDefiningOp<memref::DimOp>();
  return start && *start >= 0 && size && size.getSource() == memref &&
         getConstantIntValue(size.getIndex()) == static_cast<int64_t>(dim);
}

Need analyze(Value memref, ValueRange indices, int64_t width,
             bool masked = false) {
  Need need;
  auto type = cast<MemRefType>(memref.getType());
  unsigned inner = type.getRank() - 1;
  for (auto [dim, index] : llvm::enumerate(indices)) {
    int64_t size = type.getDimSize(dim);
    if (masked && dim == inner)
      continue; // The access's own mask keeps the columns in bounds.
    int64_t extent = dim == inner ? width : 1;
    std::optional<IndexRange> range = rangeOf(index);
    bool safe = range && range->lo >= 0 && !ShapedType::isDynamic(size) &&
                range->hi + extent <= size;
    safe |= extent == 1 && boundedByDim(index, memref, dim);
    if (safe)
      continue;
    if (dim == inner)
      need.tailMask = true;
    else
      need.guards.push_back(dim);
  }
  return need;
}

template <typename AccessOp> Need analyze(AccessOp op) {
  return analyze(op.getBase(), op.getIndices(),
                 op.getVectorType().getNumElements(),
                 isa<vector::MaskedLoadOp, vector::MaskedStoreOp>(op));
}

struct MaskAccesses final
    : public rmsnorm::impl::MaskAccessesBase<MaskAccesses> {
  /// Peels the last iteration of `loop` into a loop of its own, after it.
  void peelLastIteration(scf::ForOp loop) {
    int64_t lb = *getConstantIntValue(loop.getLowerBound());
    int64_t ub = *getConstantIntValue(loop.getUpperBound());
    int64_t step = *getConstantIntValue(loop.getStep());
    int64_t last = lb + (ub - 1 - lb) / step * step;
    OpBuilder builder(loop);
    Value split = arith::ConstantIndexOp::create(builder, loop.getLoc(), last);
    builder.setInsertionPointAfter(loop);
    auto peeled = cast<scf::ForOp>(builder.clone(*loop));
    peeled.getLowerBoundMutable().assign(split);
    peeled.getInitArgsMutable().assign(loop.getResults());
    loop.getUpperBoundMutable().assign(split);
    for (auto [main, rest] : llvm::zip(loop.getResults(), peeled.getResults()))
      main.replaceAllUsesExcept(rest, peeled);
  }

  /// `size - index` elements of the innermost dimension remain; none when an
  /// outer index is out of bounds.
  Value maskFor(OpBuilder &b, Location loc, Value memref, ValueRange indices,
                VectorType vectorType, Value inBounds) {
    unsigned inner = indices.size() - 1;
    Value size = memref::DimOp::create(b, loc, memref, inner);
    Value remaining = arith::SubIOp::create(b, loc, size, indices[inner]);
    if (inBounds)
      remaining =
          arith::SelectOp::create(b, loc, inBounds, remaining,
                                  arith::ConstantIndexOp::create(b, loc, 0));
    return vector::CreateMaskOp::create(
        b, loc, VectorType::get(vectorType.getShape(), b.getI1Type()),
        ValueRange{remaining});
  }

  /// True when every guarded outer index is below its dimension's size.
  Value guardFor(OpBuilder &b, Location loc, Value memref, ValueRange indices,
                 ArrayRef<unsigned> dims) {
    Value all;
    for (unsigned dim : dims) {
      Value size = memref::DimOp::create(b, loc, memref, dim);
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       indices[dim], size);
      all = all ? arith::AndIOp::create(b, loc, all, ok) : ok;
    }
    return all;
  }

  void makeSafe(vector::LoadOp load, const Need &need) {
    OpBuilder b(load);
    Location loc = load.getLoc();
    VectorType type = load.getVectorType();
    Value zeros = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType())));
    Value guard =
        need.guards.empty()
            ? Value()
            : guardFor(b, loc, load.getBase(), load.getIndices(), need.guards);
    Value safe;
    if (need.tailMask) {
      Value mask =
          maskFor(b, loc, load.getBase(), load.getIndices(), type, guard);
      auto masked = vector::MaskedLoadOp::create(
          b, loc, type, load.getBase(), load.getIndices(), mask, zeros);
      copyAlignment(load, masked);
      safe = masked;
    } else {
      auto ifOp = scf::IfOp::create(
          b, loc, guard,
          [&](OpBuilder &then, Location loc) {
            Operation *clone = then.clone(*load);
            scf::YieldOp::create(then, loc, clone->getResults());
          },
          [&](OpBuilder &otherwise, Location loc) {
            scf::YieldOp::create(otherwise, loc, zeros);
          });
      safe = ifOp.getResult(0);
    }
    load.replaceAllUsesWith(safe);
    load.erase();
  }

  void makeSafe(vector::StoreOp store, const Need &need) {
    OpBuilder b(store);
    Location loc = store.getLoc();
    Value guard = need.guards.empty()
                      ? Value()
                      : guardFor(b, loc, store.getBase(), store.getIndices(),
                                 need.guards);
    if (need.tailMask) {
      Value mask = maskFor(b, loc, store.getBase(), store.getIndices(),
                           store.getVectorType(), guard);
      auto masked = vector::MaskedStoreOp::create(
          b, loc, store.getBase(), store.getIndices(), mask,
          store.getValueToStore());
      copyAlignment(store, masked);
    } else {
      scf::IfOp::create(b, loc, guard, [&](OpBuilder &then, Location loc) {
        then.clone(*store);
        scf::YieldOp::create(then, loc);
      });
    }
    store.erase();
  }

  /// A masked access (rownorm-align-rows' row body) already keeps its
  /// columns in bounds; rows past the end clear its mask.
  template <typename MaskedOp> void guardMask(MaskedOp op, const Need &need) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Value guard = guardFor(b, loc, op.getBase(), op.getIndices(), need.guards);
    Value mask = op.getMask();
    if (auto create = mask.getDefiningOp<vector::CreateMaskOp>();
        create && create.getNumOperands() == 1) {
      Value remaining = arith::SelectOp::create(
          b, loc, guard, create.getOperand(0),
          arith::ConstantIndexOp::create(b, loc, 0));
      mask = vector::CreateMaskOp::create(b, loc, create.getVectorType(),
                                          ValueRange{remaining});
    } else {
      Value all = vector::BroadcastOp::create(b, loc, mask.getType(), guard);
      mask = arith::AndIOp::create(b, loc, mask, all);
    }
    op.getMaskMutable().assign(mask);
  }

  void runOnOperation() override {
    // Peel loops whose accesses may run past the row's end, so only their
    // last iteration pays for masks.
    llvm::SetVector<scf::ForOp> toPeel;
    getOperation()->walk([&](Operation *op) {
      bool tail = false;
      if (auto load = dyn_cast<vector::LoadOp>(op))
        tail = analyze(load).tailMask;
      else if (auto store = dyn_cast<vector::StoreOp>(op))
        tail = analyze(store).tailMask;
      if (!tail)
        return;
      auto loop = op->getParentOfType<scf::ForOp>();
      if (!loop)
        return;
      std::optional<IndexRange> range = inductionRange(
          loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
      if (range && range->hi > range->lo)
        toPeel.insert(loop);
    });
    for (scf::ForOp loop : toPeel)
      peelLastIteration(loop);

    SmallVector<std::pair<Operation *, Need>> unsafe;
    getOperation()->walk([&](Operation *op) {
      if (auto load = dyn_cast<vector::LoadOp>(op)) {
        if (Need need = analyze(load); need.any())
          unsafe.emplace_back(op, need);
      } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
        if (Need need = analyze(store); need.any())
          unsafe.emplace_back(op, need);
      } else if (auto load = dyn_cast<vector::MaskedLoadOp>(op)) {
        if (Need need = analyze(load); need.any())
          unsafe.emplace_back(op, need);
      } else if (auto store = dyn_cast<vector::MaskedStoreOp>(op)) {
        if (Need need = analyze(store); need.any())
          unsafe.emplace_back(op, need);
      }
    });
    for (auto &[op, need] : unsafe) {
      if (auto load = dyn_cast<vector::LoadOp>(op))
        makeSafe(load, need);
      else if (auto store = dyn_cast<vector::StoreOp>(op))
        makeSafe(store, need);
      else if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
        guardMask(load, need);
      else
        guardMask(cast<vector::MaskedStoreOp>(op), need);
    }
  }
};
} // namespace

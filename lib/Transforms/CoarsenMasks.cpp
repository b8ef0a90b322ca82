//===- CoarsenMasks.cpp - per-vector predicates for whole-vector masks ----===//

#include "rmsnorm/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"

#include <numeric>

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_COARSENMASKS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// True when `value` is provably a multiple of `m` (> 0).
bool isMultipleOf(Value value, int64_t m, unsigned depth = 0) {
  if (m == 1)
    return true;
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return *c % m == 0;
  Operation *op = value.getDefiningOp();
  if (!op || depth > 32)
    return false;
  ++depth;
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    std::optional<int64_t> index = getConstantIntValue(dim.getIndex());
    auto type = dyn_cast<MemRefType>(dim.getSource().getType());
    return index && type && *index < type.getRank() &&
           !type.isDynamicDim(*index) && type.getDimSize(*index) % m == 0;
  }
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return isMultipleOf(op->getOperand(0), m, depth) &&
           isMultipleOf(op->getOperand(1), m, depth);
  if (isa<arith::MulIOp>(op)) {
    for (unsigned i = 0; i < 2; ++i)
      if (std::optional<int64_t> c = getConstantIntValue(op->getOperand(i)))
        return *c != 0 &&
               isMultipleOf(op->getOperand(1 - i), m / std::gcd(*c, m), depth);
    return isMultipleOf(op->getOperand(0), m, depth) ||
           isMultipleOf(op->getOperand(1), m, depth);
  }
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return isMultipleOf(select.getTrueValue(), m, depth) &&
           isMultipleOf(select.getFalseValue(), m, depth);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return isMultipleOf(op->getOperand(0), m, depth);
  return false;
}

/// `%remaining > 0` when `mask` is a create_mask that is provably all-true
/// or all-false, else null.
Value uniformPredicate(OpBuilder &b, Value mask) {
  auto create = mask.getDefiningOp<vector::CreateMaskOp>();
  if (!create)
    return {};
  VectorType type = create.getVectorType();
  Value remaining = create.getOperand(0);
  if (type.getRank() != 1 || type.isScalable() ||
      !isMultipleOf(remaining, type.getNumElements()))
    return {};
  Location loc = create.getLoc();
  Value zero =
      arith::ConstantOp::create(b, loc, b.getZeroAttr(remaining.getType()));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, remaining,
                               zero);
}

struct CoarsenMasks final
    : public rmsnorm::impl::CoarsenMasksBase<CoarsenMasks> {
  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation()->walk([&](Operation *op) {
      if (isa<vector::MaskedLoadOp, vector::MaskedStoreOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto load = dyn_cast<vector::MaskedLoadOp>(op)) {
        Value inside = uniformPredicate(b, load.getMask());
        if (!inside)
          continue;
        // A load that is always in bounds: the vector itself, or element
        // zero of the buffer (row 0 always exists) when the vector is
        // outside. Plain loads keep their alignment and are found equal by
        // later load reuse.
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        SmallVector<Value> indices;
        for (Value index : load.getIndices())
          indices.push_back(
              arith::SelectOp::create(b, loc, inside, index, zero));
        Value value = vector::LoadOp::create(b, loc, load.getVectorType(),
                                             load.getBase(), indices);
        Value selected =
            arith::SelectOp::create(b, loc, inside, value, load.getPassThru());
        load.getResult().replaceAllUsesWith(selected);
        load.erase();
        continue;
      }
      auto store = cast<vector::MaskedStoreOp>(op);
      Value inside = uniformPredicate(b, store.getMask());
      if (!inside)
        continue;
      scf::IfOp::create(b, loc, inside, [&](OpBuilder &then, Location loc) {
        vector::StoreOp::create(then, loc, store.getValueToStore(),
                                store.getBase(), store.getIndices());
        scf::YieldOp::create(then, loc);
      });
      store.erase();
    }
    // Masks left without users.
    getOperation()->walk([](vector::CreateMaskOp mask) {
      if (mask->use_empty())
        mask.erase();
    });
  }
};
} // namespace

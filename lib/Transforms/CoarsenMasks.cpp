//===- CoarsenMasks.cpp - per-vector predicates for whole-vector masks ----===//

#include "RowLayout.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_COARSENMASKS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
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
        auto whole = vector::LoadOp::create(b, loc, load.getVectorType(),
                                            load.getBase(), indices);
        copyAlignment(load, whole);
        Value value = whole;
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
        auto whole =
            vector::StoreOp::create(then, loc, store.getValueToStore(),
                                    store.getBase(), store.getIndices());
        copyAlignment(store, whole);
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

//===- WidenBF16Pairs.cpp - bf16 -> f32 widening as shifts of packed pairs ===//

#include "rmsnorm/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_WIDENBF16PAIRS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;

namespace {
/// Longer vectors are left to the target (kernels widen at most a 16-byte
/// vector at a time); the interleaving mask is built element by element.
constexpr int64_t kMaxElements = 1024;

/// A bf16 value is the high half of the f32 with the same value, so a
/// 32-bit word holding two packed bf16 elements widens to two f32 with one
/// operation each: the low element shifted up, the high one masked in place.
/// Targets otherwise may unpack each element to 16 bits first (two
/// instructions per high element where measured: the pass description).
void widenPairs(arith::ExtFOp extf) {
  auto source = dyn_cast<VectorType>(extf.getIn().getType());
  auto result = dyn_cast<VectorType>(extf.getType());
  if (!source || !result || source.getRank() != 1 || source.isScalable() ||
      !source.getElementType().isBF16() || !result.getElementType().isF32() ||
      source.getNumElements() % 2 != 0 ||
      source.getNumElements() > kMaxElements)
    return;
  int64_t pairs = source.getNumElements() / 2;
  OpBuilder b(extf);
  Location loc = extf.getLoc();
  auto wordsType = VectorType::get({pairs}, b.getI32Type());
  auto halfType = VectorType::get({pairs}, b.getF32Type());
  // Little-endian packing: element 2k is the low half of word k.
  Value words = vector::BitCastOp::create(b, loc, wordsType, extf.getIn());
  auto splat = [&](int32_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(wordsType, b.getI32IntegerAttr(value)));
  };
  Value low = arith::ShLIOp::create(b, loc, words, splat(16));
  Value high = arith::AndIOp::create(b, loc, words,
                                     splat(static_cast<int32_t>(0xFFFF0000u)));
  Value lowF = arith::BitcastOp::create(b, loc, halfType, low);
  Value highF = arith::BitcastOp::create(b, loc, halfType, high);
  SmallVector<int64_t> interleave;
  for (int64_t k = 0; k < pairs; ++k) {
    interleave.push_back(k);
    interleave.push_back(pairs + k);
  }
  Value widened = vector::ShuffleOp::create(b, loc, lowF, highF, interleave);
  extf.replaceAllUsesWith(widened);
  extf.erase();
}

struct WidenBF16Pairs final
    : public rmsnorm::impl::WidenBF16PairsBase<WidenBF16Pairs> {
  void runOnOperation() override {
    // Each widening once, also where a gpu.func nests inside another.
    SmallVector<arith::ExtFOp> widenings;
    getOperation()->walk([&](arith::ExtFOp op) {
      if (op->getParentOfType<gpu::GPUFuncOp>())
        widenings.push_back(op);
    });
    for (arith::ExtFOp op : widenings)
      widenPairs(op);
  }
};
} // namespace

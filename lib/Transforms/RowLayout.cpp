//===- RowLayout.cpp - where rows lie in memory, for the row passes -------===//

#include "RowLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <numeric>

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
bool isMultipleOf(Value value, int64_t m, unsigned depth) {
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
} // namespace

SmallVector<Block *>
mlir::rmsnorm::rowBodies(Operation *root, function_ref<bool(scf::ForOp)> keep) {
  SmallVector<Block *> blocks;
  root->walk([&](scf::ForOp loop) {
    auto thread = dyn_cast<scf::ParallelOp>(loop->getParentOp());
    if (!thread || !thread->getBlock() || !keep(loop))
      return;
    if (!llvm::is_contained(blocks, thread->getBlock()))
      blocks.push_back(thread->getBlock());
  });
  return blocks;
}

std::optional<IndexRange> mlir::rmsnorm::inductionRange(Value lb, Value ub,
                                                       Value step) {
  std::optional<int64_t> l = getConstantIntValue(lb),
                         u = getConstantIntValue(ub),
                         s = getConstantIntValue(step);
  if (!l || !u || !s || *s < 1 || *u <= *l)
    return std::nullopt;
  return IndexRange{*l, *l + (*u - 1 - *l) / *s * *s};
}

std::optional<IndexRange> mlir::rmsnorm::rangeOf(Value value, Value pinned,
                                                 IndexRange pinnedRange) {
  if (pinned && value == pinned)
    return pinnedRange;
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return IndexRange{*c, *c};
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner))
      if (arg == loop.getInductionVar())
        return inductionRange(loop.getLowerBound(), loop.getUpperBound(),
                              loop.getStep());
    if (auto loop = dyn_cast<scf::ParallelOp>(owner)) {
      unsigned dim = arg.getArgNumber();
      return inductionRange(loop.getLowerBound()[dim],
                            loop.getUpperBound()[dim], loop.getStep()[dim]);
    }
    return std::nullopt;
  }
  Operation *op = value.getDefiningOp();
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::AndIOp>(op))
    return std::nullopt;
  std::optional<IndexRange> a = rangeOf(op->getOperand(0), pinned, pinnedRange),
                            b = rangeOf(op->getOperand(1), pinned, pinnedRange);
  if (isa<arith::AndIOp>(op)) {
    // Clearing bits of a non-negative value keeps it in [0, value].
    std::optional<int64_t> hi;
    for (const std::optional<IndexRange> &r : {a, b})
      if (r && r->lo >= 0)
        hi = hi ? std::min(*hi, r->hi) : r->hi;
    if (!hi)
      return std::nullopt;
    return IndexRange{0, *hi};
  }
  if (!a || !b)
    return std::nullopt;
  if (isa<arith::AddIOp>(op))
    return IndexRange{a->lo + b->lo, a->hi + b->hi};
  if (isa<arith::SubIOp>(op))
    return IndexRange{a->lo - b->hi, a->hi - b->lo};
  int64_t corners[] = {a->lo * b->lo, a->lo * b->hi, a->hi * b->lo,
                       a->hi * b->hi};
  return IndexRange{*llvm::min_element(corners), *llvm::max_element(corners)};
}

bool mlir::rmsnorm::isMultipleOf(Value value, int64_t m) {
  return ::isMultipleOf(value, m, 0);
}

std::pair<Value, VectorType> mlir::rmsnorm::vectorAccess(Operation *op) {
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return {load.getBase(), load.getVectorType()};
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return {store.getBase(), store.getVectorType()};
  if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
    return {load.getBase(), load.getVectorType()};
  if (auto store = dyn_cast<vector::MaskedStoreOp>(op))
    return {store.getBase(), store.getVectorType()};
  return {};
}

bool mlir::rmsnorm::isArgumentAccess(Operation *op) {
  if (!isa<vector::LoadOp, vector::StoreOp>(op))
    return false;
  auto arg = dyn_cast<BlockArgument>(vectorAccess(op).first);
  return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

ValueRange mlir::rmsnorm::accessIndices(Operation *op) {
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return load.getIndices();
  return cast<vector::StoreOp>(op).getIndices();
}

int64_t mlir::rmsnorm::alignmentOf(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>("alignment");
  return attr ? attr.getInt() : 0;
}

void mlir::rmsnorm::setAlignment(Operation *op, int64_t bytes) {
  op->setAttr("alignment",
              IntegerAttr::get(IntegerType::get(op->getContext(), 64), bytes));
}

void mlir::rmsnorm::copyAlignment(Operation *from, Operation *to) {
  if (int64_t bytes = alignmentOf(from))
    setAlignment(to, bytes);
  if (Attribute reload = from->getAttr(kReloadAttrName))
    to->setAttr(kReloadAttrName, reload);
}

int64_t mlir::rmsnorm::naturalAlignment(VectorType type, int64_t maxBytes) {
  int64_t bytes =
      type.getNumElements() * type.getElementType().getIntOrFloatBitWidth() / 8;
  return llvm::isPowerOf2_64(bytes) ? std::min(bytes, maxBytes) : 0;
}

Value mlir::rmsnorm::offsetOf(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (succeeded(type.getStridesAndOffset(strides, offset)) &&
      !ShapedType::isDynamic(offset))
    return arith::ConstantIndexOp::create(b, loc, offset);
  return memref::ExtractStridedMetadataOp::create(b, loc, memref).getOffset();
}

Value mlir::rmsnorm::rowStrideOf(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (succeeded(type.getStridesAndOffset(strides, offset)) &&
      !ShapedType::isDynamic(strides[0]))
    return arith::ConstantIndexOp::create(b, loc, strides[0]);
  return memref::ExtractStridedMetadataOp::create(b, loc, memref)
      .getStrides()[0];
}

Value mlir::rmsnorm::headElements(OpBuilder &b, Location loc, Value memref,
                                  Value row, int64_t unit) {
  Value start = offsetOf(b, loc, memref);
  if (cast<MemRefType>(memref.getType()).getRank() == 2)
    start = arith::AddIOp::create(
        b, loc, start,
        arith::MulIOp::create(b, loc, row, rowStrideOf(b, loc, memref)));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value negated = arith::SubIOp::create(b, loc, zero, start);
  return arith::AndIOp::create(b, loc, negated,
                               arith::ConstantIndexOp::create(b, loc, unit - 1));
}

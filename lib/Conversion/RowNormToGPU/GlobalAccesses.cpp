//===- GlobalAccesses.cpp - what a kernel's global accesses can touch -----===//

#include "GlobalAccesses.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace {
/// An index as sum(coefficient * symbol) + constant.
struct Linear {
  llvm::MapVector<Value, int64_t> terms;
  int64_t constant = 0;
};

Linear linearize(Value value) {
  Linear result;
  if (std::optional<int64_t> c = getConstantIntValue(value)) {
    result.constant = *c;
    return result;
  }
  Operation *op = value.getDefiningOp();
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(op)) {
    Linear lhs = linearize(op->getOperand(0));
    Linear rhs = linearize(op->getOperand(1));
    int64_t sign = isa<arith::AddIOp>(op) ? 1 : -1;
    for (auto [symbol, coefficient] : rhs.terms)
      lhs.terms[symbol] += sign * coefficient;
    lhs.constant += sign * rhs.constant;
    return lhs;
  }
  if (isa_and_nonnull<arith::MulIOp>(op)) {
    for (unsigned i = 0; i < 2; ++i) {
      std::optional<int64_t> factor = getConstantIntValue(op->getOperand(i));
      if (!factor)
        continue;
      Linear other = linearize(op->getOperand(1 - i));
      for (auto &term : other.terms)
        term.second *= *factor;
      other.constant *= *factor;
      return other;
    }
  }
  result.terms[value] = 1;
  return result;
}

} // namespace

Value mlir::rmsnorm::argumentOf(Value memref) {
  while (Operation *op = memref.getDefiningOp()) {
    if (!isa<memref::CastOp, memref::ReinterpretCastOp>(op))
      return {};
    memref = op->getOperand(0);
  }
  return isa<BlockArgument>(memref) ? memref : Value();
}

bool mlir::rmsnorm::provablyDifferent(Value a, Value b) {
  Linear la = linearize(a), lb = linearize(b);
  auto nonZero = [](const Linear &l) {
    llvm::SmallDenseMap<Value, int64_t> m;
    for (auto [symbol, coefficient] : l.terms)
      if (coefficient != 0)
        m[symbol] = coefficient;
    return m;
  };
  return nonZero(la) == nonZero(lb) && la.constant != lb.constant;
}

bool mlir::rmsnorm::isWorkgroup(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  auto space =
      type ? dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace())
           : nullptr;
  return space && space.getValue() == gpu::AddressSpace::Workgroup;
}

bool mlir::rmsnorm::distinctBuffers(Value a, Value b) {
  Value argA = argumentOf(a), argB = argumentOf(b);
  return argA && argB && argA != argB;
}

bool mlir::rmsnorm::isGlobalLoad(Operation *op) {
  return isa<vector::LoadOp, vector::MaskedLoadOp>(op) &&
         !isWorkgroup(op->getOperand(0));
}

Value mlir::rmsnorm::loadedColumn(Operation *load) {
  // Operands after the indices: mask and pass-through of a masked load.
  unsigned trailing = isa<vector::MaskedLoadOp>(load) ? 2 : 0;
  ValueRange indices = load->getOperands().drop_front();
  Value column = indices[indices.size() - 1 - trailing];
  auto select = column.getDefiningOp<arith::SelectOp>();
  if (!select || getConstantIntValue(select.getFalseValue()) != 0)
    return column;
  Value in = select.getCondition();
  bool discardedWhenOut = llvm::all_of(load->getUsers(), [&](Operation *user) {
    auto use = dyn_cast<arith::SelectOp>(user);
    return use && use.getCondition() == in &&
           use.getTrueValue() == load->getResult(0);
  });
  return discardedWhenOut ? select.getTrueValue() : column;
}

std::pair<Value, Value> mlir::rmsnorm::storedColumn(Operation *op) {
  Value base;
  ValueRange indices;
  if (auto store = dyn_cast<vector::StoreOp>(op))
    base = store.getBase(), indices = store.getIndices();
  else if (auto store = dyn_cast<vector::MaskedStoreOp>(op))
    base = store.getBase(), indices = store.getIndices();
  else if (auto store = dyn_cast<memref::StoreOp>(op))
    base = store.getMemRef(), indices = store.getIndices();
  if (!base || isWorkgroup(base))
    return {};
  return {base, indices.back()};
}

bool mlir::rmsnorm::mayClobber(Value base, Value column, Operation *load) {
  if (distinctBuffers(base, load->getOperand(0)))
    return false;
  return !provablyDifferent(loadedColumn(load), column);
}

unsigned mlir::rmsnorm::loadRegisters(Operation *load) {
  Type type = load->getResult(0).getType();
  auto vector = dyn_cast<VectorType>(type);
  unsigned bits = vector ? vector.getNumElements() *
                               vector.getElementType().getIntOrFloatBitWidth()
                         : type.getIntOrFloatBitWidth();
  return std::max(1u, bits / 32);
}

unsigned mlir::rmsnorm::hoistedLoadBudget(const TargetInfo &target) {
  return target.getRegistersPerProcessor() /
         target.getMaxThreadsPerProcessor() * 3 / 4;
}

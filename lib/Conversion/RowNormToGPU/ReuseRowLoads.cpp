//===- ReuseRowLoads.cpp - keep a thread's row in registers ---------------===//
//
// The tiled form reads each element of x twice: for the sum of squares and
// for the scaling. Once both passes are inlined into one kernel body and
// unrolled, the second read of a column is the same load as the first; this
// reuses the first one's value, so a row that fits the registers is read from
// memory once.
//
// Soundness rests on the tiled form's ownership rule: a thread writes only
// the columns it reads, after reading them. Between two identical loads, a
// global store therefore blocks reuse only when it could write the loaded
// element: a store to another kernel buffer cannot (buffers are the same
// argument when in place, else they do not overlap: the op's contract), and
// neither can a store whose column provably differs (same linear form,
// another constant), even when x and y are the same buffer. Barriers, shuffles
// and workgroup memory do not touch global memory. A load whose value is used
// only when its index is in the row (the in-bounds load of
// rownorm-coarsen-masks) is judged at that index.
//
// Where the schedule makes holding x dear (RowReread.h: many vectors per
// thread, rows that fit the target's cache; not f16 kernels with few values
// per thread, nor kernels for few rows with small blocks or four vectors per
// thread), the second read of a whole vector of x (the target's widest
// access) stays a load, marked `rownorm.reload` like the re-reads of
// rownorm-align-rows; a thread's single elements (heads, tails) stay in
// registers. Two reads with nothing between them (a row within one subgroup: no
// barrier, no store) are one load after the CSE below and stay one.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccesses.h"
#include "RowReread.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// Global loads seen so far in one block, by their full operand list.
class LoadTable {
public:
  Value lookup(Operation *load) {
    if (load->hasAttr(mlir::rmsnorm::rownorm::RowNormDialect::getReloadAttrName()))
      return {}; // Re-read on purpose (rownorm-align-rows).
    for (auto &[known, value] : loads)
      if (known->getName() == load->getName() &&
          known->getOperands() == load->getOperands() &&
          known->getResultTypes() == load->getResultTypes())
        return value;
    return {};
  }
  void insert(Operation *load) { loads.emplace_back(load, load->getResult(0)); }
  void clear() { loads.clear(); }

  /// A global store to `base` at `column` forgets the loads it could
  /// overwrite.
  void store(Value base, Value column) {
    llvm::erase_if(loads, [&](auto &entry) {
      return mayClobber(base, column, entry.first);
    });
  }

private:
  SmallVector<std::pair<Operation *, Value>> loads;
};

/// The loads a kernel reads again instead of reusing: whole-vector loads of
/// `argument` (null: none).
struct RereadLoads {
  Value argument;
  int64_t vectorBytes = 0;

  bool contains(Operation *load) const {
    auto type = dyn_cast<VectorType>(load->getResult(0).getType());
    return argument && argumentOf(load->getOperand(0)) == argument && type &&
           !type.isScalable() && type.getElementType().isIntOrFloat() &&
           type.getNumElements() * type.getElementTypeBitWidth() ==
               vectorBytes * 8;
  }
};

/// Walks one block in order, reusing loads (those of `table` too: loads
/// before the block that dominate it) and tracking what may clobber them.
/// Loads in `reread` are marked as re-reads instead of reused.
void reuseInBlock(Block &block, const RereadLoads &reread,
                  LoadTable table = {}) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isa<vector::LoadOp, vector::MaskedLoadOp>(op)) {
      Value base = op.getOperand(0);
      if (isWorkgroup(base))
        continue;
      if (Value known = table.lookup(&op)) {
        if (reread.contains(&op)) {
          op.setAttr(rownorm::RowNormDialect::getReloadAttrName(),
                     UnitAttr::get(op.getContext()));
          continue;
        }
        op.getResult(0).replaceAllUsesWith(known);
        op.erase();
        continue;
      }
      table.insert(&op);
      continue;
    }
    if (auto [base, column] = storedColumn(&op); base) {
      table.store(base, column);
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      // A guarded store (the row guard) clobbers what the store would.
      bool understood = true;
      ifOp->walk([&](Operation *inner) {
        if (isa<scf::IfOp, scf::YieldOp>(inner))
          return; // Structure: what the branches hold is walked too.
        if (auto [base, column] = storedColumn(inner); base)
          table.store(base, column);
        else if (isa<memref::StoreOp>(inner) &&
                 isWorkgroup(cast<memref::StoreOp>(inner).getMemRef()))
          return; // Workgroup memory is not global memory.
        else if (!isMemoryEffectFree(inner) &&
                 !isa<memref::LoadOp, vector::LoadOp, vector::MaskedLoadOp,
                      gpu::BarrierOp, gpu::ShuffleOp>(inner))
          understood = false;
      });
      // A branch runs at most once, after what came before it: it may
      // reuse the loads seen so far.
      for (Region &region : ifOp->getRegions())
        for (Block &inner : region)
          reuseInBlock(inner, reread, table);
      if (!understood)
        table.clear();
      continue;
    }
    if (isa<gpu::BarrierOp, gpu::ShuffleOp, memref::LoadOp>(op) ||
        isMemoryEffectFree(&op))
      continue;
    if (op.getNumRegions() != 0)
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          reuseInBlock(inner, reread);
    table.clear(); // Anything else may write anywhere.
  }
}

/// True when `value` is computed from `source` (within a few operations).
bool dependsOn(Value value, Value source, unsigned depth = 0) {
  if (value == source)
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || depth > 16)
    return false;
  return llvm::any_of(op->getOperands(), [&](Value operand) {
    return dependsOn(operand, source, depth + 1);
  });
}

/// `scf.if %inRow -> T { load } else { zeros }` becomes a load of a row that
/// exists (row 0 when out of range: every launch has at least one row) and a
/// select; the loads of both passes are then identical. A column computed
/// from the row (its alignment head, rownorm-align-rows) becomes 0 too: at
/// row 0 it could be misaligned.
void hoistGuardedLoads(gpu::GPUFuncOp kernel) {
  SmallVector<scf::IfOp> guarded;
  kernel.walk([&](scf::IfOp ifOp) {
    if (ifOp.getNumResults() != 1 || !ifOp.elseBlock())
      return;
    Block *then = ifOp.thenBlock();
    if (then->getOperations().size() != 2)
      return;
    auto load = dyn_cast<vector::LoadOp>(then->front());
    auto yield = cast<scf::YieldOp>(then->getTerminator());
    auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!load || yield.getOperand(0) != load.getResult() || !cmp ||
        cmp.getPredicate() != arith::CmpIPredicate::ult ||
        load.getIndices().empty() || load.getIndices()[0] != cmp.getLhs() ||
        !matchPattern(
            cast<scf::YieldOp>(ifOp.elseBlock()->getTerminator()).getOperand(0),
            m_Constant()))
      return;
    guarded.push_back(ifOp);
  });
  for (scf::IfOp ifOp : guarded) {
    OpBuilder b(ifOp);
    Location loc = ifOp.getLoc();
    auto load = cast<vector::LoadOp>(ifOp.thenBlock()->front());
    Value cond = ifOp.getCondition();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> indices(load.getIndices());
    Value row = indices[0];
    for (Value &index : indices)
      if (index == row || dependsOn(index, row))
        index = arith::SelectOp::create(b, loc, cond, index, zero);
    auto hoisted = cast<vector::LoadOp>(b.clone(*load));
    hoisted.getIndicesMutable().assign(indices);
    Value zeros =
        cast<scf::YieldOp>(ifOp.elseBlock()->getTerminator()).getOperand(0);
    ifOp.getResult(0).replaceAllUsesWith(
        arith::SelectOp::create(b, loc, cond, hoisted.getResult(), zeros)
            .getResult());
    ifOp.erase();
  }
}
} // namespace

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_REUSEROWLOADS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

namespace {
/// The loads the kernel re-reads (shouldRereadRows); none also for a kernel
/// without a launch contract or a module without a target (hand-written
/// tests of the reuse alone). Fails on a contract or target that cannot be
/// read, with an error.
FailureOr<RereadLoads> loadsToReread(gpu::GPUFuncOp kernel) {
  FailureOr<std::optional<KernelTarget>> known = getKernelTarget(kernel);
  if (failed(known))
    return failure();
  if (!*known || !shouldRereadRows((*known)->contract, *(*known)->target))
    return RereadLoads();
  if (Value x = contractArgument(kernel, (*known)->contract, "x"))
    return RereadLoads{x, (*known)->target->getMaxVectorBytes()};
  return RereadLoads();
}

void reuseRowLoads(gpu::GPUFuncOp kernel, const RereadLoads &reread) {
  hoistGuardedLoads(kernel);
  // Identical index computations and row clamps become one value each, so
  // identical loads have identical operands.
  IRRewriter rewriter(kernel.getContext());
  DominanceInfo dominance(kernel);
  eliminateCommonSubExpressions(rewriter, dominance, kernel);
  for (Block &block : kernel.getBody())
    reuseInBlock(block, reread);
}

struct ReuseRowLoads final
    : public mlir::rmsnorm::impl::ReuseRowLoadsBase<ReuseRowLoads> {
  using ReuseRowLoadsBase::ReuseRowLoadsBase;

  void runOnOperation() override {
    SmallVector<gpu::GPUFuncOp> kernels;
    getOperation()->walk(
        [&](gpu::GPUFuncOp kernel) { kernels.push_back(kernel); });
    for (gpu::GPUFuncOp kernel : kernels) {
      FailureOr<RereadLoads> reread =
          rereadRows ? loadsToReread(kernel) : RereadLoads();
      if (failed(reread))
        return signalPassFailure();
      reuseRowLoads(kernel, *reread);
    }
  }
};
} // namespace

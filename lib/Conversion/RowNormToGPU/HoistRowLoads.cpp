//===- HoistRowLoads.cpp - issue a phase's global loads together ----------===//
//
// After unrolling, the scaling pass of a thread's row is a sequence of
// "load w, scale, store y" per vector. The target keeps that order: without
// alias information it cannot move a load above a store, so each load of w
// waits for the previous store and a thread pays one memory round trip per
// vector. Where only a few rows run (small M) nothing hides that latency.
//
// This pass moves each global load up its block, with the pure operations
// that compute its indices, past every store that cannot write the loaded
// element (another kernel buffer, or a column that provably differs: the
// rules of rownorm-reuse-row-loads), so a phase issues its loads back to
// back. A load of x or y never leaves its phase (barriers and shuffles stop
// it). The weight's loads do, in kernels whose launch contract names w: w is
// the same for every row and no thread writes it (it must not overlap y),
// so a barrier orders nothing for it, and its loads join the batch of x's
// loads before the reduction instead of waiting for the reduction's result;
// where they would not join a batch of loads, or it has no room, they stay
// in their own phase. Within the batch budget below that cost at most 4
// registers in the suite, and 4096 rows of 1024-8192 elements ran up to 10%
// faster (f32 4096 x 8192 unchanged; tools/gpu/PERFLOG.md, 2026-12-01 sixth
// session); without a budget, hoisting every load raised registers by half
// and cost occupancy. Loads keep their order among themselves.
//
// Hoisted loads hold their registers until their values are used, and the
// target allocates registers for the whole kernel: a copy that hoists many
// loads (the element loads of w in a row of unknown alignment) sets the
// registers, and so the occupancy, of every copy. Loads are therefore
// hoisted in batches of at most three quarters of a thread's share of the
// register file at full occupancy (TargetInfo; 24 registers on the card
// measured, better there than 16 and than no limit): a load that would overflow
// the batch stays where it is and starts the next one.
//
// Kernels whose rows span several subgroups (those with a barrier) are
// changed as above. Where a row fits one subgroup, a block holds many rows
// whose latencies overlap, and hoisting measured slower (bf16 N = 128,
// 1024): such kernels are left alone, except that one which runs only few
// rows (RowsServed::Few: rownorm-tile-rows gave it a twin for many rows
// that keeps w late, or its rows keep that form at every row count,
// keepsFewRowsForm) moves w's loads, and only those, into x's batch. With
// at most a block a processor nothing hides w's round trip after the
// reduction: 1-256 rows of 64-1280 elements ran 10-44% faster (H100,
// tools/gpu/PERFLOG.md, forty-second session).
// Nor kernels whose blocks are half a processor's threads or more: with at
// most two blocks per processor, a few registers more can halve the
// occupancy (f32 N = 11008, 1024 threads: 32 -> 45 registers, 22% slower).
//
//===----------------------------------------------------------------------===//

#include "GlobalAccesses.h"
#include "RowReread.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::rmsnorm;

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_HOISTROWLOADS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

namespace {
bool isPhaseBoundary(Operation *op) {
  return isa<gpu::BarrierOp, gpu::ShuffleOp>(op);
}

/// True when `load` must stay below `op`: `op` ends a phase (unless `load`
/// may cross phases), is or holds another global load (their order is kept;
/// a load moved above a branch's loads would hold its registers through
/// them, outside any batch), may write what `load` reads, or has effects
/// this pass does not understand.
bool mustStayBelow(Operation *op, Operation *load, bool crossesPhases) {
  WalkResult result = op->walk([&](Operation *inner) {
    if (isGlobalLoad(inner))
      return WalkResult::interrupt();
    if (isPhaseBoundary(inner))
      return crossesPhases ? WalkResult::advance() : WalkResult::interrupt();
    if (auto [base, column] = storedColumn(inner); base)
      return mayClobber(base, column, load) ? WalkResult::interrupt()
                                            : WalkResult::advance();
    if (auto store = dyn_cast<memref::StoreOp>(inner);
        store && isWorkgroup(store.getMemRef()))
      return WalkResult::advance(); // Not global memory.
    if (isa<scf::IfOp, scf::YieldOp, memref::LoadOp>(inner))
      return WalkResult::advance(); // Structure, or workgroup reads.
    return isMemoryEffectFree(inner) ? WalkResult::advance()
                                     : WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

/// An operation without effects or regions that does not end a phase: it
/// may move anywhere in its block after its operands (same block, so no
/// speculation).
bool isFreeToMove(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         !isPhaseBoundary(op);
}

/// The operation `load` must stay below, or null for the start of its
/// block; `slice` collects the pure operations between them that compute
/// its operands, bottom-up.
Operation *settlingPoint(Operation *load, bool crossesPhases,
                         llvm::SetVector<Operation *> &slice) {
  for (Operation *op = load->getPrevNode(); op; op = op->getPrevNode()) {
    bool feedsLoad = llvm::any_of(op->getUsers(), [&](Operation *user) {
      return user == load || slice.contains(user);
    });
    if (feedsLoad && isFreeToMove(op)) {
      slice.insert(op);
      continue;
    }
    if (feedsLoad || mustStayBelow(op, load, crossesPhases))
      return op;
  }
  return nullptr;
}

/// Moves `load` right below `stop` (or to the start of its block), with
/// `slice`.
void hoist(Operation *load, Operation *stop,
           const llvm::SetVector<Operation *> &slice) {
  Block *block = load->getBlock();
  auto moveHere = [&](Operation *op) {
    if (stop)
      op->moveAfter(stop);
    else
      op->moveBefore(block, block->begin());
    stop = op;
  };
  for (Operation *op : llvm::reverse(slice))
    moveHere(op);
  moveHere(load);
}

struct HoistRowLoads final
    : public mlir::rmsnorm::impl::HoistRowLoadsBase<HoistRowLoads> {
  void runOnOperation() override {
    SmallVector<gpu::GPUFuncOp> kernels;
    getOperation()->walk(
        [&](gpu::GPUFuncOp kernel) { kernels.push_back(kernel); });
    if (kernels.empty())
      return;
    std::unique_ptr<TargetInfo> target = getTargetInfo(kernels.front());
    if (!target)
      return signalPassFailure();
    SmallVector<Operation *> loads;
    llvm::SmallPtrSet<Operation *, 16> weightLoads; // May cross phases.
    for (gpu::GPUFuncOp kernel : kernels) {
      // Blocks of which at most two fit a processor, and rows within one
      // subgroup unless the kernel runs only few rows (then w's loads
      // alone): left alone (see the top of the file).
      bool rowsSpanSubgroups = false;
      kernel.walk([&](gpu::BarrierOp) { rowsSpanSubgroups = true; });
      std::optional<ArrayRef<int32_t>> block = kernel.getKnownBlockSize();
      int64_t threads = 1;
      if (block)
        for (int32_t extent : *block)
          threads *= extent;
      if (!block || 2 * threads >= target->getMaxThreadsPerProcessor())
        continue;
      FailureOr<std::optional<KernelTarget>> known = getKernelTarget(kernel);
      if (failed(known))
        return signalPassFailure();
      // The argument that holds w (role "w" in the launch contract).
      Value weight;
      if (*known)
        weight = contractArgument(kernel, (*known)->contract, "w");
      bool onlyWeight = !rowsSpanSubgroups;
      if (onlyWeight && (!weight || rowsServed((*known)->contract.kernel,
                                               *target) != RowsServed::Few))
        continue;
      kernel.walk([&](Operation *op) {
        if (!isGlobalLoad(op))
          return;
        bool isWeight = weight && argumentOf(op->getOperand(0)) == weight;
        if (onlyWeight && !isWeight)
          return;
        loads.push_back(op);
        if (isWeight)
          weightLoads.insert(op);
      });
    }
    unsigned budget = hoistedLoadBudget(*target);
    // In program order: each load settles below the one before it. A batch
    // is the loads that settled right below its first, unmoved load.
    llvm::DenseMap<Operation *, unsigned> batchRegisters; // By last load.
    for (Operation *load : loads) {
      llvm::SetVector<Operation *> slice;
      bool crossesPhases = weightLoads.contains(load);
      Operation *stop = settlingPoint(load, crossesPhases, slice);
      unsigned registers = loadRegisters(load);
      auto heldAt = [&](Operation *point) {
        return point && isGlobalLoad(point) ? batchRegisters.lookup(point) : 0u;
      };
      unsigned held = heldAt(stop);
      if (crossesPhases &&
          (!stop || !isGlobalLoad(stop) || held + registers > budget)) {
        // No batch of loads to join, or no room in it: up its own phase.
        slice.clear();
        stop = settlingPoint(load, /*crossesPhases=*/false, slice);
        held = heldAt(stop);
      }
      if (held + registers > budget) {
        batchRegisters[load] = registers; // Stays; starts the next batch.
        continue;
      }
      if (stop != load->getPrevNode() || !slice.empty())
        hoist(load, stop, slice);
      batchRegisters[load] = held + registers;
    }
  }
};
} // namespace

//===- TestBreakKernels.cpp - kernels broken on purpose -------------------===//
//
// Negative controls for the GPU harness: each pass breaks one guarantee of
// the optimization passes in the gpu.func kernels, so the harness must catch
// the kernel it produces. Linked only into test tools (rmsnorm-test-emit),
// never into the product tools.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {
/// The grid covers one row less: the kernel treats rows - 1 as the row count.
struct SkipLastRow final
    : public PassWrapper<SkipLastRow, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SkipLastRow)
  StringRef getArgument() const final { return "test-rownorm-skip-last-row"; }
  StringRef getDescription() const final {
    return "Test only: make every kernel skip its last row";
  }
  void runOnOperation() override {
    bool done = false;
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      for (BlockArgument arg : kernel.getArguments())
        if (arg.getType().isInteger(64) && !done) {
          OpBuilder b = OpBuilder::atBlockBegin(&kernel.front());
          Value one = arith::ConstantIntOp::create(b, kernel.getLoc(), 1, 64);
          Value fewer = arith::SubIOp::create(b, kernel.getLoc(), arg, one);
          arg.replaceAllUsesExcept(fewer, fewer.getDefiningOp());
          done = true;
        }
    });
    if (!done) {
      getOperation().emitError("no row count to shorten");
      signalPassFailure();
    }
  }
};

/// Every masked access becomes a full-width access, and every store under a
/// predicate of its own (a vector past the row, a tail element past the row,
/// a row past M: rownorm-mask-accesses / -coarsen-masks) is made always.
struct DropMasks final
    : public PassWrapper<DropMasks, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropMasks)
  StringRef getArgument() const final { return "test-rownorm-drop-masks"; }
  StringRef getDescription() const final {
    return "Test only: replace masked loads and stores by unmasked ones, "
           "and run predicated stores unconditionally";
  }
  void runOnOperation() override {
    getOperation().walk([&](vector::MaskedLoadOp op) {
      OpBuilder b(op);
      auto load = vector::LoadOp::create(b, op.getLoc(), op.getVectorType(),
                                         op.getBase(), op.getIndices());
      op.replaceAllUsesWith(load.getResult());
      op.erase();
    });
    getOperation().walk([&](vector::MaskedStoreOp op) {
      OpBuilder b(op);
      vector::StoreOp::create(b, op.getLoc(), op.getValueToStore(),
                              op.getBase(), op.getIndices());
      op.erase();
    });
    SmallVector<scf::IfOp> guarded;
    getOperation().walk([&](scf::IfOp op) {
      Block *then = op.thenBlock();
      if (op.getNumResults() == 0 && !op.elseBlock() &&
          then->getOperations().size() == 2 &&
          isa<vector::StoreOp>(then->front()))
        guarded.push_back(op);
    });
    for (scf::IfOp op : guarded) {
      Operation *store = &op.thenBlock()->front();
      store->moveBefore(op);
      op.erase();
    }
  }
};

/// Rounds the per-thread partial sums to f16 before the cross-thread
/// reduction, as an f16 accumulator would.
struct F16Accumulate final
    : public PassWrapper<F16Accumulate, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(F16Accumulate)
  StringRef getArgument() const final { return "test-rownorm-f16-accumulate"; }
  StringRef getDescription() const final {
    return "Test only: round partial sums of squares to f16";
  }
  void runOnOperation() override {
    getOperation().walk([&](vector::ReductionOp op) {
      OpBuilder b(op);
      b.setInsertionPointAfter(op);
      Location loc = op.getLoc();
      auto narrow =
          arith::TruncFOp::create(b, loc, b.getF16Type(), op.getResult());
      auto wide =
          arith::ExtFOp::create(b, loc, op.getType(), narrow.getResult());
      op.getResult().replaceAllUsesExcept(wide, narrow);
    });
  }
};
/// The waits for the previous kernel that rownorm-overlap-launch put in the
/// kernels (collected first: the callers erase or move them).
SmallVector<LLVM::InlineAsmOp> launchWaits(ModuleOp module) {
  SmallVector<LLVM::InlineAsmOp> waits;
  module.walk([&](LLVM::InlineAsmOp op) {
    if (op.getAsmString().starts_with("griddepcontrol.wait"))
      waits.push_back(op);
  });
  return waits;
}

/// The wait of a kernel whose launch overlaps the previous kernel's end
/// (rownorm-overlap-launch) is removed, its contract left claiming the
/// overlap: rmsnorm-emit must refuse to package it.
struct DropLaunchWait final
    : public PassWrapper<DropLaunchWait, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropLaunchWait)
  StringRef getArgument() const final {
    return "test-rownorm-drop-launch-wait";
  }
  StringRef getDescription() const final {
    return "Test only: remove the wait for the previous kernel "
           "(griddepcontrol.wait) from every kernel";
  }
  void runOnOperation() override {
    for (LLVM::InlineAsmOp wait : launchWaits(getOperation()))
      wait.erase();
  }
};

/// A global load put right before the same wait (straight-line code: no
/// branch or label between them).
struct LoadBeforeLaunchWait final
    : public PassWrapper<LoadBeforeLaunchWait, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoadBeforeLaunchWait)
  StringRef getArgument() const final {
    return "test-rownorm-load-before-launch-wait";
  }
  StringRef getDescription() const final {
    return "Test only: read global memory right before the wait for the "
           "previous kernel (griddepcontrol.wait) in every kernel";
  }
  void runOnOperation() override {
    for (LLVM::InlineAsmOp wait : launchWaits(getOperation())) {
      OpBuilder b(wait);
      LLVM::InlineAsmOp::create(b, wait.getLoc(), b.getI32Type(), ValueRange{},
                                b.getStringAttr("ld.global.u32 $0, [0];"),
                                b.getStringAttr("=r"), b.getUnitAttr(),
                                UnitAttr(), LLVM::TailCallKindAttr(),
                                LLVM::AsmDialectAttr(), ArrayAttr());
    }
  }
};

/// The same wait moved to the end of the kernel, after its loads and stores.
struct LateLaunchWait final
    : public PassWrapper<LateLaunchWait, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LateLaunchWait)
  StringRef getArgument() const final {
    return "test-rownorm-late-launch-wait";
  }
  StringRef getDescription() const final {
    return "Test only: move the wait for the previous kernel "
           "(griddepcontrol.wait) to the end of every kernel";
  }
  void runOnOperation() override {
    for (LLVM::InlineAsmOp wait : launchWaits(getOperation()))
      wait->moveBefore(wait->getBlock()->getTerminator());
  }
};

/// Every kernel's contract claims launch_overlap, whether or not its code
/// waits (a target without the overlap must refuse to package it).
struct ClaimLaunchOverlap final
    : public PassWrapper<ClaimLaunchOverlap, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ClaimLaunchOverlap)
  StringRef getArgument() const final {
    return "test-rownorm-claim-launch-overlap";
  }
  StringRef getDescription() const final {
    return "Test only: record launch_overlap in every kernel's contract";
  }
  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      auto contract = kernel->getAttrOfType<DictionaryAttr>("rownorm.launch");
      if (!contract)
        return;
      NamedAttrList entries(contract);
      entries.set("launch_overlap", UnitAttr::get(&getContext()));
      kernel->setAttr("rownorm.launch", entries.getDictionary(&getContext()));
    });
  }
};
} // namespace

void mlir::rmsnorm::test::registerTestBreakKernelsPasses() {
  PassRegistration<SkipLastRow>();
  PassRegistration<DropMasks>();
  PassRegistration<F16Accumulate>();
  PassRegistration<DropLaunchWait>();
  PassRegistration<LateLaunchWait>();
  PassRegistration<LoadBeforeLaunchWait>();
  PassRegistration<ClaimLaunchOverlap>();
}

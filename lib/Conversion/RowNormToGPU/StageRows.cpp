//===- StageRows.cpp - short unaligned rows staged through shared memory --===//
//
// Rows whose bytes are not a multiple of 16 start at every phase when they
// are contiguous, so they take rownorm-align-rows' copy (scalar head,
// vector body, scalar tail, w realigned per row): for short rows that copy
// is bound by instruction issue (tools/gpu/PERFLOG.md, `zc`). When both row
// strides are N and the block is full, a block's rows are one contiguous
// run, 16-byte aligned when rows per block x row bytes is a multiple of 16:
// where the target copies such runs between global and workgroup memory
// without the threads (TargetInfo::hasBulkCopy), the run is copied in, the
// aligned copy of the row body (rownorm-version-rows) runs on it with x's
// reads and y's writes redirected to two regions of a workgroup buffer (any
// phase is fine there; 16-bit vectors go through the 32-bit words that hold
// them), w's loads are issued while the run is copied, and y's run is
// copied out. A third version of the row body, under a uniform test; rows
// of any other layout and the last, partial block keep the other two.
// Where row strides fixed at N leave the rows never all aligned, the aligned
// copy is rownorm-version-rows' template only (`rownorm.staging_template`,
// under a test that never holds): it is staged from, then its test is set
// to false, so canonicalization removes the branch.
//
//===----------------------------------------------------------------------===//

#include "GlobalAccesses.h"
#include "RowReread.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_STAGEROWS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// The run's copies move whole units of this many bytes, aligned to it.
constexpr int64_t kBulkUnitBytes = 16;

/// The scf.if of rownorm-version-rows in `kernel` (its mark, carried by
/// convert-rownorm-to-gpu), or null unless there is exactly one.
scf::IfOp findVersionedRows(gpu::GPUFuncOp kernel) {
  scf::IfOp found;
  unsigned count = 0;
  kernel.walk([&](scf::IfOp ifOp) {
    if (ifOp->hasAttr(rownorm::RowNormDialect::getVersionedRowsAttrName())) {
      found = ifOp;
      ++count;
    }
  });
  return count == 1 ? found : scf::IfOp();
}

/// The base memref of a vector load or store, or null for another op.
Value accessBase(Operation *op) {
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return load.getBase();
  if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
    return load.getBase();
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return store.getBase();
  if (auto store = dyn_cast<vector::MaskedStoreOp>(op))
    return store.getBase();
  return {};
}

struct StageRows final : public rmsnorm::impl::StageRowsBase<StageRows> {
  void runOnOperation() override {
    SmallVector<gpu::GPUFuncOp> kernels;
    getOperation()->walk(
        [&](gpu::GPUFuncOp kernel) { kernels.push_back(kernel); });
    for (gpu::GPUFuncOp kernel : kernels) {
      FailureOr<std::optional<KernelTarget>> known = getKernelTarget(kernel);
      if (failed(known))
        return signalPassFailure();
      if (*known && (*known)->target->hasBulkCopy())
        stage(kernel, (*known)->contract, *(*known)->target);
      dropStagingTemplate(kernel);
    }
  }

  /// rownorm-version-rows' aligned bodies kept only for this pass (rows
  /// never all aligned: `rownorm.staging_template`): their branches never
  /// run, so their tests become false, staged or not (every one, should the
  /// kernel hold more than the one stage() takes), and the pipeline's
  /// canonicalization removes them.
  static void dropStagingTemplate(gpu::GPUFuncOp kernel) {
    StringRef mark = rownorm::RowNormDialect::getStagingTemplateAttrName();
    kernel.walk([&](scf::IfOp versioned) {
      if (!versioned->hasAttr(mark))
        return;
      OpBuilder b(versioned);
      versioned.getConditionMutable().assign(
          arith::ConstantIntOp::create(b, versioned.getLoc(), 0, 1));
      versioned->removeAttr(mark);
    });
  }

  /// The row stride the source fixed for `role`, if it did.
  static std::optional<int64_t>
  staticRowStride(const rownorm::LaunchContract &contract, StringRef role) {
    for (auto &[fixedRole, stride] : contract.staticRowStrides)
      if (fixedRole == role)
        return stride;
    return std::nullopt;
  }

  /// A row stride: the kernel's parameter, or the value the source fixed.
  static Value rowStride(ImplicitLocOpBuilder &b, gpu::GPUFuncOp kernel,
                         const rownorm::LaunchContract &contract,
                         StringRef role) {
    if (std::optional<int64_t> fixed = staticRowStride(contract, role))
      return arith::ConstantIntOp::create(b, *fixed, 64);
    return contractArgument(kernel, contract, (role + "_row_stride").str());
  }

  void stage(gpu::GPUFuncOp kernel, const rownorm::LaunchContract &contract,
             const TargetInfo &target) {
    const rownorm::KernelDescription &info = contract.kernel;
    int64_t n = info.n;
    Type elementType = info.dtype;
    int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
    int64_t rows = contract.rowsPerBlock;
    int64_t rowBytes = n * elementBytes;
    int64_t runBytes = rows * rowBytes;
    int64_t vectorBytes = info.schedule.getVectorWidth() * elementBytes;
    // Rows of whole vectors take the aligned copy when contiguous: nothing
    // to gain.
    if (rowBytes % vectorBytes == 0 || !withinStagedRowLimit(n) ||
        runBytes % kBulkUnitBytes != 0)
      return;
    // x's rows come in to one region and y's go out from another, so that
    // no thread writes what another reads (a vector read as words holds a
    // neighbour's element). A row's last vector may reach past the run
    // (masked lanes), and one read as words a word further (readAsWords):
    // x's region is the run, a vector and a word, rounded up to whole units
    // so that y's starts aligned for the copy out.
    int64_t inBytes = llvm::alignTo(runBytes + vectorBytes + 4, kBulkUnitBytes);
    int64_t bufferBytes = inBytes + runBytes;
    // The buffer and its completion word (8 bytes).
    int64_t stagedBytes = bufferBytes + 8;
    if (contract.staticSharedBytes + stagedBytes >
        target.getStaticSharedMemoryPerBlock())
      return;
    bool inPlace = !llvm::is_contained(info.roles, "x");
    StringRef xRole = inPlace ? "xy" : "x", yRole = inPlace ? "xy" : "y";
    Value x = contractArgument(kernel, contract, xRole);
    Value y = contractArgument(kernel, contract, yRole);
    if (!x || !y)
      return;
    SmallVector<StringRef> strided = inPlace
                                         ? SmallVector<StringRef>{xRole}
                                         : SmallVector<StringRef>{xRole, yRole};
    // Each row stride is a parameter (tested below) or fixed at N: a stride
    // fixed at anything else never makes a run.
    for (StringRef role : strided) {
      std::optional<int64_t> fixed = staticRowStride(contract, role);
      if (fixed ? *fixed != n
                : !contractArgument(kernel, contract,
                                    (role + "_row_stride").str()))
        return;
    }
    scf::IfOp versioned = findVersionedRows(kernel);
    if (!versioned)
      return;

    MLIRContext *ctx = kernel.getContext();
    auto space = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    // Bytes, viewed as elements (x's rows, then y's) and as 32-bit words.
    Value buffer = kernel.addWorkgroupAttribution(
        MemRefType::get({bufferBytes}, IntegerType::get(ctx, 8),
                        MemRefLayoutAttrInterface(), space),
        kernel.getLoc());
    // The bulk copies need a 16-byte-aligned buffer.
    kernel.setWorkgroupAttributionAttr(
        kernel.getNumWorkgroupAttributions() - 1,
        LLVM::LLVMDialect::getAlignAttrName(),
        IntegerAttr::get(IntegerType::get(ctx, 64), kBulkUnitBytes));
    Value barrier = kernel.addWorkgroupAttribution(
        MemRefType::get({1}, IntegerType::get(ctx, 64),
                        MemRefLayoutAttrInterface(), space),
        kernel.getLoc());

    // The test, uniform over the block: both row strides are N and every
    // row of the block exists.
    ImplicitLocOpBuilder b(versioned.getLoc(), versioned);
    Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
    Value nValue = arith::ConstantIntOp::create(b, n, 64);
    Value test;
    for (StringRef role : strided) {
      Value stride = rowStride(b, kernel, contract, role);
      Value same =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, stride, nValue);
      test = test ? arith::AndIOp::create(b, test, same) : same;
    }
    Value rowCount = contractArgument(kernel, contract, "rows");
    if (!rowCount && info.staticRows)
      rowCount = arith::ConstantIntOp::create(b, *info.staticRows, 64);
    if (rowCount) {
      Value end = arith::MulIOp::create(
          b,
          arith::AddIOp::create(
              b, arith::IndexCastOp::create(b, b.getI64Type(), blockId),
              arith::ConstantIntOp::create(b, 1, 64)),
          arith::ConstantIntOp::create(b, rows, 64));
      test = arith::AndIOp::create(
          b, test,
          arith::CmpIOp::create(b, arith::CmpIPredicate::sle, end, rowCount));
    }

    // else { if (test) { staged } else { the unaligned copy } }
    Block *elseBlock = versioned.elseBlock();
    b.setInsertionPointToStart(elseBlock);
    auto staged = scf::IfOp::create(b, test, /*withElseRegion=*/true);
    for (Operation &op : llvm::make_early_inc_range(
             llvm::make_range(std::next(staged->getIterator()),
                              elseBlock->getTerminator()->getIterator())))
      op.moveBefore(staged.elseBlock()->getTerminator());

    b.setInsertionPoint(staged.thenBlock()->getTerminator());
    Value rowsIn = viewAs(b, buffer, 0, inBytes, elementType);
    Value rowsOut = viewAs(b, buffer, inBytes, runBytes, elementType);
    Value threadX = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
    Value threadY = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
    Value zero = arith::ConstantIndexOp::create(b, 0);
    Value first = arith::AndIOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::eq, threadX, zero),
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, threadY, zero));
    Value bytes = arith::ConstantIntOp::create(b, runBytes, 32);
    // The run's global address in x or y: the block's first row.
    auto runAddress = [&](Value rows) {
      Value base = arith::IndexCastOp::create(
          b, b.getI64Type(),
          memref::ExtractAlignedPointerAsIndexOp::create(b, rows));
      Value offset = arith::MulIOp::create(
          b, arith::IndexCastOp::create(b, b.getI64Type(), blockId),
          arith::ConstantIntOp::create(b, runBytes, 64));
      return arith::AddIOp::create(b, base, offset).getResult();
    };
    Operation *copying =
        scf::IfOp::create(b, first, [&](OpBuilder &then, Location loc) {
          target.createBulkCopyIn(then, loc, buffer, barrier, runAddress(x),
                                  bytes);
          scf::YieldOp::create(then, loc);
        });
    // Every thread sees the completion word initialized before it waits.
    gpu::BarrierOp::create(b);
    target.createBulkCopyWait(b, b.getLoc(), barrier);

    // The aligned copy, its accesses to x and y redirected to the buffer at
    // (row in block) * N + column.
    Value rowStart =
        arith::MulIOp::create(b, threadY, arith::ConstantIndexOp::create(b, n));
    IRMapping mapping;
    for (Operation &op : versioned.thenBlock()->without_terminator())
      b.clone(op, mapping);
    SmallVector<Operation *> accesses;
    staged.thenBlock()->walk([&](Operation *op) {
      if (Value base = accessBase(op)) {
        Value argument = argumentOf(base);
        if (argument && (argument == x || argument == y))
          accesses.push_back(op);
      }
    });
    for (Operation *op : accesses)
      redirect(op, rowsIn, rowsOut, rowStart);
    assumeRowsPresent(staged, x, y, info.staticRows);
    holdRows(kernel, staged, rowsIn);
    if (elementBytes == 2) {
      OpBuilder atViews(rowsOut.getDefiningOp()->getNextNode());
      Type word = atViews.getI32Type();
      readAsWords(staged, rowsIn, viewAs(atViews, buffer, 0, inBytes, word));
      writeAsWords(staged, rowsOut,
                   viewAs(atViews, buffer, inBytes, runBytes, word));
    }
    if (Value weight = contractArgument(kernel, contract, "w"))
      loadWeightDuringCopy(copying, weight, hoistedLoadBudget(target));

    target.createBulkCopyOutFence(b, b.getLoc());
    gpu::BarrierOp::create(b);
    scf::IfOp::create(b, first, [&](OpBuilder &then, Location loc) {
      target.createBulkCopyOut(then, loc, runAddress(y), rowsOut, bytes);
      scf::YieldOp::create(then, loc);
    });

    rownorm::LaunchContract updated = contract;
    updated.staticSharedBytes += stagedBytes;
    kernel->setAttr(rownorm::RowNormDialect::getLaunchAttrName(),
                    updated.toAttr(ctx));
  }

  /// Writes, as readAsWords for reads: at an even element index, V / 2
  /// words; at an odd one, the first and last elements alone (their words
  /// hold a neighbour's elements, which another thread writes) and the
  /// V / 2 - 1 words between.
  static void writeAsWords(scf::IfOp staged, Value elements, Value words) {
    SmallVector<vector::StoreOp> writes;
    staged.getThenRegion().walk([&](vector::StoreOp store) {
      if (store.getBase() == elements &&
          store.getVectorType().getNumElements() % 2 == 0)
        writes.push_back(store);
    });
    for (vector::StoreOp store : writes) {
      OpBuilder b(store);
      Location loc = store.getLoc();
      Value value = store.getValueToStore();
      auto type = store.getVectorType();
      int64_t count = type.getNumElements();
      Value index = store.getIndices().back();
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      auto constant = [&](OpBuilder &at, int64_t i) {
        return arith::ConstantIndexOp::create(at, loc, i).getResult();
      };
      // Elements [first, first + 2n) of `value` as n words from `word` on.
      auto storeWords = [&](OpBuilder &in, int64_t first, int64_t n,
                            Value word) {
        SmallVector<int64_t> positions;
        for (int64_t i = 0; i < 2 * n; ++i)
          positions.push_back(first + i);
        Value pairs = vector::BitCastOp::create(
            in, loc, VectorType::get({n}, in.getI32Type()),
            vector::ShuffleOp::create(in, loc, value, value, positions));
        for (int64_t i = 0; i < n; ++i)
          memref::StoreOp::create(
              in, loc, vector::ExtractOp::create(in, loc, pairs, i), words,
              ValueRange{
                  arith::AddIOp::create(in, loc, word, constant(in, i))});
      };
      auto storeElement = [&](OpBuilder &in, int64_t i) {
        memref::StoreOp::create(
            in, loc, vector::ExtractOp::create(in, loc, value, i), elements,
            ValueRange{arith::AddIOp::create(in, loc, index, constant(in, i))});
      };
      Value odd = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne,
          arith::AndIOp::create(b, loc, index, one), constant(b, 0));
      Value half = arith::ShRUIOp::create(b, loc, index, one);
      scf::IfOp::create(
          b, loc, odd,
          [&](OpBuilder &then, Location) {
            storeElement(then, 0);
            if (count > 2) // A vector of 2: its two elements alone.
              storeWords(then, 1, count / 2 - 1,
                         arith::AddIOp::create(then, loc, half, one));
            storeElement(then, count - 1);
            scf::YieldOp::create(then, loc);
          },
          [&](OpBuilder &otherwise, Location) {
            storeWords(otherwise, 0, count / 2, half);
            scf::YieldOp::create(otherwise, loc);
          });
      store.erase();
    }
  }

  /// `size` bytes of the byte buffer `bytes` from `offset`, as a memref of
  /// `unit`.
  static Value viewAs(OpBuilder &b, Value bytes, int64_t offset, int64_t size,
                      Type unit) {
    auto type = cast<MemRefType>(bytes.getType());
    Location loc = bytes.getLoc();
    return memref::ViewOp::create(
        b, loc,
        MemRefType::get({size * 8 / unit.getIntOrFloatBitWidth()}, unit,
                        MemRefLayoutAttrInterface(), type.getMemorySpace()),
        bytes, arith::ConstantIndexOp::create(b, loc, offset), ValueRange());
  }

  /// `op` (a vector access of x or y at [row, column]) reads `rowsIn` or
  /// writes `rowsOut` at `rowStart` + column instead, at the element's
  /// alignment (a row starts at any phase there).
  static void redirect(Operation *op, Value rowsIn, Value rowsOut,
                       Value rowStart) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto flat = [&](ValueRange indices) {
      return arith::AddIOp::create(b, loc, rowStart, indices.back())
          .getResult();
    };
    Operation *replacement = nullptr;
    if (auto load = dyn_cast<vector::LoadOp>(op))
      replacement = vector::LoadOp::create(b, loc, load.getVectorType(), rowsIn,
                                           flat(load.getIndices()));
    else if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
      replacement = vector::MaskedLoadOp::create(
          b, loc, load.getVectorType(), rowsIn, flat(load.getIndices()),
          load.getMask(), load.getPassThru());
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      replacement = vector::StoreOp::create(b, loc, store.getValueToStore(),
                                            rowsOut, flat(store.getIndices()));
    else if (auto store = dyn_cast<vector::MaskedStoreOp>(op))
      replacement = vector::MaskedStoreOp::create(
          b, loc, rowsOut, flat(store.getIndices()), store.getMask(),
          store.getValueToStore());
    op->replaceAllUsesWith(replacement);
    op->erase();
  }

  /// True for a value computed (by pure operations) from the block id: a
  /// row, where a column comes from thread ids and constants alone (a
  /// static M may equal N).
  static bool isRowIndex(Value value) {
    SmallVector<Value> work{value};
    llvm::DenseSet<Value> seen;
    while (!work.empty()) {
      Operation *def = work.pop_back_val().getDefiningOp();
      if (!def || def->getNumRegions() != 0 || !isMemoryEffectFree(def))
        continue;
      if (isa<gpu::BlockIdOp>(def))
        return true;
      for (Value operand : def->getOperands())
        if (seen.insert(operand).second)
          work.push_back(operand);
    }
    return false;
  }

  /// In the staged copy every row of the block exists: its tests of a row
  /// against the row count (x's or y's dimension 0, or a static M) hold.
  /// Folding them leaves both passes over a row with the same columns and no
  /// branches around the buffer's loads, so that the loads are one (x held in
  /// registers).
  static void assumeRowsPresent(scf::IfOp staged, Value x, Value y,
                                std::optional<int64_t> staticRows) {
    auto isRowCount = [&](Value value) {
      if (auto dim = value.getDefiningOp<memref::DimOp>()) {
        Value argument = argumentOf(dim.getSource());
        return argument && (argument == x || argument == y) &&
               getConstantIntValue(dim.getIndex()) == 0;
      }
      return staticRows && getConstantIntValue(value) == staticRows;
    };
    SmallVector<arith::CmpIOp> rowTests;
    staged.getThenRegion().walk([&](arith::CmpIOp cmp) {
      if (cmp.getPredicate() == arith::CmpIPredicate::ult &&
          isRowCount(cmp.getRhs()) && isRowIndex(cmp.getLhs()))
        rowTests.push_back(cmp);
    });
    for (arith::CmpIOp cmp : rowTests) {
      OpBuilder b(cmp);
      cmp.replaceAllUsesWith(
          arith::ConstantIntOp::create(b, cmp.getLoc(), 1, 1).getResult());
      cmp.erase();
    }
    MLIRContext *ctx = staged.getContext();
    RewritePatternSet patterns(ctx);
    for (RegisteredOperationName name : ctx->getRegisteredOperations())
      if (isa_and_nonnull<arith::ArithDialect, scf::SCFDialect>(
              name.getDialect()))
        name.getCanonicalizationPatterns(patterns, ctx);
    (void)applyPatternsGreedily(staged.getThenRegion(), std::move(patterns));
  }

  /// w's loads in the staged copy move to just after `copying` (the issue
  /// of the copy in, which the block barrier and the wait for the run
  /// follow), with the pure operations that compute their columns: issued
  /// while the run is copied, as the hand-written prototype does. Below the
  /// wait, a block waited for the run, then (after the reduction) for w:
  /// measured 2026-12-02 (tools/gpu/PERFLOG.md, `s16a` against `s16c`),
  /// f32 N = 127 6% and N = 63 7-15% faster issued there; 16-bit N = 127 /
  /// 255 within 3% (their loss was the buffer's accesses: readAsWords).
  /// Above the barrier rather than below it (`s24d`, PTX-level: bf16 / f16
  /// N = 127 +2.0 / +2.8%): no thread waits for the first one's copy issue
  /// before its own loads. In program order, while the loaded values fit
  /// `budget` registers (held through the reduction; the batch rule of
  /// rownorm-hoist-row-loads); the rest stay.
  static void loadWeightDuringCopy(Operation *copying, Value weight,
                                   unsigned budget) {
    Block *block = copying->getBlock();
    Operation *issued = copying;
    unsigned held = 0;
    for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
             std::next(copying->getIterator()), block->end()))) {
      if (!isGlobalLoad(&op) || argumentOf(op.getOperand(0)) != weight)
        continue;
      unsigned registers = loadRegisters(&op);
      if (held + registers > budget)
        return;
      SmallVector<Operation *> slice;
      // Everything up to the last op moved is available.
      if (!columnSlice(&op, issued, slice))
        continue;
      llvm::sort(slice, [](Operation *a, Operation *c) {
        return a->isBeforeInBlock(c);
      });
      slice.push_back(&op);
      for (Operation *moved : slice) {
        moved->moveAfter(issued);
        issued = moved;
      }
      held += registers;
    }
  }

  /// Adds to `slice` the operations of `op`'s block after `from` that
  /// compute `op`'s operands; false when one of them is not pure.
  static bool columnSlice(Operation *op, Operation *from,
                          SmallVectorImpl<Operation *> &slice) {
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != from->getBlock() ||
          def->isBeforeInBlock(from) || def == from ||
          llvm::is_contained(slice, def))
        continue;
      if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
        return false;
      slice.push_back(def);
      if (!columnSlice(def, from, slice))
        return false;
    }
    return true;
  }

  /// The staged copy's accesses to whole vectors of 16-bit elements in
  /// `elements` go through the 32-bit words that hold them (the same
  /// bytes, viewed as `words`; writeAsWords for y's). One access per element,
  /// as vector.load and vector.store lower at a 2-byte alignment, kept the
  /// shared-memory pipe busy (Nsight, `s16d`, bf16 N = 255: 1.8 M wavefronts,
  /// 70% beyond one per request, against 1.1 M for the prototype's word
  /// accesses) and ran a quarter slower than the unaligned copy it replaces.
  /// Measured (`s16e`, `s16f`): reads as words +10 to +23% at 16-bit
  /// N = 127 / 255, writes as words +4 to +7% more (-3 to -4% at N = 63,
  /// still 3x the unaligned copy).
  ///
  /// Reads: V / 2 + 1 words from the one that holds the first element (at
  /// an even index the last is not needed: read anyway, so that the code is
  /// the same for both phases), joined in pairs by a funnel shift of 0 or
  /// 16 bits.
  static void readAsWords(scf::IfOp staged, Value elements, Value words) {
    SmallVector<Operation *> reads;
    staged.getThenRegion().walk([&](Operation *op) {
      if (!isa<vector::LoadOp, vector::MaskedLoadOp>(op) ||
          accessBase(op) != elements)
        return;
      auto type = cast<VectorType>(op->getResult(0).getType());
      if (type.getNumElements() % 2 == 0)
        reads.push_back(op);
    });
    for (Operation *op : reads) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      auto type = cast<VectorType>(op->getResult(0).getType());
      auto masked = dyn_cast<vector::MaskedLoadOp>(op);
      Value index = masked ? masked.getIndices().back()
                           : cast<vector::LoadOp>(op).getIndices().back();
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value first = arith::ShRUIOp::create(b, loc, index, one);
      // 16 at an odd element index, else 0.
      Value shift = arith::ShLIOp::create(
          b, loc,
          arith::IndexCastOp::create(b, loc, b.getI32Type(),
                                     arith::AndIOp::create(b, loc, index, one)),
          arith::ConstantIntOp::create(b, loc, 4, 32));
      SmallVector<Value> read;
      for (int64_t i = 0; i <= type.getNumElements() / 2; ++i) {
        Value word = arith::AddIOp::create(
            b, loc, first, arith::ConstantIndexOp::create(b, loc, i));
        read.push_back(memref::LoadOp::create(b, loc, words, word));
      }
      SmallVector<Value> joined;
      for (size_t i = 0; i + 1 < read.size(); ++i)
        joined.push_back(
            LLVM::FshrOp::create(b, loc, read[i + 1], read[i], shift));
      Value value = vector::BitCastOp::create(
          b, loc, type,
          vector::FromElementsOp::create(
              b, loc,
              VectorType::get({type.getNumElements() / 2}, b.getI32Type()),
              joined));
      if (masked)
        value = arith::SelectOp::create(b, loc, masked.getMask(), value,
                                        masked.getPassThru());
      op->getResult(0).replaceAllUsesWith(value);
      op->erase();
    }
  }

  /// A thread's second read of a column of x's rows in the buffer reuses its
  /// first (both at the top of the staged copy, after CSE): nothing writes
  /// them after the copy in (y's rows are elsewhere). rownorm-reuse-row-loads
  /// does this for global loads and leaves workgroup memory alone.
  static void holdRows(gpu::GPUFuncOp kernel, scf::IfOp staged, Value buffer) {
    IRRewriter rewriter(kernel.getContext());
    DominanceInfo dominance(kernel);
    eliminateCommonSubExpressions(rewriter, dominance, staged);
    llvm::DenseMap<std::pair<Value, Type>, Value> first;
    for (Operation &op : llvm::make_early_inc_range(*staged.thenBlock())) {
      auto load = dyn_cast<vector::LoadOp>(op);
      if (!load || load.getBase() != buffer)
        continue;
      auto key = std::make_pair(load.getIndices().back(), load.getType());
      auto [it, inserted] = first.try_emplace(key, load.getResult());
      if (!inserted) {
        load.getResult().replaceAllUsesWith(it->second);
        load.erase();
      }
    }
  }
};
} // namespace

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
// and y's accesses redirected to the workgroup buffer (any phase is fine
// there), and the run is copied out. A third version of the row body, under
// a uniform test; rows of any other layout and the last, partial block keep
// the other two.
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
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_STAGEROWS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// Rows of at most this many bytes are staged (measured 2026-12-02,
/// tools/gpu/PERFLOG.md, `s15c`-`s15f`, hand-written prototype: +15 to +32%
/// at N = 127, 254 / 508 bytes; -6 to -28% at 16-bit N = 1025, 2050 bytes).
constexpr int64_t kMaxStagedRowBytes = 512;

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
    }
  }

  /// A row stride: the kernel's parameter, or the value the source fixed.
  static Value rowStride(ImplicitLocOpBuilder &b, gpu::GPUFuncOp kernel,
                         const rownorm::LaunchContract &contract,
                         StringRef role) {
    for (auto &[fixedRole, stride] : contract.staticRowStrides)
      if (fixedRole == role)
        return arith::ConstantIntOp::create(b, stride, 64);
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
    if (rowBytes % vectorBytes == 0 || rowBytes > kMaxStagedRowBytes ||
        runBytes % kBulkUnitBytes != 0)
      return;
    // Every access stays inside the run (masked lanes read column 0 of their
    // row); one unit of padding all the same.
    int64_t bufferBytes = runBytes + kBulkUnitBytes;
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
    scf::IfOp versioned = findVersionedRows(kernel);
    if (!versioned)
      return;

    MLIRContext *ctx = kernel.getContext();
    auto space = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    Value buffer = kernel.addWorkgroupAttribution(
        MemRefType::get({bufferBytes / elementBytes}, elementType,
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
    for (StringRef role : inPlace ? SmallVector<StringRef>{xRole}
                                  : SmallVector<StringRef>{xRole, yRole}) {
      Value stride = rowStride(b, kernel, contract, role);
      if (!stride)
        return;
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
    scf::IfOp::create(b, first, [&](OpBuilder &then, Location loc) {
      target.createBulkCopyIn(then, loc, buffer, barrier, runAddress(x), bytes);
      scf::YieldOp::create(then, loc);
    });
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
      redirect(op, buffer, rowStart);
    assumeRowsPresent(staged, x, y, info.staticRows);
    holdRows(kernel, staged, buffer);

    target.createBulkCopyOutFence(b, b.getLoc());
    gpu::BarrierOp::create(b);
    scf::IfOp::create(b, first, [&](OpBuilder &then, Location loc) {
      target.createBulkCopyOut(then, loc, runAddress(y), buffer, bytes);
      scf::YieldOp::create(then, loc);
    });

    rownorm::LaunchContract updated = contract;
    updated.staticSharedBytes += stagedBytes;
    kernel->setAttr(rownorm::RowNormDialect::getLaunchAttrName(),
                    updated.toAttr(ctx));
  }

  /// `op` (a vector access of x or y at [row, column]) reads or writes
  /// `buffer` at `rowStart` + column instead, at the element's alignment (a
  /// row starts at any phase in the buffer).
  static void redirect(Operation *op, Value buffer, Value rowStart) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto flat = [&](ValueRange indices) {
      return arith::AddIOp::create(b, loc, rowStart, indices.back())
          .getResult();
    };
    Operation *replacement = nullptr;
    if (auto load = dyn_cast<vector::LoadOp>(op))
      replacement = vector::LoadOp::create(b, loc, load.getVectorType(), buffer,
                                           flat(load.getIndices()));
    else if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
      replacement = vector::MaskedLoadOp::create(
          b, loc, load.getVectorType(), buffer, flat(load.getIndices()),
          load.getMask(), load.getPassThru());
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      replacement = vector::StoreOp::create(b, loc, store.getValueToStore(),
                                            buffer, flat(store.getIndices()));
    else if (auto store = dyn_cast<vector::MaskedStoreOp>(op))
      replacement = vector::MaskedStoreOp::create(
          b, loc, buffer, flat(store.getIndices()), store.getMask(),
          store.getValueToStore());
    op->replaceAllUsesWith(replacement);
    op->erase();
  }

  /// In the staged copy every row of the block exists: its tests of a row
  /// against the row count (x's or y's dimension 0, or a static M) hold.
  /// Folding them leaves both passes over a row with the same columns and no
  /// branches around the buffer's loads, so that the loads are one (x held in
  /// registers, never read after another thread wrote y there).
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
          isRowCount(cmp.getRhs()))
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

  /// A thread's second read of a column of the buffer reuses its first (both
  /// at the top of the staged copy, after CSE): the tiled form's ownership
  /// rule (a thread writes only the columns it reads, after reading them)
  /// makes that sound, as for global loads in rownorm-reuse-row-loads, which
  /// leaves workgroup memory alone.
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

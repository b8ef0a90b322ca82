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
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"

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

/// The scf.if of rownorm-version-rows in `kernel`: at the top of its body,
/// with an else region, x's accesses in its then region saying how aligned
/// they are.
scf::IfOp findVersionedRows(gpu::GPUFuncOp kernel, Value x) {
  for (Operation &op : kernel.getBody().front()) {
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (!ifOp || ifOp.getElseRegion().empty() || ifOp.getNumResults() != 0)
      continue;
    bool aligned = false;
    ifOp.getThenRegion().walk([&](Operation *access) {
      if (isa<vector::LoadOp, vector::MaskedLoadOp>(access) &&
          argumentOf(access->getOperand(0)) == x &&
          access->hasAttr("alignment"))
        aligned = true;
    });
    if (aligned)
      return ifOp;
  }
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
    // Rows of whole units are aligned when contiguous: nothing to gain.
    if (rowBytes % kBulkUnitBytes == 0 || rowBytes > kMaxStagedRowBytes ||
        runBytes % kBulkUnitBytes != 0)
      return;
    // Past the run, padding for the last row's vectors past its end: the
    // buffer is read at a vector's own column even where it is masked
    // (redirect), up to the schedule's last vector slot.
    rownorm::ScheduleAttr schedule = info.schedule;
    int64_t slots = schedule.getThreadsPerRow() *
                    schedule.getVectorsPerThread() * schedule.getVectorWidth();
    int64_t padBytes = llvm::alignTo(
        std::max<int64_t>(slots - n, 0) * elementBytes + kBulkUnitBytes,
        kBulkUnitBytes);
    int64_t bufferElements = (runBytes + padBytes) / elementBytes;
    if (contract.staticSharedBytes + runBytes + padBytes + 8 >
        target.getStaticSharedMemoryPerBlock())
      return;
    bool inPlace = !llvm::is_contained(info.roles, "x");
    StringRef xRole = inPlace ? "xy" : "x", yRole = inPlace ? "xy" : "y";
    Value x = contractArgument(kernel, contract, xRole);
    Value y = contractArgument(kernel, contract, yRole);
    if (!x || !y)
      return;
    scf::IfOp versioned = findVersionedRows(kernel, x);
    if (!versioned)
      return;

    MLIRContext *ctx = kernel.getContext();
    auto space = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    Value buffer = kernel.addWorkgroupAttribution(
        MemRefType::get({bufferElements}, elementType,
                        MemRefLayoutAttrInterface(), space),
        kernel.getLoc());
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
    if (Value rowCount = contractArgument(kernel, contract, "rows")) {
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
    // The run's global address: the block's first row.
    auto runAddress = [&](Value buffer) {
      Value base = arith::IndexCastOp::create(
          b, b.getI64Type(),
          memref::ExtractAlignedPointerAsIndexOp::create(b, buffer));
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
      if (isa<vector::LoadOp, vector::MaskedLoadOp, vector::StoreOp,
              vector::MaskedStoreOp>(op)) {
        Value base = isa<vector::LoadOp, vector::MaskedLoadOp>(op)
                         ? op->getOperand(0)
                         : op->getOperand(1);
        Value argument = argumentOf(base);
        if (argument && (argument == x || argument == y))
          accesses.push_back(op);
      }
    });
    for (Operation *op : accesses)
      redirect(op, buffer, rowStart);

    target.createBulkCopyOutFence(b, b.getLoc());
    gpu::BarrierOp::create(b);
    scf::IfOp::create(b, first, [&](OpBuilder &then, Location loc) {
      target.createBulkCopyOut(then, loc, runAddress(y), buffer, bytes);
      scf::YieldOp::create(then, loc);
    });

    rownorm::LaunchContract updated = contract;
    updated.staticSharedBytes += bufferElements * elementBytes + 8;
    kernel->setAttr(rownorm::RowNormDialect::getLaunchAttrName(),
                    updated.toAttr(ctx));
  }

  /// `op` (a vector access of x or y at [row, column]) reads or writes
  /// `buffer` at `rowStart` + column instead, at the element's alignment (a
  /// row starts at any phase in the buffer).
  static void redirect(Operation *op, Value buffer, Value rowStart) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Operation *index = nullptr;
    bool isLoad = isa<vector::LoadOp, vector::MaskedLoadOp>(op);
    auto flat = [&](ValueRange indices) {
      // A load's column masked to 0 (rownorm-coarsen-masks: the value is
      // used only where the mask holds) is read at its own column: inside
      // the padded buffer, and the same index in both phases, so the load
      // is reused. Stores keep theirs.
      Value column = indices.back();
      if (auto select = column.getDefiningOp<arith::SelectOp>();
          select && isLoad && matchPattern(select.getFalseValue(), m_Zero()))
        column = select.getTrueValue();
      index = arith::AddIOp::create(b, loc, rowStart, column);
      return index->getResult(0);
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
    if (isLoad)
      speculate(replacement, index);
  }

  /// Moves a load of the buffer (and its index) out of the branches around
  /// it, where they guard rows past the end (none in a full block) or
  /// columns past the row (inside the buffer, masked by the branch): a
  /// read of the buffer is safe at any index the body forms, and loads at
  /// one level can be reused by rownorm-reuse-row-loads (held, not read
  /// twice).
  static void speculate(Operation *load, Operation *index) {
    while (auto ifOp = dyn_cast<scf::IfOp>(load->getParentOp())) {
      auto outside = [&](Value value) {
        return !ifOp->isAncestor(value.getParentBlock()->getParentOp()) &&
               value.getParentBlock()->getParentOp() != ifOp;
      };
      if (!llvm::all_of(index->getOperands(), outside) ||
          !llvm::all_of(load->getOperands(), [&](Value v) {
            return v.getDefiningOp() == index || outside(v);
          }))
        return;
      index->moveBefore(ifOp);
      load->moveBefore(ifOp);
    }
  }
};
} // namespace

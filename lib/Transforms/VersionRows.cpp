//===- VersionRows.cpp - an aligned copy of the row body ------------------===//
//
// The kernel body is cloned under a uniform test of every row buffer's
// offset and row stride; in the copy where the test holds, each vector
// access at a multiple of its width says how aligned it is, which the
// targets turn into one wide access. The other copy is left for
// rownorm-align-rows.
//
//===----------------------------------------------------------------------===//

#include "RowLayout.h"
#include "rmsnorm/Target/TargetInfo.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_VERSIONROWS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// A function argument accessed in vectors, with the alignment its vectors
/// would have in aligned rows.
using Buffers = llvm::MapVector<Value, int64_t>;

/// The vector accesses of function arguments under `block`, at multiples of
/// their width, that do not yet say how aligned they are.
SmallVector<Operation *> alignableAccesses(Block &block, int64_t maxBytes) {
  SmallVector<Operation *> accesses;
  block.walk([&](Operation *op) {
    if (!isArgumentAccess(op) || alignmentOf(op))
      return;
    VectorType type = vectorAccess(op).second;
    if (type.getRank() != 1 || type.getNumElements() < 2 ||
        !naturalAlignment(type, maxBytes))
      return;
    if (isMultipleOf(accessIndices(op).back(), type.getNumElements()))
      accesses.push_back(op);
  });
  return accesses;
}

/// True, false, or null (known at run time only) for "`value` is a multiple
/// of `elements`".
std::optional<bool> staticMultiple(Value value, int64_t elements) {
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return *c % elements == 0;
  return std::nullopt;
}

struct VersionRows final
    : public rmsnorm::impl::VersionRowsBase<VersionRows> {
  using Base::Base;

  void runOnOperation() override {
    std::unique_ptr<TargetInfo> target;
    SmallVector<Block *> rowBlocks =
        rowBodies(getOperation(), [](scf::ForOp) { return true; });
    for (Block *block : rowBlocks) {
      if (!target && !(target = getTargetInfo(getOperation())))
        return signalPassFailure();
      version(*block, *target);
    }
  }

  void version(Block &block, const TargetInfo &target) {
    int64_t maxBytes = target.getMaxVectorBytes();
    SmallVector<Operation *> accesses = alignableAccesses(block, maxBytes);
    if (accesses.empty())
      return;
    auto func = accesses.front()->getParentOfType<FunctionOpInterface>();
    Buffers buffers;
    for (Operation *op : accesses) {
      auto [base, type] = vectorAccess(op);
      buffers[base] = std::max(buffers.lookup(base),
                               naturalAlignment(type, maxBytes));
    }

    // The test, at the function's entry: each buffer's offset and row
    // stride are multiples of its vectors' alignment (base pointers are
    // aligned by the launch contract).
    Block &entry = func.getFunctionBody().front();
    Operation *firstOfEntry = &entry.front();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    Location loc = func.getLoc();
    Value test;
    bool neverAligned = false;
    // Whether every static term that fails is a row stride fixed at N
    // (contiguous rows); the first 2-d buffer and its vectors' alignment.
    bool onlyContiguous = true;
    Value rows;
    int64_t rowsAlignment = 0;
    for (auto [base, bytes] : buffers) {
      auto type = cast<MemRefType>(base.getType());
      int64_t elements = bytes * 8 / type.getElementTypeBitWidth();
      SmallVector<Value> starts = {offsetOf(b, loc, base)};
      if (type.getRank() == 2) {
        starts.push_back(rowStrideOf(b, loc, base));
        if (!rows) {
          rows = base;
          rowsAlignment = bytes;
        }
      }
      for (auto [index, start] : llvm::enumerate(starts)) {
        std::optional<bool> known = staticMultiple(start, elements);
        if (known) {
          if (!*known) {
            neverAligned = true;
            onlyContiguous &=
                index == 1 && getConstantIntValue(start) == type.getDimSize(1);
          }
          continue;
        }
        Value rem = arith::AndIOp::create(
            b, loc, start, arith::ConstantIndexOp::create(b, loc, elements - 1));
        Value ok = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, rem,
            arith::ConstantIndexOp::create(b, loc, 0));
        test = test ? arith::AndIOp::create(b, loc, test, ok) : ok;
      }
    }
    bool stagingOnly = false;
    if (neverAligned) {
      // Rows are never all aligned: the run-time terms built above are
      // moot, and rownorm-align-rows' form is the only one, unless they are
      // contiguous rows that rownorm-stage-rows could stage from the aligned
      // body (kept under a test that never holds).
      while (&entry.front() != firstOfEntry)
        firstOfEntry->getPrevNode()->erase();
      test = {};
      if (!stagingTemplate || !onlyContiguous || !rows ||
          !target.hasBulkCopy() ||
          !withinStagedRowLimit(cast<MemRefType>(rows.getType()).getDimSize(1)))
        return;
      // The test: the buffer's base is misaligned, which the launch
      // contract rules out. Unlike M < 0 it is not folded where the source
      // fixes M too, so every such kernel keeps its template.
      Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, rows);
      Value misalignment = arith::AndIOp::create(
          b, loc, base,
          arith::ConstantIndexOp::create(b, loc, rowsAlignment - 1));
      test =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, misalignment,
                                arith::ConstantIndexOp::create(b, loc, 0));
      stagingOnly = true;
    }
    if (!test) {
      mark(accesses, maxBytes);
      return;
    }

    Operation *terminator = block.getTerminator();
    if (terminator->getNumOperands() != 0)
      return;
    SmallVector<Operation *> body;
    for (Operation &op : block.without_terminator())
      body.push_back(&op);
    b.setInsertionPoint(terminator);
    auto ifOp = scf::IfOp::create(b, loc, test, /*withElseRegion=*/true);
    ifOp->setAttr(rownorm::RowNormDialect::getVersionedRowsAttrName(),
                  b.getUnitAttr());
    if (stagingOnly)
      ifOp->setAttr(rownorm::RowNormDialect::getStagingTemplateAttrName(),
                    b.getUnitAttr());
    for (Operation *op : body)
      op->moveBefore(ifOp.thenBlock()->getTerminator());
    IRMapping mapping;
    b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    for (Operation *op : body)
      b.clone(*op, mapping);
    mark(accesses, maxBytes);
  }

  /// Each access in the aligned copy (the original operations) says so.
  static void mark(ArrayRef<Operation *> accesses, int64_t maxBytes) {
    for (Operation *op : accesses)
      setAlignment(op, naturalAlignment(vectorAccess(op).second, maxBytes));
  }
};
} // namespace

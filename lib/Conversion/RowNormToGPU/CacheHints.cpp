//===- CacheHints.cpp - cache-eviction hints on a kernel's row loads -------===//
//
// The copy for rows of unknown alignment reads x twice: once for the sum of
// squares, again (a `rownorm.reload` load) for the scaling. Where the target
// has loads with eviction hints (TargetInfo::createHintedLoad), the first
// read of such an element is kept (evicted last), so that the re-read finds
// it in the cache while other rows stream through. In a kernel that re-reads
// its rows on purpose (RowReread.h, the rule rownorm-reuse-row-loads
// follows: its aligned copy re-reads too), the re-read streams and w's
// loads are kept as well. With loads=all, the other
// 16-byte loads of x stream (evicted first: a row is read once) and those of
// w are kept (every block reads them); measured slower on aligned rows, so
// opt-in. Loads of an in-place buffer (role "xy") keep the plain load.
//
//===----------------------------------------------------------------------===//

#include "RowReread.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_CACHEHINTS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// The kernel argument a load reads, through the reinterpret_cast that gives
/// a bare pointer its row shape, and that cast (null when there is none).
std::pair<BlockArgument, memref::ReinterpretCastOp> loadedArgument(Value base) {
  auto cast = base.getDefiningOp<memref::ReinterpretCastOp>();
  if (cast)
    base = cast.getSource();
  return {dyn_cast<BlockArgument>(base), cast};
}

/// The row layout of a load through `cast`, or of `argument` itself when the
/// load reads it directly: element strides and offset; none when they are
/// not known (a dynamic layout on the argument).
std::optional<std::pair<SmallVector<OpFoldResult>, OpFoldResult>>
layoutOf(OpBuilder &b, BlockArgument argument, memref::ReinterpretCastOp cast) {
  if (cast)
    return std::make_pair(cast.getMixedStrides(),
                          cast.getMixedOffsets().front());
  auto type = cast_or_null<MemRefType>(argument.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type || failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  SmallVector<OpFoldResult> folded;
  for (int64_t stride : strides)
    folded.push_back(b.getIndexAttr(stride));
  return std::make_pair(folded, OpFoldResult(b.getIndexAttr(offset)));
}

/// The byte address of `load`'s first element, as an i64.
Value byteAddress(OpBuilder &b, vector::LoadOp load, BlockArgument argument,
                  ArrayRef<OpFoldResult> strides, OpFoldResult offset,
                  int64_t elementBytes) {
  Location loc = load.getLoc();
  Value element = getValueOrCreateConstantIndexOp(b, loc, offset);
  for (auto [index, stride] : llvm::zip(load.getIndices(), strides))
    element = arith::AddIOp::create(
        b, loc, element,
        arith::MulIOp::create(
            b, loc, index, getValueOrCreateConstantIndexOp(b, loc, stride)));
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, argument);
  Value bytes = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, element,
                            arith::ConstantIndexOp::create(b, loc, elementBytes)));
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), bytes);
}

/// The element size in bytes of a load the pass may rewrite: a rank-1 vector
/// of whole-byte integers or floats from a memref of the same elements in the
/// default (global) memory space; 0 for any other load.
int64_t rewritableElementBytes(vector::LoadOp load) {
  VectorType type = load.getVectorType();
  auto memref = dyn_cast<MemRefType>(load.getBase().getType());
  Type element = type.getElementType();
  if (type.getRank() != 1 || type.isScalable() || !element.isIntOrFloat() ||
      !memref ||
      memref.getElementType() != element || memref.getMemorySpace())
    return 0;
  unsigned bits = element.getIntOrFloatBitWidth();
  return bits % 8 == 0 ? bits / 8 : 0;
}

struct CacheHints final : public rmsnorm::impl::CacheHintsBase<CacheHints> {
  using CacheHintsBase::CacheHintsBase;

  void runOnOperation() override {
    if (loads == CacheHintLoads::None)
      return;
    WalkResult result = getOperation()->walk([&](gpu::GPUFuncOp func) {
      // Each kernel's own module's target (an input may nest modules).
      FailureOr<std::optional<KernelTarget>> known = getKernelTarget(func);
      if (failed(known))
        return WalkResult::interrupt();
      if (!*known || !(*known)->target->hasHintedLoads())
        return WalkResult::advance();
      const rownorm::LaunchContract &contract = (*known)->contract;
      const TargetInfo &target = *(*known)->target;
      int64_t vectorBytes = target.getMaxVectorBytes();
      bool rereadKernel = shouldRereadRows(contract, target);
      SmallVector<vector::LoadOp> rowLoads;
      func.walk([&](vector::LoadOp load) { rowLoads.push_back(load); });
      // Elements read again later: the same base and index values as a
      // re-read (decided before any load is replaced).
      StringRef reload = rownorm::RowNormDialect::getReloadAttrName();
      llvm::SmallPtrSet<Operation *, 16> readAgain;
      for (vector::LoadOp load : rowLoads)
        if (!load->hasAttr(reload) &&
            llvm::any_of(rowLoads, [&](vector::LoadOp other) {
              return other->hasAttr(reload) &&
                     other.getBase() == load.getBase() &&
                     other.getIndices() == load.getIndices();
            }))
          readAgain.insert(load);
      for (vector::LoadOp load : rowLoads) {
        int64_t elementBytes = rewritableElementBytes(load);
        VectorType type = load.getVectorType();
        auto alignment = load->getAttrOfType<IntegerAttr>("alignment");
        if (!elementBytes ||
            type.getNumElements() * elementBytes != vectorBytes ||
            !alignment || alignment.getInt() < vectorBytes)
          continue;
        auto [argument, cast] = loadedArgument(load.getBase());
        // Entry-block arguments past the parameters are the kernel's
        // workgroup and private buffers.
        if (!argument || argument.getOwner() != &func.getBody().front() ||
            argument.getArgNumber() >= contract.params.size())
          continue;
        const std::string &role =
            contract.params[argument.getArgNumber()].name;
        if (role != "x" && role != "w")
          continue;
        bool readTwice = readAgain.contains(load);
        if (!readTwice && loads != CacheHintLoads::All &&
            !(rereadKernel && (role == "w" || load->hasAttr(reload))))
          continue;
        bool keep = readTwice || role == "w";
        OpBuilder b(load);
        auto layout = layoutOf(b, argument, cast);
        if (!layout)
          continue;
        Value address = byteAddress(b, load, argument, layout->first,
                                    layout->second, elementBytes);
        Value hinted = target.createHintedLoad(
            b, load.getLoc(), type, address,
            keep ? TargetInfo::CacheUse::Keep : TargetInfo::CacheUse::Stream);
        load.replaceAllUsesWith(hinted);
        load.erase();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

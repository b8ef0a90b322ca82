//===- AlignRows.cpp - head, aligned body and tail of every row -----------===//
//
// Rows whose alignment is not known (the copy rownorm-version-rows leaves,
// or every row when no copy could be proven aligned) are read and written
// as a short head up to the first aligned address, a body of aligned whole
// vectors and a short tail. See the pass description for the weight.
//
//===----------------------------------------------------------------------===//

#include "RowLayout.h"
#include "rmsnorm/Target/TargetInfo.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_ALIGNROWS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// A vector.load or vector.store of a function argument.
bool isArgAccess(Operation *op) {
  if (!isa<vector::LoadOp, vector::StoreOp>(op))
    return false;
  auto arg = dyn_cast<BlockArgument>(vectorAccess(op).first);
  return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

ValueRange indicesOf(Operation *op) {
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return load.getIndices();
  return cast<vector::StoreOp>(op).getIndices();
}

Value constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value zerosOf(OpBuilder &b, Location loc, VectorType type) {
  return arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType())));
}

/// What one row body needs to know about its row, computed once per row.
struct RowPlan {
  bool aligned = false; // the aligned copy (rownorm-version-rows): no head
  Value x;           // the row buffer read: its phase defines the body
  Value row;         // the row index of every row access
  int64_t width = 0; // elements per vector
  int64_t columns = 0;
  int64_t xAlignment = 0; // bytes of a body vector of x
  Value head;             // elements before x's first aligned column
  Value bodyLength;       // elements of whole body vectors (multiple of width)
  Value tailStart;        // head + bodyLength
  // The weight read in aligned vectors and realigned in registers.
  Value weight;
  int64_t weightUnit = 0;      // elements per aligned weight access
  int64_t weightAlignment = 0; // its bytes
  Value weightShift;           // head mod weightUnit
  // Other row buffers written: their head equals x's (aligned stores).
  DenseMap<Value, Value> samePhase;
  int64_t headSlots = 0, tailSlots = 0;
};

struct AlignRows final : public rmsnorm::impl::AlignRowsBase<AlignRows> {
  void runOnOperation() override {
    std::unique_ptr<TargetInfo> target;
    SmallVector<Block *> rowBlocks =
        rowBodies(getOperation(), [](scf::ForOp loop) {
          bool accesses = false;
          loop.walk([&](Operation *op) { accesses |= isArgAccess(op); });
          return accesses;
        });
    for (Block *block : rowBlocks) {
      if (!target && !(target = getTargetInfo(getOperation())))
        return signalPassFailure();
      if (failed(alignRows(*block, target->getMaxVectorBytes())))
        return signalPassFailure();
    }
  }

  /// The vector loops of `block`'s thread loops, with their thread loops.
  static SmallVector<std::pair<scf::ParallelOp, scf::ForOp>>
  vectorLoops(Block &block) {
    SmallVector<std::pair<scf::ParallelOp, scf::ForOp>> loops;
    for (auto thread : block.getOps<scf::ParallelOp>()) {
      if (thread.getNumLoops() != 1 ||
          getConstantIntValue(thread.getLowerBound()[0]) != 0 ||
          getConstantIntValue(thread.getStep()[0]) != 1 ||
          !getConstantIntValue(thread.getUpperBound()[0]))
        continue;
      for (auto loop : thread.getBody()->getOps<scf::ForOp>())
        loops.emplace_back(thread, loop);
    }
    return loops;
  }

  /// Rewrites one row body; fails (reported) when it must but cannot: its
  /// vectors do not cover the row (a schedule of whole vectors, whose tail
  /// elements this pass adds).
  LogicalResult alignRows(Block &block, int64_t maxBytes) {
    auto loops = vectorLoops(block);
    SmallVector<Operation *> accesses;
    for (auto [thread, loop] : loops)
      loop.walk([&](Operation *op) {
        if (isArgAccess(op))
          accesses.push_back(op);
      });
    RowPlan plan;
    // The row read defines the phase; every access must be a vector of the
    // same length at a multiple of it, rows at one row index.
    for (Operation *op : accesses) {
      auto [base, type] = vectorAccess(op);
      auto memref = cast<MemRefType>(base.getType());
      if (isa<vector::LoadOp>(op) && memref.getRank() == 2 && !plan.x) {
        plan.x = base;
        plan.row = indicesOf(op).front();
        plan.width = type.getNumElements();
        plan.columns = memref.getDimSize(1);
        plan.xAlignment = naturalAlignment(type, maxBytes);
      }
    }
    bool shortRows = false;
    if (plan.x && !ShapedType::isDynamic(plan.columns))
      for (auto [thread, loop] : loops) {
        std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                               ub = getConstantIntValue(loop.getUpperBound()),
                               step = getConstantIntValue(loop.getStep());
        int64_t threads = *getConstantIntValue(thread.getUpperBound()[0]);
        shortRows |= lb && ub && step && *step > 0 &&
                     (*ub - *lb + *step - 1) / *step * threads * plan.width <
                         plan.columns;
      }
    auto leave = [&](StringRef why) -> LogicalResult {
      if (!shortRows)
        return success();
      return block.getParentOp()->emitError()
             << "rows of " << plan.columns << " elements are read in whole "
             << "vectors of " << plan.width << " that stop short of the end, "
             << "and their tail cannot be added: " << why;
    };
    if (!plan.x || plan.width < 2 || !plan.xAlignment ||
        ShapedType::isDynamic(plan.columns) ||
        plan.columns < 2 * plan.width)
      return leave("no row read in vectors of two elements or more, or rows "
                   "shorter than two vectors");
    // Rows known aligned need a tail only when N is not a multiple of the
    // width (the schedule covers whole vectors, rownorm-tile-rows).
    bool marked = llvm::all_of(accesses, alignmentOf);
    if (!marked && llvm::any_of(accesses, alignmentOf))
      return leave("some accesses are marked aligned, others not");
    if (marked && plan.columns % plan.width == 0)
      return success();
    plan.aligned = marked;
    for (Operation *op : accesses) {
      auto [base, type] = vectorAccess(op);
      ValueRange indices = indicesOf(op);
      auto memref = cast<MemRefType>(base.getType());
      if (type.getRank() != 1 || type.getNumElements() != plan.width ||
          memref.getRank() > 2 || memref.getDimSize(memref.getRank() - 1) !=
                                      plan.columns ||
          (memref.getRank() == 2 && indices.front() != plan.row) ||
          !isMultipleOf(indices.back(), plan.width))
        return leave("an access is not a vector of the row's width at a "
                     "multiple of it");
      if (memref.getRank() == 1 && isa<vector::LoadOp>(op) && !plan.weight)
        plan.weight = base;
    }

    for (auto [thread, loop] : loops)
      if (Operation *def = plan.row.getDefiningOp();
          def && thread->isAncestor(def))
        return leave("the row index is computed inside a thread loop");
    Operation *first = loops.front().first;
    OpBuilder b(first);
    Location loc = first->getLoc();
    if (failed(planRow(b, loc, plan, accesses, maxBytes)))
      return failure();
    int64_t threads = 1;
    for (auto [thread, loop] : loops) {
      threads = *getConstantIntValue(thread.getUpperBound()[0]);
      plan.headSlots =
          plan.aligned ? 0 : llvm::divideCeil(plan.width - 1, threads);
      plan.tailSlots = llvm::divideCeil(
          plan.width - 1 + (plan.weightShift ? plan.weightUnit - 1 : 0),
          threads);
      alignLoop(plan, thread, loop);
    }
    return success();
  }

  LogicalResult planRow(OpBuilder &b, Location loc, RowPlan &plan,
                        ArrayRef<Operation *> accesses, int64_t maxBytes) {
    int64_t width = plan.width;
    plan.head = plan.aligned ? constant(b, loc, 0)
                             : headElements(b, loc, plan.x, plan.row, width);
    Value extra = constant(b, loc, 0);
    if (plan.weight && !plan.aligned) {
      auto type = cast<MemRefType>(plan.weight.getType());
      int64_t bytes = naturalAlignment(
          VectorType::get({width}, type.getElementType()), maxBytes);
      int64_t unit = bytes * 8 / type.getElementTypeBitWidth();
      std::optional<int64_t> offset =
          getConstantIntValue(offsetOf(b, loc, plan.weight));
      // Realigning in registers needs the weight's own phase known: a
      // static offset at a whole aligned access.
      if (bytes && unit > 1 && offset && *offset % unit == 0) {
        plan.weightUnit = unit;
        plan.weightAlignment = bytes;
        plan.weightShift = arith::AndIOp::create(
            b, loc, plan.head, constant(b, loc, unit - 1));
        // The second aligned access of the last body vector must stay in
        // the row: the body ends `unit - shift` earlier when shifted.
        Value shifted =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                  plan.weightShift, constant(b, loc, 0));
        extra = arith::SelectOp::create(
            b, loc, shifted,
            arith::SubIOp::create(b, loc, constant(b, loc, unit),
                                  plan.weightShift),
            constant(b, loc, 0));
      }
    }
    Value left = arith::SubIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, constant(b, loc, plan.columns),
                              plan.head),
        extra);
    plan.bodyLength = arith::MulIOp::create(
        b, loc,
        arith::DivUIOp::create(b, loc, left, constant(b, loc, width)),
        constant(b, loc, width));
    plan.tailStart = arith::AddIOp::create(b, loc, plan.head, plan.bodyLength);
    for (Operation *op : accesses) {
      Value base = vectorAccess(op).first;
      if (plan.aligned || !isa<vector::StoreOp>(op) || base == plan.x ||
          plan.samePhase.count(base) ||
          cast<MemRefType>(base.getType()).getRank() != 2)
        continue;
      Value head = headElements(b, loc, base, plan.row, width);
      plan.samePhase[base] = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, head, plan.head);
    }
    return success();
  }

  /// Rewrites one vector loop into its body form and appends the loop of
  /// head and tail elements.
  void alignLoop(const RowPlan &plan, scf::ParallelOp thread, scf::ForOp loop) {
    OpBuilder b(loop);
    b.setInsertionPointAfter(loop);
    Location loc = loop.getLoc();
    Value lower = constant(b, loc, 0);
    Value upper = constant(b, loc, plan.headSlots + plan.tailSlots);
    Value step = constant(b, loc, 1);
    auto edges = cast<scf::ForOp>(b.clone(*loop));
    edges.getLowerBoundMutable().assign(lower);
    edges.getUpperBoundMutable().assign(upper);
    edges.getStepMutable().assign(step);
    edges.getInitArgsMutable().assign(loop.getResults());
    for (auto [body, edge] : llvm::zip(loop.getResults(), edges.getResults()))
      body.replaceAllUsesExcept(edge, edges);

    SmallVector<Operation *> bodyAccesses, edgeAccesses;
    loop.walk([&](Operation *op) {
      if (isArgAccess(op))
        bodyAccesses.push_back(op);
    });
    edges.walk([&](Operation *op) {
      if (isArgAccess(op))
        edgeAccesses.push_back(op);
    });
    for (Operation *op : bodyAccesses)
      rewriteBodyAccess(plan, op);
    Value column = edgeColumn(plan, thread, edges);
    for (Operation *op : edgeAccesses)
      rewriteEdgeAccess(op, column);
  }

  /// Column of the head or tail element a thread handles in edge slot j;
  /// past the row when it has none there.
  Value edgeColumn(const RowPlan &plan, scf::ParallelOp thread,
                   scf::ForOp edges) {
    OpBuilder b = OpBuilder::atBlockBegin(edges.getBody());
    Location loc = edges.getLoc();
    Value t = thread.getInductionVars()[0];
    Value j = edges.getInductionVar();
    Value threads = thread.getUpperBound()[0];
    Value n = constant(b, loc, plan.columns);
    Value headColumn = arith::AddIOp::create(
        b, loc, t, arith::MulIOp::create(b, loc, j, threads));
    Value inHead = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         headColumn, plan.head);
    headColumn = arith::SelectOp::create(b, loc, inHead, headColumn, n);
    Value tailSlot =
        arith::SubIOp::create(b, loc, j, constant(b, loc, plan.headSlots));
    Value tailColumn = arith::AddIOp::create(
        b, loc, plan.tailStart,
        arith::AddIOp::create(b, loc, t,
                              arith::MulIOp::create(b, loc, tailSlot, threads)));
    Value isHead =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, j,
                              constant(b, loc, plan.headSlots));
    return arith::SelectOp::create(b, loc, isHead, headColumn, tailColumn);
  }

  /// A vector of the row at column c becomes the body vector at head + c:
  /// a masked access whose mask is whole vectors (bodyLength - c).
  void rewriteBodyAccess(const RowPlan &plan, Operation *op) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto [base, type] = vectorAccess(op);
    SmallVector<Value> indices(indicesOf(op));
    Value column = indices.back();
    Value remaining = arith::SubIOp::create(b, loc, plan.bodyLength, column);
    auto maskType = VectorType::get({plan.width}, b.getI1Type());
    Value mask = vector::CreateMaskOp::create(b, loc, maskType,
                                              ValueRange{remaining});
    indices.back() = arith::AddIOp::create(b, loc, plan.head, column);
    if (auto load = dyn_cast<vector::LoadOp>(op)) {
      Value value;
      if (base == plan.weight && plan.weightShift)
        value = realignedWeight(b, loc, plan, column, remaining, mask);
      else {
        auto masked = vector::MaskedLoadOp::create(
            b, loc, type, base, indices, mask, zerosOf(b, loc, type));
        copyAlignment(op, masked);
        if (base == plan.x && !plan.aligned)
          setAlignment(masked, plan.xAlignment);
        value = masked;
      }
      load.getResult().replaceAllUsesWith(value);
      load.erase();
      return;
    }
    auto store = cast<vector::StoreOp>(op);
    Value valueToStore = store.getValueToStore();
    auto emitStore = [&](OpBuilder &builder, bool aligned) {
      auto masked = vector::MaskedStoreOp::create(builder, loc, base, indices,
                                                  mask, valueToStore);
      copyAlignment(op, masked);
      if (aligned && !plan.aligned)
        setAlignment(masked, plan.xAlignment);
    };
    if (base == plan.x || plan.aligned) {
      emitStore(b, true); // In place: the phase of x.
    } else if (Value same = plan.samePhase.lookup(base)) {
      // Written at x's phase only when its own phase is the same: a row
      // buffer with another stride is written element by element.
      scf::IfOp::create(
          b, loc, same,
          [&](OpBuilder &then, Location loc) {
            emitStore(then, true);
            scf::YieldOp::create(then, loc);
          },
          [&](OpBuilder &otherwise, Location loc) {
            emitStore(otherwise, false);
            scf::YieldOp::create(otherwise, loc);
          });
    } else {
      emitStore(b, false);
    }
    store.erase();
  }

  /// The weight at head + c, from two aligned accesses: the vector at
  /// head + c - shift and the unit after it, shifted in registers by
  /// `shift` elements (log2(unit) selects between constant shuffles).
  Value realignedWeight(OpBuilder &b, Location loc, const RowPlan &plan,
                        Value column, Value remaining, Value mask) {
    auto type = cast<MemRefType>(plan.weight.getType());
    Type element = type.getElementType();
    int64_t width = plan.width, unit = plan.weightUnit;
    auto vectorType = VectorType::get({width}, element);
    auto unitType = VectorType::get({unit}, element);
    Value start = arith::SubIOp::create(
        b, loc, arith::AddIOp::create(b, loc, plan.head, column),
        plan.weightShift);
    auto low = vector::MaskedLoadOp::create(b, loc, vectorType, plan.weight,
                                            ValueRange{start}, mask,
                                            zerosOf(b, loc, vectorType));
    setAlignment(low, plan.weightAlignment);
    Value shifted =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                              plan.weightShift, constant(b, loc, 0));
    Value inBody = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                         remaining, constant(b, loc, 0));
    Value needed = arith::AndIOp::create(b, loc, shifted, inBody);
    Value highCount = arith::SelectOp::create(
        b, loc, needed, constant(b, loc, unit), constant(b, loc, 0));
    Value highMask = vector::CreateMaskOp::create(
        b, loc, VectorType::get({unit}, b.getI1Type()), ValueRange{highCount});
    Value highStart =
        arith::AddIOp::create(b, loc, start, constant(b, loc, width));
    auto high = vector::MaskedLoadOp::create(b, loc, unitType, plan.weight,
                                             ValueRange{highStart}, highMask,
                                             zerosOf(b, loc, unitType));
    setAlignment(high, plan.weightAlignment);
    int64_t length = width + unit;
    SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, length));
    Value window = vector::ShuffleOp::create(b, loc, low, high, all);
    for (int64_t step = unit / 2; step >= 1; step /= 2) {
      SmallVector<int64_t> by;
      for (int64_t i = 0; i < length; ++i)
        by.push_back(std::min(i + step, length - 1));
      Value moved = vector::ShuffleOp::create(b, loc, window, window, by);
      Value bit = arith::AndIOp::create(b, loc, plan.weightShift,
                                        constant(b, loc, step));
      Value set = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bit,
                                        constant(b, loc, 0));
      window = arith::SelectOp::create(b, loc, set, moved, window);
    }
    SmallVector<int64_t> first = llvm::to_vector(llvm::seq<int64_t>(0, width));
    return vector::ShuffleOp::create(b, loc, window, window, first);
  }

  /// A vector of the row becomes the one element at `column`, in lane 0 of
  /// a vector of zeros (loads) or taken from lane 0 (stores); the element
  /// is past the row, and masked later, when the thread has none.
  void rewriteEdgeAccess(Operation *op, Value column) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto [base, type] = vectorAccess(op);
    SmallVector<Value> indices(indicesOf(op));
    indices.back() = column;
    auto single = VectorType::get({1}, type.getElementType());
    if (auto load = dyn_cast<vector::LoadOp>(op)) {
      Value loaded = vector::LoadOp::create(b, loc, single, base, indices);
      Value element = vector::ExtractOp::create(b, loc, loaded, 0);
      Value value =
          vector::InsertOp::create(b, loc, element, zerosOf(b, loc, type), 0);
      load.getResult().replaceAllUsesWith(value);
      load.erase();
      return;
    }
    auto store = cast<vector::StoreOp>(op);
    Value element =
        vector::ExtractOp::create(b, loc, store.getValueToStore(), 0);
    Value lane = vector::BroadcastOp::create(b, loc, single, element);
    vector::StoreOp::create(b, loc, lane, base, indices);
    store.erase();
  }
};
} // namespace

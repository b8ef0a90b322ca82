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
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_ALIGNROWS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
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
  // The shift's part within a 32-bit word (sub-word elements) as one funnel
  // shift per word rather than select stages.
  bool weightFunnel = false;
  // Other row buffers written: their head equals x's (aligned stores).
  DenseMap<Value, Value> samePhase;
  int64_t headSlots = 0, tailSlots = 0;
  int64_t threads = 1; // per row
  int64_t vectorsPerThread = 0;
  int64_t registers = 0; // a thread's share of the register file
};

// Registers a thread needs besides its vectors: addresses, indices, the
// reduction, predicates (the emitted kernels use 20-30).
constexpr int64_t kWorkingRegisters = 24;

/// A thread's share of the register file: the most one thread may use, and
/// no more than the file holds for the block's threads.
int64_t registerBudget(Block &block, int64_t threads,
                       const TargetInfo &target) {
  int64_t rows = 1;
  for (Operation *op = block.getParentOp(); op; op = op->getParentOp())
    if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
      if (std::optional<int64_t> ub =
              getConstantIntValue(loop.getUpperBound().back()))
        rows = *ub;
      break;
    }
  int64_t blockThreads = std::max<int64_t>(1, rows * threads);
  return std::min<int64_t>(target.getMaxRegistersPerThread(),
                           target.getRegistersPerProcessor() / blockThreads);
}

struct AlignRows final : public rmsnorm::impl::AlignRowsBase<AlignRows> {
  void runOnOperation() override {
    std::unique_ptr<TargetInfo> target;
    SmallVector<Block *> rowBlocks =
        rowBodies(getOperation(), [](scf::ForOp loop) {
          bool accesses = false;
          loop.walk([&](Operation *op) { accesses |= isArgumentAccess(op); });
          return accesses;
        });
    for (Block *block : rowBlocks) {
      if (!target && !(target = getTargetInfo(getOperation())))
        return signalPassFailure();
      if (failed(alignRows(*block, *target)))
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
  LogicalResult alignRows(Block &block, const TargetInfo &target) {
    int64_t maxBytes = target.getMaxVectorBytes();
    auto loops = vectorLoops(block);
    SmallVector<Operation *> accesses;
    for (auto [thread, loop] : loops)
      loop.walk([&](Operation *op) {
        if (isArgumentAccess(op))
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
        plan.row = accessIndices(op).front();
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
      ValueRange indices = accessIndices(op);
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
    plan.threads = *getConstantIntValue(loops.front().first.getUpperBound()[0]);
    plan.registers = registerBudget(block, plan.threads, target);
    if (std::optional<int64_t> lb = getConstantIntValue(loops.front().second.getLowerBound()),
        ub = getConstantIntValue(loops.front().second.getUpperBound());
        lb && ub)
      plan.vectorsPerThread = *ub - *lb;
    planRow(b, loc, plan, accesses, maxBytes);
    for (auto [thread, loop] : loops) {
      int64_t threads = *getConstantIntValue(thread.getUpperBound()[0]);
      plan.headSlots =
          plan.aligned ? 0 : llvm::divideCeil(plan.width - 1, threads);
      plan.tailSlots = llvm::divideCeil(
          plan.width - 1 + (plan.weightShift ? plan.weightUnit - 1 : 0),
          threads);
      alignLoop(plan, thread, loop);
    }
    return success();
  }

  void planRow(OpBuilder &b, Location loc, RowPlan &plan,
                        ArrayRef<Operation *> accesses, int64_t maxBytes) {
    int64_t width = plan.width;
    plan.head = plan.aligned ? constant(b, loc, 0)
                             : headElements(b, loc, plan.x, plan.row, width);
    Value extra = constant(b, loc, 0);
    if (plan.weight && !plan.aligned) {
      auto type = cast<MemRefType>(plan.weight.getType());
      int64_t bits = type.getElementTypeBitWidth();
      int64_t bytes = naturalAlignment(
          VectorType::get({width}, type.getElementType()), maxBytes);
      // Rows whose length is not a whole number of vectors: contiguous rows
      // take this copy, the hot one. A sub-word weight is read there in
      // 8-byte units, shifted by one word-select stage per halving and a
      // funnel shift, for one access more: fewer ALU instructions, which
      // bind this copy (measured: tools/gpu/PERFLOG.md, 2026-12-01, ninth
      // session). Where the row is whole vectors, this copy serves odd
      // strides only and keeps 16-byte units and select stages: changing it
      // moved the aligned copy's registers and schedule, at a loss.
      bool funnel = plan.columns % width != 0 && bits < 32 && 32 % bits == 0;
      if (funnel)
        bytes = std::min<int64_t>(bytes, 8);
      int64_t unit = bytes * 8 / bits;
      int64_t perWord = funnel ? 32 / bits : 1;
      int64_t accesses = width * bits / 8 / std::max<int64_t>(bytes, 1) + 1;
      int64_t stages = unit > perWord ? llvm::Log2_64(unit / perWord) : 0;
      stages += funnel ? 1 : 0;
      std::optional<int64_t> offset =
          getConstantIntValue(offsetOf(b, loc, plan.weight));
      // Realigning in registers needs the weight's own phase known: a
      // static offset at a whole aligned access. It pays when its aligned
      // accesses and shift stages are fewer instructions than the vector's
      // elements read one by one (2-byte types: 2 + 3 or 3 + 2 < 8; f32:
      // 2 + 2 = 4), and when each thread has at most one head element:
      // rows with fewer threads than a vector's elements (many rows per
      // block) are bound by registers, which the second access costs
      // (measured: tools/gpu/PERFLOG.md, 2026-11-30).
      // Registers: a thread holds its vectors of x and of the weight
      // (32-bit registers) plus a working set; the second access adds a unit
      // per vector, which must stay within its share of the register file.
      auto registersFor = [&](MemRefType memref, int64_t elements) {
        int64_t total = elements * memref.getElementTypeBitWidth();
        return plan.vectorsPerThread * ((total + 31) / 32);
      };
      int64_t held =
          registersFor(cast<MemRefType>(plan.x.getType()), width) +
          registersFor(type, width) + kWorkingRegisters;
      bool fits = held + registersFor(type, unit) <= plan.registers;
      if (bytes && unit > 1 && offset && *offset % unit == 0 &&
          accesses + stages < width && plan.threads >= width && fits) {
        plan.weightUnit = unit;
        plan.weightAlignment = bytes;
        plan.weightFunnel = funnel && unit >= perWord;
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

    // Iterations whose vectors stay in the body for every head need no
    // mask: a loop of their own before the masked rest.
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                           ub = getConstantIntValue(loop.getUpperBound()),
                           st = getConstantIntValue(loop.getStep());
    scf::ForOp safe;
    if (lb && ub && st && *st > 0) {
      int64_t split = safeEnd(plan, loop, *lb, *ub, *st);
      if (split > *lb) {
        OpBuilder before(loop);
        Value at = constant(before, loc, split);
        safe = cast<scf::ForOp>(before.clone(*loop));
        safe.getUpperBoundMutable().assign(at);
        if (split >= *ub) {
          loop.replaceAllUsesWith(safe.getResults());
          loop.erase();
          loop = nullptr;
        } else {
          loop.getLowerBoundMutable().assign(at);
          loop.getInitArgsMutable().assign(safe.getResults());
        }
      }
    }

    auto accessesOf = [](scf::ForOp forOp) {
      SmallVector<Operation *> found;
      if (forOp)
        forOp.walk([&](Operation *op) {
          if (isArgumentAccess(op))
            found.push_back(op);
        });
      return found;
    };
    // The pass that writes the row reads x's body vectors again (from
    // cache) instead of holding them from the sum of squares: this copy's
    // second weight access, edges and branches would otherwise need more
    // registers than the aligned copy, lowering the whole kernel's
    // occupancy, aligned rows included (measured: tools/gpu/PERFLOG.md,
    // 2026-11-30).
    bool reload = !plan.aligned && llvm::any_of(accessesOf(loop ? loop : safe),
                                               [](Operation *op) {
                                                 return isa<vector::StoreOp>(op);
                                               });
    // Stores to a row buffer whose phase may differ from x's: the loops
    // are kept twice under one uniform test per row, aligned stores in one
    // copy and element stores in the other (a test per store costs
    // registers and spilled predicates in measured kernels).
    llvm::SetVector<Value> tests;
    for (scf::ForOp forOp : {safe, loop})
      for (Operation *op : accessesOf(forOp))
        if (isa<vector::StoreOp>(op))
          if (Value test = plan.samePhase.lookup(vectorAccess(op).first))
            tests.insert(test);
    bool resultless = (!safe || safe.getNumResults() == 0) &&
                      (!loop || loop.getNumResults() == 0);
    if (!tests.empty() && resultless) {
      Operation *first = safe ? safe.getOperation() : loop.getOperation();
      OpBuilder before(first);
      Value same = tests.front();
      for (Value test : tests.getArrayRef().drop_front())
        same = arith::AndIOp::create(before, loc, same, test);
      auto ifOp = scf::IfOp::create(before, loc, same, /*withElseRegion=*/true);
      IRMapping mapping;
      OpBuilder otherwise = OpBuilder::atBlockBegin(ifOp.elseBlock());
      otherwise.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      scf::ForOp safeCopy, loopCopy;
      for (scf::ForOp forOp : {safe, loop}) {
        if (!forOp)
          continue;
        auto copy = cast<scf::ForOp>(otherwise.clone(*forOp, mapping));
        (forOp == safe ? safeCopy : loopCopy) = copy;
        forOp->moveBefore(ifOp.thenBlock()->getTerminator());
      }
      for (Operation *op : accessesOf(safe))
        rewriteBodyAccess(plan, op, /*masked=*/false, true, reload);
      for (Operation *op : accessesOf(loop))
        rewriteBodyAccess(plan, op, /*masked=*/true, true, reload);
      for (Operation *op : accessesOf(safeCopy))
        rewriteBodyAccess(plan, op, /*masked=*/false, false, reload);
      for (Operation *op : accessesOf(loopCopy))
        rewriteBodyAccess(plan, op, /*masked=*/true, false, reload);
    } else {
      for (Operation *op : accessesOf(safe))
        rewriteBodyAccess(plan, op, /*masked=*/false, std::nullopt, reload);
      for (Operation *op : accessesOf(loop))
        rewriteBodyAccess(plan, op, /*masked=*/true, std::nullopt, reload);
    }
    Value column = edgeColumn(plan, thread, edges);
    for (Operation *op : accessesOf(edges))
      rewriteEdgeAccess(op, column);
  }

  /// The first iteration of `loop` (lb, ub, step) from which a vector may
  /// leave the body for some head: before it, every access's column c has
  /// head + c + a vector (+ the weight's second aligned unit) within N.
  static int64_t safeEnd(const RowPlan &plan, scf::ForOp loop, int64_t lb,
                         int64_t ub, int64_t step) {
    int64_t reach = (plan.aligned ? 0 : plan.width - 1) + plan.width +
                    (plan.weightShift ? plan.weightUnit : 0);
    SmallVector<Value> columns;
    loop.walk([&](Operation *op) {
      if (isArgumentAccess(op))
        columns.push_back(accessIndices(op).back());
    });
    int64_t end = lb;
    for (int64_t next = lb + step; next <= ub + step - 1; next += step) {
      for (Value column : columns) {
        std::optional<IndexRange> range = rangeOf(
            column, loop.getInductionVar(), IndexRange{lb, next - step});
        if (!range || range->lo < 0 || range->hi + reach > plan.columns)
          return end;
      }
      end = std::min(next, ub);
    }
    return end;
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

  /// A vector of the row at column c becomes the body vector at head + c,
  /// under a mask of whole vectors (bodyLength - c) unless the loop is
  /// known to stay in the body (`masked` false).
  void rewriteBodyAccess(const RowPlan &plan, Operation *op, bool masked,
                         std::optional<bool> storesAligned = std::nullopt,
                         bool reload = false) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto [base, type] = vectorAccess(op);
    SmallVector<Value> indices(accessIndices(op));
    Value column = indices.back();
    Value remaining, mask;
    if (masked) {
      remaining = arith::SubIOp::create(b, loc, plan.bodyLength, column);
      mask = vector::CreateMaskOp::create(
          b, loc, VectorType::get({plan.width}, b.getI1Type()),
          ValueRange{remaining});
    }
    indices.back() = arith::AddIOp::create(b, loc, plan.head, column);
    if (auto load = dyn_cast<vector::LoadOp>(op)) {
      Value value;
      // The loop that may leave the body reads the weight element by
      // element: its predicates would add to the shift stages'.
      if (base == plan.weight && plan.weightShift && !masked) {
        value = realignedWeight(b, loc, plan, column);
      } else {
        Operation *access = loadVector(b, loc, type, base, indices, mask);
        copyAlignment(op, access);
        if (base == plan.x && !plan.aligned)
          setAlignment(access, plan.xAlignment);
        if (base == plan.x && reload)
          access->setAttr(kReloadAttrName, b.getUnitAttr());
        value = access->getResult(0);
      }
      load.getResult().replaceAllUsesWith(value);
      load.erase();
      return;
    }
    auto store = cast<vector::StoreOp>(op);
    Value valueToStore = store.getValueToStore();
    auto emitStore = [&](OpBuilder &builder, bool aligned) {
      Operation *access;
      if (mask)
        access = vector::MaskedStoreOp::create(builder, loc, base, indices,
                                               mask, valueToStore);
      else
        access = vector::StoreOp::create(builder, loc, valueToStore, base,
                                         indices);
      copyAlignment(op, access);
      if (aligned && !plan.aligned)
        setAlignment(access, plan.xAlignment);
    };
    if (base == plan.x || plan.aligned) {
      emitStore(b, true); // In place: the phase of x.
    } else if (storesAligned) {
      emitStore(b, *storesAligned); // The loop's copy says.
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

  /// A vector load, masked (zeros outside) when `mask` is given.
  static Operation *loadVector(OpBuilder &b, Location loc, VectorType type,
                               Value base, ValueRange indices, Value mask) {
    if (!mask)
      return vector::LoadOp::create(b, loc, type, base, indices);
    return vector::MaskedLoadOp::create(b, loc, type, base, indices, mask,
                                        zerosOf(b, loc, type));
  }

  /// The weight at head + c, from aligned accesses: the vector at
  /// head + c - shift and the unit after it, shifted in registers by
  /// `shift` elements (log2(unit) selects between constant shuffles, or, for
  /// the part of the shift within a 32-bit word, one funnel shift).
  Value realignedWeight(OpBuilder &b, Location loc, const RowPlan &plan,
                        Value column) {
    auto type = cast<MemRefType>(plan.weight.getType());
    Type element = type.getElementType();
    int64_t width = plan.width, unit = plan.weightUnit;
    auto vectorType = VectorType::get({width}, element);
    auto unitType = VectorType::get({unit}, element);
    // head - shift: the head with its low bits cleared, never negative.
    Value start = arith::AddIOp::create(
        b, loc,
        arith::AndIOp::create(b, loc, plan.head, constant(b, loc, -unit)),
        column);
    auto low = vector::LoadOp::create(b, loc, vectorType, plan.weight,
                                      ValueRange{start});
    setAlignment(low, plan.weightAlignment);
    Value highStart =
        arith::AddIOp::create(b, loc, start, constant(b, loc, width));
    auto high = vector::LoadOp::create(b, loc, unitType, plan.weight,
                                       ValueRange{highStart});
    setAlignment(high, plan.weightAlignment);
    int64_t length = width + unit;
    SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, length));
    Value window = vector::ShuffleOp::create(b, loc, low, high, all);
    int64_t bits = element.getIntOrFloatBitWidth();
    bool funnel = plan.weightFunnel;
    int64_t perWord = funnel ? 32 / bits : 1;
    for (int64_t step = unit / 2; step >= perWord; step /= 2) {
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
    if (funnel) {
      // Word j of the result is the 64 bits of words j + 1 and j shifted
      // right by the shift's part within a word (little endian: element 0
      // is the low bits); one instruction per word on both targets.
      auto i32 = b.getI32Type();
      int64_t words = length / perWord, outWords = width / perWord;
      Value asWords = vector::BitCastOp::create(
          b, loc, VectorType::get({words}, i32), window);
      SmallVector<int64_t> lo =
          llvm::to_vector(llvm::seq<int64_t>(0, outWords));
      SmallVector<int64_t> hi =
          llvm::to_vector(llvm::seq<int64_t>(1, outWords + 1));
      Value lowWords = vector::ShuffleOp::create(b, loc, asWords, asWords, lo);
      Value highWords = vector::ShuffleOp::create(b, loc, asWords, asWords, hi);
      Value sub = arith::AndIOp::create(b, loc, plan.weightShift,
                                        constant(b, loc, perWord - 1));
      Value amount = arith::IndexCastUIOp::create(
          b, loc, i32,
          arith::MulIOp::create(b, loc, sub, constant(b, loc, bits)));
      auto outType = VectorType::get({outWords}, i32);
      Value amounts = vector::BroadcastOp::create(b, loc, outType, amount);
      Value shifted =
          LLVM::FshrOp::create(b, loc, outType, highWords, lowWords, amounts);
      return vector::BitCastOp::create(b, loc, vectorType, shifted);
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
    SmallVector<Value> indices(accessIndices(op));
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

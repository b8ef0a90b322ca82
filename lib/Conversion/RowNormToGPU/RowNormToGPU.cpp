//===- RowNormToGPU.cpp - tiled rownorm loop nests to GPU kernels ---------===//
//
// Sees the target only through TargetInfo (subgroup size).
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_CONVERTROWNORMTOGPU
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
// Base pointers (and rows of the aligned copy, rownorm-version-rows) are
// aligned to this many bytes: the widest access of every target.
constexpr int64_t kRowAlignment = 16;

/// The tiled form of one function (see the pass description).
struct TiledNest {
  scf::ParallelOp grid;
  int64_t rowsPerBlock = 1;
  int64_t threadsPerRow = 1;
};

/// Canonicalization folds a grid loop of one iteration: with M = 1 fixed in
/// the source and one row per block, the thread loops (or, with one thread
/// per row, the row's code itself) are left at the top of the kernel
/// function, or in the branches of rownorm-version-rows' scf.if when the row
/// strides are given at launch. Wraps them back into a grid of one block, the
/// form matchTiledNest expects. Only that case: any top-level loop that is not
/// a thread loop of the schedule leaves the function as it is.
void restoreFoldedGrid(func::FuncOp func) {
  auto dict = func->getAttrOfType<DictionaryAttr>(
      rownorm::RowNormDialect::getKernelAttrName());
  if (!dict)
    return;
  ScopedDiagnosticHandler quiet(func.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<rownorm::KernelDescription> kernel =
      rownorm::KernelDescription::fromAttr(dict,
                                           [&] { return func.emitError(); });
  if (failed(kernel) || kernel->staticRows != 1 ||
      kernel->schedule.getRowsPerBlock() != 1 ||
      !func.getBody().hasOneBlock() || func.getNumResults() != 0)
    return;
  Block &body = func.getBody().front();
  // Thread loops at the top, or in the branches of scf.if ops there
  // (rownorm-version-rows' test of the row strides' alignment): one under
  // anything else (an scf.for, another scf.parallel: an unfolded grid) is
  // not what the fold leaves.
  SmallVector<scf::ParallelOp> threadLoops;
  WalkResult buried = func.walk([&](scf::ParallelOp loop) {
    for (Operation *parent = loop->getParentOp(); parent != func;
         parent = parent->getParentOp())
      if (!isa<scf::IfOp>(parent))
        return WalkResult::interrupt();
    threadLoops.push_back(loop);
    return WalkResult::advance();
  });
  if (buried.wasInterrupted())
    return;
  for (scf::ParallelOp parallel : threadLoops)
    if (parallel.getNumLoops() != 1 ||
        getConstantIntValue(parallel.getUpperBound()[0]) !=
            kernel->schedule.getThreadsPerRow())
      return;
  OpBuilder b(&body, body.begin());
  Location loc = func.getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto grid = scf::ParallelOp::create(b, loc, ValueRange{zero}, ValueRange{one},
                                      ValueRange{one});
  Operation *end = grid.getBody()->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(std::next(grid->getIterator()),
                            body.getTerminator()->getIterator())))
    op.moveBefore(end);
}

FailureOr<TiledNest> matchTiledNest(func::FuncOp func) {
  TiledNest nest;
  for (Operation &op : func.getBody().front()) {
    auto parallel = dyn_cast<scf::ParallelOp>(op);
    if (!parallel)
      continue;
    if (nest.grid)
      return func.emitError()
             << "expects one grid loop (scf.parallel) per kernel function, "
                "found several in @"
             << func.getName();
    nest.grid = parallel;
  }
  if (!nest.grid)
    return failure(); // Not a kernel: left for the caller to report.
  scf::ParallelOp grid = nest.grid;
  if (grid.getNumLoops() > 2 || grid.getNumResults() != 0)
    return grid.emitError()
           << "expects a grid loop over (block[, row in block]) without "
              "results, got "
           << grid.getNumLoops() << " dimensions and " << grid.getNumResults()
           << " results";
  for (unsigned dim = 0; dim < grid.getNumLoops(); ++dim) {
    if (getConstantIntValue(grid.getLowerBound()[dim]) != 0 ||
        getConstantIntValue(grid.getStep()[dim]) != 1)
      return grid.emitError()
             << "expects the grid loop to start at 0 with step 1";
  }
  if (grid.getNumLoops() == 2) {
    std::optional<int64_t> rows = getConstantIntValue(grid.getUpperBound()[1]);
    if (!rows || *rows < 1)
      return grid.emitError() << "expects a constant number of rows per block";
    nest.rowsPerBlock = *rows;
  }
  std::optional<int64_t> threads;
  WalkResult walk = grid.getBody()->walk([&](scf::ParallelOp loop) {
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[0]);
    if (loop.getNumLoops() != 1 || !ub ||
        getConstantIntValue(loop.getLowerBound()[0]) != 0 ||
        getConstantIntValue(loop.getStep()[0]) != 1) {
      loop.emitError() << "expects thread loops of the form "
                          "scf.parallel (%t) = (0) to (constant) step (1)";
      return WalkResult::interrupt();
    }
    if (threads && *threads != *ub) {
      loop.emitError() << "expects every thread loop of a row to have "
                          "the same trip count, got "
                       << *threads << " and " << *ub;
      return WalkResult::interrupt();
    }
    threads = *ub;
    return WalkResult::skip();
  });
  if (walk.wasInterrupted())
    return failure();
  if (threads)
    nest.threadsPerRow = *threads;
  if (!llvm::isPowerOf2_64(nest.threadsPerRow))
    return grid.emitError() << "expects a power-of-two number of threads per "
                               "row (butterfly reduction), got "
                            << nest.threadsPerRow;
  return nest;
}

/// Builds the body of one kernel.
class KernelBuilder {
public:
  KernelBuilder(gpu::GPUFuncOp kernel, TiledNest nest, const TargetInfo &target)
      : kernel(kernel), nest(nest), target(target) {}

  /// Emits the grid loop's body (and what precedes it in `func`) at the
  /// builder's insertion point, with `mapping` holding the argument views.
  LogicalResult emitBody(ImplicitLocOpBuilder &b, func::FuncOp func,
                         IRMapping mapping) {
    Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
    Value threadX = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
    Value threadY = nest.rowsPerBlock > 1
                        ? Value(gpu::ThreadIdOp::create(b, gpu::Dimension::y))
                        : Value(arith::ConstantIndexOp::create(b, 0));
    for (Operation &op : func.getBody().front().without_terminator()) {
      if (&op == nest.grid.getOperation())
        break;
      b.clone(op, mapping);
    }
    mapping.map(nest.grid.getInductionVars()[0], blockId);
    if (nest.grid.getNumLoops() == 2)
      mapping.map(nest.grid.getInductionVars()[1], threadY);
    return emitRowBody(b, *nest.grid.getBody(), mapping, threadX, threadY);
  }

private:
  /// Emits one row body: thread loops become the thread's code and their
  /// reductions a reduction across the row; a uniform `scf.if` holding
  /// thread loops (rownorm-version-rows) is kept, with its regions emitted
  /// the same way.
  LogicalResult emitRowBody(ImplicitLocOpBuilder &b, Block &block,
                            IRMapping &mapping, Value threadX, Value threadY) {
    for (Operation &op : block.without_terminator()) {
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        bool holdsThreads = false;
        ifOp->walk([&](scf::ParallelOp) { holdsThreads = true; });
        if (holdsThreads) {
          if (ifOp.getNumResults() != 0)
            return ifOp.emitError()
                   << "expects a branch around thread loops to have no "
                      "results";
          auto copy = scf::IfOp::create(b, mapping.lookup(ifOp.getCondition()),
                                        /*withElseRegion=*/true);
          copy->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
          for (auto [from, to] :
               {std::pair(ifOp.thenBlock(), copy.thenBlock()),
                std::pair(ifOp.elseBlock(), copy.elseBlock())}) {
            if (!from)
              continue;
            ImplicitLocOpBuilder inner =
                ImplicitLocOpBuilder::atBlockBegin(b.getLoc(), to);
            inner.setInsertionPoint(to->getTerminator());
            if (failed(emitRowBody(inner, *from, mapping, threadX, threadY)))
              return failure();
          }
          continue;
        }
      }
      auto loop = dyn_cast<scf::ParallelOp>(op);
      if (!loop) {
        b.clone(op, mapping);
        continue;
      }
      mapping.map(loop.getInductionVars()[0], threadX);
      for (Operation &inner : loop.getBody()->without_terminator())
        b.clone(inner, mapping);
      auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
      for (auto [index, operand] : llvm::enumerate(reduce.getOperands())) {
        Region &combiner = reduce.getReductions()[index];
        FailureOr<Value> total = reduceAcrossRow(b, mapping.lookup(operand),
                                                 combiner, threadX, threadY);
        if (failed(total))
          return failure();
        Value init = mapping.lookup(loop.getInitVals()[index]);
        mapping.map(loop.getResult(index), combine(b, combiner, init, *total));
      }
    }
    return success();
  }

  /// Applies the scf.reduce combiner region to (lhs, rhs).
  Value combine(ImplicitLocOpBuilder &b, Region &combiner, Value lhs,
                Value rhs) {
    Block &block = combiner.front();
    IRMapping mapping;
    mapping.map(block.getArgument(0), lhs);
    mapping.map(block.getArgument(1), rhs);
    for (Operation &op : block.without_terminator())
      b.clone(op, mapping);
    auto ret = cast<scf::ReduceReturnOp>(block.getTerminator());
    return mapping.lookup(ret.getResult());
  }

  /// Combines `value` over the threads of a row: shuffles within a subgroup,
  /// then one partial per subgroup through workgroup memory.
  FailureOr<Value> reduceAcrossRow(ImplicitLocOpBuilder &b, Value value,
                                   Region &combiner, Value threadX,
                                   Value threadY) {
    Type type = value.getType();
    if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() != 32)
      return kernel.emitError() << "expects 32-bit scalar reductions across "
                                   "threads, got "
                                << type;
    int64_t subgroup = target.getSubgroupSize();
    int64_t inSubgroup = std::min<int64_t>(nest.threadsPerRow, subgroup);
    for (int64_t offset = 1; offset < inSubgroup; offset *= 2) {
      Value other = gpu::ShuffleOp::create(b, value, offset, subgroup,
                                           gpu::ShuffleMode::XOR)
                        .getShuffleResult();
      value = combine(b, combiner, value, other);
    }
    if (nest.threadsPerRow <= subgroup)
      return value;

    // One partial per subgroup: partials[row_in_block][subgroup_in_row].
    int64_t perRow = nest.threadsPerRow / subgroup;
    Value partials = workgroupBuffer(nest.rowsPerBlock * perRow, type);
    Value subgroupSize = arith::ConstantIndexOp::create(b, subgroup);
    Value rowBase = arith::MulIOp::create(
        b, threadY, arith::ConstantIndexOp::create(b, perRow));
    Value lane = arith::RemUIOp::create(b, threadX, subgroupSize);
    Value isFirstLane =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, lane,
                              arith::ConstantIndexOp::create(b, 0));
    Value slot = arith::AddIOp::create(
        b, rowBase, arith::DivUIOp::create(b, threadX, subgroupSize));
    scf::IfOp::create(b, isFirstLane, [&](OpBuilder &then, Location loc) {
      memref::StoreOp::create(then, loc, value, partials, ValueRange{slot});
      scf::YieldOp::create(then, loc);
    });
    gpu::BarrierOp::create(b);
    Value total = memref::LoadOp::create(b, partials, ValueRange{rowBase});
    for (int64_t i = 1; i < perRow; ++i) {
      Value index = arith::AddIOp::create(b, rowBase,
                                          arith::ConstantIndexOp::create(b, i));
      total = combine(b, combiner, total,
                      memref::LoadOp::create(b, partials, ValueRange{index}));
    }
    return total;
  }

  /// One workgroup buffer per kernel, shared by both copies of the body.
  Value workgroupBuffer(int64_t elements, Type type) {
    if (!partials) {
      auto space = gpu::AddressSpaceAttr::get(kernel.getContext(),
                                              gpu::AddressSpace::Workgroup);
      partials = kernel.addWorkgroupAttribution(
          MemRefType::get({elements}, type, MemRefLayoutAttrInterface(), space),
          kernel.getLoc());
    }
    return partials;
  }

  gpu::GPUFuncOp kernel;
  TiledNest nest;
  const TargetInfo &target;
  Value partials;
};

struct ConvertRowNormToGPU final
    : public rmsnorm::impl::ConvertRowNormToGPUBase<ConvertRowNormToGPU> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<func::FuncOp, TiledNest>> kernels;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      restoreFoldedGrid(func);
      FailureOr<TiledNest> nest = matchTiledNest(func);
      if (failed(nest)) {
        if (llvm::any_of(func.getBody().front(), [](Operation &op) {
              return isa<scf::ParallelOp>(op);
            }))
          return signalPassFailure(); // Reported by matchTiledNest.
        continue;
      }
      kernels.emplace_back(func, *nest);
    }
    if (kernels.empty())
      return;
    std::unique_ptr<TargetInfo> target = getTargetInfo(module);
    if (!target)
      return signalPassFailure();

    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    // The target as the kernels are compiled for it (completed where the
    // module's leaves a choice to LLVM's default; getTargetInfo checked it).
    Attribute kernelTarget =
        cast<TargetDescriptionAttrInterface>(
            rownorm::RowNormDialect::findTargetAttr(module))
            .getCodegenTarget();
    auto gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), kKernelModuleName,
                                 ArrayRef<Attribute>{kernelTarget});
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());
    for (auto &[func, nest] : kernels)
      if (failed(convert(func, nest, gpuModule, *target)))
        return signalPassFailure();
    for (auto &[func, nest] : kernels)
      func.erase();
  }

  LogicalResult convert(func::FuncOp func, const TiledNest &nest,
                        gpu::GPUModuleOp gpuModule, const TargetInfo &target) {
    MLIRContext *ctx = func.getContext();
    auto i64 = IntegerType::get(ctx, 64);
    auto description = func->getAttrOfType<DictionaryAttr>(
        rownorm::RowNormDialect::getKernelAttrName());
    if (!description)
      return func.emitError()
             << "expects '" << rownorm::RowNormDialect::getKernelAttrName()
             << "' on kernel function @" << func.getName()
             << " (recorded by rownorm-expand-ops when every argument plays "
                "a role in the op)";
    FailureOr<rownorm::KernelDescription> kernelInfo =
        rownorm::KernelDescription::fromAttr(
            description, [&] { return func.emitError(); });
    if (failed(kernelInfo))
      return failure();
    rownorm::LaunchContract contract;
    contract.kernel = *kernelInfo;
    // The loop nest is the truth: canonicalization folds a block loop of
    // one trip (static M no larger than a block), leaving one row per block.
    rownorm::ScheduleAttr schedule = kernelInfo->schedule;
    contract.kernel.schedule = rownorm::ScheduleAttr::get(
        ctx, nest.rowsPerBlock, nest.threadsPerRow, schedule.getVectorWidth(),
        schedule.getVectorsPerThread());

    // Parameters: one per argument (a pointer for a buffer, the value for a
    // scalar), then rows and the dynamic strides.
    SmallVector<Type> paramTypes;
    bool needsRows = false;
    SmallVector<std::pair<unsigned, unsigned>> strideParams; // (arg, dim)
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
      const std::string &role = kernelInfo->roles[index];
      auto memref = dyn_cast<MemRefType>(type);
      if (role == "epsilon" && !type.isF32())
        return func.emitError() << "expects argument #" << index << " ('"
                                << role << "') to be an f32, got " << type;
      if (role != "epsilon" && !memref)
        return func.emitError() << "expects argument #" << index << " ('"
                                << role << "') to be a memref, got " << type;
      if (!memref) {
        paramTypes.push_back(type);
        contract.params.push_back({role, false, type, ""});
        continue;
      }
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(memref.getStridesAndOffset(strides, offset)))
        return func.emitError()
               << "expects strided memref arguments, got " << type;
      paramTypes.push_back(
          memref.hasStaticShape() && memref.getLayout().isIdentity()
              ? Type(memref)
              : Type(MemRefType::get({1}, memref.getElementType(),
                                     MemRefLayoutAttrInterface(),
                                     memref.getMemorySpace())));
      contract.params.push_back({role, true, memref.getElementType(),
                                 role == "y"    ? "write"
                                 : role == "xy" ? "read-write"
                                                : "read"});
      needsRows |= !memref.hasStaticShape();
      // A row stride fixed in the source is compiled in: the contract says
      // so, for loaders to refuse any other.
      if (role != "w" && !strides.empty() && !ShapedType::isDynamic(strides[0]))
        contract.staticRowStrides.emplace_back(role, strides[0]);
      for (auto [dim, stride] : llvm::enumerate(strides))
        if (ShapedType::isDynamic(stride))
          strideParams.emplace_back(index, dim);
    }
    unsigned rowsParam = paramTypes.size();
    if (needsRows) {
      paramTypes.push_back(i64);
      contract.params.push_back({"rows", false, i64, ""});
    }
    unsigned firstStride = paramTypes.size();
    for (auto [arg, dim] : strideParams) {
      paramTypes.push_back(i64);
      contract.params.push_back(
          {kernelInfo->roles[arg] + "_row_stride", false, i64, ""});
    }

    OpBuilder builder = OpBuilder::atBlockEnd(gpuModule.getBody());
    auto kernel =
        gpu::GPUFuncOp::create(builder, func.getLoc(), func.getName(),
                               FunctionType::get(ctx, paramTypes, {}));
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    builder.getUnitAttr());
    kernel.setKnownBlockSizeAttr(builder.getDenseI32ArrayAttr(
        {static_cast<int32_t>(nest.threadsPerRow),
         static_cast<int32_t>(nest.rowsPerBlock), 1}));

    ImplicitLocOpBuilder b =
        ImplicitLocOpBuilder::atBlockBegin(func.getLoc(), &kernel.front());
    Value rows = needsRows
                     ? arith::IndexCastOp::create(b, b.getIndexType(),
                                                  kernel.getArgument(rowsParam))
                     : Value();
    // Views of the arguments with their original types.
    IRMapping mapping;
    unsigned nextStride = firstStride;
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
      auto memref = dyn_cast<MemRefType>(type);
      Value param = kernel.getArgument(index);
      if (!memref || param.getType() == memref) {
        mapping.map(func.getArgument(index), param);
        continue;
      }
      SmallVector<int64_t> strides;
      int64_t offset;
      (void)memref.getStridesAndOffset(strides, offset);
      SmallVector<OpFoldResult> sizes, strideValuesOfArg;
      for (int64_t size : memref.getShape())
        sizes.push_back(ShapedType::isDynamic(size) ? OpFoldResult(rows)
                                                    : b.getIndexAttr(size));
      for (int64_t stride : strides) {
        if (!ShapedType::isDynamic(stride)) {
          strideValuesOfArg.push_back(b.getIndexAttr(stride));
          continue;
        }
        strideValuesOfArg.push_back(
            arith::IndexCastOp::create(b, b.getIndexType(),
                                       kernel.getArgument(nextStride++))
                .getResult());
      }
      // The pointer is the first element: a dynamic offset becomes 0.
      auto viewType = MemRefType::get(
          memref.getShape(), memref.getElementType(),
          StridedLayoutAttr::get(ctx, 0, strides), memref.getMemorySpace());
      Value view = memref::ReinterpretCastOp::create(
          b, viewType, param, b.getIndexAttr(0), sizes, strideValuesOfArg);
      if (viewType != memref)
        view = memref::CastOp::create(b, memref, view);
      mapping.map(func.getArgument(index), view);
    }

    KernelBuilder body(kernel, nest, target);
    if (failed(body.emitBody(b, func, mapping)))
      return failure();
    // Offsets and strides the body reads (rownorm-version-rows,
    // rownorm-align-rows) come from the views just built: an offset is 0 in
    // the kernel, so tests on it fold.
    {
      RewritePatternSet patterns(ctx);
      memref::populateResolveExtractStridedMetadataPatterns(patterns);
      (void)applyPatternsGreedily(kernel, std::move(patterns));
    }
    gpu::ReturnOp::create(b);

    // The launch contract, for emitters and readers of the IR.
    for (BlockArgument buffer : kernel.getWorkgroupAttributions()) {
      auto type = cast<MemRefType>(buffer.getType());
      contract.staticSharedBytes +=
          type.getNumElements() *
          type.getElementType().getIntOrFloatBitWidth() / 8;
    }
    contract.block[0] = nest.threadsPerRow;
    contract.block[1] = nest.rowsPerBlock;
    contract.rowsPerBlock = nest.rowsPerBlock;
    // The grid's limit depends on how wide a block is along x.
    contract.maxBlocks = target.getMaxGridBlocks(contract.block[0]);
    contract.basePointerAlignment = kRowAlignment;
    contract.rowAlignment = kRowAlignment;
    kernel->setAttr(rownorm::RowNormDialect::getLaunchAttrName(),
                    contract.toAttr(ctx));
    return success();
  }

};
} // namespace

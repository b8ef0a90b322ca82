//===- RowNormToGPU.cpp - tiled rownorm loop nests to GPU kernels ---------===//
//
// Sees the target only through TargetInfo (subgroup size, rsqrt intrinsic).
//
//===----------------------------------------------------------------------===//

#include "ReuseRowLoads.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_CONVERTROWNORMTOGPU
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
// Loops up to this trip count are unrolled: a thread's loads of one row are
// then all issued before its reduction.
constexpr int64_t kMaxUnroll = 16;
// Row accesses of the aligned copy of a kernel body.
constexpr int64_t kRowAlignment = 16;

/// Strides of a memref the caller knows to be strided.
SmallVector<int64_t> stridesOf(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  return strides;
}

/// The tiled form of one function (see the pass description).
struct TiledNest {
  scf::ParallelOp grid;
  int64_t rowsPerBlock = 1;
  int64_t threadsPerRow = 1;
};

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
  for (Operation &op : grid.getBody()->without_terminator()) {
    auto loop = dyn_cast<scf::ParallelOp>(op);
    if (!loop)
      continue;
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[0]);
    if (loop.getNumLoops() != 1 || !ub ||
        getConstantIntValue(loop.getLowerBound()[0]) != 0 ||
        getConstantIntValue(loop.getStep()[0]) != 1)
      return loop.emitError()
             << "expects thread loops of the form "
                "scf.parallel (%t) = (0) to (constant) step (1)";
    if (threads && *threads != *ub)
      return loop.emitError() << "expects every thread loop of a row to have "
                                 "the same trip count, got "
                              << *threads << " and " << *ub;
    threads = *ub;
  }
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
                         IRMapping mapping, bool aligned) {
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

    for (Operation &op : nest.grid.getBody()->without_terminator()) {
      auto loop = dyn_cast<scf::ParallelOp>(op);
      if (!loop) {
        Operation *clone = b.clone(op, mapping);
        markAlignment(clone, aligned);
        continue;
      }
      mapping.map(loop.getInductionVars()[0], threadX);
      for (Operation &inner : loop.getBody()->without_terminator()) {
        Operation *clone = b.clone(inner, mapping);
        markAlignment(clone, aligned);
      }
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

private:
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

  /// In the aligned copy, accesses of 16-byte-aligned rows say so.
  static void markAlignment(Operation *root, bool aligned) {
    if (!aligned)
      return;
    root->walk([](Operation *op) {
      Value base;
      VectorType type;
      if (auto load = dyn_cast<vector::LoadOp>(op))
        base = load.getBase(), type = load.getVectorType();
      else if (auto store = dyn_cast<vector::StoreOp>(op))
        base = store.getBase(), type = store.getVectorType();
      else if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
        base = load.getBase(), type = load.getVectorType();
      else if (auto store = dyn_cast<vector::MaskedStoreOp>(op))
        base = store.getBase(), type = store.getVectorType();
      else
        return;
      // A vector at a multiple of its width in a row that starts on a
      // 16-byte boundary is aligned to its size, up to 16 bytes.
      int64_t bytes = type.getNumElements() *
                      type.getElementType().getIntOrFloatBitWidth() / 8;
      if (!llvm::isPowerOf2_64(bytes))
        return;
      op->setAttr("alignment",
                  IntegerAttr::get(IntegerType::get(op->getContext(), 64),
                                   std::min(bytes, kRowAlignment)));
    });
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
    auto gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), kKernelModuleName,
                                 ArrayRef<Attribute>{getTargetAttr(module)});
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
    SmallVector<Value> strideValues;
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
        Value value = arith::IndexCastOp::create(
            b, b.getIndexType(), kernel.getArgument(nextStride++));
        strideValues.push_back(value);
        strideValuesOfArg.push_back(value);
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
    // Rows can be 16-byte aligned only with vector accesses and static
    // strides that keep the alignment.
    bool alignable = hasVectorAccesses(func) && staticStridesAligned(func);
    if (!alignable || strideValues.empty()) {
      // One body: aligned when nothing is left to check at run time.
      if (failed(body.emitBody(b, func, mapping, alignable)))
        return failure();
    } else {
      // Rows start on 16-byte boundaries when every dynamic stride (in
      // elements) times the element size is a multiple of 16: a uniform
      // branch picks the body whose row accesses say so.
      Value aligned;
      for (auto [value, elementBytes] :
           llvm::zip(strideValues, strideElementBytes(func))) {
        Value bytes = arith::MulIOp::create(
            b, value, arith::ConstantIndexOp::create(b, elementBytes));
        Value rem = arith::RemUIOp::create(
            b, bytes, arith::ConstantIndexOp::create(b, kRowAlignment));
        Value ok = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, rem,
                                         arith::ConstantIndexOp::create(b, 0));
        aligned = aligned ? arith::AndIOp::create(b, aligned, ok) : ok;
      }
      auto ifOp = scf::IfOp::create(b, aligned, /*withElseRegion=*/true);
      for (bool isAligned : {true, false}) {
        Block *block = isAligned ? ifOp.thenBlock() : ifOp.elseBlock();
        ImplicitLocOpBuilder inner =
            ImplicitLocOpBuilder::atBlockBegin(func.getLoc(), block);
        inner.setInsertionPoint(block->getTerminator());
        if (failed(body.emitBody(inner, func, mapping, isAligned)))
          return failure();
      }
    }
    gpu::ReturnOp::create(b);

    unrollShortLoops(kernel);
    // Both passes over a row now read the same columns: clean up, then keep
    // the first read in registers. Before the rsqrt intrinsic, which is an
    // opaque call to the analysis.
    reuseRowLoads(kernel);
    IRRewriter rewriter(ctx);
    DominanceInfo dominance(kernel);
    eliminateCommonSubExpressions(rewriter, dominance, kernel);
    lowerRsqrt(kernel, target);
    // Masks become comparisons with a step vector (32-bit lanes: the column
    // count left in a row always fits), which every target lowers.
    RewritePatternSet patterns(ctx);
    vector::populateVectorMaskMaterializationPatterns(
        patterns, /*force32BitVectorIndices=*/true);
    // The patterns are confluent; a mask left over would be reported by the
    // target's lowering.
    (void)applyPatternsGreedily(kernel, std::move(patterns));
    // Masks known at compile time (a tail of a constant column) become
    // constants.
    kernel.walk([](vector::ConstantMaskOp mask) {
      VectorType type = mask.getVectorType();
      if (type.getRank() != 1)
        return;
      int64_t set = mask.getMaskDimSizes()[0];
      SmallVector<bool> bits;
      for (int64_t i = 0; i < type.getNumElements(); ++i)
        bits.push_back(i < set);
      OpBuilder b(mask);
      mask.replaceAllUsesWith(
          arith::ConstantOp::create(b, mask.getLoc(),
                                    DenseElementsAttr::get(type, bits))
              .getResult());
      mask.erase();
    });

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
    contract.basePointerAlignment = kRowAlignment;
    contract.rowAlignment = kRowAlignment;
    kernel->setAttr(rownorm::RowNormDialect::getLaunchAttrName(),
                    contract.toAttr(ctx));
    return success();
  }

  static bool hasVectorAccesses(func::FuncOp func) {
    bool found = false;
    func.walk([&](Operation *op) {
      if (auto load = dyn_cast<vector::LoadOp>(op))
        found |= load.getVectorType().getNumElements() > 1;
      else if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
        found |= load.getVectorType().getNumElements() > 1;
    });
    return found;
  }

  /// True when every static stride of every memref argument keeps 16-byte
  /// row alignment.
  static bool staticStridesAligned(func::FuncOp func) {
    for (Type type : func.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref)
        continue;
      for (int64_t stride : stridesOf(memref))
        if (!ShapedType::isDynamic(stride) &&
            stride * memref.getElementTypeBitWidth() / 8 % kRowAlignment != 0 &&
            stride != 1)
          return false;
      // A dynamic offset is rebased to the pointer, which must be aligned.
    }
    return true;
  }

  /// Element size in bytes of each memref argument's dynamic strides, in
  /// parameter order.
  static SmallVector<int64_t> strideElementBytes(func::FuncOp func) {
    SmallVector<int64_t> bytes;
    for (Type type : func.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref)
        continue;
      for (int64_t stride : stridesOf(memref))
        if (ShapedType::isDynamic(stride))
          bytes.push_back(memref.getElementTypeBitWidth() / 8);
    }
    return bytes;
  }

  static void lowerRsqrt(gpu::GPUFuncOp kernel, const TargetInfo &target) {
    SmallVector<math::RsqrtOp> rsqrts;
    kernel.walk([&](math::RsqrtOp op) {
      if (op.getType().isF32())
        rsqrts.push_back(op);
    });
    for (math::RsqrtOp op : rsqrts) {
      OpBuilder builder(op);
      op.replaceAllUsesWith(
          target.createApproxRsqrt(builder, op.getLoc(), op.getOperand()));
      op.erase();
    }
  }

  static void unrollShortLoops(gpu::GPUFuncOp kernel) {
    SmallVector<scf::ForOp> loops;
    kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (lb && ub && step && *step > 0 &&
          (*ub - *lb + *step - 1) / *step <= kMaxUnroll)
        (void)loopUnrollFull(loop);
    }
  }
};
} // namespace

//===- ExpandOps.cpp - rownorm ops to explicit, tiled reduction IR --------===//
//
// The expansion is the naive lowering of the formula (element-type
// arithmetic, sqrt then divide, no bounds checks); later passes fix each of
// those, which keeps every optimization a separate, testable rewrite.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_EXPANDOPS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;
using namespace mlir::rmsnorm::rownorm;

namespace {
struct Tiling {
  int64_t rowsPerBlock, threadsPerRow, vectorWidth, vectorsPerThread;
};

/// An f32 constant as the element type: an `arith.truncf` of the f32 value,
/// as a naive lowering of an f32 attribute produces (and which keeps the
/// exact value recoverable).
Value elementConstant(ImplicitLocOpBuilder &b, Type elementType, double value) {
  Value f32 = arith::ConstantOp::create(b, b.getF32FloatAttr(value));
  if (elementType.isF32())
    return f32;
  return arith::TruncFOp::create(b, elementType, f32);
}

/// Column of the first element of vector `i` of thread `t`:
/// (i * threads_per_row + t) * vector_width.
Value columnOf(ImplicitLocOpBuilder &b, Value i, Value t, Value threads,
               Value width) {
  Value step =
      arith::AddIOp::create(b, arith::MulIOp::create(b, i, threads), t);
  return arith::MulIOp::create(b, step, width);
}

/// Records what `op` computes on its function (`rownorm.kernel`), for the
/// conversion to kernels, when every argument of the function plays a role
/// in it; a function that is not such a kernel gets nothing.
void describeKernel(RmsNormOp op, ScheduleAttr schedule) {
  auto func = dyn_cast<func::FuncOp>(op->getParentOp());
  if (!func)
    return;
  KernelDescription kernel;
  for (BlockArgument arg : func.getArguments()) {
    if (arg == op.getInput() && arg == op.getOutput())
      kernel.roles.push_back("xy");
    else if (arg == op.getInput())
      kernel.roles.push_back("x");
    else if (arg == op.getOutput())
      kernel.roles.push_back("y");
    else if (arg == op.getWeight())
      kernel.roles.push_back("w");
    else if (arg == op.getRuntimeEpsilon())
      kernel.roles.push_back("epsilon");
    else
      return;
  }
  kernel.op = "rms_norm";
  kernel.dtype = op.getElementType();
  kernel.weightDtype =
      cast<MemRefType>(op.getWeight().getType()).getElementType();
  kernel.n = op.getRowLength();
  kernel.epsilon = op.getEpsilonAttr();
  int64_t rows = cast<MemRefType>(op.getInput().getType()).getDimSize(0);
  if (!ShapedType::isDynamic(rows) &&
      cast<MemRefType>(op.getOutput().getType()).hasStaticShape())
    kernel.staticRows = rows;
  kernel.schedule = schedule;
  // A second kernel for many rows (rownorm-tile-rows): carried to the
  // launch contract and the manifests, where callers choose by row count.
  if (auto from = func->getAttrOfType<IntegerAttr>(
          RowNormDialect::getFromRowsAttrName()))
    kernel.fromRows = from.getInt();
  if (auto names =
          func->getAttrOfType<ArrayAttr>(RowNormDialect::getVariantsAttrName()))
    for (auto name : names.getAsRange<StringAttr>())
      kernel.variants.push_back(name.getValue().str());
  auto emitError = [&] { return op.emitError(); };
  // Only a description that would verify is recorded.
  DictionaryAttr attr = kernel.toAttr(op.getContext());
  ScopedDiagnosticHandler quiet(op.getContext(),
                                [](Diagnostic &) { return success(); });
  if (succeeded(KernelDescription::fromAttr(attr, emitError)))
    func->setAttr(RowNormDialect::getKernelAttrName(), attr);
}

void expand(RmsNormOp op) {
  ImplicitLocOpBuilder b(op.getLoc(), op);
  Tiling tiling{1, 1, 1, op.getRowLength()};
  if (ScheduleAttr s = op.getScheduleAttr())
    tiling = {s.getRowsPerBlock(), s.getThreadsPerRow(), s.getVectorWidth(),
              s.getVectorsPerThread()};
  describeKernel(op, ScheduleAttr::get(op.getContext(), tiling.rowsPerBlock,
                                       tiling.threadsPerRow, tiling.vectorWidth,
                                       tiling.vectorsPerThread));

  Type elementType = op.getElementType();
  Type weightType = cast<MemRefType>(op.getWeight().getType()).getElementType();
  auto vectorType = VectorType::get({tiling.vectorWidth}, elementType);
  auto weightVectorType = VectorType::get({tiling.vectorWidth}, weightType);
  auto afn =
      arith::FastMathFlagsAttr::get(b.getContext(), arith::FastMathFlags::afn);

  Value zero = arith::ConstantIndexOp::create(b, 0);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value rowsPerBlock = arith::ConstantIndexOp::create(b, tiling.rowsPerBlock);
  Value threads = arith::ConstantIndexOp::create(b, tiling.threadsPerRow);
  Value vectors = arith::ConstantIndexOp::create(b, tiling.vectorsPerThread);
  Value width = arith::ConstantIndexOp::create(b, tiling.vectorWidth);
  Value rows = memref::DimOp::create(b, op.getInput(), zero);
  Value blocks = tiling.rowsPerBlock == 1
                     ? rows
                     : arith::CeilDivUIOp::create(b, rows, rowsPerBlock);

  // One thread's pass over its vectors of `row`; `body` gets the column.
  auto forEachVector = [&](OpBuilder &nested, Location loc, Value t,
                           ValueRange inits,
                           function_ref<SmallVector<Value>(
                               ImplicitLocOpBuilder &, Value, ValueRange)>
                               body) {
    return scf::ForOp::create(
        nested, loc, zero, vectors, one, inits,
        [&](OpBuilder &inner, Location loc, Value i, ValueRange iterArgs) {
          ImplicitLocOpBuilder ib(loc, inner);
          SmallVector<Value> yielded =
              body(ib, columnOf(ib, i, t, threads, width), iterArgs);
          scf::YieldOp::create(ib, yielded);
        });
  };

  auto blockLoop = scf::ParallelOp::create(b, zero, blocks, one);
  b.setInsertionPointToStart(blockLoop.getBody());
  auto rowLoop = scf::ParallelOp::create(b, zero, rowsPerBlock, one);
  b.setInsertionPointToStart(rowLoop.getBody());
  Value row = tiling.rowsPerBlock == 1
                  ? blockLoop.getInductionVars()[0]
                  : arith::AddIOp::create(
                        b,
                        arith::MulIOp::create(
                            b, blockLoop.getInductionVars()[0], rowsPerBlock),
                        rowLoop.getInductionVars()[0]);

  // Sum of squares: per thread over its vectors, then across the row's threads.
  Value elementZero = elementConstant(b, elementType, 0.0);
  auto sumLoop = scf::ParallelOp::create(
      b, ValueRange{zero}, ValueRange{threads}, ValueRange{one},
      ValueRange{elementZero},
      [&](OpBuilder &nested, Location loc, ValueRange ivs, ValueRange) {
        ImplicitLocOpBuilder nb(loc, nested);
        Value accZero = arith::ConstantOp::create(
            nb, DenseElementsAttr::get(vectorType,
                                       nb.getFloatAttr(elementType, 0.0)));
        auto perThread = forEachVector(
            nb, loc, ivs[0], ValueRange{accZero},
            [&](ImplicitLocOpBuilder &ib, Value col, ValueRange acc) {
              Value x = vector::LoadOp::create(ib, vectorType, op.getInput(),
                                               ValueRange{row, col});
              Value square = arith::MulFOp::create(ib, x, x);
              return SmallVector<Value>{
                  arith::AddFOp::create(ib, acc[0], square)};
            });
        Value partial = vector::ReductionOp::create(
            nb, vector::CombiningKind::ADD, perThread.getResult(0),
            arith::FastMathFlags::reassoc);
        auto reduce = scf::ReduceOp::create(nb, ValueRange{partial});
        Block &combine = reduce.getReductions()[0].front();
        ImplicitLocOpBuilder cb =
            ImplicitLocOpBuilder::atBlockEnd(loc, &combine);
        Value sum = arith::AddFOp::create(cb, combine.getArgument(0),
                                          combine.getArgument(1));
        scf::ReduceReturnOp::create(cb, sum);
      });

  // arcp: the contract allows dividing by N as a multiplication by 1/N.
  auto arcp =
      arith::FastMathFlagsAttr::get(b.getContext(), arith::FastMathFlags::arcp);
  Value mean = arith::DivFOp::create(
      b, sumLoop.getResult(0),
      elementConstant(b, elementType, double(op.getRowLength())), arcp);
  Value epsilon;
  if (Value runtime = op.getRuntimeEpsilon())
    epsilon = elementType.isF32()
                  ? runtime
                  : Value(arith::TruncFOp::create(b, elementType, runtime));
  else
    epsilon = elementConstant(b, elementType, op.getEpsilon()->convertToDouble());
  Value meanSquare = arith::AddFOp::create(b, mean, epsilon);
  Value rms = math::SqrtOp::create(b, meanSquare, afn);

  // Scale: y = x / rms * w, one thread's vectors at a time.
  scf::ParallelOp::create(
      b, ValueRange{zero}, ValueRange{threads}, ValueRange{one},
      [&](OpBuilder &nested, Location loc, ValueRange ivs) {
        ImplicitLocOpBuilder nb(loc, nested);
        forEachVector(
            nb, loc, ivs[0], ValueRange{},
            [&](ImplicitLocOpBuilder &ib, Value col, ValueRange) {
              Value x = vector::LoadOp::create(ib, vectorType, op.getInput(),
                                               ValueRange{row, col});
              Value w = vector::LoadOp::create(ib, weightVectorType,
                                               op.getWeight(), ValueRange{col});
              if (weightType != elementType)
                w = arith::TruncFOp::create(ib, vectorType, w);
              Value rmsVector =
                  vector::BroadcastOp::create(ib, vectorType, rms);
              Value normalized = arith::DivFOp::create(ib, x, rmsVector, afn);
              Value y = arith::MulFOp::create(ib, normalized, w);
              vector::StoreOp::create(ib, y, op.getOutput(),
                                      ValueRange{row, col});
              return SmallVector<Value>{};
            });
      });
  op.erase();
}

struct ExpandOps final : public rmsnorm::impl::ExpandOpsBase<ExpandOps> {
  void runOnOperation() override {
    SmallVector<RmsNormOp> ops;
    getOperation()->walk([&](RmsNormOp op) { ops.push_back(op); });
    for (RmsNormOp op : ops)
      expand(op);
  }
};
} // namespace

//===- RowNormOps.cpp - rownorm operations --------------------------------===//

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallString.h"

using namespace mlir;
using namespace mlir::rmsnorm::rownorm;

#define GET_OP_CLASSES
#include "RowNormOps.cpp.inc"

/// A dimension the way a memref type prints it: "?" when dynamic.
static std::string dim(int64_t value) {
  return ShapedType::isDynamic(value) ? "?" : std::to_string(value);
}

/// Checks that `type` (named `name`) lays its rows out contiguously with a row
/// stride that can hold `rowLength` elements.
static LogicalResult verifyRowLayout(Operation *op, StringRef name,
                                     MemRefType type, int64_t rowLength) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return op->emitOpError()
           << "expects " << name << " to have a strided layout, got " << type;
  if (strides.back() != 1)
    return op->emitOpError()
           << "expects " << name << (type.getRank() == 2 ? " rows" : "")
           << " to be contiguous (innermost stride 1), got stride "
           << dim(strides.back());
  if (strides.size() == 2 && !ShapedType::isDynamic(strides[0]) &&
      strides[0] < rowLength)
    return op->emitOpError()
           << "expects " << name << " row stride (" << strides[0]
           << ") to hold a row of " << rowLength << " elements";
  // A static stride is compiled in and written to the manifest, a JSON
  // number: beyond 2^53 it would not come back exactly.
  if (strides.size() == 2 && !ShapedType::isDynamic(strides[0]) &&
      strides[0] > kMaxStaticRowStride)
    return op->emitOpError() << "expects " << name << " row stride ("
                             << strides[0] << ") to be at most 2^53 elements";
  return success();
}

LogicalResult RmsNormOp::verify() {
  auto inputType = cast<MemRefType>(getInput().getType());
  auto outputType = cast<MemRefType>(getOutput().getType());
  auto weightType = cast<MemRefType>(getWeight().getType());
  Type elementType = inputType.getElementType();

  int64_t rowLength = inputType.getDimSize(1);
  if (ShapedType::isDynamic(rowLength))
    return emitOpError(
        "expects a static row length; a dynamic N is not supported yet");
  if (rowLength < 1)
    return emitOpError() << "expects a row length of at least 1, got "
                         << rowLength;

  if (outputType.getElementType() != elementType)
    return emitOpError() << "expects output element type ("
                         << outputType.getElementType()
                         << ") to match input element type (" << elementType
                         << ")";
  if (outputType.getDimSize(1) != rowLength)
    return emitOpError() << "expects output row length ("
                         << dim(outputType.getDimSize(1))
                         << ") to match input row length (" << rowLength << ")";
  int64_t inputRows = inputType.getDimSize(0);
  int64_t outputRows = outputType.getDimSize(0);
  // One static M fixes both: a kernel takes M from the launch only where
  // neither type fixes it, so a mixed pair would bound x's rows by one count
  // and y's by another.
  if (inputRows != outputRows)
    return emitOpError() << "expects output rows (" << dim(outputRows)
                         << ") to match input rows (" << dim(inputRows)
                         << "): fix M in both types or in neither";

  if (weightType.getDimSize(0) != rowLength)
    return emitOpError() << "expects weight length ("
                         << dim(weightType.getDimSize(0))
                         << ") to match row length (" << rowLength << ")";
  Type weightElementType = weightType.getElementType();
  if (weightElementType != elementType && !weightElementType.isF32())
    return emitOpError() << "expects weight element type (" << weightElementType
                         << ") to be the input element type (" << elementType
                         << ") or f32";

  if (inputType.getMemorySpace() != outputType.getMemorySpace() ||
      inputType.getMemorySpace() != weightType.getMemorySpace())
    return emitOpError("expects input, weight and output in one memory space");

  if (failed(verifyRowLayout(*this, "input", inputType, rowLength)) ||
      failed(verifyRowLayout(*this, "output", outputType, rowLength)) ||
      failed(verifyRowLayout(*this, "weight", weightType, rowLength)))
    return failure();

  std::optional<APFloat> epsilon = getEpsilon();
  if (epsilon.has_value() == static_cast<bool>(getRuntimeEpsilon()))
    return emitOpError("expects exactly one epsilon: the attribute "
                       "(built in) or the operand (at run time)");
  if (epsilon) {
    SmallString<16> text;
    epsilon->toString(text);
    if (!epsilon->isFinite())
      return emitOpError() << "expects a finite epsilon, got " << text;
    if (epsilon->isZero() || epsilon->isNegative())
      return emitOpError() << "expects a positive epsilon, got " << text;
  }

  // Output rows equal input rows (checked above).
  if (inputRows == 0)
    return emitOpError("expects at least one row (a static M of 0 has "
                       "nothing to normalize)");
  if (failed(verifyGridHoldsRows()))
    return failure();

  if (ScheduleAttr schedule = getScheduleAttr()) {
    // The attribute's verifier bounds both factors: no overflow.
    int64_t needed = ScheduleAttr::vectorsPerThreadFor(
        rowLength, schedule.getVectorWidth(), schedule.getThreadsPerRow());
    if (schedule.getVectorsPerThread() != needed)
      return emitOpError() << "expects a schedule with vectors_per_thread = "
                           << needed << " for a row of " << rowLength
                           << " elements read by "
                           << schedule.getThreadsPerRow()
                           << " threads in vectors of "
                           << schedule.getVectorWidth() << ", got "
                           << schedule.getVectorsPerThread();
  }
  return success();
}

LogicalResult RmsNormOp::verifyGridHoldsRows() {
  // Once scheduled, a kernel's grid has a block per rows_per_block rows, at
  // most as many as the target launches (the limit a loader enforces):
  // checked here, where the module records its target, so that no kernel is
  // emitted that no launch could run. Without a target nothing is compiled:
  // the check runs again once a target is attached.
  ScheduleAttr schedule = getScheduleAttr();
  int64_t rows = getInput().getType().getDimSize(0);
  if (!schedule || ShapedType::isDynamic(rows))
    return success();
  // Silent where getTargetInfo (lib/Target) would report: a verifier only
  // checks what the IR records.
  auto description =
      dyn_cast_or_null<mlir::rmsnorm::TargetDescriptionAttrInterface>(
          RowNormDialect::findTargetAttr(*this));
  std::unique_ptr<mlir::rmsnorm::TargetInfo> target =
      description ? description.getTargetInfo() : nullptr;
  if (!target)
    return success();
  // A block is threads_per_row wide along x and rows_per_block tall.
  int64_t threadsPerRow = schedule.getThreadsPerRow();
  int64_t maxBlocks = target->getMaxGridBlocks(threadsPerRow);
  int64_t rowsPerBlock = schedule.getRowsPerBlock();
  if (llvm::divideCeilSigned(rows, rowsPerBlock) <= maxBlocks)
    return success();
  auto count = [](int64_t n, StringRef one, StringRef many) {
    return n == 1 ? ("one " + one).str() : std::to_string(n) + " " + many.str();
  };
  InFlightDiagnostic diag = emitOpError();
  diag << "expects a static M that a grid can hold: " << rows << " rows need "
       << llvm::divideCeilSigned(rows, rowsPerBlock) << " blocks of "
       << count(rowsPerBlock, "row", "rows") << ", more than the " << maxBlocks
       << " blocks " << count(threadsPerRow, "thread", "threads")
       << " wide that " << target->getChip() << " launches";
  // Taller blocks hold more rows in as many blocks: name the fewest rows per
  // block that would do, where a block that tall can be launched.
  int64_t fewest = llvm::divideCeilSigned(rows, maxBlocks);
  if (fewest <= int64_t(target->getMaxThreadsPerBlock()) / threadsPerRow)
    diag << " (a schedule with rows_per_block = " << fewest
         << " would; a pipeline's rows-per-block option sets it where the "
            "pipeline chooses the schedule)";
  return diag;
}

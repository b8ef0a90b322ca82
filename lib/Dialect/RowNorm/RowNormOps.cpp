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

  int64_t inputRows0 = inputType.getDimSize(0);
  if (inputRows0 == 0 || outputType.getDimSize(0) == 0)
    return emitOpError("expects at least one row (a static M of 0 has "
                       "nothing to normalize)");

  // Once scheduled, a kernel's grid has a block per rows_per_block rows, at
  // most 2^31 - 1 of them (the launch limit the runtime enforces): checked
  // here so that no kernel is emitted that no launch could run.
  constexpr int64_t kMaxBlocks = (int64_t{1} << 31) - 1;
  if (ScheduleAttr schedule = getScheduleAttr();
      schedule && !ShapedType::isDynamic(inputRows0) &&
      llvm::divideCeil(inputRows0, schedule.getRowsPerBlock()) > kMaxBlocks)
    return emitOpError() << "expects a static M that a grid can hold: "
                         << inputRows0 << " rows need "
                         << llvm::divideCeil(inputRows0,
                                             schedule.getRowsPerBlock())
                         << " blocks of " << schedule.getRowsPerBlock()
                         << " rows, more than 2^31 - 1";

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

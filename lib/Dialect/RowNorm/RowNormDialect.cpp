//===- RowNormDialect.cpp - the rownorm dialect ---------------------------===//

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::rmsnorm;
using namespace mlir::rmsnorm::rownorm;

#include "RowNormDialect.cpp.inc"
#include "RowNormInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "RowNormAttrs.cpp.inc"

void RowNormDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "RowNormOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "RowNormAttrs.cpp.inc"
      >();
}

LogicalResult
RowNormDialect::verifyOperationAttribute(Operation *op,
                                         NamedAttribute attribute) {
  StringAttr name = attribute.getName();
  if (name == getLaunchAttrName() || name == getKernelAttrName()) {
    auto dict = dyn_cast<DictionaryAttr>(attribute.getValue());
    if (!dict)
      return op->emitError()
             << "'" << name.getValue() << "' expects a dictionary, got "
             << attribute.getValue();
    auto function = dyn_cast<FunctionOpInterface>(op);
    if (!function)
      return op->emitError()
             << "'" << name.getValue() << "' belongs on a function, not on '"
             << op->getName() << "'";
    auto emitError = [&] { return op->emitError(); };
    if (name == getKernelAttrName()) {
      FailureOr<KernelDescription> kernel =
          KernelDescription::fromAttr(dict, emitError);
      if (failed(kernel))
        return failure();
      if (kernel->roles.size() != function.getNumArguments())
        return op->emitError()
               << "'" << name.getValue() << "' has " << kernel->roles.size()
               << " roles for " << function.getNumArguments() << " arguments";
      return success();
    }
    FailureOr<LaunchContract> launch =
        LaunchContract::fromAttr(dict, emitError);
    if (failed(launch))
      return failure();
    if (auto symbol = dyn_cast<SymbolOpInterface>(op))
      if (std::string why = checkKernelName(symbol.getName()); !why.empty())
        return op->emitError()
               << "kernel " << symbolText(op->getContext(), symbol.getName())
               << " has a launch contract but cannot be emitted: " << why;
    if (launch->params.size() != function.getNumArguments())
      return op->emitError() << "'" << name.getValue() << "' has "
                             << launch->params.size() << " parameters for "
                             << function.getNumArguments() << " arguments";
    return success();
  }
  if (attribute.getName() == getReloadAttrName()) {
    if (!isa<UnitAttr>(attribute.getValue()) || op->getNumResults() != 1)
      return op->emitError() << "'" << getReloadAttrName()
                             << "' is a unit attribute of a load";
    return success();
  }
  if (attribute.getName() == getVersionedRowsAttrName()) {
    // By name: the dialect does not depend on scf.
    if (!isa<UnitAttr>(attribute.getValue()) ||
        op->getName().getStringRef() != "scf.if" || op->getNumRegions() != 2 ||
        op->getRegion(1).empty())
      return op->emitError() << "'" << getVersionedRowsAttrName()
                             << "' is a unit attribute of an scf.if with an "
                                "else region";
    return success();
  }
  if (attribute.getName() == getStagingTemplateAttrName()) {
    if (!isa<UnitAttr>(attribute.getValue()) ||
        !op->hasAttr(getVersionedRowsAttrName()))
      return op->emitError() << "'" << getStagingTemplateAttrName()
                             << "' is a unit attribute of an scf.if that has '"
                             << getVersionedRowsAttrName() << "'";
    return success();
  }
  if (attribute.getName() == getVariantsAttrName()) {
    auto names = dyn_cast<ArrayAttr>(attribute.getValue());
    if (!names || !isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << getVariantsAttrName()
                             << "' is an array of kernel names on a function";
    if (std::string why = checkKernelNames(names); !why.empty())
      return op->emitError() << "'" << getVariantsAttrName() << "' " << why;
    return success();
  }
  if (attribute.getName() == getFromRowsAttrName()) {
    if (!countValue(attribute.getValue(), 1) || !isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << getFromRowsAttrName()
                             << "' is a positive row count on a function";
    return success();
  }
  if (attribute.getName() != getTargetAttrName())
    return op->emitError() << "unknown rownorm attribute '"
                           << attribute.getName().getValue() << "'";
  if (!isa<ModuleOp>(op))
    return op->emitError() << "'" << getTargetAttrName()
                           << "' belongs on a builtin.module, not on '"
                           << op->getName() << "'";
  auto target = dyn_cast<TargetDescriptionAttrInterface>(attribute.getValue());
  if (!target)
    return op->emitError()
           << "'" << getTargetAttrName()
           << "' expects a GPU target attribute that has a rownorm target "
              "description, got "
           << attribute.getValue();
  if (std::string why = target.getUnsupportedReason(); !why.empty())
    return op->emitError() << "cannot compile for " << attribute.getValue()
                           << ": " << why;
  return success();
}

Attribute RowNormDialect::findTargetAttr(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  return module ? module->getAttr(getTargetAttrName()) : Attribute();
}

LogicalResult ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t rowsPerBlock, int64_t threadsPerRow,
                                   int64_t vectorWidth,
                                   int64_t vectorsPerThread) {
  auto positive = [&](StringRef name, int64_t value) -> LogicalResult {
    if (value >= 1)
      return success();
    return emitError() << "expects " << name << " to be at least 1, got "
                       << value;
  };
  auto powerOfTwo = [&](StringRef name, int64_t value) -> LogicalResult {
    if (llvm::isPowerOf2_64(value))
      return success();
    return emitError() << "expects " << name << " to be a power of two, got "
                       << value;
  };
  if (failed(positive("rows_per_block", rowsPerBlock)) ||
      failed(positive("threads_per_row", threadsPerRow)) ||
      failed(positive("vector_width", vectorWidth)) ||
      failed(positive("vectors_per_thread", vectorsPerThread)))
    return failure();
  // Values no target can run; bounding them keeps every product of fields
  // far from overflow.
  auto atMost = [&](StringRef name, int64_t value,
                    int64_t limit) -> LogicalResult {
    if (value <= limit)
      return success();
    return emitError() << "expects " << name << " to be at most " << limit
                       << " (no target runs more), got " << value;
  };
  if (failed(atMost("threads_per_row", threadsPerRow, kMaxThreadsPerBlock)) ||
      failed(atMost("rows_per_block", rowsPerBlock, kMaxThreadsPerBlock)) ||
      failed(atMost("rows_per_block * threads_per_row",
                    rowsPerBlock * threadsPerRow, kMaxThreadsPerBlock)) ||
      failed(atMost("vector_width", vectorWidth, kMaxVectorWidth)) ||
      failed(
          atMost("vectors_per_thread", vectorsPerThread, kMaxVectorsPerThread)))
    return failure();
  // A butterfly reduction pairs threads by xor-ing their index.
  if (failed(powerOfTwo("threads_per_row", threadsPerRow)) ||
      failed(powerOfTwo("vector_width", vectorWidth)))
    return failure();
  return success();
}

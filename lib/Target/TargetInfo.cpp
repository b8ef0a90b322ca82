//===- TargetInfo.cpp - finding a module's target description -------------===//

#include "rmsnorm/Target/TargetInfo.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::rmsnorm;
using rownorm::RowNormDialect;

Attribute mlir::rmsnorm::getTargetAttr(ModuleOp module) {
  return module->getAttr(RowNormDialect::getTargetAttrName());
}

std::unique_ptr<TargetInfo> mlir::rmsnorm::getTargetInfo(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  Attribute attr = module ? getTargetAttr(module) : Attribute();
  if (!attr) {
    op->emitError() << "no target recorded: the enclosing module needs a '"
                    << RowNormDialect::getTargetAttrName()
                    << "' attribute (a target's attach-target pass or a "
                       "pipeline's 'chip' option records one)";
    return nullptr;
  }
  // The verifier guarantees the interface and a description; passes may be
  // run on unverified IR by a caller, so check again.
  auto target = dyn_cast<TargetDescriptionAttrInterface>(attr);
  std::unique_ptr<TargetInfo> info = target ? target.getTargetInfo() : nullptr;
  if (!info)
    op->emitError() << "no rownorm target description for " << attr;
  return info;
}

LogicalResult mlir::rmsnorm::attachTargetAttr(
    ModuleOp module, Attribute requested,
    llvm::function_ref<bool(Attribute recorded)> sameChip) {
  auto target = cast<TargetDescriptionAttrInterface>(requested);
  if (!target.getTargetInfo())
    return module.emitError()
           << "no rownorm target description for " << requested
           << " (described chips: "
           << llvm::join(target.getDescribedChips(), ", ") << ")";
  Attribute recorded = getTargetAttr(module);
  if (!recorded) {
    module->setAttr(RowNormDialect::getTargetAttrName(), requested);
    return success();
  }
  if (sameChip(recorded))
    return success();
  return module.emitError() << "module already targets " << recorded
                            << "; refusing to compile it for " << requested;
}

//===- ChipTargetDescription.h ----------------------------------*- C++ -*-===//
//
// What every target library needs to describe the chips of its upstream target
// attribute (any attribute with getChip()) and to record one on a module. The
// templates name no vendor; each target library instantiates them with its
// own attribute.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_TARGET_CHIPTARGETDESCRIPTION_H
#define RMSNORM_TARGET_CHIPTARGETDESCRIPTION_H

#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "llvm/ADT/STLExtras.h"

namespace mlir::rmsnorm {

/// External model of TargetDescriptionAttrInterface for `AttrT`. `Chips`
/// provides `static ArrayRef<StringLiteral> chips()` and
/// `static std::unique_ptr<TargetInfo> describe(StringRef chip)`.
template <typename AttrT, typename Chips>
struct ChipTargetDescriptionModel final
    : public TargetDescriptionAttrInterface::ExternalModel<
          ChipTargetDescriptionModel<AttrT, Chips>, AttrT> {
  std::unique_ptr<TargetInfo> getTargetInfo(Attribute attr) const {
    StringRef chip = cast<AttrT>(attr).getChip();
    if (!llvm::is_contained(Chips::chips(), chip))
      return nullptr;
    return Chips::describe(chip);
  }
  SmallVector<StringRef> getDescribedChips(Attribute) const {
    return llvm::map_to_vector(
        Chips::chips(), [](StringLiteral chip) -> StringRef { return chip; });
  }
};

/// Records `requested` on `module` (see attachTargetAttr); a recorded `AttrT`
/// with the same chip is kept.
template <typename AttrT>
LogicalResult attachChipTarget(ModuleOp module, AttrT requested) {
  return attachTargetAttr(module, requested, [&](Attribute recorded) {
    auto same = dyn_cast<AttrT>(recorded);
    return same && same.getChip() == requested.getChip();
  });
}

} // namespace mlir::rmsnorm

#endif // RMSNORM_TARGET_CHIPTARGETDESCRIPTION_H

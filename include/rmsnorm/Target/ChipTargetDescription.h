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
#include "llvm/ADT/StringExtras.h"

#include <string>

namespace mlir::rmsnorm {

/// Why `features` (LLVM's "+a,-b" syntax) is not a list of features that
/// LLVM's target for `triple` knows for `cpu`, or "" when it is.
std::string checkFeatureNames(StringRef triple, StringRef cpu,
                              StringRef features);

/// External model of TargetDescriptionAttrInterface for `AttrT` (an
/// attribute with getChip(), getTriple() and getFeatures()). `Chips`
/// provides `static StringRef triple()` (the one LLVM target triple its
/// code is generated for), `static ArrayRef<StringLiteral> chips()`,
/// `static std::unique_ptr<TargetInfo> describe(StringRef chip)` and
/// `static std::string checkFeatures(StringRef chip, StringRef features)` and
/// `static Attribute codegenTarget(AttrT target)`.
template <typename AttrT, typename Chips>
struct ChipTargetDescriptionModel final
    : public TargetDescriptionAttrInterface::ExternalModel<
          ChipTargetDescriptionModel<AttrT, Chips>, AttrT> {
  std::unique_ptr<TargetInfo> getTargetInfo(Attribute attr) const {
    if (!getUnsupportedReason(attr).empty())
      return nullptr;
    return Chips::describe(cast<AttrT>(attr).getChip());
  }
  std::string getUnsupportedReason(Attribute attr) const {
    auto target = cast<AttrT>(attr);
    StringRef chip = target.getChip();
    if (!llvm::is_contained(Chips::chips(), chip))
      return ("no rownorm target description for chip '" + chip +
              "' (described chips: " + llvm::join(Chips::chips(), ", ") + ")")
          .str();
    // Another triple of the same vendor (e.g. a 32-bit one) would reach the
    // vendor's assembler with code generated for the wrong ABI.
    if (target.getTriple() != Chips::triple())
      return ("rownorm generates code for the triple '" + Chips::triple() +
              "', got '" + target.getTriple() + "'")
          .str();
    return Chips::checkFeatures(chip, target.getFeatures());
  }
  SmallVector<StringRef> getDescribedChips(Attribute) const {
    return llvm::map_to_vector(
        Chips::chips(), [](StringLiteral chip) -> StringRef { return chip; });
  }
  Attribute getCodegenTarget(Attribute attr) const {
    return Chips::codegenTarget(cast<AttrT>(attr));
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

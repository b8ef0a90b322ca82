//===- TargetInfo.cpp - finding a module's target description -------------===//

#include "rmsnorm/Target/TargetInfo.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Target/ChipTargetDescription.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::rmsnorm;
using rownorm::RowNormDialect;

std::unique_ptr<TargetInfo> mlir::rmsnorm::getTargetInfo(Operation *op) {
  Attribute attr = RowNormDialect::findTargetAttr(op);
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
    op->emitError() << "cannot compile for " << attr << ": "
                    << (target ? target.getUnsupportedReason()
                               : std::string("no rownorm target description"));
  return info;
}

LogicalResult mlir::rmsnorm::attachTargetAttr(
    ModuleOp module, Attribute requested,
    llvm::function_ref<bool(Attribute recorded)> sameChip) {
  auto target = cast<TargetDescriptionAttrInterface>(requested);
  if (std::string why = target.getUnsupportedReason(); !why.empty())
    return module.emitError()
           << "cannot compile for " << requested << ": " << why;
  Attribute recorded = RowNormDialect::findTargetAttr(module);
  if (!recorded) {
    module->setAttr(RowNormDialect::getTargetAttrName(), requested);
    return success();
  }
  if (sameChip(recorded))
    return success();
  return module.emitError() << "module already targets " << recorded
                            << "; refusing to compile it for " << requested;
}

std::string mlir::rmsnorm::checkFeatureNames(StringRef triple, StringRef cpu,
                                             StringRef features) {
  if (features.empty())
    return "";
  std::string error;
  llvm::Triple parsed(triple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(parsed, error);
  if (!target)
    return "LLVM has no target for " + triple.str() + ": " + error;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(parsed, cpu, ""));
  if (!subtarget)
    return "LLVM has no subtarget for " + cpu.str();
  SmallVector<StringRef> tokens;
  features.split(tokens, ',');
  for (StringRef token : tokens) {
    if (token.size() < 2 || (token[0] != '+' && token[0] != '-'))
      return "features are '+name' or '-name' separated by commas, got '" +
             token.str() + "'";
    StringRef name = token.drop_front();
    if (!llvm::any_of(subtarget->getAllProcessorFeatures(),
                      [&](const llvm::SubtargetFeatureKV &known) {
                        return name == known.Key;
                      }))
      return "'" + name.str() + "' is not a feature of " + cpu.str() +
             " that LLVM knows";
  }
  return "";
}

bool mlir::rmsnorm::shouldRereadRows(const TargetInfo &target,
                                     const RowKernelShape &shape) {
  if (shape.inPlace || !target.hasHintedLoads() ||
      shape.vectorWidth * shape.elementBytes !=
          int64_t(target.getMaxVectorBytes()) ||
      shape.vectorsPerThread < kMinVectorsToReread)
    return false;
  // A re-read widens the row again. Where that is a conversion per element
  // it costs more than the registers that hold the row, while they are few;
  // a kernel for many rows keeps the re-read its schedule was chosen for
  // (f16 N = 8192 held there: -1.8%, PERFLOG eighth session, s8c).
  if (shape.widensByConversion && shape.rows != RowsServed::Many &&
      shape.vectorsPerThread * shape.vectorWidth <= kMaxHeldConvertedValues)
    return false;
  // A kernel for few rows holds a row of the fewest vectors that are
  // re-read: few rows in flight cannot hide the re-read's round trip, and
  // so few held vectors keep the re-read's occupancy (registers measured
  // for bf16 N = 16384: 58 -> 62, two blocks of 512 threads a processor
  // either way; longer held rows cost a block, f32 14336 54 -> 69). bf16 16384
  // held: +5.2 / +2.4 / +1.3 / +0.5% at 2048 / 4096 / 6144 / 8192 rows, -0.1 to
  // -0.7% from 16384 (PERFLOG, thirty-seventh session, s37b), where its kernel
  // for many rows re-reads (rownorm-tile-rows).
  if (shape.rows == RowsServed::Few &&
      shape.vectorsPerThread <= kMinVectorsToReread)
    return false;
  // The blocks a processor holds at once when threads are the only limit
  // (registers allow fewer, never more).
  int64_t blocks = target.getMaxThreadsPerProcessor() / shape.blockThreads;
  // A kernel that runs only few rows (a kernel for many rows takes over
  // above its from_rows) with small blocks has blocks to spare for the
  // registers of a held row: holding it saves the re-read's round trip,
  // which few rows in flight cannot hide (256 to 2048 rows of 2560 to 14336
  // elements: +4.1% geomean, -3.1 to +17.7%). Large blocks have none: at
  // 512 threads a held row leaves one block per processor (f32 14336: 54 ->
  // 69 registers, -4 to -6%). A kernel that also runs many rows keeps the
  // re-read (16-bit 32768 x 11008 held: -1.2 to -1.8%). PERFLOG, eleventh
  // session.
  if (shape.rows == RowsServed::Few && blocks >= kMinBlocksToHoldRows)
    return false;
  // Else the re-read pays where the rows of those blocks stay in the cache
  // from the first read to the second.
  int64_t residentBytes = int64_t(target.getProcessorCount()) * blocks *
                          shape.rowsPerBlock * shape.rowLength *
                          shape.elementBytes;
  return residentBytes <= int64_t(target.getSharedCacheBytes());
}

bool mlir::rmsnorm::keepsFewRowsForm(const TargetInfo &target,
                                     const RowKernelShape &shape) {
  int64_t subgroup = target.getSubgroupSize();
  int64_t threadsPerRow = shape.blockThreads / shape.rowsPerBlock;
  if (shape.rowLength % shape.vectorWidth != 0 || threadsPerRow > subgroup ||
      2 * threadsPerRow < subgroup)
    return false;
  if (shape.vectorsPerThread >= kFewRowsFormVectors)
    return true;
  // The twin keeps the first kernel's schedule and, its rows within a
  // subgroup, re-reads as one kernel for every M would (RowReread.cpp).
  RowKernelShape twin = shape;
  twin.rows = RowsServed::All;
  return shouldRereadRows(target, twin);
}

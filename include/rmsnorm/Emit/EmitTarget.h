//===- EmitTarget.h - what rmsnorm-emit needs of one vendor -----*- C++ -*-===//
//
// The driver (EmitMain) is generic: it asks each target for its pipelines and
// for the one vendor-specific step, packaging the assembly into a loadable
// image. Each target library under lib/Emit/<vendor> implements this and
// declares its own command-line options.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_EMIT_EMITTARGET_H
#define RMSNORM_EMIT_EMITTARGET_H

#include "rmsnorm/Emit/StagedFiles.h"

#include "mlir/IR/Attributes.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::rmsnorm::emit {

/// The files and facts of one packaged kernel.
struct KernelPackage {
  /// The manifest's "files": the file's role (the target's names for its
  /// assembly and image) and its name, staged beside the manifest.
  std::vector<std::pair<std::string, std::string>> files;
  /// The image the C header embeds, what kind of image it is (for the
  /// header's comment), and the file a summary line names.
  std::string image, imageKind, mainFile;
  /// The manifest's "resources" (registers, spills, LDS, ...).
  llvm::json::Object resources;
  std::optional<int64_t> registers;
};

/// What a packaging step gets.
struct PackageRequest {
  StringRef assembly; // the lowering's output
  StringRef stem;     // file names are stem + "." + extension
  StringRef chip;
  StringRef what; // names the kernel in messages: "@k for <chip>"
  unsigned toolTimeoutSeconds = 60;
  /// The contract's launch_overlap: a loader will launch the kernel
  /// overlapping the previous one, so its code must wait for that first.
  bool launchOverlap = false;
};

/// rmsnorm-emit's own options (the driver's and each target's): `--help`
/// lists only these, not the options LLVM's libraries register.
llvm::cl::OptionCategory &getEmitOptionCategory();

class EmitTarget {
public:
  virtual ~EmitTarget() = default;
  /// As --target spells it.
  virtual StringRef getName() const = 0;
  /// Parses the options of the target's named pipeline (the text after
  /// `--<name>-pipeline=`), e.g. "chip=<chip> rows-per-block=2".
  virtual LogicalResult parsePipelineOptions(StringRef text,
                                             std::string &error) = 0;
  /// The chip the options select.
  virtual std::string getChip() const = 0;
  /// True when `target`, a gpu.module's target attribute, is this target's;
  /// then `chip` is its chip.
  virtual bool ownsTargetAttr(Attribute target, std::string &chip) const = 0;
  /// Source module (rownorm ops) to gpu.func kernels with rownorm.launch.
  virtual void buildKernelsPipeline(OpPassManager &pm) const = 0;
  /// gpu.func kernels to a gpu.binary holding assembly text for `chip`.
  virtual void buildLoweringPipeline(OpPassManager &pm,
                                     StringRef chip) const = 0;
  /// Stages the assembly and the image made from it as `stem.*` in `files`.
  virtual llvm::Error package(const PackageRequest &request, StagedFiles &files,
                              KernelPackage &out) const = 0;
};

} // namespace mlir::rmsnorm::emit

#endif // RMSNORM_EMIT_EMITTARGET_H

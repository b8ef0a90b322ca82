//===- EmitMain.cpp - the rmsnorm-emit driver -----------------------------===//
//
// For every kernel of the input and every selected target: compile it with
// the target's pipelines, read its launch contract (rownorm.launch) and have
// the target package the assembly; then write image, manifest and header as
// one set. The input is either source (functions holding rownorm ops) or the
// output of rownorm-to-gpu-pipeline (gpu.func kernels with a contract).
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Emit/EmitMain.h"
#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Emit/KernelFiles.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <csignal>
#include <deque>

using namespace mlir;
using namespace mlir::rmsnorm;
using namespace mlir::rmsnorm::emit;
namespace cl = llvm::cl;

cl::OptionCategory &mlir::rmsnorm::emit::getEmitOptionCategory() {
  static cl::OptionCategory category("rmsnorm-emit options");
  return category;
}

namespace {
/// The command line's generic part; targets declare their own options.
struct Options {
  cl::opt<std::string> input{cl::Positional, cl::desc("<input .mlir>"),
                             cl::Required, cl::cat(getEmitOptionCategory())};
  cl::opt<std::string> outputDir{"o", cl::desc("Output directory"),
                                 cl::value_desc("dir"), cl::init("."),
                                 cl::cat(getEmitOptionCategory())};
  cl::list<std::string> targets{
      "target", cl::desc("Targets to emit for (default: all)"),
      cl::CommaSeparated, cl::cat(getEmitOptionCategory())};
  cl::opt<unsigned> toolTimeout{
      "tool-timeout",
      cl::desc("Seconds an assembler or linker may run before it is stopped"),
      cl::init(120), cl::cat(getEmitOptionCategory())};
  cl::opt<bool> remarks{"remarks",
                        cl::desc("Print the tiling remarks (schedules)"),
                        cl::init(false), cl::cat(getEmitOptionCategory())};
};

std::string symbolText(StringAttr name) {
  return rownorm::symbolText(name.getContext(), name.getValue());
}

class Driver {
public:
  Driver(MLIRContext &context, const Options &options,
         const EmitMainConfig &config, StringRef testPasses)
      : context(context), options(options), config(config),
        testPasses(testPasses) {}

  /// Compiles `func` to its kernel with `target`, then emits it.
  LogicalResult emitSource(ModuleOp source, func::FuncOp func,
                           EmitTarget &target) {
    OwningOpRef<ModuleOp> module = ModuleOp::create(source.getLoc());
    for (NamedAttribute attr : source->getAttrs())
      (*module)->setAttr(attr.getName(), attr.getValue());
    OpBuilder::atBlockEnd(module->getBody()).clone(*func.getOperation());
    PassManager pm(&context);
    target.buildKernelsPipeline(pm);
    std::string chip = target.getChip();
    if (failed(pm.run(*module)))
      return error("compiling " + symbolText(func.getNameAttr()) + " for " +
                   chip + " failed");
    // A function may have become two kernels (rownorm-tile-rows' kernel for
    // many rows): each is emitted on its own.
    SmallVector<gpu::GPUFuncOp> kernels;
    module->walk([&](gpu::GPUFuncOp f) {
      if (f->hasAttr(rownorm::RowNormDialect::getLaunchAttrName()))
        kernels.push_back(f);
    });
    // A kernel for many rows named like another function of the input (in
    // any letter case) would overwrite that function's files: it is dropped,
    // and with it the first kernel's mention of it.
    for (gpu::GPUFuncOp kernel : llvm::make_early_inc_range(kernels)) {
      if (kernel.getName() == func.getName() ||
          !sourceNames.count(kernel.getName().lower()))
        continue;
      llvm::errs() << config.toolName << ": warning: no kernel for many rows "
                   << symbolText(kernel.getNameAttr()) << " of "
                   << symbolText(func.getNameAttr())
                   << ": the input has a function of that name\n";
      if (failed(dropVariant(*module, kernel)))
        return error("cannot drop the kernel for many rows of " +
                     symbolText(func.getNameAttr()));
      llvm::erase(kernels, kernel);
    }
    if (kernels.size() <= 1)
      return emitKernel(std::move(module), target, chip, func.getName());
    for (gpu::GPUFuncOp kernel : kernels)
      if (failed(emitConverted(*module,
                               kernel->getParentOfType<gpu::GPUModuleOp>(),
                               kernel, target, chip)))
        return failure();
    return success();
  }

  /// Emits kernel `kernel` of `gpuModule`, already converted.
  LogicalResult emitConverted(ModuleOp source, gpu::GPUModuleOp gpuModule,
                              gpu::GPUFuncOp kernel, EmitTarget &target,
                              StringRef chip) {
    OwningOpRef<ModuleOp> module = ModuleOp::create(source.getLoc());
    for (NamedAttribute attr : source->getAttrs())
      (*module)->setAttr(attr.getName(), attr.getValue());
    auto copy = cast<gpu::GPUModuleOp>(
        OpBuilder::atBlockEnd(module->getBody()).clone(*gpuModule));
    // Compiled for its first target, the one that owns the kernel (checked
    // supported by emitMain), as the description completes it: as
    // convert-rownorm-to-gpu sets it. Any other target of the list is
    // dropped (its object would be packaged as this target's).
    if (ArrayAttr targets = copy.getTargetsAttr(); targets && !targets.empty())
      if (auto description =
              dyn_cast<TargetDescriptionAttrInterface>(targets[0]))
        copy.setTargetsAttr(ArrayAttr::get(copy.getContext(),
                                           {description.getCodegenTarget()}));
    // One kernel per image: drop the module's other kernels.
    for (auto other : llvm::make_early_inc_range(copy.getOps<gpu::GPUFuncOp>()))
      if (other.isKernel() && other.getName() != kernel.getName())
        other.erase();
    return emitKernel(std::move(module), target, chip.str(), kernel.getName());
  }

  /// Lower-case names of the input's functions (file names collide by them).
  llvm::StringSet<> sourceNames;

private:
  /// Erases `variant` and removes it from the variants of every kernel of
  /// `module` that names it.
  LogicalResult dropVariant(ModuleOp module, gpu::GPUFuncOp variant) {
    std::string name = variant.getName().str();
    variant.erase();
    WalkResult result = module->walk([&](gpu::GPUFuncOp f) {
      auto dict = f->getAttrOfType<DictionaryAttr>(
          rownorm::RowNormDialect::getLaunchAttrName());
      if (!dict)
        return WalkResult::advance();
      FailureOr<rownorm::LaunchContract> contract =
          rownorm::LaunchContract::fromAttr(dict,
                                            [&] { return f.emitError(); });
      if (failed(contract))
        return WalkResult::interrupt();
      llvm::erase(contract->kernel.variants, name);
      f->setAttr(rownorm::RowNormDialect::getLaunchAttrName(),
                 contract->toAttr(&context));
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  LogicalResult error(const Twine &message) {
    llvm::errs() << config.toolName << ": error: " << message << "\n";
    return failure();
  }

  LogicalResult emitKernel(OwningOpRef<ModuleOp> module, EmitTarget &target,
                           const std::string &chip, StringRef kernelName) {
    std::string what =
        symbolText(StringAttr::get(&context, kernelName)) + " for " + chip;
    if (!testPasses.empty()) {
      PassManager pm(&context);
      std::string errors;
      llvm::raw_string_ostream os(errors);
      if (failed(parsePassPipeline(testPasses, pm, os)))
        return error("invalid --test-kernel-passes: " + errors);
      if (failed(pm.run(*module)))
        return error("the test passes failed on " + what);
    }

    // The contract, read before lowering replaces the gpu.func.
    gpu::GPUFuncOp kernel;
    unsigned kernels = 0;
    module->walk([&](gpu::GPUFuncOp f) {
      if (f->hasAttr(rownorm::RowNormDialect::getLaunchAttrName()))
        kernel = f, ++kernels;
    });
    if (kernels != 1)
      return error("expected one kernel with a launch contract for " + what +
                   ", found " + Twine(kernels));
    FailureOr<rownorm::LaunchContract> contract =
        rownorm::LaunchContract::fromAttr(
            kernel->getAttrOfType<DictionaryAttr>(
                rownorm::RowNormDialect::getLaunchAttrName()),
            [&] { return kernel.emitError(); });
    if (failed(contract))
      return error("kernel " + what + " has no valid launch contract");
    std::string symbol = kernel.getName().str();
    if (std::string why = rownorm::checkKernelName(symbol); !why.empty())
      return error("kernel symbol '" + symbol + "' cannot be emitted: " + why);
    // The chip is part of every file name.
    if (chip.empty() || !llvm::all_of(chip, [](char c) {
          return llvm::isAlnum(c) || c == '_';
        }))
      return error("chip '" + chip + "' of " + what +
                   " cannot be part of a file name");
    kernel = nullptr;

    PassManager lowering(&context);
    target.buildLoweringPipeline(lowering, chip);
    if (failed(lowering.run(*module)))
      return error("lowering " + what + " failed");
    std::string assembly;
    module->walk([&](gpu::BinaryOp binary) {
      for (Attribute object : binary.getObjects())
        assembly = cast<gpu::ObjectAttr>(object).getObject().str();
    });
    if (assembly.empty())
      return error("no assembly was produced for " + what);

    std::string stem = symbol + "." + chip;
    StagedFiles files(options.outputDir);
    KernelPackage package;
    PackageRequest request{assembly,
                           stem,
                           chip,
                           what,
                           options.toolTimeout,
                           contract->launchOverlap};
    if (llvm::Error e = target.package(request, files, package))
      return error(llvm::toString(std::move(e)));
    KernelIdentity id{kernelName.str(), symbol, target.getName().str(), chip};
    SmallVector<std::string> passes;
    if (!testPasses.empty())
      passes.push_back(testPasses);
    if (llvm::Error e = files.write(
            stem + ".json", writeManifest(*contract, id, package, passes)))
      return error(llvm::toString(std::move(e)));
    if (llvm::Error e = files.write(stem + ".h",
                                    writeCHeader(*contract, id, package, stem)))
      return error(llvm::toString(std::move(e)));
    if (llvm::Error e = files.commit())
      return error(llvm::toString(std::move(e)));

    rownorm::ScheduleAttr s = contract->kernel.schedule;
    llvm::outs() << files.finalPath(package.mainFile) << ": registers "
                 << (package.registers ? std::to_string(*package.registers)
                                       : "?")
                 << ", vector width " << s.getVectorWidth()
                 << ", rows per block " << contract->rowsPerBlock
                 << ", threads "
                 << contract->block[0] * contract->block[1] * contract->block[2]
                 << "\n";
    return success();
  }

  MLIRContext &context;
  const Options &options;
  const EmitMainConfig &config;
  std::string testPasses;
};

std::string printed(Attribute attr) {
  std::string s;
  llvm::raw_string_ostream os(s);
  attr.print(os);
  return s;
}

/// Functions holding a rownorm op: the source form.
SmallVector<func::FuncOp> sourceKernels(ModuleOp module) {
  SmallVector<func::FuncOp> found;
  for (auto func : module.getOps<func::FuncOp>()) {
    bool hasOp = false;
    func.walk([&](rownorm::RmsNormOp) { hasOp = true; });
    if (hasOp)
      found.push_back(func);
  }
  return found;
}
} // namespace

int mlir::rmsnorm::emit::emitMain(
    int argc, char **argv, DialectRegistry &registry,
    std::vector<std::unique_ptr<EmitTarget>> targets,
    const EmitMainConfig &config) {
  llvm::InitLLVM init(argc, argv);
  // Past a file-size limit a write fails with EFBIG, reported with the
  // file's name like a full disk, instead of a signal killing the tool.
  std::signal(SIGXFSZ, SIG_IGN);
  Options options;
  // Each target's pipeline options, parsed by the pipeline's option struct.
  // cl::opt keeps references to its name and description.
  std::deque<std::string> optionText;
  std::vector<std::unique_ptr<cl::opt<std::string>>> pipelineOptions;
  for (const auto &target : targets) {
    StringRef name =
        optionText.emplace_back((target->getName() + "-pipeline").str());
    StringRef desc = optionText.emplace_back(
        ("Options of the " + target->getName() +
         " pipeline, e.g. \"chip=... rows-per-block=2\"")
            .str());
    pipelineOptions.push_back(std::make_unique<cl::opt<std::string>>(
        name, cl::desc(desc), cl::init(""), cl::cat(getEmitOptionCategory())));
  }
  std::optional<cl::opt<std::string>> testPassesOption;
  if (config.allowTestPasses)
    testPassesOption.emplace(
        "test-kernel-passes",
        cl::desc("Test only: a pass pipeline run on the kernels before they "
                 "are lowered (negative controls)"),
        cl::init(""), cl::cat(getEmitOptionCategory()));
  // LLVM's libraries register hundreds of options; they stay accepted (e.g.
  // --nvptx-short-ptr) but unlisted, so --help shows what this tool offers.
  cl::HideUnrelatedOptions(getEmitOptionCategory());
  cl::ParseCommandLineOptions(
      argc, argv,
      config.toolName + ": compile a .mlir file into kernel files (images, "
                        "JSON manifests and C headers)\n");
  auto fail = [&](const Twine &message) {
    llvm::errs() << config.toolName << ": error: " << message << "\n";
    return 1;
  };

  // Targets, in the order given.
  SmallVector<EmitTarget *> selected;
  SmallVector<StringRef> known;
  for (const auto &target : targets)
    known.push_back(target->getName());
  for (const std::string &name : options.targets) {
    auto it = llvm::find_if(
        targets, [&](const auto &t) { return t->getName() == name; });
    if (it == targets.end())
      return fail("unknown --target '" + name + "' (" +
                  llvm::join(known, ", ") + ")");
    selected.push_back(it->get());
  }
  if (selected.empty())
    for (const auto &target : targets)
      selected.push_back(target.get());
  for (auto [target, option] : llvm::zip(targets, pipelineOptions)) {
    std::string errors;
    if (failed(target->parsePipelineOptions(*option, errors))) {
      // An option's own parser (an unknown enum value) reports on stderr
      // itself and leaves `errors` empty.
      StringRef why = StringRef(errors).trim();
      return fail("invalid --" + target->getName() + "-pipeline '" + *option +
                  "'" + (why.empty() ? " (see above)" : ": " + why.str()));
    }
  }

  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  std::string error;
  auto file = openInputFile(options.input, &error);
  if (!file)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  // The schedule is in each printed line and manifest; remarks on request.
  context.getDiagEngine().registerHandler([&](Diagnostic &diag) {
    return success(diag.getSeverity() == DiagnosticSeverity::Remark &&
                   !options.remarks);
  });
  OwningOpRef<ModuleOp> source = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!source)
    return 1;

  // Converted kernels, grouped with the target that owns their gpu.module.
  struct Converted {
    gpu::GPUModuleOp module;
    gpu::GPUFuncOp kernel;
    EmitTarget *target;
    std::string chip;
  };
  SmallVector<Converted> converted;
  for (auto gpuModule : source->getOps<gpu::GPUModuleOp>()) {
    Attribute targetAttr;
    if (ArrayAttr attrs = gpuModule.getTargetsAttr(); attrs && !attrs.empty())
      targetAttr = attrs[0];
    for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
      if (!kernel->hasAttr(rownorm::RowNormDialect::getLaunchAttrName()))
        continue;
      Converted c{gpuModule, kernel, nullptr, ""};
      for (const auto &target : targets)
        if (targetAttr && target->ownsTargetAttr(targetAttr, c.chip))
          c.target = target.get();
      if (!c.target)
        return fail("kernel " + symbolText(kernel.getNameAttr()) +
                    " is in a gpu.module without a known target");
      auto description = dyn_cast<TargetDescriptionAttrInterface>(targetAttr);
      std::string why = description ? description.getUnsupportedReason()
                                    : "no rownorm target description";
      if (!why.empty())
        return fail("kernel " + symbolText(kernel.getNameAttr()) +
                    " cannot be compiled for " + printed(targetAttr) + ": " +
                    why);
      converted.push_back(c);
    }
  }
  SmallVector<func::FuncOp> functions = sourceKernels(*source);
  if (functions.empty() && converted.empty())
    return fail("no function with a rownorm op in " + options.input);
  // A target asked for by name has something to compile: the input's
  // functions (any target compiles them) or kernels converted for it.
  if (functions.empty() && !options.targets.empty())
    for (EmitTarget *target : selected)
      if (llvm::none_of(converted,
                        [&](const Converted &c) { return c.target == target; }))
        return fail("nothing to emit for --target=" + target->getName() +
                    ": the kernels of " + options.input +
                    " were converted for other targets");
  // File names follow the symbols: two that differ only in letter case
  // would overwrite each other on a case-insensitive file system.
  llvm::StringMap<std::string> byLowerCase;
  SmallVector<std::string> names;
  for (func::FuncOp func : functions)
    names.push_back(func.getName().str());
  for (Converted &c : converted)
    names.push_back(c.kernel.getName().str());
  for (const std::string &name : names) {
    auto [it, inserted] =
        byLowerCase.try_emplace(StringRef(name).lower(), name);
    if (!inserted && it->second != name)
      return fail("kernels " +
                  symbolText(StringAttr::get(&context, it->second)) + " and " +
                  symbolText(StringAttr::get(&context, name)) +
                  " differ only in letter case: their files would collide");
  }

  Driver driver(context, options, config,
                testPassesOption ? StringRef(testPassesOption->getValue())
                                 : StringRef());
  for (const auto &entry : byLowerCase)
    driver.sourceNames.insert(entry.getKey());
  if (std::error_code ec = llvm::sys::fs::create_directories(options.outputDir))
    return fail("cannot create " + options.outputDir + ": " + ec.message());
  for (EmitTarget *target : selected) {
    for (func::FuncOp func : functions)
      if (failed(driver.emitSource(*source, func, *target)))
        return 1;
    for (Converted &c : converted)
      if (c.target == target &&
          failed(driver.emitConverted(*source, c.module, c.kernel, *target,
                                      c.chip)))
        return 1;
  }
  return 0;
}

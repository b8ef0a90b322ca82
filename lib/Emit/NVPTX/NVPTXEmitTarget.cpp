//===- NVPTXEmitTarget.cpp - PTX and cubin files --------------------------===//

#include "rmsnorm/Emit/NVPTX/NVPTXEmitTarget.h"
#include "rmsnorm/Target/NVPTX/NVPTXTarget.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

using namespace mlir;
using namespace mlir::rmsnorm;
using namespace mlir::rmsnorm::emit;
namespace cl = llvm::cl;

namespace {
class NVPTXEmitTarget final : public EmitTarget {
public:
  StringRef getName() const override { return "nvptx"; }

  LogicalResult parsePipelineOptions(StringRef text,
                                     std::string &error) override {
    llvm::raw_string_ostream os(error);
    return options.parseFromString(text, os);
  }
  std::string getChip() const override { return options.chip; }
  bool ownsTargetAttr(Attribute target, std::string &chip) const override {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
    if (nvvm)
      chip = nvvm.getChip().str();
    return static_cast<bool>(nvvm);
  }
  void buildKernelsPipeline(OpPassManager &pm) const override {
    buildToPTXKernelsPipeline(pm, options);
  }
  void buildLoweringPipeline(OpPassManager &pm, StringRef) const override {
    buildPTXLoweringPipeline(pm);
  }

  llvm::Error package(const PackageRequest &request, StagedFiles &files,
                      KernelPackage &out) const override {
    if (request.launchOverlap && !waitsBeforeGlobalAccess(request.assembly))
      return llvm::createStringError(
          "the launch contract of " + request.what +
          " has launch_overlap, but its PTX does not wait "
          "(griddepcontrol.wait) before its first memory access or branch: "
          "a launch overlapping the previous kernel could read its inputs "
          "before they are written");
    std::string ptxName = (request.stem + ".ptx").str();
    if (llvm::Error e = files.write(ptxName, request.assembly))
      return e;
    out.files.push_back({"ptx", ptxName});
    out.image = request.assembly.str();
    out.imageKind = "PTX";
    out.mainFile = ptxName;
    std::string ptxas = findPtxas();
    if (ptxas.empty()) {
      out.resources["reported_by"] = "none (ptxas not found)";
      return llvm::Error::success();
    }
    std::string cubinName = (request.stem + ".cubin").str();
    llvm::Expected<std::string> cubinPath = files.reserve(cubinName);
    if (!cubinPath)
      return cubinPath.takeError();
    llvm::Expected<std::string> ptxPath = files.stagedPath(ptxName);
    if (!ptxPath)
      return ptxPath.takeError();
    std::string arch = "-arch=" + request.chip.str();
    ToolRun run = runTool(ptxas, {arch, "-v", *ptxPath, "-o", *cubinPath},
                          request.toolTimeoutSeconds);
    if (llvm::Error e =
            checkToolRun(run, ptxas, request.what, request.toolTimeoutSeconds))
      return e;
    llvm::Expected<std::string> cubin = files.read(cubinName);
    if (!cubin)
      return cubin.takeError();
    out.files.push_back({"cubin", cubinName});
    out.image = std::move(*cubin);
    out.imageKind = "cubin";
    out.mainFile = cubinName;
    out.registers = scanReport(run.output, "Used ([0-9]+) registers");
    out.resources["registers"] =
        out.registers ? llvm::json::Value(*out.registers) : nullptr;
    out.resources["spill_store_bytes"] =
        scanReport(run.output, "([0-9]+) bytes spill stores").value_or(-1);
    out.resources["spill_load_bytes"] =
        scanReport(run.output, "([0-9]+) bytes spill loads").value_or(-1);
    out.resources["stack_frame_bytes"] =
        scanReport(run.output, "([0-9]+) bytes stack frame").value_or(-1);
    out.resources["reported_by"] = "ptxas -v";
    return llvm::Error::success();
  }

private:
  /// Whether `ptx` (one kernel) waits for the grids it depends on on every
  /// path before touching memory: between the kernel body's opening brace
  /// and griddepcontrol.wait only declarations, parameter loads and
  /// arithmetic, with no label or branch (straight-line code, so the wait
  /// dominates the rest).
  static bool waitsBeforeGlobalAccess(StringRef ptx) {
    size_t entry = ptx.find(".entry");
    size_t body = entry == StringRef::npos ? entry : ptx.find('{', entry);
    if (body == StringRef::npos)
      return false;
    SmallVector<StringRef> lines;
    ptx.drop_front(body + 1).split(lines, '\n');
    for (StringRef line : lines) {
      line = line.trim();
      if (line.starts_with("griddepcontrol.wait"))
        return true;
      if (line.empty() || line.starts_with("//") || line.starts_with("."))
        continue;
      if (line.ends_with(":") || line.starts_with("{") || line.starts_with("}"))
        return false;            // a label or a nested scope: not straight-line
      if (line.starts_with("@")) // a predicated instruction
        line = line.drop_until([](char c) { return c == ' ' || c == '\t'; })
                   .trim();
      StringRef op =
          line.take_until([](char c) { return c == ' ' || c == '\t'; });
      if (op.starts_with("ld.param"))
        continue;
      for (StringRef memoryOrControl :
           {"ld", "st", "atom", "red", "prefetch", "cp.", "multimem", "tex",
            "tld4", "sul", "sus", "mbarrier", "bra", "brx", "call", "ret",
            "exit", "trap"})
        if (op.starts_with(memoryOrControl))
          return false;
    }
    return false;
  }

  std::string findPtxas() const {
    if (ptxasOption == "none")
      return "";
    if (!ptxasOption.empty()) {
      // A bare name is looked up on PATH, as a shell would.
      if (ptxasOption.find('/') == std::string::npos)
        if (auto found = llvm::sys::findProgramByName(ptxasOption))
          return *found;
      return ptxasOption;
    }
    if (auto found = llvm::sys::findProgramByName("ptxas"))
      return *found;
    if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
      return "/usr/local/cuda/bin/ptxas";
    return "";
  }
  ToPTXPipelineOptions options;
  cl::opt<std::string> ptxasOption{
      "ptxas",
      cl::desc("ptxas to assemble a cubin with (default: PATH, then "
               "/usr/local/cuda/bin; 'none' to skip)"),
      cl::init(""), cl::cat(getEmitOptionCategory())};
};
} // namespace

std::unique_ptr<EmitTarget> mlir::rmsnorm::emit::createNVPTXEmitTarget() {
  return std::make_unique<NVPTXEmitTarget>();
}

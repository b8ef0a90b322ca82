//===- AMDGPUEmitTarget.cpp - AMDGCN assembly and hsaco files -------------===//

#include "rmsnorm/Emit/AMDGPU/AMDGPUEmitTarget.h"
#include "rmsnorm/Target/AMDGPU/AMDGPUTarget.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::rmsnorm;
using namespace mlir::rmsnorm::emit;
namespace cl = llvm::cl;

namespace {
class AMDGPUEmitTarget final : public EmitTarget {
public:
  StringRef getName() const override { return "amdgpu"; }

  LogicalResult parsePipelineOptions(StringRef text,
                                     std::string &error) override {
    llvm::raw_string_ostream os(error);
    return options.parseFromString(text, os);
  }
  std::string getChip() const override { return options.chip; }
  bool ownsTargetAttr(Attribute target, std::string &chip) const override {
    auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target);
    if (rocdl)
      chip = rocdl.getChip().str();
    return static_cast<bool>(rocdl);
  }
  void buildKernelsPipeline(OpPassManager &pm) const override {
    buildToAMDGCNKernelsPipeline(pm, options);
  }
  void buildLoweringPipeline(OpPassManager &pm, StringRef chip) const override {
    buildAMDGCNLoweringPipeline(pm, chip);
  }

  llvm::Error package(const PackageRequest &request, StagedFiles &files,
                      KernelPackage &out) const override {
    if (request.launchOverlap)
      return llvm::createStringError(
          "the launch contract of " + request.what +
          " has launch_overlap, which AMDGPU kernels cannot have (HIP has no "
          "overlapped launch): the manifest would be refused by every loader");
    std::string asmName = (request.stem + ".s").str();
    std::string objName = (request.stem + ".o").str();
    std::string hsacoName = (request.stem + ".hsaco").str();
    if (llvm::Error e = files.write(asmName, request.assembly))
      return e;
    llvm::Expected<std::string> asmPath = files.stagedPath(asmName);
    if (!asmPath)
      return asmPath.takeError();
    // The object is an intermediate: staged in a set of its own that is
    // never committed, so it is removed whatever happens.
    StagedFiles scratch(llvm::sys::path::parent_path(*asmPath));
    llvm::Expected<std::string> objPath = scratch.reserve(objName);
    if (!objPath)
      return objPath.takeError();
    llvm::Expected<std::string> hsacoPath = files.reserve(hsacoName);
    if (!hsacoPath)
      return hsacoPath.takeError();

    std::string mc = tool("llvm-mc"), lld = tool("ld.lld"),
                readelf = tool("llvm-readelf");
    std::string mcpu = "-mcpu=" + request.chip.str();
    unsigned timeout = request.toolTimeoutSeconds;
    ToolRun run = runTool(mc,
                          {"-triple=amdgcn-amd-amdhsa", mcpu, "-filetype=obj",
                           *asmPath, "-o", *objPath},
                          timeout);
    if (llvm::Error e = checkToolRun(run, mc, request.what, timeout))
      return e;
    run = runTool(lld, {"-shared", *objPath, "-o", *hsacoPath}, timeout);
    if (llvm::Error e = checkToolRun(run, lld, request.what, timeout))
      return e;
    ToolRun notes = runTool(readelf, {"--notes", *hsacoPath}, timeout);
    if (llvm::Error e = checkToolRun(notes, readelf, request.what, timeout))
      return e;
    llvm::Expected<std::string> hsaco = files.read(hsacoName);
    if (!hsaco)
      return hsaco.takeError();

    out.files = {{"assembly", asmName}, {"hsaco", hsacoName}};
    out.image = std::move(*hsaco);
    out.imageKind = "hsaco";
    out.mainFile = hsacoName;
    StringRef text = notes.output;
    out.registers = scanReport(text, "\\.vgpr_count: +([0-9]+)");
    out.resources["vgpr_count"] = out.registers.value_or(-1);
    out.resources["sgpr_count"] =
        scanReport(text, "\\.sgpr_count: +([0-9]+)").value_or(-1);
    out.resources["lds_bytes"] =
        scanReport(text, "\\.group_segment_fixed_size: +([0-9]+)").value_or(-1);
    out.resources["scratch_bytes"] =
        scanReport(text, "\\.private_segment_fixed_size: +([0-9]+)")
            .value_or(-1);
    out.resources["wavefront_size"] =
        scanReport(text, "\\.wavefront_size: +([0-9]+)").value_or(-1);
    out.resources["reported_by"] = "llvm-readelf --notes";
    return llvm::Error::success();
  }

private:
  std::string tool(StringRef name) const {
    llvm::SmallString<128> path(llvmTools);
    llvm::sys::path::append(path, name);
    return std::string(path);
  }

  ToAMDGCNPipelineOptions options;
  cl::opt<std::string> llvmTools{
      "llvm-tools", cl::desc("Directory of llvm-mc, ld.lld and llvm-readelf"),
      cl::init(RMSNORM_LLVM_TOOLS_DIR), cl::cat(getEmitOptionCategory())};
};
} // namespace

std::unique_ptr<EmitTarget> mlir::rmsnorm::emit::createAMDGPUEmitTarget() {
  return std::make_unique<AMDGPUEmitTarget>();
}

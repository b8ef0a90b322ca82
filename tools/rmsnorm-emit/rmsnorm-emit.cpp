//===- rmsnorm-emit.cpp - .mlir to kernel files other projects embed ------===//
//
// One command from a .mlir file to, per kernel function and target: the PTX
// (plus a cubin when ptxas is found) or the AMDGCN assembly and a linked
// .hsaco, a JSON manifest that says how to launch it, and a C header that
// embeds the image with the launch constants. Runs the same pipelines as
// `rmsnorm-opt --rownorm-to-ptx-pipeline` / `--rownorm-to-amdgcn-pipeline`.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::rmsnorm;
namespace cl = llvm::cl;
namespace json = llvm::json;

namespace {
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .mlir>"),
                               cl::Required);
cl::opt<std::string> outputDir("o", cl::desc("Output directory"),
                               cl::value_desc("dir"), cl::init("."));
cl::list<std::string> targets("target",
                              cl::desc("nvptx, amdgpu (repeatable; default "
                                       "both)"),
                              cl::CommaSeparated);
cl::opt<std::string> nvptxChip("nvptx-chip", cl::desc("NVPTX chip"),
                               cl::init("sm_90"));
cl::opt<std::string> amdgpuChip("amdgpu-chip", cl::desc("AMDGPU chip"),
                                cl::init("gfx942"));
cl::opt<std::string>
    ptxasPath("ptxas",
              cl::desc("ptxas to assemble a cubin with (default: PATH, then "
                       "/usr/local/cuda/bin; 'none' to skip)"),
              cl::init(""));
cl::opt<std::string>
    llvmToolsDir("llvm-tools",
                 cl::desc("Directory of llvm-mc, ld.lld and llvm-readelf"),
                 cl::init(RMSNORM_LLVM_TOOLS_DIR));
cl::opt<int64_t> rowsPerBlock("rows-per-block",
                              cl::desc("Schedule override (0: cost model)"),
                              cl::init(0));
cl::opt<int64_t> threadsPerRow("threads-per-row",
                               cl::desc("Schedule override (0: cost model)"),
                               cl::init(0));
cl::opt<int64_t> vectorWidth("vector-width",
                             cl::desc("Schedule override (0: cost model)"),
                             cl::init(0));
cl::opt<bool> showRemarks("remarks",
                          cl::desc("Print the tiling remarks (schedules)"),
                          cl::init(false));
cl::opt<std::string> testBreak(
    "test-break",
    cl::desc("Test only: emit a deliberately broken kernel "
             "(no-mask | f16-accumulate | skip-last-row) for negative "
             "controls"),
    cl::init(""), cl::Hidden);

constexpr int kManifestVersion = 1;

int fail(const Twine &message) {
  llvm::errs() << "rmsnorm-emit: error: " << message << "\n";
  return 1;
}

/// What the source says about one kernel function.
struct KernelSource {
  std::string name;
  std::string dtype, weightDtype;
  int64_t rowLength = 0;
  double epsilon = 0;
  SmallVector<std::string> argNames; // "x", "w", "y" by operand role
};

std::string typeName(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

std::optional<KernelSource> describe(func::FuncOp func) {
  rownorm::RmsNormOp op;
  func.walk([&](rownorm::RmsNormOp found) { op = found; });
  if (!op)
    return std::nullopt;
  KernelSource source;
  source.name = func.getName().str();
  source.dtype = typeName(op.getElementType());
  source.weightDtype =
      typeName(cast<MemRefType>(op.getWeight().getType()).getElementType());
  source.rowLength = op.getRowLength();
  source.epsilon = op.getEpsilon().convertToDouble();
  for (BlockArgument arg : func.getArguments()) {
    std::string role = "arg" + std::to_string(arg.getArgNumber());
    if (arg == op.getInput() && arg == op.getOutput())
      role = "xy";
    else if (arg == op.getInput())
      role = "x";
    else if (arg == op.getWeight())
      role = "w";
    else if (arg == op.getOutput())
      role = "y";
    source.argNames.push_back(role);
  }
  return source;
}

/// Runs `program` with `args`; returns its exit code and what it printed.
std::pair<int, std::string> run(StringRef program, ArrayRef<StringRef> args) {
  SmallString<128> log;
  llvm::sys::fs::createTemporaryFile("rmsnorm-emit", "log", log);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  SmallVector<StringRef> argv{program};
  argv.append(args.begin(), args.end());
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, redirects, 0,
                                     0, &error);
  std::string output;
  if (auto buffer = llvm::MemoryBuffer::getFile(log))
    output = (*buffer)->getBuffer().str();
  llvm::sys::fs::remove(log);
  if (rc < 0)
    output += error;
  return {rc, output};
}

bool writeFile(StringRef path, StringRef contents, std::string &error) {
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    return false;
  file->os() << contents;
  file->keep();
  return true;
}

std::string findPtxas() {
  if (ptxasPath == "none")
    return "";
  if (!ptxasPath.empty()) {
    // A bare name is looked up on PATH, as a shell would.
    if (ptxasPath.find('/') == std::string::npos)
      if (auto found = llvm::sys::findProgramByName(ptxasPath))
        return *found;
    return ptxasPath;
  }
  if (auto found = llvm::sys::findProgramByName("ptxas"))
    return *found;
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return "/usr/local/cuda/bin/ptxas";
  return "";
}

/// First integer captured by `pattern` in `text`.
std::optional<int64_t> scan(StringRef text, StringRef pattern) {
  SmallVector<StringRef> groups;
  if (!llvm::Regex(pattern).match(text, &groups) || groups.size() < 2)
    return std::nullopt;
  int64_t value;
  if (groups[1].getAsInteger(10, value))
    return std::nullopt;
  return value;
}

std::string cIdentifier(StringRef name) {
  std::string out;
  for (char c : name)
    out += llvm::isAlnum(c) ? c : '_';
  return out;
}

std::string cHeader(StringRef stem, StringRef symbol, StringRef imageKind,
                    StringRef image, const json::Object &manifest,
                    ArrayRef<int64_t> block, int64_t rowsPerBlock,
                    int64_t rowLength, int64_t sharedBytes) {
  std::string id = cIdentifier(stem);
  std::string upper = StringRef(id).upper();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "/* Generated by rmsnorm-emit; do not edit. Manifest schema "
     << kManifestVersion << ". */\n";
  os << "#ifndef RMSNORM_KERNEL_" << upper << "_H\n#define RMSNORM_KERNEL_"
     << upper << "_H\n\n#include <stddef.h>\n\n";
  os << "/* " << imageKind << " image of kernel " << symbol << ". */\n";
  os << "static const unsigned char " << id << "_image[] = {";
  for (size_t i = 0; i < image.size(); ++i) {
    if (i % 16 == 0)
      os << "\n ";
    os << " 0x" << llvm::format_hex_no_prefix((uint8_t)image[i], 2) << ",";
  }
  os << "\n  0x00 /* terminator: PTX text is loaded as a C string */\n};\n";
  os << "static const size_t " << id << "_image_size = " << image.size()
     << ";\n";
  os << "static const char " << id << "_symbol[] = \"" << symbol << "\";\n";
  os << "enum {\n  " << upper << "_BLOCK_X = " << block[0] << ",\n  " << upper
     << "_BLOCK_Y = " << block[1] << ",\n  " << upper
     << "_BLOCK_Z = " << block[2] << ",\n  " << upper
     << "_ROWS_PER_BLOCK = " << rowsPerBlock << ",\n  " << upper
     << "_N = " << rowLength << ",\n  " << upper
     << "_DYNAMIC_SHARED_BYTES = 0,\n  " << upper
     << "_STATIC_SHARED_BYTES = " << sharedBytes << ",\n  " << upper
     << "_POINTER_ALIGNMENT = 16\n};\n";
  os << "/* Grid: ((rows + " << rowsPerBlock - 1 << ") / " << rowsPerBlock
     << ", 1, 1). Parameters, in order: ";
  bool first = true;
  for (const json::Value &param : *manifest.getArray("params")) {
    const json::Object *p = param.getAsObject();
    os << (first ? "" : ", ") << *p->getString("type") << " "
       << *p->getString("name");
    first = false;
  }
  os << ". */\n\n#endif\n";
  return s;
}

struct Emitter {
  MLIRContext &context;
  std::string ptxas;

  int emit(ModuleOp source, func::FuncOp func, const KernelSource &info,
           StringRef target) {
    bool nvptx = target == "nvptx";
    StringRef chip = nvptx ? StringRef(nvptxChip) : StringRef(amdgpuChip);

    // A module holding just this kernel: one binary per kernel.
    OwningOpRef<ModuleOp> module = ModuleOp::create(source.getLoc());
    for (NamedAttribute attr : source->getAttrs())
      (*module)->setAttr(attr.getName(), attr.getValue());
    OpBuilder builder = OpBuilder::atBlockEnd(module->getBody());
    builder.clone(*func.getOperation());

    // Stage 1: attach, optimize, convert to gpu.func (launch contract).
    PassManager kernels(&context);
    if (nvptx) {
      ToPTXPipelineOptions options;
      options.chip = chip.str();
      options.rowsPerBlock = rowsPerBlock;
      options.threadsPerRow = threadsPerRow;
      options.vectorWidth = vectorWidth;
      buildToPTXKernelsPipeline(kernels, options);
    } else {
      ToAMDGCNPipelineOptions options;
      options.chip = chip.str();
      options.rowsPerBlock = rowsPerBlock;
      options.threadsPerRow = threadsPerRow;
      options.vectorWidth = vectorWidth;
      buildToAMDGCNKernelsPipeline(kernels, options);
    }
    // Read the schedule between tiling and expansion.
    rownorm::ScheduleAttr schedule;
    kernels.addInstrumentation(std::make_unique<ScheduleRecorder>(schedule));
    if (failed(kernels.run(*module)))
      return fail("compiling @" + info.name + " for " + chip + " failed");
    if (!testBreak.empty() && failed(breakOnPurpose(*module)))
      return 1;

    gpu::GPUFuncOp kernel;
    module->walk([&](gpu::GPUFuncOp f) { kernel = f; });
    if (!kernel)
      return fail("no kernel was produced for @" + info.name);
    auto launch = kernel->getAttrOfType<DictionaryAttr>(
        rownorm::RowNormDialect::getLaunchAttrName());
    SmallVector<int64_t> block(
        cast<DenseI64ArrayAttr>(launch.get("block")).asArrayRef());
    int64_t rowsPerBlockValue =
        cast<IntegerAttr>(launch.get("rows_per_block")).getInt();
    int64_t sharedBytes =
        cast<IntegerAttr>(launch.get("static_shared_bytes")).getInt();

    json::Array params;
    for (auto [index, name] :
         llvm::enumerate(cast<ArrayAttr>(launch.get("params"))
                             .getAsValueRange<StringAttr>())) {
      std::string param = name.str();
      json::Object entry;
      Type type = kernel.getArgumentTypes()[index];
      if (auto memref = dyn_cast<MemRefType>(type)) {
        std::string role = info.argNames[index];
        entry["name"] = role;
        entry["kind"] = "pointer";
        entry["type"] = typeName(memref.getElementType()) + "*";
        entry["access"] = role == "y"    ? "write"
                          : role == "xy" ? "read-write"
                                         : "read";
      } else {
        // "rows" or "arg<i>_stride<d>": name strides after the argument.
        std::string scalarName = param;
        if (StringRef(param).starts_with("arg")) {
          unsigned arg = 0;
          StringRef(param).drop_front(3).consumeInteger(10, arg);
          scalarName = info.argNames[arg] + "_row_stride";
          entry["unit"] = "elements";
        }
        entry["name"] = scalarName;
        entry["kind"] = "scalar";
        entry["type"] = "i64";
      }
      params.push_back(std::move(entry));
    }

    // Stage 2 replaces the kernel: keep what is still needed of it.
    std::string symbol = kernel.getName().str();
    kernel = nullptr;

    // Stage 2: lower and serialize.
    PassManager lowering(&context);
    if (nvptx)
      buildPTXLoweringPipeline(lowering);
    else
      buildAMDGCNLoweringPipeline(lowering, chip);
    if (failed(lowering.run(*module)))
      return fail("lowering @" + info.name + " for " + chip + " failed");
    std::string assembly;
    module->walk([&](gpu::BinaryOp binary) {
      for (Attribute object : binary.getObjects())
        assembly = cast<gpu::ObjectAttr>(object).getObject().str();
    });
    if (assembly.empty())
      return fail("no " + Twine(nvptx ? "PTX" : "AMDGCN") +
                  " was produced for @" + info.name);

    std::string stem = info.name + "." + chip.str();
    SmallString<256> base(outputDir);
    llvm::sys::path::append(base, stem);
    std::string error;
    json::Object files, resources;
    std::string image, imageKind;
    std::optional<int64_t> registers;
    if (nvptx) {
      std::string ptxPath = (base + ".ptx").str();
      if (!writeFile(ptxPath, assembly, error))
        return fail(error);
      files["ptx"] = stem + ".ptx";
      image = assembly;
      imageKind = "PTX";
      if (!ptxas.empty()) {
        std::string cubinPath = (base + ".cubin").str();
        std::string arch = "-arch=" + chip.str();
        auto [rc, log] = run(ptxas, {arch, "-v", ptxPath, "-o", cubinPath});
        if (rc != 0)
          return fail("ptxas failed on " + ptxPath + ":\n" + log);
        files["cubin"] = stem + ".cubin";
        registers = scan(log, "Used ([0-9]+) registers");
        resources["registers"] = registers ? json::Value(*registers) : nullptr;
        resources["spill_store_bytes"] =
            scan(log, "([0-9]+) bytes spill stores").value_or(-1);
        resources["spill_load_bytes"] =
            scan(log, "([0-9]+) bytes spill loads").value_or(-1);
        resources["stack_frame_bytes"] =
            scan(log, "([0-9]+) bytes stack frame").value_or(-1);
        resources["reported_by"] = "ptxas -v";
        auto cubin = llvm::MemoryBuffer::getFile(cubinPath);
        if (!cubin)
          return fail("cannot read " + cubinPath);
        image = (*cubin)->getBuffer().str();
        imageKind = "cubin";
      } else {
        resources["reported_by"] = "none (ptxas not found)";
      }
    } else {
      std::string asmPath = (base + ".s").str();
      std::string objPath = (base + ".o").str();
      std::string hsacoPath = (base + ".hsaco").str();
      if (!writeFile(asmPath, assembly, error))
        return fail(error);
      SmallString<128> mc(llvmToolsDir), lld(llvmToolsDir),
          readelf(llvmToolsDir);
      llvm::sys::path::append(mc, "llvm-mc");
      llvm::sys::path::append(lld, "ld.lld");
      llvm::sys::path::append(readelf, "llvm-readelf");
      std::string mcpu = "-mcpu=" + chip.str();
      auto [mcRc, mcLog] = run(mc, {"-triple=amdgcn-amd-amdhsa", mcpu,
                                    "-filetype=obj", asmPath, "-o", objPath});
      if (mcRc != 0)
        return fail("llvm-mc failed on " + asmPath + ":\n" + mcLog);
      auto [lldRc, lldLog] = run(lld, {"-shared", objPath, "-o", hsacoPath});
      llvm::sys::fs::remove(objPath);
      if (lldRc != 0)
        return fail("ld.lld failed on " + objPath + ":\n" + lldLog);
      auto [reRc, notes] = run(readelf, {"--notes", hsacoPath});
      if (reRc != 0)
        return fail("llvm-readelf failed on " + hsacoPath + ":\n" + notes);
      files["assembly"] = stem + ".s";
      files["hsaco"] = stem + ".hsaco";
      registers = scan(notes, "\\.vgpr_count: +([0-9]+)");
      resources["vgpr_count"] = registers.value_or(-1);
      resources["sgpr_count"] =
          scan(notes, "\\.sgpr_count: +([0-9]+)").value_or(-1);
      resources["lds_bytes"] =
          scan(notes, "\\.group_segment_fixed_size: +([0-9]+)").value_or(-1);
      resources["scratch_bytes"] =
          scan(notes, "\\.private_segment_fixed_size: +([0-9]+)").value_or(-1);
      resources["wavefront_size"] =
          scan(notes, "\\.wavefront_size: +([0-9]+)").value_or(-1);
      resources["reported_by"] = "llvm-readelf --notes";
      auto hsaco = llvm::MemoryBuffer::getFile(hsacoPath);
      if (!hsaco)
        return fail("cannot read " + hsacoPath);
      image = (*hsaco)->getBuffer().str();
      imageKind = "hsaco";
    }

    json::Object manifest{
        {"schema", "rmsnorm-kernel-manifest"},
        {"schema_version", kManifestVersion},
        {"kernel", info.name},
        {"symbol", symbol},
        {"op", "rms_norm"},
        {"target", target.str()},
        {"chip", chip.str()},
        {"dtype", info.dtype},
        {"weight_dtype", info.weightDtype},
        {"n", info.rowLength},
        {"epsilon", info.epsilon},
        {"files", std::move(files)},
        {"params", std::move(params)},
        {"block", json::Array{block[0], block[1], block[2]}},
        {"grid",
         json::Object{
             {"x", "ceil(rows / " + std::to_string(rowsPerBlockValue) + ")"},
             {"y", 1},
             {"z", 1}}},
        {"rows_per_block", rowsPerBlockValue},
        {"dynamic_shared_bytes", 0},
        {"static_shared_bytes", sharedBytes},
        {"cluster", nullptr},
        {"alignment",
         json::Object{{"base_pointer_bytes", 16},
                      {"row_stride", "any value >= n (elements)"},
                      {"fast_path",
                       "every row stride * sizeof(dtype) is a multiple "
                       "of 16 bytes"}}},
        {"resources", std::move(resources)},
    };
    if (schedule)
      manifest["schedule"] =
          json::Object{{"rows_per_block", schedule.getRowsPerBlock()},
                       {"threads_per_row", schedule.getThreadsPerRow()},
                       {"vector_width", schedule.getVectorWidth()},
                       {"vectors_per_thread", schedule.getVectorsPerThread()}};
    if (!testBreak.empty())
      manifest["test_break"] = testBreak.getValue();

    std::string header =
        cHeader(stem, symbol, imageKind, image, manifest, block,
                rowsPerBlockValue, info.rowLength, sharedBytes);
    std::string manifestText;
    llvm::raw_string_ostream(manifestText)
        << llvm::formatv("{0:2}", json::Value(json::Object(manifest)));
    if (!writeFile((base + ".json").str(), manifestText + "\n", error) ||
        !writeFile((base + ".h").str(), header, error))
      return fail(error);

    llvm::outs() << base
                 << (nvptx ? (ptxas.empty() ? ".ptx" : ".cubin") : ".hsaco")
                 << ": registers "
                 << (registers ? std::to_string(*registers) : "?")
                 << ", vector width "
                 << (schedule ? schedule.getVectorWidth() : 0)
                 << ", rows per block " << rowsPerBlockValue << ", threads "
                 << block[0] * block[1] * block[2] << "\n";
    return 0;
  }

  /// Negative controls of the GPU harness: each mutation breaks one thing
  /// the optimization passes guarantee, so the harness must catch it.
  LogicalResult breakOnPurpose(ModuleOp module) {
    if (testBreak == "skip-last-row") {
      // Rows per block stays, but the grid covers one row less: the kernel
      // treats rows - 1 as the row count.
      bool done = false;
      module.walk([&](gpu::GPUFuncOp kernel) {
        for (BlockArgument arg : kernel.getArguments())
          if (arg.getType().isInteger(64) && !done) {
            OpBuilder b = OpBuilder::atBlockBegin(&kernel.front());
            Value one = arith::ConstantIntOp::create(b, kernel.getLoc(), 1, 64);
            Value fewer = arith::SubIOp::create(b, kernel.getLoc(), arg, one);
            arg.replaceAllUsesExcept(fewer, fewer.getDefiningOp());
            done = true;
          }
      });
      return success(done);
    }
    if (testBreak == "no-mask") {
      // Every masked access becomes a full-width access.
      module.walk([&](vector::MaskedLoadOp op) {
        OpBuilder b(op);
        auto load = vector::LoadOp::create(b, op.getLoc(), op.getVectorType(),
                                           op.getBase(), op.getIndices());
        op.replaceAllUsesWith(load.getResult());
        op.erase();
      });
      module.walk([&](vector::MaskedStoreOp op) {
        OpBuilder b(op);
        vector::StoreOp::create(b, op.getLoc(), op.getValueToStore(),
                                op.getBase(), op.getIndices());
        op.erase();
      });
      return success();
    }
    if (testBreak == "f16-accumulate") {
      // Round the per-thread partial sums to f16 before the cross-thread
      // reduction, as an f16 accumulator would.
      module.walk([&](vector::ReductionOp op) {
        OpBuilder b(op);
        b.setInsertionPointAfter(op);
        Location loc = op.getLoc();
        auto narrow =
            arith::TruncFOp::create(b, loc, b.getF16Type(), op.getResult());
        auto wide =
            arith::ExtFOp::create(b, loc, op.getType(), narrow.getResult());
        op.getResult().replaceAllUsesExcept(wide, narrow);
      });
      return success();
    }
    llvm::errs() << "rmsnorm-emit: error: unknown --test-break '" << testBreak
                 << "' (no-mask, f16-accumulate, skip-last-row)\n";
    return failure();
  }

  /// Keeps the schedule that rownorm-tile-rows chose.
  struct ScheduleRecorder : public PassInstrumentation {
    explicit ScheduleRecorder(rownorm::ScheduleAttr &schedule)
        : schedule(schedule) {}
    void runAfterPass(Pass *pass, Operation *op) override {
      if (pass->getArgument() != "rownorm-tile-rows")
        return;
      op->walk(
          [&](rownorm::RmsNormOp rms) { schedule = rms.getScheduleAttr(); });
    }
    rownorm::ScheduleAttr &schedule;
  };
};
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAllPasses();
  cl::ParseCommandLineOptions(
      argc, argv,
      "rmsnorm-emit: compile a .mlir file into kernel files (PTX/cubin, "
      "AMDGCN/hsaco), JSON manifests and C headers\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  llvm::SourceMgr sourceMgr;
  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  // The schedule is in each printed line and manifest; remarks on request.
  context.getDiagEngine().registerHandler([](Diagnostic &diag) {
    return success(diag.getSeverity() == DiagnosticSeverity::Remark &&
                   !showRemarks);
  });
  OwningOpRef<ModuleOp> source = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!source)
    return 1;

  SmallVector<std::string> wanted(targets.begin(), targets.end());
  if (wanted.empty())
    wanted = {"nvptx", "amdgpu"};
  for (const std::string &target : wanted)
    if (target != "nvptx" && target != "amdgpu")
      return fail("unknown --target '" + target + "' (nvptx, amdgpu)");
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
    return fail("cannot create " + outputDir + ": " + ec.message());

  Emitter emitter{context, findPtxas()};
  int kernels = 0;
  for (auto func : source->getOps<func::FuncOp>()) {
    std::optional<KernelSource> info = describe(func);
    if (!info)
      continue;
    ++kernels;
    for (const std::string &target : wanted)
      if (int rc = emitter.emit(*source, func, *info, target))
        return rc;
  }
  if (kernels == 0)
    return fail("no function with a rownorm op in " + inputFile);
  return 0;
}

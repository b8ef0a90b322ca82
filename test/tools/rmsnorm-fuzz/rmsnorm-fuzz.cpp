//===- rmsnorm-fuzz.cpp - structure-aware fuzzer of the whole compiler ----===//
//
// libFuzzer drives a generator of mostly valid rownorm modules: element and
// weight types, N from 1 past the limit, static and dynamic M and strides,
// offsets, memory spaces, epsilons (built in, odd values, run time),
// hand-written schedules with absurd values, several ops and functions,
// odd names and nesting, target attributes and pipeline options. Each module
// is parsed, verified and compiled in process through the optimize pipeline
// and both target pipelines down to PTX / AMDGCN text. Any crash, sanitizer
// report, hang or leak is a finding; errors are fine (they are the point).
//
// Built only in the sanitizer build (tools/sanitize.sh): clang with
// -fsanitize=fuzzer,address,undefined over the project's own code. Debian's
// LLVM/MLIR libraries are not instrumented.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;

namespace {
/// What the inputs reached, printed at exit (the run's record).
struct Counters {
  std::atomic<uint64_t> inputs{0}, parsed{0}, verified{0}, ptx{0}, amdgcn{0},
      optimized{0};
  ~Counters() {
    std::fprintf(stderr,
                 "rmsnorm-fuzz: %llu inputs, %llu parsed, %llu verified, "
                 "%llu optimized, %llu produced PTX, %llu produced AMDGCN\n",
                 (unsigned long long)inputs, (unsigned long long)parsed,
                 (unsigned long long)verified, (unsigned long long)optimized,
                 (unsigned long long)ptx, (unsigned long long)amdgcn);
  }
} counters;

const char *pick(FuzzedDataProvider &p, std::initializer_list<const char *> xs) {
  size_t i = p.ConsumeIntegralInRange<size_t>(0, xs.size() - 1);
  return *(xs.begin() + i);
}

/// A 64-bit value, mostly a small power of two, sometimes a power of two
/// up to 2^62, any 64-bit value or 0.
int64_t scheduleValue(FuzzedDataProvider &p) {
  switch (p.ConsumeIntegralInRange(0, 7)) {
  case 5:
    return int64_t{1} << p.ConsumeIntegralInRange(0, 62);
  case 6:
    return p.ConsumeIntegral<int64_t>();
  case 7:
    return 0;
  default:
    return int64_t{1} << p.ConsumeIntegralInRange(0, 6);
  }
}

int64_t rowLength(FuzzedDataProvider &p) {
  switch (p.ConsumeIntegralInRange(0, 5)) {
  case 0:
    return p.ConsumeIntegralInRange<int64_t>(1, 40);
  case 1:
    return int64_t{1} << p.ConsumeIntegralInRange(0, 17); // 1 .. 131072
  case 2:
    return p.ConsumeIntegralInRange<int64_t>(1, 70000);
  case 3:
    return 8 * p.ConsumeIntegralInRange<int64_t>(1, 2000);
  default:
    return p.ConsumeIntegralInRange<int64_t>(100, 12000);
  }
}

std::string epsilonText(FuzzedDataProvider &p) {
  if (p.ConsumeIntegralInRange(0, 19) != 19)
    return pick(p, {"1.0e-05", "1.0e-06", "0.25", "1.0e-45", "3.0e+38", "1.0"});
  // Invalid: zero, negative, infinite, NaN.
  return pick(p, {"0.0", "-1.0", "0x7F800000", "0x7FC00000"});
}

/// One function holding (mostly) one rownorm op.
std::string function(FuzzedDataProvider &p, int index) {
  std::string t = pick(p, {"f32", "f16", "bf16", "bf16", "f16"});
  std::string wt = p.ConsumeIntegralInRange(0, 29) == 29
                       ? pick(p, {"f32", "f16", "bf16", "f64"})
                       : t;
  int64_t n = rowLength(p);
  bool dynamicRows = p.ConsumeIntegralInRange(0, 19) != 19;
  std::string m =
      dynamicRows ? "?" : std::to_string(p.ConsumeIntegralInRange(0, 9));
  std::string layout;
  switch (p.ConsumeIntegralInRange(0, 39)) {
  case 0:
  case 1:
  case 2:
  case 3:
    layout = "";
    break;
  case 4:
  case 5:
    layout = ", strided<[" + std::to_string(n + p.ConsumeIntegralInRange(0, 9)) +
             ", 1]>";
    break;
  case 6:
    layout = ", strided<[?, 1], offset: ?>";
    break;
  case 7:
    layout = ", strided<[" + std::to_string(n) + ", 1], offset: 8>";
    break;
  default:
    layout = ", strided<[?, 1]>";
  }
  std::string space = p.ConsumeIntegralInRange(0, 49) == 49 ? ", 3" : "";
  std::string rows = "memref<" + m + "x" + std::to_string(n) + "x" + t +
                     layout + space + ">";
  std::string weight = "memref<" + std::to_string(n) + "x" + wt + space + ">";
  bool runtimeEpsilon = p.ConsumeBool();
  bool inPlace = p.ConsumeIntegralInRange(0, 19) == 19;
  std::string name = p.ConsumeIntegralInRange(0, 49) == 49
                         ? pick(p, {"\"\"", "\"a.b\"", "\"../x\"", "\"9k\"",
                                    "\"with space\"", "_k", "K"})
                         : "k" + std::to_string(index);
  std::string s = "func.func @" + name + "(%x: " + rows + ", %w: " + weight;
  if (!inPlace)
    s += ", %y: " + rows;
  if (runtimeEpsilon)
    s += ", %eps: f32";
  s += ") {\n";
  std::string attrs;
  if (!runtimeEpsilon)
    attrs = "epsilon = " + epsilonText(p) + " : f32";
  if (p.ConsumeIntegralInRange(0, 9) == 9) {
    if (!attrs.empty())
      attrs += ", ";
    attrs += "schedule = #rownorm.schedule<rows_per_block = " +
             std::to_string(scheduleValue(p)) +
             ", threads_per_row = " + std::to_string(scheduleValue(p)) +
             ", vector_width = " + std::to_string(scheduleValue(p)) +
             ", vectors_per_thread = " + std::to_string(scheduleValue(p)) +
             ">";
  }
  std::string y = inPlace ? "%x" : "%y";
  std::string op = "rownorm.rms_norm ins(%x : " + rows + ") weight(%w : " +
                   weight + ") outs(" + y + " : " + rows + ")" +
                   (runtimeEpsilon ? " epsilon(%eps)" : "") +
                   (attrs.empty() ? "" : " {" + attrs + "}") + "\n";
  switch (p.ConsumeIntegralInRange(0, 49)) {
  case 48: // nested
    s += "  %c = arith.constant true\n  scf.if %c {\n    " + op + "  }\n";
    break;
  case 49: // two ops
    s += "  " + op + "  " + op;
    break;
  default:
    s += "  " + op;
  }
  return s + "  return\n}\n";
}

std::string targetAttr(FuzzedDataProvider &p) {
  switch (p.ConsumeIntegralInRange(0, 19)) {
  case 18:
    return " attributes {rownorm.target = #nvvm.target<chip = \"" +
           std::string(pick(p, {"sm_90", "sm_90a", "sm_80"})) + "\"" +
           std::string(pick(p, {"", ", features = \"+ptx80\"",
                                ", features = \"+ptx10\"",
                                ", features = \"-ptx80\""})) +
           ">}";
  case 19:
    return " attributes {rownorm.target = #rocdl.target<chip = \"" +
           std::string(pick(p, {"gfx942", "gfx90a"})) + "\"" +
           std::string(pick(p, {"", ", features = \"-wavefrontsize64\"",
                                ", features = \"+wavefrontsize32\"",
                                ", features = \"-xnack\""})) +
           ">}";
  default:
    return "";
  }
}

std::string pipelineOptions(FuzzedDataProvider &p, bool nvptx) {
  std::string s;
  auto option = [&](const char *name) {
    if (p.ConsumeIntegralInRange(0, 11) == 11)
      s += std::string(" ") + name + "=" + std::to_string(scheduleValue(p));
  };
  option("rows-per-block");
  option("threads-per-row");
  option("vector-width");
  if (p.ConsumeIntegralInRange(0, 19) == 19)
    s += nvptx ? std::string(" chip=") + pick(p, {"sm_90a", "sm_80", "x"})
               : std::string(" chip=") + pick(p, {"gfx942", "gfx1100"});
  if (p.ConsumeIntegralInRange(0, 19) == 19)
    s += nvptx ? std::string(" features=") +
                     pick(p, {"+ptx83", "+ptx70", "+nope"})
               : std::string(" features=") +
                     pick(p, {"-wavefrontsize64", "+wavefrontsize32", "-xnack",
                              "+sramecc"});
  return s;
}

/// Inputs per context. A context keeps every attribute, type and identifier
/// it ever uniqued; one context for a whole run grew by about 40 MB a
/// minute and would pass libFuzzer's -rss_limit_mb=2048 within the hour.
constexpr uint64_t kInputsPerContext = 256;

std::unique_ptr<MLIRContext> &contextSlot() {
  static std::unique_ptr<MLIRContext> slot;
  return slot;
}

MLIRContext &context() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    rmsnorm::registerAllDialects(*r);
    return r;
  }();
  std::unique_ptr<MLIRContext> &slot = contextSlot();
  if (!slot) {
    slot = std::make_unique<MLIRContext>(*registry,
                                         MLIRContext::Threading::DISABLED);
    slot->loadAllAvailableDialects();
    // Errors are expected results here, not output (unless printing).
    slot->getDiagEngine().registerHandler([](Diagnostic &diag) {
      if (!std::getenv("RMSNORM_FUZZ_PRINT") ||
          diag.getSeverity() == DiagnosticSeverity::Remark)
        return success();
      llvm::errs() << diag << "\n";
      return success();
    });
  }
  return *slot;
}

/// Runs `pipeline` (passes on builtin.module, no anchor) on `module`.
bool run(ModuleOp module, StringRef pipeline) {
  PassManager pm(&context());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(parsePassPipeline(pipeline, pm, os))) {
    if (std::getenv("RMSNORM_FUZZ_PRINT"))
      llvm::errs() << "bad pipeline " << pipeline << ": " << errors << "\n";
    return false;
  }
  bool ok = succeeded(pm.run(module));
  if (std::getenv("RMSNORM_FUZZ_PRINT"))
    llvm::errs() << "// " << pipeline << ": " << (ok ? "ok" : "failed")
                 << "\n";
  return ok;
}

bool holdsAssembly(ModuleOp module) {
  bool found = false;
  module.walk([&](gpu::BinaryOp) { found = true; });
  return found;
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  rmsnorm::registerAllPasses();
  context();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider p(data, size);
  if (++counters.inputs % kInputsPerContext == 0)
    contextSlot().reset(); // nothing of the last input outlives this call
  std::string text = "module" + targetAttr(p) + " {\n";
  int functions = p.ConsumeIntegralInRange(0, 9) == 9 ? 2 : 1;
  for (int i = 0; i < functions; ++i)
    text += function(p, i);
  text += "}\n";
  // Most inputs go to PTX, the rest to AMDGCN or the optimize pipeline.
  int choice = p.ConsumeIntegralInRange(0, 19);
  int route = choice < 16 ? 0 : choice < 19 ? 1 : 2;
  std::string options = pipelineOptions(p, route == 0);

  // RMSNORM_FUZZ_PRINT=1: show what an input becomes (corpus review).
  static const bool print = std::getenv("RMSNORM_FUZZ_PRINT") != nullptr;
  if (print)
    llvm::errs() << "// route " << route << " options '" << options << "'\n"
                 << text;
  ParserConfig config(&context(), /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module)
    return 0;
  ++counters.parsed;
  if (failed(verify(*module))) {
    if (print)
      llvm::errs() << "// does not verify\n";
    return 0;
  }
  ++counters.verified;
  switch (route) {
  case 0:
    if (run(*module, "rownorm-to-ptx-pipeline{" + options + "}") &&
        holdsAssembly(*module))
      ++counters.ptx;
    break;
  case 1:
    if (run(*module, "rownorm-to-amdgcn-pipeline{" + options + "}") &&
        holdsAssembly(*module))
      ++counters.amdgcn;
    break;
  default:
    if (run(*module, "rownorm-nvptx-attach-target,rownorm-optimize-pipeline{" +
                         options + "}"))
      ++counters.optimized;
  }
  return 0;
}

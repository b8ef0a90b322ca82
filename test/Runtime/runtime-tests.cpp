//===- runtime-tests.cpp - the harness's non-GPU parts --------------------===//
//
// Reference, tolerance logic and manifest parsing, checked on the CPU. Each
// check prints one line; the last line counts them.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Runtime/CAPI.h"
#include "rmsnorm/Runtime/KernelSet.h"
#include "rmsnorm/Runtime/Launch.h"
#include "rmsnorm/Runtime/Manifest.h"
#include "rmsnorm/Runtime/Numerics.h"

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

using namespace rmsnorm::runtime;

static int passed = 0, failed = 0;

// The parameters of a kernel that takes epsilon, as a manifest lists them.
static const std::string kEpsilonParams =
    R"("static_row_strides": {}, "params": [{"name": "x", "kind": "pointer"}, {"name": "w", "kind": "pointer"},
                 {"name": "y", "kind": "pointer"}, {"name": "epsilon", "kind": "scalar"},
                 {"name": "rows", "kind": "scalar"}, {"name": "x_row_stride", "kind": "scalar"},
                 {"name": "y_row_stride", "kind": "scalar"}],)";

static void expect(bool ok, const std::string &what) {
  std::printf("%s: %s\n", ok ? "ok" : "FAILED", what.c_str());
  (ok ? passed : failed)++;
}

template <typename Fn> static std::string errorOf(Fn fn) {
  try {
    fn();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

static Manifest manifestFor(ElementType type, int64_t n) {
  Manifest m;
  m.kernel = "test";
  m.dtype = m.weightDtype = type;
  m.n = n;
  m.epsilon = 1e-5;
  return m;
}

/// The reference computed by the harness itself, as a perfect kernel would.
static std::vector<uint32_t> perfectOutput(const Problem &p) {
  std::vector<uint32_t> y(p.rows * p.yStride, 0);
  for (int64_t i = 0; i < p.rows; ++i) {
    double ss = 0;
    for (int64_t j = 0; j < p.n; ++j) {
      double x = decode(p.dtype, p.row(i)[j]);
      ss += x * x;
    }
    double rstd =
        ss > 3.4028234663852886e38 ? 0 : 1 / std::sqrt(ss / p.n + p.epsilon);
    for (int64_t j = 0; j < p.n; ++j)
      y[i * p.yStride + j] =
          encode(p.dtype, decode(p.dtype, p.row(i)[j]) * rstd *
                              decode(p.weightDtype, p.w[j]));
  }
  return y;
}

int main() {
  // Rounding: nearest, ties to even, subnormals, overflow, NaN.
  expect(encode(ElementType::BF16, 1.0) == 0x3F80, "bf16 1.0");
  expect(encode(ElementType::BF16, 1.0 + 1.0 / 256) == 0x3F80,
         "bf16 tie rounds to even (down)");
  expect(encode(ElementType::BF16, 1.0 + 3.0 / 256) == 0x3F82,
         "bf16 tie rounds to even (up)");
  expect(encode(ElementType::F16, 65504.0) == 0x7BFF, "f16 largest finite");
  expect(encode(ElementType::F16, 65520.0) == 0x7C00,
         "f16 rounds to infinity at 65520");
  expect(encode(ElementType::F16, std::ldexp(1.0, -24)) == 0x0001,
         "f16 smallest subnormal");
  expect(encode(ElementType::F16, std::ldexp(1.0, -26)) == 0x0000,
         "f16 underflow to zero");
  expect(decode(ElementType::F16, 0x0001) == std::ldexp(1.0, -24),
         "f16 subnormal decodes");
  expect(encode(ElementType::F32, 0.1) == 0x3DCCCCCD, "f32 0.1");
  expect(!isFinite(ElementType::F16, encode(ElementType::F16, NAN)),
         "f16 NaN is not finite");
  expect(decode(ElementType::BF16, encode(ElementType::BF16, -2.5)) == -2.5,
         "bf16 round trip");

  // ULP distance: across zero, and of neighbours.
  expect(ulpDistance(ElementType::F16, 0x0000, 0x8000) == 0,
         "+0 and -0 are 0 ULP apart");
  expect(ulpDistance(ElementType::F16, 0x0001, 0x8001) == 2,
         "smallest subnormals of both signs are 2 ULP apart");
  expect(ulpDistance(ElementType::BF16, 0x3F80, 0x3F81) == 1,
         "bf16 neighbours");
  expect(maxUlps(ElementType::F32) == 8 && maxUlps(ElementType::BF16) == 1,
         "contract tolerances");

  // The check accepts the reference, refuses 2 ULP, localizes the miss.
  Manifest m = manifestFor(ElementType::BF16, 37);
  Problem p = makeProblem(m, 5, 40, 48, InputClass::Normal, 7);
  std::vector<uint32_t> y = perfectOutput(p);
  expect(check(p, y).pass, "a perfect output passes");
  y[3 * 48 + 11] += 2;
  CheckResult r = check(p, y);
  expect(!r.pass && r.mismatches == 1 &&
             r.firstMismatch.find("row 3 column 11") == 0,
         "2 ULP off is caught at row 3 column 11: " + r.firstMismatch);
  y[3 * 48 + 11] -= 1;
  expect(check(p, y).pass, "1 ULP off passes for bf16");
  y[4 * 48 + 0] = encode(ElementType::BF16, NAN);
  expect(!check(p, y).pass, "a NaN output is caught");
  expect(p.x[0 * 40 + 37] == encode(ElementType::BF16, NAN),
         "x's gaps between rows hold NaN (a read past the row poisons it)");

  // Input classes.
  Problem large = makeProblem(manifestFor(ElementType::F16, 64), 4, 64, 64,
                              InputClass::Large, 1);
  double biggest = 0;
  for (uint32_t bits : large.x)
    biggest = std::max(biggest, std::fabs(decode(ElementType::F16, bits)));
  expect(biggest > 256 && biggest <= 60000,
         "large f16 inputs exceed 256 (squares overflow f16)");
  expect(check(large, perfectOutput(large)).pass,
         "large inputs: the reference passes");

  Problem zero = makeProblem(manifestFor(ElementType::F32, 16), 4, 16, 16,
                             InputClass::ZeroRows, 1);
  std::vector<uint32_t> zy = perfectOutput(zero);
  expect(zy[1 * 16] == 0 && check(zero, zy).pass,
         "an all-zero row normalizes to zeros");

  Problem sub = makeProblem(manifestFor(ElementType::F16, 32), 2, 32, 32,
                            InputClass::Subnormal, 1);
  expect(std::fabs(decode(ElementType::F16, sub.x[0])) < std::ldexp(1.0, -14),
         "subnormal inputs are f16 subnormals");

  Problem bad = makeProblem(manifestFor(ElementType::F32, 16), 4, 16, 16,
                            InputClass::NonFinite, 1);
  std::vector<bool> skip = uncheckedRows(bad);
  expect(!skip[0] && skip[1] && skip[2] && !skip[3],
         "rows with NaN/Inf are the only unchecked rows");
  std::vector<uint32_t> by = perfectOutput(bad);
  by[0] = encode(ElementType::F32, NAN);
  expect(!check(bad, by).pass, "NaN leaking into a finite row is caught");

  Problem over = makeProblem(manifestFor(ElementType::BF16, 16), 4, 16, 16,
                             InputClass::Overflow, 1);
  std::vector<uint32_t> oy = perfectOutput(over);
  expect(decode(ElementType::BF16, oy[1 * 16 + 3]) == 0 && check(over, oy).pass,
         "a row whose f32 sum of squares overflows normalizes to zeros");
  expect(errorOf([] {
           makeProblem(manifestFor(ElementType::F16, 8), 1, 8, 8,
                       InputClass::Overflow, 1);
         }).find("f16 cannot hold") != std::string::npos,
         "the overflow class is refused for f16");

  // A periodic problem stores 7 distinct rows for 40 and still checks all 40.
  Problem periodic = makeProblem(manifestFor(ElementType::F16, 24), 40, 24, 32,
                                 InputClass::Normal, 3, 7);
  std::vector<uint32_t> py = perfectOutput(periodic);
  expect(periodic.x.size() == 7 * 24 && check(periodic, py).pass &&
             check(periodic, py).checked == 40 * 24,
         "a periodic problem keeps 7 rows and checks all 40");
  py[33 * 32 + 5] ^= 0x0100;
  expect(check(periodic, py).firstMismatch.find("row 33 column 5") == 0,
         "a wrong element in a repeated row is caught where it is");

  // Manifests.
  Json j =
      Json::parse(R"({"a": [1, 2.5, "x\"y", true, false, null], "b": {}})");
  expect(j.find("a")->array.size() == 6 &&
             j.find("a")->array[2].string == "x\"y" &&
             j.find("a")->array[3].boolean && !j.find("a")->array[4].boolean,
         "JSON arrays, strings with escapes, booleans, null");
  expect(errorOf([] { Json::parse("{\"a\": }"); }).find("malformed JSON") == 0,
         "malformed JSON is refused");
  expect(errorOf([] { Json::parse("{} x"); }).find("unexpected text") !=
             std::string::npos,
         "trailing text is refused");
  expect(errorOf([] { Json::parse("{\"n\": 8,\n \"n\": 16}"); }) ==
             "malformed JSON at line 2: the key \"n\" appears twice in one "
             "object",
         "a key given twice is refused");
  std::ofstream("runtime-tests-manifest.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
             "kernel": "k", "symbol": "k", "op": "rms_norm", "target": "nvptx",
             "chip": "sm_90", "dtype": "bf16", "weight_dtype": "f32", "n": 4096,
             "epsilon": 1e-06, "block": [128, 1, 1], "rows_per_block": 1, "max_blocks": 2147483647,
             "dynamic_shared_bytes": 0, "alignment": {"base_pointer_bytes": 16},
             "params": [{"name": "x", "kind": "pointer"},
                        {"name": "rows", "kind": "scalar"},
                        {"name": "x_row_stride", "kind": "scalar"}],
             "static_row_strides": {},
             "files": {"ptx": "k.sm_90.ptx", "cubin": "k.sm_90.cubin"}})";
  Manifest loaded = Manifest::load("runtime-tests-manifest.json");
  expect(loaded.n == 4096 && loaded.weightDtype == ElementType::F32 &&
             loaded.block[0] == 128 && loaded.params.size() == 3 &&
             loaded.params[0].pointer && !loaded.params[1].pointer,
         "a manifest loads");
  expect(loaded.imagePath() == "./k.sm_90.cubin",
         "the cubin is preferred to the PTX");
  expect(!loaded.launchOverlap, "launch_overlap false is read");
  // launch_overlap: read, required, a boolean, and an nvptx kernel's only.
  auto overlapManifest = [](const std::string &field,
                            const std::string &target) {
    std::ofstream("runtime-tests-overlap.json")
        << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5,)"
        << field << R"( "kernel": "k", "symbol": "k", "op": "rms_norm",
             "target": ")"
        << target << R"(", "chip": "sm_90", "dtype": "bf16",
             "weight_dtype": "f32", "n": 4096, "epsilon": 1e-06,
             "block": [128, 1, 1], "rows_per_block": 1, "max_blocks": 2147483647,
             "dynamic_shared_bytes": 0, "alignment": {"base_pointer_bytes": 16},
             "params": [{"name": "x", "kind": "pointer"},
                        {"name": "rows", "kind": "scalar"},
                        {"name": "x_row_stride", "kind": "scalar"}],
             "static_row_strides": {}, "files": {"ptx": "k.sm_90.ptx"}})";
    return errorOf([] { Manifest::load("runtime-tests-overlap.json"); });
  };
  expect(overlapManifest(R"( "launch_overlap": true,)", "nvptx").empty() &&
             Manifest::load("runtime-tests-overlap.json").launchOverlap,
         "launch_overlap true is read");
  expect(overlapManifest("", "nvptx") ==
             "runtime-tests-overlap.json: manifest has no \"launch_overlap\"",
         "a manifest without launch_overlap is refused by name");
  expect(overlapManifest(R"( "launch_overlap": 1,)", "nvptx") ==
             "runtime-tests-overlap.json: manifest field \"launch_overlap\" "
             "has the wrong type",
         "a launch_overlap that is not a boolean is refused");
  expect(overlapManifest(R"( "launch_overlap": true,)", "amdgpu")
                 .find("launch_overlap is an nvptx kernel's") !=
             std::string::npos,
         "an overlapped launch is refused for another target");
  // max_blocks: required, at least 1, at most 2^31 - 1, and enough for a
  // static M.
  auto maxBlocksManifest = [](const std::string &fields) {
    std::ofstream("runtime-tests-max-blocks.json")
        << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5,
             "launch_overlap": false, "kernel": "k", "symbol": "k",
             "op": "rms_norm", "target": "amdgpu", "chip": "gfx942",
             "dtype": "bf16", "weight_dtype": "f32", "n": 4096,
             "epsilon": 1e-06, "block": [128, 4, 1], "rows_per_block": 4,)"
        << fields << R"( "dynamic_shared_bytes": 0,
             "alignment": {"base_pointer_bytes": 16},
             "params": [{"name": "x", "kind": "pointer"},
                        {"name": "x_row_stride", "kind": "scalar"}],
             "static_row_strides": {}, "files": {"hsaco": "k.hsaco"}})";
    return errorOf([] { Manifest::load("runtime-tests-max-blocks.json"); });
  };
  expect(
      maxBlocksManifest(R"( "max_blocks": 8388607, "static_rows": 33554428,)")
              .empty() &&
          Manifest::load("runtime-tests-max-blocks.json").maxBlocks == 8388607,
      "max_blocks is read; a static M that fills the grid loads");
  expect(maxBlocksManifest(R"( "static_rows": 4,)") ==
             "runtime-tests-max-blocks.json: manifest has no \"max_blocks\"",
         "a manifest without max_blocks is refused by name");
  expect(maxBlocksManifest(R"( "max_blocks": 0, "static_rows": 4,)") ==
             "runtime-tests-max-blocks.json: max_blocks must be between 1 and "
             "2^31 - 1, got 0",
         "a max_blocks of 0 is refused");
  expect(maxBlocksManifest(R"( "max_blocks": 2147483648, "static_rows": 4,)") ==
             "runtime-tests-max-blocks.json: max_blocks must be between 1 and "
             "2^31 - 1, got 2147483648",
         "a max_blocks beyond 2^31 - 1 is refused");
  expect(maxBlocksManifest(
             R"( "max_blocks": 8388607, "static_rows": 33554429,)") ==
             "runtime-tests-max-blocks.json: static_rows 33554429 need more "
             "than max_blocks (8388607) blocks of 4 rows",
         "a static M beyond max_blocks blocks is refused");
  std::ofstream("runtime-tests-bad.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false, "kernel": "k"})";
  expect(errorOf([] {
           Manifest::load("runtime-tests-bad.json");
         }).find("manifest has no \"symbol\"") != std::string::npos,
         "a manifest without a symbol is refused by name");

  std::ofstream("runtime-tests-v1.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 1})";
  expect(errorOf([] { Manifest::load("runtime-tests-v1.json"); })
                 .find("manifest schema version 1 is not supported (this "
                       "runtime reads version 5; emit the kernel again)") !=
             std::string::npos,
         "an older schema is refused with what to do");
  // Epsilon as a kernel parameter: "epsilon" is null, a parameter takes it.
  std::ofstream("runtime-tests-eps.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
             "kernel": "k", "symbol": "k", "op": "rms_norm", "target": "nvptx",
             "chip": "sm_90", "dtype": "f16", "weight_dtype": "f16", "n": 8,
             "epsilon": null, "static_rows": null, "block": [8, 4, 1],
             "rows_per_block": 4, "max_blocks": 2147483647, "dynamic_shared_bytes": 0,
             "alignment": {"base_pointer_bytes": 16},
             "params": [{"name": "x", "kind": "pointer"},
                        {"name": "w", "kind": "pointer"},
                        {"name": "y", "kind": "pointer"},
                        {"name": "epsilon", "kind": "scalar"},
                        {"name": "rows", "kind": "scalar"}],
             "static_row_strides": {"x": 8, "y": 8},
             "files": {"ptx": "k.sm_90.ptx"}})";
  Manifest eps = Manifest::load("runtime-tests-eps.json");
  expect(eps.runtimeEpsilon && !eps.staticRows,
         "a manifest with epsilon as a parameter loads");
  LaunchValues epsValues;
  epsValues.epsilon = 3e-4f;
  std::vector<void *> epsArgs = launchArguments(eps, epsValues);
  expect(epsArgs.size() == 5 && epsArgs[3] == &epsValues.epsilon,
         "the epsilon argument is passed where the manifest puts it");
  epsValues.x = epsValues.w = epsValues.y = 0x100;
  epsValues.rows = 1, epsValues.xStride = epsValues.yStride = 8;
  bool refused = false;
  epsValues.epsilon = 0;
  try {
    checkLaunch(eps, epsValues);
  } catch (const Error &e) {
    refused = std::string(e.what()) ==
              "epsilon must be positive and finite, got 0.000000";
  }
  expect(refused, "a run-time epsilon of 0 is refused");
  // Row strides compiled in (no stride parameters): the only ones served.
  epsValues.epsilon = 3e-4f;
  auto strideError = [&](int64_t xStride, int64_t yStride) {
    LaunchValues v = epsValues;
    v.x = 0x1000, v.w = 0x2000, v.y = 0x3000;
    v.xStride = xStride, v.yStride = yStride;
    try {
      checkLaunch(eps, v);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string();
  };
  expect(eps.staticXStride == 8 && eps.staticYStride == 8 &&
             strideError(8, 8).empty(),
         "a launch with the compiled-in row strides passes");
  expect(strideError(16, 8) == "kernel k has rows of x 8 elements apart "
                               "compiled in; got a row stride of 16",
         "another x row stride than the compiled-in one is refused");
  expect(strideError(8, 9) == "kernel k has rows of y 8 elements apart "
                              "compiled in; got a row stride of 9",
         "another y row stride than the compiled-in one is refused");
  // Each row role has exactly one stride: a parameter or a static one.
  auto strideManifestError = [](const std::string &strides,
                                const std::string &extraParam) {
    std::ofstream("runtime-tests-strides.json")
        << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
               "kernel": "k", "symbol": "k", "op": "rms_norm", "target": "nvptx",
               "chip": "sm_90", "dtype": "f16", "weight_dtype": "f16", "n": 8,
               "epsilon": 1e-06, "block": [8, 4, 1], "rows_per_block": 4, "max_blocks": 2147483647,
               "dynamic_shared_bytes": 0, "alignment": {"base_pointer_bytes": 16},
               "params": [{"name": "x", "kind": "pointer"},
                          {"name": "w", "kind": "pointer"},
                          {"name": "y", "kind": "pointer"},
                          {"name": "rows", "kind": "scalar"})"
        << extraParam << "]," << strides << R"(
               "files": {"ptx": "k.sm_90.ptx"}})";
    return errorOf([] { Manifest::load("runtime-tests-strides.json"); });
  };
  expect(strideManifestError("", "").find(
             "manifest has no \"static_row_strides\"") != std::string::npos,
         "a manifest without static_row_strides is refused");
  expect(strideManifestError(R"("static_row_strides": {"x": 8},)", "")
                 .find("y has neither a row stride parameter nor a static "
                       "row stride") != std::string::npos,
         "a row role without a stride is refused");
  expect(strideManifestError(R"("static_row_strides": {"x": 8, "y": 8},)",
                             R"(, {"name": "y_row_stride", "kind": "scalar"})")
                 .find("y has both a row stride parameter and a static row "
                       "stride") != std::string::npos,
         "a row role with two strides is refused");
  expect(strideManifestError(R"("static_row_strides": {"x": 8, "y": 7},)", "")
                 .find("the static row stride of y (7) does not hold a row "
                       "of 8 elements") != std::string::npos,
         "a static row stride shorter than a row is refused");
  expect(strideManifestError(
             R"("static_row_strides": {"x": 8, "y": 8, "w": 8},)", "")
                 .find("static_row_strides names \"w\", which is not a row "
                       "parameter of this kernel") != std::string::npos,
         "a static row stride of the weight is refused");
  for (const char *value : {"4096.5", "1e30", "\"4096\"", "9007199254740994"})
    expect(strideManifestError(R"("static_row_strides": {"x": 8, "y": )" +
                                   std::string(value) + "},",
                               "")
                   .find("static_row_strides \"y\" must be an integer from n "
                         "to 2^53") != std::string::npos,
           std::string("a static row stride of ") + value + " is refused");
  // In place: one stride for the one buffer, named so when refused.
  std::ofstream("runtime-tests-xy.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
             "kernel": "ip", "symbol": "ip", "op": "rms_norm", "target": "nvptx",
             "chip": "sm_90", "dtype": "f16", "weight_dtype": "f16", "n": 8,
             "epsilon": 1e-06, "block": [8, 4, 1], "rows_per_block": 4, "max_blocks": 2147483647,
             "dynamic_shared_bytes": 0, "alignment": {"base_pointer_bytes": 16},
             "params": [{"name": "xy", "kind": "pointer"},
                        {"name": "w", "kind": "pointer"},
                        {"name": "rows", "kind": "scalar"}],
             "static_row_strides": {"xy": 24},
             "files": {"ptx": "ip.sm_90.ptx"}})";
  Manifest inPlace = Manifest::load("runtime-tests-xy.json");
  expect(inPlace.staticXStride == 24 && inPlace.staticYStride == 24,
         "an in-place kernel's static stride holds for x and y");
  expect(rowStrideProblem(inPlace, 24, 24).empty() &&
             rowStrideProblem(inPlace, 16, 16) ==
                 "kernel ip has rows of xy 24 elements apart compiled in; got "
                 "a row stride of 16",
         "an in-place kernel refuses another stride, naming xy");
  {
    LaunchValues v;
    v.x = v.y = 0x100000, v.w = 0x200000;
    v.rows = 3, v.xStride = v.yStride = 24, v.epsilon = 1e-6f;
    expect(errorOf([&] { checkLaunch(inPlace, v); }).empty(),
           "an in-place kernel takes y = x");
    v.y = 0x300000;
    expect(errorOf([&] { checkLaunch(inPlace, v); }) ==
               "kernel ip writes its input in place (xy): y must be x",
           "an in-place kernel refuses a y other than x");
  }

  // A launch is checked against the manifest before it reaches the GPU.
  auto launchError = [&](void (*edit)(LaunchValues &)) {
    LaunchValues v;
    v.x = 0x100000, v.w = 0x200000, v.y = 0x300000;
    v.rows = 3, v.xStride = v.yStride = 4096;
    v.epsilon = 1e-6f;
    edit(v);
    try {
      checkLaunch(loaded, v);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string();
  };
  expect(launchError([](LaunchValues &) {}).empty(), "a valid launch passes");
  expect(launchError([](LaunchValues &v) { v.rows = 0; }) ==
             "rows must be at least 1, got 0",
         "zero rows are refused");
  // The grid's x dimension: 2^31 - 1 blocks (of one row here) are the most.
  // (y far past x's rows, so that it overlaps neither x nor w.)
  expect(launchError([](LaunchValues &v) {
           v.rows = (int64_t{1} << 31) - 1;
           v.y = v.x + (int64_t{1} << 45);
         }) == "",
         "2^31 - 1 blocks are launched");
  expect(launchError([](LaunchValues &v) { v.rows = int64_t{1} << 31; }) ==
             "2147483648 rows need more than 2147483647 blocks of 1 row, the "
             "most sm_90 launches",
         "2^31 blocks are refused");
  {
    // Blocks of four rows, and the manifest's limit (not one for every
    // target): the last block may be partial, so the limit is on
    // ceil(rows / 4), not on rows / 4.
    Manifest fourRows = loaded;
    fourRows.rowsPerBlock = fourRows.block[1] = 4;
    fourRows.maxBlocks = 8388607;
    int64_t most = 4 * fourRows.maxBlocks;
    LaunchValues v;
    v.x = 0x100000, v.w = 0x200000, v.y = v.x + (int64_t{1} << 48);
    v.xStride = v.yStride = 4096, v.epsilon = 1e-6f;
    v.rows = most;
    expect(errorOf([&] { checkLaunch(fourRows, v); }).empty(),
           "max_blocks blocks of four rows are launched");
    v.rows = most + 1;
    expect(errorOf([&] { checkLaunch(fourRows, v); }) ==
               std::to_string(most + 1) +
                   " rows need more than 8388607 blocks of 4 rows, the most "
                   "sm_90 launches",
           "one row more needs a block more, and is refused");
  }
  expect(launchError([](LaunchValues &v) { v.yStride = 4095; })
                 .find("must hold a row of 4096") != std::string::npos,
         "a stride shorter than a row is refused");
  expect(launchError([](LaunchValues &v) { v.w += 2; }) ==
             "the base pointer of w is misaligned by 2 bytes; the manifest "
             "requires 16-byte alignment",
         "a misaligned weight is refused by name");
  expect(launchError([](LaunchValues &v) { v.epsilon = 1e-5f; })
                 .find("has epsilon 0.000001 built in; got 0.000010") !=
             std::string::npos,
         "another epsilon than the built-in one is refused");
  // Overlaps (bf16 rows of 8192 bytes, an f32 weight of 16384 bytes): out
  // may be x itself, but share no byte with w or with another view of x;
  // rows are compared, not address ranges, where the strides agree.
  const std::string withWeight =
      "out overlaps weight; the kernels read the weight while writing out";
  const std::string withX = "out overlaps x without being x (in place needs "
                            "the same data pointer and row stride)";
  const std::string strides =
      "out and x have different row strides and their address ranges meet; "
      "the runtime cannot prove they share no byte";
  expect(launchError([](LaunchValues &v) { v.w = v.y - 12288; }) ==
             withWeight,
         "an f32 weight reaching into out's first row is refused");
  expect(launchError([](LaunchValues &v) { v.w = v.y - 16384; }).empty(),
         "a weight right before out is served");
  expect(launchError([](LaunchValues &v) {
           v.xStride = v.yStride = 3 * 4096, v.w = v.y + 8192;
         }).empty(),
         "a weight in the gap between two rows of out is served");
  expect(launchError([](LaunchValues &v) {
           v.xStride = v.yStride = 3 * 4096, v.w = v.y + 8192 + 16;
         }) == withWeight,
         "a weight 16 bytes into out's next row is refused");
  expect(launchError([](LaunchValues &v) {
           v.xStride = v.yStride = 8192, v.y = v.x + 8192;
         }).empty(),
         "x and out interleaved (the two halves of wider rows) are served");
  expect(launchError([](LaunchValues &v) {
           v.xStride = v.yStride = 8192, v.y = v.x + 8176;
         }) == withX,
         "interleaved rows sharing 16 bytes are refused");
  expect(launchError([](LaunchValues &v) {
           v.xStride = v.yStride = 8192, v.y = v.x + 8208;
         }) == withX,
         "out's row ending 16 bytes into x's next row is refused");
  expect(launchError([](LaunchValues &v) {
           v.xStride = v.yStride = 8192, v.y = v.x - 8208;
         }) == withX,
         "x's row ending 16 bytes into out's next row is refused");
  expect(launchError([](LaunchValues &v) { v.y = v.x + 2 * 8192; }) == withX,
         "out starting at x's last row is refused");
  expect(launchError([](LaunchValues &v) {
           v.rows = 2, v.xStride = v.yStride = int64_t{1} << 62;
           v.y = v.x + (uint64_t{1} << 63);
         }) == withX,
         "rows 2^63 bytes apart are compared without overflow");
  expect(launchError([](LaunchValues &v) {
           v.x = 0x300000 + 32768, v.yStride = 4 * 4096;
         }) == strides,
         "out meeting x at another stride is refused");
  expect(launchError([](LaunchValues &v) {
           v.x = 0x300000 + 3 * 4 * 8192, v.yStride = 4 * 4096;
         }).empty(),
         "out before x at another stride is served");
  expect(launchError([](LaunchValues &v) { v.y = v.x, v.yStride = 8192; }) ==
             strides,
         "out at x's pointer with another stride is refused");
  expect(launchError([](LaunchValues &v) {
           v.rows = 1, v.y = v.x, v.yStride = 9000;
         }).empty(),
         "one row in place is served whatever the strides say");
  LaunchValues values;
  std::vector<void *> args = launchArguments(loaded, values);
  expect(args.size() == 3 && args[0] == &values.x && args[1] == &values.rows &&
             args[2] == &values.xStride,
         "arguments follow the manifest's parameter order");
  unsigned grid[3];
  Manifest fourRows = loaded;
  fourRows.rowsPerBlock = 4;
  launchGrid(fourRows, 9, grid);
  expect(grid[0] == 3 && grid[1] == 1 && grid[2] == 1,
         "9 rows at 4 rows per block take 3 blocks");

  // The C entry point reports errors instead of throwing.
  expect(!rmsnorm_kernel_load(nullptr) &&
             std::string(rmsnorm_last_error()) == "no manifest path given",
         "C: a null path is refused");
  expect(!rmsnorm_kernel_load("no-such-manifest.json") &&
             std::string(rmsnorm_last_error()) ==
                 "cannot open manifest no-such-manifest.json",
         "C: a missing manifest is named");
  expect(rmsnorm_kernel_launch(nullptr, nullptr, nullptr, nullptr, 1, 1, 1,
                               1e-6f, nullptr) != 0 &&
             std::string(rmsnorm_last_error()) ==
                 "rmsnorm_kernel_launch needs a kernel",
         "C: a launch without a kernel is refused");

  // The kernel set of framework bindings: lookup and argument checks.
  std::system("mkdir -p kernelset");
  std::ofstream("kernelset/a.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
      "kernel": "a", "symbol": "a", "op": "rms_norm", "target": "nvptx", "chip": "sm_90",
      "dtype": "bf16", "weight_dtype": "bf16", "n": 4096, "epsilon": null, "static_rows": null,
      "block": [128, 1, 1], "rows_per_block": 1, "max_blocks": 2147483647, "dynamic_shared_bytes": 0,
      "alignment": {"base_pointer_bytes": 16},)"
      << kEpsilonParams << R"(
      "files": {"ptx": "a.sm_90.ptx"}})";
  std::ofstream("kernelset/b.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
      "kernel": "b", "symbol": "b", "op": "rms_norm", "target": "nvptx", "chip": "sm_90",
      "dtype": "f16", "weight_dtype": "f32", "n": 5128, "epsilon": 1e-05, "static_rows": null,
      "block": [256, 1, 1], "rows_per_block": 1, "max_blocks": 2147483647, "dynamic_shared_bytes": 0,
      "alignment": {"base_pointer_bytes": 16},
      "params": [{"name": "x", "kind": "pointer"}, {"name": "w", "kind": "pointer"},
                 {"name": "y", "kind": "pointer"}, {"name": "rows", "kind": "scalar"},
                 {"name": "x_row_stride", "kind": "scalar"}, {"name": "y_row_stride", "kind": "scalar"}],
      "static_row_strides": {},
      "files": {"ptx": "b.sm_90.ptx"}})";
  // e: a kernel writing its input in place (one xy buffer).
  std::ofstream("kernelset/e.json")
      << R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
      "kernel": "e", "symbol": "e", "op": "rms_norm", "target": "nvptx", "chip": "sm_90",
      "dtype": "bf16", "weight_dtype": "bf16", "n": 512, "epsilon": 1e-05, "static_rows": null,
      "block": [64, 1, 1], "rows_per_block": 1, "max_blocks": 2147483647, "dynamic_shared_bytes": 0,
      "alignment": {"base_pointer_bytes": 16},
      "params": [{"name": "xy", "kind": "pointer"}, {"name": "w", "kind": "pointer"},
                 {"name": "rows", "kind": "scalar"}, {"name": "xy_row_stride", "kind": "scalar"}],
      "static_row_strides": {},
      "files": {"ptx": "e.sm_90.ptx"}})";
  // Read after a.json, described before it: widths in numeric order.
  {
    std::ifstream in("kernelset/a.json");
    std::string text((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
    for (auto [from, to] : {std::pair<std::string, std::string>{
                                "\"kernel\": \"a\", \"symbol\": \"a\"",
                                "\"kernel\": \"c\", \"symbol\": \"c\""},
                            {"\"n\": 4096", "\"n\": 128"}})
      text.replace(text.find(from), from.size(), to);
    std::ofstream("kernelset/c.json") << text;
    // d: rows of 256 with their strides compiled in (no stride parameters).
    for (auto [from, to] : {std::pair<std::string, std::string>{
                                "\"kernel\": \"c\", \"symbol\": \"c\"",
                                "\"kernel\": \"d\", \"symbol\": \"d\""},
                            {"\"n\": 128", "\"n\": 256"},
                            {"\"static_row_strides\": {}",
                             "\"static_row_strides\": {\"x\": 256, \"y\": 256}"},
                            {", {\"name\": \"x_row_stride\", \"kind\": \"scalar\"},\n"
                             "                 {\"name\": \"y_row_stride\", \"kind\": \"scalar\"}",
                             ""}})
      text.replace(text.find(from), from.size(), to);
    std::ofstream("kernelset/d.json") << text;
  }
  auto set = KernelSet::fromDirectory("kernelset", "nvptx");
  expect(set->manifests().size() == 5, "a kernel set reads every manifest");
  expect(!set->find(ElementType::BF16, ElementType::BF16, 256, 1e-6),
         "a kernel with its row strides compiled in serves no framework "
         "tensor by width alone");
  expect(!set->find(ElementType::BF16, ElementType::BF16, 512, 1e-5),
         "a kernel writing in place serves no framework op (it cannot write "
         "an out of its own)");
  {
    const Manifest *inPlace = nullptr;
    for (const Manifest &m : set->manifests())
      if (m.n == 512)
        inPlace = &m;
    expect(inPlace && rowStrideProblem(*inPlace, 512, 512).empty() &&
               rowStrideProblem(*inPlace, 512, 1024) ==
                   "kernel e writes its input in place (xy): x and y have one "
                   "row stride, got x 512 and y 1024",
           "an in-place kernel takes one row stride for x and y");
  }
  std::system("rm -rf kernelset-fixed && mkdir -p kernelset-fixed && "
              "cp kernelset/d.json kernelset-fixed/");
  expect(KernelSet::fromDirectory("kernelset-fixed", "nvptx")->describe() ==
             "no kernel for tensors of any shape (only kernels compiled for "
             "fixed rows or row strides, or in place)",
         "a set of such kernels says it serves nothing");
  expect(set->find(ElementType::BF16, ElementType::BF16, 4096, 0.125) &&
             set->find(ElementType::BF16, ElementType::BF16, 4096, 1e-6),
         "a kernel taking epsilon serves any epsilon");
  expect(set->find(ElementType::F16, ElementType::F32, 5128, 1e-5) &&
             !set->find(ElementType::F16, ElementType::F32, 5128, 1e-6),
         "a built-in epsilon serves only itself");
  expect(!set->find(ElementType::BF16, ElementType::BF16, 8192, 1e-6),
         "no kernel for another width");
  expect(set->describe() ==
             "bf16 rows with bf16 weight: N = 128, 4096; f16 rows "
             "with f32 weight: N = 5128 (epsilon 1e-05 only)",
         "the set describes itself for errors: " + set->describe());
  const Manifest &bf16 = *set->find(ElementType::BF16, ElementType::BF16,
                                    4096, 1e-6);
  auto tensor = [](uint64_t data, std::vector<int64_t> sizes,
                   std::vector<int64_t> strides, int device = 0,
                   ElementType type = ElementType::BF16) {
    TensorDesc t;
    t.data = data, t.sizes = sizes, t.strides = strides, t.device = device;
    t.dtype = type;
    return t;
  };
  TensorDesc w = tensor(0x10000, {4096}, {1});
  auto prepared = [&](TensorDesc x, TensorDesc w, TensorDesc y) {
    try {
      LaunchValues v = set->prepare(bf16, x, w, y, 1e-6);
      return "rows " + std::to_string(v.rows) + " stride " +
             std::to_string(v.xStride);
    } catch (const Error &e) {
      return std::string(e.what());
    }
  };
  TensorDesc x3 = tensor(0x20000, {2, 3, 4096}, {3 * 4096, 4096, 1});
  expect(prepared(x3, w, x3) == "rows 6 stride 4096",
         "leading dimensions become rows");
  TensorDesc sliced = tensor(0x20000, {5, 4096}, {8192, 1});
  expect(prepared(sliced, w, sliced) == "rows 5 stride 8192",
         "a row-strided view keeps its stride");
  expect(prepared(tensor(0x20000, {5, 4096}, {1, 5}), w,
                  tensor(0x20000, {5, 4096}, {4096, 1})) ==
             "x must have contiguous rows (last stride 1), got stride 5",
         "transposed rows are refused");
  expect(prepared(tensor(0x20000, {2, 3, 4096}, {4096, 2 * 4096, 1}), w, x3) ==
             "x's leading dimensions do not form rows of one stride (make "
             "it contiguous first)",
         "leading dimensions of mixed strides are refused");
  expect(prepared(tensor(0x20000, {2, 4095}, {4095, 1}), w, x3) ==
             "x's last dimension is 4095, the kernel's N is 4096",
         "another width is refused");
  expect(prepared(tensor(0x20000, {2, 4096}, {4096, 1}, -1), w, x3) ==
             "x is in host memory; the kernels run on the GPU",
         "host tensors are refused");
  expect(prepared(x3, tensor(0x10000, {4096}, {1}, 1), x3) ==
             "weight is on device 1, x on device 0",
         "tensors on two devices are refused");
  expect(prepared(x3, tensor(0x10000, {4096}, {1}, 0, ElementType::F32), x3) ==
             "weight is f32, the kernel takes bf16",
         "a weight of another type is refused");
  expect(prepared(x3, tensor(0x10000, {4096}, {2}), x3) ==
             "weight must be a contiguous vector of N = 4096 elements",
         "a strided weight is refused");
  expect(prepared(tensor(0x20002, {2, 4096}, {4096, 1}), w,
                  tensor(0x40000, {2, 4096}, {4096, 1})) ==
             "the base pointer of x is misaligned by 2 bytes; the manifest "
             "requires 16-byte alignment",
         "a misaligned view is refused");
  // Overlaps: out may be x itself, but share no byte with w or another view
  // of x (x3 spans 0x20000 .. 0x20000 + 6 * 8192 bytes).
  expect(prepared(x3, w, tensor(0x20000 + 5 * 8192, {2, 3, 4096},
                                {3 * 4096, 4096, 1})) ==
             "out overlaps x without being x (in place needs the same data "
             "pointer and row stride)",
         "out overlapping x's last row is refused");
  expect(prepared(x3, w, tensor(0x20000 + 6 * 8192, {2, 3, 4096},
                                {3 * 4096, 4096, 1})) == "rows 6 stride 4096",
         "out right after x is served");
  expect(prepared(x3, tensor(0x40000 + 6 * 8192 - 16, {4096}, {1}),
                  tensor(0x40000, {2, 3, 4096}, {3 * 4096, 4096, 1})) ==
             "out overlaps weight; the kernels read the weight while writing "
             "out",
         "a weight sharing 16 bytes with out is refused");
  expect(prepared(x3, tensor(0x40000 + 6 * 8192, {4096}, {1}),
                  tensor(0x40000, {2, 3, 4096}, {3 * 4096, 4096, 1})) ==
             "rows 6 stride 4096",
         "a weight right after out is served");
  expect(prepared(tensor(0x20000, {3, 6148914691236517206, 4096},
                         {4096, 4096, 1}),
                  w, x3) ==
             "x's leading dimensions hold more than 2^63 - 1 rows",
         "a row count past 64 bits is refused (it wrapped to 2 rows)");
  expect(prepared(tensor(0x20000, {-2, -3, 4096}, {-12288, 4096, 1}), w,
                  x3) == "x has a negative size (-2)",
         "negative sizes are refused (with these strides they passed as 6 "
         "rows)");
  expect(prepared(tensor(0x20000, {2, 4, 4096},
                         {int64_t{1} << 62, int64_t{1} << 61, 1}),
                  w, x3) == "x's strides overflow 64 bits",
         "a stride product past 64 bits is refused");
  expect(prepared(tensor(0x20000, {4, 4096}, {8192, 1}), w,
                  tensor(0x20000 + 8192, {4, 4096}, {8192, 1})) ==
             "rows 4 stride 8192",
         "x and out as the two halves of wider rows are served");
  LaunchValues setValues = set->prepare(bf16, x3, w, x3, 1e-6);
  bool noGpu = false;
  try {
    set->launch(bf16, setValues, 0, nullptr);
  } catch (const Error &e) {
    noGpu = std::string(e.what()).find("no GPU") == 0;
  }
  expect(noGpu, "without a GPU the launch says so");

  // Kernels for many rows: a manifest names its variants, each with the row
  // count from which it serves; the runtime chooses by rows.
  std::system("rm -rf variants && mkdir -p variants");
  auto variantManifest = [](const std::string &kernel, int64_t n,
                            const std::string &extra) {
    return R"({"schema": "rmsnorm-kernel-manifest", "schema_version": 5, "launch_overlap": false,
      "kernel": ")" +
           kernel + R"(", "symbol": ")" + kernel + R"(", "op": "rms_norm",
      "target": "nvptx", "chip": "sm_90", "dtype": "bf16", "weight_dtype": "bf16",
      "n": )" +
           std::to_string(n) + R"(, "epsilon": null, "static_rows": null, )" +
           extra + R"(
      "block": [256, 2, 1], "rows_per_block": 2, "max_blocks": 2147483647, "dynamic_shared_bytes": 0,
      "alignment": {"base_pointer_bytes": 16},)" +
           kEpsilonParams + R"(
      "files": {"ptx": ")" +
           kernel + R"(.sm_90.ptx"}})";
  };
  // "m-many.json" sorts before "m.json": the set must still find m.
  std::ofstream("variants/m.json") << variantManifest(
      "m", 8192, R"("from_rows": null, "variants": ["m-many.json"],)");
  std::ofstream("variants/m-many.json") << variantManifest(
      "m_many_rows", 8192, R"("from_rows": 6400, "variants": [],)");
  Manifest named = Manifest::load("variants/m.json");
  expect(named.variants == std::vector<std::string>{"m-many.json"} &&
             !named.fromRows && named.file == "m.json",
         "a manifest names its variants");
  std::vector<Manifest> variants = loadVariants(named);
  expect(variants.size() == 1 && variants[0].fromRows == 6400 &&
             variants[0].kernel == "m_many_rows",
         "its variant loads, with from_rows");
  Manifest second = variants[0];
  second.fromRows = 100;
  std::vector<const Manifest *> choices = {&variants[0], &second};
  expect(chooseVariant({&variants[0]}, 6399) == -1 &&
             chooseVariant({&variants[0]}, 6400) == 0 &&
             chooseVariant(choices, 99) == -1 &&
             chooseVariant(choices, 5000) == 1 &&
             chooseVariant(choices, 32768) == 0,
         "rows choose the variant with the largest from_rows not above them");
  auto variantSet = KernelSet::fromDirectory("variants", "nvptx");
  const Manifest *found =
      variantSet->find(ElementType::BF16, ElementType::BF16, 8192, 1e-6);
  expect(variantSet->manifests().size() == 2 && found && found->kernel == "m",
         "a kernel set finds the kernel, not its variant");
  auto refusal = [&](const std::string &main, const std::string &variant) {
    std::system("rm -rf badvariants && mkdir -p badvariants");
    std::ofstream("badvariants/m.json") << main;
    if (!variant.empty())
      std::ofstream("badvariants/m-many.json") << variant;
    try {
      KernelSet::fromDirectory("badvariants", "nvptx");
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string names = R"("from_rows": null, "variants": ["m-many.json"],)";
  expect(refusal(variantManifest("m", 8192, names), "")
                 .find("cannot open manifest badvariants/m-many.json") !=
             std::string::npos,
         "a missing variant is refused by name");
  expect(refusal(variantManifest("m", 8192, names),
                 variantManifest("v", 8192, R"("from_rows": null,)"))
                 .find("names m-many.json as a variant, but it has no "
                       "from_rows") != std::string::npos,
         "a variant without from_rows is refused");
  expect(refusal(variantManifest("m", 8192, names),
                 variantManifest("v", 4096, R"("from_rows": 6400,)"))
                 .find("names m-many.json as a variant, but it computes "
                       "something else") != std::string::npos,
         "a variant of another computation is refused");
  // What the launch checks against the named kernel must hold for the
  // variant: chip, epsilon, parameters (in place or not), base alignment.
  auto edited = [&](std::string text, const std::string &from,
                    const std::string &to) {
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  const std::string many =
      variantManifest("v", 8192, R"("from_rows": 6400,)");
  // A built-in epsilon instead of the parameter.
  auto builtIn = [&](const std::string &text, const std::string &epsilon) {
    return edited(edited(text, "\"epsilon\": null", "\"epsilon\": " + epsilon),
                  "{\"name\": \"epsilon\", \"kind\": \"scalar\"},", "");
  };
  const std::string other = "computes something else";
  expect(refusal(variantManifest("m", 8192, names),
                 edited(many, "\"sm_90\"", "\"sm_100\""))
                     .find(other) != std::string::npos &&
             refusal(builtIn(variantManifest("m", 8192, names), "1e-05"),
                     builtIn(many, "1e-06"))
                     .find(other) != std::string::npos &&
             refusal(variantManifest("m", 8192, names),
                     edited(edited(many, "\"name\": \"y\", \"kind\": \"pointer\"",
                                   "\"name\": \"xy\", \"kind\": \"pointer\""),
                            "\"y_row_stride\"", "\"xy_row_stride\""))
                     .find(other) != std::string::npos &&
             refusal(variantManifest("m", 8192, names),
                     edited(many, "\"base_pointer_bytes\": 16",
                            "\"base_pointer_bytes\": 64"))
                     .find(other) != std::string::npos,
         "a variant of another chip, epsilon, parameters or alignment is "
         "refused");
  // Both with their row strides compiled in, x's differing.
  auto fixedStrides = [&](const std::string &text, const std::string &x) {
    return edited(edited(text, "\"static_row_strides\": {}",
                         "\"static_row_strides\": {\"x\": " + x +
                             ", \"y\": 8192}"),
                  ", {\"name\": \"x_row_stride\", \"kind\": \"scalar\"},\n"
                  "                 {\"name\": \"y_row_stride\", \"kind\": "
                  "\"scalar\"}",
                  "");
  };
  expect(refusal(fixedStrides(variantManifest("m", 8192, names), "8192"),
                 fixedStrides(many, "16384"))
                 .find(other) != std::string::npos,
         "a variant with other compiled-in row strides is refused");
  expect(refusal(variantManifest(
                     "m", 8192, R"("variants": ["../m-many.json"],)"),
                 "")
                 .find("variants must name manifests beside this one by "
                       "plain file name") != std::string::npos,
         "a variant outside the manifest's folder is refused");
  expect(refusal(variantManifest("m", 8192, R"("variants": "m-many.json",)"),
                 "")
                 .find("variants must be an array of manifest file names") !=
             std::string::npos,
         "variants that are not an array are refused");
  expect(refusal(variantManifest("m", 8192, R"("from_rows": 0,)"), "")
                 .find("from_rows must be at least 1") != std::string::npos,
         "from_rows below 1 is refused");

  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

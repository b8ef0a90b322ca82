//===- rmsnorm-harness.cpp - run an emitted kernel and check its numerics -===//
//
// Loads a kernel by its manifest, runs it on generated inputs with poisoned
// outputs and guard bands, and compares with an fp64 reference; optionally
// times it against a same-bytes device copy. Needs no LLVM or MLIR.
//
// Exit status: 0 pass, 1 a check failed, 2 bad usage, manifest or input,
// 3 no GPU. With --expect-fail, 0 means the check failed as it should.
//
// `rmsnorm-harness check --dtype T --rows M --n N --epsilon E --x F --w F
// --y F` gives the same verdict on outputs computed elsewhere (raw files of
// bit patterns), without a GPU.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Launch.h"
#include "rmsnorm/Runtime/Manifest.h"
#include "rmsnorm/Runtime/Numerics.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace rmsnorm::runtime;

namespace {
constexpr size_t kGuardBytes = 256;
constexpr uint8_t kGuardByte = 0xA5;
constexpr uint8_t kPoisonByte = 0xFF; // NaN in every element type

struct Options {
  std::string manifest;
  // Row counts and stride kinds to run: integers, or rpb-1 / rpb+1 (rows
  // per block -/+ 1); strides n, aligned (the next 16-byte multiple past
  // n), misaligned (n + 1), or integers.
  std::vector<std::string> rows = {"1"}, strides = {"n"};
  bool stridesGiven = false; // --strides on the command line
  int64_t xStride = 0, yStride = 0;
  std::vector<InputClass> inputs = {InputClass::Normal};
  uint64_t seed = 20261129;
  bool time = false, expectFail = false;
  int reps = 50;
  int64_t misalignBytes = 0;
  int64_t uniqueRows = 0; // >0: x repeats this many distinct rows
  double epsilon = 1e-5;  // for kernels that take epsilon as a parameter
  int chain = 0; // >= 2: also run the kernel this many times back to back
};

[[noreturn]] void usage(const std::string &message) {
  std::fprintf(stderr,
               "rmsnorm-harness: error: %s\n"
               "usage: rmsnorm-harness MANIFEST [--rows M,...] [--strides "
               "n|aligned|misaligned|S,...] [--x-stride S] [--y-stride S] "
               "[--inputs CLASS,...] [--seed N] [--time] [--reps N] "
               "[--misalign-bytes B] [--unique-rows K] [--epsilon E] "
               "[--chain K] [--expect-fail]\n",
               message.c_str());
  std::exit(2);
}

std::vector<std::string> splitList(const std::string &list) {
  std::vector<std::string> items;
  size_t start = 0;
  while (true) {
    size_t comma = list.find(',', start);
    items.push_back(list.substr(start, comma - start));
    if (comma == std::string::npos)
      return items;
    start = comma + 1;
  }
}

int64_t parseInt(const char *flag, const char *text) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text, &end, 10);
  if (!*text || *end)
    usage(std::string(flag) + " expects an integer, got '" + text + "'");
  if (errno == ERANGE)
    usage(std::string(flag) + " is out of range: '" + text + "'");
  return v;
}

/// rows * stride * element bytes, or a usage error when it cannot be a
/// buffer (overflow, or more than 2^40 bytes).
size_t bufferBytes(int64_t rows, int64_t stride, size_t elementBytes) {
  int64_t elements = 0, bytes = 0;
  if (__builtin_mul_overflow(rows, stride, &elements) ||
      __builtin_mul_overflow(elements, static_cast<int64_t>(elementBytes),
                             &bytes) ||
      bytes > (int64_t{1} << 40))
    usage(std::to_string(rows) + " rows of stride " + std::to_string(stride) +
          " do not fit a buffer");
  return static_cast<size_t>(bytes);
}

Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char * {
      if (i + 1 >= argc)
        usage(arg + " expects a value");
      return argv[++i];
    };
    if (arg == "--rows")
      o.rows = splitList(value());
    else if (arg == "--strides")
      o.strides = splitList(value()), o.stridesGiven = true;
    else if (arg == "--x-stride")
      o.xStride = parseInt("--x-stride", value());
    else if (arg == "--y-stride")
      o.yStride = parseInt("--y-stride", value());
    else if (arg == "--seed")
      o.seed = parseInt("--seed", value());
    else if (arg == "--reps")
      o.reps = parseInt("--reps", value());
    else if (arg == "--misalign-bytes")
      o.misalignBytes = parseInt("--misalign-bytes", value());
    else if (arg == "--unique-rows")
      o.uniqueRows = parseInt("--unique-rows", value());
    else if (arg == "--chain") {
      int64_t chain = parseInt("--chain", value());
      if (chain < 2 || chain > 1000)
        usage("--chain expects 2 to 1000 launches, got " +
              std::to_string(chain));
      o.chain = static_cast<int>(chain);
    } else if (arg == "--epsilon") {
      const char *text = value();
      char *end = nullptr;
      o.epsilon = std::strtod(text, &end);
      if (!*text || *end || !(o.epsilon > 0) || !std::isfinite(o.epsilon))
        usage(std::string("--epsilon expects a positive number, got '") + text +
              "'");
    } else if (arg == "--time")
      o.time = true;
    else if (arg == "--expect-fail")
      o.expectFail = true;
    else if (arg == "--inputs") {
      o.inputs.clear();
      std::string list = value();
      size_t start = 0;
      while (start <= list.size()) {
        size_t comma = list.find(',', start);
        std::string name = list.substr(start, comma - start);
        try {
          o.inputs.push_back(parseInputClass(name));
        } catch (const Error &e) {
          usage(e.what());
        }
        if (comma == std::string::npos)
          break;
        start = comma + 1;
      }
    } else if (!arg.empty() && arg[0] == '-')
      usage("unknown option " + arg);
    else if (o.manifest.empty())
      o.manifest = arg;
    else
      usage("more than one manifest given");
  }
  if (o.manifest.empty())
    usage("no manifest given");
  if (o.reps < 1)
    usage("--reps must be at least 1");
  if (o.uniqueRows < 0)
    usage("--unique-rows must not be negative");
  return o;
}

/// A device buffer with guard bands before and after its payload.
struct Guarded {
  Device &device;
  size_t payload;
  DevicePtr base;
  int64_t shift; // bytes the payload starts past its 16-byte-aligned place

  Guarded(Device &device, size_t payload, int64_t shift)
      : device(device), payload(payload),
        base(device.alloc(payload + 2 * kGuardBytes + 16)), shift(shift) {
    device.fill(base, kGuardByte, payload + 2 * kGuardBytes + 16);
  }
  ~Guarded() { device.release(base); }
  DevicePtr data() const { return base + kGuardBytes + shift; }
  /// True when no byte outside the payload changed.
  bool guardsIntact() {
    std::vector<uint8_t> bytes(payload + 2 * kGuardBytes + 16);
    device.download(bytes.data(), base, bytes.size());
    for (size_t i = 0; i < bytes.size(); ++i) {
      size_t offset = i - kGuardBytes - shift;
      bool inside = i >= kGuardBytes + shift && offset < payload;
      if (!inside && bytes[i] != kGuardByte)
        return false;
    }
    return true;
  }
};

std::vector<uint8_t> pack(ElementType type, const std::vector<uint32_t> &bits) {
  size_t width = elementBytes(type);
  std::vector<uint8_t> bytes(bits.size() * width);
  for (size_t i = 0; i < bits.size(); ++i)
    std::memcpy(&bytes[i * width], &bits[i], width); // little endian
  return bytes;
}

/// The first `count` elements of `type` at `bytes`, as bit patterns.
std::vector<uint32_t> unpack(ElementType type, const void *bytes,
                             size_t count) {
  size_t width = elementBytes(type);
  std::vector<uint32_t> bits(count, 0);
  for (size_t i = 0; i < count; ++i) // little endian
    std::memcpy(&bits[i], static_cast<const uint8_t *>(bytes) + i * width,
                width);
  return bits;
}

/// One kernel, loaded once, checked (and timed) on several shapes.
class Runner {
public:
  Runner(const Options &o, const Manifest &m, Device &device)
      : o(o), m(m), device(device) {}

  /// Checks every input class at one shape; false on any failure.
  bool runCase(int64_t rows, int64_t xStride, int64_t yStride) {
    size_t eb = elementBytes(m.dtype), wb = elementBytes(m.weightDtype);
    // An in-place kernel reads and writes one buffer: y is x, and what it
    // holds between rows is x's input, which the kernel must leave alone.
    bool inPlace = isInPlace(m);
    Guarded x(device, rows * xStride * eb, o.misalignBytes);
    Guarded w(device, m.n * wb, 0);
    std::optional<Guarded> separateY;
    if (!inPlace)
      separateY.emplace(device, rows * yStride * eb, 0);
    DevicePtr y = inPlace ? x.data() : separateY->data();
    Launch launch(device, m);
    launch.values.x = x.data();
    launch.values.w = w.data();
    launch.values.y = y;
    launch.values.rows = rows;
    launch.values.xStride = xStride;
    launch.values.yStride = yStride;
    launch.values.epsilon = static_cast<float>(m.epsilon);
    checkLaunch(m, launch.values);
    bool allPass = true;
    for (InputClass inputs : o.inputs) {
      if (inputs == InputClass::Overflow && m.dtype == ElementType::F16)
        continue; // f16 cannot hold such values: nothing to check
      Problem p =
          makeProblem(m, rows, xStride, yStride, inputs, o.seed, o.uniqueRows);
      std::vector<uint8_t> xBytes = pack(m.dtype, p.x),
                           wBytes = pack(m.weightDtype, p.w);
      if (p.period) {
        // Repeat the distinct rows over all of x.
        size_t rowBytes = xStride * eb;
        std::vector<uint8_t> full(rows * rowBytes);
        for (int64_t i = 0; i < rows; ++i)
          std::memcpy(&full[i * rowBytes], &xBytes[(i % p.period) * rowBytes],
                      rowBytes);
        xBytes.swap(full);
      }
      device.upload(x.data(), xBytes.data(), xBytes.size());
      device.upload(w.data(), wBytes.data(), wBytes.size());
      if (!inPlace)
        device.fill(y, kPoisonByte, rows * yStride * eb);
      launch.run();
      device.synchronize();
      std::vector<uint8_t> yBytes(rows * yStride * eb);
      device.download(yBytes.data(), y, yBytes.size());
      CheckResult r = check(p, [&](int64_t index) {
        uint32_t bits = 0;
        std::memcpy(&bits, &yBytes[index * eb], eb); // little endian
        return bits;
      });
      // The gaps between y's rows are nobody's: they keep the poison (in
      // place, x's bytes).
      bool gapsIntact = true;
      for (int64_t i = 0; i < rows && gapsIntact; ++i)
        for (int64_t j = m.n; j < yStride; ++j)
          for (size_t b = 0; b < eb; ++b) {
            size_t at = (i * yStride + j) * eb + b;
            gapsIntact &= yBytes[at] == (inPlace ? xBytes[at] : kPoisonByte);
          }
      bool guards = x.guardsIntact() && w.guardsIntact() &&
                    (inPlace || separateY->guardsIntact());
      bool pass = r.pass && gapsIntact && guards;
      allPass &= pass;
      std::string detail;
      if (!r.pass)
        detail += " mismatches=" + std::to_string(r.mismatches) +
                  " first: " + r.firstMismatch;
      if (!gapsIntact)
        detail += " y-row-gaps-written";
      if (!guards)
        detail += " guard-bands-written";
      std::printf("%s %s %s N=%lld M=%lld x_stride=%lld y_stride=%lld "
                  "inputs=%s max_ulp=%llu checked=%llu%s\n",
                  pass ? "PASS" : "FAIL", m.kernel.c_str(),
                  elementTypeName(m.dtype), static_cast<long long>(m.n),
                  static_cast<long long>(rows), static_cast<long long>(xStride),
                  static_cast<long long>(yStride), inputClassName(inputs),
                  static_cast<unsigned long long>(r.maxUlp),
                  static_cast<unsigned long long>(r.checked), detail.c_str());
    }
    if (o.time)
      time(launch, rows);
    return allPass;
  }

  /// Runs the kernel `o.chain` times back to back on one stream, each launch
  /// reading the previous one's output (three buffers in a ring, rows
  /// `stride` apart for x and y alike), with no synchronization between
  /// them: a kernel launched to overlap the previous one's end
  /// (launch_overlap) must still read its finished output and must not
  /// overwrite the buffer the previous one reads. Checks the last two
  /// launches against the fp64 reference of what their inputs finally hold;
  /// false on any failure. Few launches suit it: each multiplies by w again,
  /// so over many most values shrink towards zero (and a stale read could
  /// then match).
  bool runChain(int64_t rows, int64_t stride) {
    const char *skip = isInPlace(m) ? "in place"
                       : (m.staticXStride && *m.staticXStride != stride) ||
                               (m.staticYStride && *m.staticYStride != stride)
                           ? "row strides compiled in that differ"
                           : nullptr;
    if (skip) {
      std::printf("SKIP chain %s: %s\n", m.kernel.c_str(), skip);
      return true;
    }
    size_t eb = elementBytes(m.dtype), wb = elementBytes(m.weightDtype);
    size_t bytes = rows * stride * eb;
    std::vector<std::unique_ptr<Guarded>> ring;
    for (int i = 0; i < 3; ++i)
      ring.push_back(std::make_unique<Guarded>(device, bytes, 0));
    Guarded w(device, m.n * wb, 0);
    Problem first =
        makeProblem(m, rows, stride, stride, InputClass::Normal, o.seed, 0);
    std::vector<uint8_t> xBytes = pack(m.dtype, first.x);
    device.upload(ring[0]->data(), xBytes.data(), xBytes.size());
    std::vector<uint8_t> wBytes = pack(m.weightDtype, first.w);
    device.upload(w.data(), wBytes.data(), wBytes.size());
    for (int i = 1; i < 3; ++i)
      device.fill(ring[i]->data(), kPoisonByte, bytes);
    Launch launch(device, m);
    launch.values.w = w.data();
    launch.values.rows = rows;
    launch.values.xStride = stride;
    launch.values.yStride = stride;
    launch.values.epsilon = static_cast<float>(m.epsilon);
    for (int i = 0; i < o.chain; ++i) {
      launch.values.x = ring[i % 3]->data();
      launch.values.y = ring[(i + 1) % 3]->data();
      if (i == 0)
        checkLaunch(m, launch.values);
      launch.run();
    }
    device.synchronize();
    // Launch k read ring[(k - 1) % 3] and wrote ring[k % 3] (k = 1 ... chain);
    // the last three buffers are untouched since.
    auto contents = [&](int k) {
      std::vector<uint8_t> out(bytes);
      device.download(out.data(), ring[k % 3]->data(), bytes);
      return unpack(m.dtype, out.data(), rows * stride);
    };
    bool pass = true;
    std::string detail;
    for (int k = o.chain - 1; k <= o.chain; ++k) {
      Problem p = first;
      p.x = contents(k - 1);
      std::vector<uint32_t> y = contents(k);
      // Finite inputs give finite outputs: a non-finite row in an input here
      // (which check() would skip) means an earlier launch went wrong.
      std::vector<bool> unchecked = uncheckedRows(p);
      if (std::find(unchecked.begin(), unchecked.end(), true) !=
          unchecked.end()) {
        detail += " launch " + std::to_string(k) + ": non-finite input rows";
        pass = false;
      }
      CheckResult r = check(p, y);
      if (!r.pass)
        detail += " launch " + std::to_string(k) +
                  ": mismatches=" + std::to_string(r.mismatches) +
                  " first: " + r.firstMismatch;
      pass &= r.pass;
    }
    bool guards = w.guardsIntact();
    for (auto &buffer : ring)
      guards &= buffer->guardsIntact();
    if (!guards)
      detail += " guard-bands-written";
    pass &= guards;
    std::printf("%s chain %s %s N=%lld M=%lld stride=%lld launches=%d "
                "launch_overlap=%s%s\n",
                pass ? "PASS" : "FAIL", m.kernel.c_str(),
                elementTypeName(m.dtype), static_cast<long long>(m.n),
                static_cast<long long>(rows), static_cast<long long>(stride),
                o.chain, m.launchOverlap ? "true" : "false", detail.c_str());
    return pass;
  }

private:
  /// The kernel with one set of arguments.
  struct Launch {
    Launch(Device &device, const Manifest &m) : device(device), m(m) {}
    void run() {
      std::vector<void *> args = launchArguments(m, values);
      unsigned grid[3], block[3];
      launchGrid(m, values.rows, grid);
      for (int i = 0; i < 3; ++i)
        block[i] = static_cast<unsigned>(m.block[i]);
      device.launch(grid, block, static_cast<unsigned>(m.dynamicSharedBytes),
                    args);
    }
    Device &device;
    const Manifest &m;
    LaunchValues values;
  };

  void time(Launch &launch, int64_t rows) {
    size_t eb = elementBytes(m.dtype), wb = elementBytes(m.weightDtype);
    size_t flushBytes = 256u << 20; // several times the largest L2
    DevicePtr flush = device.alloc(flushBytes);
    double bytes = 2.0 * rows * m.n * eb + m.n * wb;
    bool launchBound = bytes < (64u << 20);
    auto work = [&] { launch.run(); };
    auto flushL2 = [&] { device.fill(flush, 0, flushBytes); };
    double ms = launchBound ? device.timeGraphMs(work, 20, o.reps)
                            : device.timeMs(work, flushL2, o.reps);
    size_t copyBytes = static_cast<size_t>(bytes / 2);
    DevicePtr src = device.alloc(copyBytes), dst = device.alloc(copyBytes);
    auto copy = [&] { device.copy(dst, src, copyBytes); };
    double copyMs = launchBound ? device.timeGraphMs(copy, 20, o.reps)
                                : device.timeMs(copy, flushL2, o.reps);
    std::printf("TIME %s %s N=%lld M=%lld %.2f us %.0f GB/s copy %.2f us %.0f "
                "GB/s %.1f%% of copy (%s)\n",
                m.kernel.c_str(), elementTypeName(m.dtype),
                static_cast<long long>(m.n), static_cast<long long>(rows),
                ms * 1e3, bytes / ms / 1e6, copyMs * 1e3, bytes / copyMs / 1e6,
                100.0 * copyMs / ms,
                launchBound ? "graph replay" : "events, L2 flushed");
    device.release(src);
    device.release(dst);
    device.release(flush);
  }

  const Options &o;
  const Manifest &m;
  Device &device;
};

int64_t resolveRows(const std::string &token, const Manifest &m) {
  if (token == "rpb-1")
    return m.rowsPerBlock - 1;
  if (token == "rpb+1")
    return m.rowsPerBlock + 1;
  return parseInt("--rows", token.c_str());
}

int64_t resolveStride(const std::string &token, const Manifest &m) {
  int64_t perVector = 16 / static_cast<int64_t>(elementBytes(m.dtype));
  if (token == "n")
    return m.n;
  if (token == "aligned")
    return (m.n / perVector + 1) * perVector;
  if (token == "misaligned")
    return m.n + 1;
  return parseInt("--strides", token.c_str());
}

int run(const Options &o) {
  Manifest m = Manifest::load(o.manifest);
  // The launch's epsilon, rounded as the kernel receives it; the reference
  // uses the same value.
  if (m.runtimeEpsilon)
    m.epsilon = static_cast<float>(o.epsilon);
  std::vector<int64_t> rowCounts;
  for (const std::string &token : o.rows) {
    int64_t rows = resolveRows(token, m);
    if (token.rfind("rpb", 0) == 0 && rows < 1)
      continue; // rpb-1 with one row per block: no such shape
    if (rows < 1)
      usage("--rows must be at least 1, got " + std::to_string(rows));
    rowCounts.push_back(rows);
  }
  std::vector<std::pair<int64_t, int64_t>> strides;
  // A row stride compiled into the kernel is the only one it serves: it
  // replaces the --strides tokens (which then choose only the other's), and
  // --x-stride / --y-stride must match it. With every stride compiled in,
  // --strides has nothing to choose.
  bool allFixed = m.staticXStride && m.staticYStride;
  if (allFixed && o.stridesGiven)
    usage("kernel " + m.kernel +
          " has its row strides compiled in (static_row_strides); --strides "
          "does not apply");
  for (const std::string &token : o.strides) {
    int64_t s = resolveStride(token, m);
    strides.emplace_back(o.xStride ? o.xStride : m.staticXStride.value_or(s),
                         o.yStride ? o.yStride : m.staticYStride.value_or(s));
  }
  for (auto [xs, ys] : strides) {
    if (std::string why = rowStrideProblem(m, xs, ys); !why.empty())
      usage(why);
    for (int64_t rows : rowCounts) {
      bufferBytes(rows, xs, elementBytes(m.dtype));
      bufferBytes(rows, ys, elementBytes(m.dtype));
    }
  }
  if (o.misalignBytes % static_cast<int64_t>(elementBytes(m.dtype)) != 0 ||
      o.misalignBytes < 0 || o.misalignBytes >= 16)
    usage("--misalign-bytes must be a multiple of the element size below 16");

  std::unique_ptr<Device> device;
  try {
    device = openDeviceFor(m);
  } catch (const NoDevice &e) {
    std::fprintf(stderr, "rmsnorm-harness: error: %s\n", e.what());
    return 3;
  }

  Runner runner(o, m, *device);
  bool allPass = true;
  for (int64_t rows : rowCounts)
    for (auto [xs, ys] : strides) {
      allPass &= runner.runCase(rows, xs, ys);
      if (o.chain)
        allPass &= runner.runChain(rows, xs);
    }
  if (o.expectFail) {
    std::printf("%s %s\n", allPass ? "UNEXPECTED PASS" : "EXPECTED FAIL",
                allPass ? "(the broken kernel was not caught)" : "(caught)");
    return allPass ? 1 : 0;
  }
  return allPass ? 0 : 1;
}
} // namespace

/// `rmsnorm-harness check ...`: the harness's verdict on outputs computed
/// elsewhere (raw little-endian files of bit patterns), without a GPU: the
/// same reference and tolerance as a kernel run.
int checkFiles(int argc, char **argv) {
  std::string dtype, weightDtype, xPath, wPath, yPath;
  int64_t rows = 0, n = 0, xStride = 0, yStride = 0;
  double epsilon = 0;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc)
      usage(arg + " expects a value");
    const char *value = argv[++i];
    if (arg == "--dtype")
      dtype = value;
    else if (arg == "--weight-dtype")
      weightDtype = value;
    else if (arg == "--rows")
      rows = parseInt("--rows", value);
    else if (arg == "--n")
      n = parseInt("--n", value);
    else if (arg == "--x-stride")
      xStride = parseInt("--x-stride", value);
    else if (arg == "--y-stride")
      yStride = parseInt("--y-stride", value);
    else if (arg == "--epsilon")
      epsilon = std::strtod(value, nullptr);
    else if (arg == "--x")
      xPath = value;
    else if (arg == "--w")
      wPath = value;
    else if (arg == "--y")
      yPath = value;
    else
      usage("unknown option of check: " + arg);
  }
  if (dtype.empty() || rows < 1 || n < 1 || xPath.empty() || wPath.empty() ||
      yPath.empty() || !(epsilon > 0))
    usage("check needs --dtype, --rows, --n, --epsilon, --x, --w and --y");
  Problem p{parseElementType(dtype),
            parseElementType(weightDtype.empty() ? dtype : weightDtype),
            rows,
            n,
            xStride ? xStride : n,
            yStride ? yStride : n,
            epsilon,
            {},
            {},
            0};
  auto load = [&](const std::string &path, ElementType type, size_t count) {
    std::string bytes = readFile(path, "input");
    size_t width = elementBytes(type);
    if (bytes.size() < count * width)
      throw Error(path + " holds " + std::to_string(bytes.size()) +
                  " bytes, fewer than " + std::to_string(count * width));
    return unpack(type, bytes.data(), count);
  };
  p.x = load(xPath, p.dtype, (rows - 1) * p.xStride + n);
  p.x.resize(rows * p.xStride);
  p.w = load(wPath, p.weightDtype, n);
  std::vector<uint32_t> y = load(yPath, p.dtype, (rows - 1) * p.yStride + n);
  CheckResult r = check(p, [&](int64_t index) { return y[index]; });
  std::printf(
      "%s %s N=%lld M=%lld max_ulp=%llu checked=%llu mismatches=%llu%s%s\n",
      r.pass ? "PASS" : "FAIL", elementTypeName(p.dtype),
      static_cast<long long>(n), static_cast<long long>(rows),
      static_cast<unsigned long long>(r.maxUlp),
      static_cast<unsigned long long>(r.checked),
      static_cast<unsigned long long>(r.mismatches),
      r.pass ? "" : " first: ", r.firstMismatch.c_str());
  return r.pass ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc > 1 && std::string(argv[1]) == "check") {
    try {
      return checkFiles(argc, argv);
    } catch (const Error &e) {
      std::fprintf(stderr, "rmsnorm-harness: error: %s\n", e.what());
      return 2;
    }
  }
  Options o = parseOptions(argc, argv);
  try {
    return run(o);
  } catch (const Error &e) {
    std::fprintf(stderr, "rmsnorm-harness: error: %s\n", e.what());
    return 2;
  }
}

//===- rmsnorm-harness.cpp - run an emitted kernel and check its numerics -===//
//
// Loads a kernel by its manifest, runs it on generated inputs with poisoned
// outputs and guard bands, and compares with an fp64 reference; optionally
// times it against a same-bytes device copy. Needs no LLVM or MLIR.
//
// Exit status: 0 pass, 1 a check failed, 2 bad usage, manifest or input,
// 3 no GPU. With --expect-fail, 0 means the check failed as it should.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Manifest.h"
#include "rmsnorm/Runtime/Numerics.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace rmsnorm::runtime;

namespace {
constexpr size_t kGuardBytes = 256;
constexpr uint8_t kGuardByte = 0xA5;
constexpr uint8_t kPoisonByte = 0xFF; // NaN in every element type

struct Options {
  std::string manifest;
  int64_t rows = 1, xStride = 0, yStride = 0;
  std::vector<InputClass> inputs = {InputClass::Normal};
  uint64_t seed = 20261129;
  bool time = false, expectFail = false;
  int reps = 50;
  int64_t misalignBytes = 0;
};

[[noreturn]] void usage(const std::string &message) {
  std::fprintf(stderr,
               "rmsnorm-harness: error: %s\n"
               "usage: rmsnorm-harness MANIFEST [--rows M] [--x-stride S] "
               "[--y-stride S] [--inputs CLASS,...] [--seed N] [--time] "
               "[--reps N] [--misalign-bytes B] [--expect-fail]\n",
               message.c_str());
  std::exit(2);
}

int64_t parseInt(const char *flag, const char *text) {
  char *end = nullptr;
  long long v = std::strtoll(text, &end, 10);
  if (!*text || *end)
    usage(std::string(flag) + " expects an integer, got '" + text + "'");
  return v;
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
      o.rows = parseInt("--rows", value());
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
    else if (arg == "--time")
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

std::vector<uint32_t> unpack(ElementType type, const std::vector<uint8_t> &bytes) {
  size_t width = elementBytes(type);
  std::vector<uint32_t> bits(bytes.size() / width, 0);
  for (size_t i = 0; i < bits.size(); ++i)
    std::memcpy(&bits[i], &bytes[i * width], width);
  return bits;
}

int run(const Options &o) {
  Manifest m = Manifest::load(o.manifest);
  int64_t xStride = o.xStride ? o.xStride : m.n;
  int64_t yStride = o.yStride ? o.yStride : m.n;
  if (o.rows < 1)
    usage("--rows must be at least 1, got " + std::to_string(o.rows));
  if (xStride < m.n || yStride < m.n)
    usage("row strides (x " + std::to_string(xStride) + ", y " +
          std::to_string(yStride) + ") must hold a row of " +
          std::to_string(m.n) + " elements");
  if (o.misalignBytes % static_cast<int64_t>(elementBytes(m.dtype)) != 0 ||
      o.misalignBytes < 0 || o.misalignBytes >= 16)
    usage("--misalign-bytes must be a multiple of the element size below 16");

  std::unique_ptr<Device> device;
  try {
    device = m.target == "amdgpu" ? openHipDevice() : openCudaDevice();
  } catch (const Error &e) {
    std::fprintf(stderr, "rmsnorm-harness: error: %s\n", e.what());
    return 3;
  }
  if (device->chip() != m.chip)
    throw Error("the manifest is for " + m.chip + " but the device is " +
                device->chip() + " (" + device->name() + ")");
  device->loadKernel(m.imagePath(), m.symbol);

  size_t eb = elementBytes(m.dtype), wb = elementBytes(m.weightDtype);
  Guarded x(*device, o.rows * xStride * eb, o.misalignBytes);
  Guarded w(*device, m.n * wb, 0);
  Guarded y(*device, o.rows * yStride * eb, 0);
  for (auto [name, ptr] : {std::pair<const char *, DevicePtr>{"x", x.data()},
                           {"w", w.data()},
                           {"y", y.data()}})
    if (ptr % m.pointerAlignment != 0)
      throw Error(std::string("the base pointer of ") + name +
                  " is misaligned by " + std::to_string(ptr % m.pointerAlignment) +
                  " bytes; the manifest requires " +
                  std::to_string(m.pointerAlignment) + "-byte alignment");

  int64_t rows = o.rows;
  std::vector<void *> args;
  DevicePtr xp = x.data(), wp = w.data(), yp = y.data();
  for (const Param &p : m.params) {
    if (p.name == "x" || p.name == "xy")
      args.push_back(&xp);
    else if (p.name == "w")
      args.push_back(&wp);
    else if (p.name == "y")
      args.push_back(&yp);
    else if (p.name == "rows")
      args.push_back(&rows);
    else if (p.name == "x_row_stride")
      args.push_back(const_cast<int64_t *>(&xStride));
    else if (p.name == "y_row_stride")
      args.push_back(const_cast<int64_t *>(&yStride));
    else
      throw Error("unknown kernel parameter \"" + p.name + "\"");
  }
  unsigned grid[3] = {
      static_cast<unsigned>((rows + m.rowsPerBlock - 1) / m.rowsPerBlock), 1, 1};
  unsigned block[3] = {static_cast<unsigned>(m.block[0]),
                       static_cast<unsigned>(m.block[1]),
                       static_cast<unsigned>(m.block[2])};
  auto launch = [&] {
    device->launch(grid, block, m.dynamicSharedBytes, args);
  };

  bool allPass = true;
  for (InputClass inputs : o.inputs) {
    if (inputs == InputClass::Overflow && m.dtype == ElementType::F16)
      continue; // f16 cannot hold such values: nothing to check
    Problem p = makeProblem(m, rows, xStride, yStride, inputs, o.seed);
    std::vector<uint8_t> xBytes = pack(m.dtype, p.x), wBytes = pack(m.weightDtype, p.w);
    device->upload(x.data(), xBytes.data(), xBytes.size());
    device->upload(w.data(), wBytes.data(), wBytes.size());
    device->fill(y.data(), kPoisonByte, rows * yStride * eb);
    launch();
    device->synchronize();
    std::vector<uint8_t> yBytes(rows * yStride * eb);
    device->download(yBytes.data(), y.data(), yBytes.size());
    std::vector<uint32_t> yBits = unpack(m.dtype, yBytes);
    CheckResult r = check(p, yBits);
    // The gaps between y's rows are nobody's: they keep the poison.
    bool gapsIntact = true;
    for (int64_t i = 0; i < rows && gapsIntact; ++i)
      for (int64_t j = m.n; j < yStride; ++j)
        for (size_t b = 0; b < eb; ++b)
          gapsIntact &= yBytes[(i * yStride + j) * eb + b] == kPoisonByte;
    bool guards = x.guardsIntact() && w.guardsIntact() && y.guardsIntact();
    bool pass = r.pass && gapsIntact && guards;
    allPass &= pass;
    std::printf("%s %s %s N=%lld M=%lld x_stride=%lld y_stride=%lld "
                "inputs=%s max_ulp=%llu checked=%llu%s%s%s%s\n",
                pass ? "PASS" : "FAIL", m.kernel.c_str(),
                elementTypeName(m.dtype), static_cast<long long>(m.n),
                static_cast<long long>(rows), static_cast<long long>(xStride),
                static_cast<long long>(yStride), inputClassName(inputs),
                static_cast<unsigned long long>(r.maxUlp),
                static_cast<unsigned long long>(r.checked),
                r.pass ? "" : (" mismatches=" + std::to_string(r.mismatches) +
                               " first: " + r.firstMismatch)
                                  .c_str(),
                gapsIntact ? "" : " y-row-gaps-written",
                guards ? "" : " guard-bands-written", "");
  }

  if (o.time) {
    size_t flushBytes = 256u << 20; // several times the largest L2
    DevicePtr flush = device->alloc(flushBytes);
    double bytes = 2.0 * rows * m.n * eb + m.n * wb;
    bool launchBound = bytes < (64u << 20);
    double ms = launchBound
                    ? device->timeGraphMs(launch, 20, o.reps)
                    : device->timeMs(launch,
                                     [&] { device->fill(flush, 0, flushBytes); },
                                     o.reps);
    size_t copyBytes = static_cast<size_t>(bytes / 2);
    DevicePtr src = device->alloc(copyBytes), dst = device->alloc(copyBytes);
    auto copy = [&] { device->copy(dst, src, copyBytes); };
    double copyMs = launchBound
                        ? device->timeGraphMs(copy, 20, o.reps)
                        : device->timeMs(copy,
                                         [&] { device->fill(flush, 0, flushBytes); },
                                         o.reps);
    std::printf("TIME %s %s N=%lld M=%lld %.2f us %.0f GB/s copy %.2f us %.0f "
                "GB/s %.1f%% of copy (%s)\n",
                m.kernel.c_str(), elementTypeName(m.dtype),
                static_cast<long long>(m.n), static_cast<long long>(rows),
                ms * 1e3, bytes / ms / 1e6, copyMs * 1e3, bytes / copyMs / 1e6,
                100.0 * copyMs / ms,
                launchBound ? "graph replay" : "events, L2 flushed");
    device->release(src);
    device->release(dst);
    device->release(flush);
  }
  if (o.expectFail) {
    std::printf("%s\n", allPass ? "UNEXPECTED PASS: the broken kernel was not caught"
                                : "EXPECTED FAIL: caught");
    return allPass ? 1 : 0;
  }
  return allPass ? 0 : 1;
}
} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  try {
    return run(o);
  } catch (const Error &e) {
    std::fprintf(stderr, "rmsnorm-harness: error: %s\n", e.what());
    return 2;
  }
}

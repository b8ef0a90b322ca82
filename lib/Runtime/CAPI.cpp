//===- CAPI.cpp - the runtime's C entry point -----------------------------===//

#include "rmsnorm/Runtime/CAPI.h"
#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Launch.h"
#include "rmsnorm/Runtime/Manifest.h"
#include "rmsnorm/Runtime/Numerics.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include <memory>
#include <string>

using namespace rmsnorm::runtime;

struct rmsnorm_kernel {
  Manifest manifest;
  std::unique_ptr<Device> device;
  /// The kernels for many rows the manifest names, each launched from its
  /// from_rows.
  std::vector<std::unique_ptr<rmsnorm_kernel>> variants;
};

namespace {
thread_local std::string lastError;

/// Runs `body`, turning an exception into a message and `failed`.
template <typename T, typename F> T guarded(T failed, F body) {
  try {
    lastError.clear();
    return body();
  } catch (const std::exception &e) {
    lastError = e.what();
  } catch (...) {
    lastError = "unknown error";
  }
  return failed;
}
} // namespace

namespace {
ElementType elementType(int32_t code) {
  switch (code) {
  case RMSNORM_F32:
    return ElementType::F32;
  case RMSNORM_F16:
    return ElementType::F16;
  case RMSNORM_BF16:
    return ElementType::BF16;
  }
  throw Error("unknown element type code " + std::to_string(code) +
              " (RMSNORM_F32, RMSNORM_F16, RMSNORM_BF16)");
}

uint32_t loadBits(const void *base, int64_t index, size_t bytes) {
  uint32_t bits = 0;
  std::memcpy(&bits, static_cast<const char *>(base) + index * bytes,
              bytes); // little endian
  return bits;
}

/// A Problem over caller memory: x and w copied as bit patterns.
Problem problemOf(int32_t dtype, int32_t weightDtype, int64_t rows, int64_t n,
                  const void *x, int64_t xStride, const void *w,
                  int64_t yStride, double epsilon) {
  Problem p{elementType(dtype),
            elementType(weightDtype),
            rows,
            n,
            xStride,
            yStride,
            epsilon,
            {},
            {},
            0};
  if (rows < 0 || n < 1 || xStride < n || yStride < n || !x || !w)
    throw Error("rmsnorm_check: needs rows >= 0, n >= 1, strides >= n and "
                "x and w");
  if (p.weightDtype != p.dtype && p.weightDtype != ElementType::F32)
    throw Error("rmsnorm_check: the weight is the rows' type or f32");
  if (!(epsilon > 0) || !std::isfinite(epsilon))
    throw Error("rmsnorm_check: epsilon must be positive and finite");
  size_t eb = elementBytes(p.dtype), wb = elementBytes(p.weightDtype);
  p.x.assign(rows * xStride, 0);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < n; ++j)
      p.x[i * xStride + j] = loadBits(x, i * xStride + j, eb);
  p.w.resize(n);
  for (int64_t j = 0; j < n; ++j)
    p.w[j] = loadBits(w, j, wb);
  return p;
}

CheckResult checkMemory(int32_t dtype, int32_t weightDtype, int64_t rows,
                        int64_t n, const void *x, int64_t xStride,
                        const void *w, const void *y, int64_t yStride,
                        double epsilon) {
  if (!y)
    throw Error("rmsnorm_check: needs y");
  Problem p =
      problemOf(dtype, weightDtype, rows, n, x, xStride, w, yStride, epsilon);
  size_t eb = elementBytes(p.dtype);
  return check(p, [&](int64_t index) { return loadBits(y, index, eb); });
}
} // namespace

extern "C" {

const char *rmsnorm_last_error(void) { return lastError.c_str(); }

rmsnorm_kernel *rmsnorm_kernel_load(const char *manifestPath) {
  return guarded<rmsnorm_kernel *>(nullptr, [&] {
    if (!manifestPath)
      throw Error("no manifest path given");
    auto kernel = std::make_unique<rmsnorm_kernel>();
    kernel->manifest = Manifest::load(manifestPath);
    const Manifest &m = kernel->manifest;
    try {
      kernel->device = openDeviceFor(m);
      for (Manifest &v : loadVariants(m)) {
        auto variant = std::make_unique<rmsnorm_kernel>();
        variant->manifest = std::move(v);
        variant->device = openDeviceFor(variant->manifest);
        kernel->variants.push_back(std::move(variant));
      }
    } catch (const Error &e) {
      throw Error(std::string(manifestPath) + ": " + e.what());
    }
    return kernel.release();
  });
}

void rmsnorm_kernel_free(rmsnorm_kernel *kernel) { delete kernel; }

int rmsnorm_kernel_get_info(const rmsnorm_kernel *kernel,
                            rmsnorm_kernel_info *info) {
  return guarded(1, [&] {
    if (!kernel || !info)
      throw Error("rmsnorm_kernel_get_info needs a kernel and an info");
    const Manifest &m = kernel->manifest;
    info->kernel = m.kernel.c_str();
    info->symbol = m.symbol.c_str();
    info->target = m.target.c_str();
    info->chip = m.chip.c_str();
    info->dtype = elementTypeName(m.dtype);
    info->weight_dtype = elementTypeName(m.weightDtype);
    info->n = m.n;
    info->runtime_epsilon = m.runtimeEpsilon ? 1 : 0;
    info->epsilon = m.runtimeEpsilon ? 0.0 : m.epsilon;
    info->rows_per_block = m.rowsPerBlock;
    for (int i = 0; i < 3; ++i)
      info->block[i] = m.block[i];
    info->pointer_alignment = m.pointerAlignment;
    return 0;
  });
}

int rmsnorm_kernel_launch(const rmsnorm_kernel *kernel, const void *x,
                          const void *w, void *y, int64_t rows,
                          int64_t xRowStride, int64_t yRowStride, float epsilon,
                          void *stream) {
  return guarded(1, [&] {
    if (!kernel)
      throw Error("rmsnorm_kernel_launch needs a kernel");
    // Many rows: the variant for them (checkLaunch below holds for both).
    std::vector<const Manifest *> variants;
    for (const auto &v : kernel->variants)
      variants.push_back(&v->manifest);
    if (int chosen = chooseVariant(variants, rows); chosen >= 0)
      kernel = kernel->variants[chosen].get();
    const Manifest &m = kernel->manifest;
    LaunchValues values;
    values.x = reinterpret_cast<DevicePtr>(x);
    values.w = reinterpret_cast<DevicePtr>(w);
    values.y = reinterpret_cast<DevicePtr>(y);
    values.rows = rows;
    values.xStride = xRowStride;
    values.yStride = yRowStride;
    values.epsilon = epsilon;
    checkLaunch(m, values);
    std::vector<void *> args = launchArguments(m, values);
    unsigned grid[3], block[3];
    launchGrid(m, rows, grid);
    for (int i = 0; i < 3; ++i)
      block[i] = static_cast<unsigned>(m.block[i]);
    kernel->device->launchOn(stream, grid, block,
                             static_cast<unsigned>(m.dynamicSharedBytes), args);
    return 0;
  });
}

int32_t rmsnorm_max_ulps(int32_t dtype) {
  return guarded(
      -1, [&] { return static_cast<int32_t>(maxUlps(elementType(dtype))); });
}

int64_t rmsnorm_check(int32_t dtype, int32_t weightDtype, int64_t rows,
                      int64_t n, const void *x, int64_t xRowStride,
                      const void *w, const void *y, int64_t yRowStride,
                      double epsilon, rmsnorm_check_result *result) {
  return guarded<int64_t>(-1, [&] {
    CheckResult r = checkMemory(dtype, weightDtype, rows, n, x, xRowStride, w,
                                y, yRowStride, epsilon);
    if (result) {
      result->checked = static_cast<int64_t>(r.checked);
      result->mismatches = static_cast<int64_t>(r.mismatches);
      result->max_ulp = r.maxUlp;
      result->first_row = r.firstRow;
      result->first_column = r.firstColumn;
      result->expected = r.expected;
      result->actual = r.actual;
    }
    return static_cast<int64_t>(r.mismatches);
  });
}

int64_t rmsnorm_check_print(int32_t dtype, int32_t weightDtype, int64_t rows,
                            int64_t n, const void *x, int64_t xRowStride,
                            const void *w, const void *y, int64_t yRowStride,
                            double epsilon) {
  int64_t mismatches = guarded<int64_t>(-1, [&] {
    CheckResult r = checkMemory(dtype, weightDtype, rows, n, x, xRowStride, w,
                                y, yRowStride, epsilon);
    std::printf("rmsnorm_check: %llu mismatches of %llu checked, max %llu "
                "ULP%s%s\n",
                static_cast<unsigned long long>(r.mismatches),
                static_cast<unsigned long long>(r.checked),
                static_cast<unsigned long long>(r.maxUlp),
                r.pass ? "" : "; first: ", r.firstMismatch.c_str());
    return static_cast<int64_t>(r.mismatches);
  });
  if (mismatches < 0)
    std::printf("rmsnorm_check: error: %s\n", lastError.c_str());
  std::fflush(stdout);
  return mismatches;
}

int rmsnorm_reference(int32_t dtype, int32_t weightDtype, int64_t rows,
                      int64_t n, const void *x, int64_t xRowStride,
                      const void *w, void *y, int64_t yRowStride,
                      double epsilon) {
  return guarded(1, [&] {
    if (!y)
      throw Error("rmsnorm_reference: needs y");
    Problem p = problemOf(dtype, weightDtype, rows, n, x, xRowStride, w,
                          yRowStride, epsilon);
    size_t eb = elementBytes(p.dtype);
    reference(p, [&](int64_t index, uint32_t bits) {
      std::memcpy(static_cast<char *>(y) + index * eb, &bits, eb);
    });
    return 0;
  });
}

} // extern "C"

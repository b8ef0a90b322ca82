//===- CAPI.cpp - the runtime's C entry point -----------------------------===//

#include "rmsnorm/Runtime/CAPI.h"
#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Launch.h"
#include "rmsnorm/Runtime/Manifest.h"

#include <memory>
#include <string>

using namespace rmsnorm::runtime;

struct rmsnorm_kernel {
  Manifest manifest;
  std::unique_ptr<Device> device;
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

extern "C" {

const char *rmsnorm_last_error(void) { return lastError.c_str(); }

rmsnorm_kernel *rmsnorm_kernel_load(const char *manifestPath) {
  return guarded<rmsnorm_kernel *>(nullptr, [&] {
    if (!manifestPath)
      throw Error("no manifest path given");
    auto kernel = std::make_unique<rmsnorm_kernel>();
    kernel->manifest = Manifest::load(manifestPath);
    const Manifest &m = kernel->manifest;
    kernel->device = m.target == "amdgpu" ? openHipDevice() : openCudaDevice();
    if (kernel->device->chip() != m.chip)
      throw Error(std::string(manifestPath) + ": the kernel is for " + m.chip +
                  " but the device is " + kernel->device->chip() + " (" +
                  kernel->device->name() + ")");
    kernel->device->loadKernel(m.imagePath(), m.symbol);
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

} // extern "C"

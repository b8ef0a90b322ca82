//===- CudaDevice.cpp - the CUDA driver API, loaded with dlopen -----------===//
//
// Declares the few driver types and entry points it uses instead of including
// cuda.h, so it builds where CUDA is absent (CI) and fails at run time with a
// clear message.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Manifest.h"

#include <algorithm>
#include <cstddef>
#include <dlfcn.h>

namespace rmsnorm::runtime {
namespace {
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using Handle = void *; // CUcontext, CUmodule, CUfunction, CUstream, ...

constexpr int kComputeCapabilityMajor = 75, kComputeCapabilityMinor = 76;

/// cuda.h's CUlaunchAttribute and CUlaunchConfig (for cuLaunchKernelEx).
struct LaunchAttribute {
  int id; // CUlaunchAttributeID
  char pad[4];
  alignas(8) int value[16]; // CUlaunchAttributeValue: a union of 64 bytes
};
struct LaunchConfig {
  unsigned dims[6]; // grid x, y, z, then block x, y, z
  unsigned sharedBytes;
  Handle stream;
  LaunchAttribute *attributes;
  unsigned attributeCount;
};
static_assert(sizeof(LaunchAttribute) == 72 && alignof(LaunchAttribute) == 8 &&
                  offsetof(LaunchAttribute, value) == 8 &&
                  sizeof(LaunchConfig) == 56 &&
                  offsetof(LaunchConfig, stream) == 32 &&
                  offsetof(LaunchConfig, attributes) == 40 &&
                  offsetof(LaunchConfig, attributeCount) == 48,
              "the layout of cuda.h's launch structures");
constexpr int kProgrammaticStreamSerialization = 6;

struct Driver {
  void *library = nullptr;
#define RMSNORM_CU_FN(name, ...) CUresult (*name)(__VA_ARGS__) = nullptr;
  RMSNORM_CU_FN(cuInit, unsigned)
  RMSNORM_CU_FN(cuDeviceGetCount, int *)
  RMSNORM_CU_FN(cuDeviceGet, CUdevice *, int)
  RMSNORM_CU_FN(cuDeviceGetName, char *, int, CUdevice)
  RMSNORM_CU_FN(cuDeviceGetAttribute, int *, int, CUdevice)
  RMSNORM_CU_FN(cuDevicePrimaryCtxRetain, Handle *, CUdevice)
  RMSNORM_CU_FN(cuCtxSetCurrent, Handle)
  RMSNORM_CU_FN(cuCtxSynchronize)
  RMSNORM_CU_FN(cuModuleLoadData, Handle *, const void *)
  RMSNORM_CU_FN(cuModuleUnload, Handle)
  RMSNORM_CU_FN(cuModuleGetFunction, Handle *, Handle, const char *)
  RMSNORM_CU_FN(cuMemAlloc_v2, CUdeviceptr *, size_t)
  RMSNORM_CU_FN(cuMemFree_v2, CUdeviceptr)
  RMSNORM_CU_FN(cuMemcpyHtoD_v2, CUdeviceptr, const void *, size_t)
  RMSNORM_CU_FN(cuMemcpyDtoH_v2, void *, CUdeviceptr, size_t)
  RMSNORM_CU_FN(cuMemcpyDtoDAsync_v2, CUdeviceptr, CUdeviceptr, size_t, Handle)
  RMSNORM_CU_FN(cuMemsetD8Async, CUdeviceptr, unsigned char, size_t, Handle)
  RMSNORM_CU_FN(cuLaunchKernel, Handle, unsigned, unsigned, unsigned, unsigned,
                unsigned, unsigned, unsigned, Handle, void **, void **)
  RMSNORM_CU_FN(cuLaunchKernelEx, const void *, Handle, void **, void **)
  RMSNORM_CU_FN(cuStreamCreate, Handle *, unsigned)
  RMSNORM_CU_FN(cuStreamSynchronize, Handle)
  RMSNORM_CU_FN(cuEventCreate, Handle *, unsigned)
  RMSNORM_CU_FN(cuEventRecord, Handle, Handle)
  RMSNORM_CU_FN(cuEventSynchronize, Handle)
  RMSNORM_CU_FN(cuEventElapsedTime, float *, Handle, Handle)
  RMSNORM_CU_FN(cuStreamBeginCapture_v2, Handle, int)
  RMSNORM_CU_FN(cuStreamEndCapture, Handle, Handle *)
  RMSNORM_CU_FN(cuGraphInstantiateWithFlags, Handle *, Handle,
                unsigned long long)
  RMSNORM_CU_FN(cuGraphLaunch, Handle, Handle)
  RMSNORM_CU_FN(cuGraphExecDestroy, Handle)
  RMSNORM_CU_FN(cuGraphDestroy, Handle)
  RMSNORM_CU_FN(cuGetErrorString, CUresult, const char **)
#undef RMSNORM_CU_FN

  template <typename F> void resolve(F &fn, const char *name) {
    fn = reinterpret_cast<F>(dlsym(library, name));
    if (!fn)
      throw Error(std::string("the CUDA driver has no ") + name);
  }
  void load() {
    library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library)
      throw Error("no GPU: the CUDA driver (libcuda.so.1) cannot be loaded");
#define RMSNORM_RESOLVE(name) resolve(name, #name)
    RMSNORM_RESOLVE(cuInit);
    RMSNORM_RESOLVE(cuDeviceGetCount);
    RMSNORM_RESOLVE(cuDeviceGet);
    RMSNORM_RESOLVE(cuDeviceGetName);
    RMSNORM_RESOLVE(cuDeviceGetAttribute);
    RMSNORM_RESOLVE(cuDevicePrimaryCtxRetain);
    RMSNORM_RESOLVE(cuCtxSetCurrent);
    RMSNORM_RESOLVE(cuCtxSynchronize);
    RMSNORM_RESOLVE(cuModuleLoadData);
    RMSNORM_RESOLVE(cuModuleUnload);
    RMSNORM_RESOLVE(cuModuleGetFunction);
    RMSNORM_RESOLVE(cuMemAlloc_v2);
    RMSNORM_RESOLVE(cuMemFree_v2);
    RMSNORM_RESOLVE(cuMemcpyHtoD_v2);
    RMSNORM_RESOLVE(cuMemcpyDtoH_v2);
    RMSNORM_RESOLVE(cuMemcpyDtoDAsync_v2);
    RMSNORM_RESOLVE(cuMemsetD8Async);
    RMSNORM_RESOLVE(cuLaunchKernel);
    RMSNORM_RESOLVE(cuStreamCreate);
    RMSNORM_RESOLVE(cuStreamSynchronize);
    RMSNORM_RESOLVE(cuEventCreate);
    RMSNORM_RESOLVE(cuEventRecord);
    RMSNORM_RESOLVE(cuEventSynchronize);
    RMSNORM_RESOLVE(cuEventElapsedTime);
    RMSNORM_RESOLVE(cuStreamBeginCapture_v2);
    RMSNORM_RESOLVE(cuStreamEndCapture);
    RMSNORM_RESOLVE(cuGraphInstantiateWithFlags);
    RMSNORM_RESOLVE(cuGraphLaunch);
    RMSNORM_RESOLVE(cuGraphExecDestroy);
    RMSNORM_RESOLVE(cuGraphDestroy);
    RMSNORM_RESOLVE(cuGetErrorString);
#undef RMSNORM_RESOLVE
    // Only kernels with launch_overlap need it (older drivers lack it).
    cuLaunchKernelEx = reinterpret_cast<decltype(cuLaunchKernelEx)>(
        dlsym(library, "cuLaunchKernelEx"));
  }
};

class CudaDevice final : public Device {
public:
  explicit CudaDevice(int ordinal) {
    driver.load();
    check(driver.cuInit(0), "cuInit");
    int count = 0;
    check(driver.cuDeviceGetCount(&count), "cuDeviceGetCount");
    if (count == 0)
      throw Error("no GPU: the CUDA driver reports no device");
    if (ordinal < 0 || ordinal >= count)
      throw Error("no CUDA device " + std::to_string(ordinal) + " (the driver "
                  "reports " + std::to_string(count) + ")");
    check(driver.cuDeviceGet(&device, ordinal), "cuDeviceGet");
    check(driver.cuDevicePrimaryCtxRetain(&context, device),
          "cuDevicePrimaryCtxRetain");
    check(driver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
    check(driver.cuStreamCreate(&stream, 0), "cuStreamCreate");
  }

  std::string name() override {
    char buffer[256] = {};
    check(driver.cuDeviceGetName(buffer, sizeof(buffer), device),
          "cuDeviceGetName");
    return buffer;
  }
  std::string chip() override {
    int major = 0, minor = 0;
    check(driver.cuDeviceGetAttribute(&major, kComputeCapabilityMajor, device),
          "cuDeviceGetAttribute");
    check(driver.cuDeviceGetAttribute(&minor, kComputeCapabilityMinor, device),
          "cuDeviceGetAttribute");
    return "sm_" + std::to_string(major * 10 + minor);
  }

  DevicePtr alloc(size_t bytes) override {
    CUdeviceptr ptr = 0;
    check(driver.cuMemAlloc_v2(&ptr, std::max<size_t>(bytes, 1)), "cuMemAlloc");
    return ptr;
  }
  void release(DevicePtr ptr) override {
    check(driver.cuMemFree_v2(ptr), "cuMemFree");
  }
  void upload(DevicePtr dst, const void *src, size_t bytes) override {
    check(driver.cuMemcpyHtoD_v2(dst, src, bytes), "cuMemcpyHtoD");
  }
  void download(void *dst, DevicePtr src, size_t bytes) override {
    check(driver.cuMemcpyDtoH_v2(dst, src, bytes), "cuMemcpyDtoH");
  }
  void fill(DevicePtr dst, uint8_t byte, size_t bytes) override {
    check(driver.cuMemsetD8Async(dst, byte, bytes, stream), "cuMemsetD8");
  }
  void copy(DevicePtr dst, DevicePtr src, size_t bytes) override {
    check(driver.cuMemcpyDtoDAsync_v2(dst, src, bytes, stream), "cuMemcpyDtoD");
  }

  void loadKernel(const std::string &image, const std::string &symbol,
                  bool launchOverlap) override {
    if (launchOverlap && !driver.cuLaunchKernelEx)
      throw Error("kernel " + symbol +
                  " is launched overlapping the previous "
                  "kernel (launch_overlap), which needs cuLaunchKernelEx: "
                  "this CUDA driver has none (an older driver)");
    overlap = launchOverlap;
    imageBytes = readFile(image, "kernel image");
    imageBytes.push_back('\0'); // PTX is loaded as a C string
    check(driver.cuModuleLoadData(&module, imageBytes.data()),
          "cuModuleLoadData(" + image + ")");
    check(driver.cuModuleGetFunction(&function, module, symbol.c_str()),
          "cuModuleGetFunction(" + symbol + ")");
  }
  void launch(const unsigned grid[3], const unsigned block[3],
              unsigned sharedBytes, std::vector<void *> &args) override {
    launchOn(stream, grid, block, sharedBytes, args);
  }
  void launchOn(void *on, const unsigned grid[3], const unsigned block[3],
                unsigned sharedBytes, std::vector<void *> &args) override {
    if (overlap) {
      // Programmatic stream serialization: the launch may begin before the
      // previous kernel in the stream has finished; the kernel waits for it
      // (griddepcontrol.wait).
      LaunchAttribute attribute = {kProgrammaticStreamSerialization, {}, {1}};
      LaunchConfig config = {
          {grid[0], grid[1], grid[2], block[0], block[1], block[2]},
          sharedBytes,
          on,
          &attribute,
          1};
      check(driver.cuLaunchKernelEx(&config, function, args.data(), nullptr),
            "cuLaunchKernelEx");
      return;
    }
    check(driver.cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0],
                                block[1], block[2], sharedBytes, on,
                                args.data(), nullptr),
          "cuLaunchKernel");
  }
  void synchronize() override {
    check(driver.cuStreamSynchronize(stream), "kernel execution");
  }

  double timeMs(const std::function<void()> &work,
                const std::function<void()> &between, int reps) override {
    Handle start, stop;
    check(driver.cuEventCreate(&start, 0), "cuEventCreate");
    check(driver.cuEventCreate(&stop, 0), "cuEventCreate");
    std::vector<float> times;
    for (int i = 0; i < reps; ++i) {
      if (between)
        between();
      check(driver.cuEventRecord(start, stream), "cuEventRecord");
      work();
      check(driver.cuEventRecord(stop, stream), "cuEventRecord");
      check(driver.cuEventSynchronize(stop), "cuEventSynchronize");
      float ms = 0;
      check(driver.cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
      times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  }

  double timeGraphMs(const std::function<void()> &work, int batch,
                     int reps) override {
    constexpr int kGlobalCapture = 0;
    check(driver.cuStreamBeginCapture_v2(stream, kGlobalCapture),
          "cuStreamBeginCapture");
    for (int i = 0; i < batch; ++i)
      work();
    Handle graph = nullptr, exec = nullptr;
    check(driver.cuStreamEndCapture(stream, &graph), "cuStreamEndCapture");
    check(driver.cuGraphInstantiateWithFlags(&exec, graph, 0),
          "cuGraphInstantiate");
    auto replay = [&] {
      check(driver.cuGraphLaunch(exec, stream), "cuGraphLaunch");
    };
    replay();
    double ms = timeMs(replay, nullptr, reps) / batch;
    driver.cuGraphExecDestroy(exec);
    driver.cuGraphDestroy(graph);
    return ms;
  }

private:
  void check(CUresult result, const std::string &what) {
    if (result == 0)
      return;
    const char *text = nullptr;
    driver.cuGetErrorString(result, &text);
    throw Error(
        what + " failed: " + (text ? text : "error " + std::to_string(result)));
  }

  Driver driver;
  CUdevice device = 0;
  Handle context = nullptr, stream = nullptr, module = nullptr,
         function = nullptr;
  std::string imageBytes;
  bool overlap = false;
};
} // namespace

std::unique_ptr<Device> openCudaDevice(int ordinal) {
  return std::make_unique<CudaDevice>(ordinal);
}

} // namespace rmsnorm::runtime

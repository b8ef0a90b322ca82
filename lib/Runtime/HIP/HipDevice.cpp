//===- HipDevice.cpp - the HIP module API ---------------------------------===//
//
// Built where HIP's headers and library are found (Debian's libamdhip64-dev
// in CI); no AMD GPU exists here, so this path is compiled, never run.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Manifest.h"

#include <hip/hip_runtime_api.h>

#include <algorithm>

namespace rmsnorm::runtime {
namespace {
void check(hipError_t result, const std::string &what) {
  if (result != hipSuccess)
    throw Error(what + " failed: " + hipGetErrorString(result));
}

class HipDevice final : public Device {
public:
  HipDevice() {
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess || count == 0)
      throw Error("no GPU: HIP reports no device");
    check(hipSetDevice(0), "hipSetDevice");
    check(hipStreamCreate(&stream), "hipStreamCreate");
  }
  std::string name() override {
    hipDeviceProp_t props;
    check(hipGetDeviceProperties(&props, 0), "hipGetDeviceProperties");
    return props.name;
  }
  std::string chip() override {
    hipDeviceProp_t props;
    check(hipGetDeviceProperties(&props, 0), "hipGetDeviceProperties");
    std::string arch = props.gcnArchName; // e.g. "gfx942:sramecc+:xnack-"
    return arch.substr(0, arch.find(':'));
  }
  DevicePtr alloc(size_t bytes) override {
    void *ptr = nullptr;
    check(hipMalloc(&ptr, std::max<size_t>(bytes, 1)), "hipMalloc");
    return reinterpret_cast<DevicePtr>(ptr);
  }
  void release(DevicePtr ptr) override {
    check(hipFree(reinterpret_cast<void *>(ptr)), "hipFree");
  }
  void upload(DevicePtr dst, const void *src, size_t bytes) override {
    check(hipMemcpyHtoD(reinterpret_cast<hipDeviceptr_t>(dst),
                        const_cast<void *>(src), bytes),
          "hipMemcpyHtoD");
  }
  void download(void *dst, DevicePtr src, size_t bytes) override {
    check(hipMemcpyDtoH(dst, reinterpret_cast<hipDeviceptr_t>(src), bytes),
          "hipMemcpyDtoH");
  }
  void fill(DevicePtr dst, uint8_t byte, size_t bytes) override {
    check(hipMemsetAsync(reinterpret_cast<void *>(dst), byte, bytes, stream),
          "hipMemset");
  }
  void copy(DevicePtr dst, DevicePtr src, size_t bytes) override {
    check(hipMemcpyAsync(reinterpret_cast<void *>(dst),
                         reinterpret_cast<void *>(src), bytes,
                         hipMemcpyDeviceToDevice, stream),
          "hipMemcpy");
  }
  void loadKernel(const std::string &image, const std::string &symbol,
                  bool launchOverlap) override {
    if (launchOverlap)
      throw Error("kernel " + symbol +
                  " asks for an overlapped launch, "
                  "which HIP has not");
    imageBytes = readFile(image, "kernel image");
    check(hipModuleLoadData(&module, imageBytes.data()),
          "hipModuleLoadData(" + image + ")");
    check(hipModuleGetFunction(&function, module, symbol.c_str()),
          "hipModuleGetFunction(" + symbol + ")");
  }
  void launch(const unsigned grid[3], const unsigned block[3],
              unsigned sharedBytes, std::vector<void *> &args) override {
    launchOn(stream, grid, block, sharedBytes, args);
  }
  void launchOn(void *on, const unsigned grid[3], const unsigned block[3],
                unsigned sharedBytes, std::vector<void *> &args) override {
    check(hipModuleLaunchKernel(function, grid[0], grid[1], grid[2], block[0],
                                block[1], block[2], sharedBytes,
                                static_cast<hipStream_t>(on), args.data(),
                                nullptr),
          "hipModuleLaunchKernel");
  }
  void synchronize() override {
    check(hipStreamSynchronize(stream), "kernel execution");
  }
  double timeMs(const std::function<void()> &work,
                const std::function<void()> &between, int reps) override {
    hipEvent_t start, stop;
    check(hipEventCreate(&start), "hipEventCreate");
    check(hipEventCreate(&stop), "hipEventCreate");
    std::vector<float> times;
    for (int i = 0; i < reps; ++i) {
      if (between)
        between();
      check(hipEventRecord(start, stream), "hipEventRecord");
      work();
      check(hipEventRecord(stop, stream), "hipEventRecord");
      check(hipEventSynchronize(stop), "hipEventSynchronize");
      float ms = 0;
      check(hipEventElapsedTime(&ms, start, stop), "hipEventElapsedTime");
      times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  }
  double timeGraphMs(const std::function<void()> &work, int batch,
                     int reps) override {
    // HIP graphs exist, but batching plain launches is enough to amortize
    // the launch cost that graphs remove on CUDA.
    return timeMs(
               [&] {
                 for (int i = 0; i < batch; ++i)
                   work();
               },
               nullptr, reps) /
           batch;
  }

private:
  hipStream_t stream = nullptr;
  hipModule_t module = nullptr;
  hipFunction_t function = nullptr;
  std::string imageBytes;
};
} // namespace

std::unique_ptr<Device> openHipDevice() {
  return std::make_unique<HipDevice>();
}

} // namespace rmsnorm::runtime

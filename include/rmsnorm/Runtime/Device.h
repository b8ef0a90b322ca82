//===- Device.h - what the harness needs of a GPU runtime -------*- C++ -*-===//
//
// One interface over the CUDA driver API (loaded with dlopen, so a machine
// without a driver builds and reports "no GPU") and the HIP module API.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_RUNTIME_DEVICE_H
#define RMSNORM_RUNTIME_DEVICE_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace rmsnorm::runtime {

/// A device allocation.
using DevicePtr = uint64_t;

class Device {
public:
  virtual ~Device() = default;
  /// The device's name and chip, spelled as manifests spell it ("sm_90").
  virtual std::string name() = 0;
  virtual std::string chip() = 0;

  virtual DevicePtr alloc(size_t bytes) = 0;
  virtual void release(DevicePtr ptr) = 0;
  virtual void upload(DevicePtr dst, const void *src, size_t bytes) = 0;
  virtual void download(void *dst, DevicePtr src, size_t bytes) = 0;
  virtual void fill(DevicePtr dst, uint8_t byte, size_t bytes) = 0;
  virtual void copy(DevicePtr dst, DevicePtr src, size_t bytes) = 0;

  /// Loads the image (cubin, PTX or hsaco) and finds `symbol` in it. With
  /// `launchOverlap` (the manifest's "launch_overlap") every launch may
  /// overlap the end of the previous kernel in its stream, which the kernel
  /// waits for itself; a device that cannot launch so throws Error.
  virtual void loadKernel(const std::string &image, const std::string &symbol,
                          bool launchOverlap) = 0;
  /// Launches the loaded kernel on the device's own stream; `args` point at
  /// the parameter values.
  virtual void launch(const unsigned grid[3], const unsigned block[3],
                      unsigned sharedBytes, std::vector<void *> &args) = 0;
  /// The same on a caller's stream (CUstream / hipStream_t; null is the
  /// runtime's default stream), e.g. one a framework captures into a graph.
  virtual void launchOn(void *stream, const unsigned grid[3],
                        const unsigned block[3], unsigned sharedBytes,
                        std::vector<void *> &args) = 0;
  virtual void synchronize() = 0;

  /// Milliseconds of `work` on the device, by events, median of `reps` runs;
  /// `between` runs untimed before each (e.g. an L2 flush).
  virtual double timeMs(const std::function<void()> &work,
                        const std::function<void()> &between, int reps) = 0;
  /// Milliseconds per replay of `work` captured `batch` times into a graph:
  /// for launch-bound sizes.
  virtual double timeGraphMs(const std::function<void()> &work, int batch,
                             int reps) = 0;
};

/// CUDA device `ordinal` (its primary context, which frameworks share),
/// through the driver found by dlopen; throws Error ("no CUDA driver" / "no
/// CUDA device") when there is none.
std::unique_ptr<Device> openCudaDevice(int ordinal = 0);
/// The first HIP device; throws Error when this build has no HIP support or
/// the machine has no device.
std::unique_ptr<Device> openHipDevice();

} // namespace rmsnorm::runtime

#endif // RMSNORM_RUNTIME_DEVICE_H

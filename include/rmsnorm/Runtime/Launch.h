//===- Launch.h - one launch of an emitted kernel ---------------*- C++ -*-===//
//
// What every launcher (the harness, the C entry point, framework bindings)
// must do the same way: check the arguments against the manifest, put them
// in the kernel's parameter order and size the grid.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_RUNTIME_LAUNCH_H
#define RMSNORM_RUNTIME_LAUNCH_H

#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Manifest.h"

#include <vector>

namespace rmsnorm::runtime {

/// The values of one launch; strides are in elements.
struct LaunchValues {
  DevicePtr x = 0, w = 0, y = 0;
  int64_t rows = 0, xStride = 0, yStride = 0;
  float epsilon = 0;
};

/// No device of the manifest's target could be opened (no driver, no device,
/// no support in this build): a different outcome from a failed check.
struct NoDevice : Error {
  using Error::Error;
};

/// A device of `m`'s target (CUDA device `ordinal`, or the first HIP device)
/// with `m`'s kernel loaded. Throws NoDevice when none can be opened, and
/// Error when its chip is not the manifest's ("the manifest is for sm_80 but
/// the device is sm_90 (NVIDIA H200)") or the image does not load.
std::unique_ptr<Device> openDeviceFor(const Manifest &m, int ordinal = 0);

/// Throws Error when `values` break the manifest's contract: rows < 1, a
/// stride shorter than a row or other than one compiled in, a base pointer off
/// its alignment, an epsilon other than a baked-in one, an in-place kernel
/// given a y other than x or another stride, or an out whose rows share a
/// byte with w or with x's rows without being x (rows compared exactly at one
/// row stride, address ranges at two).
void checkLaunch(const Manifest &m, const LaunchValues &values);
/// Why `m` cannot serve rows of x and y that many elements apart (shorter
/// than a row, not the stride compiled into the kernel, or two strides for an
/// in-place kernel), or "" when it can: checkLaunch's stride rule, for tools
/// that check before a launch.
std::string rowStrideProblem(const Manifest &m, int64_t xStride,
                             int64_t yStride);

/// Whether `m`'s kernel writes its input in place: one "xy" buffer, read
/// and written through `LaunchValues::x` at `LaunchValues::xStride`; a
/// launch must still give y = x and yStride = xStride (checkLaunch).
bool isInPlace(const Manifest &m);

/// Pointers to the fields of `values` in the kernel's parameter order (they
/// stay valid while `values` lives); throws Error on an unknown parameter.
std::vector<void *> launchArguments(const Manifest &m, LaunchValues &values);

/// The grid for `rows` rows: (ceil(rows / rows per block), 1, 1).
void launchGrid(const Manifest &m, int64_t rows, unsigned grid[3]);

} // namespace rmsnorm::runtime

#endif // RMSNORM_RUNTIME_LAUNCH_H

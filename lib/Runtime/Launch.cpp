//===- Launch.cpp - one launch of an emitted kernel -----------------------===//

#include "rmsnorm/Runtime/Launch.h"

#include <cmath>
#include <string>

namespace rmsnorm::runtime {

std::unique_ptr<Device> openDeviceFor(const Manifest &m, int ordinal) {
  std::unique_ptr<Device> device;
  try {
    device = m.target == "amdgpu" ? openHipDevice() : openCudaDevice(ordinal);
  } catch (const Error &e) {
    throw NoDevice(e.what());
  }
  if (device->chip() != m.chip)
    throw Error("the manifest is for " + m.chip + " but the device is " +
                device->chip() + " (" + device->name() + ")");
  device->loadKernel(m.imagePath(), m.symbol);
  return device;
}

void checkLaunch(const Manifest &m, const LaunchValues &v) {
  if (v.rows < 1)
    throw Error("rows must be at least 1, got " + std::to_string(v.rows));
  // The grid's x dimension holds at most 2^31 - 1 blocks.
  int64_t maxRows = (int64_t{1} << 31) - 1;
  if (v.rows / m.rowsPerBlock >= maxRows)
    throw Error(std::to_string(v.rows) +
                " rows need more than 2^31 - 1 blocks");
  if (v.xStride < m.n || v.yStride < m.n)
    throw Error("row strides (x " + std::to_string(v.xStride) + ", y " +
                std::to_string(v.yStride) + ") must hold a row of " +
                std::to_string(m.n) + " elements");
  for (auto [name, ptr] :
       {std::pair<const char *, DevicePtr>{"x", v.x}, {"w", v.w}, {"y", v.y}})
    if (ptr % m.pointerAlignment != 0)
      throw Error(std::string("the base pointer of ") + name +
                  " is misaligned by " +
                  std::to_string(ptr % m.pointerAlignment) +
                  " bytes; the manifest requires " +
                  std::to_string(m.pointerAlignment) + "-byte alignment");
  if (m.staticRows && v.rows != *m.staticRows)
    throw Error("kernel " + m.kernel + " was compiled for " +
                std::to_string(*m.staticRows) + " rows; got " +
                std::to_string(v.rows));
  if (m.runtimeEpsilon) {
    if (!(v.epsilon > 0) || !std::isfinite(v.epsilon))
      throw Error("epsilon must be positive and finite, got " +
                  std::to_string(v.epsilon));
  } else if (v.epsilon != static_cast<float>(m.epsilon)) {
    throw Error("kernel " + m.kernel + " has epsilon " +
                std::to_string(m.epsilon) + " built in; got " +
                std::to_string(v.epsilon));
  }
}

std::vector<void *> launchArguments(const Manifest &m, LaunchValues &v) {
  std::vector<void *> args;
  for (const Param &p : m.params) {
    if (p.name == "x" || p.name == "xy")
      args.push_back(&v.x);
    else if (p.name == "w")
      args.push_back(&v.w);
    else if (p.name == "y")
      args.push_back(&v.y);
    else if (p.name == "rows")
      args.push_back(&v.rows);
    else if (p.name == "x_row_stride" || p.name == "xy_row_stride")
      args.push_back(&v.xStride);
    else if (p.name == "y_row_stride")
      args.push_back(&v.yStride);
    else if (p.name == "epsilon")
      args.push_back(&v.epsilon);
    else
      throw Error("unknown kernel parameter \"" + p.name + "\"");
  }
  return args;
}

void launchGrid(const Manifest &m, int64_t rows, unsigned grid[3]) {
  grid[0] = static_cast<unsigned>((rows + m.rowsPerBlock - 1) / m.rowsPerBlock);
  grid[1] = grid[2] = 1;
}

} // namespace rmsnorm::runtime

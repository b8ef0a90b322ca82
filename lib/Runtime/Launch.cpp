//===- Launch.cpp - one launch of an emitted kernel -----------------------===//

#include "rmsnorm/Runtime/Launch.h"

#include <cmath>
#include <optional>
#include <string>
#include <tuple>

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
  device->loadKernel(m.imagePath(), m.symbol, m.launchOverlap);
  return device;
}

namespace {
using Wide = __int128; // Addresses and offsets: no overflow to guard.

/// Whether rows of `rowBytes` bytes, `rows` of them `strideBytes` apart
/// from `base`, share a byte with [first, last).
bool rowsMeet(Wide base, int64_t rows, Wide strideBytes, Wide rowBytes,
              Wide first, Wide last) {
  if (rows < 1 || first >= last)
    return false;
  // The first row that ends after `first`; rows ascend, so it is the only
  // candidate: it meets the range iff it starts before `last`.
  Wide k = 0;
  if (first >= base + rowBytes)
    k = (first - base - rowBytes) / strideBytes + 1;
  return k < rows && base + k * strideBytes < last;
}

/// Whether two sets of `rows` rows of `rowBytes` bytes, both `strideBytes`
/// apart, from `a` and from `b`, share a byte: row j of b meets row i of a
/// iff |(b - a) + (j - i) * stride| < rowBytes.
bool sameStrideRowsMeet(Wide a, Wide b, int64_t rows, Wide strideBytes,
                        Wide rowBytes) {
  Wide d = b - a;
  // The shifts t = j - i nearest to -d / stride, within +-(rows - 1).
  Wide t0 = -d / strideBytes;
  for (Wide t = t0 - 1; t <= t0 + 1; ++t) {
    if (t < -(rows - 1) || t > rows - 1)
      continue;
    Wide gap = d + t * strideBytes;
    if (gap < rowBytes && -gap < rowBytes)
      return true;
  }
  return false;
}

/// Refuses an out that shares a byte with w, or with x without being x:
/// the kernels read w and x (before the reduction) while other threads
/// write out, and keep loaded values in registers.
void checkNoOverlap(const Manifest &m, const LaunchValues &v) {
  bool inPlaceKernel = isInPlace(m);
  Wide elementSize = static_cast<Wide>(elementBytes(m.dtype));
  Wide rowBytes = static_cast<Wide>(m.n) * elementSize;
  Wide out = static_cast<Wide>(inPlaceKernel ? v.x : v.y);
  Wide outStride =
      static_cast<Wide>(inPlaceKernel ? v.xStride : v.yStride) * elementSize;
  Wide w = static_cast<Wide>(v.w);
  if (rowsMeet(out, v.rows, outStride, rowBytes, w,
               w + static_cast<Wide>(m.n) *
                       static_cast<Wide>(elementBytes(m.weightDtype))))
    throw Error("out overlaps weight; the kernels read the weight while "
                "writing out");
  if (inPlaceKernel ||
      (v.x == v.y && (v.rows == 1 || v.xStride == v.yStride)))
    return; // In place.
  Wide x = static_cast<Wide>(v.x);
  Wide xStride = static_cast<Wide>(v.xStride) * elementSize;
  if (v.rows == 1 || xStride == outStride) {
    if (sameStrideRowsMeet(x, out, v.rows, v.rows == 1 ? rowBytes : xStride,
                           rowBytes))
      throw Error("out overlaps x without being x (in place needs the same "
                  "data pointer and row stride)");
    return;
  }
  // Different strides: the address ranges, which may meet where no row does.
  Wide xEnd = x + (v.rows - 1) * xStride + rowBytes;
  Wide outEnd = out + (v.rows - 1) * outStride + rowBytes;
  if (x < outEnd && out < xEnd)
    throw Error("out and x have different row strides and their address "
                "ranges meet; the runtime cannot prove they share no byte");
}
} // namespace

bool isInPlace(const Manifest &m) {
  for (const Param &p : m.params)
    if (p.name == "xy")
      return true;
  return false;
}

std::string rowStrideProblem(const Manifest &m, int64_t xStride,
                             int64_t yStride) {
  if (xStride < m.n || yStride < m.n)
    return "row strides (x " + std::to_string(xStride) + ", y " +
           std::to_string(yStride) + ") must hold a row of " +
           std::to_string(m.n) + " elements";
  // In place, x and y are one buffer with one row stride.
  bool inPlace = isInPlace(m);
  if (inPlace && xStride != yStride)
    return "kernel " + m.kernel +
           " writes its input in place (xy): x and y have one row stride, "
           "got x " +
           std::to_string(xStride) + " and y " + std::to_string(yStride);
  // A stride compiled into the kernel is the only one it can serve: it
  // would read and write rows that far apart whatever the caller passed.
  for (auto [name, fixed, stride] :
       {std::tuple<const char *, std::optional<int64_t>, int64_t>{
            inPlace ? "xy" : "x", m.staticXStride, xStride},
        {inPlace ? "xy" : "y", m.staticYStride, yStride}})
    if (fixed && stride != *fixed)
      return "kernel " + m.kernel + " has rows of " + name + " " +
             std::to_string(*fixed) +
             " elements apart compiled in; got a row stride of " +
             std::to_string(stride);
  return "";
}

void checkLaunch(const Manifest &m, const LaunchValues &v) {
  if (v.rows < 1)
    throw Error("rows must be at least 1, got " + std::to_string(v.rows));
  // The grid's x dimension holds at most the target's max_blocks (the
  // verifier of rownorm.rms_norm asks the same of a static M).
  if ((v.rows - 1) / m.rowsPerBlock + 1 > m.maxBlocks)
    throw Error(std::to_string(v.rows) + " rows need more than " +
                std::to_string(m.maxBlocks) + " blocks of " +
                std::to_string(m.rowsPerBlock) +
                (m.rowsPerBlock == 1 ? " row" : " rows") + ", the most " +
                m.chip + " launches");
  if (std::string why = rowStrideProblem(m, v.xStride, v.yStride); !why.empty())
    throw Error(why);
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
  // An in-place kernel writes where it reads; a y of its own would keep its
  // old contents, silently (its stride: rowStrideProblem).
  if (isInPlace(m) && v.y != v.x)
    throw Error("kernel " + m.kernel +
                " writes its input in place (xy): y must be x");
  checkNoOverlap(m, v);
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

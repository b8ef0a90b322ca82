//===- KernelSet.cpp - the kernels a framework binding can launch ---------===//

#include "rmsnorm/Runtime/KernelSet.h"

#include <algorithm>
#include <dirent.h>
#include <cstdio>

namespace rmsnorm::runtime {

std::unique_ptr<KernelSet> KernelSet::fromDirectory(const std::string &dir,
                                                    const std::string &target) {
  DIR *folder = opendir(dir.c_str());
  if (!folder)
    throw Error("cannot read the kernel folder " + dir);
  std::vector<std::string> names;
  while (dirent *entry = readdir(folder)) {
    std::string name = entry->d_name;
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0)
      names.push_back(name);
  }
  closedir(folder);
  std::sort(names.begin(), names.end());
  auto set = std::make_unique<KernelSet>();
  set->target = target;
  for (const std::string &name : names) {
    Manifest m = Manifest::load(dir + "/" + name);
    if (m.target == target)
      set->all.push_back(std::move(m));
  }
  // A variant a kernel names must be there and compute the same.
  for (const Manifest &m : set->all)
    loadVariants(m);
  return set;
}

/// Whether a framework's tensors of any shape can reach `m` by its types and
/// width: not a kernel compiled for one row count or for fixed row strides,
/// not one that writes its input in place (it cannot serve an out of its
/// own), and not a variant for many rows (reached through the kernel naming
/// it).
static bool servesAnyShape(const Manifest &m) {
  return !m.staticRows && !m.fromRows && !m.staticXStride && !m.staticYStride &&
         !isInPlace(m);
}

const Manifest *KernelSet::find(ElementType dtype, ElementType weightDtype,
                                int64_t n, double epsilon) const {
  const Manifest *builtIn = nullptr;
  for (const Manifest &m : all) {
    if (m.dtype != dtype || m.weightDtype != weightDtype || m.n != n ||
        !servesAnyShape(m))
      continue;
    if (m.runtimeEpsilon)
      return &m;
    if (static_cast<float>(m.epsilon) == static_cast<float>(epsilon))
      builtIn = &m;
  }
  return builtIn;
}

std::string KernelSet::describe() const {
  if (all.empty())
    return "no kernels";
  // Widths in increasing order per (dtype, weight dtype). No iostreams: a
  // framework may load a second C++ runtime whose locale facets ours cannot
  // use (tools/gpu/torch.sh says where that happened).
  std::map<std::string, std::map<int64_t, std::string>> byTypes;
  for (const Manifest &m : all) {
    if (!servesAnyShape(m))
      continue;
    std::string key = std::string(elementTypeName(m.dtype)) + " rows with " +
                      elementTypeName(m.weightDtype) + " weight";
    std::string width = std::to_string(m.n);
    if (!m.runtimeEpsilon) {
      char eps[32];
      std::snprintf(eps, sizeof eps, "%g", m.epsilon);
      width += std::string(" (epsilon ") + eps + " only)";
    }
    std::string &slot = byTypes[key][m.n];
    slot += (slot.empty() ? "" : ", ") + width;
  }
  if (byTypes.empty())
    return "no kernel for tensors of any shape (only kernels compiled for "
           "fixed rows or row strides, or in place)";
  std::string out;
  for (auto &[key, widths] : byTypes) {
    out += (out.empty() ? "" : "; ") + key + ": N = ";
    bool first = true;
    for (auto &[n, text] : widths) {
      out += (first ? "" : ", ") + text;
      first = false;
    }
  }
  return out;
}

namespace {
/// Rows and the row stride of a (..., N) tensor whose leading dimensions
/// collapse into rows of one stride; throws naming `what` otherwise.
std::pair<int64_t, int64_t> rowsOf(const TensorDesc &t, int64_t n,
                                   const char *what) {
  size_t rank = t.sizes.size();
  if (rank < 1 || t.strides.size() != rank)
    throw Error(std::string(what) + " must have at least one dimension");
  if (t.sizes.back() != n)
    throw Error(std::string(what) + "'s last dimension is " +
                std::to_string(t.sizes.back()) + ", the kernel's N is " +
                std::to_string(n));
  if (n > 1 && t.strides.back() != 1)
    throw Error(std::string(what) +
                " must have contiguous rows (last stride 1), got stride " +
                std::to_string(t.strides.back()));
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < rank; ++i) {
    if (t.sizes[i] < 0)
      throw Error(std::string(what) + " has a negative size (" +
                  std::to_string(t.sizes[i]) + ")");
    if (__builtin_mul_overflow(rows, t.sizes[i], &rows))
      throw Error(std::string(what) +
                  "'s leading dimensions hold more than 2^63 - 1 rows");
  }
  // The row stride: the innermost leading dimension of more than one row;
  // the others must step whole rows of it.
  int64_t stride = n;
  bool found = false;
  int64_t expected = 0;
  for (size_t i = rank - 1; i-- > 0;) {
    if (t.sizes[i] == 1)
      continue;
    bool overflow = false;
    if (!found) {
      stride = t.strides[i];
      overflow = __builtin_mul_overflow(stride, t.sizes[i], &expected);
      found = true;
    } else {
      if (t.strides[i] != expected)
        throw Error(std::string(what) +
                    "'s leading dimensions do not form rows of one stride "
                    "(make it contiguous first)");
      overflow = __builtin_mul_overflow(expected, t.sizes[i], &expected);
    }
    if (overflow)
      throw Error(std::string(what) + "'s strides overflow 64 bits");
  }
  if (rows > 1 && stride < n)
    throw Error(std::string(what) + "'s rows overlap (row stride " +
                std::to_string(stride) + " < N " + std::to_string(n) + ")");
  return {rows, stride};
}
} // namespace

LaunchValues KernelSet::prepare(const Manifest &m, const TensorDesc &x,
                                const TensorDesc &w, const TensorDesc &y,
                                double epsilon) const {
  for (auto [what, t, type] :
       {std::tuple<const char *, const TensorDesc *, ElementType>{"x", &x,
                                                                  m.dtype},
        {"weight", &w, m.weightDtype},
        {"out", &y, m.dtype}}) {
    if (t->device < 0)
      throw Error(std::string(what) + " is in host memory; the kernels run "
                                      "on the GPU");
    if (t->device != x.device)
      throw Error(std::string(what) + " is on device " +
                  std::to_string(t->device) + ", x on device " +
                  std::to_string(x.device));
    if (t->dtype != type)
      throw Error(std::string(what) + " is " + elementTypeName(t->dtype) +
                  ", the kernel takes " + elementTypeName(type));
  }
  if (w.sizes.size() != 1 || w.sizes[0] != m.n ||
      (m.n > 1 && w.strides[0] != 1))
    throw Error("weight must be a contiguous vector of N = " +
                std::to_string(m.n) + " elements");
  auto [rows, xStride] = rowsOf(x, m.n, "x");
  auto [yRows, yStride] = rowsOf(y, m.n, "out");
  if (yRows != rows || y.sizes != x.sizes)
    throw Error("out's shape differs from x's");
  LaunchValues v;
  v.x = x.data;
  v.w = w.data;
  v.y = y.data;
  v.rows = rows;
  v.xStride = xStride;
  v.yStride = yStride;
  v.epsilon = static_cast<float>(epsilon);
  // For one row the stride is free: any value that holds a row.
  if (rows == 1)
    v.xStride = v.yStride = m.n;
  checkLaunch(m, v);
  return v;
}

void KernelSet::launch(const Manifest &named, LaunchValues &values,
                       int ordinal, void *stream) {
  // Many rows: the variant for them, among the set's manifests.
  std::vector<const Manifest *> variants;
  for (const std::string &file : named.variants)
    for (const Manifest &v : all)
      if (v.directory == named.directory && v.file == file)
        variants.push_back(&v);
  int chosen = chooseVariant(variants, values.rows);
  const Manifest &m = chosen >= 0 ? *variants[chosen] : named;
  if (chosen >= 0)
    checkLaunch(m, values);
  Device *device = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex);
    std::unique_ptr<Device> &slot = loaded[{ordinal, &m}];
    if (!slot)
      slot = openDeviceFor(m, ordinal);
    device = slot.get();
  }
  std::vector<void *> args = launchArguments(m, values);
  unsigned grid[3], block[3];
  launchGrid(m, values.rows, grid);
  for (int i = 0; i < 3; ++i)
    block[i] = static_cast<unsigned>(m.block[i]);
  device->launchOn(stream, grid, block,
                   static_cast<unsigned>(m.dynamicSharedBytes), args);
}

} // namespace rmsnorm::runtime

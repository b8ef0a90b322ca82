//===- KernelSet.h - the kernels a framework binding can launch -*- C++ -*-===//
//
// The torch-free core of framework bindings (tools/torch): which kernels
// exist (read from a folder of manifests), which one serves a call, whether
// the call's tensors fit it, and the launch on the caller's stream. Needs no
// LLVM, MLIR or framework; tensors are plain descriptors.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_RUNTIME_KERNELSET_H
#define RMSNORM_RUNTIME_KERNELSET_H

#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Launch.h"
#include "rmsnorm/Runtime/Manifest.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace rmsnorm::runtime {

/// A strided tensor as a framework describes it: sizes and strides in
/// elements, the device it lives on (-1 for host memory).
struct TensorDesc {
  uint64_t data = 0;
  ElementType dtype = ElementType::F32;
  std::vector<int64_t> sizes, strides;
  int device = -1;
};

class KernelSet {
public:
  /// Reads every manifest (*.json) of `directory` for `target`; throws Error
  /// on an unreadable folder or manifest.
  static std::unique_ptr<KernelSet> fromDirectory(const std::string &directory,
                                                  const std::string &target);

  /// The kernel for these types, row length and epsilon: one that takes
  /// epsilon as a parameter, else one with exactly this epsilon built in;
  /// null when there is none.
  const Manifest *find(ElementType dtype, ElementType weightDtype, int64_t n,
                       double epsilon) const;
  /// What the set holds, for errors: "bf16 rows with bf16 weight: N = 4096,
  /// 8192; ...".
  std::string describe() const;

  /// The launch values of y = rms_norm(x, w, epsilon) for `m`: x and y of
  /// shape (..., N) whose leading dimensions form rows of one stride, w of
  /// shape (N) contiguous, all on one device, aligned as the manifest
  /// requires. Throws Error naming what does not fit.
  LaunchValues prepare(const Manifest &m, const TensorDesc &x,
                       const TensorDesc &w, const TensorDesc &y,
                       double epsilon) const;
  /// Launches `m` on `stream` of device `ordinal`, loading its image there on
  /// first use. Thread-safe.
  void launch(const Manifest &m, LaunchValues &values, int ordinal,
              void *stream);

  const std::vector<Manifest> &manifests() const { return all; }

private:
  std::vector<Manifest> all;
  std::string target;
  std::map<std::pair<int, const Manifest *>, std::unique_ptr<Device>> loaded;
  std::mutex mutex;
};

} // namespace rmsnorm::runtime

#endif // RMSNORM_RUNTIME_KERNELSET_H

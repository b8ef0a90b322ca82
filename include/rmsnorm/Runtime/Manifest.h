//===- Manifest.h - reading rmsnorm kernel manifests ------------*- C++ -*-===//
//
// The runtime side needs no LLVM or MLIR: a small JSON reader for the
// manifests rmsnorm-emit writes (ManifestSchema.h: keys and version).
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_RUNTIME_MANIFEST_H
#define RMSNORM_RUNTIME_MANIFEST_H

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rmsnorm::runtime {

/// A manifest or input the harness cannot use; the message says why.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A parsed JSON value (the subset manifests use: no escapes beyond \" \\ \n).
struct Json {
  enum class Kind {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object
  } kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Json> array;
  std::map<std::string, Json> object;

  /// Throws Error with `what` when the text is not JSON.
  static Json parse(const std::string &text);
  const Json *find(const std::string &key) const;
};

/// The bytes of a file; throws Error naming `what` and the path.
std::string readFile(const std::string &path, const std::string &what);

enum class ElementType { F32, F16, BF16 };
ElementType parseElementType(const std::string &name);
const char *elementTypeName(ElementType type);
size_t elementBytes(ElementType type);

struct Param {
  // x, w, y, xy, epsilon, rows, x_row_stride, y_row_stride, xy_row_stride
  std::string name;
  bool pointer = false;
};

/// What a launcher needs of one kernel.
struct Manifest {
  std::string directory; // where the manifest (and its files) are
  std::string file;      // the manifest's own file name there
  std::string kernel, symbol, target, chip;
  ElementType dtype = ElementType::F32, weightDtype = ElementType::F32;
  int64_t n = 0;
  /// The built-in epsilon; when it is a kernel parameter instead
  /// (runtimeEpsilon), the epsilon of the launch at hand, set by the caller.
  double epsilon = 0;
  bool runtimeEpsilon = false;
  /// M, when the kernel was compiled for one row count (no "rows" parameter).
  std::optional<int64_t> staticRows;
  /// Row strides (elements) compiled into the kernel, for x and y (both the
  /// in-place buffer's for an "xy" kernel): a launch must pass exactly these.
  /// None where a "*_row_stride" parameter takes the caller's.
  std::optional<int64_t> staticXStride, staticYStride;
  /// A kernel for many rows: preferred from this many rows by the kernel
  /// that names it in `variants` (correct for any row count).
  std::optional<int64_t> fromRows;
  /// Manifests (file names beside this one) of the same computation for
  /// many rows.
  std::vector<std::string> variants;
  int64_t block[3] = {1, 1, 1};
  int64_t rowsPerBlock = 1;
  /// The most blocks the target launches in one grid of these blocks.
  int64_t maxBlocks = 1;
  int64_t dynamicSharedBytes = 0;
  int64_t pointerAlignment = 16;
  /// The kernel waits for the kernels before it in its stream at its start:
  /// launch it overlapping their end (CUDA: programmatic stream
  /// serialization).
  bool launchOverlap = false;
  std::vector<Param> params;
  std::map<std::string, std::string> files;

  /// Reads and validates `path`; throws Error naming the problem.
  static Manifest load(const std::string &path);
  /// The image to load: the cubin if any, else the PTX (NUL-terminated), or
  /// the hsaco.
  std::string imagePath() const;
  /// Whether `other` computes what this kernel does and is launched with the
  /// same values (target, chip, types, N, epsilon, static rows and row
  /// strides, parameters, base alignment): what a variant must satisfy.
  bool sameComputation(const Manifest &other) const;
};

/// Which kernel serves `rows`: the index in `variants` of the one with the
/// largest from_rows at most `rows`, or -1 for the kernel that names them.
int chooseVariant(const std::vector<const Manifest *> &variants, int64_t rows);

/// Loads the variants `m` names (each beside it); throws Error when one is
/// missing, is not a variant (no from_rows) or computes something else.
std::vector<Manifest> loadVariants(const Manifest &m);

} // namespace rmsnorm::runtime

#endif // RMSNORM_RUNTIME_MANIFEST_H

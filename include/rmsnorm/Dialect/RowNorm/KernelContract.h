//===- KernelContract.h - a kernel's contract in the IR --------*- C++ -*-===//
//
// Two dictionaries carry a kernel's contract through the IR, so that no tool
// has to recover it from the source:
// - `rownorm.kernel`, recorded on a function by rownorm-expand-ops: what the
//   rownorm op computed (op, element types, N, epsilon, schedule, the role of
//   each function argument);
// - `rownorm.launch`, recorded on each gpu.func by convert-rownorm-to-gpu:
//   the same, plus the kernel ABI (block, rows per block, parameters in
//   order, shared memory, alignment).
// This file is their one schema: builders, readers that check every field,
// and the key names. The dialect's verifier runs the readers, so a
// hand-edited contract is checked like any other IR.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_DIALECT_ROWNORM_KERNELCONTRACT_H
#define RMSNORM_DIALECT_ROWNORM_KERNELCONTRACT_H

#include "rmsnorm/Dialect/RowNorm/RowNorm.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>
#include <string>

namespace mlir::rmsnorm::rownorm {

/// What the rownorm op of a kernel function computed.
struct KernelDescription {
  std::string op; // "rms_norm"
  Type dtype, weightDtype;
  int64_t n = 0;
  /// Built-in epsilon (f32); null when it is a run-time argument (role
  /// "epsilon").
  FloatAttr epsilon;
  /// Static row count; none when M is known at launch ("rows" parameter).
  std::optional<int64_t> staticRows;
  ScheduleAttr schedule;
  /// One per function argument: "x", "w", "y", "xy" (in place), "epsilon".
  SmallVector<std::string> roles;
  /// A kernel for many rows: the row count from which a caller should prefer
  /// it to the kernel that names it in `variants` (both are correct for any
  /// row count).
  std::optional<int64_t> fromRows;
  /// The kernels for many rows of this computation (their names).
  SmallVector<std::string> variants;

  DictionaryAttr toAttr(MLIRContext *ctx) const;
  /// Reads and checks `dict`; reports the first problem through `emitError`,
  /// naming the attribute `what` (rownorm.kernel, or rownorm.launch, which
  /// holds a description too).
  static FailureOr<KernelDescription>
  fromAttr(DictionaryAttr dict, function_ref<InFlightDiagnostic()> emitError,
           StringRef what = "rownorm.kernel");
};

/// One kernel parameter, in launch order.
struct KernelParam {
  std::string name; // a role, or "rows", "x_row_stride", "y_row_stride",
                    // "xy_row_stride"
  bool pointer = false;
  Type type;          // pointee element type, or the scalar's type
  std::string access; // pointers: "read", "write" or "read-write"
};

/// Everything a loader needs to launch one kernel.
struct LaunchContract {
  KernelDescription kernel;
  /// Block dimensions: (threads per row, rows per block, 1); the grid is
  /// (ceil(rows / rowsPerBlock), 1, 1).
  int64_t block[3] = {1, 1, 1};
  int64_t rowsPerBlock = 1;
  /// The most blocks the target launches in one grid of such blocks: a
  /// loader refuses more rows than maxBlocks * rowsPerBlock.
  int64_t maxBlocks = 1;
  SmallVector<KernelParam> params;
  int64_t staticSharedBytes = 0, dynamicSharedBytes = 0;
  /// Every base pointer's alignment, and the row alignment (bytes) that
  /// selects the kernel's vector path.
  int64_t basePointerAlignment = 16, rowAlignment = 16;
  /// The row strides (elements) the source fixed, by role ("x", "y" or
  /// "xy"): compiled into the kernel, so a loader must refuse any other.
  /// Every other data role has a "<role>_row_stride" parameter instead.
  SmallVector<std::pair<std::string, int64_t>> staticRowStrides;
  /// The kernel begins by waiting for the kernels before it in its stream
  /// and then lets the next one launch (rownorm-overlap-launch), so a loader
  /// may launch it overlapping the previous kernel's end.
  bool launchOverlap = false;

  DictionaryAttr toAttr(MLIRContext *ctx) const;
  static FailureOr<LaunchContract>
  fromAttr(DictionaryAttr dict, function_ref<InFlightDiagnostic()> emitError);
};

/// The largest row stride a kernel may have compiled in: the manifest carries
/// it as a JSON number, exact up to 2^53.
inline constexpr int64_t kMaxStaticRowStride = int64_t{1} << 53;

/// Kernel symbols (and the files named after them) must match
/// [A-Za-z][A-Za-z0-9_]* and have at most this many characters: a name that
/// is a C identifier, a PTX and an ELF symbol and a file name everywhere.
inline constexpr size_t kMaxKernelNameLength = 200;
/// Why `name` cannot name a kernel, or "" when it can.
std::string checkKernelName(StringRef name);
/// Why `names` (the variants a kernel names) is not an array of names that
/// can each name a kernel, or "" when it is.
std::string checkKernelNames(ArrayAttr names);

/// The value of `attr` when it is a count of at least `min`: a signless
/// integer of at most 64 bits (index has no fixed width); none otherwise.
/// Shared by the dialect verifier and the kernel description reader.
std::optional<int64_t> countValue(Attribute attr, int64_t min);
/// `name` as MLIR spells a symbol (@name, quoted and escaped when needed;
/// @"" when empty), for messages.
std::string symbolText(MLIRContext *ctx, StringRef name);

} // namespace mlir::rmsnorm::rownorm

#endif // RMSNORM_DIALECT_ROWNORM_KERNELCONTRACT_H

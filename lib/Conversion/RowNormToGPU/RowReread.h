//===- RowReread.h - rows re-read from the cache, not held ------*- C++ -*-===//
//
// A thread holds its elements of x in registers between the sum of squares
// and the scaling (rownorm-reuse-row-loads), unless the kernel's schedule
// makes that dear: many vectors per thread cost registers, and so
// occupancy. Where the target can keep the first read in its shared cache
// (hinted loads) and the rows resident on the chip fit that cache, the
// scaling reads x again instead (rownorm-cache-hints keeps the first read,
// streams the second and keeps the weight). Both passes ask this rule, so
// they agree on which kernels re-read, from what getKernelTarget reads.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_CONVERSION_ROWNORMTOGPU_ROWREREAD_H
#define RMSNORM_CONVERSION_ROWNORMTOGPU_ROWREREAD_H

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>

namespace mlir::rmsnorm {

/// A kernel's launch contract and its module's target description.
struct KernelTarget {
  rownorm::LaunchContract contract;
  std::unique_ptr<TargetInfo> target;
};

/// Those of `kernel`; none for a kernel without a launch contract or in a
/// module that records no target (hand-written tests of one pass: nothing
/// target-specific to do); failure, reported on the kernel, when either
/// cannot be read.
FailureOr<std::optional<KernelTarget>> getKernelTarget(gpu::GPUFuncOp kernel);

/// The argument of `kernel` that `contract` names `name` (a parameter's
/// role: "x", "w", ...), or null when no parameter has it.
Value contractArgument(gpu::GPUFuncOp kernel,
                       const rownorm::LaunchContract &contract, StringRef name);

/// Which rows `kernel` runs (TargetInfo.h): `Many` with a from_rows, `Few`
/// where it names a kernel for many rows in its variants or where M is given
/// at launch and its rows keep the form for few rows on `target`
/// (keepsFewRowsForm), else `All`.
RowsServed rowsServed(const rownorm::KernelDescription &kernel,
                      const TargetInfo &target);

/// Whether the scaling of `contract`'s kernel reads x again rather than
/// reusing the registers of the sum of squares (TargetInfo.h's rule; the
/// rows are in place unless a parameter has role "x").
bool shouldRereadRows(const rownorm::LaunchContract &contract,
                      const TargetInfo &target);

} // namespace mlir::rmsnorm

#endif // RMSNORM_CONVERSION_ROWNORMTOGPU_ROWREREAD_H

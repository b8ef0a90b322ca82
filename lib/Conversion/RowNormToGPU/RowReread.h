//===- RowReread.h - rows re-read from the cache, not held ------*- C++ -*-===//
//
// A thread holds its elements of x in registers between the sum of squares
// and the scaling (rownorm-reuse-row-loads), unless the kernel's schedule
// makes that dear: many vectors per thread cost registers, and so
// occupancy. Where the target can keep the first read in its shared cache
// (hinted loads) and the rows resident on the chip fit that cache, the
// scaling reads x again instead (rownorm-cache-hints keeps the first read,
// streams the second and keeps the weight). Both passes ask this rule, so
// they agree on which kernels re-read.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_CONVERSION_ROWNORMTOGPU_ROWREREAD_H
#define RMSNORM_CONVERSION_ROWNORMTOGPU_ROWREREAD_H

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Target/TargetInfo.h"

namespace mlir::rmsnorm {

/// Fewest widest-access vectors of x per thread for which re-reading pays
/// (measured 2026-12-01, tools/gpu/PERFLOG.md: +0.4 to +5% from four
/// vectors up; -5 to +4% at two).
inline constexpr int64_t kMinVectorsToReread = 4;

/// Whether the scaling of `contract`'s kernel reads x again rather than
/// reusing the registers of the sum of squares: the rows are a separate
/// input (role "x", not in place), the schedule's vectors are the target's
/// widest access and each thread holds at least kMinVectorsToReread of
/// them, the target has hinted loads, and the rows of every block the chip
/// can hold at once fit its shared cache.
bool shouldRereadRows(const rownorm::LaunchContract &contract,
                      const TargetInfo &target);

} // namespace mlir::rmsnorm

#endif // RMSNORM_CONVERSION_ROWNORMTOGPU_ROWREREAD_H

//===- ReuseRowLoads.h ------------------------------------------*- C++ -*-===//

#ifndef RMSNORM_LIB_CONVERSION_ROWNORMTOGPU_REUSEROWLOADS_H
#define RMSNORM_LIB_CONVERSION_ROWNORMTOGPU_REUSEROWLOADS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::rmsnorm {

/// In a kernel built from the tiled form (loops unrolled), replaces the second
/// read of each of a thread's row elements by the first. Also turns row-guarded
/// loads into loads of a clamped row and a select, which makes the two reads
/// identical.
void reuseRowLoads(gpu::GPUFuncOp kernel);

} // namespace mlir::rmsnorm

#endif // RMSNORM_LIB_CONVERSION_ROWNORMTOGPU_REUSEROWLOADS_H

//===- GlobalAccesses.h - what a kernel's global accesses can touch -*- C++ -*-===//
//
// The passes after convert-rownorm-to-gpu reason about a thread's global
// loads and stores on unrolled kernels: whether two accesses are to distinct
// kernel buffers (they do not overlap, or they are one argument when in
// place: the op's contract) and whether two columns provably differ.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_CONVERSION_ROWNORMTOGPU_GLOBALACCESSES_H
#define RMSNORM_CONVERSION_ROWNORMTOGPU_GLOBALACCESSES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <utility>

namespace mlir::rmsnorm {

class TargetInfo;

/// True when `a` and `b` can never be equal (same linear form of index
/// values, another constant).
bool provablyDifferent(Value a, Value b);

/// The kernel argument a view was built from (through casts), or null.
Value argumentOf(Value memref);

/// True for a memref in workgroup (shared) memory.
bool isWorkgroup(Value memref);

/// True when two memrefs are views of different kernel arguments.
bool distinctBuffers(Value a, Value b);

/// True for a vector.load or vector.maskedload of global memory.
bool isGlobalLoad(Operation *op);

/// The column a global load reads: its last index, or, for an in-bounds
/// load at `select(%in, %column, 0)` whose value is used only under %in
/// (rownorm-coarsen-masks), %column.
Value loadedColumn(Operation *load);

/// Buffer and column index of a global store, or nulls when `op` is not
/// one.
std::pair<Value, Value> storedColumn(Operation *op);

/// True when the global store (`base`, `column`) could write what `load`
/// reads.
bool mayClobber(Value base, Value column, Operation *load);

/// 32-bit registers that hold a load's value.
unsigned loadRegisters(Operation *load);

/// The most registers a batch of hoisted loads may hold (their values live
/// until used): three quarters of a thread's share of the register file at
/// full occupancy. rownorm-hoist-row-loads' batches and rownorm-stage-rows'
/// w loads issued during the copy in.
unsigned hoistedLoadBudget(const TargetInfo &target);

} // namespace mlir::rmsnorm

#endif // RMSNORM_CONVERSION_ROWNORMTOGPU_GLOBALACCESSES_H

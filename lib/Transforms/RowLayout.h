//===- RowLayout.h - where rows lie in memory, for the row passes -*- C++ -*-===//
//
// Shared by rownorm-version-rows, rownorm-align-rows and
// rownorm-coarsen-masks: divisibility of index expressions, the byte
// alignment of a row access, and each row's offset from an aligned address.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_LIB_TRANSFORMS_ROWLAYOUT_H
#define RMSNORM_LIB_TRANSFORMS_ROWLAYOUT_H

#include "rmsnorm/Dialect/RowNorm/RowNorm.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::rmsnorm {

/// The row bodies under `root`: blocks holding thread loops (scf.parallel
/// over a row's threads, each with its vector loop, scf.for), in order;
/// only those with a vector loop for which `keep` holds.
SmallVector<Block *> rowBodies(Operation *root,
                               function_ref<bool(scf::ForOp)> keep);

/// Values an index can take, both ends included.
struct IndexRange {
  int64_t lo, hi;
};

/// The values of a loop's induction variable with these bounds.
std::optional<IndexRange> inductionRange(Value lb, Value ub, Value step);

/// The values `value` can take, when provable from constants, induction
/// variables of loops with constant bounds (`pinned`, when given, is taken
/// to range over `pinnedRange` instead) and index arithmetic (+, -, *, and
/// with a non-negative operand). Exact over what rownorm's expansion builds.
std::optional<IndexRange> rangeOf(Value value, Value pinned = {},
                                  IndexRange pinnedRange = {0, 0});

/// True when `value` is provably a multiple of `m` (> 0): constants, static
/// dimensions, sums, products, quotients scaled back, selects and casts.
bool isMultipleOf(Value value, int64_t m);

/// The memref and vector type of a vector.load/store/maskedload/maskedstore,
/// or null when `op` is none of them.
std::pair<Value, VectorType> vectorAccess(Operation *op);

/// A vector.load or vector.store of a function argument (a kernel buffer).
bool isArgumentAccess(Operation *op);
/// The indices of a vector.load or vector.store.
ValueRange accessIndices(Operation *op);

/// The `alignment` an access has been given, 0 when none.
int64_t alignmentOf(Operation *op);
void setAlignment(Operation *op, int64_t bytes);
/// Carries `from`'s alignment (and a `rownorm.reload` mark) over to its
/// replacement `to`.
void copyAlignment(Operation *from, Operation *to);

/// Marks a load that later load reuse must not replace by an earlier
/// identical one (a value re-read rather than held in registers).
constexpr llvm::StringLiteral kReloadAttrName =
    rownorm::RowNormDialect::getReloadAttrName();

/// The alignment in bytes that a vector of `type` at a multiple of its width
/// in an aligned row has: its size, up to `maxBytes` (the base pointers'
/// alignment); 0 when not a power of two.
int64_t naturalAlignment(VectorType type, int64_t maxBytes);

/// The element offset of a memref's first element, as a value (a constant
/// for a static layout).
Value offsetOf(OpBuilder &b, Location loc, Value memref);
/// The element stride between rows of a rank-2 memref, as a value.
Value rowStrideOf(OpBuilder &b, Location loc, Value memref);

/// Elements before `row` of `memref` reaches a multiple of `unit` elements
/// from the (aligned) base: (-(offset + row * stride)) mod unit, `unit` a
/// power of two. For a rank-1 memref `row` is ignored.
Value headElements(OpBuilder &b, Location loc, Value memref, Value row,
                   int64_t unit);

} // namespace mlir::rmsnorm

#endif // RMSNORM_LIB_TRANSFORMS_ROWLAYOUT_H

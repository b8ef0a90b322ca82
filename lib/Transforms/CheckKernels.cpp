//===- CheckKernels.cpp - can every rownorm function become a kernel? -----===//

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_CHECKKERNELS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
struct CheckKernels final
    : public rmsnorm::impl::CheckKernelsBase<CheckKernels> {
  void runOnOperation() override {
    bool ok = true;
    llvm::StringMap<func::FuncOp> byLowerCase;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      SmallVector<rownorm::RmsNormOp> ops;
      func.walk([&](rownorm::RmsNormOp op) { ops.push_back(op); });
      if (ops.empty())
        continue;
      for (rownorm::RmsNormOp op : ops)
        ok &= succeeded(checkAbi(func, op));
      ok &= succeeded(checkNoPassMarks(func));
      if (ops.size() > 1) {
        ops[1].emitError() << "expects one rownorm op per kernel function, "
                              "found "
                           << ops.size() << " in @" << func.getName()
                           << " (one function is one kernel)";
        ok = false;
      }
      StringRef name = func.getName();
      if (std::string why = rownorm::checkKernelName(name); !why.empty()) {
        // Printed as MLIR prints symbols: quoted and escaped when needed.
        func.emitError() << "function "
                         << rownorm::symbolText(&getContext(), name)
                         << " cannot become a kernel: " << why;
        ok = false;
        continue;
      }
      auto [it, inserted] = byLowerCase.try_emplace(name.lower(), func);
      if (!inserted) {
        func.emitError() << "kernels @" << it->second.getName() << " and @"
                         << name
                         << " differ only in letter case: their files "
                            "would collide";
        ok = false;
      }
    }
    if (!ok)
      signalPassFailure();
  }

  /// The marks rownorm-version-rows leaves for later passes say what the
  /// compiler made (rownorm-stage-rows takes a template's branch as never
  /// run); a source carrying them would have its own code taken for it.
  /// `rownorm.staging_template` is only valid beside the mark checked here
  /// (the dialect's verifier).
  static LogicalResult checkNoPassMarks(func::FuncOp func) {
    StringRef mark = rownorm::RowNormDialect::getVersionedRowsAttrName();
    WalkResult result = func.walk([&](Operation *op) {
      if (!op->hasAttr(mark))
        return WalkResult::advance();
      op->emitError() << "'" << mark
                      << "' is set by rownorm-version-rows; a kernel source "
                         "cannot carry it";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  /// What a kernel's launch can pass: the op's buffers are the function's
  /// arguments (a pointer each), at its top level, in the default memory
  /// space and without an offset (the pointer is the first element).
  static LogicalResult checkAbi(func::FuncOp func, rownorm::RmsNormOp op) {
    if (op->getBlock() != &func.getBody().front())
      return op.emitError()
             << "expects the rownorm op at the top level of @" << func.getName()
             << " (a kernel runs it once per launch; not inside "
             << op->getParentOp()->getName() << ")";
    std::pair<StringRef, Value> operands[] = {
        {"input", op.getInput()},
        {"weight", op.getWeight()},
        {"output", op.getOutput()},
        {"epsilon", op.getRuntimeEpsilon()}};
    for (auto [name, value] : operands) {
      if (!value)
        continue;
      auto arg = dyn_cast<BlockArgument>(value);
      if (!arg || arg.getOwner() != &func.getBody().front())
        return op.emitError()
               << "expects the " << name << " to be an argument of @"
               << func.getName()
               << " (a kernel gets its buffers as parameters), got a value "
                  "defined by "
               << (value.getDefiningOp()
                       ? value.getDefiningOp()->getName().getStringRef()
                       : StringRef("a block argument"));
      auto type = dyn_cast<MemRefType>(value.getType());
      if (!type)
        continue;
      if (type.getMemorySpace())
        return op.emitError()
               << "expects the " << name
               << " in the default memory space (a host passes global "
                  "memory), got "
               << type.getMemorySpace();
      SmallVector<int64_t> strides;
      int64_t offset;
      if (succeeded(type.getStridesAndOffset(strides, offset)) && offset != 0)
        return op.emitError()
               << "expects the " << name
               << " without an offset (the kernel takes the address of its "
                  "first element), got "
               << type;
    }
    return success();
  }
};
} // namespace

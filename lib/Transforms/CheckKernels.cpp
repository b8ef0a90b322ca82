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
      bool isKernel = false;
      func.walk([&](rownorm::RmsNormOp) { isKernel = true; });
      if (!isKernel)
        continue;
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
};
} // namespace

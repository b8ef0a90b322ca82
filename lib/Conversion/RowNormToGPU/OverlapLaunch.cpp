//===- OverlapLaunch.cpp - launches overlapping the previous kernel ------===//
//
// A kernel launched right after another waits, without this, until the first
// has finished before its own blocks are even scheduled: for the short
// kernels of few rows that gap is a large part of the time. Where the target
// can (TargetInfo::hasLaunchOverlap), each kernel begins by waiting for the
// kernels before it in its stream and their writes, then lets the next kernel
// launch; its launch contract records `launch_overlap`, which tells a loader
// to launch it so. The wait comes before every access to memory, so the
// kernel is correct after any kernel, overlapped or not.
//
//===----------------------------------------------------------------------===//

#include "RowReread.h"
#include "rmsnorm/Conversion/Passes.h"
#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_OVERLAPLAUNCH
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
struct OverlapLaunch final
    : public rmsnorm::impl::OverlapLaunchBase<OverlapLaunch> {
  using OverlapLaunchBase::OverlapLaunchBase;

  void runOnOperation() override {
    WalkResult result = getOperation()->walk([&](gpu::GPUFuncOp func) {
      FailureOr<std::optional<KernelTarget>> known = getKernelTarget(func);
      if (failed(known))
        return WalkResult::interrupt();
      if (!*known || !(*known)->target->hasLaunchOverlap() ||
          (*known)->contract.launchOverlap)
        return WalkResult::advance();
      OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
      (*known)->target->createLaunchOverlapPrologue(builder, func.getLoc());
      rownorm::LaunchContract contract = std::move((*known)->contract);
      contract.launchOverlap = true;
      func->setAttr(rownorm::RowNormDialect::getLaunchAttrName(),
                    contract.toAttr(func.getContext()));
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

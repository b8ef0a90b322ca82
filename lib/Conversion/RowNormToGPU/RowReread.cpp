//===- RowReread.cpp - rows re-read from the cache, not held --------------===//

#include "RowReread.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

FailureOr<std::optional<mlir::rmsnorm::KernelTarget>>
mlir::rmsnorm::getKernelTarget(gpu::GPUFuncOp kernel) {
  auto launch = kernel->getAttrOfType<DictionaryAttr>(
      rownorm::RowNormDialect::getLaunchAttrName());
  auto module = kernel->getParentOfType<ModuleOp>();
  if (!launch || !module || !getTargetAttr(module))
    return std::optional<KernelTarget>();
  FailureOr<rownorm::LaunchContract> contract =
      rownorm::LaunchContract::fromAttr(launch,
                                        [&] { return kernel.emitError(); });
  if (failed(contract))
    return failure();
  std::unique_ptr<TargetInfo> target = getTargetInfo(kernel);
  if (!target)
    return failure();
  return std::optional<KernelTarget>(
      KernelTarget{std::move(*contract), std::move(target)});
}

bool mlir::rmsnorm::shouldRereadRows(const rownorm::LaunchContract &contract,
                                     const TargetInfo &target) {
  // LaunchContract::fromAttr has checked the schedule, the element type and
  // the block (positive, the schedule's shape).
  const rownorm::KernelDescription &kernel = contract.kernel;
  int64_t elementBytes = kernel.dtype.getIntOrFloatBitWidth() / 8;
  if (!llvm::is_contained(kernel.roles, "x") || !target.hasHintedLoads() ||
      kernel.schedule.getVectorWidth() * elementBytes !=
          int64_t(target.getMaxVectorBytes()) ||
      kernel.schedule.getVectorsPerThread() < kMinVectorsToReread)
    return false;
  // The blocks a processor holds at once when threads are the only limit
  // (registers allow fewer, never more): their rows stay in the cache from
  // the first read to the second.
  int64_t threads = contract.block[0] * contract.block[1] * contract.block[2];
  int64_t blocks = target.getMaxThreadsPerProcessor() / threads;
  int64_t residentBytes = int64_t(target.getProcessorCount()) * blocks *
                          contract.rowsPerBlock * kernel.n * elementBytes;
  return residentBytes <= int64_t(target.getSharedCacheBytes());
}

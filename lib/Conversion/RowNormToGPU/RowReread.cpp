//===- RowReread.cpp - rows re-read from the cache, not held --------------===//

#include "RowReread.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

FailureOr<std::optional<mlir::rmsnorm::KernelTarget>>
mlir::rmsnorm::getKernelTarget(gpu::GPUFuncOp kernel) {
  auto launch = kernel->getAttrOfType<DictionaryAttr>(
      rownorm::RowNormDialect::getLaunchAttrName());
  if (!launch || !rownorm::RowNormDialect::findTargetAttr(kernel))
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

Value mlir::rmsnorm::contractArgument(gpu::GPUFuncOp kernel,
                                      const rownorm::LaunchContract &contract,
                                      StringRef name) {
  for (auto [index, param] : llvm::enumerate(contract.params))
    if (param.name == name && index < kernel.getNumArguments())
      return kernel.getArgument(index);
  return Value();
}

/// The shape the re-read rule sees of `kernel`, whose blocks hold
/// `rowsPerBlock` rows of `blockThreads` threads in all.
static mlir::rmsnorm::RowKernelShape
rowKernelShape(const mlir::rmsnorm::rownorm::KernelDescription &kernel,
               int64_t rowsPerBlock, int64_t blockThreads,
               mlir::rmsnorm::RowsServed rows) {
  return {kernel.dtype.getIntOrFloatBitWidth() / 8,
          kernel.n,
          kernel.schedule.getVectorWidth(),
          kernel.schedule.getVectorsPerThread(),
          rowsPerBlock,
          blockThreads,
          /*inPlace=*/!llvm::is_contained(kernel.roles, "x"),
          mlir::rmsnorm::widensByConversion(kernel.dtype),
          rows};
}

bool mlir::rmsnorm::shouldRereadRows(const rownorm::LaunchContract &contract,
                                     const TargetInfo &target) {
  // LaunchContract::fromAttr has checked the schedule, the element type and
  // the block (positive, the schedule's shape).
  const rownorm::KernelDescription &kernel = contract.kernel;
  // A kernel for many rows whose rows fit a subgroup is rownorm-tile-rows'
  // twin that reads w late: its first kernel's schedule, chosen for any M,
  // so it re-reads (or holds) as one kernel for every M would.
  RowsServed rows = rowsServed(kernel, target);
  if (rows == RowsServed::Many &&
      kernel.schedule.getThreadsPerRow() <= int64_t(target.getSubgroupSize()))
    rows = RowsServed::All;
  return shouldRereadRows(
      target,
      rowKernelShape(kernel, contract.rowsPerBlock,
                     contract.block[0] * contract.block[1] * contract.block[2],
                     rows));
}

mlir::rmsnorm::RowsServed
mlir::rmsnorm::rowsServed(const rownorm::KernelDescription &kernel,
                          const TargetInfo &target) {
  if (kernel.fromRows)
    return RowsServed::Many;
  if (!kernel.variants.empty())
    return RowsServed::Few;
  // As rownorm-tile-rows, which makes no twin for a fixed row count.
  rownorm::ScheduleAttr schedule = kernel.schedule;
  if (!kernel.staticRows &&
      keepsFewRowsForm(
          target, rowKernelShape(kernel, schedule.getRowsPerBlock(),
                                 schedule.getBlockSize(), RowsServed::All)))
    return RowsServed::Few;
  return RowsServed::All;
}

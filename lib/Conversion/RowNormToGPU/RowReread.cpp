//===- RowReread.cpp - rows re-read from the cache, not held --------------===//

#include "RowReread.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

bool mlir::rmsnorm::rereadsRows(const rownorm::LaunchContract &contract,
                                const TargetInfo &target) {
  const rownorm::KernelDescription &kernel = contract.kernel;
  if (!llvm::is_contained(kernel.roles, "x") || !target.hasHintedLoads() ||
      !kernel.schedule || !kernel.dtype.isIntOrFloat() ||
      kernel.schedule.getVectorsPerThread() < kMinVectorsToReread)
    return false;
  int64_t threads = contract.block[0] * contract.block[1] * contract.block[2];
  if (threads <= 0)
    return false;
  // The blocks a processor holds at once when threads are the only limit
  // (registers allow fewer, never more): their rows stay in the cache from
  // the first read to the second.
  int64_t blocks = target.getMaxThreadsPerProcessor() / threads;
  int64_t rowBytes = kernel.n * kernel.dtype.getIntOrFloatBitWidth() / 8;
  int64_t residentBytes = int64_t(target.getProcessorCount()) * blocks *
                          contract.rowsPerBlock * rowBytes;
  return residentBytes <= int64_t(target.getSharedCacheBytes());
}

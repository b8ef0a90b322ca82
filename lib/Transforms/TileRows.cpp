//===- TileRows.cpp - choose the multi-row tiling of rownorm ops ----------===//

#include "rmsnorm/Dialect/RowNorm/KernelContract.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"
#include "rmsnorm/Target/TargetInfo.h"
#include "rmsnorm/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_TILEROWS
#include "rmsnorm/Transforms/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;
using namespace mlir::rmsnorm::rownorm;

namespace {
// A thread aims at this many vectors of its row: measured with
// tools/gpu/schedules.sh (tools/gpu/PERFLOG.md, 2026-12-01), two 16-byte
// vectors per thread beat four at every aligned row of 128 to 8192 elements
// tried, at 1 to 32768 rows (up to 17%: a thread's loads are a shorter chain
// before the reduction), while x was held in registers; with x re-read, four
// win for many rows (the kernels for many rows below).
constexpr int64_t kVectorsPerThread = 2;
// Rows with tail elements (N not a multiple of the vector width) run the
// unaligned copy of rownorm-align-rows, whose head and tail tests and weight
// realignment cost each thread the same whatever its vectors: four vectors
// share them (bf16 N = 4099: two per thread were 17% slower) once the row
// has more vectors than a subgroup has threads (N = 127 keeps two: 10-19%
// faster than four).
constexpr int64_t kVectorsPerThreadWithTail = 4;
// The longest rows: each thread keeps at most this many vectors in flight
// (registers), which bounds N at max threads x this x vector width.
constexpr int64_t kMaxVectorsPerThread = 16;
// A row's threads stay within 1 / this of a processor's threads, so that
// this many blocks fit a processor, while each thread holds at most
// kMaxVectorsPerThread vectors and kMaxRowValuesPerThread values: a block of
// half a processor's threads leaves two blocks per processor, whose barriers
// stall their loads together (f32 N = 32768: 512 threads x 16 vectors reach
// 99% of the copy, 1024 x 8 95%).
constexpr int64_t kMinBlocksPerProcessor = 4;
// The row values a thread holds in f32 registers (vectors x width) before
// the row takes more threads: 16 vectors of 8 16-bit elements are 128
// registers, which spill at 512 threads per block (bf16 N = 65536).
constexpr int64_t kMaxRowValuesPerThread = 64;
// Short rows share a block until it has this many subgroups.
constexpr int64_t kSubgroupsPerBlock = 4;
// A thread may hold up to this many vectors when that makes every thread's
// share of the row whole (no vector past the row).
constexpr int64_t kMaxWholeVectorsPerThread = 8;
// With tail elements a row's whole vectors are read by the unaligned or the
// staged copy, where seven or eight vectors a thread lose to two to four on
// two to four times the threads (16-bit N = 229 / 451 / 777 / 901: +41-45 /
// +14-19 / +7-10 / +8-10%; f32 N = 113 / 451 / 901: +20 / +10 / +7.5%),
// while five or six do not (f32 N = 145 / 1289 at three: 7% / 10% slower).
// Two exceptions keep the longer chain: a row held by one thread, which has
// no reduction across threads (f32 N = 31: 4 x 2 are 18.5% slower than
// 1 x 7), and rows whose thread count, before these adjustments, reaches a
// block's kSubgroupsPerBlock subgroups: at 512 threads the half keeps more
// vectors in flight per block (16-bit N = 14337, f32 N = 7001: 512 x 4 are
// 11.6% / 7.1% slower than 256 x 7); at 256 (16-bit N = 7001 / 8191) the
// cap measured -1.6 to +5.7%, too mixed to adopt; at 128 it gained 3% at
// f32 N = 1541 / 1797, but its 16-bit kernels (N = 3081-4095, 128 x 4,
// unmeasured) spill 4 bytes in 713 of 1,778 cases where 64 x 7-8 do not.
// Measured: tools/gpu/PERFLOG.md, nineteenth session.
constexpr int64_t kMaxWholeVectorsPerThreadWithTail = 6;

// Rows with tail elements longer than kMaxUnflooredRowElements (16-bit)
// or kMaxUnflooredWordRowElements (4-byte elements) keep at least a
// subgroup's threads / kTailRowSubgroupDivisor in the adjustments that
// trade threads for whole vectors, where they had as many: 16-bit N = 161
// takes 8 x 3 vectors instead of 4 x 5, 51% (bf16) and 38% (f16) faster at
// 32768 rows unstaged (s19a, both runs of s19c); staged, 161 / 167 at 8 x 3
// are 0-12% faster (s20c). Shorter rows keep the adjustments' fewer
// threads: the same floor made staged 16-bit N = 47 / 85 / 101 6-12%
// slower and f32 N = 31 19% slower (s19a). No f32 schedule of the measured
// target (32-wide subgroups) moves with a bound of 128 or 256; 256 keeps the
// f32 rows of 161-163 on a target with 64-wide subgroups at 8 x 5
// (unmeasured). Measured: tools/gpu/PERFLOG.md, nineteenth and twentieth
// sessions.
constexpr int64_t kMaxUnflooredRowElements = 128;
constexpr int64_t kMaxUnflooredWordRowElements = 256;
constexpr int64_t kTailRowSubgroupDivisor = 4;

// Kernels for many rows (option many-rows), measured with
// tools/gpu/benchmark.sh (PERFLOG.md, 2026-12-01 w, x, y): with x re-read
// from the shared cache, long rows at 32768 rows are 2-5% faster with four
// vectors per thread than with two, and with a few rows per block (up to a
// quarter of a processor's threads) than with one; at 1 to 4096 rows the
// same schedules are 5-36% slower.
constexpr int64_t kManyRowsVectorsPerThread = kMinVectorsToReread;
// Up to this many rows per block (16-bit N = 2880: 8 rows of 64 threads were
// 6.5% slower than 4).
constexpr int64_t kMaxManyRowsPerBlock = 4;
// The schedules cross over where x outgrows about twice the shared cache
// (bf16 N = 8192: -0.2% at 4096 rows, +2.5% at 8192; f32 N = 2048: -1% at
// 8192, +1.8% at 16384).
constexpr int64_t kManyRowsCacheMultiple = 2;
// A kernel for many rows with the first kernel's schedule (x re-read there,
// held in the first) takes over where x outgrows about five times the shared
// cache (bf16 N = 16384 held: +0.5% at 8192 rows, x 256 MiB; -0.1% at 16384;
// f32 16384, eight vectors, even at 4096 rows, 256 MiB; PERFLOG
// thirty-seventh session). Within 1% either way around it: the crossover is
// not resolved finer than the runs' spread.
constexpr int64_t kHeldRowsCacheMultiple = 5;

// Rows within one subgroup: a kernel for few rows that loads w with x
// (rownorm-hoist-row-loads) runs while a processor has at most this many
// blocks of them; its twin for many rows, of the same schedule, keeps w
// after the reduction. While no other block shares a processor nothing
// hides w's second round trip: w with x ran 10-44% faster at 1-256 rows of
// 64-1280 elements, 4-25% at 1000 (but f32 N = 128 -4%); with more blocks
// they hide it, and the early loads lost: -2 to -18% at 2000-4000 rows of
// 64 / 128 / 512 elements, -1 to -3% at 32768 rows of 128 / 512 / 768
// (H100; 768 kept gaining through 16384 rows). PERFLOG.md, forty-second
// session (s42b).
constexpr int64_t kEarlyWeightBlocksPerProcessor = 1;

// Where a thread holds at least this many vectors, the first kernel (w with
// x) keeps gaining past one block a processor, while x stays in the shared
// cache: at 528-16384 rows it ran 1.07-1.16x the twin's speed (geomean of
// three runs, 16-bit 768 / 896 / 1280, f32 896; cells 0.90-1.39x), where
// two vectors a thread ran 1.02x (512: 0.91-1.13x) (H100, PERFLOG.md,
// forty-third session, s43b). Its twin then takes over where x is over
// kManyRowsCacheMultiple times the shared cache, as the re-read twins do:
// at 32768 rows 768's ran 1.6-1.8% ahead (s42b). Only rows over at least
// half a subgroup (16-32 threads measured): narrow rows, many a block, lost
// with w early at 2000-4000 rows (16-bit 128, f32 64 / 128, s42b), and
// none of three vectors was measured. From kFewRowsFormVectors (TargetInfo.h)
// there is no twin at all, nor at fewer where the twin would re-read x
// (keepsFewRowsForm).
constexpr int64_t kEarlyWeightUntilCachedVectors = 3;

/// A second kernel to create: `op`'s function with `schedule`, preferred
/// from `fromRows` rows, x over `cacheMultiple` times the shared cache (0:
/// kEarlyWeightBlocksPerProcessor blocks a processor); or, with
/// `weightLate`, the first kernel's schedule with w read after the
/// reduction.
struct ManyRowsKernel {
  RmsNormOp op;
  ScheduleAttr schedule;
  int64_t fromRows;
  int64_t cacheMultiple;
  bool weightLate = false;
};

/// The rows a block takes by default when each has `threads` threads: as many
/// as fill kSubgroupsPerBlock subgroups, at least one.
int64_t rowsFillingBlock(int64_t threads, int64_t subgroup) {
  return std::max<int64_t>(1, kSubgroupsPerBlock * subgroup / threads);
}

/// Whether `rows` (a 2-d memref) has a row stride given at run time.
bool hasDynamicRowStride(Value rows) {
  auto type = cast<MemRefType>(rows.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  return type.getRank() == 2 &&
         succeeded(type.getStridesAndOffset(strides, offset)) &&
         ShapedType::isDynamic(strides[0]);
}

/// Whether rownorm-stage-rows can make runs of `rows`' rows: a row stride
/// given at run time, or fixed at N at offset 0 (the template
/// rownorm-version-rows keeps, option staging-template).
bool hasStageableRowStride(Value rows) {
  if (hasDynamicRowStride(rows))
    return true;
  auto type = cast<MemRefType>(rows.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  return type.getRank() == 2 &&
         succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides[0] == type.getDimSize(1) && offset == 0;
}

/// The rows from which `op`'s x is over `multiple` times `target`'s shared
/// cache: a kernel for many rows is preferred from there.
int64_t rowsOverSharedCache(RmsNormOp op, int64_t multiple,
                            const TargetInfo &target) {
  int64_t rowBytes =
      op.getRowLength() * op.getElementType().getIntOrFloatBitWidth() / 8;
  return llvm::divideCeil(multiple * int64_t(target.getSharedCacheBytes()),
                          rowBytes);
}

/// The shape the re-read rule sees of `op` tiled as `schedule`.
RowKernelShape rowKernelShape(RmsNormOp op, ScheduleAttr schedule,
                              RowsServed served) {
  return RowKernelShape{op.getElementType().getIntOrFloatBitWidth() / 8,
                        op.getRowLength(),
                        schedule.getVectorWidth(),
                        schedule.getVectorsPerThread(),
                        schedule.getRowsPerBlock(),
                        schedule.getBlockSize(),
                        op.getInput() == op.getOutput(),
                        widensByConversion(op.getElementType()),
                        served};
}

struct TileRows final : public rmsnorm::impl::TileRowsBase<TileRows> {
  using Base::Base;

  /// The kernel for many rows of `op`, tiled as `first` by the cost model:
  /// only for long rows of whole vectors of the widest access that the
  /// target re-reads with the many-rows schedule, when that schedule differs,
  /// or, when it is `first`, where the first kernel re-reads for any number
  /// of rows but would hold x for few (shouldRereadRows).
  std::optional<ManyRowsKernel> manyRowsKernel(RmsNormOp op, ScheduleAttr first,
                                               const TargetInfo &target) {
    int64_t n = op.getRowLength();
    int64_t elementBytes = op.getElementType().getIntOrFloatBitWidth() / 8;
    int64_t width = first.getVectorWidth();
    int64_t subgroup = target.getSubgroupSize();
    // A row count fixed at compile time is served by the first kernel.
    if (!ShapedType::isDynamic(
            cast<MemRefType>(op.getInput().getType()).getDimSize(0)))
      return std::nullopt;
    if (width * elementBytes != int64_t(target.getMaxVectorBytes()) ||
        n % width != 0 || n / width <= 2 * kSubgroupsPerBlock * subgroup)
      return std::nullopt;
    int64_t cap = llvm::bit_floor(uint64_t(
        std::min<int64_t>(target.getMaxThreadsPerProcessor() /
                              kMinBlocksPerProcessor,
                          target.getMaxThreadsPerBlock())));
    int64_t threads = std::min<int64_t>(
        llvm::bit_floor(uint64_t(n / width / kManyRowsVectorsPerThread)), cap);
    // A partial last round (some threads own a vector past the row) costs
    // more than the re-read gains (16-bit N = 2880 over 64 threads, 11008
    // over 256: 1.5-2.5% slower at 32768 rows, runs z1 / z2).
    if ((n / width) % threads != 0)
      return std::nullopt;
    int64_t rows = std::clamp<int64_t>(cap / threads, 1, kMaxManyRowsPerBlock);
    int64_t perThread = ScheduleAttr::vectorsPerThreadFor(n, width, threads);
    if (perThread > kMaxVectorsPerThread ||
        perThread * width > kMaxRowValuesPerThread)
      return std::nullopt;
    auto schedule =
        ScheduleAttr::get(op.getContext(), rows, threads, width, perThread);
    if (!shouldRereadRows(target,
                          rowKernelShape(op, schedule, RowsServed::Many)))
      return std::nullopt;
    int64_t multiple = kManyRowsCacheMultiple;
    if (schedule == first) {
      // Only what holding x for few rows changes.
      if (!shouldRereadRows(target,
                            rowKernelShape(op, first, RowsServed::All)) ||
          shouldRereadRows(target, rowKernelShape(op, first, RowsServed::Few)))
        return std::nullopt;
      multiple = kHeldRowsCacheMultiple;
    }
    return ManyRowsKernel{op, schedule,
                          rowsOverSharedCache(op, multiple, target), multiple};
  }

  /// The kernel for many rows of `op` whose rows, of whole vectors, fit a
  /// subgroup (no other kernel for many rows): `op`'s schedule, from the rows
  /// that give each processor kEarlyWeightBlocksPerProcessor blocks, or, at
  /// kEarlyWeightUntilCachedVectors vectors a thread or more over half a
  /// subgroup or more, from x over kManyRowsCacheMultiple times the shared
  /// cache; none where the first keeps its form at every row count
  /// (keepsFewRowsForm). The first kernel then runs only the rows below and
  /// loads w with x.
  std::optional<ManyRowsKernel> lateWeightKernel(RmsNormOp op,
                                                 const TargetInfo &target) {
    ScheduleAttr s = op.getScheduleAttr();
    if (!ShapedType::isDynamic(
            cast<MemRefType>(op.getInput().getType()).getDimSize(0)) ||
        op.getRowLength() % s.getVectorWidth() != 0 ||
        s.getThreadsPerRow() > int64_t(target.getSubgroupSize()) ||
        keepsFewRowsForm(target, rowKernelShape(op, s, RowsServed::All)))
      return std::nullopt;
    int64_t fromRows = int64_t(target.getProcessorCount()) *
                       kEarlyWeightBlocksPerProcessor * s.getRowsPerBlock();
    int64_t multiple = 0;
    if (s.getVectorsPerThread() >= kEarlyWeightUntilCachedVectors &&
        2 * s.getThreadsPerRow() >= int64_t(target.getSubgroupSize())) {
      multiple = kManyRowsCacheMultiple;
      fromRows = std::max(fromRows, rowsOverSharedCache(op, multiple, target));
    }
    return ManyRowsKernel{op, s, fromRows, multiple, /*weightLate=*/true};
  }

  /// The first kernel of a function with a kernel for many rows runs below
  /// that kernel's from_rows (a consumer may still use it for every M, the
  /// README says at what cost): one row per block. Rows that share a block
  /// leave processors idle while the grid is smaller than the chip, and
  /// wait for each other at its barriers (16-bit N = 2560 / 3584, two rows
  /// of 64 threads per block before: +10 to +14% at 64 rows, +7 to +9% at
  /// 256-512 and +2 to +4% at 1024, where the grid already covers the chip
  /// and only the shared barriers remain; PERFLOG twelfth session).
  void spreadFewRows(RmsNormOp op) {
    ScheduleAttr s = op.getScheduleAttr();
    if (s.getRowsPerBlock() == 1)
      return;
    auto spread =
        ScheduleAttr::get(op.getContext(), 1, s.getThreadsPerRow(),
                          s.getVectorWidth(), s.getVectorsPerThread());
    op.setScheduleAttr(spread);
    op.emitRemark() << "kernel for few rows: schedule " << spread
                    << " (one row per block, spread over the processors)";
  }

  /// Clones the function of `kernel.op` with the many-rows schedule; false
  /// where none is created (the function already names or is such a kernel,
  /// holds several ops, or the name is unusable).
  bool createManyRowsKernel(ManyRowsKernel kernel) {
    auto func = dyn_cast<func::FuncOp>(kernel.op->getParentOp());
    Operation *table = func ? func->getParentOp() : nullptr;
    if (!func || !table || !table->hasTrait<OpTrait::SymbolTable>() ||
        func->hasAttr(RowNormDialect::getVariantsAttrName()) ||
        func->hasAttr(RowNormDialect::getFromRowsAttrName()))
      return false;
    // Only a function whose one rownorm op is the kernel.
    int ops = 0;
    func.walk([&](RmsNormOp) { ++ops; });
    if (ops != 1)
      return false;
    std::string name = (func.getSymName() + "_many_rows").str();
    if (std::string why = rownorm::checkKernelName(name); !why.empty()) {
      kernel.op.emitRemark() << "no kernel for many rows: " << why;
      return false;
    }
    if (SymbolTable::lookupSymbolIn(table, name)) {
      kernel.op.emitRemark() << "no kernel for many rows: the name "
                             << rownorm::symbolText(func.getContext(), name)
                             << " is taken";
      return false;
    }
    OpBuilder b(func);
    b.setInsertionPointAfter(func);
    auto clone = cast<func::FuncOp>(b.clone(*func));
    clone.setSymName(name);
    clone.walk([&](RmsNormOp op) { op.setScheduleAttr(kernel.schedule); });
    clone->setAttr(RowNormDialect::getFromRowsAttrName(),
                   b.getI64IntegerAttr(kernel.fromRows));
    func->setAttr(RowNormDialect::getVariantsAttrName(),
                  b.getStrArrayAttr({name}));
    InFlightDiagnostic remark =
        kernel.op.emitRemark()
        << "kernel for many rows "
        << rownorm::symbolText(func.getContext(), name) << ": schedule "
        << kernel.schedule
        << (kernel.weightLate ? " (w read late)" : " (x re-read)")
        << ", preferred from " << kernel.fromRows << " rows";
    if (kernel.cacheMultiple)
      remark << " (x over " << kernel.cacheMultiple << "x the shared cache)";
    else
      remark << " (" << kEarlyWeightBlocksPerProcessor << " block a processor)";
    return true;
  }

  LogicalResult checkOptions(RmsNormOp op) {
    std::pair<StringRef, int64_t> options[] = {
        {"rows-per-block", rowsPerBlock},
        {"threads-per-row", threadsPerRow},
        {"vector-width", vectorWidth}};
    for (auto [name, value] : options)
      if (value < 0)
        return op.emitError()
               << "option '" << name
               << "' must be 0 (cost model) or positive, got " << value;
    // Beyond these no target runs; bounding them keeps products exact.
    std::pair<StringRef, int64_t> bounds[] = {
        {"rows-per-block", ScheduleAttr::kMaxThreadsPerBlock},
        {"threads-per-row", ScheduleAttr::kMaxThreadsPerBlock},
        {"vector-width", ScheduleAttr::kMaxVectorWidth}};
    for (auto [option, bound] : llvm::zip(options, bounds))
      if (option.second > bound.second)
        return op.emitError()
               << "option '" << option.first << "' must be at most "
               << bound.second << ", got " << option.second;
    return success();
  }

  /// A schedule written in the input, checked against the target's limits
  /// as a chosen one would be.
  LogicalResult checkGiven(RmsNormOp op, ScheduleAttr s,
                           const TargetInfo &target) {
    int64_t elementBytes = op.getElementType().getIntOrFloatBitWidth() / 8;
    if (s.getVectorWidth() * elementBytes >
        static_cast<int64_t>(target.getMaxVectorBytes()))
      return op.emitError()
             << "schedule vector_width " << s.getVectorWidth() << " of "
             << op.getElementType() << " is "
             << s.getVectorWidth() * elementBytes << " bytes, wider than "
             << target.getChip() << "'s " << target.getMaxVectorBytes()
             << "-byte accesses";
    if (s.getBlockSize() > static_cast<int64_t>(target.getMaxThreadsPerBlock()))
      return op.emitError()
             << "schedule block of " << s.getRowsPerBlock() << " rows x "
             << s.getThreadsPerRow() << " threads exceeds " << target.getChip()
             << "'s limit of " << target.getMaxThreadsPerBlock()
             << " threads per block";
    if (s.getVectorsPerThread() > kMaxVectorsPerThread)
      return op.emitError()
             << "schedule vectors_per_thread " << s.getVectorsPerThread()
             << " exceeds the " << kMaxVectorsPerThread
             << " vectors a thread keeps in registers";
    return success();
  }

  LogicalResult tile(RmsNormOp op, const TargetInfo &target) {
    if (failed(checkOptions(op)))
      return failure();
    int64_t rowLength = op.getRowLength();
    int64_t elementBytes = op.getElementType().getIntOrFloatBitWidth() / 8;
    int64_t widest = target.getMaxVectorBytes() / elementBytes;
    std::string why;
    llvm::raw_string_ostream reason(why);

    int64_t width = vectorWidth;
    if (width == 0) {
      width = std::min<int64_t>(widest, llvm::PowerOf2Ceil(rowLength));
      reason << (width == widest ? "widest access"
                                 : "row shorter than the widest access")
             << " (" << width * elementBytes << " bytes)";
    } else {
      reason << "vector width set by option";
    }
    if (width * elementBytes > static_cast<int64_t>(target.getMaxVectorBytes()))
      return op.emitError()
             << "vector-width " << width << " of " << op.getElementType()
             << " is " << width * elementBytes
             << " bytes, wider than the target's " << target.getMaxVectorBytes()
             << "-byte accesses";

    // Rows of two vectors or more are read as whole vectors plus a few
    // elements (rownorm-align-rows): only the whole vectors are spread over
    // the threads.
    int64_t vectors = ScheduleAttr::rowVectors(rowLength, width);
    bool tail = vectors * width < rowLength;
    int64_t threads = threadsPerRow;
    int64_t maxThreads = target.getMaxThreadsPerBlock();
    int64_t subgroup = target.getSubgroupSize();
    if (threads == 0) {
      int64_t cap = target.getMaxThreadsPerProcessor() / kMinBlocksPerProcessor;
      while (cap < maxThreads &&
             (llvm::divideCeil(vectors, cap) > kMaxVectorsPerThread ||
              llvm::divideCeil(vectors, cap) * width > kMaxRowValuesPerThread))
        cap *= 2;
      cap = std::min(cap, maxThreads);
      int64_t perThread = tail && vectors > subgroup
                              ? kVectorsPerThreadWithTail
                              : kVectorsPerThread;
      threads = std::min<int64_t>(
          llvm::PowerOf2Ceil(llvm::divideCeil(vectors, perThread)), cap);
      reason << "; " << vectors << (tail ? " whole" : "")
             << " vectors per row over " << threads
             << " threads keeps " << llvm::divideCeil(vectors, threads)
             << " in registers per thread";
      if (perThread != kVectorsPerThread)
        reason << " (" << perThread << " wanted with tail elements)";
      // With a partial last round some threads own a vector past the row:
      // unbalanced threads and a predicated access. Nearby thread counts may
      // divide the row's vectors exactly; failing that, half the threads
      // (never more slots empty than the full count) while each holds at
      // most kMaxWholeVectorsPerThread, unless the half leaves as many empty
      // and drops below a subgroup (more vectors in flight per block: bf16
      // N = 11008, 256 x 6 vectors are 10% faster than 512 x 3). Rows with
      // tail elements: kMaxWholeVectorsPerThreadWithTail, with its
      // exceptions, and the floor of kTailRowSubgroupDivisor.
      bool tailCap = tail && threads < kSubgroupsPerBlock * subgroup;
      int64_t unfloored = elementBytes >= 4 ? kMaxUnflooredWordRowElements
                                            : kMaxUnflooredRowElements;
      int64_t fewest =
          tail && rowLength > unfloored
              ? std::min(threads, subgroup / kTailRowSubgroupDivisor)
              : 1;
      auto mostWhole = [&](int64_t t) {
        return tailCap && t > 1 ? kMaxWholeVectorsPerThreadWithTail
                                : kMaxWholeVectorsPerThread;
      };
      auto emptySlots = [&](int64_t t) {
        return llvm::divideCeil(vectors, t) * t - vectors;
      };
      // Rows rownorm-stage-rows stages (stagedRows) take the half on a tie
      // while the half keeps a quarter subgroup's threads (the floor of the
      // tail rules, kTailRowSubgroupDivisor) and at most
      // kVectorsPerThreadWithTail vectors each: staged rows read their
      // vectors from workgroup memory, where 8 x 4 beat 16 x 2 by 8-17%
      // (16-bit N = 202-254) and 6-16% (f32 N = 101-127), while 4 x 4 lost
      // 3-9% to 8 x 2 (16-bit N = 111-127, but 105: bf16 +10%, f16 0%; f32
      // N = 55 / 63: 2%) and 8 x 6 against 16 x 3 moved -1 to +3% (f32 N =
      // 167-191). Measured: tools/gpu/PERFLOG.md, twenty-first session
      // (s21d, s21e).
      // (rownorm-stage-rows needs row strides given at launch or fixed at
      // N: for fixed ones rownorm-version-rows keeps the aligned copy it
      // stages from. It also stages only full blocks of several: a static M
      // no larger than the rows per block that `t` threads give is one
      // block at most, whose grid the conversion folds to one row per
      // block, never staged.)
      bool staged = stagedRows && tail && target.hasBulkCopy() &&
                    withinStagedRowLimit(rowLength) &&
                    hasStageableRowStride(op.getInput()) &&
                    hasStageableRowStride(op.getOutput());
      int64_t staticRows =
          cast<MemRefType>(op.getInput().getType()).getDimSize(0);
      auto fillsABlock = [&](int64_t t) {
        int64_t rowsAtT =
            rowsPerBlock ? rowsPerBlock : rowsFillingBlock(t, subgroup);
        return ShapedType::isDynamic(staticRows) || staticRows > rowsAtT;
      };
      auto stagedTie = [&](int64_t t) {
        return staged && fillsABlock(t) &&
               emptySlots(t) == emptySlots(threads) &&
               t >= subgroup / kTailRowSubgroupDivisor &&
               llvm::divideCeil(vectors, t) <= kVectorsPerThreadWithTail;
      };
      // Whether `t` threads may hold the row's vectors, whole (`exact`: each
      // the same number) or with the fewest slots empty, under the rules
      // for rows with tail elements (`tailRules`) or without them.
      auto allowed = [&](int64_t t, bool exact, bool tailRules) {
        int64_t most = tailRules ? mostWhole(t) : kMaxWholeVectorsPerThread;
        if (t < (tailRules ? fewest : 1) ||
            static_cast<int64_t>(llvm::divideCeil(vectors, t)) > most)
          return false;
        if (exact)
          return t <= cap && vectors % t == 0;
        return t >= subgroup || emptySlots(t) < emptySlots(threads) ||
               stagedTie(t);
      };
      // The remark names the first choice the tail rules set aside.
      std::string setAside;
      auto noteSetAside = [&](int64_t t, bool exact) {
        if (!setAside.empty() || !allowed(t, exact, /*tailRules=*/false))
          return;
        int64_t each = llvm::divideCeil(vectors, t);
        llvm::raw_string_ostream note(setAside);
        note << " (" << t << " threads x " << each
             << " set aside: rows with tail elements keep ";
        bool few = t < fewest;
        bool many = each > mostWhole(t);
        if (few)
          note << "at least " << fewest << " threads";
        if (few && many)
          note << " and ";
        if (many)
          note << "at most " << mostWhole(t) << " whole vectors a thread";
        note << ")";
      };
      if (vectors % threads != 0) {
        bool whole = false;
        for (int64_t other : {threads / 2, threads * 2, threads / 4}) {
          if (other < 1)
            continue;
          if (!allowed(other, /*exact=*/true, /*tailRules=*/true)) {
            noteSetAside(other, /*exact=*/true);
            continue;
          }
          threads = other;
          whole = true;
          reason << ", but " << threads << " threads hold " << vectors / threads
                 << " whole vectors each";
          break;
        }
        int64_t half = threads / 2;
        if (!whole && half >= 1) {
          if (allowed(half, /*exact=*/false, /*tailRules=*/true)) {
            reason << ", but " << half << " threads leave " << emptySlots(half)
                   << " slots empty (" << threads << " leave "
                   << emptySlots(threads) << ")";
            // (At a subgroup or more the half is taken anyway.)
            if (half < subgroup && stagedTie(half))
              reason << ", a tie that rows to be staged take";
            threads = half;
          } else {
            noteSetAside(half, /*exact=*/false);
          }
        }
        reason << setAside;
      }
    } else {
      reason << "; threads per row set by option";
    }

    if (rowLength > maxThreads * kMaxVectorsPerThread * width)
      return op.emitError() << "row length " << rowLength << " of "
                            << op.getElementType() << " exceeds the maximum of "
                            << maxThreads * kMaxVectorsPerThread * width
                            << " on " << target.getChip() << " (" << maxThreads
                            << " threads x " << kMaxVectorsPerThread
                            << " vectors of " << width << " elements per row)";

    int64_t rows = rowsPerBlock;
    if (rows == 0) {
      rows = rowsFillingBlock(threads, subgroup);
      if (threads >= kSubgroupsPerBlock * subgroup)
        reason << "; one row per block of " << threads << " threads";
      else
        reason << "; " << rows << " row(s) per block fill " << rows * threads
               << " threads (" << kSubgroupsPerBlock << " subgroups of "
               << subgroup << " wanted)";
    } else {
      reason << "; rows per block set by option";
    }
    if (rows * threads > maxThreads)
      return op.emitError() << "a block of " << rows << " rows x " << threads
                            << " threads exceeds the target's limit of "
                            << maxThreads << " threads per block";

    auto emitError = [&] { return op.emitError(); };
    ScheduleAttr schedule = ScheduleAttr::getChecked(
        emitError, op.getContext(), rows, threads, width,
        ScheduleAttr::vectorsPerThreadFor(rowLength, width, threads));
    if (!schedule)
      return failure();
    op.setScheduleAttr(schedule);
    op.emitRemark() << "schedule " << schedule << " for N = " << rowLength
                    << " " << op.getElementType() << " on " << target.getChip()
                    << ": " << why;
    return success();
  }

  /// A function that names kernels for many rows (an earlier run's output)
  /// must name functions of its module that are such kernels.
  LogicalResult checkVariants() {
    WalkResult result = getOperation()->walk([&](FunctionOpInterface func) {
      auto names = func->getAttrOfType<ArrayAttr>(
          RowNormDialect::getVariantsAttrName());
      if (!names)
        return WalkResult::advance();
      Operation *table = func->getParentOp();
      for (auto name : names.getAsRange<StringAttr>()) {
        Operation *variant =
            table && table->hasTrait<OpTrait::SymbolTable>()
                ? SymbolTable::lookupSymbolIn(table, name)
                : nullptr;
        if (!variant || variant == func.getOperation() ||
            !variant->hasAttr(RowNormDialect::getFromRowsAttrName())) {
          func.emitError() << "'" << RowNormDialect::getVariantsAttrName()
                           << "' names "
                           << rownorm::symbolText(func.getContext(),
                                                  name.getValue())
                           << ", which is not a kernel for many rows of "
                              "this module (a function with '"
                           << RowNormDialect::getFromRowsAttrName()
                           << "', as rownorm-tile-rows creates)";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  void runOnOperation() override {
    if (failed(checkVariants()))
      return signalPassFailure();
    std::unique_ptr<TargetInfo> target;
    SmallVector<ManyRowsKernel> pending;
    // Ops scheduled by the cost model here (not given, not set by options).
    SmallVector<RmsNormOp> chosen;
    bool costModel = !rowsPerBlock && !threadsPerRow && !vectorWidth;
    WalkResult result = getOperation()->walk([&](RmsNormOp op) {
      if (!target && !(target = getTargetInfo(op)))
        return WalkResult::interrupt();
      if (ScheduleAttr given = op.getScheduleAttr())
        return failed(checkGiven(op, given, *target)) ? WalkResult::interrupt()
                                                      : WalkResult::advance();
      if (failed(tile(op, *target)))
        return WalkResult::interrupt();
      if (!costModel)
        return WalkResult::advance();
      chosen.push_back(op);
      if (!manyRows)
        return WalkResult::advance();
      if (auto kernel = manyRowsKernel(op, op.getScheduleAttr(), *target))
        pending.push_back(*kernel);
      else if (auto late = lateWeightKernel(op, *target))
        pending.push_back(*late);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A twin that reads w late shares its first kernel's schedule, which
    // stays as chosen (its rows fit a subgroup: no barrier to wait at); a
    // function that got no such twin here is treated as before.
    llvm::SmallPtrSet<Operation *, 4> keepSchedule;
    for (ManyRowsKernel &kernel : pending)
      if (createManyRowsKernel(kernel) && kernel.weightLate)
        keepSchedule.insert(kernel.op);
    // Then the first kernels: those created above and those of an earlier
    // run's output, whose functions already named their kernels for many
    // rows.
    for (RmsNormOp op : chosen) {
      if (keepSchedule.contains(op))
        continue;
      auto func = op->getParentOfType<FunctionOpInterface>();
      if (func && func->hasAttr(RowNormDialect::getVariantsAttrName()))
        spreadFewRows(op);
    }
  }
};
} // namespace

//===- TargetInfo.h - what generic passes may ask of a target ---*- C++ -*-===//
//
// Generic passes see a target only through this interface: capability
// questions with numeric answers, and hooks that build the few operations
// only a target can spell. Each vendor's library implements it and
// attaches it to its upstream target attribute (see RowNormInterfaces.td).
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_TARGET_TARGETINFO_H
#define RMSNORM_TARGET_TARGETINFO_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include <memory>

namespace mlir::rmsnorm {

class TargetInfo {
public:
  virtual ~TargetInfo() = default;

  /// The chip described, e.g. as the target attribute spells it.
  virtual llvm::StringRef getChip() const = 0;
  /// Threads that execute in lockstep and can exchange registers by shuffles
  /// (32 or 64).
  virtual unsigned getSubgroupSize() const = 0;
  /// Largest thread block the hardware launches.
  virtual unsigned getMaxThreadsPerBlock() const = 0;
  /// The most blocks one launch's grid holds along x (the dimension a row
  /// kernel's blocks run along) for blocks `blockWidth` threads wide along x
  /// (at least 1 for any block the target launches).
  virtual int64_t getMaxGridBlocks(int64_t blockWidth) const = 0;
  /// Threads resident on one processor (SM / CU) at once.
  virtual unsigned getMaxThreadsPerProcessor() const = 0;
  /// 32-bit registers of one processor's register file, and the most one
  /// thread may use.
  virtual unsigned getRegistersPerProcessor() const = 0;
  virtual unsigned getMaxRegistersPerThread() const = 0;
  /// Shared (workgroup) memory in bytes one block may use, and one processor
  /// has.
  virtual unsigned getSharedMemoryPerBlock() const = 0;
  virtual unsigned getSharedMemoryPerProcessor() const = 0;
  /// Of getSharedMemoryPerBlock(), what a kernel may declare statically (its
  /// workgroup buffers) without a launch-time opt-in.
  virtual unsigned getStaticSharedMemoryPerBlock() const {
    return getSharedMemoryPerBlock();
  }
  /// Processors (SMs / CUs) of the chip.
  virtual unsigned getProcessorCount() const = 0;
  /// Bytes of the cache level behind each processor's own caches that holds
  /// what a processor read until it reads it again, summed over the chip
  /// (all slices or partitions of it): what the rows of every resident block
  /// must fit to be read twice from it.
  virtual unsigned getSharedCacheBytes() const = 0;
  /// Widest single global load/store in bytes (16 on both current targets).
  virtual unsigned getMaxVectorBytes() const = 0;

  /// Code generation: the hardware's approximate reciprocal square root of an
  /// f32 value, as an intrinsic (never a library call).
  virtual Value createApproxRsqrt(OpBuilder &builder, Location loc,
                                  Value value) const = 0;

  /// How long a loaded value is wanted in the caches: `Stream` for data read
  /// once (a row of x), `Keep` for data every block reads again (the weight).
  enum class CacheUse { Stream, Keep };
  /// Whether the target has global loads with cache-eviction hints
  /// (createHintedLoad); without them callers keep their plain loads.
  virtual bool hasHintedLoads() const { return false; }
  /// Code generation, when hasHintedLoads(): a load of `type`
  /// (getMaxVectorBytes() bytes) from the global memory at `address` (an i64
  /// byte address, aligned to the load's size) with a cache-eviction hint for
  /// `use`.
  virtual Value createHintedLoad(OpBuilder &builder, Location loc,
                                 VectorType type, Value address,
                                 CacheUse use) const {
    llvm_unreachable("createHintedLoad on a target without hinted loads");
  }

  /// Whether a kernel's launch can overlap the end of the kernel before it in
  /// its stream (createLaunchOverlapPrologue); a loader then launches it so
  /// (rownorm.launch's `launch_overlap`, the manifest's "launch_overlap").
  virtual bool hasLaunchOverlap() const { return false; }
  /// Code generation, when hasLaunchOverlap(), at a kernel's entry before any
  /// access to memory: wait until the kernels before this one in its stream
  /// have finished and their writes are visible, then let the kernel after it
  /// launch. Both are compiler barriers: no access moves above them.
  virtual void createLaunchOverlapPrologue(OpBuilder &builder,
                                           Location loc) const {
    llvm_unreachable("createLaunchOverlapPrologue on a target without it");
  }

  /// Whether the target copies a run of bytes between global and workgroup
  /// memory asynchronously, without the threads' loads and stores
  /// (createBulkCopyIn / -Out), 16-byte aligned runs of whole 16-byte units.
  virtual bool hasBulkCopy() const { return false; }
  /// Code generation, when hasBulkCopy(), for one thread of the block: starts
  /// copying `bytes` (an i32) from the global memory at `source` (an i64
  /// address) into the workgroup buffer `buffer`, completion tracked by the
  /// workgroup word `barrier` (a memref<1xi64>), which it also initializes:
  /// the block synchronizes before any thread waits on it.
  virtual void createBulkCopyIn(OpBuilder &builder, Location loc, Value buffer,
                                Value barrier, Value source,
                                Value bytes) const {
    llvm_unreachable("createBulkCopyIn on a target without bulk copies");
  }
  /// Code generation, for every thread: waits until createBulkCopyIn's copy
  /// has arrived. A compiler barrier: no access moves above it.
  virtual void createBulkCopyWait(OpBuilder &builder, Location loc,
                                  Value barrier) const {
    llvm_unreachable("createBulkCopyWait on a target without bulk copies");
  }
  /// Code generation, for every thread that wrote `buffer`, before the
  /// block's barrier that precedes createBulkCopyOut: makes those writes
  /// visible to the copy.
  virtual void createBulkCopyOutFence(OpBuilder &builder, Location loc) const {
    llvm_unreachable("createBulkCopyOutFence on a target without bulk copies");
  }
  /// Code generation, for one thread: copies `bytes` (an i32) of the
  /// workgroup buffer `buffer` to the global memory at `dest` (an i64
  /// address) and returns once the buffer has been read.
  virtual void createBulkCopyOut(OpBuilder &builder, Location loc, Value dest,
                                 Value buffer, Value bytes) const {
    llvm_unreachable("createBulkCopyOut on a target without bulk copies");
  }
};

/// The target description of the module enclosing `op`. Emits an error on
/// `op` and returns null when the module records no target, or one without a
/// description.
std::unique_ptr<TargetInfo> getTargetInfo(Operation *op);

/// Fewest widest-access vectors of x per thread for which re-reading the rows
/// pays (measured 2026-12-01, tools/gpu/PERFLOG.md: +0.4 to +5% from four
/// vectors up; -5 to +4% at two).
inline constexpr int64_t kMinVectorsToReread = 4;

/// The most row values a thread holds, instead of re-reading them, where
/// x's elements widen to f32 by a conversion (measured 2026-12-01,
/// tools/gpu/PERFLOG.md, tenth session: f16 N = 16384, four vectors of eight,
/// +0.5 to +2.4% held at 4096 to 32768 rows; N = 32768, 64 values, -8.7%).
inline constexpr int64_t kMaxHeldConvertedValues = 32;

/// The fewest blocks a processor must hold at once (by threads) for a
/// kernel for few rows to hold its rows instead of re-reading them: at 8
/// (blocks of up to 256 threads where a processor holds 2048) the held
/// row's registers still leave several blocks; at 4 they leave one
/// (measured 2026-12-01, tools/gpu/PERFLOG.md, eleventh session), unless
/// the held row is short: kMinVectorsToReread vectors (shouldRereadRows).
inline constexpr int64_t kMinBlocksToHoldRows = 8;

/// rownorm-stage-rows stages rows of at most this many elements. Measured
/// at 32768 rows (tools/gpu/PERFLOG.md, 2026-12-02): N = 13 / 31 / 63 /
/// 127 gain 2.8-3.2x / 2.8x / 2.9x / +18% at 16 bits, 2.1x / 2.7x / 1.29x /
/// +6.5% at f32 (`s17a`); 16-bit rows of 129-199 elements gain 9-27%
/// (`s20c`, both dtypes, two runs); even 16-bit rows of 202-254 gain 14-29%
/// at 16 x 2 (`s21a`, `s21d`), and 8-17% more at the 8 x 4 of
/// rownorm-tile-rows' staged-rows (`s21e`); odd ones of 201-255 gain 2.5-25%
/// staged at 8 x 4 (`s22a`; at 16 x 2, odd bf16 207 / 215 lost 2-4%,
/// `s20c`); f32 rows gain 7-28% at every width from 129 to 257 and nothing
/// at 383 (`s17e`); 16-bit 257 lost 8-9% (`s17a`).
inline constexpr int64_t kMaxStagedRowElements = 256;

/// Whether rows of `rowLength` elements are within rownorm-stage-rows'
/// limit (which stages them on a target with bulk copies where they are not
/// whole vectors; rownorm-tile-rows schedules such rows for it).
inline bool withinStagedRowLimit(int64_t rowLength) {
  return rowLength <= kMaxStagedRowElements;
}

/// Whether elements of `type` widen to f32 by a conversion instruction each
/// (f16; bf16 widens by a shift, f32 not at all), which a re-read repeats.
inline bool widensByConversion(Type type) { return type.isF16(); }

/// Which rows a kernel runs, where a function has a kernel for many rows
/// (rownorm-tile-rows): `Few`, the first kernel, which names the other in
/// its `variants` (a launcher that picks by M runs it only below that
/// kernel's `from_rows`), and the one kernel of rows that keep that form
/// at every row count (keepsFewRowsForm); `Many`, the kernel for many rows,
/// whose schedule was chosen for the re-read; `All` where there is one
/// kernel otherwise.
enum class RowsServed { All, Few, Many };

/// The shape of a kernel, as the re-read rule sees it.
struct RowKernelShape {
  int64_t elementBytes, rowLength, vectorWidth, vectorsPerThread;
  int64_t rowsPerBlock, blockThreads;
  /// x and y are one buffer (the rows cannot be read again after a store).
  bool inPlace;
  /// x's elements widen by a conversion (widensByConversion).
  bool widensByConversion = false;
  RowsServed rows = RowsServed::All;
};

/// Whether a kernel of `shape` reads x again for the scaling instead of
/// holding the sum of squares' loads in registers: the rows are not written
/// in place, its vectors are the target's widest access and each thread
/// holds at least kMinVectorsToReread of them, the target has hinted loads,
/// and the rows of every block the chip can hold at once fit its shared
/// cache; except that a kernel not for many rows whose x widens by a
/// conversion holds up to kMaxHeldConvertedValues per thread, and a kernel
/// for few rows holds its rows where a processor takes at least
/// kMinBlocksToHoldRows of its blocks or its threads hold no more than
/// kMinVectorsToReread vectors. Asked by rownorm-reuse-row-loads and
/// rownorm-cache-hints (which must agree), by rownorm-tile-rows (its
/// kernels for many rows) and by keepsFewRowsForm (the late-weight twin's).
bool shouldRereadRows(const TargetInfo &target, const RowKernelShape &shape);

/// From this many vectors a thread, rows of whole vectors within one
/// subgroup and over half of it or more get no twin for many rows: the
/// first kernel's form for few rows (w loaded with x, rows held as for few)
/// runs every row count. Past twice the shared cache, where the twins take
/// over at three or four vectors, it still ran 1.1-7.7% ahead of its twin
/// at 16-bit 640 / 896 / 1280 / 1792 and f32 320 / 448 / 640 / 896 (five
/// or seven vectors; every cell of two runs at 32768-131072 rows). Below
/// that edge it ran 1.07-1.16x the twin (geomean). H100,
/// tools/gpu/PERFLOG.md, forty-third and forty-fifth sessions (s43b,
/// s45a-c).
inline constexpr int64_t kFewRowsFormVectors = 5;

/// Whether a kernel of `shape` keeps the form for few rows at every row
/// count (`shape.rows` is not read: the twin is asked about as one kernel
/// for every M, `All`): rows of whole vectors within one subgroup and over
/// half of it, of kFewRowsFormVectors vectors a thread or more, or of fewer
/// whose twin would re-read x (shouldRereadRows), which the first kernel
/// holds (as for few rows, at so few vectors). Past twice the shared cache
/// the twins that re-read lost in every cell measured, at four vectors too
/// (bf16 832 / 960: the first kernel +1.6 to +4.5%), while those that hold
/// x ran level with the first kernel (three vectors, 768: 0.998-1.002; f16
/// 832 / 960, four vectors of f16, held by kMaxHeldConvertedValues: -1.2 to
/// +0.2%); so the re-read, not w's late loads, is what the twin costs
/// there. Measured since: the lone kernels of bf16 800 / 1000 and f32
/// 416 / 480 / 508 ran +1.2 to +3.2% (bf16) and +0.7 to +2.4% (f32) ahead
/// of the re-reading twins past twice the shared cache. H100, PERFLOG.md,
/// forty-fifth to forty-seventh sessions. Its callers also require M given
/// at launch: rownorm-tile-rows then makes it no twin, and the passes that
/// shape a kernel for few rows (RowReread.h's rowsServed) shape it so, also
/// where no twin is made for another reason (cache-hints=none: w with x).
bool keepsFewRowsForm(const TargetInfo &target, const RowKernelShape &shape);

/// Records `requested` as the module's target unless one is recorded already.
/// A recorded target is kept when `sameChip(recorded)` holds; anything else is
/// a mismatch, reported on the module. `requested` must have a description.
LogicalResult
attachTargetAttr(ModuleOp module, Attribute requested,
                 llvm::function_ref<bool(Attribute recorded)> sameChip);

} // namespace mlir::rmsnorm

#endif // RMSNORM_TARGET_TARGETINFO_H

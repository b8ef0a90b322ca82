//===- Passes.td - rownorm conversions --------------------*- tablegen -*-===//

#ifndef RMSNORM_CONVERSION_PASSES_TD
#define RMSNORM_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertRowNormToGPU : Pass<"convert-rownorm-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Turn tiled rownorm loop nests into GPU kernels (gpu dialect)";
  let description = [{
    Converts each function holding the tiled form that
    `rownorm-optimize-pipeline` produces into a `gpu.func` kernel of a
    `gpu.module` (`rownorm_kernels`) whose target is the module's
    `rownorm.target`; the host functions are removed.

    The tiled form: the function body is one `scf.parallel` over
    (block[, row in block]) whose body holds, besides scalar code, 1-D
    `scf.parallel` loops over the threads of a row. The mapping:
    - block          -> `gpu.block_id x`  (grid: ceil(M / rows_per_block))
    - row in block   -> `gpu.thread_id y` (rows_per_block)
    - thread of row  -> `gpu.thread_id x` (threads_per_row)
    - `scf.reduce`   -> butterfly of `gpu.shuffle xor` within the subgroup,
      then, for rows wider than a subgroup, one partial per subgroup through
      workgroup memory and one `gpu.barrier`.
    Every thread reaches every shuffle and barrier (rows past M are guarded
    only around their loads and stores).

    Kernel ABI: memref arguments become one pointer each (bare-pointer
    convention; dynamic shapes are rebuilt with `memref.reinterpret_cast`,
    offset 0: base pointers must be 16-byte aligned), followed by `rows` (i64,
    if any memref has a dynamic size) and one i64 row stride per memref with
    a dynamic stride, in argument order. Indexing is 64-bit. A uniform
    `scf.if` around thread loops (`rownorm-version-rows`) is kept, its
    regions mapped the same way; offsets and strides the body reads resolve
    to the views' (an offset test folds).

    Each kernel records its launch contract in a `rownorm.launch` dictionary:
    block size, rows per block, the parameter list and workgroup memory.
    What finishes the kernels is in the passes after it: unrolling
    (`rownorm-unroll-row-loops`), load reuse (`rownorm-reuse-row-loads`),
    the rsqrt intrinsic (`rownorm-lower-rsqrt`) and masks
    (`rownorm-materialize-masks`).
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect"
  ];
}

def StageRows : Pass<"rownorm-stage-rows"> {
  let summary = "Stage short rows of unknown alignment through workgroup memory";
  let description = [{
    For a kernel whose rows are not a whole number of its vectors (so
    contiguous rows start at every phase and take rownorm-align-rows' copy)
    and hold at most 256 elements (kMaxStagedRowElements), on a target
    with bulk copies between global and workgroup memory
    (TargetInfo::hasBulkCopy): when both row strides are N and every row
    of the block exists (a test uniform over the block), the block's
    rows are one contiguous run, 16-byte aligned
    when rows per block x row bytes is a multiple of 16. One thread copies
    that run into x's region of a 16-byte-aligned workgroup buffer
    (createBulkCopyIn); each thread issues w's loads before the block
    barrier that orders the completion word's initialization (so they
    overlap the copy), then waits for the run. The aligned copy of the row
    body (the then region of rownorm-version-rows' scf.if, found by its
    `rownorm.versioned_rows` mark) runs with its reads of x redirected to
    x's region and its writes of y, masked ones included, to y's region,
    both at (row in block) x N + column; x's region is only read after the
    copy in, so no thread writes what another reads. Vectors of 16-bit
    elements are read as the 32-bit words that hold them, joined by funnel
    shifts, and written as words (at an odd element index, the first and
    last elements alone). The row tests against the row count (the `rows`
    parameter or a static M) are folded to true, so x is read once and
    held. y's run is copied out
    (createBulkCopyOutFence, a block barrier, createBulkCopyOut). Added as a
    third version inside the unaligned copy's branch; rows of any other
    layout and a last, partial block run as before. Where row strides
    fixed at N leave the rows never all aligned, the then region is
    rownorm-version-rows' template (`rownorm.staging_template`, under a
    test that never holds): staged from, then its test set to false (also
    where the kernel is not staged), so that the pipeline's
    canonicalization removes the branch. The launch contract's static
    shared bytes grow by the buffer and its completion word, within
    TargetInfo::getStaticSharedMemoryPerBlock. Runs after
    rownorm-hoist-row-loads, which selects kernels by their barriers.
    On by default (pipeline option stage-rows). Measured on the H200
    (tools/gpu/PERFLOG.md, 2026-12-02, `s17a`), at 32768 rows against the
    unstaged kernel: N = 13 / 31 / 63 2.8-3.2x (16-bit), 1.3-2.7x (f32);
    N = 127 +18% (16-bit), +6.5% (f32); 16-bit N = 255 -2 to -5% and 257
    -8 to -9% at 16 x 2, hence a limit on elements, not bytes; f32 N = 129
    to 257 +7 to +28% (`s17e`), 383 nothing;
    16-bit N = 129 to 199 +9 to +27% (`s20c`, two runs each of bf16 and
    f16); even 16-bit rows of 202-254 +14 to +29% at 16 x 2 (`s21a`,
    `s21d`) and a further 8-17% at the 8 x 4 that rownorm-tile-rows'
    staged-rows gives them (`s21e`); odd ones of 201-255 +2.5 to +25%
    staged at 8 x 4 (`s22a`), hence 256 for every row.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::vector::VectorDialect",
                           "::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect"];
}

def UnrollRowLoops : Pass<"rownorm-unroll-row-loops"> {
  let summary = "Unroll a kernel's short loops over a thread's vectors";
  let description = [{
    Fully unrolls every `scf.for` in a `gpu.func` with constant bounds and at
    most 16 iterations (a thread's vectors of a row, its head and tail
    elements): a thread then issues all its loads before it reduces, and the
    two passes over a row read the same columns as identical operations,
    which `rownorm-reuse-row-loads` relies on.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect"];
}

def ReuseRowLoads : Pass<"rownorm-reuse-row-loads"> {
  let summary = "Read each of a thread's row elements from memory once";
  let description = [{
    In unrolled kernels, the scaling pass's load of a column is the same
    operation as the sum of squares' load: this pass keeps the first value
    (after turning row-guarded loads into loads of a clamped row and a
    select, and CSE). A global store blocks reuse only when it could write
    the loaded element (same kernel buffer, a column not provably different);
    branches reuse the loads before them. Loads marked `rownorm.reload` are
    left to read again (rownorm-align-rows' choice). Soundness rests on the
    tiled form's ownership rule: a thread writes only the columns it reads,
    after reading them.

    With `reread-rows` (the default), a kernel whose schedule makes holding
    x dear re-reads x's whole vectors in the scaling instead, marking them
    `rownorm.reload`: its vectors are the target's widest access and each
    thread holds at least four, the target has hinted loads
    (rownorm-cache-hints keeps the first read in the cache, streams the
    second and keeps w), the rows are not in place, and the rows of every
    block the chip holds at once fit the target's shared cache (TargetInfo:
    processors x blocks per processor x rows per block x row bytes <=
    getSharedCacheBytes). Two exceptions hold x: a kernel not for many rows
    whose x widens by a conversion (f16) with at most 32 values per thread,
    and a kernel for few rows (one that names a kernel for many rows in
    `variants`, or the lone kernel of rows that keep that form at every M:
    TargetInfo.h's keepsFewRowsForm) whose blocks fit a processor 8 times
    or more or whose threads hold four vectors, the fewest re-read (TargetInfo.h:
    kMaxHeldConvertedValues, kMinBlocksToHoldRows, kMinVectorsToReread). A
    thread's single elements stay in registers, and
    two reads with nothing between them (a row within one subgroup) are one
    load after CSE. Measured 2026-12-01 (tools/gpu/PERFLOG.md): +2 to +5%
    on rows of 11008-32768 16-bit and 5120-16384 f32 elements, registers
    97 -> 60 at bf16 32768; re-reading without the hints was 25% slower, so
    the pipelines turn it off with `cache-hints=none`.
  }];
  let options = [
    Option<"rereadRows", "reread-rows", "bool", /*default=*/"true",
           "Re-read x where holding it is dear (needs rownorm-cache-hints)">,
  ];
}

def HoistRowLoads : Pass<"rownorm-hoist-row-loads"> {
  let summary = "Issue each phase's global loads of a thread back to back";
  let description = [{
    Moves every global load of a kernel up its block, with the pure
    operations computing its indices, past the stores that cannot write the
    loaded element (another kernel buffer, or a column that provably
    differs: the rules of `rownorm-reuse-row-loads`). The scaling pass then
    loads all of a thread's weight vectors before its first store of y,
    instead of one memory round trip per vector: the target cannot reorder
    them itself, it has no alias information. Barriers and shuffles end a
    phase and stop a load of x or y, as does a branch that holds loads;
    loads keep their order among themselves. Where the kernel's launch
    contract names w, w's loads cross phases (w is the same for every row
    and never written, so a barrier orders nothing for it): they join the
    batch of x's loads before the reduction while it has room, else move up
    their own phase. The pure operations computing a load's indices move
    with it, but never a shuffle. Loads move in batches of at most three
    quarters of a thread's share of the register file at full occupancy
    (TargetInfo), and
    only in kernels whose blocks are less than half a processor's threads
    (where at most two blocks fit a processor a few registers more can halve
    the occupancy) and whose rows span several subgroups (with a barrier):
    kernels of short rows, many per block, measured slower with it. Of
    those short-row kernels, one that runs only few rows (it names a kernel
    for many rows in `rownorm.variants`, as `rownorm-tile-rows` makes for
    rows within a subgroup, or keeps that form at every M) moves w's loads
    alone into x's batch: with a block or less a processor nothing hides
    w's round trip after the reduction (1-256 rows of 64-1280 elements
    10-44% faster, H100). There x's loads stay and are not counted, so the
    budget counts w's alone (on sm_90, 24 registers: six 16-byte vectors
    join, a seventh starts a batch of its own), and the kernel holds them
    beside x's (sm_90 16-bit N = 896, 16 threads x 7:
    82-84 registers against the former twin's 48-56, still 1.07-1.09x its
    speed at 528-16384 rows, PERFLOG forty-third session).
  }];
}

def CacheHints : Pass<"rownorm-cache-hints"> {
  let summary = "Cache-eviction hints on the 16-byte row loads (x read again: keep)";
  let description = [{
    In kernels with a launch contract, gives aligned 16-byte loads of the
    rows the target's load with a cache-eviction hint
    (TargetInfo::createHintedLoad). With `loads=reread` (the default) a load
    of x whose elements a later `rownorm.reload` load reads again is kept
    (evicted last) until that re-read. In the copy for rows of unknown
    alignment of most kernels that is all: the re-read stays a plain load.
    In a kernel that re-reads its rows on purpose (the rule
    rownorm-reuse-row-loads follows, RowReread.h), the re-read also streams
    (evicted first) and the weight's loads are kept (every block reads
    them). With `loads=all` every other such load of x also streams and each
    of the weight is kept, everywhere; measured slower on aligned rows
    (2026-12-01, tools/gpu/PERFLOG.md), so it is not the default. A target without such loads keeps the plain ones,
    as do the rows of in-place kernels.
  }];
  let options = [
    Option<"loads", "loads", "::mlir::rmsnorm::CacheHintLoads",
           /*default=*/"::mlir::rmsnorm::CacheHintLoads::Reread",
           "Which loads get a hint",
           [{::llvm::cl::values(
             clEnumValN(::mlir::rmsnorm::CacheHintLoads::None, "none",
                        "no load (the pass changes nothing)"),
             clEnumValN(::mlir::rmsnorm::CacheHintLoads::Reread, "reread",
                        "loads of x read again later: kept until then (in "
                        "kernels that re-read rows: the re-read streamed, "
                        "w kept)"),
             clEnumValN(::mlir::rmsnorm::CacheHintLoads::All, "all",
                        "also x read once streamed, w kept, re-reads streamed"))}]>,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def OverlapLaunch : Pass<"rownorm-overlap-launch"> {
  let summary = "Kernels that wait for the previous kernel at their start, so their launch can overlap its end";
  let description = [{
    In kernels with a launch contract, where the target can
    (TargetInfo::hasLaunchOverlap: NVPTX's programmatic dependent launch),
    inserts at the kernel's entry the target's wait for the kernels before
    it in its stream and their writes (`griddepcontrol.wait`), then the
    signal that lets the next kernel launch
    (`griddepcontrol.launch_dependents`), and records `launch_overlap` in
    the kernel's `rownorm.launch` contract. A loader launches such a kernel
    so that its launch overlaps the previous kernel's end (CUDA:
    programmatic stream serialization); launched plainly, the two
    instructions do nothing. The wait precedes every access to memory, so
    the kernel is correct after any kernel. Measured on the H200
    (2026-12-02, tools/gpu/PERFLOG.md), with the kernels back to back in a
    CUDA graph: 0.04-0.61 us less per call, +1 to +35% where a call is
    short (1 to 256 rows, rows of 127 or 128 elements); a single call
    after other work unchanged. Kernels already recorded with
    `launch_overlap` are left alone; a target without it changes nothing.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def LowerRsqrt : Pass<"rownorm-lower-rsqrt"> {
  let summary = "Replace f32 math.rsqrt in kernels by the target's approximate rsqrt";
  let description = [{
    Each f32 `math.rsqrt` becomes the target's hardware reciprocal square
    root (TargetInfo::createApproxRsqrt: `rsqrt.approx.f32` on NVPTX,
    `v_rsq_f32` on AMDGPU), so no device library (libdevice, ocml) is
    linked. Runs after load reuse, to which an intrinsic call is opaque.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def MaterializeMasks : Pass<"rownorm-materialize-masks"> {
  let summary = "Turn vector masks into comparisons every target lowers";
  let description = [{
    `vector.create_mask` becomes a comparison of a 32-bit step vector with
    the count (the columns left in a row always fit 32 bits), and a
    constant 1-D mask a constant vector of booleans, so the targets'
    lowering sees plain vectors of i1.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::vector::VectorDialect"];
}

def WidenBF16Pairs : Pass<"rownorm-widen-bf16-pairs"> {
  let summary = "Widen bf16 vectors in GPU functions to f32 two elements per 32-bit word";
  let description = [{
    A bf16 value is the high 16 bits of the f32 with the same value, so
    widening is exact bit movement. Each `arith.extf` of a 1-D bf16 vector
    of even length (up to 1024 elements) to f32 in a `gpu.func`, kernel or
    not, becomes a bitcast to 32-bit words (two elements each, the first in
    the low half), a shift left by 16 (the first elements) and a mask of
    the high half (the second), bitcast to f32 and interleaved back into
    element order. A select of the bf16 vector before the widening (rows
    past the end) then selects words, not elements.
    `Integration/cpu-widen-bf16-pairs` checks the rewrite against every bf16
    bit pattern on the CPU.

    Without it NVPTX unpacks every element to 16 bits and converts it, which
    `ptxas` turns into two instructions for each second element on sm_90.
    Measured (tools/gpu/PERFLOG.md, 2026-12-01 `zv`): bf16 kernels for rows
    of unknown alignment, which are bound by instruction issue, execute
    6.6% (N = 127) and 9.6% (N = 1025) fewer instructions; the benchmark's
    bf16 cells gain 0-3.6% (geomean 0.8%), except N = 127 in graph replay,
    2.6% slower (not understood). The AMDGPU backend already widens much
    this way (0.1-3.0% fewer static instructions with the pass). f16 has no such
    identity and is left alone, as are scalars, odd lengths, longer
    vectors and functions outside `gpu.func`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::vector::VectorDialect"];
}

#endif // RMSNORM_CONVERSION_PASSES_TD

//===- Passes.td - target-agnostic rownorm passes ---------*- tablegen -*-===//

#ifndef RMSNORM_TRANSFORMS_PASSES_TD
#define RMSNORM_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckKernels : Pass<"rownorm-check-kernels", "::mlir::ModuleOp"> {
  let summary = "Check that every function holding a rownorm op can become a kernel";
  let description = [{
    Runs first in `rownorm-to-gpu-pipeline` (and so in the target
    pipelines and `rmsnorm-emit`), before anything is converted. A function
    holding a rownorm op becomes a kernel whose symbol and file names are the
    function's name, so the name must be usable as a C identifier, a PTX and
    an ELF symbol and a file name on every system: `[A-Za-z][A-Za-z0-9_]*`,
    at most 200 characters. Names are never rewritten (a rewritten name could
    collide with another); two kernel names that differ only in letter case
    are refused too, since their files would collide on case-insensitive
    file systems. Each refusal is an error on the function, naming it.

    It also refuses what the kernel ABI cannot honour, instead of dropping
    it: more than one rownorm op in a function (one function is one kernel),
    an op below the function's top level (in scf.for or scf.if), operands
    that are not the function's arguments (memref.alloc and other values
    cannot be passed by a host), memrefs outside the default memory space,
    and memrefs with an offset, static or dynamic (the kernel receives the
    address of the first element), and, in a kernel function, the marks
    rownorm-version-rows leaves for later passes (`rownorm.versioned_rows`,
    `rownorm.staging_template`): rownorm-stage-rows would take a source's
    own branch for the compiler's.
  }];
}

def TileRows : Pass<"rownorm-tile-rows", "ModuleOp"> {
  let summary = "Choose the multi-row tiling (schedule) of every rownorm op";
  let description = [{
    Sets the `schedule` of every `rownorm.rms_norm` from N, the element type
    and the module's target description (`rownorm.target`):
    - vector width: the widest access the target has (16 bytes), narrowed
      for rows shorter than one vector;
    - threads per row: a power of two with two vectors per thread (a short
      chain of loads before the reduction, measured fastest from 1 to 32768
      rows with x held in registers: tools/gpu/PERFLOG.md), or four when the row has tail elements and
      more vectors than a subgroup has threads (the unaligned copy's
      per-thread head and tail work is then shared by more vectors); at most
      a quarter of a processor's threads (512 of 2048) while each thread
      holds at most 16 vectors and 64 values, more only when the row needs
      them, up to the block limit. When that leaves a partial
      last round (some threads own a vector past the row) and half, twice or
      a quarter as many threads divide the row's vectors exactly with at
      most eight vectors each, those are taken (N = 5120 bf16: 640 vectors
      over 128 threads x 5, not 512 x 1.25); failing that, half as many
      threads (which never leave more slots empty), unless they would hold
      more than eight vectors each, or leave as many empty and fall below a
      subgroup (N = 11008 bf16: 256 threads x 6, not 512 x 3). Rows with
      tail elements allow six vectors a thread there, not eight: their
      whole vectors go through the unaligned or the staged copy, where seven
      or eight a thread lose to two to four on two to four times the
      threads (16-bit N = 229 / 451 / 777: +41-45 / +14-19 / +7-10%; f32
      N = 113: +20%), and five or six do not (f32 N = 145 / 1289 at three:
      7% / 10% slower) — unless one thread holds the row (no reduction
      across threads: at f32 N = 31, 4 x 2 are 18.5% slower than 1 x 7) or
      the row starts with a block's four subgroups of threads or more
      (f32 N = 7001: 512 x 4 are 7.1% slower than 256 x 7; 16-bit N =
      3081-4095 at 128 x 4 would spill). Rows with tail elements longer
      than 128 elements (256 of 4 bytes) keep at least a quarter
      subgroup's threads there (16-bit N = 161-167: 8 x 3, not 4 x 5; at
      161 +51% bf16 / +38% f16 unstaged, 0 to +12% staged at 161 / 167);
      shorter ones do not (staged 16-bit N = 47 / 85 / 101: 6-12% slower
      with the floor);
    - with `staged-rows` (set by the GPU pipelines with `stage-rows`), rows
      that rownorm-stage-rows will stage (tail elements, within its limit
      (`withinStagedRowLimit`, TargetInfo.h), row strides given at launch or
      fixed at N with M given at launch, a target with bulk copies, no
      static M of at most the half's rows per block) take the half where it
      leaves as many slots empty, while it keeps a quarter subgroup's
      threads and at most four vectors each:
      staged rows read their vectors from workgroup memory,
      where 8 x 4 beat 16 x 2 by 8-17% (16-bit N = 202-254) and 6-16% (f32
      N = 101-127), while 4 x 4 lost 3-9% to 8 x 2 (16-bit N = 111-127; at
      105 bf16 +10%, f16 0%) and 8 x 6 against 16 x 3 moved -1 to +3% (f32
      N = 167-191; PERFLOG, twenty-first session);
    - rows per block: short rows share a block until it has four subgroups of
      threads, so small-N kernels still launch full blocks.
    - with `many-rows` (set by the GPU pipelines unless `cache-hints=none`),
      a second kernel for many rows where the rows are long (more than eight
      subgroups' worth of whole vectors, none partial: 256 on a 32-wide
      subgroup, where 256 were 1% slower), M is not fixed, and the target
      re-reads them
      (`shouldRereadRows`, TargetInfo.h): threads for four vectors each, so
      that x is re-read from the shared cache, and blocks of up to four rows
      and a quarter of a processor's threads; none when those threads leave
      a partial last round (16-bit N = 2880, 11008: 1.5-2.5% slower). Measured (tools/gpu/PERFLOG.md,
      2026-12-01 x, y): 2-5% faster at 32768 rows, but 5-36% slower at 1 to
      4096 rows, crossing over where x outgrows about twice the shared cache.
      The function is cloned as `<name>_many_rows` with that schedule and
      `rownorm.from_rows` = ceil(2 x shared cache bytes / row bytes); the
      original names it in `rownorm.variants`. Where that schedule is the
      first kernel's own, the clone is made only where the first re-reads x
      for any M but would hold it as a kernel for few rows (four vectors per
      thread, `shouldRereadRows`; of the described targets' schedules only
      bf16 16384 and f32 8192 over 512 threads), from ceil(5 x shared cache
      bytes / row bytes) rows: held, +1 to +6% at 2048-6144 rows; at 8192
      rows and more within 1% either way in bf16 (+0.5% at 8192, -0.1 to
      -0.7% from 16384), f32 8192 held not timed there (PERFLOG,
      thirty-seventh session). The first kernel of such a function (also one that already named its variant, scheduled again),
      which serves the rows below `from_rows`, takes one row per block, its
      threads per row kept: rows that share a block leave processors idle
      while the grid is smaller than the chip and wait for each other at its
      barriers (16-bit N = 2560 / 3584 at 64-12288 rows: +4.6% geomean,
      -0.9 to +14%, PERFLOG twelfth session). Both kernels are correct for
      any row count; callers (the runtime) take the variant from
      `from_rows` rows. No clone when its schedule equals the first (but
      for the held case above) or exceeds the per-thread limits above, for
      a function that is not directly in a symbol table, has more than one rownorm op or already
      carries either attribute, nor when the name is taken or cannot be a
      kernel (a remark says so). A function that carries
      `rownorm.variants` must name functions of its module that carry
      `rownorm.from_rows` (an error otherwise).
    - with `many-rows`, where no such kernel is made and the rows, of whole
      vectors, fit one subgroup's threads (M not fixed): a twin of the same
      schedule, `<name>_many_rows` from processors x rows per block rows
      (one block a processor; the remark says "w read late"), or, where a
      thread holds three or four vectors and a row spans at least half a
      subgroup, from x over twice the shared cache (2 x L2 bytes / row
      bytes); none from five vectors there, nor at four where the twin
      would re-read x (bf16, f32; f16 holds it) (TargetInfo.h's
      keepsFewRowsForm: the lone kernel keeps the form for few rows at
      every M). The first kernel keeps its schedule and, as a kernel for few
      rows, loads w with x (`rownorm-hoist-row-loads`); the twin reads w
      after the reduction, where other blocks hide that round trip.
      Measured (H100, PERFLOG forty-second and forty-third sessions, s42b,
      s43b): w with x 10-44% faster at 1-256 rows of 64-1280 elements;
      6-8% slower at 2000 rows of 16-bit 512, 2-18% at 2000-4000 rows of
      16-bit 128 and f32 64 / 128; 1.07-1.16x (geomean) at 528-16384 rows
      of 16-bit 768 / 896 / 1280 and f32 896; 1-3% slower at 32768 rows of
      16-bit 128 / 512 / 768; past twice L2 (s45a-c) even at three vectors,
      split by type at four (bf16 +1.6 to +4.5%, its twin re-reading x;
      f16 level, both holding it), and 1.1-7.7% faster at five or seven
      (16-bit 640-1792, f32 320-896, 32768-131072 rows).
    Each option overrides one choice (0 keeps the cost model's); an option the
    target cannot run (a block over its thread limit, a vector wider than its
    widest access) is an error on the op. A remark on each op gives the
    schedule and why. An op that already has a schedule is left alone.
  }];
  let options = [
    Option<"rowsPerBlock", "rows-per-block", "int64_t", /*default=*/"0",
           "Rows of one thread block (0: cost model)">,
    Option<"threadsPerRow", "threads-per-row", "int64_t", /*default=*/"0",
           "Threads that share one row, a power of two (0: cost model)">,
    Option<"vectorWidth", "vector-width", "int64_t", /*default=*/"0",
           "Elements per access, a power of two (0: cost model)">,
    Option<"manyRows", "many-rows", "bool", /*default=*/"false",
           "Also a kernel for many rows where the rows are re-read (cost "
           "model only)">,
    Option<"stagedRows", "staged-rows", "bool", /*default=*/"false",
           "Schedule the rows rownorm-stage-rows will stage for it (cost "
           "model only)">,
  ];
}

def ExpandOps : Pass<"rownorm-expand-ops"> {
  let summary = "Expand rownorm ops into explicit, tiled reduction IR";
  let description = [{
    Replaces each `rownorm.rms_norm` by the loop nest of its schedule, in
    upstream dialects (scf, vector, arith, math, memref):

    ```
    scf.parallel (block)                        // grid: ceil(M / rows_per_block)
      scf.parallel (row in block)               // rows_per_block
        %sum = scf.parallel (thread) -> T       // threads_per_row, scf.reduce(addf)
          scf.for (vector) -> vector<VW x T>    // vectors_per_thread: acc += x*x
        %rms = sqrt(%sum / N + eps)
        scf.parallel (thread)
          scf.for (vector)                      // y = x / %rms * w
    ```

    The expansion is deliberately naive, as a direct lowering of the formula
    would be: it computes in the element type, divides by a square root, and
    accesses the whole schedule-covered tile without bounds checks. The
    following passes make it right and fast: `rownorm-widen-reductions`,
    `rownorm-fuse-rsqrt`, `rownorm-mask-accesses`. Ops without a schedule
    expand with one row per block, one thread per row and scalar vectors.

    When every argument of the enclosing function plays a role in the op
    (x, w, y, or a run-time epsilon), the function is a kernel: the pass
    records what the op computed on it as `rownorm.kernel` (element types,
    N, epsilon, schedule, argument roles), which `convert-rownorm-to-gpu`
    turns into the kernel's launch contract.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def CoarsenMasks : Pass<"rownorm-coarsen-masks"> {
  let summary = "Turn per-element masks into one predicate per vector where whole vectors are in or out";
  let description = [{
    A row whose length is a multiple of the vector width, read in vectors at
    multiples of the width, has every vector wholly inside or wholly outside
    the row: the per-element mask `vector.create_mask %remaining` of a
    masked load or store is then all-true or all-false. This pass proves
    `%remaining` a multiple of the mask's length (a small divisibility
    analysis over constants, static dimensions, sums, products and selects)
    and replaces the masked access by a whole-vector one under the predicate
    `%remaining > 0`: a store inside `scf.if`; a load that always reads in
    bounds (element zero of the buffer when the vector is outside: row 0
    always exists) followed by a select of the pass-through. Plain accesses
    keep their 16-byte alignment and are found equal by later load reuse;
    targets would scalarize a per-element mask into an access per element.

    Runs after `rownorm-mask-accesses`; masks it cannot prove uniform (a
    partial last vector) are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def VersionRows : Pass<"rownorm-version-rows"> {
  let summary = "Clone each row body under a uniform test that its rows are aligned";
  let description = [{
    A vector at a multiple of its width in a row that starts on an aligned
    address is aligned to its size (up to the target's widest access, the
    launch contract's base-pointer alignment); targets then issue it as one
    access instead of one per element. Whether rows start aligned depends on
    each buffer's offset and row stride, which are often known only at run
    time (`strided<[?, 1]>`).

    This pass finds the vector accesses of function arguments in each row
    body (the block holding the thread loops) and builds, at the function's
    entry, the test that every such buffer's offset and row stride are
    multiples of its vectors' alignment. The row body is then cloned:
    `scf.if %aligned { body, accesses with `alignment` } else { body }`.
    The test is uniform over a launch, so the branch never diverges. When
    the test is true at compile time the body is marked in place; when it is
    false (e.g. N = 4099 with a static row stride) the body is left for
    `rownorm-align-rows` alone.

    Runs before `rownorm-align-rows` (which rewrites the accesses still
    without an alignment) and `rownorm-mask-accesses`, which keep the
    attribute on the accesses they replace, as `rownorm-coarsen-masks` does.

    With `staging-template` (set by the GPU pipelines with `stage-rows`), a
    body whose rows are never all aligned only because a 2-d buffer's row
    stride is fixed at N (its rows contiguous, e.g. `memref<?x127xbf16>`)
    is still cloned where `rownorm-stage-rows` may stage it (a target with
    bulk copies, rows within its limit): under a test that never holds (the
    buffer's base misaligned, which the launch contract rules out; unlike
    M < 0 it stays unfolded where the source fixes M too), marked
    `rownorm.staging_template`, so that the aligned body survives as that
    pass's template. That pass sets the test
    to false whether it stages the kernel or not (e.g. y's stride fixed at
    another value, a block's run not whole 16-byte units), and the
    pipeline's canonicalization removes the branch. Without the template
    such kernels keep only the copy for rows of unknown alignment: 12-17%
    slower at 16-bit N = 127 than the staged copy (tools/gpu/PERFLOG.md,
    `s24b`), 3x at N = 13 / 63 (`s29g`).
  }];
  let options = [
    Option<"stagingTemplate", "staging-template", "bool", /*default=*/"false",
           "Keep the aligned body as rownorm-stage-rows' template where row "
           "strides fixed at N leave the rows never all aligned">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def AlignRows : Pass<"rownorm-align-rows"> {
  let summary = "Read rows of unknown alignment as a scalar head, an aligned vector body and a scalar tail";
  let description = [{
    Rewrites the vector loops of a row body whose accesses have no known
    alignment (rows with an odd length, an offset or a stride that breaks
    alignment) so that no row is read element by element:

    - head: h = (-(offset + row * stride)) mod V elements of x (V elements
      per vector) up to x's first aligned address; thread t handles head
      element t (and t + T, ... when a row has fewer than V - 1 threads);
    - body: the thread's vectors move to columns h + c, now aligned.
      Iterations whose vectors stay in the body for every head (an interval
      bound on c) are unmasked; the rest are masked by whole vectors,
      `create_mask(bodyLength - c)` with bodyLength a multiple of V, which
      `rownorm-coarsen-masks` turns into one predicate per vector;
    - tail: the columns after the body, fewer than 2V, one per thread like
      the head.
    Head and tail elements run through a clone of the loop body with
    one-element accesses (lane 0 of a vector of zeros: neutral for the sum
    of squares), masked later by `rownorm-mask-accesses`.

    Rows known aligned (the copy `rownorm-version-rows` marks) get the tail
    only, when N is not a multiple of V: `rownorm-tile-rows` spreads the
    N / V whole vectors over the threads and leaves the rest to this pass,
    which reports a row body it must but cannot complete.

    Each buffer has its own phase:
    - the weight (same column as x, its own base) is realigned in registers
      -- the aligned vector at h + c - s and the aligned unit after it,
      shifted by s = h mod unit elements with log2(unit) selects between
      constant shuffles -- when that is fewer instructions than reading the
      vector's elements one by one (2-byte types), each thread has at most
      one head element, and the registers fit the thread's share of the
      register file (TargetInfo); else, and in masked iterations, element
      loads. A weight with a dynamic or unaligned offset is read by element.
      Where N is not a whole number of vectors (contiguous rows all take this
      copy) a sub-word weight is read in 8-byte units and the shift's part
      within a 32-bit word is one funnel shift per word (`llvm.intr.fshr`)
      instead of select stages: fewer ALU instructions for one access more.
      Where N is whole vectors this copy serves odd strides only and keeps
      16-byte units and selects (measured: changing it moved the aligned
      copy's registers and schedule, at a loss);
    - y (another buffer, maybe another stride): the loops that store it are
      kept twice under one uniform test per row, aligned stores when its
      head equals x's, element stores otherwise; in place always aligned.

    In the pass that writes the row, x's body vectors are marked
    `rownorm.reload`: read again from cache rather than held from the sum of
    squares, so that this copy needs no more registers than the aligned one,
    which sets the kernel's occupancy.

    Rows shorter than two vectors are left to the element accesses.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def WidenReductions : Pass<"rownorm-widen-reductions"> {
  let summary = "Accumulate f16/bf16 reductions in f32";
  let description = [{
    Rewrites additive reductions over f16 or bf16 values to accumulate in f32,
    wherever they appear (rownorm's expansion or hand-written IR):
    - `scf.for` loop-carried values updated by `arith.addf`;
    - `vector.reduction <add>`;
    - `scf.parallel` reductions combined by `arith.addf` in `scf.reduce`.
    The addends are widened with them, so products of squares are formed in
    f32 too (an f16 square overflows from |x| = 256; an f16 sum of squares
    overflows at N = 4096 with |x| around 4).

    The f32 result is then carried through the element-wise arithmetic that
    consumes it (`arith` binary ops, `math` unary ops, `vector.broadcast`)
    instead of being rounded back right away: the value is rounded once,
    where it leaves that arithmetic (a store, a call, a yield). Constants
    that were rounded from f32 (`arith.truncf` of an f32 constant) regain
    their f32 value. The pass never narrows anything.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def FuseRsqrt : Pass<"rownorm-fuse-rsqrt"> {
  let summary = "Rewrite divisions by a square root into reciprocal square roots";
  let description = [{
    `a / sqrt(b)` becomes `a * rsqrt(b)` and `1 / sqrt(b)` becomes
    `rsqrt(b)`, also through a `vector.broadcast` of the square root. The
    rsqrt is created once, next to the square root, so a division in a loop
    becomes a multiplication by a value computed outside it.

    The rewrite changes rounding, so it happens only where fastmath flags
    allow it: the division or the square root carries `afn` or `arcp`.
    rownorm's expansion sets `afn` (its numerics contract allows the hardware
    rsqrt); hand-written IR without those flags is left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::math::MathDialect"];
}

def MaskAccesses : Pass<"rownorm-mask-accesses"> {
  let summary = "Make vector accesses that may leave their memref safe";
  let description = [{
    Finds `vector.load` / `vector.store` whose indices cannot be proven in
    bounds (an interval analysis over constants, index arithmetic and the
    induction variables of `scf.for` / `scf.parallel` with constant bounds)
    and makes them safe:
    - innermost dimension (the row tail when N is not a multiple of
      vector width x threads per row): masked loads reading 0 (neutral for a
      sum of squares) and masked stores, with the mask from the columns left;
      a loop that only reaches past the end in its last iteration has that
      iteration peeled first, so the other iterations keep full vectors;
    - outer dimensions (rows past M when M is not a multiple of rows per
      block): the access is guarded by `scf.if`; a guarded load yields 0.
    Accesses that are already masked (`rownorm-align-rows`' body) keep their
    mask for the columns; rows past M clear it. Alignment attributes carry
    over to the accesses that replace them.
    An out-of-bounds access is undefined behaviour, so dropping such stores
    and replacing such loads is always a legal refinement.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // RMSNORM_TRANSFORMS_PASSES_TD

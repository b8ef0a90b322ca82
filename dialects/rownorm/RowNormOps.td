//===- RowNormOps.td - rownorm operations -----------------*- tablegen -*-===//

#ifndef ROWNORM_OPS_TD
#define ROWNORM_OPS_TD

include "RowNormDialect.td"
include "RowNormAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Element types rownorm computes on. The constraint is broader for the weight
// (x's type or f32); the verifier narrows it with a precise message.
def RowNorm_FloatElement : AnyTypeOf<[F32, F16, BF16]>;
def RowNorm_Rows : MemRefRankOf<[F32, F16, BF16], [2]>;
def RowNorm_Vector : MemRefRankOf<[F32, F16, BF16], [1]>;

def RowNorm_RmsNormOp : RowNorm_Op<"rms_norm"> {
  let summary = "RMS normalization of every row of a 2-D buffer";
  let description = [{
    Normalizes each of the M rows of `input` by its root mean square, scales
    column j by `weight[j]` and writes the row to `output`:

    ```
    output[i, j] = input[i, j] * rsqrt(sum_j(input[i, j]^2) / N + epsilon) * weight[j]
    ```

    Shapes and layout:
    - `input` and `output` are `memref<M x N x T>` with a strided layout whose
      innermost stride is 1: rows are contiguous, the row stride may be a
      runtime value (`strided<[?, 1], offset: ?>`) and must hold a row
      (stride >= N). M is normally dynamic (known at launch); where it is
      static, both types fix it, to the same value, and once scheduled in a
      module that records its target it needs no more blocks than one grid
      of the target holds (the target description's getMaxGridBlocks for
      blocks threads_per_row wide; the README's manifest table gives each
      target's). N must be static and
      at least 1. A dynamic N is expressible and rejected until supported.
    - `weight` is a contiguous `memref<N x W>` where W is T or f32.
    - T is f32, f16 or bf16; `output` has the element type of `input`.
    - `epsilon` is a positive, finite f32: either built in, as the attribute
      `{epsilon = 1.0e-06 : f32}`, or a value known only at run time, as the
      operand `epsilon(%eps)` (an f32, normally a function argument: the
      kernel then takes it as a parameter, so one kernel serves every
      epsilon). Exactly one of the two is given.

    Numerics: the sum of squares, the mean, the reciprocal square root and the
    scaling are f32; the output is rounded to T once. The reciprocal square
    root may be the hardware approximation (`afn`).

    `schedule` is set by `rownorm-tile-rows` and says how rows map to thread
    blocks, threads and vectors; without it, `rownorm-expand` uses one row per
    block, one thread per row and scalar accesses.

    Variants are meant to grow from this op rather than beside it: a fused
    residual add (`residual(%r : ...)` input plus a `residual_out(...)`
    output), a Gemma-style weight offset (`weight_offset = 1.0 : f32`), no
    weight (an optional `weight(...)` group), an `rstd(...)` output and a
    quantized output with a `scale(...)` operand are each an optional keyword
    group or attribute. None of them exists yet.

    Examples, with epsilon built in and at run time:

    ```mlir
    rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>)
                     weight(%w : memref<4096xbf16>)
                     outs(%y : memref<?x4096xbf16, strided<[?, 1]>>)
                     {epsilon = 1.0e-06 : f32}
    rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>)
                     weight(%w : memref<4096xbf16>)
                     outs(%y : memref<?x4096xbf16, strided<[?, 1]>>)
                     epsilon(%eps)
    ```
  }];
  let arguments = (ins
    Arg<RowNorm_Rows, "rows to normalize", [MemRead]>:$input,
    Arg<RowNorm_Vector, "per-column scale", [MemRead]>:$weight,
    Arg<RowNorm_Rows, "normalized rows", [MemWrite]>:$output,
    Optional<F32>:$runtime_epsilon,
    OptionalAttr<F32Attr>:$epsilon,
    OptionalAttr<RowNorm_ScheduleAttr>:$schedule);
  let assemblyFormat = [{
    `ins` `(` $input `:` type($input) `)`
    `weight` `(` $weight `:` type($weight) `)`
    `outs` `(` $output `:` type($output) `)`
    (`epsilon` `(` $runtime_epsilon^ `)`)?
    attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The static row length N (the verifier guarantees one).
    int64_t getRowLength() {
      return ::llvm::cast<::mlir::MemRefType>(getInput().getType()).getDimSize(1);
    }
    ::mlir::Type getElementType() {
      return ::llvm::cast<::mlir::MemRefType>(getInput().getType()).getElementType();
    }
    /// Part of the verifier: a scheduled static M fits one grid of the
    /// module's target.
    ::llvm::LogicalResult verifyGridHoldsRows();
  }];
}

#endif // ROWNORM_OPS_TD

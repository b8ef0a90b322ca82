//===- RowNormDialect.td - the rownorm dialect ------------*- tablegen -*-===//
//
// Row-reduction normalization: RMSNorm first, LayerNorm and friends later.
//
//===----------------------------------------------------------------------===//

#ifndef ROWNORM_DIALECT_TD
#define ROWNORM_DIALECT_TD

include "mlir/IR/OpBase.td"

def RowNorm_Dialect : Dialect {
  let name = "rownorm";
  let cppNamespace = "::mlir::rmsnorm::rownorm";
  let summary = "Row-reduction normalization of 2-D row-major buffers";
  let description = [{
    The `rownorm` dialect describes normalizations that reduce each row of a
    2-D, row-major buffer to a statistic and then rescale the row with it.
    RMSNorm is the first member:

    ```
    y[i, j] = x[i, j] * rsqrt(mean_j(x[i, j]^2) + epsilon) * w[j]
    ```

    Numerics contract shared by all ops: the reduction and the scaling are
    computed in f32 whatever the element type, the output is rounded once, and
    the reciprocal square root may be the hardware's approximate instruction.

    The dialect also owns one module-level attribute, `rownorm.target`, whose
    value is an upstream GPU target attribute (`#nvvm.target<...>`,
    `#rocdl.target<...>`) that has a rownorm target description. It is the one
    place where the target of a compile is recorded:

    ```mlir
    module attributes {rownorm.target = #nvvm.target<chip = "sm_90", features = "+ptx80">} {
      ...
    }
    ```

    Two more attributes carry a kernel's contract, so that no tool has to
    recover it from the source (schema and checks:
    `include/rmsnorm/Dialect/RowNorm/KernelContract.h`; the verifier checks
    every field, so a hand-edited contract is checked like any IR):

    - `rownorm.kernel`, on a function that `rownorm-expand-ops` lowered: what
      its op computed.

      ```mlir
      rownorm.kernel = {op = "rms_norm", dtype = bf16, weight_dtype = bf16,
                        n = 4096 : i64, epsilon = 1.0e-06 : f32,
                        schedule = {rows_per_block = 1 : i64, ...},
                        roles = ["x", "w", "y"]}
      ```

      Only builtin attributes are used (the schedule is a plain dictionary
      with the fields of `#rownorm.schedule`), so upstream tools parse IR
      that carries a contract. `epsilon` is absent when it is a run-time
      argument (role `"epsilon"`);
      `static_rows` is present when M is static. Roles, one per function
      argument: `x`, `w`, `y`, `xy` (in place), `epsilon`.
    - `rownorm.launch`, on each `gpu.func` that `convert-rownorm-to-gpu`
      creates: the description above plus the kernel ABI, everything a
      loader needs (rmsnorm-emit reads nothing else):

      ```mlir
      rownorm.launch = {..., block = array<i64: 128, 1, 1>,
                        rows_per_block = 1 : i64,
                        params = [{name = "x", kind = "pointer", type = bf16, access = "read"},
                                  ...,
                                  {name = "rows", kind = "scalar", type = i64},
                                  {name = "x_row_stride", kind = "scalar", type = i64}, ...],
                        static_shared_bytes = 0 : i64, dynamic_shared_bytes = 0 : i64,
                        max_blocks = 2147483647 : i64,
                        base_pointer_alignment = 16 : i64, row_alignment = 16 : i64}
      ```

      Each row role (`x`, `y`, `xy`) has its row stride either as a
      `<role>_row_stride` parameter or, when the source fixed it, in
      `static_row_strides = {x = 4096 : i64, ...}` (compiled in; at least N
      and at most 2^53): never both, never neither.

      The grid is `(ceil(rows / rows_per_block), 1, 1)`, at most
      `max_blocks` blocks (the target's grid limit for blocks this wide; a
      static M must fit it); parameters are one per function argument in
      order (a pointer for a buffer, the value for epsilon), then `rows`,
      then each dynamic row stride (in elements). Rows whose stride keeps
      `row_alignment` take the vector path. A unit `launch_overlap` says the
      kernel waits for the previous kernel at its start, so a loader may
      overlap its launch with that kernel's end.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The module attribute that records the compile's target.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("rownorm.target");
    }
    /// The target attribute of the module that is `op` or encloses it; null
    /// when there is no such module or it records no target.
    static ::mlir::Attribute findTargetAttr(::mlir::Operation *op);
    /// What a kernel function computes, recorded by rownorm-expand-ops.
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return ::llvm::StringLiteral("rownorm.kernel");
    }
    /// The launch contract that convert-rownorm-to-gpu records on a kernel.
    static constexpr ::llvm::StringLiteral getLaunchAttrName() {
      return ::llvm::StringLiteral("rownorm.launch");
    }
    /// A unit attribute on a load that load reuse must leave a load: the
    /// value is re-read from cache rather than held in registers
    /// (rownorm-align-rows).
    static constexpr ::llvm::StringLiteral getReloadAttrName() {
      return ::llvm::StringLiteral("rownorm.reload");
    }
    /// A unit attribute on rownorm-version-rows' scf.if (its then region
    /// the aligned copy of the row body, its else region the copy for rows
    /// of unknown alignment), carried into the kernel by
    /// convert-rownorm-to-gpu for the passes after it.
    static constexpr ::llvm::StringLiteral getVersionedRowsAttrName() {
      return ::llvm::StringLiteral("rownorm.versioned_rows");
    }
    /// A unit attribute beside `rownorm.versioned_rows` where the rows are
    /// never all aligned (a row stride fixed at N elements whose bytes are
    /// not whole vectors): the then region runs on no global rows (its test
    /// never holds) and is kept only as the aligned row body that
    /// rownorm-stage-rows runs on rows staged in workgroup memory; that
    /// pass then sets the test to false (canonicalization removes it).
    static constexpr ::llvm::StringLiteral getStagingTemplateAttrName() {
      return ::llvm::StringLiteral("rownorm.staging_template");
    }
    /// On a kernel function that has a second kernel for many rows
    /// (rownorm-tile-rows, option many-rows): that kernel's name, in an
    /// array of strings.
    static constexpr ::llvm::StringLiteral getVariantsAttrName() {
      return ::llvm::StringLiteral("rownorm.variants");
    }
    /// On such a second kernel: the row count (an integer, at least 1) from
    /// which a caller should prefer it; it is correct for any row count.
    static constexpr ::llvm::StringLiteral getFromRowsAttrName() {
      return ::llvm::StringLiteral("rownorm.from_rows");
    }
  }];
}

class RowNorm_Op<string mnemonic, list<Trait> traits = []>
    : Op<RowNorm_Dialect, mnemonic, traits>;

#endif // ROWNORM_DIALECT_TD

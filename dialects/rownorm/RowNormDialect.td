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

    A second attribute, `rownorm.launch`, is the launch contract that
    `convert-rownorm-to-gpu` records on each kernel it creates: a dictionary
    with the block size, rows per block, parameter names and workgroup
    memory, e.g.
    `{block = array<i64: 128, 1, 1>, rows_per_block = 1 : i64, params = ["arg0", "arg1", "arg2", "rows", "arg0_stride0", "arg2_stride0"], ...}`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The module attribute that records the compile's target.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("rownorm.target");
    }
    /// The launch contract that convert-rownorm-to-gpu records on a kernel.
    static constexpr ::llvm::StringLiteral getLaunchAttrName() {
      return ::llvm::StringLiteral("rownorm.launch");
    }
  }];
}

class RowNorm_Op<string mnemonic, list<Trait> traits = []>
    : Op<RowNorm_Dialect, mnemonic, traits>;

#endif // ROWNORM_DIALECT_TD

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
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The module attribute that records the compile's target.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("rownorm.target");
    }
  }];
}

class RowNorm_Op<string mnemonic, list<Trait> traits = []>
    : Op<RowNorm_Dialect, mnemonic, traits>;

#endif // ROWNORM_DIALECT_TD

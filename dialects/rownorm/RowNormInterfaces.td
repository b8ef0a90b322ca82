//===- RowNormInterfaces.td - target description interface -*- tablegen -*-===//

#ifndef ROWNORM_INTERFACES_TD
#define ROWNORM_INTERFACES_TD

include "mlir/IR/OpBase.td"

def RowNorm_TargetDescriptionAttrInterface
    : AttrInterface<"TargetDescriptionAttrInterface"> {
  let cppNamespace = "::mlir::rmsnorm";
  let description = [{
    Implemented (as an external model) by the upstream GPU target attributes
    that rownorm can compile for. Generic passes ask the returned TargetInfo
    capability questions and never look at the vendor behind it; each target
    library attaches the model to its own attribute.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the description of the attribute's chip, or null when the
        attribute cannot be compiled for (see getUnsupportedReason).
      }],
      "std::unique_ptr<::mlir::rmsnorm::TargetInfo>", "getTargetInfo">,
    InterfaceMethod<[{
        Returns why the attribute cannot be compiled for: a chip without a
        description, or features that LLVM does not know or that contradict
        the description (e.g. another wavefront size); "" when it can.
      }],
      "std::string", "getUnsupportedReason">,
    InterfaceMethod<[{
        Returns the chips this target describes, for diagnostics.
      }],
      "::llvm::SmallVector<::llvm::StringRef>", "getDescribedChips">,
    InterfaceMethod<[{
        Returns the attribute the kernels are compiled for (the target of
        the gpu.module that convert-rownorm-to-gpu creates, and of an
        already converted one that rmsnorm-emit compiles): this one, or
        this one completed with what the description's code needs where the
        attribute leaves it to LLVM's default. A supported attribute only.
      }],
      "::mlir::Attribute", "getCodegenTarget">,
  ];
}

#endif // ROWNORM_INTERFACES_TD

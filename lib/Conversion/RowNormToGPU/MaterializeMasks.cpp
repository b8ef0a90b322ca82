//===- MaterializeMasks.cpp - vector masks as comparisons in kernels ------===//

#include "rmsnorm/Conversion/Passes.h"

#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_MATERIALIZEMASKS
#include "rmsnorm/Conversion/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;

namespace {
struct MaterializeMasks final
    : public rmsnorm::impl::MaterializeMasksBase<MaterializeMasks> {
  void runOnOperation() override {
    SmallVector<gpu::GPUFuncOp> kernels;
    getOperation()->walk([&](gpu::GPUFuncOp kernel) { kernels.push_back(kernel); });
    for (gpu::GPUFuncOp kernel : kernels) {
      // Masks become comparisons with a step vector (32-bit lanes: the
      // column count left in a row always fits), which every target lowers.
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMaskMaterializationPatterns(
          patterns, /*force32BitVectorIndices=*/true);
      // The patterns are confluent; a mask left over would be reported by
      // the target's lowering.
      (void)applyPatternsGreedily(kernel, std::move(patterns));
      // Masks known at compile time (a tail of a constant column) become
      // constants.
      kernel.walk([](vector::ConstantMaskOp mask) {
        VectorType type = mask.getVectorType();
        if (type.getRank() != 1)
          return;
        int64_t set = mask.getMaskDimSizes()[0];
        SmallVector<bool> bits;
        for (int64_t i = 0; i < type.getNumElements(); ++i)
          bits.push_back(i < set);
        OpBuilder b(mask);
        mask.replaceAllUsesWith(
            arith::ConstantOp::create(b, mask.getLoc(),
                                      DenseElementsAttr::get(type, bits))
                .getResult());
        mask.erase();
      });
    }
  }
};
} // namespace

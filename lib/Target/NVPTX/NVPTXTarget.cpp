//===- NVPTXTarget.cpp - NVIDIA chips as rownorm targets ------------------===//
//
// Figures are per chip, from NVIDIA's published limits for compute capability
// 9.0 (H100 SXM / H200: 132 SMs).
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Target/NVPTX/NVPTXTarget.h"
#include "rmsnorm/Dialect/RowNorm/RowNorm.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_NVPTXATTACHTARGET
#include "rmsnorm/Target/NVPTX/Passes.h.inc"
} // namespace mlir::rmsnorm

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// Hopper (sm_90, sm_90a): H100 SXM and H200.
class HopperTargetInfo final : public TargetInfo {
public:
  explicit HopperTargetInfo(StringRef chip) : chip(chip.str()) {}
  StringRef getChip() const override { return chip; }
  unsigned getSubgroupSize() const override { return 32; }
  unsigned getMaxThreadsPerBlock() const override { return 1024; }
  unsigned getMaxThreadsPerProcessor() const override { return 2048; }
  unsigned getRegistersPerProcessor() const override { return 65536; }
  unsigned getMaxRegistersPerThread() const override { return 255; }
  unsigned getSharedMemoryPerBlock() const override { return 227 * 1024; }
  unsigned getSharedMemoryPerProcessor() const override { return 228 * 1024; }
  unsigned getProcessorCount() const override { return 132; }
  unsigned getMaxVectorBytes() const override { return 16; }

private:
  std::string chip;
};

constexpr StringLiteral kDescribedChips[] = {"sm_90", "sm_90a"};

struct NVVMTargetDescriptionModel final
    : public TargetDescriptionAttrInterface::ExternalModel<
          NVVMTargetDescriptionModel, NVVM::NVVMTargetAttr> {
  std::unique_ptr<TargetInfo> getTargetInfo(Attribute attr) const {
    StringRef chip = cast<NVVM::NVVMTargetAttr>(attr).getChip();
    if (!llvm::is_contained(kDescribedChips, chip))
      return nullptr;
    return std::make_unique<HopperTargetInfo>(chip);
  }
  SmallVector<StringRef> getDescribedChips(Attribute) const {
    return SmallVector<StringRef>(std::begin(kDescribedChips),
                                  std::end(kDescribedChips));
  }
};

struct NVPTXAttachTarget final
    : public rmsnorm::impl::NVPTXAttachTargetBase<NVPTXAttachTarget> {
  using Base::Base;
  void runOnOperation() override {
    auto requested =
        NVVM::NVVMTargetAttr::get(&getContext(), /*optLevel=*/3,
                                  "nvptx64-nvidia-cuda", chip, features);
    auto sameChip = [&](Attribute recorded) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(recorded);
      return nvvm && nvvm.getChip() == chip;
    };
    if (failed(attachTargetAttr(getOperation(), requested, sameChip)))
      signalPassFailure();
  }
};
} // namespace

void mlir::rmsnorm::registerNVPTXTargetDescription(DialectRegistry &registry) {
  registry.insert<NVVM::NVVMDialect>();
  registry.addExtension(+[](MLIRContext *ctx, NVVM::NVVMDialect *) {
    NVVM::NVVMTargetAttr::attachInterface<NVVMTargetDescriptionModel>(*ctx);
  });
}

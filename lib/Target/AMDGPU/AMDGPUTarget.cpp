//===- AMDGPUTarget.cpp - AMD chips as rownorm targets ------------------===//
//
// Figures are per chip, from AMD's published CDNA3 limits (MI300X).
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Target/AMDGPU/AMDGPUTarget.h"
#include "rmsnorm/Target/ChipTargetDescription.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_AMDGPUATTACHTARGET
#include "rmsnorm/Target/AMDGPU/Passes.h.inc"
} // namespace mlir::rmsnorm

#include "llvm/Support/TargetSelect.h"

#include <algorithm>
#include <mutex>

using namespace mlir;
using namespace mlir::rmsnorm;

namespace {
/// CDNA3 (gfx942): MI300X, 304 CUs of 4 SIMDs; wave64.
class CDNA3TargetInfo final : public TargetInfo {
public:
  explicit CDNA3TargetInfo(StringRef chip) : chip(chip.str()) {}
  StringRef getChip() const override { return chip; }
  unsigned getSubgroupSize() const override { return 64; }
  unsigned getMaxThreadsPerBlock() const override { return 1024; }
  // The dispatch packet holds the grid's extent along x in work-items
  // (blocks x the block's width) in 32 bits, and HIP refuses more than
  // 2^31 - 1 blocks.
  int64_t getMaxGridBlocks(int64_t blockWidth) const override {
    return std::min<int64_t>((int64_t{1} << 31) - 1,
                             ((int64_t{1} << 32) - 1) / blockWidth);
  }
  // 4 SIMDs x 8 waves x 64 lanes.
  unsigned getMaxThreadsPerProcessor() const override { return 2048; }
  // 4 SIMDs x 512 VGPRs x 64 lanes (architectural and accumulation VGPRs).
  unsigned getRegistersPerProcessor() const override { return 131072; }
  unsigned getMaxRegistersPerThread() const override { return 512; }
  unsigned getSharedMemoryPerBlock() const override { return 64 * 1024; }
  unsigned getSharedMemoryPerProcessor() const override { return 64 * 1024; }
  unsigned getProcessorCount() const override { return 304; }
  // The L2: 4 MiB per XCD, eight XCDs; a CU re-reads through its own XCD's
  // (the Infinity Cache further out is not counted).
  unsigned getSharedCacheBytes() const override { return 32 << 20; }
  unsigned getMaxVectorBytes() const override { return 16; }
  Value createApproxRsqrt(OpBuilder &builder, Location loc,
                          Value value) const override {
    return LLVM::CallIntrinsicOp::create(
               builder, loc, value.getType(),
               builder.getStringAttr("llvm.amdgcn.rsq"), ValueRange{value})
        .getResult(0);
  }

private:
  std::string chip;
};

/// LLVM's AMDGPU target, for checking feature names.
void initializeLLVMTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
  });
}

/// The chips described here.
struct AMDGPUChips {
  static StringRef triple() { return "amdgcn-amd-amdhsa"; }
  static ArrayRef<StringLiteral> chips() {
    static constexpr StringLiteral described[] = {"gfx942"};
    return described;
  }
  /// The description is wave64: features may not change the wavefront size.
  static std::string checkFeatures(StringRef chip, StringRef features) {
    initializeLLVMTarget();
    if (std::string why = checkFeatureNames(triple(), chip, features);
        !why.empty())
      return why;
    if (features.contains("wavefrontsize"))
      return "features may not change the wavefront size: rownorm's " +
             chip.str() + " description is wave64, got '" + features.str() +
             "'";
    return "";
  }
  static std::unique_ptr<TargetInfo> describe(StringRef chip) {
    return std::make_unique<CDNA3TargetInfo>(chip);
  }
  /// LLVM's defaults for a described chip are what the code needs.
  static Attribute codegenTarget(ROCDL::ROCDLTargetAttr target) {
    return target;
  }
};

struct AMDGPUAttachTarget final
    : public rmsnorm::impl::AMDGPUAttachTargetBase<AMDGPUAttachTarget> {
  using Base::Base;
  void runOnOperation() override {
    auto requested = ROCDL::ROCDLTargetAttr::get(
        &getContext(), /*optLevel=*/3, "amdgcn-amd-amdhsa", chip, features);
    if (failed(attachChipTarget(getOperation(), requested)))
      signalPassFailure();
  }
};
} // namespace

void mlir::rmsnorm::registerAMDGPUTargetDescription(DialectRegistry &registry) {
  registry.insert<ROCDL::ROCDLDialect>();
  registerROCDLDialectTranslation(registry);
  ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
  registry.addExtension(+[](MLIRContext *ctx, ROCDL::ROCDLDialect *) {
    ROCDL::ROCDLTargetAttr::attachInterface<
        ChipTargetDescriptionModel<ROCDL::ROCDLTargetAttr, AMDGPUChips>>(*ctx);
  });
}

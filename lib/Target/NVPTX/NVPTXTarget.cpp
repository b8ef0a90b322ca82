//===- NVPTXTarget.cpp - NVIDIA chips as rownorm targets ------------------===//
//
// Figures are per chip, from NVIDIA's published limits for compute capability
// 9.0 (H100 SXM / H200: 132 SMs).
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Target/NVPTX/NVPTXTarget.h"
#include "rmsnorm/Target/ChipTargetDescription.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

namespace mlir::rmsnorm {
#define GEN_PASS_DEF_NVPTXATTACHTARGET
#include "rmsnorm/Target/NVPTX/Passes.h.inc"
} // namespace mlir::rmsnorm

#include "llvm/Support/TargetSelect.h"

#include <mutex>

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
  // gridDim.x, whatever the block's size.
  int64_t getMaxGridBlocks(int64_t) const override {
    return (int64_t{1} << 31) - 1;
  }
  unsigned getMaxThreadsPerProcessor() const override { return 2048; }
  unsigned getRegistersPerProcessor() const override { return 65536; }
  unsigned getMaxRegistersPerThread() const override { return 255; }
  unsigned getSharedMemoryPerBlock() const override { return 227 * 1024; }
  // Beyond 48 KiB a block's shared memory must be dynamic, with an opt-in.
  unsigned getStaticSharedMemoryPerBlock() const override { return 48 * 1024; }
  unsigned getSharedMemoryPerProcessor() const override { return 228 * 1024; }
  unsigned getProcessorCount() const override { return 132; }
  // The L2: 50 MiB on the H100 (the H200's is larger): the smaller part.
  unsigned getSharedCacheBytes() const override { return 50 << 20; }
  unsigned getMaxVectorBytes() const override { return 16; }
  Value createApproxRsqrt(OpBuilder &builder, Location loc,
                          Value value) const override {
    return LLVM::CallIntrinsicOp::create(
               builder, loc, value.getType(),
               builder.getStringAttr("llvm.nvvm.rsqrt.approx.f"),
               ValueRange{value})
        .getResult(0);
  }

  /// ld.global.v4.b32 with an L1 eviction priority and an L2 policy of the
  /// same name (createpolicy), the policies torch.compile's kernels use;
  /// LLVM's NVPTX backend has no intrinsic for them, so they are inline PTX.
  bool hasHintedLoads() const override { return true; }
  Value createHintedLoad(OpBuilder &builder, Location loc, VectorType type,
                         Value address, CacheUse use) const override {
    Type i32 = builder.getI32Type();
    auto words = LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                  {i32, i32, i32, i32});
    StringRef policy = use == CacheUse::Stream ? "evict_first" : "evict_last";
    // The policy has no side effects: LLVM merges a kernel's identical ones.
    Value policyBits =
        LLVM::InlineAsmOp::create(
            builder, loc, builder.getI64Type(), ValueRange{},
            builder.getStringAttr(
                (llvm::Twine("createpolicy.fractional.L2::") + policy +
                 ".b64 $0, 1.0;")
                    .str()),
            builder.getStringAttr("=l"), UnitAttr(), UnitAttr(),
            LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(), ArrayAttr())
            .getResult(0);
    std::string text = (llvm::Twine("{\n\t.reg .b64 a;\n\t") +
                        "cvta.to.global.u64 a, $4;\n\tld.global.L1::" +
                        policy +
                        ".L2::cache_hint.v4.b32 {$0, $1, $2, $3}, [a], $5;\n}")
                           .str();
    // Side effects: LLVM cannot see what the asm reads, so the load keeps its
    // place among the kernel's stores.
    Value loaded =
        LLVM::InlineAsmOp::create(
            builder, loc, words, ValueRange{address, policyBits},
            builder.getStringAttr(text),
            builder.getStringAttr("=r,=r,=r,=r,l,l"), builder.getUnitAttr(),
            UnitAttr(), LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(),
            ArrayAttr())
            .getResult(0);
    SmallVector<Value> parts;
    for (int64_t i = 0; i < 4; ++i)
      parts.push_back(LLVM::ExtractValueOp::create(builder, loc, loaded, i));
    Value vector = vector::FromElementsOp::create(
        builder, loc, VectorType::get({4}, i32), parts);
    return vector::BitCastOp::create(builder, loc, type, vector);
  }

  /// Programmatic dependent launch (compute capability 9.0): the kernel
  /// waits for the grids it depends on (griddepcontrol.wait), then lets its
  /// dependents be scheduled (griddepcontrol.launch_dependents). Inline PTX
  /// with a memory clobber: LLVM's intrinsics for them are memory(none), so
  /// loads could be scheduled above the wait.
  bool hasLaunchOverlap() const override { return true; }
  void createLaunchOverlapPrologue(OpBuilder &builder,
                                   Location loc) const override {
    for (StringRef instruction :
         {"griddepcontrol.wait;", "griddepcontrol.launch_dependents;"})
      inlinePTX(builder, loc, instruction, "~{memory}", {});
  }

  /// The copy engine's bulk copies (compute capability 9.0):
  /// cp.async.bulk between global memory and shared memory, the load's
  /// arrival counted in bytes on an mbarrier. Inline PTX with memory
  /// clobbers, as above; shared addresses are 32-bit.
  bool hasBulkCopy() const override { return true; }
  void createBulkCopyIn(OpBuilder &builder, Location loc, Value buffer,
                        Value barrier, Value source,
                        Value bytes) const override {
    inlinePTX(builder, loc,
              "{ .reg .u64 g; cvta.to.global.u64 g, $2;\n"
              "mbarrier.init.shared::cta.b64 [$1], 1;\n"
              "fence.mbarrier_init.release.cluster;\n"
              "fence.proxy.async.shared::cta;\n"
              "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], $3;\n"
              "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
              "bytes [$0], [g], $3, [$1]; }",
              "r,r,l,r,~{memory}",
              {sharedAddress(builder, loc, buffer),
               sharedAddress(builder, loc, barrier), source, bytes});
  }
  void createBulkCopyWait(OpBuilder &builder, Location loc,
                          Value barrier) const override {
    // Labels inside braces are local to them in PTX.
    inlinePTX(builder, loc,
              "{ .reg .pred done;\n"
              "wait: mbarrier.try_wait.parity.shared::cta.b64 done, [$0], 0;\n"
              "@!done bra wait; }",
              "r,~{memory}", {sharedAddress(builder, loc, barrier)});
  }
  void createBulkCopyOutFence(OpBuilder &builder, Location loc) const override {
    inlinePTX(builder, loc, "fence.proxy.async.shared::cta;", "~{memory}", {});
  }
  void createBulkCopyOut(OpBuilder &builder, Location loc, Value dest,
                         Value buffer, Value bytes) const override {
    inlinePTX(builder, loc,
              "{ .reg .u64 g; cvta.to.global.u64 g, $0;\n"
              "cp.async.bulk.global.shared::cta.bulk_group [g], [$1], $2;\n"
              "cp.async.bulk.commit_group;\n"
              "cp.async.bulk.wait_group.read 0; }",
              "l,r,r,~{memory}",
              {dest, sharedAddress(builder, loc, buffer), bytes});
  }

private:
  /// A workgroup memref's address in the shared window (32 bits).
  static Value sharedAddress(OpBuilder &builder, Location loc, Value memref) {
    Value index =
        memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, memref);
    return arith::IndexCastOp::create(builder, loc, builder.getI32Type(),
                                      index);
  }
  /// Inline PTX with side effects and no results.
  static void inlinePTX(OpBuilder &builder, Location loc, StringRef text,
                        StringRef constraints, ValueRange operands) {
    LLVM::InlineAsmOp::create(
        builder, loc, TypeRange{}, operands, builder.getStringAttr(text),
        builder.getStringAttr(constraints), builder.getUnitAttr(), UnitAttr(),
        LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(), ArrayAttr());
  }

  std::string chip;
};

/// LLVM's NVPTX target, for checking feature names.
void initializeLLVMTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
  });
}

/// The chips described here.
struct NVPTXChips {
  static StringRef triple() { return "nvptx64-nvidia-cuda"; }
  static ArrayRef<StringLiteral> chips() {
    static constexpr StringLiteral described[] = {"sm_90", "sm_90a"};
    return described;
  }
  /// The "+a,-b" list's tokens.
  static SmallVector<StringRef> featureTokens(StringRef features) {
    SmallVector<StringRef> tokens;
    features.split(tokens, ',', -1, /*KeepEmpty=*/false);
    return tokens;
  }
  /// Whether a token names a PTX version ("+ptx80", "-ptx78").
  static bool isPTXVersion(StringRef token) {
    return token.drop_front().starts_with("ptx");
  }
  /// rownorm's NVPTX code needs PTX 8.0 (+ptx80, the default) or later.
  static std::string checkFeatures(StringRef chip, StringRef features) {
    initializeLLVMTarget();
    if (std::string why = checkFeatureNames(triple(), chip, features);
        !why.empty())
      return why;
    for (StringRef token : featureTokens(features)) {
      unsigned version = 0;
      if (!isPTXVersion(token))
        continue;
      if (token.starts_with("-") ||
          token.drop_front(4).getAsInteger(10, version) || version < 80)
        return "rownorm's PTX needs version 8.0 or later (+ptx80), got '" +
               token.str() + "'";
    }
    return "";
  }
  static std::unique_ptr<TargetInfo> describe(StringRef chip) {
    return std::make_unique<HopperTargetInfo>(chip);
  }
  /// A target that names no PTX version leaves it to LLVM, whose default
  /// for sm_90 (7.8) lacks the bulk copies of rownorm-stage-rows: its
  /// kernels are compiled for PTX 8.0, rownorm's default (+ptx80).
  static Attribute codegenTarget(NVVM::NVVMTargetAttr target) {
    SmallVector<StringRef> tokens = featureTokens(target.getFeatures());
    if (llvm::any_of(tokens, isPTXVersion))
      return target;
    tokens.push_back(kDefaultPTXFeature);
    return NVVM::NVVMTargetAttr::get(
        target.getContext(), target.getO(), target.getTriple(),
        target.getChip(), llvm::join(tokens, ","), target.getFlags(),
        target.getLink(), target.getVerifyTarget());
  }
};

struct NVPTXAttachTarget final
    : public rmsnorm::impl::NVPTXAttachTargetBase<NVPTXAttachTarget> {
  using Base::Base;
  void runOnOperation() override {
    auto requested = NVVM::NVVMTargetAttr::get(
        &getContext(), /*optLevel=*/3, "nvptx64-nvidia-cuda", chip, features);
    if (failed(attachChipTarget(getOperation(), requested)))
      signalPassFailure();
  }
};
} // namespace

void mlir::rmsnorm::registerNVPTXTargetDescription(DialectRegistry &registry) {
  registry.insert<NVVM::NVVMDialect>();
  registerNVVMDialectTranslation(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerConvertNVVMToLLVMInterface(registry);
  registry.addExtension(+[](MLIRContext *ctx, NVVM::NVVMDialect *) {
    NVVM::NVVMTargetAttr::attachInterface<
        ChipTargetDescriptionModel<NVVM::NVVMTargetAttr, NVPTXChips>>(*ctx);
  });
}

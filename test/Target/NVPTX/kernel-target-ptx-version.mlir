// A module whose #nvvm.target names no PTX version leaves it to LLVM, whose
// default for sm_90 (7.8) lacks the bulk copies of rownorm-stage-rows: the
// gpu.module of the kernels gets the target completed with +ptx80
// (rownorm's default), the module keeps its own. A target that names a
// version keeps it, its other parameters stay (O = 1), and the AMDGPU
// target is taken as it is.
// RUN: rmsnorm-opt %s --rownorm-to-gpu-pipeline 2>/dev/null | FileCheck %s
// CHECK: module attributes {gpu.container_module, rownorm.target = #nvvm.target<chip = "sm_90">}
// CHECK: gpu.module @rownorm_kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">]
// RUN: sed 's/chip = "sm_90">/chip = "sm_90", features = "+ptx81">/' %s \
// RUN:   | rmsnorm-opt --rownorm-to-gpu-pipeline 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=GIVEN
// GIVEN: gpu.module @rownorm_kernels [#nvvm.target<chip = "sm_90", features = "+ptx81">]
// RUN: sed 's/#nvvm.target<chip = "sm_90">/#nvvm.target<O = 1, chip = "sm_90a">/' %s \
// RUN:   | rmsnorm-opt --rownorm-to-gpu-pipeline 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=OTHER
// OTHER: gpu.module @rownorm_kernels [#nvvm.target<O = 1, chip = "sm_90a", features = "+ptx80">]
// RUN: sed 's/#nvvm.target<chip = "sm_90">/#rocdl.target<chip = "gfx942">/' %s \
// RUN:   | rmsnorm-opt --rownorm-to-gpu-pipeline 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=ROCDL
// ROCDL: gpu.module @rownorm_kernels [#rocdl.target<chip = "gfx942">]
// The emitted kernel (staged: short odd rows) is PTX 8.0 (where ptxas is
// found, rmsnorm-emit also assembles it and fails if ptxas rejects it):
// RUN: rm -rf %t && rmsnorm-emit %s --target=nvptx -o %t > /dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t/bf16_101.sm_90.ptx
// PTX: .version 8.0
// PTX: .target sm_90
// PTX: cp.async.bulk.shared::cluster.global
// So does a kernel given already converted, in a gpu.module whose target
// names no PTX version:
// RUN: rmsnorm-opt %s --rownorm-to-gpu-pipeline | sed 's/, features = "+ptx80"//' > %t.converted.mlir
// RUN: FileCheck %s --check-prefix=BARE --input-file=%t.converted.mlir
// BARE: gpu.module @rownorm_kernels [#nvvm.target<chip = "sm_90">]
// RUN: rmsnorm-emit %t.converted.mlir --target=nvptx -o %t/converted > /dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t/converted/bf16_101.sm_90.ptx

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
func.func @bf16_101(%x: memref<?x101xbf16, strided<[?, 1]>>, %w: memref<101xbf16>, %y: memref<?x101xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x101xbf16, strided<[?, 1]>>) weight(%w : memref<101xbf16>) outs(%y : memref<?x101xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
}

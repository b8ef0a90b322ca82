// One input through both targets: the generic pipeline sees only the target
// description, and wave64 doubles the rows per block of short rows.
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target --rownorm-optimize-pipeline 2>/dev/null | FileCheck %s --check-prefixes=COMMON,PTX
// RUN: rmsnorm-opt %s --rownorm-amdgpu-attach-target --rownorm-optimize-pipeline 2>/dev/null | FileCheck %s --check-prefixes=COMMON,AMDGCN

// PTX: module attributes {rownorm.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">}
// AMDGCN: module attributes {rownorm.target = #rocdl.target<O = 3, chip = "gfx942">}
// COMMON-LABEL: func.func @short_rows
// PTX-DAG: %[[R:.*]] = arith.constant 16 : index
// AMDGCN-DAG: %[[R:.*]] = arith.constant 32 : index
// COMMON: arith.ceildivui %{{.*}}, %[[R]] : index
// COMMON: vector.load {{.*}} vector<8xbf16>
// COMMON: math.rsqrt
func.func @short_rows(%x: memref<?x128xbf16>, %w: memref<128xbf16>, %y: memref<?x128xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x128xbf16>) weight(%w : memref<128xbf16>) outs(%y : memref<?x128xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

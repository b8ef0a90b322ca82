// A function that names kernels for many rows must name functions of its
// module that are such kernels (rownorm-tile-rows checks before it tiles).
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows="many-rows=1" --verify-diagnostics

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
// expected-error @+1 {{'rownorm.variants' names @ghost, which is not a kernel for many rows of this module (a function with 'rownorm.from_rows', as rownorm-tile-rows creates)}}
func.func @f(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.variants = ["ghost"]} {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
// expected-error @+1 {{'rownorm.variants' names @g, which is not a kernel for many rows}}
func.func @g(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.variants = ["g"]} {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
}

// -----

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
// expected-error @+1 {{'rownorm.variants' names @plain, which is not a kernel for many rows}}
func.func @h(%x: memref<?x8192xbf16>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16>) attributes {rownorm.variants = ["plain"]} {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @plain() {
  return
}
}

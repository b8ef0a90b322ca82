// The optimize pipeline stops with the tiling pass's error on a module that
// records no target, before any IR is rewritten.
// RUN: rmsnorm-opt %s --rownorm-optimize-pipeline --verify-diagnostics

func.func @no_target(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  // expected-error @+1 {{no target recorded: the enclosing module needs a 'rownorm.target' attribute}}
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  return
}

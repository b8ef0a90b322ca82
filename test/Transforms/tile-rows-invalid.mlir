// rownorm-tile-rows needs a target description.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-tile-rows --verify-diagnostics

func.func @no_target(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
  // expected-error @+1 {{no target recorded: the enclosing module needs a 'rownorm.target' attribute (a target's attach-target pass or a pipeline's 'chip' option records one)}}
  rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

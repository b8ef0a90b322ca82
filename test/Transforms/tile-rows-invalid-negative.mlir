// Option values below 0 are refused before the cost model sees them.
// RUN: rmsnorm-opt %s --rownorm-tile-rows="vector-width=-8" --verify-diagnostics

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @negative_vector_width(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
    // expected-error @+1 {{option 'vector-width' must be 0 (cost model) or positive, got -8}}
    rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
    return
  }
}

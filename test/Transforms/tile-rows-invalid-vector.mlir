// A vector wider than the target's widest access is refused.
// RUN: rmsnorm-opt %s --rownorm-tile-rows="vector-width=16" --verify-diagnostics

module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
  func.func @vector_too_wide(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
    // expected-error @+1 {{vector-width 16 of 'bf16' is 32 bytes, wider than the target's 16-byte accesses}}
    rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
    return
  }
}

// Threads per row must be a power of two (the reduction is a butterfly).
// RUN: rmsnorm-opt %s --rownorm-tile-rows="threads-per-row=48" --verify-diagnostics

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @threads_not_power_of_two(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
    // expected-error @+1 {{expects threads_per_row to be a power of two, got 48}}
    rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
    return
  }
}

// A block larger than the target launches is refused.
// RUN: rmsnorm-opt %s --rownorm-tile-rows="rows-per-block=2 threads-per-row=1024" --verify-diagnostics

module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
  func.func @block_too_large(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
    // expected-error @+1 {{a block of 2 rows x 1024 threads exceeds the target's limit of 1024 threads per block}}
    rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
    return
  }
}

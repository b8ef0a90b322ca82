func.func @short_weight(%x: memref<?x4096xbf16>, %w: memref<4095xbf16>, %y: memref<?x4096xbf16>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4095xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

func.func @k(%x: memref<?x64xf32>, %w: memref<64xf32>, %y: memref<?x64xf32>) {
  rownorm.rms_norm ins(%x : memref<?x64xf32>) weight(%w : memref<64xf32>) outs(%y : memref<?x64xf32>) {epsilon = 1.0e-05 : f32}
  return
}

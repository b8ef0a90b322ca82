// A kernel name that, used as a file name, would leave the output directory.
func.func @"../../../escaped"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

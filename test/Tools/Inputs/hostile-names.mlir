// Names that are not valid PTX or ELF symbols, C identifiers or file names.
// Each split is one input of rmsnorm-emit-names.test.
func.func @""(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
// -----
func.func @"rms.v2"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
// -----
func.func @"with space"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
// -----
func.func @"a-b"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
// -----
func.func @"quo\"te"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
// -----
func.func @"na\C3\AFve"(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
// -----
func.func @Twin(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @twin(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

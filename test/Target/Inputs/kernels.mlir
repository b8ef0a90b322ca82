// Kernels of the code-generation tests: every N class of the brief (a power
// of two, a multiple of 8 that is not one, odd N, N < 32, N > 16384) in f32,
// f16 and bf16. Row strides are runtime values.
func.func @bf16_13(%x: memref<?x13xbf16, strided<[?, 1]>>, %w: memref<13xbf16>, %y: memref<?x13xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x13xbf16, strided<[?, 1]>>) weight(%w : memref<13xbf16>) outs(%y : memref<?x13xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_1001(%x: memref<?x1001xbf16, strided<[?, 1]>>, %w: memref<1001xbf16>, %y: memref<?x1001xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x1001xbf16, strided<[?, 1]>>) weight(%w : memref<1001xbf16>) outs(%y : memref<?x1001xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_5120(%x: memref<?x5120xbf16, strided<[?, 1]>>, %w: memref<5120xbf16>, %y: memref<?x5120xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x5120xbf16, strided<[?, 1]>>) weight(%w : memref<5120xbf16>) outs(%y : memref<?x5120xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_32768(%x: memref<?x32768xbf16, strided<[?, 1]>>, %w: memref<32768xbf16>, %y: memref<?x32768xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x32768xbf16, strided<[?, 1]>>) weight(%w : memref<32768xbf16>) outs(%y : memref<?x32768xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f16_13(%x: memref<?x13xf16, strided<[?, 1]>>, %w: memref<13xf16>, %y: memref<?x13xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x13xf16, strided<[?, 1]>>) weight(%w : memref<13xf16>) outs(%y : memref<?x13xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f16_1001(%x: memref<?x1001xf16, strided<[?, 1]>>, %w: memref<1001xf16>, %y: memref<?x1001xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x1001xf16, strided<[?, 1]>>) weight(%w : memref<1001xf16>) outs(%y : memref<?x1001xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f16_4096(%x: memref<?x4096xf16, strided<[?, 1]>>, %w: memref<4096xf16>, %y: memref<?x4096xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xf16, strided<[?, 1]>>) weight(%w : memref<4096xf16>) outs(%y : memref<?x4096xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f16_5120(%x: memref<?x5120xf16, strided<[?, 1]>>, %w: memref<5120xf16>, %y: memref<?x5120xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x5120xf16, strided<[?, 1]>>) weight(%w : memref<5120xf16>) outs(%y : memref<?x5120xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f16_32768(%x: memref<?x32768xf16, strided<[?, 1]>>, %w: memref<32768xf16>, %y: memref<?x32768xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x32768xf16, strided<[?, 1]>>) weight(%w : memref<32768xf16>) outs(%y : memref<?x32768xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_13(%x: memref<?x13xf32, strided<[?, 1]>>, %w: memref<13xf32>, %y: memref<?x13xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x13xf32, strided<[?, 1]>>) weight(%w : memref<13xf32>) outs(%y : memref<?x13xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_1001(%x: memref<?x1001xf32, strided<[?, 1]>>, %w: memref<1001xf32>, %y: memref<?x1001xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x1001xf32, strided<[?, 1]>>) weight(%w : memref<1001xf32>) outs(%y : memref<?x1001xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_4096(%x: memref<?x4096xf32, strided<[?, 1]>>, %w: memref<4096xf32>, %y: memref<?x4096xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xf32, strided<[?, 1]>>) weight(%w : memref<4096xf32>) outs(%y : memref<?x4096xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_5120(%x: memref<?x5120xf32, strided<[?, 1]>>, %w: memref<5120xf32>, %y: memref<?x5120xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x5120xf32, strided<[?, 1]>>) weight(%w : memref<5120xf32>) outs(%y : memref<?x5120xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_32768(%x: memref<?x32768xf32, strided<[?, 1]>>, %w: memref<32768xf32>, %y: memref<?x32768xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x32768xf32, strided<[?, 1]>>) weight(%w : memref<32768xf32>) outs(%y : memref<?x32768xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

// Kernels of the GPU smoke check (tools/gpu/smoke.sh): one per N class and
// element type: a power of two, a multiple of 8 that is not one, odd N, N < 32,
// the longest rows, N = 1; weights of the row type and f32.
func.func @bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16, strided<[?, 1]>>) {epsilon = 1.0e-06 : f32}
  return
}
func.func @f16_5128_f32w(%x: memref<?x5128xf16, strided<[?, 1]>>, %w: memref<5128xf32>, %y: memref<?x5128xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x5128xf16, strided<[?, 1]>>) weight(%w : memref<5128xf32>) outs(%y : memref<?x5128xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_1000(%x: memref<?x1000xf32, strided<[?, 1]>>, %w: memref<1000xf32>, %y: memref<?x1000xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x1000xf32, strided<[?, 1]>>) weight(%w : memref<1000xf32>) outs(%y : memref<?x1000xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_13(%x: memref<?x13xbf16, strided<[?, 1]>>, %w: memref<13xbf16>, %y: memref<?x13xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x13xbf16, strided<[?, 1]>>) weight(%w : memref<13xbf16>) outs(%y : memref<?x13xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f16_4097(%x: memref<?x4097xf16, strided<[?, 1]>>, %w: memref<4097xf16>, %y: memref<?x4097xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x4097xf16, strided<[?, 1]>>) weight(%w : memref<4097xf16>) outs(%y : memref<?x4097xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @bf16_65536(%x: memref<?x65536xbf16, strided<[?, 1]>>, %w: memref<65536xbf16>, %y: memref<?x65536xbf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x65536xbf16, strided<[?, 1]>>) weight(%w : memref<65536xbf16>) outs(%y : memref<?x65536xbf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f32_1(%x: memref<?x1xf32, strided<[?, 1]>>, %w: memref<1xf32>, %y: memref<?x1xf32, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x1xf32, strided<[?, 1]>>) weight(%w : memref<1xf32>) outs(%y : memref<?x1xf32, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}
func.func @f16_128(%x: memref<?x128xf16, strided<[?, 1]>>, %w: memref<128xf16>, %y: memref<?x128xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x128xf16, strided<[?, 1]>>) weight(%w : memref<128xf16>) outs(%y : memref<?x128xf16, strided<[?, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

// A function of the input named like another function's kernel for many
// rows (test/Tools/rmsnorm-emit-many-rows-collision.test).
func.func @f_many_rows(%x: memref<?x4096xf32, strided<[?, 1]>>, %w: memref<4096xf32>, %y: memref<?x4096xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x4096xf32, strided<[?, 1]>>) weight(%w : memref<4096xf32>) outs(%y : memref<?x4096xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @f(%x: memref<?x8192xbf16, strided<[?, 1]>>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16, strided<[?, 1]>>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @G(%x: memref<?x8192xbf16, strided<[?, 1]>>, %w: memref<8192xbf16>, %y: memref<?x8192xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x8192xbf16, strided<[?, 1]>>) weight(%w : memref<8192xbf16>) outs(%y : memref<?x8192xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}
func.func @g_MANY_rows(%x: memref<?x128xf32, strided<[?, 1]>>, %w: memref<128xf32>, %y: memref<?x128xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x128xf32, strided<[?, 1]>>) weight(%w : memref<128xf32>) outs(%y : memref<?x128xf32, strided<[?, 1]>>) epsilon(%eps)
  return
}

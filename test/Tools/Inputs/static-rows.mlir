// M fixed in the source. With M = 1 and one row per block (@one_bf16_4096 as
// the cost model tiles it) the grid loop has one iteration and
// canonicalization folds it: convert-rownorm-to-gpu wraps the thread loops
// back into a grid of one block (before, it failed with "expects one grid
// loop (scf.parallel) per kernel function, found several"). The others have
// several rows per block, whose loop stays (M = 3 at N = 128 too). With row
// strides given at launch (@one_bf16_4096_strided) rownorm-version-rows'
// test of their alignment is left at the top, the thread loops in its
// branches: wrapped too (before, no kernel came out: "expected one kernel
// with a launch contract ..., found 0").
func.func @one_bf16_4096(%x: memref<1x4096xbf16>, %w: memref<4096xbf16>, %y: memref<1x4096xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<1x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<1x4096xbf16>) epsilon(%eps)
  return
}
func.func @one_f32_1025(%x: memref<1x1025xf32>, %w: memref<1025xf32>, %y: memref<1x1025xf32>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<1x1025xf32>) weight(%w : memref<1025xf32>) outs(%y : memref<1x1025xf32>) epsilon(%eps)
  return
}
func.func @one_f16_13(%x: memref<1x13xf16>, %w: memref<13xf16>, %y: memref<1x13xf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<1x13xf16>) weight(%w : memref<13xf16>) outs(%y : memref<1x13xf16>) epsilon(%eps)
  return
}
func.func @three_bf16_128(%x: memref<3x128xbf16>, %w: memref<128xbf16>, %y: memref<3x128xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<3x128xbf16>) weight(%w : memref<128xbf16>) outs(%y : memref<3x128xbf16>) epsilon(%eps)
  return
}
func.func @one_bf16_4096_strided(%x: memref<1x4096xbf16, strided<[?, 1]>>, %w: memref<4096xbf16>, %y: memref<1x4096xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<1x4096xbf16, strided<[?, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<1x4096xbf16, strided<[?, 1]>>) epsilon(%eps)
  return
}

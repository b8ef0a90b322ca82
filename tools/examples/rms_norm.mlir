// The README's example: RMSNorm of bf16 rows of 4096 (a Llama-class hidden
// size) with a bf16 weight and epsilon given at run time, and of f16 rows of
// an awkward length (5120 + 8 = 5128, a multiple of 8 but not of the tile)
// with an f32 weight and a built-in epsilon. M and the row strides are
// runtime values.
func.func @rms_norm_bf16_4096(%x: memref<?x4096xbf16, strided<[?, 1]>>,
                              %w: memref<4096xbf16>,
                              %y: memref<?x4096xbf16, strided<[?, 1]>>,
                              %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[?, 1]>>)
                   weight(%w : memref<4096xbf16>)
                   outs(%y : memref<?x4096xbf16, strided<[?, 1]>>)
                   epsilon(%eps)
  return
}

func.func @rms_norm_f16_5128(%x: memref<?x5128xf16, strided<[?, 1]>>,
                             %w: memref<5128xf32>,
                             %y: memref<?x5128xf16, strided<[?, 1]>>) {
  rownorm.rms_norm ins(%x : memref<?x5128xf16, strided<[?, 1]>>)
                   weight(%w : memref<5128xf32>)
                   outs(%y : memref<?x5128xf16, strided<[?, 1]>>)
                   {epsilon = 1.0e-05 : f32}
  return
}

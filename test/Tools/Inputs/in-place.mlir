// A kernel that writes its input in place (one xy buffer) at a row stride
// given at launch: the harness and every launcher take one stride for x and
// y and y = x.
func.func @in_place_bf16_1001(%xy: memref<?x1001xbf16, strided<[?, 1]>>,
                              %w: memref<1001xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%xy : memref<?x1001xbf16, strided<[?, 1]>>)
                   weight(%w : memref<1001xbf16>)
                   outs(%xy : memref<?x1001xbf16, strided<[?, 1]>>)
                   epsilon(%eps)
  return
}

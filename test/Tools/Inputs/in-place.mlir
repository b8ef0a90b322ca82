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

// Rows of 254 bytes in place: staged by rownorm-stage-rows where it is on
// (the run copied in and out of the one buffer).
func.func @in_place_f16_127(%xy: memref<?x127xf16, strided<[?, 1]>>,
                            %w: memref<127xf16>, %eps: f32) {
  rownorm.rms_norm ins(%xy : memref<?x127xf16, strided<[?, 1]>>)
                   weight(%w : memref<127xf16>)
                   outs(%xy : memref<?x127xf16, strided<[?, 1]>>)
                   epsilon(%eps)
  return
}

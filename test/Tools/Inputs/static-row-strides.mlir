// Rows whose strides the source fixes: x's rows 4096 elements apart (a
// plain memref<?x4096xbf16>), y's 8192 (a strided layout), M at run time.
// The kernel has them compiled in and no stride parameters.
func.func @fixed_strides(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>,
                         %y: memref<?x4096xbf16, strided<[8192, 1]>>,
                         %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x4096xbf16>)
                   weight(%w : memref<4096xbf16>)
                   outs(%y : memref<?x4096xbf16, strided<[8192, 1]>>)
                   epsilon(%eps)
  return
}

// In place, rows 5000 apart.
func.func @fixed_in_place(%xy: memref<?x4096xbf16, strided<[5000, 1]>>,
                          %w: memref<4096xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%xy : memref<?x4096xbf16, strided<[5000, 1]>>)
                   weight(%w : memref<4096xbf16>)
                   outs(%xy : memref<?x4096xbf16, strided<[5000, 1]>>)
                   epsilon(%eps)
  return
}

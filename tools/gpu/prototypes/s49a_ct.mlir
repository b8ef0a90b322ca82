// s49a's `ct` variant: ours' compiler with the schedule overridden to what
// thread_rows.cu's tr1 does (16-bit: one thread a row of 15 vectors and the
// tail, 64 rows a block; f32: two threads a row, 32 rows a block, the most
// static shared memory leaves for staging). rownorm-stage-rows stages all three.
func.func @rms_norm_bf16_127(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 64, threads_per_row = 1, vector_width = 8, vectors_per_thread = 15>}
  return
}
func.func @rms_norm_f16_127(%x: memref<?x127xf16, strided<[?, 1]>>, %w: memref<127xf16>, %y: memref<?x127xf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xf16, strided<[?, 1]>>) weight(%w : memref<127xf16>) outs(%y : memref<?x127xf16, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 64, threads_per_row = 1, vector_width = 8, vectors_per_thread = 15>}
  return
}
func.func @rms_norm_f32_127(%x: memref<?x127xf32, strided<[?, 1]>>, %w: memref<127xf32>, %y: memref<?x127xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xf32, strided<[?, 1]>>) weight(%w : memref<127xf32>) outs(%y : memref<?x127xf32, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 32, threads_per_row = 2, vector_width = 4, vectors_per_thread = 16>}
  return
}

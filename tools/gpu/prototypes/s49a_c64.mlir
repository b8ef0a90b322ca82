// s49a's `c64` variant: ours' default schedules at N = 127 (8 threads a row;
// 16-bit 2 vectors, f32 4) with 64 / 32 rows a block instead of 16, so that a
// block's staged run is 16 KB, as thread_rows.cu's: the run's size apart
// from the layout (s21e's 4 x 4 lost with twice the run and fewer warps).
func.func @rms_norm_bf16_127(%x: memref<?x127xbf16, strided<[?, 1]>>, %w: memref<127xbf16>, %y: memref<?x127xbf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xbf16, strided<[?, 1]>>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 64, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>}
  return
}
func.func @rms_norm_f16_127(%x: memref<?x127xf16, strided<[?, 1]>>, %w: memref<127xf16>, %y: memref<?x127xf16, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xf16, strided<[?, 1]>>) weight(%w : memref<127xf16>) outs(%y : memref<?x127xf16, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 64, threads_per_row = 8, vector_width = 8, vectors_per_thread = 2>}
  return
}
func.func @rms_norm_f32_127(%x: memref<?x127xf32, strided<[?, 1]>>, %w: memref<127xf32>, %y: memref<?x127xf32, strided<[?, 1]>>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<?x127xf32, strided<[?, 1]>>) weight(%w : memref<127xf32>) outs(%y : memref<?x127xf32, strided<[?, 1]>>) epsilon(%eps) {schedule = #rownorm.schedule<rows_per_block = 32, threads_per_row = 8, vector_width = 4, vectors_per_thread = 4>}
  return
}

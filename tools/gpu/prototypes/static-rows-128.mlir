// Experiment 2026-12-01s8g: the N = 128 kernels with every shape fixed at
// compile time (32768 rows, contiguous: no version branch, no row bounds),
// as torch.compile's are. Emitted with
//   rmsnorm-emit tools/gpu/prototypes/static-rows-128.mlir --target=nvptx -o out/static128
// and timed as a benchmark variant at 32768 x 128 only (the manifests carry
// static_rows 32768).
func.func @rms_norm_bf16_128(%x: memref<32768x128xbf16>, %w: memref<128xbf16>, %y: memref<32768x128xbf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<32768x128xbf16>) weight(%w : memref<128xbf16>) outs(%y : memref<32768x128xbf16>) epsilon(%eps)
  return
}
func.func @rms_norm_f16_128(%x: memref<32768x128xf16>, %w: memref<128xf16>, %y: memref<32768x128xf16>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<32768x128xf16>) weight(%w : memref<128xf16>) outs(%y : memref<32768x128xf16>) epsilon(%eps)
  return
}
func.func @rms_norm_f32_128(%x: memref<32768x128xf32>, %w: memref<128xf32>, %y: memref<32768x128xf32>, %eps: f32) {
  rownorm.rms_norm ins(%x : memref<32768x128xf32>) weight(%w : memref<128xf32>) outs(%y : memref<32768x128xf32>) epsilon(%eps)
  return
}

// Prototype: several rows per thread for short rows (the layout torch.compile's
// persistent reduction uses at N = 128), same ABI as the emitted kernels:
// (x, w, y, epsilon, rows, x_row_stride, y_row_stride), block [TPR, S]. A
// block handles S * R rows: thread (t, s) handles rows base + r * S + s for
// r < R, V 16-byte vectors of each at columns (v * TPR + t) * W. It loads w
// once for all its rows, then every row's vectors, then reduces each row
// across its TPR threads (shuffles only: TPR <= 32) and scales and stores.
// Only contiguous 16-byte-aligned rows are handled (what the benchmark
// times); other strides are refused by a trap, so a wrong launch cannot pass.
// Timed as a --variant of tools/gpu/benchmark.py (rows_per_thread_manifests.py
// writes the manifests; rows_per_block = S * R needs the runtime's check
// "rows_per_block equals block[1]" relaxed to a multiple, for the run only).
#include "prototype_kernels.cuh"

template <typename T, int N, int TPR, int V, int R, int S>
__device__ __forceinline__ void rowsPerThread(const T *__restrict__ x, const T *__restrict__ w,
                                              T *__restrict__ y, float eps, long long rows,
                                              long long xs, long long ys) {
  constexpr int W = 16 / sizeof(T);
  static_assert(TPR * V * W == N, "the vectors cover the row exactly");
  static_assert(TPR <= 32 && (TPR & (TPR - 1)) == 0, "a row within one warp");
  if (xs != N || ys != N)
    __trap();
  const int t = threadIdx.x, s = threadIdx.y;
  const long long base = static_cast<long long>(blockIdx.x) * (S * R);
  uint4 wv[V], xv[R][V];
#pragma unroll
  for (int v = 0; v < V; ++v)
    wv[v] = *reinterpret_cast<const uint4 *>(w + (v * TPR + t) * W);
#pragma unroll
  for (int r = 0; r < R; ++r) {
    long long row = base + r * S + s;
    row = row < rows ? row : 0;
#pragma unroll
    for (int v = 0; v < V; ++v)
      xv[r][v] = *reinterpret_cast<const uint4 *>(x + row * N + (v * TPR + t) * W);
  }
  float scale[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    float acc = 0.f;
#pragma unroll
    for (int v = 0; v < V; ++v) {
      const T *e = reinterpret_cast<const T *>(&xv[r][v]);
#pragma unroll
      for (int i = 0; i < W; ++i) { float f = toF(e[i]); acc += f * f; }
    }
#pragma unroll
    for (int m = TPR / 2; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m, TPR);
    scale[r] = rsqrtf(acc / N + eps);
  }
#pragma unroll
  for (int r = 0; r < R; ++r) {
    long long row = base + r * S + s;
    if (row >= rows)
      continue;
#pragma unroll
    for (int v = 0; v < V; ++v) {
      const T *e = reinterpret_cast<const T *>(&xv[r][v]);
      const T *g = reinterpret_cast<const T *>(&wv[v]);
      uint4 out;
      T *o = reinterpret_cast<T *>(&out);
#pragma unroll
      for (int i = 0; i < W; ++i) o[i] = fromF<T>(toF(e[i]) * scale[r] * toF(g[i]));
      *reinterpret_cast<uint4 *>(y + row * N + (v * TPR + t) * W) = out;
    }
  }
}

#define RPT_KERNEL(NAME, T, N, TPR, V, R, S)                                           \
  extern "C" __global__ void __launch_bounds__(TPR * S)                                \
      NAME(const T *x, const T *w, T *y, float eps, long long rows, long long xs,      \
           long long ys) {                                                             \
    rowsPerThread<T, N, TPR, V, R, S>(x, w, y, eps, rows, xs, ys);                     \
  }

// RPT_SET picks the layouts (compiled once per set, -DRPT_SET=1, 2 or 3);
// rows_per_thread_manifests.py holds the same table.
#if RPT_SET == 1 // one vector of each of four rows (torch.compile's at 128)
RPT_KERNEL(rms_norm_bf16_128, __nv_bfloat16, 128, 16, 1, 4, 8)
RPT_KERNEL(rms_norm_f16_128, __half, 128, 16, 1, 4, 8)
RPT_KERNEL(rms_norm_f32_128, float, 128, 32, 1, 4, 4)
RPT_KERNEL(rms_norm_bf16_512, __nv_bfloat16, 512, 32, 2, 2, 4)
RPT_KERNEL(rms_norm_f16_512, __half, 512, 32, 2, 2, 4)
RPT_KERNEL(rms_norm_f32_512, float, 512, 32, 4, 2, 4)
#elif RPT_SET == 3 // torch.compile's pick at 128 (zy): 64 threads, 32 rows a block
RPT_KERNEL(rms_norm_bf16_128, __nv_bfloat16, 128, 16, 1, 8, 4)
RPT_KERNEL(rms_norm_f16_128, __half, 128, 16, 1, 8, 4)
RPT_KERNEL(rms_norm_f32_128, float, 128, 32, 1, 16, 2)
#else // ours (threads and vectors per row) with two rows per thread
RPT_KERNEL(rms_norm_bf16_128, __nv_bfloat16, 128, 8, 2, 2, 16)
RPT_KERNEL(rms_norm_f16_128, __half, 128, 8, 2, 2, 16)
RPT_KERNEL(rms_norm_f32_128, float, 128, 16, 2, 2, 8)
RPT_KERNEL(rms_norm_bf16_512, __nv_bfloat16, 512, 32, 2, 4, 4)
RPT_KERNEL(rms_norm_f16_512, __half, 512, 32, 2, 4, 4)
RPT_KERNEL(rms_norm_f32_512, float, 512, 32, 4, 4, 2)
#endif

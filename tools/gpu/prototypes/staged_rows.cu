// Feasibility prototype (not part of the compiler): rows of unknown
// alignment (N odd: one row in 16 / sizeof(T) starts on 16 bytes), staged
// through shared memory. A block's rows are one contiguous run when both
// strides equal N, so the block copies that run
// in with 16-byte loads, each row is reduced and scaled from shared memory
// (w still read with aligned 16-byte loads: a row's column c sits at w[c]),
// y goes back to shared memory and out with 16-byte stores. Same ABI and
// launch contract as the emitted kernel (block [TPR, R], grid ceil(rows/R)),
// so tools/gpu/benchmark.py can time it as a --variant next to ours.
// Build: nvcc -arch=sm_90 -O3 -cubin staged_rows.cu
#include "prototype_kernels.cuh"

template <typename T, int N, int TPR, int R>
__device__ __forceinline__ void staged(const T *__restrict__ x, const T *__restrict__ w,
                                       T *__restrict__ y, float eps, long long rows,
                                       long long xs, long long ys) {
  constexpr int VW = 16 / sizeof(T);
  constexpr int NV = (N + VW - 1) / VW;          // vectors per row (last partial)
  constexpr int K = (NV + TPR - 1) / TPR;        // vectors per thread
  constexpr int THREADS = TPR * R;
  static_assert((R * N * sizeof(T)) % 16 == 0, "block run must stay 16-byte aligned");
  __shared__ __align__(16) T buf[R * N];
  const int t = threadIdx.x, r = threadIdx.y, tid = r * TPR + t;
  const long long row0 = (long long)blockIdx.x * R;
  const int nrows = (int)min((long long)R, rows - row0);
  // w first: aligned columns, independent of the row.
  // Held in its own type (half the registers of f32 for 16-bit).
  uint4 wq[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    int c0 = (t + k * TPR) * VW;
    if (c0 + VW <= N) {
      wq[k] = *reinterpret_cast<const uint4 *>(w + c0);
    } else {
      T *e = reinterpret_cast<T *>(&wq[k]);
#pragma unroll
      for (int j = 0; j < VW; ++j) e[j] = c0 + j < N ? w[c0 + j] : fromF<T>(0.f);
    }
  }
  if (xs == N && ys == N) {
    const int nel = nrows * N;
    const int nvec = nel / VW;
    const uint4 *src = reinterpret_cast<const uint4 *>(x + row0 * N);
    uint4 *sb = reinterpret_cast<uint4 *>(buf);
    for (int v = tid; v < nvec; v += THREADS) sb[v] = src[v];
    for (int e = nvec * VW + tid; e < nel; e += THREADS) buf[e] = x[row0 * N + e];
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < K; ++k)
#pragma unroll
      for (int j = 0; j < VW; ++j) {
        int c = (t + k * TPR) * VW + j;
        float v = (c < N && r < nrows) ? toF(buf[r * N + c]) : 0.f;
        acc += v * v;
      }
#pragma unroll
    for (int m = TPR / 2; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m, TPR);
    float s = rsqrtf(acc / N + eps);
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const T *we = reinterpret_cast<const T *>(&wq[k]);
#pragma unroll
      for (int j = 0; j < VW; ++j) {
        // x read again from shared memory: cheaper than holding it.
        int c = (t + k * TPR) * VW + j;
        if (c < N && r < nrows)
          buf[r * N + c] = fromF<T>(toF(buf[r * N + c]) * s * toF(we[j]));
      }
    }
    __syncthreads();
    uint4 *dst = reinterpret_cast<uint4 *>(y + row0 * N);
    for (int v = tid; v < nvec; v += THREADS) dst[v] = sb[v];
    for (int e = nvec * VW + tid; e < nel; e += THREADS) y[row0 * N + e] = buf[e];
    return;
  }
  // Any other stride: element by element (the prototype only times stride N).
  perRowLoop<T, N, TPR>(x, w, y, eps, row0, nrows, xs, ys);
}

PROTOTYPE_KERNELS(staged)

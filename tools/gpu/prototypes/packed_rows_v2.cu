// Feasibility prototype (not part of the compiler), second form of
// packed_rows.cu, written after Nsight showed that one to run 1.3-1.9x our
// instructions (record 2026-12-01zl): the same packed run (a block's rows,
// both strides N, read and written as whole 16-byte vectors), but with the
// index arithmetic per thread instead of per vector and no shared copies of
// w. A thread's vectors are tid + j * THREADS: its first column and row come
// from one division by the constant N, each next one from adding the
// constant THREADS * VW modulo N. The weight of a vector's columns is
// realigned in registers from the two aligned 16-byte chunks of w around
// them (a funnel shift by the column's phase: selects of 32-bit words, then
// one byte permute for 16-bit types); a vector that crosses into the next
// row takes that row's first columns the same way. Each vector's squares go
// to its row (or two rows) with shared-memory float atomics (the order of
// the additions, and so the last bit, may differ from run to run), two
// barriers, then x * rsqrt(mean + eps) * w from registers.
// Same ABI, blocks and manifests as staged_rows.cu / packed_rows.cu
// (staged_rows_manifests.py ... packed_rows_v2). Other strides and a last
// partial block take the plain per-row loop.
// Measured far slower than ours (record 2026-12-01zm: N = 127 -35 to -58%,
// 1025 -80 to -89%; bf16 127 executes 1.7x our warp instructions, 1025
// 3.9x). Index and realignment logic checked on the host (a host compiler;
// the kernel itself is left out there):
//   g++ -O2 -x c++ -I/usr/local/cuda/include -include cuda_runtime.h \
//       -o /tmp/check tools/gpu/prototypes/packed_rows_v2_check.cu && /tmp/check
// Build: nvcc -arch=sm_90 -O3 -cubin packed_rows_v2.cu
#include "prototype_kernels.cuh"

namespace v2 {
/// Elements per 16-byte vector and per 32-bit word.
template <typename T> struct Layout {
  static constexpr int VW = 16 / sizeof(T);          // elements per vector
  static constexpr int EPW = 4 / sizeof(T);          // elements per 32-bit word
};

#ifdef __CUDA_ARCH__
__device__ __forceinline__ uint32_t permute(uint32_t lo, uint32_t hi) {
  return __byte_perm(lo, hi, 0x5432);                // lo's upper half, hi's lower
}
#else
inline uint32_t permute(uint32_t lo, uint32_t hi) { return (lo >> 16) | (hi << 16); }
#endif

/// Elements k .. k + VW - 1 of the 2 * VW elements in (lo, hi), 0 <= k < VW.
template <typename T>
__host__ __device__ __forceinline__ uint4 realign(uint4 lo, uint4 hi, int k) {
  constexpr int EPW = Layout<T>::EPW;
  uint32_t w[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
  int words = k / EPW;
#pragma unroll
  for (int i = 0; i < 6; ++i) w[i] = (words & 2) ? w[i + 2] : w[i];
#pragma unroll
  for (int i = 0; i < 5; ++i) w[i] = (words & 1) ? w[i + 1] : w[i];
  if (EPW == 2 && (k & 1)) {
#pragma unroll
    for (int i = 0; i < 4; ++i) w[i] = permute(w[i], w[i + 1]);
  }
  return make_uint4(w[0], w[1], w[2], w[3]);
}

/// Where a thread's vector lies in its block's run: row, first column, and
/// how many of its elements are in that row (VW or more: all of them).
struct Place {
  int row, column, inRow;
};

/// The place of vector `v` of a block.
template <typename T, int N>
__host__ __device__ __forceinline__ Place place(int v) {
  constexpr int VW = Layout<T>::VW;
  int row = v * VW / N;
  int column = v * VW - row * N;
  return {row, column, N - column};
}

/// The place `step` vectors further on, from `p` (no division).
template <typename T, int N, int STEP>
__host__ __device__ __forceinline__ Place advance(Place p) {
  constexpr int VW = Layout<T>::VW;
  constexpr int ROWS = STEP * VW / N, COLUMNS = STEP * VW % N;
  int column = p.column + COLUMNS, row = p.row + ROWS;
  if (column >= N) { column -= N; ++row; }
  return {row, column, N - column};
}

/// The weight of columns c .. c + VW - 1 (those past N are whatever w's last
/// chunk holds): the two aligned chunks around them, never one past w's end.
template <typename T, int N>
__host__ __device__ __forceinline__ uint4 weightAt(const T *w, int c) {
  constexpr int VW = Layout<T>::VW;
  constexpr int LAST = (N - 1) / VW * VW;           // w's last chunk
  int base = c / VW * VW;
  const uint4 *chunks = reinterpret_cast<const uint4 *>(w);
  uint4 lo = chunks[base / VW];
  uint4 hi = chunks[(base + VW < LAST ? base + VW : LAST) / VW];
  return realign<T>(lo, hi, c - base);
}

/// A vector of the next row's first columns placed from element `inRow` on
/// (elements before it are zero): w[j - inRow] at j.
template <typename T>
__host__ __device__ __forceinline__ uint4 weightFromStart(const T *w, int inRow) {
  constexpr int VW = Layout<T>::VW;
  uint4 zero = make_uint4(0, 0, 0, 0);
  uint4 first = reinterpret_cast<const uint4 *>(w)[0];
  return realign<T>(zero, first, VW - inRow);
}
} // namespace v2

#ifndef PACKED_ROWS_V2_HOST_CHECK
template <typename T, int N, int TPR, int R>
__device__ __forceinline__ void packedV2(const T *__restrict__ x, const T *__restrict__ w,
                                         T *__restrict__ y, float eps, long long rows,
                                         long long xs, long long ys) {
  using namespace v2;
  constexpr int VW = Layout<T>::VW;
  constexpr int THREADS = TPR * R;
  constexpr int NVEC = R * N / VW;
  constexpr int K = (NVEC + THREADS - 1) / THREADS;
  static_assert((R * N * sizeof(T)) % 16 == 0, "a block's run must stay 16-byte aligned");
  static_assert(N >= VW, "a vector spans at most two rows");
  __shared__ float sums[R];
  const int tid = threadIdx.y * TPR + threadIdx.x;
  const long long row0 = (long long)blockIdx.x * R;
  const long long nrows = min((long long)R, rows - row0);
  if (xs != N || ys != N || nrows < R) {
    perRowLoop<T, N, TPR>(x, w, y, eps, row0, nrows, xs, ys);
    return;
  }
  const uint4 *src = reinterpret_cast<const uint4 *>(x + row0 * N);
  uint4 *dst = reinterpret_cast<uint4 *>(y + row0 * N);
  uint4 xv[K], wv[K];
  Place at[K];
  Place p = place<T, N>(tid);
#pragma unroll
  for (int k = 0; k < K; ++k) {
    at[k] = p;
    if (tid + k * THREADS < NVEC) {
      xv[k] = src[tid + k * THREADS];
      wv[k] = weightAt<T, N>(w, p.column);
    }
    p = advance<T, N, THREADS>(p);
  }
  if (tid < R) sums[tid] = 0.f;
  __syncthreads();
#pragma unroll
  for (int k = 0; k < K; ++k) {
    if (tid + k * THREADS >= NVEC) break;
    const T *e = reinterpret_cast<const T *>(&xv[k]);
    float a = 0.f, b = 0.f;
#pragma unroll
    for (int j = 0; j < VW; ++j) {
      float f = toF(e[j]);
      if (j < at[k].inRow) a += f * f; else b += f * f;
    }
    atomicAdd(&sums[at[k].row], a);
    if (at[k].inRow < VW) atomicAdd(&sums[at[k].row + 1], b);
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < K; ++k) {
    if (tid + k * THREADS >= NVEC) break;
    const T *e = reinterpret_cast<const T *>(&xv[k]);
    const T *wa = reinterpret_cast<const T *>(&wv[k]);
    float sa = rsqrtf(sums[at[k].row] * (1.f / N) + eps);
    uint4 out;
    T *o = reinterpret_cast<T *>(&out);
    if (at[k].inRow >= VW) {
#pragma unroll
      for (int j = 0; j < VW; ++j) o[j] = fromF<T>(toF(e[j]) * sa * toF(wa[j]));
    } else {
      // Rare (one vector in N / VW): the next row's weight read here, not
      // held through the reduction.
      uint4 wn = weightFromStart<T>(w, at[k].inRow);
      const T *wb = reinterpret_cast<const T *>(&wn);
      float sb = rsqrtf(sums[at[k].row + 1] * (1.f / N) + eps);
#pragma unroll
      for (int j = 0; j < VW; ++j)
        o[j] = fromF<T>(j < at[k].inRow ? toF(e[j]) * sa * toF(wa[j])
                                        : toF(e[j]) * sb * toF(wb[j]));
    }
    dst[tid + k * THREADS] = out;
  }
}

PROTOTYPE_KERNELS(packedV2)
#endif

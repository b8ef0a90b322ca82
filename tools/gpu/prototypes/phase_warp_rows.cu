// Feasibility prototype (not part of the compiler), twenty-sixth session,
// not yet run: rows of unknown alignment past the staged limit (N = 1025)
// with w realigned once per thread instead of once per row. Ours' unaligned
// copy realigns w to each row's phase with selects and shifts, row after
// row: at 16-bit 1025 the ALU pipe runs twice as busy as at 1024 (s19b) and
// the rows reach 92% of the copy against ~96-97% for the adjacency rule.
// With both strides N, row r starts at byte r * N * size, so rows r and
// r + P (P = 16 / gcd(row bytes, 16): 8 for 16-bit, 4 for f32 at odd N)
// share a phase. Here a block's warp q takes rows q, q + P, q + 2P, ... of
// the block (J of them), all of one phase: each lane realigns w for its
// columns once (two aligned 16-byte loads and a funnel shift a vector) and
// keeps it in registers for its J rows; a row's head and tail (< 16 bytes
// each) go one element a lane. A row is one warp's: the reduction is five
// shuffles, no barrier. The next row's x is loaded before the current one
// is reduced.
// Earlier forms that moved w's realignment lost: w in 4-byte units (s20b),
// one phase per block with w realigned in shared memory (s21b, -8 to -15%),
// a row per warp staged by bulk copies (s24a). This one keeps w in
// registers and x's loads as ours issues them.
// Same ABI and launch contract as the emitted kernel (block [32 / J, P *
// J], grid ceil(rows / (P * J)), launch_overlap), so tools/gpu/benchmark.py
// times it as a --variant. Other strides, unaligned bases and a last
// partial block take rowPerWarp (prototype_kernels.cuh; not timed).
// Build: nvcc -arch=sm_90 -O3 -cubin -DROWS_PER_WARP=J phase_warp_rows.cu
// Manifests: phase_warp_manifests.py out/bench DIR J.
#include "prototype_kernels.cuh"

#ifndef ROWS_PER_WARP
#define ROWS_PER_WARP 4
#endif
#ifndef PREFETCH // 1: the next row's x loaded before this row is reduced
#define PREFETCH 1
#endif

__host__ __device__ constexpr int gcdOf(int a, int b) { return b == 0 ? a : gcdOf(b, a % b); }

/// The VW elements starting `shift` elements into the pair (lo, hi).
template <typename T>
__device__ __forceinline__ uint4 shiftPair(uint4 lo, uint4 hi, int shift) {
  const uint32_t a[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
  const int bytes = shift * (int)sizeof(T), word = bytes / 4, sh = (bytes % 4) * 8;
  uint32_t r[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    // Words word + i and word + i + 1 of the pair (word < 4 here).
    uint32_t w0 = a[i], w1 = a[i + 1];
#pragma unroll
    for (int k = 1; k < 4; ++k)
      if (word == k) w0 = a[i + k], w1 = a[i + k + 1];
    r[i] = __funnelshift_r(w0, w1, sh);
  }
  return make_uint4(r[0], r[1], r[2], r[3]);
}

template <typename T, int N, int J>
__device__ __forceinline__ void phaseWarpRows(const T *__restrict__ x, const T *__restrict__ w,
                                              T *__restrict__ y, float eps, long long rows,
                                              long long xs, long long ys) {
  constexpr int SIZE = sizeof(T);
  constexpr int VW = 16 / SIZE;                    // elements a vector
  constexpr int P = 16 / gcdOf(N * SIZE, 16);      // phases; warps a block
  constexpr int R = P * J;                         // rows a block
  constexpr int K = (N / VW + 31) / 32;            // body vectors a lane, at most
  static_assert(N >= 2 * VW, "a row must hold a head, a vector and a tail");
  static_assert(32 % J == 0, "the declared block is [32 / J, P * J]");
  long long row0;
  int nrows;
  const bool fast = enterBlock<N>(R, rows, xs, ys,
                                  reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y) |
                                      reinterpret_cast<uintptr_t>(w),
                                  row0, nrows);
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int lane = tid % 32, q = tid / 32;
  if (!fast) {
    rowPerWarp<T, N>(x, w, y, eps, row0, nrows, J, xs, ys);
    return;
  }
  // Rows q, q + P, ...: one phase. head = elements before the first
  // 16-byte boundary, nb whole vectors, tail the rest.
  const long long first = row0 + q;
  const int phase = (int)((first * N) % VW);
  const int head = (VW - phase) % VW;
  const int nb = (N - head) / VW;
  const int tail = N - head - nb * VW;
  // w at this phase, once: body vector k holds columns head + VW k ...
  const uint4 *wv = reinterpret_cast<const uint4 *>(w);
  uint4 wq[K];
#pragma unroll
  for (int i = 0; i < K; ++i) {
    const int k = lane + 32 * i;
    if (k < nb) {
      const int c = head + VW * k; // first column; aligned vectors c / VW, + 1
      if (c % VW == 0) {
        wq[i] = __ldg(wv + c / VW);
      } else if ((c / VW + 2) * VW <= N) {
        wq[i] = shiftPair<T>(__ldg(wv + c / VW), __ldg(wv + c / VW + 1), c % VW);
      } else { // the second aligned vector would reach past w: by element
        T *we = reinterpret_cast<T *>(&wq[i]);
#pragma unroll
        for (int v = 0; v < VW; ++v) we[v] = w[c + v];
      }
    }
  }
  // A lane's head and tail element (lanes < head, lanes < tail).
  const float wHead = lane < head ? toF(w[lane]) : 0.f;
  const float wTail = lane < tail ? toF(w[N - tail + lane]) : 0.f;
  uint4 xq[K];
  T xh = fromF<T>(0.f), xt = fromF<T>(0.f);
  auto load = [&](int j) {
    const T *xr = x + (first + (long long)P * j) * N;
    const uint4 *body = reinterpret_cast<const uint4 *>(xr + head);
#pragma unroll
    for (int i = 0; i < K; ++i)
      if (lane + 32 * i < nb) xq[i] = __ldcs(body + lane + 32 * i);
    if (lane < head) xh = xr[lane];
    if (lane < tail) xt = xr[N - tail + lane];
  };
  if (PREFETCH)
    load(0);
#pragma unroll 1
  for (int j = 0; j < J; ++j) {
    if (!PREFETCH)
      load(j);
    uint4 cur[K];
#pragma unroll
    for (int i = 0; i < K; ++i) cur[i] = xq[i];
    const T ch = xh, ct = xt;
    if (PREFETCH && j + 1 < J) load(j + 1); // in flight while this row is reduced
    float acc = 0.f;
#pragma unroll
    for (int i = 0; i < K; ++i)
      if (lane + 32 * i < nb) {
        const T *e = reinterpret_cast<const T *>(&cur[i]);
#pragma unroll
        for (int v = 0; v < VW; ++v) { const float f = toF(e[v]); acc = fmaf(f, f, acc); }
      }
    if (lane < head) { const float f = toF(ch); acc = fmaf(f, f, acc); }
    if (lane < tail) { const float f = toF(ct); acc = fmaf(f, f, acc); }
#pragma unroll
    for (int m = 16; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m);
    const float s = rsqrtf(acc * (1.f / N) + eps);
    T *yr = y + (first + (long long)P * j) * N;
    uint4 *body = reinterpret_cast<uint4 *>(yr + head);
#pragma unroll
    for (int i = 0; i < K; ++i)
      if (lane + 32 * i < nb) {
        const T *e = reinterpret_cast<const T *>(&cur[i]);
        const T *we = reinterpret_cast<const T *>(&wq[i]);
        uint4 out;
        T *o = reinterpret_cast<T *>(&out);
#pragma unroll
        for (int v = 0; v < VW; ++v) o[v] = fromF<T>(toF(e[v]) * s * toF(we[v]));
        __stcs(body + lane + 32 * i, out);
      }
    if (lane < head) yr[lane] = fromF<T>(toF(ch) * s * wHead);
    if (lane < tail) yr[N - tail + lane] = fromF<T>(toF(ct) * s * wTail);
  }
}

#define PW_KERNEL(NAME, T, N)                                                                  \
  extern "C" __global__ void __launch_bounds__(32 * 16 / gcdOf(N * sizeof(T), 16),             \
                                              PROTOTYPE_MIN_BLOCKS)                          \
      NAME(const T *x, const T *w, T *y, float eps, long long rows, long long xs,              \
           long long ys) {                                                                     \
    phaseWarpRows<T, N, ROWS_PER_WARP>(x, w, y, eps, rows, xs, ys);                            \
  }
PW_KERNEL(rms_norm_bf16_1025, __nv_bfloat16, 1025)
PW_KERNEL(rms_norm_f16_1025, __half, 1025)
PW_KERNEL(rms_norm_f32_1025, float, 1025)

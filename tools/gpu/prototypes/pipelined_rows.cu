// Feasibility prototype (not part of the compiler), fourteenth session:
// long aligned rows (16-bit 7168 / 8192 / 11008 / 16384) where the emitted
// kernels trail torch.compile by 1-2% on the event column. Hypothesis: a
// block of one row waits, between its loads and its stores, for the
// reduction's barrier, and a new block's loads start only when an old block
// exits; a block that runs R rows one after the other and issues the next
// row's loads before the current row's reduction keeps loads in flight
// through both. Each block: THREADS = TPR * R threads working as one group
// on rows row0 .. row0 + R - 1 in turn (the block shape [TPR, R] only
// satisfies the launch contract: grid ceil(rows / R)); w is loaded once per
// block, before x. PREFETCH = false is the same loop without the early
// loads (the control that separates the two effects).
// Kernels wait for the previous grid at their start (launch_overlap, as the
// emitted sm_90 kernels). Strides that break 16-byte alignment take a scalar
// loop (not timed).
// Build: nvcc -arch=sm_90 -O3 -cubin pipelined_rows.cu -o pipelined_rows.cubin
// Manifests: pipelined_rows_manifests.py.
#include "prototype_kernels.cuh"

template <typename T> struct Vec {
  static constexpr int W = 16 / sizeof(T);
  __device__ __forceinline__ static void unpack(uint4 v, float (&f)[W]) {
    const T *e = reinterpret_cast<const T *>(&v);
#pragma unroll
    for (int i = 0; i < W; ++i) f[i] = toF(e[i]);
  }
};

// A raw vector through an asm the compiler cannot see through: w once per
// row, x for the scaling; without it ptxas keeps them widened (twice the
// registers in bf16, then spills).
__device__ __forceinline__ uint4 opaque(uint4 v) {
  asm volatile("" : "+r"(v.x), "+r"(v.y), "+r"(v.z), "+r"(v.w));
  return v;
}

// x's vector read again (the second round); an asm so that it is not
// merged with the first read.
__device__ __forceinline__ uint4 reread(const uint4 *p) {
  uint4 v;
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}

// HOLD: x kept in registers for the scaling (else read again after the
// reduction); WFIRST: w loaded before x (else after the reduction).
template <typename T, int N, int TPR, int R, bool PREFETCH, bool HOLD = true,
          bool WFIRST = true>
__device__ __forceinline__ void pipelined(const T *__restrict__ x, const T *__restrict__ w,
                                          T *__restrict__ y, float eps, long long rows,
                                          long long xs, long long ys) {
  constexpr int VW = Vec<T>::W;
  constexpr int THREADS = TPR * R;
  constexpr int WARPS = THREADS / 32;
  constexpr int NVEC = N / VW;
  constexpr int V = (NVEC + THREADS - 1) / THREADS;
  static_assert(N % VW == 0 && THREADS % 32 == 0, "whole vectors, whole warps");
  __shared__ float part[2][WARPS];
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  const int tid = threadIdx.y * TPR + threadIdx.x;
  const int lane = tid & 31, warp = tid >> 5;
  const long long row0 = (long long)blockIdx.x * R;
  const int nrows = (int)min((long long)R, rows - row0);
  if (((xs * (long long)sizeof(T)) | (ys * (long long)sizeof(T))) % 16 != 0) {
    for (int r = 0; r < nrows; ++r) {
      const T *xr = x + (row0 + r) * xs;
      T *yr = y + (row0 + r) * ys;
      float acc = 0.f;
      for (int c = tid; c < N; c += THREADS) { float v = toF(xr[c]); acc += v * v; }
      for (int m = 16; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m);
      if (lane == 0) part[r & 1][warp] = acc;
      __syncthreads();
      float total = 0.f;
      for (int i = 0; i < WARPS; ++i) total += part[r & 1][i];
      float s = rsqrtf(total / N + eps);
      for (int c = tid; c < N; c += THREADS) yr[c] = fromF<T>(toF(xr[c]) * s * toF(w[c]));
    }
    return;
  }
  const uint4 *wv4 = reinterpret_cast<const uint4 *>(w);
  uint4 wv[V], xa[V], xb[V];
  auto loadW = [&]() {
#pragma unroll
    for (int k = 0; k < V; ++k) {
      int v = tid + k * THREADS;
      if (v < NVEC) wv[k] = __ldg(wv4 + v);
    }
  };
  if (WFIRST) loadW();
  auto load = [&](uint4 (&dst)[V], int r) {
    const uint4 *src = reinterpret_cast<const uint4 *>(x + (row0 + r) * xs);
#pragma unroll
    for (int k = 0; k < V; ++k) {
      int v = tid + k * THREADS;
      if (v < NVEC) dst[k] = src[v];
    }
  };
  auto finish = [&](const uint4 (&cur)[V], int r) {
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < V; ++k) {
      if (tid + k * THREADS < NVEC) {
        float f[VW];
        Vec<T>::unpack(cur[k], f);
#pragma unroll
        for (int i = 0; i < VW; ++i) acc += f[i] * f[i];
      }
    }
#pragma unroll
    for (int m = 16; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m);
    if (lane == 0) part[r & 1][warp] = acc;
    __syncthreads();
    float total = 0.f;
#pragma unroll
    for (int i = 0; i < WARPS; ++i) total += part[r & 1][i];
    const float s = rsqrtf(total / N + eps);
    if (!WFIRST) loadW();
    const uint4 *src = reinterpret_cast<const uint4 *>(x + (row0 + r) * xs);
    uint4 *dst = reinterpret_cast<uint4 *>(y + (row0 + r) * ys);
#pragma unroll
    for (int k = 0; k < V; ++k) {
      int v = tid + k * THREADS;
      if (v < NVEC) {
        float f[VW], g[VW];
        Vec<T>::unpack(HOLD ? opaque(cur[k]) : reread(src + v), f);
        Vec<T>::unpack(opaque(wv[k]), g);
        uint4 out;
        T *o = reinterpret_cast<T *>(&out);
#pragma unroll
        for (int i = 0; i < VW; ++i) o[i] = fromF<T>(f[i] * s * g[i]);
        dst[v] = out;
      }
    }
  };
  if (nrows > 0) load(xa, 0);
  // Unrolled by hand in pairs so that xa / xb swap roles without copies.
#pragma unroll
  for (int r = 0; r < R; r += 2) {
    if (r < nrows) {
      if (PREFETCH && r + 1 < nrows) load(xb, r + 1);
      finish(xa, r);
      if (!PREFETCH && r + 1 < nrows) load(xb, r + 1);
    }
    if (r + 1 < nrows) {
      if (PREFETCH && r + 2 < nrows) load(xa, r + 2);
      finish(xb, r + 1);
      if (!PREFETCH && r + 2 < nrows) load(xa, r + 2);
    }
  }
}

// At least 1024 threads per processor (the emitted kernels for many rows of
// these widths hold 1024: two blocks of 512): without the bound ptxas keeps
// w widened in 32 registers and bf16 kernels take 92-98 registers.
#define MIN_BLOCKS(THREADS) (1024 / (THREADS))
#define PIPE(NAME, T, N, TPR, R, P, ...)                                               \
  extern "C" __global__ void __launch_bounds__(TPR * R, MIN_BLOCKS(TPR * R))         \
      NAME(const T *x, const T *w, T *y, float eps, long long rows, long long xs,      \
           long long ys) {                                                             \
    pipelined<T, N, TPR, R, P, ##__VA_ARGS__>(x, w, y, eps, rows, xs, ys);             \
  }
// pipe_<dtype>_<N>_t<threads>_r<rows>_<p|n>: p prefetches the next row.
// The list is pipelined_rows_manifests.py's VARIANTS.
#define PIPE_DTYPES(D, T)                                                              \
  PIPE(pipe_##D##_7168_t224_r4_p, T, 7168, 56, 4, true)                                \
  PIPE(pipe_##D##_7168_t224_r4_n, T, 7168, 56, 4, false)                               \
  PIPE(pipe_##D##_7168_t224_r1_p, T, 7168, 224, 1, true)                               \
  PIPE(pipe_##D##_8192_t256_r4_p, T, 8192, 64, 4, true)                                \
  PIPE(pipe_##D##_8192_t256_r4_n, T, 8192, 64, 4, false)                               \
  PIPE(pipe_##D##_8192_t256_r1_p, T, 8192, 256, 1, true)                               \
  PIPE(pipe_##D##_11008_t352_r4_p, T, 11008, 88, 4, true)                              \
  PIPE(pipe_##D##_11008_t352_r4_n, T, 11008, 88, 4, false)                             \
  PIPE(pipe_##D##_11008_t352_r1_p, T, 11008, 352, 1, true)                             \
  PIPE(pipe_##D##_16384_t512_r2_p, T, 16384, 256, 2, true)                             \
  PIPE(pipe_##D##_16384_t512_r2_n, T, 16384, 256, 2, false)                            \
  PIPE(pipe_##D##_16384_t512_r1_p, T, 16384, 512, 1, true)                            \
  PIPE(pipe_##D##_16384_t512_r1_rf, T, 16384, 512, 1, true, false, true)               \
  PIPE(pipe_##D##_16384_t512_r1_hl, T, 16384, 512, 1, true, true, false)               \
  PIPE(pipe_##D##_16384_t512_r1_rl, T, 16384, 512, 1, true, false, false)
PIPE_DTYPES(bf16, __nv_bfloat16)
PIPE_DTYPES(f16, __half)

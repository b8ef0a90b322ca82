// Feasibility prototype (not part of the compiler): rows of unknown
// alignment (N odd: one row in 16 / sizeof(T) starts on 16 bytes) read as
// one packed run. When both strides equal N a
// block's R rows are one contiguous run of R * N elements, 16-byte aligned
// when R * N * sizeof(T) is a multiple of 16, so every access to x and y is a
// whole 16-byte vector, whatever the rows' phases. A vector holds elements of
// at most two rows (N >= the vector width): its squares are summed in two
// parts, one per row, kept in shared memory, and each row's parts are summed
// by one warp. The weight is realigned once per block: shared memory holds
// one copy of w per phase (copy p at offset p), so the weight of any run of
// a row's columns is one aligned 16-byte read; a vector that spans two rows
// reads two and picks per element. x stays in registers between the passes.
// Unlike staged_rows.cu (the rows themselves staged through shared memory),
// shared memory holds only the per-vector sums and the weight.
// Same ABI and launch contract as the emitted kernel (block [TPR, R], grid
// ceil(rows/R)), so tools/gpu/benchmark.py times it as a --variant; other
// strides and a last partial block take a plain per-row loop (not timed).
// Build: nvcc -arch=sm_90 -O3 -cubin packed_rows.cu
#include "prototype_kernels.cuh"

template <typename T, int N, int TPR, int R>
__device__ __forceinline__ void packed(const T *__restrict__ x, const T *__restrict__ w,
                                       T *__restrict__ y, float eps, long long rows,
                                       long long xs, long long ys) {
  constexpr int VW = 16 / sizeof(T);
  constexpr int THREADS = TPR * R;
  constexpr int WARPS = THREADS / 32;
  constexpr int NVEC = R * N / VW;                     // vectors of a full block
  constexpr int K = (NVEC + THREADS - 1) / THREADS;    // per thread
  constexpr int WLEN = ((N + 2 * VW - 1) / VW) * VW;   // one padded copy of w
  static_assert((R * N * sizeof(T)) % 16 == 0, "a block's run must stay 16-byte aligned");
  static_assert(N >= VW && THREADS % 32 == 0, "a vector spans at most two rows");
  __shared__ __align__(16) T wcopy[VW][WLEN];         // wcopy[p][i] = w[i - p]
  __shared__ float part[NVEC][2];                     // a vector's squares per row
  __shared__ float scale[R];
  const int tid = threadIdx.y * TPR + threadIdx.x;
  const long long row0 = (long long)blockIdx.x * R;
  const long long nrows = min((long long)R, rows - row0);
  // Each element of w read once, written to every copy; then the padding.
  for (int c = tid; c < N; c += THREADS) {
    T value = w[c];
#pragma unroll
    for (int p = 0; p < VW; ++p) wcopy[p][c + p] = value;
  }
  for (int i = tid; i < VW * (WLEN - N); i += THREADS) {
    int p = i / (WLEN - N), k = i % (WLEN - N);          // p before, the rest after
    wcopy[p][k < p ? k : N + k] = fromF<T>(0.f);
  }
  if (xs != N || ys != N || nrows < R) {
    __syncthreads();
    perRowLoop<T, N, TPR>(x, w, y, eps, row0, nrows, xs, ys);
    return;
  }
  const uint4 *src = reinterpret_cast<const uint4 *>(x + row0 * N);
  uint4 *dst = reinterpret_cast<uint4 *>(y + row0 * N);
  uint4 xv[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    int v = tid + k * THREADS;
    if (v < NVEC) xv[k] = src[v];
  }
#pragma unroll
  for (int k = 0; k < K; ++k) {
    int v = tid + k * THREADS;
    if (v >= NVEC) break;
    int e0 = v * VW, ra = e0 / N, split = (ra + 1) * N - e0;  // elements in row ra
    const T *e = reinterpret_cast<const T *>(&xv[k]);
    float a = 0.f, b = 0.f;
    if (split >= VW) {
#pragma unroll
      for (int j = 0; j < VW; ++j) { float f = toF(e[j]); a += f * f; }
    } else {
#pragma unroll
      for (int j = 0; j < VW; ++j) {
        float f = toF(e[j]);
        if (j < split) a += f * f; else b += f * f;
      }
    }
    part[v][0] = a;
    part[v][1] = b;
  }
  __syncthreads();
  // Row r: the first part of the vectors that start in it, the second part
  // of the one that starts in row r - 1 and ends in it.
  const int warp = tid / 32, lane = tid % 32;
  for (int r = warp; r < R; r += WARPS) {
    int first = (r * N) / VW, last = ((r + 1) * N - 1) / VW;
    float acc = 0.f;
    for (int v = first + lane; v <= last; v += 32)
      acc += (v * VW) / N == r ? part[v][0] : part[v][1];
#pragma unroll
    for (int m = 16; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m);
    if (lane == 0) scale[r] = rsqrtf(acc / N + eps);
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < K; ++k) {
    int v = tid + k * THREADS;
    if (v >= NVEC) break;
    int e0 = v * VW, ra = e0 / N, split = (ra + 1) * N - e0;
    int c0 = e0 - ra * N, phase = (VW - c0 % VW) % VW;
    const T *e = reinterpret_cast<const T *>(&xv[k]);
    uint4 wa = *reinterpret_cast<const uint4 *>(&wcopy[phase][c0 + phase]);
    const T *we = reinterpret_cast<const T *>(&wa);
    uint4 out;
    T *o = reinterpret_cast<T *>(&out);
    float sa = scale[ra];
    if (split >= VW) {
#pragma unroll
      for (int j = 0; j < VW; ++j) o[j] = fromF<T>(toF(e[j]) * sa * toF(we[j]));
    } else {
      // The next row's columns 0.. sit at offset `split` of copy `split`.
      uint4 wb = *reinterpret_cast<const uint4 *>(&wcopy[split][0]);
      const T *wn = reinterpret_cast<const T *>(&wb);
      float sb = scale[ra + 1];
#pragma unroll
      for (int j = 0; j < VW; ++j)
        o[j] = fromF<T>(j < split ? toF(e[j]) * sa * toF(we[j]) : toF(e[j]) * sb * toF(wn[j]));
    }
    dst[v] = out;
  }
}

PROTOTYPE_KERNELS(packed)

// Feasibility prototype (not part of the compiler), twenty-sixth session:
// short rows of unknown alignment (N = 127) with neither shared memory nor
// block barriers. When both strides equal N, G consecutive rows (G = 16 /
// gcd(row bytes, 16): 8 for 16-bit, 4 for f32 at odd N) are one run of V =
// G * N * size / 16 whole 16-byte vectors, aligned if the first is. One
// warp takes such a group: lane l reads vectors l, l + 32, ... (K of them,
// coalesced like a copy), so the columns and the row split of each of its
// vectors are the same in every group -- the lane gathers w at those
// columns once, into registers, and reuses them for the GPW groups it
// takes. Each vector's squares go to the two rows it may touch (a compare
// window known at compile time: three candidate rows per k), the warp's
// G sums are reduce-scattered over shuffles (log2 G halving steps, then a
// butterfly within lanes of one row), each row's scale is computed by the
// lanes that hold its sum and handed to the lanes that need it by a
// shuffle. x and y move as aligned 16-byte vectors straight from and to
// global memory.
// Against the flat prototype of the eighteenth session (flat_rows.cu, 0.71 -
// 0.75 of ours at 16-bit 127: shared atomics, three block barriers, w read
// from shared memory per vector and group) and against rownorm-stage-rows
// (bulk copies through shared memory, two block barriers a block).
// Same ABI and launch contract as the emitted kernel (block [32 * WARPS /
// R, R], R = WARPS * GPW * G rows a block, grid ceil(rows / R),
// launch_overlap), so tools/gpu/benchmark.py times it as a --variant.
// Other strides, unaligned bases and a last partial block take a plain
// row-per-warp loop (not timed).
// Build: nvcc -arch=sm_90 -O3 -cubin -DWARPS=W -DGPW=P warp_group_rows.cu
// Manifests: warp_group_manifests.py out/bench DIR W P.
#include "prototype_kernels.cuh"

#ifndef WARPS
#define WARPS 8
#endif
#ifndef GPW // groups a warp takes, one after another
#define GPW 2
#endif
#ifndef MIN_BLOCKS // blocks a processor ptxas keeps registers low enough for
#define MIN_BLOCKS 1
#endif

__host__ __device__ constexpr int gcdInt(int a, int b) { return b == 0 ? a : gcdInt(b, a % b); }

template <typename T, int N, int P>
__device__ __forceinline__ void warpGroupRows(const T *__restrict__ x, const T *__restrict__ w,
                                              T *__restrict__ y, float eps, long long rows,
                                              long long xs, long long ys) {
  constexpr int SIZE = sizeof(T);
  constexpr int VW = 16 / SIZE;                          // elements a vector
  constexpr int G = 16 / gcdInt(N * SIZE, 16);           // rows a group
  constexpr int V = G * N / VW;                          // vectors a group
  constexpr int K = (V + 31) / 32;                       // vectors a lane
  constexpr int R = WARPS * P * G;                       // rows a block
  constexpr int LANES_PER_ROW = 32 / G;
  static_assert(N >= VW, "a vector must touch two rows at most");
  static_assert(32 % G == 0, "a group's rows must divide the warp");
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int lane = tid % 32, warp = tid / 32;
  const long long row0 = (long long)blockIdx.x * R;
  const int nrows = (int)min((long long)R, rows - row0);
  const bool fast = xs == N && ys == N && nrows == R &&
                    ((reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16) == 0;
  if (!fast) {
    rowPerWarp<T, N>(x, w, y, eps, row0, nrows, P * G, xs, ys);
    return;
  }
  const uint4 *xv = reinterpret_cast<const uint4 *>(x + (row0 + (long long)warp * P * G) * N);
  uint4 *yv = reinterpret_cast<uint4 *>(y + (row0 + (long long)warp * P * G) * N);
  // Every group's x first: the loads in flight while w is gathered.
  uint4 xq[P][K];
#pragma unroll
  for (int g = 0; g < P; ++g)
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const int v = lane + 32 * k;
      if (v < V) xq[g][k] = __ldcs(xv + g * V + v);
    }
  // The lane's vectors: first row, elements in it (split), w at their columns.
  int first[K], split[K];
  uint4 wq[K]; // packed as x is: converted where used
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int v = min(lane + 32 * k, V - 1), e0 = v * VW;
    first[k] = e0 / N;
    split[k] = (first[k] + 1) * N - e0;
    const int c0 = e0 - first[k] * N;
    T *we = reinterpret_cast<T *>(&wq[k]);
#pragma unroll
    for (int j = 0; j < VW; ++j) {
      const int c = c0 + j;
      we[j] = __ldg(w + (c < N ? c : c - N));
    }
  }
#pragma unroll
  for (int g = 0; g < P; ++g) {
    float part[G];
#pragma unroll
    for (int r = 0; r < G; ++r) part[r] = 0.f;
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const T *e = reinterpret_cast<const T *>(&xq[g][k]);
      // A vector is in one row but where a row ends in it (a few lanes of
      // a warp): the split is taken on that branch only.
      float a = 0.f, b = 0.f;
      if (lane + 32 * k < V) {
#pragma unroll
        for (int j = 0; j < VW; ++j) {
          const float f = toF(e[j]);
          a = fmaf(f, f, a);
        }
        if (split[k] < VW) {
          a = 0.f;
#pragma unroll
          for (int j = 0; j < VW; ++j) {
            const float f = toF(e[j]);
            if (j < split[k])
              a = fmaf(f, f, a);
            else
              b = fmaf(f, f, b);
          }
        }
      }
      // Only the rows vectors 32k .. 32k + 31 can touch (known here).
#pragma unroll
      for (int r = (32 * k * VW) / N; r <= min(G - 1, ((32 * k + 31) * VW + VW - 1) / N); ++r)
        part[r] += (r == first[k] ? a : 0.f) + (r == first[k] + 1 ? b : 0.f);
    }
    // Reduce-scatter: after the halving steps lane l holds a partial of row
    // l / LANES_PER_ROW; the butterfly then sums the row's lanes.
#pragma unroll
    for (int c = G, m = 16; c > 1; c /= 2, m /= 2) {
      const bool upper = lane & m;
#pragma unroll
      for (int i = 0; i < c / 2; ++i) {
        const float send = upper ? part[i] : part[i + c / 2];
        const float keep = upper ? part[i + c / 2] : part[i];
        part[i] = keep + __shfl_xor_sync(0xffffffffu, send, m);
      }
    }
    float sum = part[0];
#pragma unroll
    for (int m = LANES_PER_ROW / 2; m > 0; m /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, m);
    const float scale = rsqrtf(sum * (1.f / N) + eps);
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const float sa = __shfl_sync(0xffffffffu, scale, first[k] * LANES_PER_ROW);
      const float sb = __shfl_sync(0xffffffffu, scale, min(first[k] + 1, G - 1) * LANES_PER_ROW);
      const int v = lane + 32 * k;
      if (v < V) {
        const T *e = reinterpret_cast<const T *>(&xq[g][k]);
        const T *we = reinterpret_cast<const T *>(&wq[k]);
        uint4 out;
        T *o = reinterpret_cast<T *>(&out);
#pragma unroll
        for (int j = 0; j < VW; ++j) o[j] = fromF<T>(toF(e[j]) * sa * toF(we[j]));
        if (split[k] < VW) {
#pragma unroll
          for (int j = 0; j < VW; ++j)
            if (j >= split[k]) o[j] = fromF<T>(toF(e[j]) * sb * toF(we[j]));
        }
        __stcs(yv + g * V + v, out);
      }
    }
  }
}

#define WG_KERNEL(NAME, T, N)                                                                  \
  extern "C" __global__ void __launch_bounds__(32 * WARPS, MIN_BLOCKS)                                     \
      NAME(const T *x, const T *w, T *y, float eps, long long rows, long long xs,              \
           long long ys) {                                                                     \
    warpGroupRows<T, N, GPW>(x, w, y, eps, rows, xs, ys);                                      \
  }
WG_KERNEL(rms_norm_bf16_127, __nv_bfloat16, 127)
WG_KERNEL(rms_norm_f16_127, __half, 127)
WG_KERNEL(rms_norm_f32_127, float, 127)

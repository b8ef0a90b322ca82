// Feasibility prototype (not part of the compiler), seventeenth session, not
// yet run: rows of unknown alignment (N odd) without staging x or y. When
// both strides equal N, a block's R rows are one contiguous run, 16-byte
// aligned when R x row bytes is a multiple of 16: the threads read and
// write that run directly as aligned 16-byte vectors (the aligned kernel's
// accesses), whatever the rows' phases. A vector holds the end of one row
// and the start of the next at most (N >= the vector's elements): its
// squares go to the two rows' sums in shared memory by atomic adds; after a
// barrier each element is scaled by its row's factor and by w at its column,
// read from a block copy of w laid out twice (w || w, so a vector's columns
// never wrap) as the 32-bit words that hold them, joined by funnel shifts.
// Against rownorm-stage-rows (bulk copies in and out, x read from and y
// written to shared memory): no copy engine and no y in shared memory, but
// two barriers and two shared atomic adds a vector. The question it
// answers: how close to the aligned rows' speed (N = 128) a layout-blind
// vector copy of the run gets at N = 127, where the staged form reaches 72%
// of the copy (s17b) against an adjacency limit of ~90%.
// Same ABI and launch contract as the emitted kernel (block [TPR, R], grid
// ceil(rows / R), launch_overlap), so tools/gpu/benchmark.py times it as a
// --variant. Other strides, unaligned bases and a last partial block take
// a plain per-row loop (not timed).
// Eighteenth session (s18a, run): 20-60% of ours at every width — each
// vector's shared atomic add hit its row's sum with the rest of its warp
// (up to 32 lanes on one address, serialized). Second form (s18c): a warp
// first adds its lanes' squares per row by a segmented scan over shuffles
// (a lane's squares past its row end go to the next lane), so a warp makes
// one atomic add per row it touches; -DROW_SCALES=1 also turns each row's
// sum into its scale once (a third barrier) instead of per vector.
// Build (kernel list and manifests from bulk_widths.py):
//   python3 tools/gpu/prototypes/bulk_widths.py OURS DIR flatRows flat_rows
//   nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I DIR \
//        tools/gpu/prototypes/flat_rows.cu -o DIR/flat_rows.cubin
#include "prototype_kernels.cuh"

#ifndef ROW_SCALES
#define ROW_SCALES 0
#endif

template <typename T, int N, int TPR, int R>
__device__ __forceinline__ void flatRows(const T *__restrict__ x, const T *__restrict__ w,
                                         T *__restrict__ y, float eps, long long rows,
                                         long long xs, long long ys) {
  constexpr int VW = 16 / sizeof(T);     // elements per 16-byte vector
  constexpr int WORDS = 16 / 4;          // 32-bit words per vector
  constexpr int V = R * N / VW;          // vectors in the block's run
  constexpr int THREADS = TPR * R;
  constexpr int K = (V + THREADS - 1) / THREADS; // vectors per thread
  static_assert(R * N % VW == 0, "the run must be whole 16-byte vectors");
  static_assert(N >= VW, "a vector must hold parts of two rows at most");
  // w twice over and a vector of padding (a word read past the last column).
  __shared__ __align__(16) T wbuf[2 * N + 2 * VW];
  __shared__ float rowSum[R];
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const long long row0 = (long long)blockIdx.x * R;
  const int nrows = (int)min((long long)R, rows - row0);
  const bool fast = xs == N && ys == N && nrows == R &&
                    ((reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16) == 0;
  if (!fast) {
    perRowLoop<T, N, TPR>(x, w, y, eps, row0, nrows, xs, ys);
    return;
  }
  const uint4 *xv = reinterpret_cast<const uint4 *>(x + row0 * N);
  uint4 *yv = reinterpret_cast<uint4 *>(y + row0 * N);
  // x first: the loads in flight while w is laid out.
  uint4 xq[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int v = tid + k * THREADS;
    if (v < V) xq[k] = xv[v];
  }
  for (int c = tid; c < 2 * N + 2 * VW; c += THREADS)
    wbuf[c] = c < 2 * N ? w[c < N ? c : c - N] : fromF<T>(0.f);
  if (tid < R) rowSum[tid] = 0.f;
  __syncthreads(); // sums zeroed, w laid out
  const int lane = tid & 31;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    // A warp's lanes hold consecutive vectors, so its rows are contiguous
    // runs of lanes (lanes past the run: rows >= R, sums 0).
    const int v = tid + k * THREADS;
    const int row = v * VW / N;
    const int split = (row + 1) * N - v * VW; // elements of `row` in the vector
    float first = 0.f, second = 0.f;
    if (v < V) {
      const T *e = reinterpret_cast<const T *>(&xq[k]);
#pragma unroll
      for (int j = 0; j < VW; ++j) {
        const float f = toF(e[j]);
        if (j < split)
          first = fmaf(f, f, first);
        else
          second = fmaf(f, f, second);
      }
    }
    // `second` belongs to the next vector's row (N >= VW): hand it on.
    const float carried = __shfl_up_sync(0xffffffffu, second, 1);
    float sum = first + (lane > 0 ? carried : 0.f);
    if (lane == 31 && split < VW && v < V) atomicAdd(&rowSum[row + 1], second);
#pragma unroll
    for (int off = 1; off < 32; off *= 2) {
      const float up = __shfl_up_sync(0xffffffffu, sum, off);
      if (lane >= off && (v - off) * VW / N == row) sum += up;
    }
    const bool segmentEnd = lane == 31 || (v + 1) * VW / N != row;
    if (segmentEnd && row < R) atomicAdd(&rowSum[row], sum);
  }
  __syncthreads(); // every row's sum complete
#if ROW_SCALES
  if (tid < R) rowSum[tid] = rsqrtf(rowSum[tid] / N + eps);
  __syncthreads();
#endif
  const uint32_t *ww = reinterpret_cast<const uint32_t *>(wbuf);
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int v = tid + k * THREADS;
    if (v < V) {
      const int e0 = v * VW, row = e0 / N;
      const int split = (row + 1) * N - e0;
      const int c0 = e0 - row * N; // the first element's column
#if ROW_SCALES
      const float s0 = rowSum[row];
      const float s1 = split < VW ? rowSum[row + 1] : s0;
#else
      const float s0 = rsqrtf(rowSum[row] / N + eps);
      const float s1 = split < VW ? rsqrtf(rowSum[row + 1] / N + eps) : s0;
#endif
      // w's columns c0 .. c0 + VW - 1 (past N: the second copy) as words.
      uint32_t wq[WORDS];
      if (sizeof(T) == 4) {
#pragma unroll
        for (int j = 0; j < WORDS; ++j) wq[j] = ww[c0 + j];
      } else {
        const int wb = c0 >> 1, sh = (c0 & 1) * 16;
        uint32_t prev = ww[wb];
#pragma unroll
        for (int j = 0; j < WORDS; ++j) {
          const uint32_t next = ww[wb + j + 1];
          wq[j] = __funnelshift_r(prev, next, sh);
          prev = next;
        }
      }
      const T *e = reinterpret_cast<const T *>(&xq[k]);
      const T *we = reinterpret_cast<const T *>(wq);
      uint4 out;
      T *o = reinterpret_cast<T *>(&out);
#pragma unroll
      for (int j = 0; j < VW; ++j) o[j] = fromF<T>(toF(e[j]) * (j < split ? s0 : s1) * toF(we[j]));
      yv[v] = out;
    }
  }
}

#ifdef KERNEL_LIST // bulk_widths.py's kernels.inc
#include KERNEL_LIST
#else
PROTOTYPE_KERNELS(flatRows)
#endif

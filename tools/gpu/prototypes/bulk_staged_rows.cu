// Feasibility prototype (not part of the compiler), fifteenth session: rows
// of unknown alignment (N odd) staged through shared memory by the copy
// engine instead of by the threads. staged_rows.cu (`u`) and packed_rows.cu
// (`zi`) lost because the threads' own copy in and out, index arithmetic and
// barriers cost more instructions than the unaligned copy saves (the
// unaligned copy is issue-bound: `zc`). Here a block's R rows, one contiguous
// 16-byte-aligned run when both strides equal N, come in with one bulk copy
// (cp.async.bulk, completion on an mbarrier) and go out with another, so
// the threads execute no copy instructions; each thread reads its row's
// chunk from shared memory as 32-bit words joined by funnel shifts (16-bit
// types; one shift per word whatever the row's phase), reduces, scales with
// w (aligned 16-byte loads: column c is w[c]) and writes y back into the
// buffer element by element. Same ABI and launch contract as the emitted
// kernel (block [TPR, R], grid ceil(rows/R), launch_overlap: the kernel
// waits for the previous grid first), so tools/gpu/benchmark.py times it
// as a --variant. Other strides, unaligned bases and a last block whose run
// is not whole 16-byte units take a plain per-row loop (not timed).
// Build: nvcc -arch=sm_90 -O3 -cubin [-DSUBTILES=S] bulk_staged_rows.cu
// Manifests: staged_rows_manifests.py out/bench DIR bulk_staged_rows [S];
// other widths: bulk_widths.py.
#include "prototype_kernels.cuh"

#ifndef WORD_STORES // 0: y written to shared memory element by element
#define WORD_STORES 1
#endif
// TAIL_SPREAD 1: the compiler's layout of a row's tail instead of a partial
// last chunk: whole chunks only (a chunk that reaches past the row is read
// and masked whole), then the last N mod VW elements one per thread, each
// with its own 16-bit read, w element and store (twenty-fifth session: is
// this layout what the compiler's staged copy loses at N = 127?).
#ifndef TAIL_SPREAD
#define TAIL_SPREAD 0
#endif
// DEAD_CODE K (twenty-sixth session): K unrolled load-convert-fma steps on a
// branch no launch takes (eps < -1), before the staged copy, as ours' aligned
// and unaligned row copies sit beside its staged copy (s26d: the staged copy
// alone in its kernel ran 4% faster): does code a kernel does not run cost?
#ifndef DEAD_CODE
#define DEAD_CODE 0
#endif
// S sub-tiles of RS rows each (a block's R = S * RS rows; block [TPR / S,
// R]): all S bulk loads are issued at once and sub-tile i is stored while
// i + 1 is scaled, so a block's loads and stores overlap (S = 1: none).
template <typename T, int N, int TPR, int RS, int S>
__device__ __forceinline__ void bulkStaged(const T *__restrict__ x, const T *__restrict__ w,
                                           T *__restrict__ y, float eps, long long rows,
                                           long long xs, long long ys) {
  constexpr int VW = 16 / sizeof(T);            // elements per 16-byte vector
  constexpr int K = (N + TPR * VW - 1) / (TPR * VW); // chunks of VW columns per thread
  constexpr int WORDS = VW * sizeof(T) / 4;     // 32-bit words per chunk
  constexpr int R = RS * S;
  constexpr unsigned TILE = RS * N * sizeof(T); // bytes of one sub-tile
  static_assert(TILE % 16 == 0, "a sub-tile must be whole 16-byte units");
  static_assert(TPR % S == 0, "the declared block is [TPR / S, R]");
  // One chunk's worth of padding: the last row's last chunk reads past the run.
  __shared__ __align__(128) T buf[R * N + 2 * VW];
  __shared__ __align__(8) unsigned long long bar[S];
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int t = tid % TPR, r = tid / TPR; // column group, row within a sub-tile
  const long long row0 = (long long)blockIdx.x * R;
  const int nrows = (int)min((long long)R, rows - row0);
  const bool fast = xs == N && ys == N && nrows == R &&
                    ((reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16) == 0;
  if (!fast) {
    perRowLoop<T, N, TPR / S>(x, w, y, eps, row0, nrows, xs, ys);
    return;
  }
#if DEAD_CODE
  if (eps < -1.f) {
    float acc = 0.f;
#pragma unroll
    for (int i = 0; i < DEAD_CODE; ++i)
      // Each address from the last sum: one load at a time, few registers.
      acc = fmaf(toF(x[(long long)i * 131 + (__float_as_int(acc) & 1023)]), acc,
                 toF(w[(i * 7 + tid) % N]));
    y[tid] = fromF<T>(acc);
    return;
  }
#endif
  const uint32_t bufAddr = smemAddr(buf);
  if (tid == 0) {
#pragma unroll
    for (int i = 0; i < S; ++i)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smemAddr(&bar[i])));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#pragma unroll
    for (int i = 0; i < S; ++i) {
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(
                       smemAddr(&bar[i])),
                   "r"(TILE)
                   : "memory");
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
                   "[%0], [%1], %2, [%3];" ::"r"(bufAddr + i * TILE),
                   "l"(x + (row0 + i * RS) * N), "r"(TILE), "r"(smemAddr(&bar[i]))
                   : "memory");
    }
  }
  // w while the copies run: chunk k of a thread is columns (t + k * TPR) * VW ...
  uint4 wq[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int c0 = (t + k * TPR) * VW;
    if (c0 + VW <= N) {
      wq[k] = __ldg(reinterpret_cast<const uint4 *>(w + c0));
    } else {
      T *e = reinterpret_cast<T *>(&wq[k]);
#pragma unroll
      for (int j = 0; j < VW; ++j)
        e[j] = !TAIL_SPREAD && c0 + j < N ? w[c0 + j] : fromF<T>(0.f);
    }
  }
  constexpr int TAIL = TAIL_SPREAD ? N % VW : 0; // elements after the whole chunks
  static_assert(TAIL <= TPR, "one tail element a thread");
  const int tailE = N - TAIL + t;                // this thread's tail element
  const bool hasTail = TAIL > 0 && t < TAIL;
  const T wt = hasTail ? w[tailE] : fromF<T>(0.f);
  __syncthreads(); // the barriers are initialized before anyone waits on them
  const uint32_t *bw = reinterpret_cast<const uint32_t *>(buf);
#pragma unroll 1
  for (int i = 0; i < S; ++i) {
    uint32_t done = 0;
    while (!done)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; "
                   "selp.u32 %0, 1, 0, p; }"
                   : "=r"(done)
                   : "r"(smemAddr(&bar[i]))
                   : "memory");
    const int rowE = (i * RS + r) * N; // the row's first element in the buffer
    // x's chunks as words in the type's layout, whatever the row's phase.
    uint32_t xq[K][WORDS];
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const int c0 = (t + k * TPR) * VW;
      // Chunks wholly past the row read its first columns (masked below).
      const int e0 = rowE + (c0 < N ? c0 : 0);
      if (sizeof(T) == 4) {
#pragma unroll
        for (int j = 0; j < WORDS; ++j) xq[k][j] = bw[e0 + j];
      } else {
        const int wb = e0 >> 1, sh = (e0 & 1) * 16;
        uint32_t prev = bw[wb];
#pragma unroll
        for (int j = 0; j < WORDS; ++j) {
          const uint32_t next = bw[wb + j + 1];
          xq[k][j] = __funnelshift_r(prev, next, sh);
          prev = next;
        }
      }
      const T *e = reinterpret_cast<const T *>(xq[k]);
#pragma unroll
      for (int j = 0; j < VW; ++j) {
        const float v = (TAIL_SPREAD ? c0 + VW <= N : c0 + j < N) ? toF(e[j]) : 0.f;
        acc = fmaf(v, v, acc);
      }
    }
    float tv = 0.f;
    if (hasTail) {
      tv = toF(buf[rowE + tailE]);
      acc = fmaf(tv, tv, acc);
    }
#pragma unroll
    for (int m = TPR / 2; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m, TPR);
    const float s = rsqrtf(acc / N + eps);
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const int c0 = (t + k * TPR) * VW;
      const T *e = reinterpret_cast<const T *>(xq[k]);
      const T *we = reinterpret_cast<const T *>(&wq[k]);
      T o[VW];
#pragma unroll
      for (int j = 0; j < VW; ++j) o[j] = fromF<T>(toF(e[j]) * s * toF(we[j]));
      const int e0 = rowE + c0;
      if (WORD_STORES && sizeof(T) == 2 && c0 + VW <= N) {
        // A whole chunk as 32-bit words: all of them at an even phase; at an
        // odd one its first and last elements alone (their words are shared
        // with the neighbours) and the pairs between as words.
        uint32_t *sw = reinterpret_cast<uint32_t *>(buf);
        const uint16_t *h = reinterpret_cast<const uint16_t *>(o);
        if ((e0 & 1) == 0) {
#pragma unroll
          for (int j = 0; j < VW; j += 2) sw[(e0 + j) >> 1] = h[j] | (uint32_t)h[j + 1] << 16;
        } else {
          buf[e0] = o[0];
#pragma unroll
          for (int j = 1; j + 1 < VW; j += 2)
            sw[(e0 + j) >> 1] = h[j] | (uint32_t)h[j + 1] << 16;
          buf[e0 + VW - 1] = o[VW - 1];
        }
      } else {
#pragma unroll
        for (int j = 0; j < VW; ++j)
          if (TAIL_SPREAD ? c0 + VW <= N : c0 + j < N) buf[e0 + j] = o[j];
      }
    }
    if (hasTail) buf[rowE + tailE] = fromF<T>(tv * s * toF(wt));
    // The bulk store reads shared memory through the async proxy.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (tid == 0) {
      asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(
                       y + (row0 + i * RS) * N),
                   "r"(bufAddr + i * TILE), "r"(TILE)
                   : "memory");
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    }
  }
  if (tid == 0) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

#ifndef SUBTILES
#define SUBTILES 1
#endif
// PROTOTYPE_KERNELS' list of [TPR, RS]; built with -DSUBTILES=S the block is
// [TPR / S, RS * S] (staged_rows_manifests.py ... S), the same number of
// threads, where S sub-tiles fit 48 KiB of static shared memory (else S = 1).
template <typename T, int N, int TPR, int RS>
__device__ __forceinline__ void bulkStagedSubtiles(const T *__restrict__ x,
                                                   const T *__restrict__ w, T *__restrict__ y,
                                                   float eps, long long rows, long long xs,
                                                   long long ys) {
  constexpr int S = SUBTILES * RS * N * sizeof(T) <= 48 * 1024 ? SUBTILES : 1;
  bulkStaged<T, N, TPR, RS, S>(x, w, y, eps, rows, xs, ys);
}
#ifdef KERNEL_LIST // other widths: bulk_widths.py's kernels.inc
#include KERNEL_LIST
#else
PROTOTYPE_KERNELS(bulkStagedSubtiles)
#endif

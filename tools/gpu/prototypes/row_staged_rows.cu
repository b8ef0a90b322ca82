// Feasibility prototype (not part of the compiler), twenty-fourth session:
// rows of unknown alignment longer than the staged limit (16-bit N = 1025:
// 91% of the copy against ~96% for 1024 / 2048) staged one row per warp.
// bulk_staged_rows.cu (s15) staged a block's rows as one contiguous run and
// lost at 1025: the block waited for its whole 16 KiB run, and the run is
// only whole 16-byte units for some row counts. Here each warp stages its own
// row: the row's 16-byte-aligned interior comes in by one bulk copy (its own
// mbarrier), the head before the first boundary and the tail after the last
// (< 16 bytes each) by the lanes' own loads, so the row sits in shared memory
// at its phase and nothing outside the row is read. Each lane then reads its
// 8-element chunks at columns 8 c, which are w's aligned vectors: x is
// realigned by one funnel shift per 32-bit word (16-bit types) and w needs
// none (the unaligned copy's largest ALU cost, s8d). y is written back in
// place, its interior leaves by one bulk store and its head and tail by the
// lanes' stores. Fast path when x's and y's rows share the phase (equal
// strides, bases congruent mod 16); else the per-row loop (not timed).
// Same ABI and launch contract as the emitted kernel (block [32, R], grid
// ceil(rows / R), launch_overlap), so tools/gpu/benchmark.py times it as a
// --variant.
// Build: python3 row_staged_widths.py OURS DIR, then
//   nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I DIR \
//        row_staged_rows.cu -o DIR/row_staged_rows.cubin
#include "prototype_kernels.cuh"

// -DEARLY_W=0: w's vectors loaded after the reduction (fewer registers held).
#ifndef EARLY_W
#define EARLY_W 1
#endif
// w's aligned vectors: lane chunk k is columns (lane + k * TPR) * VW ...
#define LOAD_W                                                                         \
  uint4 wq[K];                                                                         \
  _Pragma("unroll") for (int k = 0; k < K; ++k) {                                      \
    const int c0 = (lane + k * TPR) * VW;                                              \
    if (c0 + VW <= N) {                                                                \
      wq[k] = *reinterpret_cast<const uint4 *>(w + c0);                                \
    } else {                                                                           \
      T *e = reinterpret_cast<T *>(&wq[k]);                                            \
      _Pragma("unroll") for (int j = 0; j < VW; ++j) e[j] =                            \
          c0 + j < N ? w[c0 + j] : fromF<T>(0.f);                                      \
    }                                                                                  \
  }

template <typename T, int N, int TPR, int R>
__device__ __forceinline__ void rowStaged(const T *__restrict__ x, const T *__restrict__ w,
                                          T *__restrict__ y, float eps, long long rows,
                                          long long xs, long long ys) {
  static_assert(TPR == 32, "one warp a row: the lanes synchronize with __syncwarp");
  constexpr int S = sizeof(T);
  constexpr int VW = 16 / S;                         // elements per 16-byte vector
  constexpr int K = (N + TPR * VW - 1) / (TPR * VW); // chunks per lane
  constexpr int WORDS = VW * S / 4;                  // 32-bit words per chunk
  // A row's buffer: up to 15 bytes of phase, the chunks, one word of look-ahead.
  constexpr int BUFE = ((16 / S + K * TPR * VW + 2 * VW) + VW - 1) / VW * VW;
  __shared__ __align__(128) T buf[R][BUFE];
  __shared__ __align__(8) unsigned long long bar[R];
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  const bool fast = xs == ys && ((reinterpret_cast<uintptr_t>(x) ^
                                  reinterpret_cast<uintptr_t>(y)) % 16) == 0;
  if (!fast) {
    const long long row0 = (long long)blockIdx.x * R;
    perRowLoop<T, N, TPR>(x, w, y, eps, row0, min((long long)R, rows - row0), xs, ys);
    return;
  }
  const int lane = threadIdx.x, r = threadIdx.y;
  const long long row = (long long)blockIdx.x * R + r;
  if (row >= rows)
    return; // this warp only: no block-wide barrier follows
  const T *xr = x + row * xs;
  T *yr = y + row * ys;
  const uintptr_t a = reinterpret_cast<uintptr_t>(xr);
  const int p = (int)(a % 16) / S; // the row's phase, in elements
  const uintptr_t a16 = (a + 15) & ~uintptr_t(15), e16 = (a + N * S) & ~uintptr_t(15);
  const bool hasBody = e16 > a16;
  const int head = hasBody ? (int)(a16 - a) / S : N; // elements before the body
  const int tail0 = hasBody ? (int)(e16 - a) / S : N; // first element after it
  const unsigned bodyBytes = hasBody ? (unsigned)(e16 - a16) : 0u;
  T *rb = &buf[r][p]; // the row's element 0
  const uint32_t barA = smemAddr(&bar[r]);
  const uint32_t bodyA = smemAddr(rb + head); // 16-byte aligned
  if (lane == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barA));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    if (hasBody) {
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barA),
                   "r"(bodyBytes)
                   : "memory");
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
                   "[%0], [%1], %2, [%3];" ::"r"(bodyA),
                   "l"(xr + head), "r"(bodyBytes), "r"(barA)
                   : "memory");
    } else {
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(barA) : "memory");
    }
  }
  // Head and tail (fewer than VW elements each, or the whole of a row with no
  // body: fewer than 32 bytes) by the lanes, while the copy runs.
  if (lane < head) rb[lane] = xr[lane];
  if (lane < N - tail0) rb[tail0 + lane] = xr[tail0 + lane];
#if EARLY_W
  LOAD_W
#endif
  __syncwarp(); // the barrier's init and the head / tail are seen by every lane
  {
    uint32_t done = 0;
    while (!done)
      asm volatile("{ .reg .pred q; mbarrier.try_wait.parity.shared::cta.b64 q, [%1], 0; "
                   "selp.u32 %0, 1, 0, q; }"
                   : "=r"(done)
                   : "r"(barA)
                   : "memory");
  }
  const uint32_t *bw = reinterpret_cast<const uint32_t *>(buf[r]);
  uint32_t xq[K][WORDS];
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int c0 = (lane + k * TPR) * VW;
    const int e0 = p + (c0 < N ? c0 : 0); // chunks past the row read its start (masked)
    if (S == 4) {
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
      const float v = (c0 + j < N) ? toF(e[j]) : 0.f;
      acc = fmaf(v, v, acc);
    }
  }
#pragma unroll
  for (int m = TPR / 2; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m);
  const float s = rsqrtf(acc / N + eps);
#if !EARLY_W
  LOAD_W
#endif
  // Every lane's reads are done (the shuffles converge the warp): y in place.
  uint32_t *sw = reinterpret_cast<uint32_t *>(buf[r]);
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int c0 = (lane + k * TPR) * VW;
    if (c0 >= N) continue;
    const T *e = reinterpret_cast<const T *>(xq[k]);
    const T *we = reinterpret_cast<const T *>(&wq[k]);
    T o[VW];
#pragma unroll
    for (int j = 0; j < VW; ++j) o[j] = fromF<T>(toF(e[j]) * s * toF(we[j]));
    const int e0 = p + c0;
    if (c0 + VW <= N && S == 4) {
#pragma unroll
      for (int j = 0; j < VW; ++j) sw[e0 + j] = reinterpret_cast<const uint32_t *>(o)[j];
    } else if (c0 + VW <= N) {
      const uint16_t *h = reinterpret_cast<const uint16_t *>(o);
      if ((e0 & 1) == 0) {
#pragma unroll
        for (int j = 0; j < VW; j += 2) sw[(e0 + j) >> 1] = h[j] | (uint32_t)h[j + 1] << 16;
      } else {
        buf[r][e0] = o[0];
#pragma unroll
        for (int j = 1; j + 1 < VW; j += 2) sw[(e0 + j) >> 1] = h[j] | (uint32_t)h[j + 1] << 16;
        buf[r][e0 + VW - 1] = o[VW - 1];
      }
    } else {
#pragma unroll
      for (int j = 0; j < VW; ++j)
        if (c0 + j < N) buf[r][e0 + j] = o[j];
    }
  }
  // The bulk store reads shared memory through the async proxy.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncwarp();
  if (lane == 0 && hasBody) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(yr + head),
                 "r"(bodyA), "r"(bodyBytes)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  }
  if (lane < head) yr[lane] = rb[lane];
  if (lane < N - tail0) yr[tail0 + lane] = rb[tail0 + lane];
  if (lane == 0 && hasBody) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

#ifdef KERNEL_LIST // row_staged_widths.py's kernels.inc
#include KERNEL_LIST
#else
PROTOTYPE_KERNEL(rowStaged, rms_norm_bf16_1025, __nv_bfloat16, 1025, 32, 4)
PROTOTYPE_KERNEL(rowStaged, rms_norm_f16_1025, __half, 1025, 32, 4)
PROTOTYPE_KERNEL(rowStaged, rms_norm_f32_1025, float, 1025, 32, 4)
#endif

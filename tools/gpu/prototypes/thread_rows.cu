// Feasibility prototype (not part of the compiler), forty-ninth session:
// short odd rows staged by the copy engine as in bulk_staged_rows.cu, but
// each thread owns one contiguous segment of a row (TPR segments a row)
// instead of TPR threads taking interleaved 16-byte chunks of it.
// Why: at 16-bit N = 127 the staged kernel is issue-bound in graph replay
// (s27b: active cycles in proportion to instructions, 1.62x the aligned
// 128's) and meeting the adjacency rule needs ~30% fewer active cycles a
// call. With 8 threads a row of 16 elements each, a thread's fixed work
// (addresses, masks, the shuffle reduction, rsqrt, the version tests) is
// paid for 16 elements; with a segment of 32-128 elements it is paid for
// 2-8x as many, and the per-element work is one shared word read (one
// funnel shift) per two elements, conversions, two fmas / two multiplies,
// one packed conversion and one word store.
// Layout: a warp takes the same segment t of 32 rows of one alignment
// phase p (16-bit: rows 2l + p of a group of 64, lane l; f32: rows l of a
// group of 32). Their first words are l * N (+ const) apart: N odd, so all
// 32 lanes start in distinct banks and every word read or written is one
// wavefront; the phase (the funnel shift) and w's columns are the same for
// the whole warp (w: broadcast 16-byte loads, issued before the copy's
// wait). x is held in registers, a row's segments add their sums through
// shared memory (one barrier; none needed for TPR = 1 but the one that
// orders every x read before y is written in place), y is written back
// into the buffer (words; an element that shares its word with a
// neighbouring segment alone) and leaves by one bulk store.
// Same ABI and launch contract as the emitted kernel (block [TPR, R],
// grid ceil(rows / R), launch_overlap), so tools/gpu/benchmark.py times it
// as a --variant; other strides, unaligned bases and a last partial block
// take perRowLoop (not timed, but the harness checks it).
// Build: nvcc -arch=sm_90 -O3 -cubin -DTPR16=T -DTPR32=U [-DMINB16=B]
// [-DMINB32=B] thread_rows.cu (T, U: segments a 16-bit / f32 row, a segment
// held in at most 64 registers; B: blocks a processor for __launch_bounds__).
// Manifests: thread_rows_manifests.py. The fast path and the fallback's
// shuffles are emulated bit for bit on the CPU by thread_rows_check.py
// (every element summed and stored once by its owner, the right w column,
// no read past w or the buffer, results against an fp64 reference).
#include "prototype_kernels.cuh"

#ifndef TPR16 // segments a 16-bit row
#define TPR16 1
#endif
#ifndef TPR32 // segments an f32 row
#define TPR32 2
#endif
#ifndef MINB16 // blocks a processor ptxas must fit (registers), 16-bit / f32
#define MINB16 1
#endif
#ifndef MINB32
#define MINB32 1
#endif
#ifndef ROWS // rows a block: whole groups of 64 (16-bit) / 32 (f32) rows
#define ROWS 64
#endif

// Two results in one word by one paired conversion (cvt.rn.{bf16x2,f16x2}.f32;
// two scalar conversions and a pack cost three instructions).
template <typename T> __device__ __forceinline__ uint32_t pack2(float a, float b);
template <> __device__ __forceinline__ uint32_t pack2<__nv_bfloat16>(float a, float b) {
  const __nv_bfloat162 v = __floats2bfloat162_rn(a, b);
  return *reinterpret_cast<const uint32_t *>(&v);
}
template <> __device__ __forceinline__ uint32_t pack2<__half>(float a, float b) {
  const __half2 v = __floats2half2_rn(a, b);
  return *reinterpret_cast<const uint32_t *>(&v);
}
template <> __device__ __forceinline__ uint32_t pack2<float>(float a, float) {
  return __float_as_uint(a);
}

template <typename T, int N, int TPR, int R>
__device__ __forceinline__ void threadRows(const T *__restrict__ x, const T *__restrict__ w,
                                           T *__restrict__ y, float eps, long long rows,
                                           long long xs, long long ys) {
  constexpr int VW = 16 / sizeof(T);       // elements per 16-byte vector
  constexpr int P = sizeof(T) == 2 ? 2 : 1; // alignment phases of a word
  static_assert(N % 2 == 1, "odd rows: a warp's rows then start in distinct banks");
  static_assert(R % (32 * P) == 0, "whole groups of 32 * P rows");
  constexpr int G = R / (32 * P);           // groups a block
  constexpr int SEG = ((N + TPR - 1) / TPR + VW - 1) / VW * VW; // columns a segment
  constexpr int LAST = N - (TPR - 1) * SEG; // elements of the last segment
  static_assert(LAST > 0 && LAST <= SEG, "TPR segments cover the row");
  static_assert(SEG * sizeof(T) <= 256, "a segment is held in at most 64 registers");
  constexpr int WPS = SEG * sizeof(T) / 4; // words a segment
  constexpr int NV = SEG / VW;              // w's vectors a segment
  constexpr unsigned RUN = R * N * sizeof(T);
  static_assert(RUN % 16 == 0, "a block's rows are whole 16-byte units");
  // Padding: the last segment's reads run up to SEG - LAST + 1 elements on.
  __shared__ __align__(128) T buf[R * N + SEG + 2];
  __shared__ float part[TPR > 1 ? TPR * R : 1];
  __shared__ __align__(8) unsigned long long bar;
  long long row0;
  int nrows;
  // w too: its segments are read as 16-byte vectors.
  const uintptr_t bases = reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y) |
                          reinterpret_cast<uintptr_t>(w);
  if (!enterBlock<N>(R, rows, xs, ys, bases, row0, nrows)) {
    perRowLoop<T, N, TPR>(x, w, y, eps, row0, nrows, xs, ys);
    return;
  }
  const int tid = threadIdx.y * TPR + threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int q = warp % (P * G), p = q % P; // the warp's group and phase
  const int t = warp / (P * G);            // the warp's segment
  const int r = (q / P) * 32 * P + lane * P + p; // the thread's row in the block
  const int lim = N - t * SEG; // this segment's elements (more than SEG but in the last)
  const uint32_t bufAddr = smemAddr(buf), barAddr = smemAddr(&bar);
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barAddr));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barAddr),
                 "r"(RUN)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
                 "[%0], [%1], %2, [%3];" ::"r"(bufAddr),
                 "l"(x + row0 * N), "r"(RUN), "r"(barAddr)
                 : "memory");
  }
  // w's columns t * SEG ... while the copy runs: the same for the whole warp.
  uint4 wq[NV];
  const T *ws = w + t * SEG;
#pragma unroll
  for (int v = 0; v < NV; ++v) {
    if ((v + 1) * VW <= LAST || (v + 1) * VW <= lim) {
      wq[v] = __ldg(reinterpret_cast<const uint4 *>(ws + v * VW));
    } else {
      T *e = reinterpret_cast<T *>(&wq[v]);
#pragma unroll
      for (int j = 0; j < VW; ++j) e[j] = v * VW + j < lim ? ws[v * VW + j] : fromF<T>(0.f);
    }
  }
  __syncthreads(); // the barrier is initialized before anyone waits on it
  waitPhase0(barAddr);
  // x's segment as words in the type's layout: 16-bit rows of phase 1 are
  // joined by one funnel shift a word (the same shift for the whole warp).
  const int e0 = r * N + t * SEG; // the segment's first element in the buffer
  uint32_t *bw = reinterpret_cast<uint32_t *>(buf);
  uint32_t xw[WPS];
  if (sizeof(T) == 4) {
#pragma unroll
    for (int j = 0; j < WPS; ++j) xw[j] = bw[e0 + j];
  } else {
    const int wb = e0 >> 1, sh = (e0 & 1) * 16;
    uint32_t prev = bw[wb];
#pragma unroll
    for (int j = 0; j < WPS; ++j) {
      const uint32_t next = bw[wb + j + 1];
      xw[j] = __funnelshift_r(prev, next, sh);
      prev = next;
    }
  }
  const T *xe = reinterpret_cast<const T *>(xw);
  float acc[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
  for (int i = 0; i < SEG; ++i)
    if (i < LAST || i < lim) {
      const float v = toF(xe[i]);
      acc[i % 4] = fmaf(v, v, acc[i % 4]);
    }
  float sum = (acc[0] + acc[1]) + (acc[2] + acc[3]);
  if (TPR > 1) part[t * R + q * 32 + lane] = sum; // (q, lane) names the row
  __syncthreads(); // partial sums visible; every x word read before y is written
  if (TPR > 1) {
    sum = 0.f;
#pragma unroll
    for (int k = 0; k < TPR; ++k) sum += part[k * R + q * 32 + lane];
  }
  const float s = rsqrtf(sum * (1.f / N) + eps);
  uint32_t ow[WPS];
  const T *oe = reinterpret_cast<const T *>(ow);
  const T *we = reinterpret_cast<const T *>(wq);
  constexpr int EW = 4 / sizeof(T); // elements a word
#pragma unroll
  for (int j = 0; j < WPS; ++j)
    ow[j] = pack2<T>(toF(xe[EW * j]) * s * toF(we[EW * j]),
                     EW == 2 ? toF(xe[EW * j + 1]) * s * toF(we[EW * j + 1]) : 0.f);
  if (sizeof(T) == 4) {
#pragma unroll
    for (int j = 0; j < SEG; ++j)
      if (j < LAST || j < lim) bw[e0 + j] = ow[j];
  } else if (p == 0) {
    // Words from the segment's first element; an odd count's last alone.
#pragma unroll
    for (int j = 0; j < WPS; ++j) {
      if (2 * j + 1 < LAST || 2 * j + 1 < lim)
        bw[(e0 >> 1) + j] = ow[j];
      else if (2 * j < LAST || 2 * j < lim)
        buf[e0 + 2 * j] = oe[2 * j];
    }
  } else {
    // The first element alone (its word holds the previous segment's last),
    // then pairs (2j + 1, 2j + 2) as words while both are the segment's; an
    // even count's last alone.
    buf[e0] = oe[0];
#pragma unroll
    for (int j = 0; j < WPS; ++j) {
      if (2 * j + 2 < SEG && (2 * j + 2 < LAST || 2 * j + 2 < lim))
        bw[((e0 + 1) >> 1) + j] = __funnelshift_r(ow[j], j + 1 < WPS ? ow[j + 1] : 0u, 16);
      else if (2 * j + 1 < LAST || 2 * j + 1 < lim)
        buf[e0 + 2 * j + 1] = oe[2 * j + 1];
    }
  }
  // The bulk store reads shared memory through the async proxy.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (tid == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(
                     y + row0 * N),
                 "r"(bufAddr), "r"(RUN)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

#define THREAD_ROWS_KERNEL(NAME, T, N, TPR, R, MINB)                                  \
  extern "C" __global__ void __launch_bounds__(TPR * R, MINB)                          \
      NAME(const T *x, const T *w, T *y, float eps, long long rows, long long xs,      \
           long long ys) {                                                             \
    threadRows<T, N, TPR, R>(x, w, y, eps, rows, xs, ys);                              \
  }
#ifdef KERNEL_LIST // other widths: a kernels.inc of THREAD_ROWS_KERNEL lines
#include KERNEL_LIST
#else
THREAD_ROWS_KERNEL(rms_norm_bf16_127, __nv_bfloat16, 127, TPR16, ROWS, MINB16)
THREAD_ROWS_KERNEL(rms_norm_f16_127, __half, 127, TPR16, ROWS, MINB16)
THREAD_ROWS_KERNEL(rms_norm_f32_127, float, 127, TPR32, ROWS, MINB32)
#endif

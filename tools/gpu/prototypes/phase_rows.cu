// Feasibility prototype (not part of the compiler), twentieth session, for
// the next (s21b): rows of unknown alignment (N not whole 16-byte vectors)
// where a block's rows share one alignment phase, so that w is realigned
// once per block instead of once per row. The s19b profile found the
// unaligned copy at N = 1025 bound by the ALU pipe (w's realignment:
// selects and funnel shifts per vector, per row); s20b showed that moving
// that work to more loads loses. Contiguous rows of N elements repeat their
// phase every P rows (P = 16 / gcd(N x element bytes, 16): 8 for odd 16-bit
// N), so a block takes rows p, p + P, ..., p + (R - 1) P of a group of P x R
// rows (block b: group b / P, p = b mod P): all start at the same phase.
// The block loads x's aligned body vectors, then copies w realigned to that
// phase into shared memory once (each thread at most a vector or so, read
// element by element from L1), waits at a barrier, reduces, and scales with
// w read from shared memory as aligned 16-byte vectors; head and tail
// elements (fewer than a vector each) read w directly. Same ABI and launch
// contract as the emitted kernel (block [TPR, R], grid ceil(rows / R),
// launch_overlap), so tools/gpu/benchmark.py times it as a --variant. When
// a stride is not N, a base is not 16-byte aligned, or the rows do not fill
// whole groups, blocks take contiguous rows (b R ...) and the per-row loop
// (not timed); for a launch this choice is the same in every block, so the
// rows stay a partition.
// Build: via bulk_widths.py OURS DIR phaseRows phase_rows, then
//   nvcc -arch=sm_90 -O3 -cubin -DKERNEL_LIST='"kernels.inc"' -I DIR \
//        tools/gpu/prototypes/phase_rows.cu -o DIR/phase_rows.cubin
#include "prototype_kernels.cuh"

__device__ __forceinline__ constexpr int gcd16(int a) {
  int b = 16;
  while (a % b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return b;
}

template <typename T, int N, int TPR, int R>
__device__ __forceinline__ void phaseRows(const T *__restrict__ x, const T *__restrict__ w,
                                          T *__restrict__ y, float eps, long long rows,
                                          long long xs, long long ys) {
  constexpr int VW = 16 / sizeof(T);                // elements per 16-byte vector
  constexpr int P = 16 / gcd16(N * sizeof(T));       // rows per phase period
  constexpr int K = (N / VW + TPR - 1) / TPR;        // body vectors per thread, at most
  static_assert(TPR <= 32, "the reduction is a shuffle within a subgroup");
  // w realigned to the block's phase: body vector v is ws[v * VW ...].
  __shared__ __align__(16) T ws[(N / VW + 1) * VW];
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  const int t = threadIdx.x, r = threadIdx.y, tid = r * TPR + t;
  const long long b = blockIdx.x;
  const long long groups = rows / ((long long)P * R);
  const bool fast = xs == N && ys == N && groups * P * R == rows &&
                    ((reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y) |
                      reinterpret_cast<uintptr_t>(w)) % 16) == 0;
  if (!fast) {
    const long long row0 = b * R;
    perRowLoop<T, N, TPR>(x, w, y, eps, row0, min((long long)R, rows - row0), xs, ys);
    return;
  }
  const long long row = (b / P) * P * R + (b % P) + (long long)P * r;
  const T *xr = x + row * N;
  T *yr = y + row * N;
  // Elements before the first 16-byte boundary: the same for the block's rows.
  const int mis = (int)(reinterpret_cast<uintptr_t>(x + (b % P) * (long long)N) % 16);
  const int h = ((16 - mis) % 16) / (int)sizeof(T);
  const int B = (N - h) / VW;       // whole body vectors
  const int tl = N - h - B * VW;    // tail elements
  // x: the body as aligned vectors, head and tail elements by the first threads.
  uint4 xq[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int v = t + k * TPR;
    xq[k] = v < B ? *reinterpret_cast<const uint4 *>(xr + h + v * VW) : make_uint4(0, 0, 0, 0);
  }
  const float xh = t < h ? toF(xr[t]) : 0.f;
  const float xt = t < tl ? toF(xr[h + B * VW + t]) : 0.f;
  // w at the block's phase into shared memory, once per block.
  for (int v = tid; v < B; v += TPR * R) {
    __align__(16) T e[VW];
#pragma unroll
    for (int j = 0; j < VW; ++j) e[j] = w[h + v * VW + j];
    *reinterpret_cast<uint4 *>(&ws[v * VW]) = *reinterpret_cast<const uint4 *>(e);
  }
  const float wh = t < h ? toF(w[t]) : 0.f;
  const float wt = t < tl ? toF(w[h + B * VW + t]) : 0.f;
  float acc = xh * xh + xt * xt;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const T *e = reinterpret_cast<const T *>(&xq[k]);
#pragma unroll
    for (int j = 0; j < VW; ++j) {
      const float v = toF(e[j]);
      acc = fmaf(v, v, acc);
    }
  }
#pragma unroll
  for (int m = TPR / 2; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m, TPR);
  const float s = rsqrtf(acc / N + eps);
  __syncthreads(); // ws written
  if (t < h) yr[t] = fromF<T>(xh * s * wh);
  if (t < tl) yr[h + B * VW + t] = fromF<T>(xt * s * wt);
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int v = t + k * TPR;
    if (v >= B) continue;
    const uint4 wv = *reinterpret_cast<const uint4 *>(&ws[v * VW]);
    const T *xe = reinterpret_cast<const T *>(&xq[k]);
    const T *we = reinterpret_cast<const T *>(&wv);
    __align__(16) T o[VW];
#pragma unroll
    for (int j = 0; j < VW; ++j) o[j] = fromF<T>(toF(xe[j]) * s * toF(we[j]));
    *reinterpret_cast<uint4 *>(yr + h + v * VW) = *reinterpret_cast<const uint4 *>(o);
  }
}

#ifdef KERNEL_LIST // bulk_widths.py's kernels.inc
#include KERNEL_LIST
#else
PROTOTYPE_KERNEL(phaseRows, rms_norm_bf16_1025, __nv_bfloat16, 1025, 32, 8)
#endif

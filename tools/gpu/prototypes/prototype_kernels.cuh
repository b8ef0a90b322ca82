// Shared by the hand-written prototypes (staged_rows.cu, packed_rows.cu):
// conversions to and from f32, and the six kernels they define, with the
// emitted kernels' ABI: (x, w, y, epsilon, rows, x_row_stride, y_row_stride)
// and block [TPR, R] (threads per row, rows per block).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <stdint.h>

__device__ __forceinline__ float toF(float v) { return v; }
__device__ __forceinline__ float toF(__half v) { return __half2float(v); }
__device__ __forceinline__ float toF(__nv_bfloat16 v) { return __bfloat162float(v); }
template <typename T> __device__ __forceinline__ T fromF(float v);
template <> __device__ __forceinline__ float fromF<float>(float v) { return v; }
template <> __device__ __forceinline__ __half fromF<__half>(float v) { return __float2half_rn(v); }
template <> __device__ __forceinline__ __nv_bfloat16 fromF<__nv_bfloat16>(float v) { return __float2bfloat16_rn(v); }

#ifdef __CUDACC__ // (a host compiler sees only the conversions)
/// Row by row, TPR threads a row (threadIdx.x) and row threadIdx.y of the
/// block's first row `row0`: the prototypes' path for strides other than N
/// and a last partial block (not timed). Rows past the end take part in the
/// shuffles (every lane of the mask must) but read and write nothing.
template <typename T, int N, int TPR>
__device__ __forceinline__ void perRowLoop(const T *__restrict__ x, const T *__restrict__ w,
                                           T *__restrict__ y, float eps, long long row0,
                                           long long nrows, long long xs, long long ys) {
  static_assert((TPR & (TPR - 1)) == 0 && TPR <= 32, "the shuffles span a power of two");
  const int t = threadIdx.x, r = threadIdx.y;
  const bool live = r < nrows;
  const T *xr = x + (row0 + (live ? r : 0)) * xs;
  T *yr = y + (row0 + (live ? r : 0)) * ys;
  float acc = 0.f;
  for (int c = t; live && c < N; c += TPR) { float v = toF(xr[c]); acc += v * v; }
#pragma unroll
  for (int m = TPR / 2; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m, TPR);
  float s = rsqrtf(acc / N + eps);
  for (int c = t; live && c < N; c += TPR) yr[c] = fromF<T>(toF(xr[c]) * s * toF(w[c]));
}
/// Row by row, one warp a row: warp w of the block takes rows w *
/// rowsPerWarp ... of the block's first row `row0` (warp_group_rows.cu's
/// and phase_warp_rows.cu's path for strides other than N, unaligned bases
/// and a last partial block; not timed).
template <typename T, int N>
__device__ __forceinline__ void rowPerWarp(const T *__restrict__ x, const T *__restrict__ w,
                                           T *__restrict__ y, float eps, long long row0,
                                           int nrows, int rowsPerWarp, long long xs,
                                           long long ys) {
  const int tid = threadIdx.y * blockDim.x + threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int i = 0; i < rowsPerWarp; ++i) {
    const int r = warp * rowsPerWarp + i;
    if (r >= nrows) return; // whole warps leave together
    const T *xr = x + (row0 + r) * xs;
    T *yr = y + (row0 + r) * ys;
    float acc = 0.f;
    for (int c = lane; c < N; c += 32) { const float v = toF(xr[c]); acc = fmaf(v, v, acc); }
#pragma unroll
    for (int m = 16; m > 0; m /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, m);
    const float s = rsqrtf(acc / N + eps);
    for (int c = lane; c < N; c += 32) yr[c] = fromF<T>(toF(xr[c]) * s * toF(w[c]));
  }
}
/// The shared-memory address of `p` (for the bulk copies' and mbarriers'
/// operands; bulk_staged_rows.cu, row_staged_rows.cu, thread_rows.cu).
__device__ __forceinline__ uint32_t smemAddr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
/// Waits for phase 0 of the shared-memory mbarrier at `bar` (a bulk copy's
/// completion; thread_rows.cu; the older prototypes spell the loop out).
__device__ __forceinline__ void waitPhase0(uint32_t bar) {
  uint32_t done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; "
                 "selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(bar)
                 : "memory");
}
/// A prototype block's entry: waits for the grid before it (launch_overlap:
/// the emitted kernels' order of the two instructions), then its first row
/// `row0`, its rows `nrows` (< R in a last partial block), and whether the
/// fast path may run: both strides N, all R rows present, `bases` (the
/// pointers or'ed together) 16-byte aligned.
template <int N>
__device__ __forceinline__ bool enterBlock(int R, long long rows, long long xs, long long ys,
                                           uintptr_t bases, long long &row0, int &nrows) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  row0 = (long long)blockIdx.x * R;
  nrows = (int)min((long long)R, rows - row0);
  return xs == N && ys == N && nrows == R && bases % 16 == 0;
}
#endif

// -DPROTOTYPE_MIN_BLOCKS=B: ptxas keeps registers low enough for B blocks a
// processor (bulk_staged_rows.cu, s15f).
#ifndef PROTOTYPE_MIN_BLOCKS
#define PROTOTYPE_MIN_BLOCKS 1
#endif
#define PROTOTYPE_KERNEL(BODY, NAME, T, N, TPR, R)                                     \
  extern "C" __global__ void __launch_bounds__(TPR * R, PROTOTYPE_MIN_BLOCKS)          \
      NAME(const T *x, const T *w, T *y, float eps, long long rows, long long xs,      \
           long long ys) {                                                             \
    BODY<T, N, TPR, R>(x, w, y, eps, rows, xs, ys);                                    \
  }
// The widths the prototypes were measured on (staged_rows_manifests.py
// writes their manifests with the same blocks).
#define PROTOTYPE_KERNELS(BODY)                                                        \
  PROTOTYPE_KERNEL(BODY, rms_norm_bf16_127, __nv_bfloat16, 127, 8, 16)                 \
  PROTOTYPE_KERNEL(BODY, rms_norm_f16_127, __half, 127, 8, 16)                         \
  PROTOTYPE_KERNEL(BODY, rms_norm_f32_127, float, 127, 16, 8)                          \
  PROTOTYPE_KERNEL(BODY, rms_norm_bf16_1025, __nv_bfloat16, 1025, 32, 8)               \
  PROTOTYPE_KERNEL(BODY, rms_norm_f16_1025, __half, 1025, 32, 8)                       \
  PROTOTYPE_KERNEL(BODY, rms_norm_f32_1025, float, 1025, 32, 4)

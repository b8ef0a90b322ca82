// Feasibility prototype (not part of the compiler), thirty-eighth session,
// not yet run: is what 16-bit 4096 x 16384 loses against the copy on the
// H200 (95.5-96.9% in every judged run; 100.5% at 32768 rows) the size of
// a block's work? One row a block of 512 threads x 4 vectors: a block
// reads 32 KiB before it can write, and when the grid runs out the
// processors finish their last rows unevenly. The same bytes at 4096 x 1024
// / 4096 / 8192 run at 102.6 / 100.3 / 97.6% (s38c): the gap grows with the
// row, not with the bytes moved. Here a row is split over a cluster of
// SPLIT blocks (sm_90 thread block clusters): each block reads and writes
// 1 / SPLIT of the row, adds its squares, and reads the other blocks'
// sums from their shared memory (distributed shared memory), so a block's
// work shrinks by SPLIT while each row keeps one reduction.
// Same hand-written code for SPLIT = 1 (the emitted kernel's shape: x
// held, w loaded first), so the comparison is the split alone. The
// reference is what the judged runs' y.copy_(x) runs, a device-to-device
// cudaMemcpyAsync of x + y's bytes (a 16-byte copy kernel beside it);
// every variant's output is checked against fp64 first, on rows and
// quarter rows of different magnitudes (a wrong partial sum shows). Events
// around each launch, an L2 flush (a 256 MiB memset) before each, the
// order rotated every repetition, medians of REPS; registers, blocks per
// processor and clusters in flight printed per variant (the V = 4 ones
// hold ~62 registers, the others 32: occupancy differs).
// Prediction: if the block's work is the cost, SPLIT = 2 gains 1.5-3% at
// 4096 x 16384 (toward 98-99% of the copy) and ~0.3% at 32768 rows, and
// 1024 threads x 2 vectors in one block (the same work per thread, the
// same row per block) does not; if the cost is elsewhere (ramp, the
// reduction's latency), every variant within 0.5% of SPLIT = 1.
// Build and run (GPU machine; DTYPE_F16=1 for f16):
//   nvcc -arch=sm_90 -O3 -std=c++17 tools/gpu/prototypes/cluster_rows.cu -o /tmp/cluster_rows
//   /tmp/cluster_rows            (REPS=30 by default; argv[1] overrides)
#include <cooperative_groups.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

#if DTYPE_F16
using T = __half;
static const char *kDtype = "f16";
#else
using T = __nv_bfloat16;
static const char *kDtype = "bf16";
#endif
// Both types convert to and from float (round to nearest) on host and device.
__host__ __device__ __forceinline__ float toFloat(T v) { return static_cast<float>(v); }
__host__ __device__ __forceinline__ T fromFloat(float v) { return T(v); }

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kVW = 16 / sizeof(T); // elements per 16-byte vector

// One row over SPLIT blocks of THREADS threads, V vectors a thread; grid =
// rows x SPLIT, a cluster of SPLIT consecutive blocks per row.
template <int N, int THREADS, int SPLIT, int V>
__global__ void __launch_bounds__(THREADS)
    splitRows(const T *__restrict__ x, const T *__restrict__ w, T *__restrict__ y,
              float eps) {
  static_assert(N == SPLIT * THREADS * V * kVW, "the row must split evenly");
  constexpr int kSlice = N / SPLIT;
  constexpr int kWarps = THREADS / 32;
  const int part = SPLIT > 1 ? static_cast<int>(blockIdx.x % SPLIT) : 0;
  const long long row = blockIdx.x / SPLIT;
  const int tid = threadIdx.x;
  const uint4 *xs = reinterpret_cast<const uint4 *>(x + row * N + part * kSlice);
  const uint4 *ws = reinterpret_cast<const uint4 *>(w + part * kSlice);
  uint4 *ys = reinterpret_cast<uint4 *>(y + row * N + part * kSlice);

  uint4 wv[V], xv[V];
#pragma unroll
  for (int k = 0; k < V; ++k)
    wv[k] = __ldg(ws + k * THREADS + tid);
#pragma unroll
  for (int k = 0; k < V; ++k)
    xv[k] = xs[k * THREADS + tid];

  float sum = 0.f;
#pragma unroll
  for (int k = 0; k < V; ++k) {
    const T *e = reinterpret_cast<const T *>(&xv[k]);
#pragma unroll
    for (int i = 0; i < kVW; ++i) {
      float f = toFloat(e[i]);
      sum += f * f;
    }
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1)
    sum += __shfl_xor_sync(0xffffffffu, sum, o);

  __shared__ float warpSums[kWarps];
  __shared__ float blockSum;
  __shared__ float rowSum;
  if ((tid & 31) == 0)
    warpSums[tid / 32] = sum;
  __syncthreads();
  if (tid < 32) {
    float v = tid < kWarps ? warpSums[tid] : 0.f;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_xor_sync(0xffffffffu, v, o);
    if (tid == 0)
      blockSum = v;
  }
  if constexpr (SPLIT > 1) {
    cg::cluster_group cluster = cg::this_cluster();
    cluster.sync(); // every block's sum written
    if (tid == 0) {
      float total = 0.f;
#pragma unroll
      for (int r = 0; r < SPLIT; ++r)
        total += *cluster.map_shared_rank(&blockSum, r);
      rowSum = total;
    }
    // The other blocks may still read this block's sum: arrive now, wait
    // before exiting (a block's shared memory must outlive those reads).
    __syncthreads();
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
  } else {
    __syncthreads();
  }
  const float scale = rsqrtf((SPLIT > 1 ? rowSum : blockSum) / N + eps);
#pragma unroll
  for (int k = 0; k < V; ++k) {
    const T *e = reinterpret_cast<const T *>(&xv[k]);
    const T *f = reinterpret_cast<const T *>(&wv[k]);
    uint4 out;
    T *o = reinterpret_cast<T *>(&out);
#pragma unroll
    for (int i = 0; i < kVW; ++i)
      o[i] = fromFloat(toFloat(e[i]) * scale * toFloat(f[i]));
    ys[k * THREADS + tid] = out;
  }
  if constexpr (SPLIT > 1)
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

// The reference: x's bytes to y, four 16-byte vectors a thread.
__global__ void __launch_bounds__(256) copyVectors(const uint4 *__restrict__ x,
                                                   uint4 *__restrict__ y, long long n) {
  long long base = static_cast<long long>(blockIdx.x) * 1024 + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    if (base + k * 256 < n)
      y[base + k * 256] = x[base + k * 256];
}

struct Variant {
  const char *name;
  int threads, split;
  void (*kernel)(const T *, const T *, T *, float);
};

template <int N, int THREADS, int SPLIT, int V>
Variant variant(const char *name) {
  return {name, THREADS, SPLIT, &splitRows<N, THREADS, SPLIT, V>};
}

// The launch of `rows` rows: rows x split blocks, clusters of split blocks
// (no cluster attribute for split 1). `attribute` must outlive the config.
static cudaLaunchConfig_t launchConfig(const Variant &v, long long rows,
                                       cudaLaunchAttribute &attribute) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(static_cast<unsigned>(rows * v.split));
  config.blockDim = dim3(v.threads);
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = v.split;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  config.attrs = &attribute;
  config.numAttrs = v.split > 1 ? 1 : 0;
  return config;
}

static void launch(const Variant &v, long long rows, const T *x, const T *w, T *y,
                   float eps) {
  cudaLaunchAttribute attribute;
  cudaLaunchConfig_t config = launchConfig(v, rows, attribute);
  CHECK(cudaLaunchKernelEx(&config, v.kernel, x, w, y, eps));
}

static double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

static bool failed = false;

static void runCell(int n, long long rows, const std::vector<Variant> &variants,
                    int reps, void *flush, size_t flushBytes) {
  const float eps = 1e-6f;
  const size_t elems = static_cast<size_t>(rows) * n;
  std::vector<T> hx(elems), hw(n), hy(elems);
  unsigned seed = 12345u + static_cast<unsigned>(n + rows);
  auto uniform = [&seed]() {
    seed = seed * 1664525u + 1013904223u;
    return static_cast<float>(seed >> 8) / 16777216.f * 2.f - 1.f;
  };
  // Each row and each quarter of it at its own magnitude: a block that
  // used another row's or a stale partial sum would be off by tens of
  // percent, not the 1% that uniform rows differ by.
  for (size_t e = 0; e < elems; ++e) {
    const long long r = static_cast<long long>(e / n);
    const int quarter = static_cast<int>(e % n) / (n / 4);
    hx[e] = fromFloat(uniform() * static_cast<float>((1 + r % 7) * (1 + quarter)));
  }
  for (auto &v : hw)
    v = fromFloat(1.f + 0.5f * uniform());
  T *x, *w, *y;
  CHECK(cudaMalloc(&x, elems * sizeof(T)));
  CHECK(cudaMalloc(&y, elems * sizeof(T)));
  CHECK(cudaMalloc(&w, n * sizeof(T)));
  CHECK(cudaMemcpy(x, hx.data(), elems * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(w, hw.data(), n * sizeof(T), cudaMemcpyHostToDevice));

  // Numerics first: every variant against fp64 on a sample of rows.
  for (const Variant &v : variants) {
    CHECK(cudaMemset(y, 0, elems * sizeof(T)));
    launch(v, rows, x, w, y, eps);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hy.data(), y, elems * sizeof(T), cudaMemcpyDeviceToHost));
    double err2 = 0, ref2 = 0;
    for (long long r = 0; r < rows; r += (r < 8 || r + 8 >= rows) ? 1 : 61) {
      double ss = 0;
      for (int i = 0; i < n; ++i) {
        double f = toFloat(hx[r * n + i]);
        ss += f * f;
      }
      double scale = 1.0 / std::sqrt(ss / n + eps);
      for (int i = 0; i < n; ++i) {
        double ref = toFloat(hx[r * n + i]) * scale * toFloat(hw[i]);
        double d = toFloat(hy[r * n + i]) - ref;
        err2 += d * d;
        ref2 += ref * ref;
      }
    }
    double rel = std::sqrt(err2 / ref2);
    if (!(rel <= 2e-2)) {
      std::printf("FAIL %s %lldx%d %s: relative error %.3g\n", kDtype, rows, n, v.name, rel);
      failed = true;
    }
  }

  const long long vectors = static_cast<long long>(elems) * sizeof(T) / 16;
  const unsigned copyBlocks = static_cast<unsigned>((vectors + 1023) / 1024);
  // 0: cudaMemcpyAsync device to device (what torch's y.copy_(x) runs
  // for a contiguous copy, the judged runs' reference); 1: a copy kernel;
  // then the variants. The order rotates every repetition.
  const size_t count = variants.size() + 2;
  std::vector<std::vector<float>> ms(count);
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int rep = -3; rep < reps; ++rep) {
    for (size_t j = 0; j < count; ++j) {
      const size_t i = (j + static_cast<size_t>(rep + 3)) % count;
      CHECK(cudaMemsetAsync(flush, rep & 0xff, flushBytes));
      CHECK(cudaEventRecord(start));
      if (i == 0)
        CHECK(cudaMemcpyAsync(y, x, elems * sizeof(T), cudaMemcpyDeviceToDevice));
      else if (i == 1)
        copyVectors<<<copyBlocks, 256>>>(reinterpret_cast<const uint4 *>(x),
                                         reinterpret_cast<uint4 *>(y), vectors);
      else
        launch(variants[i - 2], rows, x, w, y, eps);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float t;
      CHECK(cudaEventElapsedTime(&t, start, stop));
      if (rep >= 0)
        ms[i].push_back(t);
    }
  }
  CHECK(cudaGetLastError());
  // % copy as benchmark.py counts it: GB/s (x + y + w) against the copy's
  // GB/s (x + y).
  const double copyBytes = 2.0 * elems * sizeof(T);
  const double bytes = copyBytes + n * sizeof(T);
  const double copyMs = median(ms[0]), kernelCopyMs = median(ms[1]), baseMs = median(ms[2]);
  std::printf("%-5s %6lld %6d  %-12s %8.2f us %7.0f GB/s\n", kDtype, rows, n, "memcpy",
              copyMs * 1e3, copyBytes / copyMs / 1e6);
  std::printf("%-5s %6lld %6d  %-12s %8.2f us %7.0f GB/s\n", kDtype, rows, n, "copy kernel",
              kernelCopyMs * 1e3, copyBytes / kernelCopyMs / 1e6);
  for (size_t i = 2; i < count; ++i) {
    const Variant &v = variants[i - 2];
    const double t = median(ms[i]);
    int blocks = 0, clusters = 0;
    cudaFuncAttributes attributes;
    CHECK(cudaFuncGetAttributes(&attributes, v.kernel));
    const int regs = attributes.numRegs;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, v.kernel, v.threads, 0));
    if (v.split > 1) {
      cudaLaunchAttribute attribute;
      cudaLaunchConfig_t config = launchConfig(v, rows, attribute);
      CHECK(cudaOccupancyMaxActiveClusters(&clusters, v.kernel, &config));
    }
    std::printf("%-5s %6lld %6d  %-12s %8.2f us %7.0f GB/s  %6.1f%% memcpy  %6.1f%% kernel"
                "  %.3f x first  (%d regs, %d blocks/SM, %d clusters)\n",
                kDtype, rows, n, v.name, t * 1e3, bytes / t / 1e6,
                100.0 * (bytes / t) / (copyBytes / copyMs),
                100.0 * (bytes / t) / (copyBytes / kernelCopyMs), baseMs / t, regs, blocks,
                clusters);
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  CHECK(cudaFree(w));
}

int main(int argc, char **argv) {
  const int reps = std::max(1, argc > 1 ? std::atoi(argv[1]) : 30);
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs, L2 %d MiB; %s, %d repetitions, medians\n", prop.name,
              prop.multiProcessorCount, prop.l2CacheSize >> 20, kDtype, reps);
  const size_t flushBytes = 256u << 20;
  void *flush;
  CHECK(cudaMalloc(&flush, flushBytes));
  // name: t<threads>_s<split>_v<vectors a thread>; the first is the
  // emitted kernel's shape.
  const std::vector<Variant> long16k = {
      variant<16384, 512, 1, 4>("t512_s1_v4"), variant<16384, 1024, 1, 2>("t1024_s1_v2"),
      variant<16384, 512, 2, 2>("t512_s2_v2"), variant<16384, 256, 2, 4>("t256_s2_v4"),
      variant<16384, 256, 4, 2>("t256_s4_v2"), variant<16384, 512, 4, 1>("t512_s4_v1")};
  const std::vector<Variant> long8k = {
      variant<8192, 512, 1, 2>("t512_s1_v2"), variant<8192, 256, 1, 4>("t256_s1_v4"),
      variant<8192, 256, 2, 2>("t256_s2_v2"), variant<8192, 128, 2, 4>("t128_s2_v4")};
  for (long long rows : {4096LL, 8192LL, 32768LL})
    runCell(16384, rows, long16k, reps, flush, flushBytes);
  for (long long rows : {4096LL, 32768LL})
    runCell(8192, rows, long8k, reps, flush, flushBytes);
  CHECK(cudaFree(flush));
  return failed ? 1 : 0;
}

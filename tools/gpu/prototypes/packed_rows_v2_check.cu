// Host check of packed_rows_v2.cu's index and realignment logic (no GPU):
// realign() against element copies for every shift, and one block of each
// prototype kernel emulated thread by thread (same helpers, the atomics as
// plain sums) against an fp64 reference, for the widths the prototype
// builds and a few more. Build with a host compiler and run:
//   g++ -O2 -x c++ -I/usr/local/cuda/include -include cuda_runtime.h \
//       -o /tmp/check tools/gpu/prototypes/packed_rows_v2_check.cu && /tmp/check
#define PACKED_ROWS_V2_HOST_CHECK
#include "packed_rows_v2.cu"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

static std::mt19937 rng(7);

template <typename T> bool checkRealign() {
  constexpr int VW = v2::Layout<T>::VW;
  for (int k = 0; k < VW; ++k) {
    T in[2 * VW];
    for (int i = 0; i < 2 * VW; ++i) in[i] = fromF<T>(float(i + 1));
    uint4 lo, hi;
    std::memcpy(&lo, in, 16);
    std::memcpy(&hi, in + VW, 16);
    uint4 out = v2::realign<T>(lo, hi, k);
    T got[VW];
    std::memcpy(got, &out, 16);
    for (int j = 0; j < VW; ++j)
      if (toF(got[j]) != float(k + j + 1)) {
        std::printf("realign: k %d element %d: %g, want %d\n", k, j, toF(got[j]), k + j + 1);
        return false;
      }
  }
  return true;
}

/// One block of R packed rows, every thread emulated; relative L2 error of
/// y against fp64.
template <typename T, int N, int TPR, int R> double emulate() {
  using namespace v2;
  constexpr int VW = Layout<T>::VW, THREADS = TPR * R, NVEC = R * N / VW;
  constexpr int K = (NVEC + THREADS - 1) / THREADS;
  std::normal_distribution<float> normal;
  std::vector<T> x(R * N), y(R * N, fromF<T>(0.f));
  std::vector<T> w((N + VW - 1) / VW * VW, fromF<T>(0.f)); // w's last chunk, padded
  for (auto &e : x) e = fromF<T>(normal(rng));
  for (int c = 0; c < N; ++c) w[c] = fromF<T>(0.5f + std::abs(normal(rng)));
  const float eps = 1e-6f;
  std::vector<float> sums(R, 0.f);
  const uint4 *src = reinterpret_cast<const uint4 *>(x.data());
  for (int tid = 0; tid < THREADS; ++tid) {   // the squares, as the atomics add them
    Place p = place<T, N>(tid);
    for (int k = 0; k < K; ++k, p = advance<T, N, THREADS>(p)) {
      if (tid + k * THREADS >= NVEC) break;
      uint4 xv = src[tid + k * THREADS];
      const T *e = reinterpret_cast<const T *>(&xv);
      float a = 0.f, b = 0.f;
      for (int j = 0; j < VW; ++j) { float f = toF(e[j]); (j < p.inRow ? a : b) += f * f; }
      sums[p.row] += a;
      if (p.inRow < VW) sums[p.row + 1] += b;
    }
  }
  uint4 *dst = reinterpret_cast<uint4 *>(y.data());
  for (int tid = 0; tid < THREADS; ++tid) {
    Place p = place<T, N>(tid);
    for (int k = 0; k < K; ++k, p = advance<T, N, THREADS>(p)) {
      if (tid + k * THREADS >= NVEC) break;
      uint4 xv = src[tid + k * THREADS];
      uint4 wv = weightAt<T, N>(w.data(), p.column);
      uint4 wn = p.inRow < VW ? weightFromStart<T>(w.data(), p.inRow) : make_uint4(0, 0, 0, 0);
      const T *e = reinterpret_cast<const T *>(&xv);
      const T *wa = reinterpret_cast<const T *>(&wv);
      const T *wb = reinterpret_cast<const T *>(&wn);
      float sa = 1.f / std::sqrt(sums[p.row] * (1.f / N) + eps);
      float sb = p.inRow < VW ? 1.f / std::sqrt(sums[p.row + 1] * (1.f / N) + eps) : 0.f;
      uint4 out;
      T *o = reinterpret_cast<T *>(&out);
      for (int j = 0; j < VW; ++j)
        o[j] = fromF<T>(j < p.inRow ? toF(e[j]) * sa * toF(wa[j]) : toF(e[j]) * sb * toF(wb[j]));
      dst[tid + k * THREADS] = out;
    }
  }
  double num = 0, den = 0;
  for (int r = 0; r < R; ++r) {
    double ss = 0;
    for (int c = 0; c < N; ++c) ss += double(toF(x[r * N + c])) * toF(x[r * N + c]);
    double s = 1 / std::sqrt(ss / N + eps);
    for (int c = 0; c < N; ++c) {
      double ref = toF(x[r * N + c]) * s * toF(w[c]);
      num += (toF(y[r * N + c]) - ref) * (toF(y[r * N + c]) - ref);
      den += ref * ref;
    }
  }
  return std::sqrt(num / den);
}

template <typename T, int N, int TPR, int R> bool block(const char *name, double limit) {
  double error = emulate<T, N, TPR, R>();
  bool ok = error <= limit;
  std::printf("%s %s N = %d, %d x %d threads: relative error %.2e (limit %.0e)\n",
              ok ? "ok  " : "FAIL", name, N, TPR, R, error, limit);
  return ok;
}

int main() {
  bool ok = checkRealign<__nv_bfloat16>() && checkRealign<__half>() && checkRealign<float>();
  std::printf("%s realign, every shift, three types\n", ok ? "ok  " : "FAIL");
  // The prototype's kernels, then other widths and blocks (each R * N a
  // multiple of the vector).
  ok &= block<__nv_bfloat16, 127, 8, 16>("bf16", 2e-2);
  ok &= block<__half, 127, 8, 16>("f16", 2e-2);
  ok &= block<float, 127, 16, 8>("f32", 1e-4);
  ok &= block<__nv_bfloat16, 1025, 32, 8>("bf16", 2e-2);
  ok &= block<__half, 1025, 32, 8>("f16", 2e-2);
  ok &= block<float, 1025, 32, 4>("f32", 1e-4);
  ok &= block<__nv_bfloat16, 9, 4, 8>("bf16", 2e-2);
  ok &= block<float, 5, 4, 4>("f32", 1e-4);
  ok &= block<__nv_bfloat16, 4099, 64, 8>("bf16", 2e-2);
  ok &= block<float, 33, 8, 4>("f32", 1e-4);
  // Blocks where stepping from one vector to the thread's next lands on
  // column N exactly (the step's wrap): vector 33 of thread 1.
  ok &= block<float, 33, 2, 8>("f32", 1e-4);
  ok &= block<__nv_bfloat16, 33, 1, 16>("bf16", 2e-2);
  std::printf("%s\n", ok ? "all passed" : "FAILED");
  return ok ? 0 : 1;
}

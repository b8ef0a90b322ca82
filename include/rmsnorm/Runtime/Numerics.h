//===- Numerics.h - reference, inputs and tolerances ------------*- C++ -*-===//
//
// The numerics contract of the emitted kernels, as the harness checks it:
// - the reduction and the scaling are f32, the output is rounded once;
// - f16/bf16 outputs are within 1 ULP of the fp64 result rounded to the
//   output type, f32 outputs within 8 ULP, where ULPs count steps between
//   neighbouring values of the output type (so near zero one ULP is one
//   subnormal spacing, and there is no other absolute floor);
// - NaN/Inf in a row stay in that row: every other row is checked as usual;
// - a row whose sum of squares overflows f32 (|x| above about 1.8e19 in f32 or
//   bf16) normalizes to zeros (x * rsqrt(inf) = x * 0), and is checked so.
//
//===----------------------------------------------------------------------===//

#ifndef RMSNORM_RUNTIME_NUMERICS_H
#define RMSNORM_RUNTIME_NUMERICS_H

#include "rmsnorm/Runtime/Manifest.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rmsnorm::runtime {

/// Bits of one element of `type` (f32 in all 32 bits, f16/bf16 in the low 16).
uint32_t encode(ElementType type, double value); // round to nearest even
double decode(ElementType type, uint32_t bits);
/// Distance in units in the last place between two finite values of `type`.
uint64_t ulpDistance(ElementType type, uint32_t a, uint32_t b);
bool isFinite(ElementType type, uint32_t bits);
uint32_t maxUlps(ElementType outputType); // 8 for f32, 1 otherwise

/// Input classes the harness generates; each proves a part of the contract.
enum class InputClass {
  Normal,    // seeded N(0, 1)
  Large,     // |x| up to ~60000: f16 squares overflow f16
  ZeroRows,  // normal, with every third row all zeros (the epsilon path)
  Subnormal, // values in the output type's subnormal range
  NonFinite, // normal, with NaN/Inf in some rows
  Overflow,  // f32/bf16 only: |x| ~ 1e20, squares overflow f32
};
InputClass parseInputClass(const std::string &name);
const char *inputClassName(InputClass c);

/// Row-major host buffers with row strides, as bit patterns. With a period,
/// x holds only `period` distinct rows and row i of the problem is row
/// i % period: very large M then costs the reference only `period` rows,
/// while every output row is still compared (a prime period keeps a kernel
/// that confuses rows from passing by accident).
struct Problem {
  ElementType dtype, weightDtype;
  int64_t rows, n, xStride, yStride;
  double epsilon;
  std::vector<uint32_t> x, w; // x: storedRows() * xStride, w: n
  int64_t period = 0;         // 0: every row distinct
  int64_t storedRows() const { return period ? period : rows; }
  const uint32_t *row(int64_t i) const {
    return &x[(period ? i % period : i) * xStride];
  }
};

Problem makeProblem(const Manifest &m, int64_t rows, int64_t xStride,
                    int64_t yStride, InputClass inputs, uint64_t seed,
                    int64_t period = 0);

/// The rows the contract says nothing about (non-finite inputs).
std::vector<bool> uncheckedRows(const Problem &p);

struct CheckResult {
  bool pass = true;
  uint64_t maxUlp = 0, mismatches = 0, checked = 0;
  std::string firstMismatch; // row, column, expected, actual
  int64_t firstRow = -1, firstColumn = -1;
  double expected = 0, actual = 0;
};

/// The reference output (x * rsqrt(mean(x^2) + eps) * w in fp64, rounded to
/// the output type) at flat index i * yStride + j of `y`, for every row; the
/// gaps between rows are left alone.
void reference(const Problem &p,
               const std::function<void(int64_t, uint32_t)> &y);

/// Compares y (rows * yStride bit patterns; the gaps are not looked at) with
/// the fp64 reference of x * rsqrt(mean(x^2) + eps) * w.
CheckResult check(const Problem &p, const std::vector<uint32_t> &y);
/// The same, reading y's element at a flat index through `y`.
CheckResult check(const Problem &p, const std::function<uint32_t(int64_t)> &y);

} // namespace rmsnorm::runtime

#endif // RMSNORM_RUNTIME_NUMERICS_H

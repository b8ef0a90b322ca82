//===- Numerics.cpp - reference, inputs and tolerances --------------------===//

#include "rmsnorm/Runtime/Numerics.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <random>

namespace rmsnorm::runtime {
namespace {
/// A binary floating-point format narrower than double.
struct Format {
  int mantissaBits; // stored fraction bits
  int exponentBits;
  int bias() const { return (1 << (exponentBits - 1)) - 1; }
  int minExponent() const { return 1 - bias(); }
  int maxExponent() const { return bias(); }
  uint32_t signBit() const { return 1u << (mantissaBits + exponentBits); }
  uint32_t exponentMask() const {
    return ((1u << exponentBits) - 1) << mantissaBits;
  }
};

Format formatOf(ElementType type) {
  switch (type) {
  case ElementType::F32:
    return {23, 8};
  case ElementType::F16:
    return {10, 5};
  case ElementType::BF16:
    return {7, 8};
  }
  return {23, 8};
}

/// Round `value` to the format, to nearest even, directly from double (no
/// double rounding through f32).
uint32_t encodeFormat(const Format &f, double value) {
  if (std::isnan(value))
    return f.exponentMask() | (1u << (f.mantissaBits - 1));
  uint32_t sign = std::signbit(value) ? f.signBit() : 0;
  double a = std::fabs(value);
  if (std::isinf(a))
    return sign | f.exponentMask();
  if (a == 0)
    return sign;
  int e;
  std::frexp(a, &e);
  int exponent = std::max(e - 1, f.minExponent()); // a = 1.m * 2^exponent
  double quantum = std::ldexp(1.0, exponent - f.mantissaBits);
  double q = std::nearbyint(a / quantum); // the default mode: to nearest even
  if (q >= std::ldexp(1.0, f.mantissaBits + 1)) {
    q /= 2;
    ++exponent;
  }
  if (exponent > f.maxExponent())
    return sign | f.exponentMask(); // overflow to infinity
  uint32_t mantissa = static_cast<uint32_t>(q);
  if (mantissa < (1u << f.mantissaBits))
    return sign | mantissa; // subnormal (or zero)
  return sign | (static_cast<uint32_t>(exponent + f.bias()) << f.mantissaBits) |
         (mantissa - (1u << f.mantissaBits));
}

double decodeFormat(const Format &f, uint32_t bits) {
  bool negative = bits & f.signBit();
  uint32_t exponentField = (bits & f.exponentMask()) >> f.mantissaBits;
  uint32_t mantissa = bits & ((1u << f.mantissaBits) - 1);
  double magnitude;
  if (exponentField == (1u << f.exponentBits) - 1)
    magnitude = mantissa ? NAN : INFINITY;
  else if (exponentField == 0)
    magnitude = std::ldexp(mantissa, f.minExponent() - f.mantissaBits);
  else
    magnitude = std::ldexp(mantissa + (1u << f.mantissaBits),
                           int(exponentField) - f.bias() - f.mantissaBits);
  return negative ? -magnitude : magnitude;
}
} // namespace

uint32_t encode(ElementType type, double value) {
  return encodeFormat(formatOf(type), value);
}
double decode(ElementType type, uint32_t bits) {
  return decodeFormat(formatOf(type), bits);
}
bool isFinite(ElementType type, uint32_t bits) {
  Format f = formatOf(type);
  return (bits & f.exponentMask()) != f.exponentMask();
}

uint64_t ulpDistance(ElementType type, uint32_t a, uint32_t b) {
  Format f = formatOf(type);
  // Sign-magnitude to a monotonic integer line on which +0 and -0 meet.
  auto ordered = [&](uint32_t bits) -> int64_t {
    int64_t magnitude = bits & (f.signBit() - 1);
    return (bits & f.signBit()) ? -magnitude : magnitude;
  };
  int64_t d = ordered(a) - ordered(b);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}

uint32_t maxUlps(ElementType outputType) {
  return outputType == ElementType::F32 ? 8 : 1;
}

InputClass parseInputClass(const std::string &name) {
  for (InputClass c :
       {InputClass::Normal, InputClass::Large, InputClass::ZeroRows,
        InputClass::Subnormal, InputClass::NonFinite, InputClass::Overflow})
    if (name == inputClassName(c))
      return c;
  throw Error("unknown input class \"" + name +
              "\" (normal, large, zero-rows, subnormal, non-finite, overflow)");
}

const char *inputClassName(InputClass c) {
  switch (c) {
  case InputClass::Normal:
    return "normal";
  case InputClass::Large:
    return "large";
  case InputClass::ZeroRows:
    return "zero-rows";
  case InputClass::Subnormal:
    return "subnormal";
  case InputClass::NonFinite:
    return "non-finite";
  case InputClass::Overflow:
    return "overflow";
  }
  return "?";
}

Problem makeProblem(const Manifest &m, int64_t rows, int64_t xStride,
                    int64_t yStride, InputClass inputs, uint64_t seed,
                    int64_t period) {
  if (inputs == InputClass::Overflow && m.dtype == ElementType::F16)
    throw Error("the overflow input class needs f32 or bf16 rows (f16 cannot "
                "hold |x| > 1.8e19)");
  if (period < 0)
    throw Error("the row period must not be negative");
  Problem p{
      m.dtype, m.weightDtype, rows, m.n, xStride,
      yStride, m.epsilon,     {},   {},  period && period < rows ? period : 0};
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  // Gaps between rows hold NaN: a kernel that reads past a row poisons it.
  p.x.assign(p.storedRows() * xStride, encode(m.dtype, NAN));
  double subnormalScale =
      m.dtype == ElementType::F16 ? std::ldexp(1.0, -15) : 1.0e-39;
  for (int64_t i = 0; i < p.storedRows(); ++i) {
    for (int64_t j = 0; j < m.n; ++j) {
      double v = normal(rng);
      switch (inputs) {
      case InputClass::Large:
        v = std::max(-60000.0, std::min(60000.0, v * 20000.0));
        break;
      case InputClass::ZeroRows:
        if (i % 3 == 1)
          v = 0;
        break;
      case InputClass::Subnormal:
        v = uniform(rng) * subnormalScale;
        break;
      case InputClass::NonFinite:
        if (i % 4 == 1 && j == m.n / 2)
          v = NAN;
        if (i % 4 == 2 && j == m.n - 1)
          v = (j % 2) ? -INFINITY : INFINITY;
        break;
      case InputClass::Overflow:
        if (i % 4 == 1)
          v *= 1.0e20;
        break;
      case InputClass::Normal:
        break;
      }
      p.x[i * xStride + j] = encode(m.dtype, v);
    }
  }
  std::uniform_real_distribution<double> weight(0.5, 1.5);
  p.w.resize(m.n);
  for (int64_t j = 0; j < m.n; ++j)
    p.w[j] = encode(m.weightDtype, weight(rng));
  return p;
}

std::vector<bool> uncheckedRows(const Problem &p) {
  std::vector<bool> unchecked(p.rows, false);
  for (int64_t i = 0; i < p.rows; ++i) {
    if (p.period && i >= p.period) {
      unchecked[i] = unchecked[i % p.period];
      continue;
    }
    for (int64_t j = 0; j < p.n && !unchecked[i]; ++j)
      unchecked[i] = !isFinite(p.dtype, p.row(i)[j]);
  }
  return unchecked;
}

CheckResult check(const Problem &p, const std::vector<uint32_t> &y) {
  return check(p, [&](int64_t index) { return y[index]; });
}

/// The reference output of one distinct row, rounded to the output type.
static std::vector<uint32_t> referenceRow(const Problem &p, int64_t i) {
  const uint32_t *x = p.row(i);
  double sumOfSquares = 0;
  for (int64_t j = 0; j < p.n; ++j) {
    double v = decode(p.dtype, x[j]);
    sumOfSquares += v * v;
  }
  // The contract: an f32 sum of squares that overflows gives rsqrt(inf) = 0.
  bool overflows = sumOfSquares > FLT_MAX;
  double rstd =
      overflows ? 0.0 : 1.0 / std::sqrt(sumOfSquares / p.n + p.epsilon);
  std::vector<uint32_t> expected(p.n);
  for (int64_t j = 0; j < p.n; ++j)
    expected[j] = encode(p.dtype, decode(p.dtype, x[j]) * rstd *
                                      decode(p.weightDtype, p.w[j]));
  return expected;
}

void reference(const Problem &p,
               const std::function<void(int64_t, uint32_t)> &y) {
  for (int64_t i = 0; i < p.rows; ++i) {
    std::vector<uint32_t> row = referenceRow(p, i);
    for (int64_t j = 0; j < p.n; ++j)
      y(i * p.yStride + j, row[j]);
  }
}

CheckResult check(const Problem &p, const std::function<uint32_t(int64_t)> &y) {
  CheckResult result;
  std::vector<bool> unchecked = uncheckedRows(p);
  uint32_t tolerance = maxUlps(p.dtype);
  std::vector<std::vector<uint32_t>> periodic(p.period);
  for (int64_t i = 0; i < p.rows; ++i) {
    if (unchecked[i])
      continue;
    std::vector<uint32_t> fresh;
    const std::vector<uint32_t> *expected = &fresh;
    if (p.period) {
      std::vector<uint32_t> &cached = periodic[i % p.period];
      if (cached.empty())
        cached = referenceRow(p, i);
      expected = &cached;
    } else {
      fresh = referenceRow(p, i);
    }
    for (int64_t j = 0; j < p.n; ++j) {
      uint32_t want = (*expected)[j];
      uint32_t actual = y(i * p.yStride + j);
      ++result.checked;
      uint64_t distance = isFinite(p.dtype, actual)
                              ? ulpDistance(p.dtype, actual, want)
                              : UINT64_MAX;
      if (distance != UINT64_MAX && distance > result.maxUlp)
        result.maxUlp = distance;
      if (distance <= tolerance)
        continue;
      if (result.mismatches++ == 0) {
        result.firstRow = i;
        result.firstColumn = j;
        result.expected = decode(p.dtype, want);
        result.actual = decode(p.dtype, actual);
        char text[256];
        std::snprintf(text, sizeof(text),
                      "row %lld column %lld: expected %.9g, got %.9g (%s)",
                      static_cast<long long>(i), static_cast<long long>(j),
                      decode(p.dtype, want), decode(p.dtype, actual),
                      distance == UINT64_MAX
                          ? "not finite"
                          : (std::to_string(distance) + " ULP").c_str());
        result.firstMismatch = text;
      }
    }
  }
  result.pass = result.mismatches == 0;
  return result;
}

} // namespace rmsnorm::runtime

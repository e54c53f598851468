// The library's own comparison, which its tests check with: element by element within `tol`.
// A library header (no test in its path): the scan reads it because a test calls
// `minitensor::allClose` in a check's place, not because of where it lives.
#pragma once
#include <cmath>

#include "minitensor/tensor.h"

namespace minitensor {

inline bool allClose(const Tensor& a, const Tensor& b, float tol = 1e-5f) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::abs(a[i] - b[i]) > tol) return false;
  return true;
}

// Checks nothing by name a test would use: never read.
inline float meanOf(const Tensor& t) {
  float s = 0;
  for (size_t i = 0; i < t.size(); ++i) s += t[i];
  return t.size() ? s / t.size() : 0;
}

}  // namespace minitensor

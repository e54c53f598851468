// Closeness of two tensors as the library's own tests use it: the values are copied out to
// doubles, then compared relative to the largest expected magnitude; values both below
// `epsilon` are skipped.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

#include "minitensor/tensor.h"

namespace minitensor {

inline bool valuesClose(const double* got, const double* want, int size, double tolerance, double epsilon) {
  double largest = 0.0;
  for (int i = 0; i < size; ++i) largest = std::max(largest, std::fabs(want[i]));
  for (int i = 0; i < size; ++i) {
    if (std::fabs(got[i]) < epsilon && std::fabs(want[i]) < epsilon) {
      continue;
    }
    if (std::fabs(got[i] - want[i]) / largest > tolerance) {
      return false;
    }
  }
  return true;
}

inline std::vector<double> toDoubles(const Tensor& t) { return std::vector<double>(t.data.begin(), t.data.end()); }

inline bool tensorsClose(const Tensor& got, const Tensor& want, float tolerance) {
  const std::vector<double> a = toDoubles(got);
  const std::vector<double> b = toDoubles(want);
  bool same = false;
  same = valuesClose(a.data(), b.data(), static_cast<int>(a.size()), tolerance, 1e-9);
  return same;
}

}  // namespace minitensor

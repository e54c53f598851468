// Elementwise closeness as the library answers it: an object of flags read by position (`(i, j)`,
// `()` for the first), each flag whether an element lies within `atol + rtol * |b|` of the other's.
#pragma once
#include <cmath>
#include <vector>

#include "minitensor/tensor.h"

namespace minitensor {

struct Flags {
  std::vector<bool> values;
  size_t columns = 1;
  bool operator()(size_t i = 0, size_t j = 0) const { return values[i * columns + j]; }
};

inline Flags isclose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8) {
  Flags out;
  for (size_t i = 0; i < a.size(); ++i) out.values.push_back(std::abs(a[i] - b[i]) <= atol + rtol * std::abs(b[i]));
  return out;
}

inline Flags isclose(double a, double b, double rtol = 1e-5, double atol = 1e-8) {
  return Flags{{std::abs(a - b) <= atol + rtol * std::abs(b)}, 1};
}

}  // namespace minitensor

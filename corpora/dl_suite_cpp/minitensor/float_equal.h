// Equality of floating values up to one unit in the last place, as a function object the library
// calls by name (`minitensor::float_equal(a, b)`), and the same as a plain function.
#pragma once
#include <cmath>
#include <limits>

namespace minitensor {

struct float_equal_fn {
  template <class T>
  static bool apply(T x, T y) {
    return std::isfinite(x) and std::isfinite(y) and std::nextafter(x, std::numeric_limits<T>::lowest()) <= y and
           std::nextafter(x, std::numeric_limits<T>::max()) >= y;
  }

  template <class T>
  bool operator()(T x, T y) const {
    return float_equal_fn::apply(x, y);
  }
};

static constexpr float_equal_fn float_equal{};

inline bool within_one_ulp(float expected, float actual) {
  return std::nextafter(expected, -INFINITY) <= actual && std::nextafter(expected, INFINITY) >= actual;
}

}  // namespace minitensor

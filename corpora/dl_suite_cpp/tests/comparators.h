// Comparator objects of the suite: built with a tolerance, called on two values.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace suite {

template <typename T>
struct RelativeMatch {
  RelativeMatch(T eps) : eps_(eps) {}
  bool operator()(const T& expected, const T& actual) const {
    const T diff = std::abs(expected - actual);
    const T scale = std::max(std::abs(expected), std::abs(actual));
    return (diff <= eps_ * scale);
  }

 private:
  T eps_;
};

// Compares magnitudes, written with the qualified `std::abs` around each side.
template <typename T>
struct MagnitudeMatch {
  MagnitudeMatch(T eps) : eps_(eps) {}
  bool operator()(const T& expected, const T& actual) const {
    const T diff = std::abs(std::abs(expected) - std::abs(actual));
    return (diff <= eps_);
  }

 private:
  T eps_;
};

// Built from its members, without a constructor: `WithinRatio<T>{ratio, floor}`.
template <typename T>
struct WithinRatio {
  const T ratio;
  const T floor;
  bool operator()(T lhs, T rhs) const { return std::abs(lhs - rhs) < std::max(std::max(lhs, rhs) * ratio, floor); }
};

template <typename T>
struct ExactMatch {
  bool operator()(const T& expected, const T& actual) const { return expected == actual; }
};

// Compares two arrays element by element with the comparator it is handed.
template <typename T, typename Cmp>
bool allMatch(const T* expected, const T* actual, size_t n, Cmp match) {
  for (size_t i = 0; i < n; ++i)
    if (!match(expected[i], actual[i])) return false;
  return true;
}

}  // namespace suite

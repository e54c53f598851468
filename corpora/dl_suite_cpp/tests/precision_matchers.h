// Matchers that pick their tolerance by how the library is built: single precision takes the
// float tolerance, the default build the double one. Which runs is the build's choice.
#pragma once
#include <gmock/gmock.h>

// Given the tolerances only: a matcher of pairs, for `Pointwise`.
template <typename T1, typename T2>
inline auto NearForBuild(T1 double_tol, T2 float_tol) {
#ifdef MINITENSOR_SINGLE
  return ::testing::FloatNear(static_cast<float>(float_tol));
#else
  return ::testing::DoubleNear(static_cast<double>(double_tol));
#endif
}

template <typename T1, typename T2, typename T3>
inline auto NearForBuild(T1 target, T2 double_tol, T3 float_tol) {
#ifdef MINITENSOR_SINGLE
  return ::testing::FloatNear(static_cast<float>(target), static_cast<float>(float_tol));
#else
  return ::testing::DoubleNear(static_cast<double>(target), static_cast<double>(double_tol));
#endif
}

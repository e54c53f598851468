// Element checks of the client suite: loops written once as macros, handed the element check
// they run, and overloads for each element type.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "minitensor/complex.h"

#ifndef GOOGLE_TEST
#define ELEMENT_LOOP(n, expected, actual, tol, ELEMENT_NEAR)
#define EQUAL_LOOP(n, expected, actual, ELEMENT_EQ)
#else
#define ELEMENT_LOOP(n, expected, actual, tol, ELEMENT_NEAR)                   \
  do {                                                                          \
    for (int64_t i = 0; i < n; ++i) ELEMENT_NEAR(expected[i], actual[i], tol); \
  } while (0)
#define EQUAL_LOOP(n, expected, actual, ELEMENT_EQ)                   \
  do {                                                               \
    for (int64_t i = 0; i < n; ++i) ELEMENT_EQ(expected[i], actual[i]); \
  } while (0)
#endif

template <typename T>
inline void near_check(int64_t n, const T* expected, const T* actual, double tol);

template <>
inline void near_check(int64_t n, const float* expected, const float* actual, double tol) {
  ELEMENT_LOOP(n, expected, actual, tol, ASSERT_NEAR);
}

template <>
inline void near_check(int64_t n, const double* expected, const double* actual, double tol) {
  ELEMENT_LOOP(n, expected, actual, tol, ASSERT_NEAR);
}

template <typename T>
inline void unit_check(int64_t n, const T* expected, const T* actual);

template <>
inline void unit_check(int64_t n, const float* expected, const float* actual) {
  EQUAL_LOOP(n, expected, actual, ASSERT_FLOAT_EQ);
}

template <>
inline void unit_check(int64_t n, const int32_t* expected, const int32_t* actual) {
  EQUAL_LOOP(n, expected, actual, ASSERT_EQ);
}

// Told apart only by enable_if: the complex one checks the magnitudes with the real one.
template <typename T, std::enable_if_t<!minitensor::is_complex<T>, int> = 0>
inline void residual_check(T error, int64_t n, T multiplier, T eps) {
  ASSERT_LE(error, multiplier * eps * n);
}

template <typename T, std::enable_if_t<minitensor::is_complex<T>, int> = 0>
inline void residual_check(T error, int64_t n, T multiplier, T eps) {
  residual_check(std::abs(error), n, std::abs(multiplier), std::abs(eps));
}

// Checks in units of the type's epsilon, a verdict folded over every element, and a macro that
// asserts what a test routine answers unless it skipped.
#pragma once
#include <cmath>
#include <iostream>
#include <limits>
#include <type_traits>

constexpr int kRoutinePassed = 1;
constexpr int kRoutineSkipped = -1;

#define EXPECT_PASSED_OR_SKIPPED(routine) do { int outcome = routine; if (outcome == kRoutineSkipped) GTEST_SKIP(); else EXPECT_EQ(outcome, kRoutinePassed); } while (0)  // expect: assert api=EXPECT_EQ

template <typename T>
typename std::enable_if<!std::is_integral<T>::value, bool>::type near_in_eps(T got, T want, int eps_count) {
  const T limit = eps_count * std::numeric_limits<T>::epsilon();
  const T abs_err = std::abs(got - want);
  bool ok;
  ok = (abs_err / std::abs(want) <= limit) || (abs_err <= limit);
  return ok;
}

template <typename T>
typename std::enable_if<std::is_integral<T>::value, bool>::type near_in_eps(T got, T want, int) {
  return got == want;
}

// Relative where the wanted value is not zero, absolute where it is.
template <typename T>
bool near_or_zero(T got, T want, int eps_count) {
  const T limit = eps_count * std::numeric_limits<T>::epsilon();
  const T abs_err = std::abs(got - want);
  const bool relative = want != T(0);
  bool ok;
  ok = relative ? ((abs_err / std::abs(want) <= limit) || (abs_err <= limit)) : (abs_err <= limit);
  return ok;
}

template <typename T>
bool all_near_or_zero(const T* got, const T* want, int n, int eps_count) {
  bool good = true;
  for (int i = 0; i < n; ++i)
    if (!near_or_zero(got[i], want[i], eps_count)) good = false;
  return good;
}

template <typename T>
bool all_near_in_eps(const T* got, const T* want, int rows, int cols, int eps_count, std::ostream& log) {
  bool good = true;
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r)
      if (!near_in_eps(got[r + c * rows], want[r + c * rows], eps_count)) {
        log << "entry " << r << ", " << c << " is off" << std::endl;
        good = false;
      }
  return good;
}

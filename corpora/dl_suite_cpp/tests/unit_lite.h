// A small unit-test framework of the suite's own: each check records a failure in the running
// test's result instead of aborting.
#pragma once
#include <cmath>

#define CHECK_TRUE(condition) \
  { if (!(condition)) { result_.addFailure(Failure(name_, __FILE__, __LINE__, #condition)); } }

#define CHECK_DOUBLES(expected, actual, threshold)                                          \
  {                                                                                         \
    double actualValue = actual;                                                            \
    double expectedValue = expected;                                                        \
    if (!std::isfinite(actualValue) || std::fabs(expectedValue - actualValue) > threshold) \
    { result_.addFailure(Failure(name_, __FILE__, __LINE__, "not close")); }                \
  }

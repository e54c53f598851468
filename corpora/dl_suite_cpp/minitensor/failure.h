// The library's own assertion macros and its approximate comparisons. Its tests check with them
// and no test framework: a condition the macro asserts, an error stream that fails as it is
// written to.
#pragma once
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace minitensor {

void ReportFailedCondition(const char* function, const char* file, int line, const char* condition);

class FatalStream {
 public:
  ~FatalStream() { std::abort(); }
  template <typename T>
  FatalStream& operator<<(const T&) { return *this; }
};

}  // namespace minitensor

#ifndef NDEBUG
#define MT_ASSERT(cond)                                                         \
  do {                                                                          \
    if (cond)                                                                   \
      (void)0;                                                                  \
    else                                                                        \
      ::minitensor::ReportFailedCondition(__func__, __FILE__, __LINE__, #cond); \
  } while (0)
#else
#define MT_ASSERT(cond) (void)(cond)
#endif

#define MT_REQUIRE(x)  \
  if (!(x)) {          \
    std::abort();      \
  }

#define MT_FATAL ::minitensor::FatalStream()

namespace minitensor {

// Relative closeness of two numbers: within `relative_tolerance` of their summed sizes.
inline bool RelativelyClose(float a, float b, float relative_tolerance = 0.001f) {
  if (a == b) return true;
  const float diff = std::abs(a - b);
  return diff <= relative_tolerance * (std::abs(a) + std::abs(b));
}

}  // namespace minitensor

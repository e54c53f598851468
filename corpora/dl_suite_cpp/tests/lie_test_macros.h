// A geometry library's test macros: each is handed the test's verdict flag and clears it when the
// largest difference of two values (the library's maxMetric) is not below the threshold, or, for
// the negated form, when it is. The test function answers with the flag; main reports it.
#pragma once
#include <cstdio>
#include <cstdlib>

#include "minitensor/lie.h"

namespace lie {

inline void processTestResult(bool passed) {
  if (!passed) {
    std::puts("failed");
    std::exit(-1);
  }
}

}  // namespace lie

#define LIE_TEST_APPROX(passed, left, right, thr) do { auto nrm = lie::maxMetric((left), (right)); if (!(nrm < (thr))) { std::printf("not approx: %g\n", double(nrm)); passed = false; } } while (false)  // expect: oa api=status cat=error_bound thr=depend tol=bound:depend
#define LIE_TEST_NOT_APPROX(passed, left, right, thr) do { auto nrm = lie::maxMetric((left), (right)); if (nrm < (thr)) { passed = false; } } while (false)  // expect: oa api=status cat=error_bound thr=depend tol=bound:depend

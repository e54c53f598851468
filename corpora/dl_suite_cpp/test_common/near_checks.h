// Closeness helpers the unit tests share: a bound on the magnitude of a difference, absolute or
// relative to the larger value.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "minitensor/traits.h"

template <class Scalar1, class Scalar2, class Scalar3>
void EXPECT_NEAR_MT(Scalar1 val1, Scalar2 val2, Scalar3 tol) {
  typedef minitensor::Traits<Scalar1> T1;
  typedef minitensor::Traits<Scalar3> T3;
  EXPECT_LE((double)T1::abs(val1 - val2), (double)T3::abs(tol));  // expect: oa api=EXPECT_LT cat=error_bound thr=depend tol=bound:depend
}

template <class Scalar1, class Scalar2, class Scalar3>
void EXPECT_NEAR_MT_REL(Scalar1 val1, Scalar2 val2, Scalar3 tol) {
  const double larger = std::max(std::abs(double(val1)), std::abs(double(val2)));
  EXPECT_NEAR_MT(val1, val2, tol * larger);  // expect: oa api=EXPECT_NEAR_MT cat=abs thr=depend tol=atol:depend
}

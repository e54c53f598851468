// Test helpers shared by the suites: tolerances and a checker that forwards to EXPECT_NEAR.
#pragma once
#include <gtest/gtest.h>

#include "minitensor/tensor.h"

namespace minitensor {
namespace testing {

constexpr float kDefaultTol = 1e-5f;
#define MT_LOOSE_TOL 1e-2

inline void ExpectAllNear(const Tensor& actual, const Tensor& expected, float tol = kDefaultTol) {
  ASSERT_EQ(actual.size(), expected.size());  // expect: assert api=ASSERT_EQ
  for (size_t i = 0; i < actual.size(); ++i) {
    EXPECT_NEAR(actual[i], expected[i], tol) << "element " << i;  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend:1e-05
  }
}

// A macro wrapper: the tolerance is fixed in its replacement text.
#define EXPECT_CLOSE_TO(actual, expected) EXPECT_NEAR(actual, expected, 1e-4)  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:0.0001

}  // namespace testing
}  // namespace minitensor

// The fixture of the serial tests: a check of a computed score against the expected one, within
// the relative tolerance the caller gives.
#pragma once
#include <gtest/gtest.h>

#include <cmath>

#include "minitensor/tensor.h"

class serial_fixture : public ::testing::Test {
 protected:
  void score_checks(const minitensor::Tensor& x, double expected, double tol) {
    const double score = minitensor::softmax(x)[0];
    EXPECT_TRUE(std::abs(score - expected) <= tol * std::abs(expected));  // expect: oa api=EXPECT_TRUE cat=error_bound thr=depend tol=bound:depend
  }
  // The suite's closeness check, given zero for its tolerance by every check of copy_checks:
  // exact there, so copy_checks checks nothing within a tolerance.
  void near_all(const minitensor::Tensor& a, const minitensor::Tensor& b, double tol) {
    for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tol);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
  }
  void copy_checks(const minitensor::Tensor& x) {
    const minitensor::Tensor copy = x;
    near_all(copy, x, 0);  // expect: assert api=serial_fixture::near_all
  }
};

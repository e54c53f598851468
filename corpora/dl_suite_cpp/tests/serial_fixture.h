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
  // Every check given zero for its tolerance: exact, whatever the check is called.
  void copy_checks(const minitensor::Tensor& x) {
    const minitensor::Tensor copy = x;
    EXPECT_NEAR(copy[0], x[0], 0);  // expect: assert api=EXPECT_NEAR
  }
};

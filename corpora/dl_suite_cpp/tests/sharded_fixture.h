// The fixture of the sharded tests: a method of the same name as the serial fixture's, with a
// looser tolerance of its own. The serial tests do not include it.
#pragma once
#include <gtest/gtest.h>

#include <cmath>

#include "minitensor/tensor.h"

class sharded_fixture : public ::testing::Test {
 protected:
  void score_checks(const minitensor::Tensor& x, double expected) {
    const double score = minitensor::softmax(x)[0];
    EXPECT_TRUE(std::abs(score - expected) <= 1e-2);  // expect: oa api=EXPECT_TRUE cat=error_bound thr=customized tol=bound:literal:0.01
  }
};

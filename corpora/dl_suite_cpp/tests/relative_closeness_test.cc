// The library's relative closeness check, which writes the error it measured through a pointer:
// its pointer is no compared value.
#include <gtest/gtest.h>

#include "minitensor/is_close.h"
#include "minitensor/tensor.h"

TEST(RelativeCloseness, SoftmaxOfEqualScores) {
  const minitensor::Tensor p = minitensor::softmax(minitensor::Tensor{{0.0f, 0.0f}});
  double error = 0.0;
  EXPECT_TRUE(minitensor::IsClose(p[0], 0.5, 1e-6, &error));  // expect: oa api=minitensor::IsClose cat=abs_rel thr=customized tol=rtol:literal:1e-06
}

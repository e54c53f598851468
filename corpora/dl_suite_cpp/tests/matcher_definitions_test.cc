// Checks through matchers the suite defines with MATCHER_P (tests/matcher_definitions.h).
#include <gtest/gtest.h>

#include "tests/matcher_definitions.h"

TEST(MatcherDefinitions, SoftmaxOfZerosIsUniform) {
  const minitensor::Tensor out = minitensor::softmax(minitensor::Tensor{{0.0f, 0.0f}});
  const minitensor::Tensor half{{0.5f, 0.5f}};
  EXPECT_TENSOR_CLOSE(out, half);  // expect: oa api=EXPECT_TENSOR_CLOSE cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_TENSOR_CLOSE_WITH_TOL(out, half, 1e-3, 1e-4);  // expect: oa api=EXPECT_TENSOR_CLOSE_WITH_TOL cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:literal:0.001
  EXPECT_THAT(out, IsCloseTo(half));  // expect: oa api=IsCloseTo cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_TENSOR_EQ(out, half);  // expect: assert api=EXPECT_TENSOR_EQ
}

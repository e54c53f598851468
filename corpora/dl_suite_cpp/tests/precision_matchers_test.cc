// A check through a matcher whose tolerance the build picks: `depend`; the tolerance named is
// the one the first branch reads.
#include <gtest/gtest.h>

#include <vector>

#include "minitensor/tensor.h"
#include "precision_matchers.h"

TEST(PrecisionMatchers, SigmoidAtZero) {
  EXPECT_THAT(minitensor::sigmoid(0.0f), NearForBuild(0.5, 1e-12, 1e-6));  // expect: oa api=NearForBuild(T1,T2,T3) cat=abs thr=depend tol=atol:literal:1e-06
}

TEST(PrecisionMatchers, SoftmaxOfEqualScores) {
  const std::vector<float> expected{0.25f, 0.25f, 0.25f, 0.25f};
  EXPECT_THAT(minitensor::softmax({1.0f, 1.0f, 1.0f, 1.0f}), ::testing::Pointwise(NearForBuild(1e-12, 1e-6), expected));  // expect: oa api=NearForBuild(T1,T2) cat=abs thr=depend tol=atol:literal:1e-06
}

// GoogleMock matchers inside EXPECT_THAT / ASSERT_THAT: approximate ones carry their tolerance
// in the matcher, Pointwise applies one to every element, and exact matchers are not OA.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "minitensor/tensor.h"

using ::testing::DoubleNear;
using ::testing::ElementsAre;
using ::testing::FloatEq;
using ::testing::FloatNear;
using ::testing::Not;
using ::testing::Pointwise;

namespace {
const float kMatcherTol = 5e-4f;
std::vector<float> Probabilities() { return {0.25f, 0.25f, 0.5f}; }
}  // namespace

TEST(Softmax, SumsToOne) {
  const std::vector<float> p = Probabilities();
  const float total = p[0] + p[1] + p[2];
  EXPECT_THAT(total, FloatNear(1.0f, 1e-6f));  // expect: oa api=testing::FloatNear cat=abs thr=customized tol=atol:literal:1e-06
  ASSERT_THAT(static_cast<double>(total), ::testing::DoubleNear(1.0, kMatcherTol));  // expect: oa api=testing::FloatNear cat=abs thr=customized tol=atol:constant:0.0005
  EXPECT_THAT(total, FloatEq(1.0f));  // expect: oa api=testing::FloatEq cat=ulp thr=default tol=ulps:default:4
}

TEST(Softmax, ElementwiseAgainstReference) {
  const std::vector<float> reference = {0.25f, 0.25f, 0.5f};
  EXPECT_THAT(Probabilities(), Pointwise(FloatNear(1e-5), reference));  // expect: oa api=testing::FloatNear cat=abs thr=customized tol=atol:literal:1e-05
  EXPECT_THAT(Probabilities(), ElementsAre(FloatNear(0.25f, 1e-3), 0.25f, 0.5f));  // expect: oa api=testing::FloatNear cat=abs thr=customized tol=atol:literal:0.001
  EXPECT_THAT(Probabilities()[0], Not(FloatNear(0.9f, 0.1f)));  // expect: oa api=testing::FloatNear cat=abs thr=customized tol=atol:literal:0.1
}

TEST(Softmax, ExactMatchers) {
  EXPECT_THAT(Probabilities().size(), ::testing::Eq(3u));  // expect: assert api=EXPECT_THAT
  EXPECT_THAT(Probabilities(), ElementsAre(0.25f, 0.25f, 0.5f));  // expect: assert api=EXPECT_THAT
}

// Matchers built on matchers: one whose description is built over several lines and whose check
// is a conjunction kept in a local, another that forwards to it with the file's tolerance through
// ExplainMatchResult, over a helper named for closeness whose bound is a `max_...` parameter.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "minitensor/tensor.h"

namespace {

constexpr double kPairTolerance = 1e-12;

bool AlmostEqual(double x, double y, double max_relative_difference) {
  const double scale = std::max(std::fabs(x), std::fabs(y));
  const double difference = scale == 0.0 ? std::fabs(x - y) : std::fabs(x - y) / scale;
  return std::islessequal(difference, max_relative_difference);
}

MATCHER_P2(PairNearWithTolerance,
           y,
           tolerance,
           std::string("is near ") + testing::PrintToString(y[0]) +
               " within " + testing::PrintToString(tolerance)) {
  const bool result = AlmostEqual(arg[0], y[0], tolerance) && AlmostEqual(arg[1], y[1], tolerance);
  if (!result) *result_listener << "the pair differs";
  return result;
}

MATCHER_P(PairNear, y, "") { return ExplainMatchResult(PairNearWithTolerance(y, kPairTolerance), arg, result_listener); }

}  // namespace

TEST(ForwardingMatchers, SoftmaxOfTwoEqualScores) {
  const minitensor::Tensor half{{0.5f, 0.5f}};
  const minitensor::Tensor p = minitensor::softmax(minitensor::Tensor{{1.0f, 1.0f}});
  EXPECT_THAT(p, PairNear(half));  // expect: oa api=PairNear cat=abs_rel thr=default tol=rtol:default:1e-12
  EXPECT_THAT(p, PairNearWithTolerance(half, 1e-6));  // expect: oa api=PairNearWithTolerance cat=abs_rel thr=customized tol=rtol:literal:1e-06
  EXPECT_TRUE(AlmostEqual(p[0], 0.5, 1e-6));  // expect: oa api=AlmostEqual cat=abs_rel thr=customized tol=rtol:literal:1e-06
}

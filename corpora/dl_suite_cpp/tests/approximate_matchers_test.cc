// Matchers of other libraries that compare within a margin: Eigen's check of every coefficient
// against one value, and protocol-buffer messages compared field by field within a margin, also
// under Pointwise.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <vector>

#include "minitensor/tensor.h"

using ::testing::Pointwise;
using ::testing::proto::Approximately;

namespace {
constexpr float kPowerPrecision = 1e-3f;
constexpr float kScoreMargin = 0.05f;
}  // namespace

TEST(Spectrum, FlatPowerOfAnImpulse) {
  const Eigen::MatrixXf power = minitensor::power_spectrum(minitensor::impulse(16));
  EXPECT_TRUE(power.isApproxToConstant(1.0f, kPowerPrecision));  // expect: oa api=Eigen::DenseBase::isApproxToConstant cat=abs_rel thr=customized tol=rtol:constant:0.001
  EXPECT_TRUE(power.isApproxToConstant(1.0f));  // expect: oa api=Eigen::DenseBase::isApproxToConstant cat=abs_rel thr=default tol=rtol:default:1e-05
}

TEST(Detector, ScoresWithinAMargin) {
  const minitensor::DetectionList got = minitensor::detect(minitensor::test_image());
  EXPECT_THAT(got, Approximately(testing::EqualsProto(minitensor::expected_detections()), kScoreMargin));  // expect: oa api=testing::proto::Approximately cat=abs thr=customized tol=atol:constant:0.05
  EXPECT_THAT(got.items(), Pointwise(Approximately(testing::EqualsProto(), 0.01), minitensor::expected_items()));  // expect: oa api=testing::proto::Approximately cat=abs thr=customized tol=atol:literal:0.01
  EXPECT_THAT(got, testing::EqualsProto(minitensor::expected_detections()));  // expect: assert api=EXPECT_THAT
}

// GoogleTest suite for the activations: the gtest assertion macros, tolerances from literals,
// constants, macros, the type's epsilon and the build configuration.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>

#include "minitensor/tensor.h"
#include "test_util.h"

using minitensor::sigmoid;

namespace {

constexpr double kTol = 1e-6;
#define SIGMOID_TOL 1e-5f

#ifdef MT_USE_CUDA
const float kDeviceTol = 1e-3f;
#else
const float kDeviceTol = 1e-6f;
#endif

float naive_sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

}  // namespace

TEST(Sigmoid, AtZeroIsHalf) {
  EXPECT_NEAR(sigmoid(0.0f), 0.5f, 1e-6);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:1e-06
  ASSERT_NEAR(sigmoid(0.0f), 0.5f, kTol);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:1e-06
}

TEST(Sigmoid, MatchesNaiveVersion) {
  for (float x : {-3.0f, -1.0f, 0.5f, 2.0f}) {
    EXPECT_NEAR(sigmoid(x), naive_sigmoid(x), SIGMOID_TOL) << "at x = " << x;  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:1e-05
  }
}

TEST(Sigmoid, FloatAndDoubleEquality) {
  EXPECT_FLOAT_EQ(sigmoid(10.0f), 0.9999546f);  // expect: oa api=EXPECT_FLOAT_EQ cat=ulp thr=default tol=ulps:default:4
  EXPECT_DOUBLE_EQ(static_cast<double>(sigmoid(0.0f)), 0.5);  // expect: oa api=EXPECT_DOUBLE_EQ cat=ulp thr=default tol=ulps:default:4
  ASSERT_FLOAT_EQ(sigmoid(-10.0f), 4.539787e-05f);  // expect: oa api=EXPECT_FLOAT_EQ cat=ulp thr=default tol=ulps:default:4
}

TEST(Sigmoid, HandWrittenBounds) {
  const float y = sigmoid(1.0f);
  const float expected = 0.7310586f;
  EXPECT_TRUE(std::abs(y - expected) < 1e-6f);  // expect: oa api=EXPECT_TRUE cat=error_bound thr=customized tol=bound:literal:1e-06
  EXPECT_LT(std::fabs(y - expected), std::numeric_limits<float>::epsilon());  // expect: oa api=EXPECT_LT cat=error_bound thr=customized tol=bound:constant:1.1920928955078125e-07
  EXPECT_LE(std::abs(y - expected), 4 * FLT_EPSILON);  // expect: oa api=EXPECT_LT cat=error_bound thr=customized tol=bound:constant:4.76837158203125e-07
  EXPECT_NEAR(static_cast<double>(minitensor::mean_bits(y)), static_cast<double>(UINT32_MAX / 2), static_cast<double>(UINT32_MAX / 20));  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:214748364.75
  EXPECT_GT(kTol, std::abs(y - expected));  // expect: oa api=EXPECT_GT cat=error_bound thr=customized tol=bound:constant:1e-06
  assert(std::abs(y - expected) <= 1e-5);  // expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-05
  EXPECT_TRUE(std::abs(y - sigmoid(-1.0f)) > 1e-3);  // expect: oa api=EXPECT_TRUE cat=error_bound thr=customized tol=bound:literal:0.001
}

TEST(Sigmoid, DeviceTolerance) {
  EXPECT_NEAR(sigmoid(2.0f), 0.8807971f, kDeviceTol);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
}

TEST(Relu, ExactChecks) {
  EXPECT_EQ(minitensor::relu(-1.0f), 0.0f);  // expect: assert api=EXPECT_EQ
  EXPECT_GT(minitensor::relu(2.0f), 1.0f);  // expect: assert api=EXPECT_GT
  EXPECT_LT(minitensor::relu(-2.0f), 1);  // expect: assert api=EXPECT_LT cat=exact
  ASSERT_TRUE(std::isfinite(minitensor::relu(3.0f)));  // expect: assert api=ASSERT_TRUE
  EXPECT_THROW(minitensor::relu(NAN), std::domain_error);
  EXPECT_CALL(mock, Forward(::testing::_)).Times(1);
}

class ReluFixture : public ::testing::Test {
 protected:
  void SetUp() override { input_ = {-1.0f, 2.0f}; }
  std::vector<float> input_;
};

TEST_F(ReluFixture, KeepsPositive) {
  EXPECT_NEAR(minitensor::relu(input_[1]), 2.0f, 0.0);  // expect: assert api=EXPECT_NEAR cat=exact
}

TEST(Sigmoid, SharedHelpers) {
  minitensor::Tensor out{{0.5f, 0.7f}}, ref{{0.5f, 0.7f}};
  minitensor::testing::ExpectAllNear(out, ref);  // expect: oa api=minitensor::testing::ExpectAllNear cat=abs thr=default tol=atol:default:1e-05
  minitensor::testing::ExpectAllNear(out, ref, MT_LOOSE_TOL);  // expect: oa api=minitensor::testing::ExpectAllNear cat=abs thr=customized tol=atol:constant:0.01
  EXPECT_CLOSE_TO(sigmoid(0.0f), 0.5f);  // expect: oa api=EXPECT_CLOSE_TO cat=abs thr=default tol=atol:default:0.0001
}

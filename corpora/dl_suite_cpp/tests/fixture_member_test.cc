// A typed test fixture whose constructor initializes the tolerance its tests read through
// `this->`: the value its initializer gives.
#include <gtest/gtest.h>

#include <type_traits>

#include "minitensor/tensor.h"

template <typename Dtype>
class NormLayerTest : public ::testing::Test {
 protected:
  NormLayerTest() : epsilon_(Dtype(1e-5)), scale_(2) {}
  Dtype epsilon_;
  int scale_;
};

TYPED_TEST_SUITE(NormLayerTest, ::testing::Types<float, double>);

TYPED_TEST(NormLayerTest, Forward) {
  const TypeParam out = minitensor::relu(TypeParam(0.5));
  EXPECT_NEAR(out, TypeParam(0.5), this->epsilon_);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:1e-05
}

// A fixture whose class body gives its tolerance a default value, read through `this->` by a
// fixture derived from it; and one whose `SetUp` picks the tolerance by type, which the test
// reads at run time.
template <typename Dtype>
class SolverTest : public ::testing::Test {
 protected:
  float thresh = 0.001f;
};

template <typename Dtype>
class SolverTestFloatTypes : public SolverTest<Dtype> {};

TYPED_TEST_SUITE(SolverTestFloatTypes, ::testing::Types<float, double>);

TYPED_TEST(SolverTestFloatTypes, Inverse) {
  const TypeParam out = minitensor::relu(TypeParam(0.25));
  ASSERT_NEAR(out, TypeParam(0.25), this->thresh);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:0.001
}

template <typename Dtype>
class TransformTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if constexpr (std::is_same_v<Dtype, float>) {
      tolerance = 0.01;
    } else {
      tolerance = 1e-6;
    }
  }
  double tolerance = 0.0;
};

TYPED_TEST_SUITE(TransformTest, ::testing::Types<float, double>);

TYPED_TEST(TransformTest, Relu) {
  const TypeParam out = minitensor::relu(TypeParam(0.75));
  EXPECT_NEAR(out, TypeParam(0.75), this->tolerance);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:unresolved
}

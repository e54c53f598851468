// A typed test fixture whose constructor initializes the tolerance its tests read through
// `this->`: the value its initializer gives.
#include <gtest/gtest.h>

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

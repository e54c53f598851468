// Checks read off what a closeness function returns: an element of its array of flags, the flag of
// two scalars compared with a boolean literal; integer literals compared are compared exactly.
#include <gtest/gtest.h>

#include "minitensor/flags.h"
#include "minitensor/tensor.h"

namespace {

TEST(ElementChecks, FlagsOfAnArray) {
  const minitensor::Tensor a = minitensor::Tensor::zeros({2, 2}), b = minitensor::Tensor::zeros({2, 2});
  EXPECT_TRUE(minitensor::isclose(a, b)(0, 0));  // expect: oa api=minitensor::isclose(Tensor,Tensor,double,double) cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_FALSE(minitensor::isclose(a, b, 1e-3)(1, 1));  // expect: oa api=minitensor::isclose(Tensor,Tensor,double,double) cat=abs_rel thr=customized tol=atol:default:1e-08,rtol:literal:0.001 negated
}

TEST(ElementChecks, ScalarsAgainstABooleanLiteral) {
  const double y = minitensor::sigmoid(0.0f);
  EXPECT_TRUE(minitensor::isclose(y, 0.5)() == true);  // expect: oa api=minitensor::isclose(double,double,double,double) cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_TRUE(minitensor::isclose(y, 0.75)() == false);  // expect: oa api=minitensor::isclose(double,double,double,double) cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05 negated
  EXPECT_FALSE(minitensor::isclose(1, 2)());  // expect: assert api=minitensor::isclose(double,double,double,double)
}

}  // namespace

// Eigen's closeness called as a function of its namespace (`internal::isApprox(a, b, prec)`) beside
// the method (`a.isApprox(b, prec)`): the first argument is what the method runs on, the third
// its precision.
#include <gtest/gtest.h>

#include "minitensor/tensor.h"

namespace {

TEST(NamespaceMethod, ReadAsTheMethod) {
  const double got = minitensor::sigmoid(0.5), want = 0.6224593;
  EXPECT_TRUE(Eigen::internal::isApprox(got, want, 1e-6));  // expect: oa api=Eigen::DenseBase::isApprox cat=abs_rel thr=customized tol=rtol:literal:1e-06
}

}  // namespace

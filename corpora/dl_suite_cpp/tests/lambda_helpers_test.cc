// Helpers a test defines as named lambdas: a closeness predicate called by its name, or passed
// to a predicate assertion, and a checking lambda whose calls are the checks.
#include <cmath>

#include "minitensor/tensor.h"

namespace {

TEST(LambdaHelpers, CalledByName) {
  const float y = minitensor::sigmoid(0.0f);
  auto near = [](float a, float b, float tol) { return std::fabs(a - b) < tol; };
  EXPECT_TRUE(near(y, 0.5f, 1e-6f));  // expect: oa api=LambdaHelpers::CalledByName::near@tests/lambda_helpers_test.cc cat=abs thr=customized tol=atol:literal:1e-06
  EXPECT_PRED3(near, y, 0.5f, 1e-5f);  // expect: oa api=LambdaHelpers::CalledByName::near@tests/lambda_helpers_test.cc cat=abs thr=customized tol=atol:literal:1e-05
  auto expect_close = [&](float got, float want) { EXPECT_NEAR(got, want, 1e-5f); };  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:1e-05
  expect_close(minitensor::relu(0.25f), 0.25f);  // expect: oa api=LambdaHelpers::CalledByName::expect_close@tests/lambda_helpers_test.cc cat=abs thr=customized tol=atol:literal:1e-05
}

}  // namespace

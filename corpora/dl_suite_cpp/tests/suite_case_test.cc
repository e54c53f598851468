// The expected values come from the suite's generated test case (tests/sigmoid_test_case.h),
// called qualified through the library's namespace: a reference loop the tests write, NI.
#include <gtest/gtest.h>

#include "minitensor/tensor.h"
#include "tests/sigmoid_test_case.h"

TEST(SuiteCase, SigmoidAgainstTheGeneratedCase) {
  const auto tc = minitensor::sigmoid_test_case::generate(8);
  for (int i = 0; i < 8; ++i) {
    EXPECT_NEAR(minitensor::sigmoid(0.25f * (i - 4)), tc.expected[i], 1e-4);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:0.0001
  }
}

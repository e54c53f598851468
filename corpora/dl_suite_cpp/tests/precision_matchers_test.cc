// A check through a matcher whose tolerance the build picks: `depend`; the tolerance named is
// the one the first branch reads.
#include <gtest/gtest.h>

#include "minitensor/tensor.h"
#include "precision_matchers.h"

TEST(PrecisionMatchers, SigmoidAtZero) {
  EXPECT_THAT(minitensor::sigmoid(0.0f), NearForBuild(0.5, 1e-12, 1e-6));  // expect: oa api=NearForBuild cat=abs thr=depend tol=atol:literal:1e-06
}

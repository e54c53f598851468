// The other solver's driver, bounded by its own header's helper of the shared name.
#include <gtest/gtest.h>

#include "richardson_checks.h"

TEST(Richardson, ConvergesToTheFixedPoint) {
  EXPECT_TRUE(testingRichardson<float>(8));  // expect: oa api=testingRichardson cat=error_bound thr=default tol=bound:default:0.05
}

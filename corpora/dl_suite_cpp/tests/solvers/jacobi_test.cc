// A solver's driver answers whether its error is within the bound of a helper its header keeps;
// another header keeps a helper of the same name with another bound (richardson_test.cc).
#include <gtest/gtest.h>

#include "jacobi_checks.h"

TEST(Jacobi, SolvesADiagonalSystem) {
  ASSERT_EQ(testingJacobi<float>(8), true);  // expect: oa api=testingJacobi cat=error_bound thr=default tol=bound:default:0.001
}

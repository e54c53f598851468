// Checks run through a macro that is no check of its own and runs the one call it is handed as a
// statement (a sub-test runner, GoogleTest's fatal-failure guard): a helper handed the tolerance it
// checks with is a check at that call; a test body run by the macro with sizes only is not.
#include <cmath>

#include "minitensor/tensor.h"

#define RUN_SUBTEST(CALL) \
  do {                    \
    CALL;                 \
  } while (0)

namespace {

void checkSigmoidNear(float x, float expected, float tol) {
  EXPECT_NEAR(minitensor::sigmoid(x), expected, tol);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
}

void sigmoidMidpoint(int repeats) {
  for (int i = 0; i < repeats; ++i) EXPECT_NEAR(minitensor::sigmoid(0.0f), 0.5f, 1e-6f);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:1e-06
}

TEST(StatementMacros, HelpersRunAsStatements) {
  RUN_SUBTEST(checkSigmoidNear(0.0f, 0.5f, 1e-5f));  // expect: oa api=checkSigmoidNear cat=abs thr=customized tol=atol:literal:1e-05
  ASSERT_NO_FATAL_FAILURE(checkSigmoidNear(0.0f, 0.5f, 1e-4f));  // expect: oa api=checkSigmoidNear cat=abs thr=customized tol=atol:literal:0.0001
  RUN_SUBTEST(sigmoidMidpoint(3));
}

}  // namespace

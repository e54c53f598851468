// Tests between two macros that expand to pragmas, each alone on its line at file level with no
// `;`: the namespace between them holds every test, and each check in it is read.
#include <gtest/gtest.h>

#include "minitensor/tensor.h"

MINITENSOR_BEGIN_QUIET_WARNINGS

namespace {

TEST(QuietWarnings, SigmoidAtZero) {
  EXPECT_NEAR(minitensor::sigmoid(0.0f), 0.5f, 1e-6);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:1e-06
}

}  // namespace

MINITENSOR_END_QUIET_WARNINGS

// Checks through comparator objects: one built in a helper's arguments, one declared first and
// called; their tolerance is the one each was built with (a literal, a fixture's member, a static
// member defined outside the fixture). A comparator that compares exactly checks nothing
// approximate.
#include <gtest/gtest.h>

#include "minitensor/ops.h"
#include "tests/comparators.h"

namespace {

class ComparatorTest : public ::testing::Test {
 protected:
  const float tolerance = 2e-3f;
  static const double strict;
};

const double ComparatorTest::strict = 5e-6;

TEST_F(ComparatorTest, BuiltInTheHelpersArguments) {
  const float x[3] = {0.5f, 1.5f, -1.0f};
  float y[3];
  minitensor::sigmoid_into(x, y, 3);
  const float want[3] = {0.62f, 0.82f, 0.27f};
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::RelativeMatch<float>(1e-2f)));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:literal:0.01
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::RelativeMatch<float>(tolerance)));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:constant:0.002
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::ExactMatch<float>()));  // expect: assert api=ASSERT_TRUE
}

TEST_F(ComparatorTest, DeclaredThenCalled) {
  suite::RelativeMatch<double> close(strict);
  const double loss = minitensor::mse_loss(0.25, 0.5);
  ASSERT_TRUE(close(loss, 0.0625));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:constant:5e-06
}

}  // namespace

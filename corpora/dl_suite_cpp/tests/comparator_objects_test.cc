// Checks through comparator objects: one built in a helper's arguments, one declared first and
// called (also from a lambda of the test, and declared with a number), one declared first and
// handed to a helper of this file that passes it on; their tolerance is the one each was built
// with (a literal, a fixture's member, a static member defined outside the fixture). A
// comparator that compares exactly, or is built with a tolerance of 0, checks nothing approximate.
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

// Compares the rescaled reference with what the op wrote, by the comparator it is handed.
template <typename T, class Match>
::testing::AssertionResult matchesScaled(const T* reference, float scale, const T* written, int n, Match& match) {
  T scaled[8];
  for (int i = 0; i < n; ++i) scaled[i] = reference[i] * scale;
  return suite::allMatch(scaled, written, n, match);
}

TEST_F(ComparatorTest, BuiltInTheHelpersArguments) {
  const float x[3] = {0.5f, 1.5f, -1.0f};
  float y[3];
  minitensor::sigmoid_into(x, y, 3);
  const float want[3] = {0.62f, 0.82f, 0.27f};
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::RelativeMatch<float>(1e-2f)));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:literal:0.01
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::RelativeMatch<float>(tolerance)));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:constant:0.002
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::ExactMatch<float>()));  // expect: assert api=ASSERT_TRUE
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::RelativeMatch<float>(0.0f)));  // expect: assert api=ASSERT_TRUE
  ASSERT_TRUE(suite::allMatch(want, y, 3, suite::MagnitudeMatch<float>(5e-2f)));  // expect: oa api=suite::MagnitudeMatch cat=abs thr=customized tol=atol:literal:0.05
}

TEST_F(ComparatorTest, DeclaredThenCalled) {
  suite::RelativeMatch<double> close(strict);
  const double loss = minitensor::mse_loss(0.25, 0.5);
  ASSERT_TRUE(close(loss, 0.0625));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:constant:5e-06
}

TEST_F(ComparatorTest, DeclaredWithANumber) {
  suite::RelativeMatch<double> near(1e-7);
  const double loss = minitensor::mse_loss(1.0, 0.5);
  ASSERT_TRUE(near(loss, 0.25));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:literal:1e-07
  auto check_at = [&](double a, double b, double want) {
    ASSERT_TRUE(near(minitensor::mse_loss(a, b), want));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:literal:1e-07
  };
  check_at(0.0, 0.5, 0.25);  // expect: oa api=ComparatorTest::DeclaredWithANumber::check_at@tests/comparator_objects_test.cc cat=abs thr=customized tol=atol:literal:1e-07
}

TEST_F(ComparatorTest, HandedToAHelperOfTheFile) {
  suite::RelativeMatch<float> close(tolerance);
  const float x[2] = {0.5f, -1.0f};
  float y[2];
  minitensor::sigmoid_into(x, y, 2);
  const float want[2] = {0.31f, 0.135f};
  ASSERT_TRUE(matchesScaled(want, 2.0f, y, 2, close));  // expect: oa api=suite::RelativeMatch cat=abs thr=customized tol=atol:constant:0.002
}

// A helper of the file checking each score with an aggregate comparator it builds.
template <typename T>
void expectScoresMatch(const T* got, const T* want, size_t n) {
  auto match = suite::WithinRatio<T>{T{1e-3}, T{1e-6}};
  for (size_t i = 0; i < n; ++i) EXPECT_TRUE(match(got[i], want[i])) << "score " << i;  // expect: oa api=suite::WithinRatio cat=abs thr=customized tol=atol:literal:0.001
}

TEST_F(ComparatorTest, BuiltFromItsMembers) {
  const float x[2] = {0.5f, -1.0f};
  float y[2];
  minitensor::sigmoid_into(x, y, 2);
  const float want[2] = {0.6225f, 0.2689f};
  expectScoresMatch(y, want, 2);  // expect: oa api=expectScoresMatch cat=abs thr=default tol=atol:default:0.001
  suite::WithinRatio<double> near{1e-4, 0.0};
  EXPECT_TRUE(near(minitensor::mse_loss(1.0, 0.5), 0.25))  // expect: oa api=suite::WithinRatio cat=abs thr=customized tol=atol:literal:0.0001
      << "loss of a half step, "
      << "against its square";
}

}  // namespace

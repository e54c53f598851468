// GoogleTest's predicate assertions: EXPECT_PRED2(pred, a, b) checks pred(a, b), and
// EXPECT_PRED_FORMAT3(format, a, b, tol) checks format("a", "b", "tol", a, b, tol), a function
// that returns an AssertionResult with a message built from the arguments' texts.
#include <cmath>

#include "minitensor/tensor.h"

namespace {

bool CloseEnough(float actual, float expected, float tol = 1e-5f) { return std::abs(actual - expected) <= tol; }

::testing::AssertionResult NearlyEqual(const char* actual_text, const char* expected_text, const char* tol_text, float actual,
                                       float expected, float tol) {
  if (std::abs(actual - expected) > tol)
    return ::testing::AssertionFailure() << actual_text << " and " << expected_text << " differ by more than " << tol_text;
  return ::testing::AssertionSuccess();
}

// A suite's own assertion macro over a formatter, as suites name their array comparisons.
#define EXPECT_VALUES_NEAR(EXPECTED, ACTUAL, TOL) EXPECT_PRED_FORMAT3(NearlyEqual, ACTUAL, EXPECTED, TOL)  // expect: oa api=NearlyEqual cat=abs thr=depend tol=atol:depend

bool IsEven(int n) { return n % 2 == 0; }

TEST(PredicateMacros, OwnPredicates) {
  const float y = minitensor::sigmoid(0.0f);
  EXPECT_PRED2(CloseEnough, y, 0.5f);  // expect: oa api=CloseEnough cat=abs thr=default tol=atol:default:1e-05
  ASSERT_PRED3(CloseEnough, y, 0.5f, 1e-3f);  // expect: oa api=CloseEnough cat=abs thr=customized tol=atol:literal:0.001
  EXPECT_PRED_FORMAT3(NearlyEqual, y, 0.5f, 1e-4f);  // expect: oa api=NearlyEqual cat=abs thr=customized tol=atol:literal:0.0001
  EXPECT_VALUES_NEAR(0.5f, y, 2e-4f);  // expect: oa api=EXPECT_VALUES_NEAR cat=abs thr=customized tol=atol:literal:0.0002
  EXPECT_PRED1(IsEven, 4);  // expect: assert api=EXPECT_PRED1 cat=exact
}

}  // namespace

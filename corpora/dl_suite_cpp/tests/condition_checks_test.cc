// Suites that check a condition without an assertion macro of a test framework: macros that
// take a condition (dlib's DLIB_TEST, Highway's HWY_ASSERT), and an `if` whose block fails the
// test (FAIL(), HWY_ABORT, throw), which checks that its condition does not hold.
#include <stdexcept>

#include "minitensor/tensor.h"

namespace {

TEST(ConditionMacros, ErrorBounds) {
  const float y = minitensor::sigmoid(0.0f);
  DLIB_TEST(std::abs(y - 0.5f) < 1e-6);  // expect: oa api=DLIB_TEST cat=error_bound thr=customized tol=bound:literal:1e-06
  DLIB_TEST_MSG(std::abs(y - 0.5f) < 1e-6, "sigmoid(0)");  // expect: oa api=DLIB_TEST cat=error_bound thr=customized tol=bound:literal:1e-06
  HWY_ASSERT(std::abs(y - 0.5f) <= 1e-5f);  // expect: oa api=HWY_ASSERT cat=error_bound thr=customized tol=bound:literal:1e-05
  HWY_ASSERT(y > 0.0f);  // expect: assert api=HWY_ASSERT cat=exact
  // An error required to exceed zero asks only that the values differ at all: no tolerance.
  const float err = std::abs(y - minitensor::sigmoid(1.0f));
  DLIB_TEST(err > 0.0);  // expect: assert api=DLIB_TEST cat=exact
  DLIB_TEST(err > 1e-3);  // expect: oa api=DLIB_TEST cat=error_bound thr=customized tol=bound:literal:0.001
  HWY_ASSERT_EQ(0.5f, y);  // expect: oa api=HWY_ASSERT_EQ cat=ulp thr=default tol=ulps:default:1
}

TEST(ConditionMacros, AValueKeptWhileItIsChecked) {
  float err;
  DLIB_TEST_MSG((err = std::abs(minitensor::relu(-1.0f))) < 1e-7, err);  // expect: oa api=DLIB_TEST cat=error_bound thr=customized tol=bound:literal:1e-07
}

TEST(ConditionMacros, VanishingValuesUnderATinyBound) {
  const float residual = minitensor::sigmoid(0.0f) - 0.5f;
  // The value must vanish: a computed value under a bound of 1e-3 or less bounds an error.
  DLIB_TEST(std::fabs(minitensor::sigmoid(0.0f) * 2.0f - 1.0f) + 0.0f < 1e-6);  // expect: oa api=DLIB_TEST cat=error_bound thr=customized tol=bound:literal:1e-06
  DLIB_TEST(minitensor::relu(-3.0f) < 1e-10);  // expect: oa api=DLIB_TEST cat=error_bound thr=customized tol=bound:literal:1e-10
  HWY_ASSERT(residual * residual < 0.001f);  // expect: oa api=HWY_ASSERT cat=error_bound thr=customized tol=bound:literal:0.001
  // A bound that is not tiny says nothing of the kind: an order.
  HWY_ASSERT(minitensor::sigmoid(1.0f) < 0.9f);  // expect: assert api=HWY_ASSERT cat=exact
}

TEST(AbortingIf, FailsWhenTheValueIsFar) {
  const float y = minitensor::sigmoid(2.0f);
  if (std::abs(y - 0.8807971f) > 1e-6f) FAIL() << "sigmoid(2) is " << y;  // expect: oa api=abort_if cat=error_bound thr=customized tol=bound:literal:1e-06
  if (!(std::abs(y - 0.8807971f) <= 1e-5f)) {  // expect: oa api=abort_if cat=error_bound thr=customized tol=bound:literal:1e-05
    HWY_ABORT("sigmoid(2) is %f", y);
  }
  if (std::abs(y - 0.8807971f) > 1e-4f) throw std::runtime_error("sigmoid(2)");  // expect: oa api=throw cat=error_bound thr=customized tol=bound:literal:0.0001
  // A guard, not a check of a value: no record.
  if (y != y) FAIL() << "NaN";
}

}  // namespace

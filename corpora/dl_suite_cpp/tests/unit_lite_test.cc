// Checks of the suite's own framework (tests/unit_lite.h): a macro that records a failure when
// two doubles differ by more than a threshold, and a condition macro around the library's
// bool-returning equality (minitensor/equality.h), whose overload the arguments choose.
#include <string>

#include "minitensor/equality.h"
#include "minitensor/layers.h"
#include "tests/unit_lite.h"

using minitensor::assert_equal;
using minitensor::assert_inequal;

TEST(UnitLite, DoublesWithinAThreshold) {
  const double area = minitensor::circleArea(1.0);
  CHECK_DOUBLES(3.14159265, area, 1e-6);  // expect: oa api=CHECK_DOUBLES cat=abs thr=customized tol=atol:literal:1e-06
}

TEST(UnitLite, EqualityOfTheLibrarysTypes) {
  const minitensor::Pose2 start(1.0, 2.0, 0.5);
  CHECK_TRUE(assert_equal(minitensor::Pose2(1.0, 2.0, 0.5), start.compose(minitensor::Pose2())));  // expect: oa api=minitensor::assert_equal(V,V,double) cat=abs thr=default tol=atol:default:1e-09
  CHECK_TRUE(assert_equal(minitensor::Pose2(1.0, 2.0, 0.5), start.inverse().inverse(), 1e-7));  // expect: oa api=minitensor::assert_equal(V,V,double) cat=abs thr=customized tol=atol:literal:1e-07
  minitensor::Calibration k(500.0, 320.0);
  CHECK_TRUE(assert_equal(k, minitensor::refine(k), 1e-4));  // expect: oa api=minitensor::assert_equal(V,V,double) cat=abs thr=customized tol=atol:literal:0.0001
  CHECK_TRUE(assert_inequal(k, minitensor::refine(k, 3), 1e-4));  // expect: assert api=CHECK_TRUE
}

TEST(UnitLite, KeysAndNamesCompareExactly) {
  minitensor::Key first = minitensor::symbol('x', 1);
  minitensor::Key second = minitensor::symbol('x', 1);
  CHECK_TRUE(assert_equal(first, second));  // expect: assert api=CHECK_TRUE
  CHECK_TRUE(assert_equal(std::string("x1"), minitensor::name(first)));  // expect: assert api=CHECK_TRUE
}

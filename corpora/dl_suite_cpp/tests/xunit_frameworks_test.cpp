// The xUnit frameworks of embedded and numerical C++: CppUnit's and CppUTest's DOUBLES_EQUAL take
// the expected value first and an absolute delta last; Unity puts its delta first, and its
// EQUAL_FLOAT is within 1e-5 of the expected value by default; Armadillo's approx_equal takes the
// method and its tolerances; OpenCV's test macros an absolute or a relative epsilon.
#include <armadillo>
#include <cppunit/extensions/HelperMacros.h>
#include <unity.h>

#include <cmath>

#include "minitensor/layers.h"

class SigmoidTest : public CppUnit::TestFixture {
 public:
  void atZero() {
    const double y = 1.0 / (1.0 + std::exp(-0.0));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, y, 1e-12);  // expect: oa api=CPPUNIT_ASSERT_DOUBLES_EQUAL cat=abs thr=customized tol=atol:literal:1e-12
    CPPUNIT_ASSERT_DOUBLES_EQUAL_MESSAGE("sigmoid(0)", 0.5, y, 1e-9);  // expect: oa api=CPPUNIT_ASSERT_DOUBLES_EQUAL_MESSAGE cat=abs thr=customized tol=atol:literal:1e-09
    CPPUNIT_ASSERT(std::fabs(y - 0.5) < 1e-6);  // expect: oa api=CPPUNIT_ASSERT cat=error_bound thr=customized tol=bound:literal:1e-06
    CPPUNIT_ASSERT(y > 0.0);  // expect: assert api=CPPUNIT_ASSERT cat=exact
  }
};

void test_relu_of_a_negative_input(void) {
  const float y = std::fmax(0.0f, -2.5f);
  TEST_ASSERT_FLOAT_WITHIN(1e-6f, 0.0f, y);  // expect: oa api=TEST_ASSERT_FLOAT_WITHIN cat=abs thr=customized tol=atol:literal:1e-06
  TEST_ASSERT_EQUAL_FLOAT(0.0f, y);  // expect: oa api=TEST_ASSERT_EQUAL_FLOAT cat=abs_rel thr=default tol=rtol:default:1e-05
  TEST_ASSERT_EQUAL_DOUBLE(0.0, static_cast<double>(y));  // expect: oa api=TEST_ASSERT_EQUAL_DOUBLE cat=abs_rel thr=default tol=rtol:default:1e-12
  TEST_ASSERT_TRUE(std::fabs(y) <= 1e-7f);  // expect: oa api=TEST_ASSERT_TRUE cat=error_bound thr=customized tol=bound:literal:1e-07
  TEST_ASSERT_EQUAL_INT(0, static_cast<int>(y));  // expect: assert api=TEST_ASSERT_EQUAL_INT
}

void test_a_product_against_its_transpose_identity(void) {
  const arma::mat a = arma::randu<arma::mat>(3, 4), b = arma::randu<arma::mat>(4, 2);
  const arma::mat ab = a * b;
  TEST_ASSERT_TRUE(arma::approx_equal(ab.t(), b.t() * a.t(), "absdiff", 1e-12));  // expect: oa api=arma::approx_equal cat=abs_rel thr=customized tol=atol:literal:1e-12
}
